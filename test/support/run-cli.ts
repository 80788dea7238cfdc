import { execa } from 'execa';
import { fileURLToPath } from 'node:url';

export const TICK_BIN = fileURLToPath(new URL('../../bin/tick.js', import.meta.url));

export interface CliRun {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** Runs the real built CLI (bin/tick.js) as a child process, with a clean model environment. */
export async function runTick(
  args: string[],
  options: {
    cwd: string;
    env?: Record<string, string>;
    input?: string;
    timeoutMs?: number;
    /** The Node.js binary to run it with; the one running the tests by default. */
    node?: string;
  },
): Promise<CliRun> {
  const result = await execa(options.node ?? process.execPath, [TICK_BIN, ...args], {
    cwd: options.cwd,
    env: {
      OPENAI_BASE_URL: '',
      OPENAI_API_KEY: '',
      TICK_MODEL: '',
      ...options.env,
    },
    extendEnv: true,
    input: options.input,
    stdin: options.input === undefined ? 'ignore' : undefined,
    reject: false,
    stripFinalNewline: false,
    timeout: options.timeoutMs ?? 30_000,
  });
  return {
    exitCode: result.exitCode ?? -1,
    stdout: String(result.stdout),
    stderr: String(result.stderr),
  };
}
