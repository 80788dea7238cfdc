import { render } from 'ink';
import type { Config } from '../config/types';
import type { Command } from './args';
import { App } from '../../components/App';
import { detectLook } from '../../components/lines/look';
import { sessionText } from '../../components/lines/session-text';
import { AppController } from '../store/controller';
import { reduceEvents } from '../store/reducer';
import { commit } from '../store/reducer';
import { createAppStore, type AppStore } from '../store/store';
import type { SessionAgent } from '../store/agent-port';
import { FrameWriter } from './frame-writer';
import { enterFullScreen } from './terminal';

type RunCommand = Extract<Command, { kind: 'run' }>;

export interface InteractiveOptions {
  /** The agent to use (tests); created from the config, with a session log, otherwise. */
  agent?: SessionAgent;
  stdout?: NodeJS.WriteStream;
  stdin?: NodeJS.ReadStream;
}

type OpenedSession = Awaited<ReturnType<(typeof import('../session/open'))['openSessionForRun']>>;

/** The session log (resumed with -c / -r ID): opened first, so a bad id fails before the app starts. */
async function openSession(
  config: Config,
  command: RunCommand | undefined,
  store: AppStore,
): Promise<OpenedSession> {
  const { openSessionForRun } = await import('../session/open');
  const session = await openSessionForRun(config, command?.resume, {
    onError: (message) =>
      store.setState((state) => commit(state, { kind: 'info', text: message, tone: 'warning' })),
  });
  if (session.restored)
    store.setState((state) => reduceEvents(state, session.restored?.events ?? [], Date.now()));
  for (const notice of session.notices)
    store.setState((state) => commit(state, { kind: 'info', text: notice, tone: 'warning' }));
  return session;
}

/** The agent loads while the app is already on screen; typed prompts wait for it. */
async function loadAgent(
  config: Config,
  session: OpenedSession,
  controller: AppController,
): Promise<SessionAgent> {
  const { createAgent } = await import('../agent/agent');
  const agent = await createAgent(config, {
    ...session.agentOptions,
    approve: controller.approve,
    interactive: true,
  });
  // The demo works in a scratch copy: its edits need no approval, its risky command does.
  if (agent.demo && agent.policy.mode === 'default') agent.policy.setMode('acceptEdits');
  controller.attach(agent);
  return agent;
}

/**
 * Runs the full-screen app until the user quits. Returns the exit code. The terminal
 * is restored and the conversation printed to the normal screen on the way out.
 */
export async function startInteractive(
  config: Config,
  command?: RunCommand,
  options: InteractiveOptions = {},
): Promise<number> {
  const stdout = options.stdout ?? process.stdout;
  const stdin = options.stdin ?? process.stdin;
  if (command?.replay !== undefined) {
    // A replay answers its own approvals; it runs as print mode does.
    const { runReplay } = await import('../session/run-replay');
    return runReplay(config, command.replay, 'text', {
      stdout: (text) => stdout.write(text),
      stderr: (text) => process.stderr.write(text),
    });
  }
  if (command?.resume?.kind === 'pick') {
    const [{ listSessions }, { pickList }] = await Promise.all([
      import('../session/list'),
      import('../session/list-text'),
    ]);
    const sessions = listSessions(config);
    stdout.write(
      sessions.length ? pickList(sessions) : `No sessions in this workspace (${config.cwd}).\n`,
    );
    return 0;
  }

  const look = detectLook(process.env);
  const store = createAppStore({
    model: config.model,
    // As loadAgent sets it for the demo, so the first frame already says so.
    mode:
      config.demo && config.permissionMode === 'default' ? 'acceptEdits' : config.permissionMode,
    demo: config.demo,
    cwd: config.cwd,
  });
  const controller = new AppController(store);
  const session = options.agent ? undefined : await openSession(config, command, store);
  let startupError: unknown;
  const agentReady: Promise<SessionAgent | undefined> = (
    options.agent
      ? Promise.resolve(options.agent).then((agent) => (controller.attach(agent), agent))
      : loadAgent(config, session as OpenedSession, controller)
  ).catch((error: unknown) => {
    startupError = error;
    void controller.exit(1);
    return undefined;
  });

  const screen = enterFullScreen({
    stdout,
    stdin,
    onSignal: (_signal, code) => {
      // Wind down as on /exit; if that hangs, leave anyway.
      setTimeout(() => {
        screen.restore();
        process.exit(code);
      }, 4000).unref();
      void controller.exit(code);
    },
    onCrash: (error) => {
      stdout.write(
        `tick: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
      process.exit(1);
    },
  });

  const writer = new FrameWriter(stdout, { maxFps: 30 });
  let code = 1;
  try {
    // Ink renders whole frames (debug mode) into the writer, which draws only what changed.
    const instance = render(<App controller={controller} look={look} />, {
      stdout: writer.sink,
      stdin,
      debug: true,
      exitOnCtrlC: false,
      patchConsole: false,
    });
    const unmounted = instance.waitUntilExit().catch(() => undefined);
    // The first frame goes out now, before the agent's modules load.
    writer.flush();
    // Sent (or queued until the agent is ready) for the user.
    if (config.demo && !options.agent) {
      const { DEMO_PROMPT } = await import('../demo/demo-script');
      controller.submit(DEMO_PROMPT);
    } else if (command?.prompt) {
      controller.submit(command.prompt);
    }
    code = await controller.exited;
    instance.unmount();
    await unmounted;
  } finally {
    writer.close();
    screen.restore();
    screen.dispose();
  }
  stdout.write(sessionText(store.getState(), stdout.columns || 80, look));
  const agent = await agentReady;
  session?.close();
  await agent?.close().catch(() => undefined);
  if (startupError !== undefined) {
    process.stderr.write(
      `tick: ${startupError instanceof Error ? startupError.message : String(startupError)}\n`,
    );
  }
  return code;
}
