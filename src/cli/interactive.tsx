import { render } from 'ink';
import type { Config } from '../config/types';
import type { Command } from './args';
import { App } from '../../components/App';
import { detectLook } from '../../components/lines/look';
import { sessionText } from '../../components/lines/session-text';
import { AppController } from '../store/controller';
import { createAppStore } from '../store/store';
import type { SessionAgent } from '../store/agent-port';
import { enterFullScreen } from './terminal';

export interface InteractiveOptions {
  /** The agent to use (tests); created from the config otherwise. */
  agent?: SessionAgent;
  stdout?: NodeJS.WriteStream;
  stdin?: NodeJS.ReadStream;
}

/**
 * Runs the full-screen app until the user quits. Returns the exit code. The terminal
 * is restored and the conversation printed to the normal screen on the way out.
 */
export async function startInteractive(
  config: Config,
  _command?: Extract<Command, { kind: 'run' }>,
  options: InteractiveOptions = {},
): Promise<number> {
  const stdout = options.stdout ?? process.stdout;
  const stdin = options.stdin ?? process.stdin;
  const look = detectLook(process.env);
  const store = createAppStore({
    model: config.demo ? 'demo' : config.model,
    mode: config.permissionMode,
    demo: config.demo,
    cwd: config.cwd,
  });
  const controller = new AppController(store);
  const agent =
    options.agent ??
    (await (await import('../agent/agent')).createAgent(config, { approve: controller.approve, interactive: true }));
  controller.attach(agent);

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
      stdout.write(`tick: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(1);
    },
  });

  let code = 1;
  try {
    const instance = render(<App controller={controller} look={look} />, {
      stdout,
      stdin,
      exitOnCtrlC: false,
      patchConsole: false,
      maxFps: 30,
      incrementalRendering: true,
    });
    if (agent.demo) {
      const { DEMO_PROMPT } = await import('../demo/demo-script');
      controller.submit(DEMO_PROMPT);
    }
    code = await controller.exited;
    instance.unmount();
    await instance.waitUntilExit().catch(() => undefined);
  } finally {
    screen.restore();
    screen.dispose();
  }
  stdout.write(sessionText(store.getState(), stdout.columns || 80, look));
  await agent.close().catch(() => undefined);
  return code;
}
