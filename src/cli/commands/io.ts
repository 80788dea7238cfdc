import { SessionError, SessionFileError } from '../../session/format';

/** Where a subcommand writes: the process's streams, or a test's. */
export interface CommandIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

export const processIO: CommandIO = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};

/** A session problem (not found, in use, corrupt file) is one line on stderr and exit 1. */
export async function exitOnSessionError(
  io: CommandIO,
  run: () => number | Promise<number>,
): Promise<number> {
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
