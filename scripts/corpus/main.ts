import path from 'node:path';
import { findCorporaDir } from '../../test/support/corpora';
import {
  PERMISSION_MODES,
  SANDBOX_MODES,
  type PermissionMode,
  type SandboxMode,
} from '../../src/permissions/types';
import { readCorpus, type CorpusCommand } from './corpus-file';
import { makeJudge, makeSandbox } from './judge';
import { formatTally, tally, type Judged } from './tally';

const USAGE =
  'usage: npm run corpus [DIR] [-- --mode default|acceptEdits|plan] [--sandbox auto|always|off]';

/**
 * `npm run corpus [DIR]`: every labelled command of the shell corpus goes past the
 * permission gate (nothing is run) and the rates and misses are printed. Exit 1 when a
 * target is missed, 2 on bad arguments.
 */
export async function main(argv: string[], repoRoot: string): Promise<number> {
  let dir: string | undefined;
  let mode: PermissionMode = 'default';
  let sandboxMode: SandboxMode = 'auto';
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--mode') {
      const m = argv[++i] as PermissionMode;
      if (!PERMISSION_MODES.includes(m)) {
        process.stderr.write(`corpus: unknown mode '${argv[i] ?? ''}'\n${USAGE}\n`);
        return 2;
      }
      mode = m;
    } else if (a === '--sandbox') {
      const s = argv[++i] as SandboxMode;
      if (!SANDBOX_MODES.includes(s)) {
        process.stderr.write(`corpus: unknown sandbox setting '${argv[i] ?? ''}'\n${USAGE}\n`);
        return 2;
      }
      sandboxMode = s;
    } else if (a === '-h' || a === '--help') {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    } else if (a.startsWith('-') || dir !== undefined) {
      process.stderr.write(`corpus: unexpected argument '${a}'\n${USAGE}\n`);
      return 2;
    } else dir = path.resolve(a);
  }
  let commands: CorpusCommand[];
  try {
    dir ??= path.join(findCorporaDir(repoRoot), 'shell');
    commands = readCorpus(dir);
  } catch (error) {
    process.stderr.write(`corpus: ${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const sandbox = makeSandbox();
  try {
    const judge = makeJudge(sandbox, mode, sandboxMode);
    const judged: Judged[] = [];
    for (const c of commands) judged.push({ ...c, ...(await judge(c.command)) });
    const t = tally(judged, sandboxMode);
    const heading =
      `tick's permission gate over ${dir} (${mode} mode, sandbox ${sandboxMode}` +
      `${sandboxMode === 'off' ? '' : ' with bubblewrap working'}, nothing executed)`;
    process.stdout.write(formatTally(t, heading));
    return t.met ? 0 : 1;
  } finally {
    sandbox.dispose();
  }
}
