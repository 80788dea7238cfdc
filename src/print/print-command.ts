import type { Config } from '../config/types';
import type { Command } from '../cli/args';
import { runPrintMode } from './print-mode';

type RunCommand = Extract<Command, { kind: 'run' }> & { prompt: string };

/** `tick -p`: print mode with the process's streams. */
export async function runPrintCommand(config: Config, command: RunCommand): Promise<number> {
  return runPrintMode(config, command.prompt, command.format, {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
  });
}
