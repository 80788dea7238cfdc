import type { Config } from '../config/types';
import type { Command } from '../cli/args';
import { exitOnSessionError, processIO } from '../cli/commands/io';
import { runPrintMode, type PrintIO } from './print-mode';
import { listSessions, MIN_ID_PREFIX } from '../session/list';
import { pickList } from '../session/list-text';
import { openSessionForRun, type OpenedSession } from '../session/open';

type RunCommand = Extract<Command, { kind: 'run' }>;

/**
 * `tick -p`: print mode with the process's streams, recorded as a session. `-c`/`-r ID`
 * resume one, `-r` alone lists them, `--replay FILE` re-runs a recording.
 */
export async function runPrintCommand(
  config: Config,
  command: RunCommand,
  io: PrintIO = processIO,
): Promise<number> {
  if (command.replay !== undefined) {
    const { runReplay } = await import('./run-replay');
    return exitOnSessionError(io, () =>
      runReplay(config, command.replay ?? '', command.format, io),
    );
  }
  if (command.resume?.kind === 'pick') {
    const sessions = listSessions(config);
    io.stdout(
      sessions.length ? pickList(sessions) : `No sessions in this workspace (${config.cwd}).\n`,
    );
    if (!command.prompt) return 0;
    // A prompt with nothing to resume: never dropped in silence.
    io.stderr(
      `tick: -r without a session id only lists the sessions; the prompt was not run. Resume one with \`tick -p -r ID "PROMPT"\` (ID: the id, or at least ${MIN_ID_PREFIX} characters of it)\n`,
    );
    return 2;
  }
  const prompt = command.prompt ?? '';
  return exitOnSessionError(io, async () => {
    const session: OpenedSession = await openSessionForRun(config, command.resume, {
      onError: (message) => io.stderr(`tick: ${message}\n`),
    });
    try {
      for (const notice of session.notices) io.stderr(`tick: ${notice}\n`);
      return await runPrintMode(config, prompt, command.format, io, {
        agentOptions: session.agentOptions,
        sessionFailure: () => session.failure(),
      });
    } finally {
      session.close();
    }
  });
}
