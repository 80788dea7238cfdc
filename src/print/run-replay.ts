import { resolve } from 'node:path';
import { createAgent } from '../agent/agent';
import type { OutputFormat } from '../cli/args';
import type { Config } from '../config/types';
import { startScriptedServer } from '../demo/scripted-server';
import { openSessionForRun } from '../session/open';
import { createReplayDriver, prepareReplay } from '../session/replay';
import { runPrintMode, type PrintIO } from './print-mode';

/**
 * `tick -p --replay FILE`: the recorded answers come from the scripted server, the recorded
 * prompts are sent again one after another, and the tools run for real in `config.cwd`.
 * Each prompt prints as a print-mode run would. The replay is itself recorded as a new
 * session (its header names the replayed file). Returns the exit code.
 */
export async function runReplay(
  config: Config,
  file: string,
  format: OutputFormat,
  io: PrintIO,
): Promise<number> {
  const source = resolve(config.cwd, file);
  const prepared = await prepareReplay(source);
  if (prepared.prompts.length === 0) {
    io.stderr(`tick: ${source} has no prompts to replay\n`);
    return 1;
  }
  const driver = createReplayDriver(prepared);
  const server = await startScriptedServer(driver.script);
  const replayConfig: Config = {
    ...config,
    baseURL: server.baseURL,
    apiKey: 'replay',
    demo: false,
    model: prepared.header.model || 'replay',
    // The recorded calls need the plan tools the recording had (unless tasks are forced off).
    tasks: config.tasks ?? prepared.usedTasks,
  };
  const session = await openSessionForRun(replayConfig, undefined, {
    replayOf: source,
    onError: (message) => io.stderr(`tick: ${message}\n`),
  });
  let exitCode = 0;
  try {
    const agent = await createAgent(replayConfig, {
      ...session.agentOptions,
      approve: driver.approve,
      // The recording answers the gate's questions, as a user at the keyboard did.
      interactive: true,
    });
    for (const [index, prompt] of prepared.prompts.entries()) {
      driver.startPrompt(index);
      const code = await runPrintMode(replayConfig, prompt, format, io, {
        agent,
        sessionFailure: () => session.failure(),
      });
      if (code !== 0) exitCode = code;
      if (code === 130) break;
    }
  } finally {
    session.close();
    await server.close();
  }
  return exitCode;
}
