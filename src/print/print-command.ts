import type { Config } from '../config/types';
import type { Command } from '../cli/args';
import { runPrintMode, type PrintIO } from './print-mode';
import { SessionError, SessionFileError } from '../session/format';
import { listSessions, MIN_ID_PREFIX } from '../session/list';
import { pickList } from '../session/list-text';
import { openSessionForRun, type OpenedSession } from '../session/open';

type RunCommand = Extract<Command, { kind: 'run' }>;

const processIO: PrintIO = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};

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
    return guarded(io, () => runReplay(config, command.replay ?? '', command.format, io));
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
  return guarded(io, async () => {
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

/** A session problem (not found, in use, corrupt file) is one line on stderr and exit 1. */
async function guarded(io: PrintIO, run: () => Promise<number>): Promise<number> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof SessionError || error instanceof SessionFileError) {
      io.stderr(`tick: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}
