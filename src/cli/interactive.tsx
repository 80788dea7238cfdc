import { render } from 'ink';
import type { Config } from '../config/types';
import type { Command } from './args';
import type { ResumeTarget } from '../session/open';
import type { AppReplay } from './app-replay';
import type { PickSessionIO } from './pick-session';
import { App } from '../../components/App';
import { terminalSize } from '../../components/frame-layout';
import { Layout } from '../../components/screen-layout';
import { detectLook } from '../../components/lines/look';
import { sessionText } from '../../components/lines/session-text';
import { AppController } from '../app/controller';
import { reduceEvents } from '../store/reducer';
import { commit } from '../store/reducer';
import { createAppStore, type AppStore } from '../store/store';
import type { SessionAgent } from '../app/agent-port';
import { FrameWriter } from './frame-writer';
import { HeapTrimmer } from './heap-trimmer';
import { installInkPatches, paceInkFrames } from './ink-patches';
import { enterFullScreen } from './terminal';
import { readModifyOtherKeysAsKitty } from './terminal-keys';
import { FOCUS_REPORTING_ON, alertSequence, desktopProtocol } from './terminal-alerts';

type RunCommand = Extract<Command, { kind: 'run' }>;

type Picked =
  | { kind: 'id'; id: string }
  | { kind: 'cancelled' }
  /** No session in the workspace: the app opens a new one and says so. */
  | { kind: 'none'; message: string };

/** `tick -r` without an id: the picker, before the app (its own screen and keys). */
async function pick(config: Config, io: PickSessionIO): Promise<Picked> {
  const { listSessions } = await import('../session/list');
  const sessions = listSessions(config);
  if (!sessions.length)
    return {
      kind: 'none',
      message: `No sessions to resume in this workspace (${config.cwd}); this is a new one.`,
    };
  const { pickSession } = await import('./pick-session');
  const id = await pickSession(sessions, io);
  return id === undefined ? { kind: 'cancelled' } : { kind: 'id', id };
}

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
  resume: ResumeTarget | undefined,
  store: AppStore,
  replayOf?: string,
): Promise<OpenedSession> {
  const { openSessionForRun } = await import('../session/open');
  const session = await openSessionForRun(config, resume, {
    onError: (message) =>
      store.setState((state) => ({
        ...commit(state, { kind: 'info', text: message, tone: 'warning' }),
        unsaved: true,
      })),
    ...(replayOf ? { replayOf } : {}),
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
  replay: AppReplay | undefined,
): Promise<SessionAgent> {
  const { createAgent } = await import('../agent/agent');
  const agent = await createAgent(config, {
    ...session.agentOptions,
    // A replay answers the gate as the recording did.
    approve: replay ? replay.driver.approve : controller.approve,
    interactive: true,
  });
  // The demo works in a scratch copy: its edits need no approval, its risky command does.
  if (agent.demo && agent.policy.mode === 'default') agent.policy.setMode('acceptEdits');
  controller.attach(agent);
  for (const notice of agent.notices ?? []) controller.say(notice, 'warning');
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
  const look = detectLook(process.env);
  let resume = command?.resume;
  let nothingToResume: string | undefined;
  if (resume?.kind === 'pick') {
    const picked = await pick(config, { stdout, stdin, look });
    if (picked.kind === 'cancelled') return 0;
    if (picked.kind === 'none') nothingToResume = picked.message;
    resume = picked.kind === 'id' ? { kind: 'id', id: picked.id } : undefined;
  }
  // A replay's recorded answers come from its own server, which the config now points at.
  const replay =
    command?.replay !== undefined && !options.agent
      ? await (await import('./app-replay')).startAppReplay(config, command.replay)
      : undefined;
  const runConfig = replay?.config ?? config;

  const store = createAppStore({
    model: runConfig.model,
    // As loadAgent sets it for the demo, so the first frame already says so.
    mode:
      runConfig.demo && config.permissionMode === 'default' ? 'acceptEdits' : config.permissionMode,
    demo: runConfig.demo,
    cwd: config.cwd,
    ...(replay ? { replayOf: replay.source } : {}),
  });
  const heap = new HeapTrimmer();
  const alerts = config.notifications ?? { bell: true, desktop: true };
  const protocol = desktopProtocol(process.env);
  const controller = new AppController(store, {
    // Once the request has gone out, while the app waits for the first token.
    onRequestStart: () => setTimeout(() => heap.trimIfGrown(), 5).unref(),
    // Between frames (a frame is written whole, synchronously): no cursor move, no cell.
    alert: (alert) => {
      const sequence = alertSequence(alert, alerts, protocol);
      if (sequence) stdout.write(sequence);
    },
  });
  if (nothingToResume) controller.say(nothingToResume, 'warning');
  // Settings tick could not use (a rule naming a tool it lacks, a missing folder) are shown first.
  for (const warning of config.warnings ?? []) controller.say(warning, 'warning');
  let session: OpenedSession | undefined;
  try {
    session = options.agent
      ? undefined
      : await openSession(runConfig, resume, store, replay?.source);
  } catch (error) {
    await replay?.close();
    throw error;
  }
  let startupError: unknown;
  const agentReady: Promise<SessionAgent | undefined> = (
    options.agent
      ? Promise.resolve(options.agent).then((agent) => (controller.attach(agent), agent))
      : loadAgent(runConfig, session as OpenedSession, controller, replay)
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

  // Frames come from the controller's frame scheduler (paced while text streams, at once
  // for what the user waits for); the writer puts each one on screen.
  // The terminal's cursor sits at the input's caret, so an input method opens there: the
  // writer asks the layout where the caret of the state on screen is.
  const layout = new Layout(look, { terminalCursor: true });
  const writer = new FrameWriter(stdout, {
    cursor: () => layout.screen(store.getState(), terminalSize(stdout)).caret,
  });
  const patches = installInkPatches();
  if (!patches.installed && process.env.TICK_DEBUG)
    controller.say(`Drawing through Ink's own output: ${patches.reason}`, 'dim');
  // Shift+Enter from terminals that send xterm's modifyOtherKeys form; focus reports, so a
  // wait rings at once when the terminal is in the background.
  readModifyOtherKeysAsKitty(stdin, (focused) => controller.attention.focus(focused));
  stdout.write(FOCUS_REPORTING_ON);
  let code: number;
  try {
    // Ink renders whole frames (debug mode) into the writer, which draws only what changed.
    const instance = render(<App controller={controller} layout={layout} />, {
      stdout: writer.sink,
      stdin,
      debug: true,
      // tick has checked the terminal itself; Ink would take CI=true for "no terminal".
      interactive: true,
      exitOnCtrlC: false,
      patchConsole: false,
    });
    paceInkFrames(writer.sink, controller.frames);
    const unmounted = instance.waitUntilExit().catch(() => undefined);
    // The first frame goes out now, before the agent's modules load.
    writer.flush();
    // Sent (or queued until the agent is ready) for the user.
    if (replay) {
      void agentReady.then((agent) => agent && replay.play(controller));
    } else if (config.demo && !options.agent) {
      const { DEMO_PROMPT } = await import('../demo/demo-script');
      controller.input.submit(DEMO_PROMPT);
    } else if (command?.prompt) {
      controller.input.submit(command.prompt);
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
  // Exit 0 is the user quitting (/exit, Ctrl+D, Ctrl+C twice); a signal or crash is "other".
  await agent?.close(code === 0 ? 'prompt_input_exit' : 'other').catch(() => undefined);
  await replay?.close().catch(() => undefined);
  if (startupError !== undefined) {
    process.stderr.write(
      `tick: ${startupError instanceof Error ? startupError.message : String(startupError)}\n`,
    );
  }
  return code;
}
