import { mkdtempSync, readFileSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { mayChangeFiles } from '../../src/checkpoints/call-tags';
import { PermissionPolicy } from '../../src/permissions/policy';
import { corporaDir } from '../support/corpora';

const ws = realpathSync(mkdtempSync(join(tmpdir(), 'tick-cp-tags-')));
const policy = new PermissionPolicy({
  mode: 'default',
  roots: [ws],
  cwd: ws,
  home: join(ws, '..'),
  interactive: true,
});
/** What the session asks (src/agent/wire-checkpoints.ts): is this command read-only? */
const isReadOnly = (command: string) => policy.classify(command).level === 'read-only';
const pointBefore = (command: string) =>
  mayChangeFiles({ access: { kind: 'exec', command } }, [ws], isReadOnly);

function lines(file: string): string[] {
  return readFileSync(join(corporaDir(), 'shell', file), 'utf8')
    .split('\n')
    .filter((line) => line.trim());
}

/** A command that, read plainly, writes a file (not a dry run or a help text). */
function visiblyWrites(command: string): boolean {
  if (/--help|--dry-run|\s-n\b|--version/.test(command)) return false;
  return (
    /(^|[|;&(]\s*|\s)(rm|mv|cp|touch|mkdir|rmdir|chmod|chown|ln|truncate|dd|shred|unlink)\s/.test(
      command,
    ) ||
    /\bsed\s+(-\w+\s+)*-i/.test(command) ||
    /(^|[^0-9&>'"])>>?\s*(?!&|\/dev\/)[\w.~$"'/-]/.test(command) ||
    /\s-delete\b/.test(command) ||
    /\btee\s+(-a\s+)?(?!\/dev\/)[\w.~$"'/-]/.test(command) ||
    /\s(-o\s+|--output[=\s])\S/.test(command)
  );
}

describe('which calls get a point before them', () => {
  test('file tools: a write inside a root does, one outside or a read does not', () => {
    const write = (path: string) =>
      mayChangeFiles({ access: { kind: 'write', paths: [path] } }, [ws], isReadOnly);
    expect(write(join(ws, 'src', 'a.ts'))).toBe(true);
    expect(write('/tmp/elsewhere.txt')).toBe(false);
    expect(mayChangeFiles({ access: { kind: 'read', paths: [ws] } }, [ws], isReadOnly)).toBe(false);
    expect(mayChangeFiles({ access: { kind: 'none' } }, [ws], isReadOnly)).toBe(false);
  });

  // Written for this test: the ways commands change files in place that a rewind must cover.
  test.each([
    "sed -i 's/a/b/' src/a.ts",
    'perl -pi -e s/a/b/ notes.txt',
    'find . -name "*.tmp" -delete',
    'echo x > notes.txt',
    'cat a.txt | tee b.txt',
    'git checkout -- .',
    'git stash',
    'npm run build',
    'make',
    'python3 gen.py',
    'sh make-report.sh',
    'rm old.txt',
    'mv a b',
    'cp -r src dist',
    'touch x',
    'truncate -s 0 log.txt',
    'ls && rm -rf build',
  ])('%s gets a point', (command) => {
    expect(pointBefore(command)).toBe(true);
  });

  test.each([
    'ls -la',
    'cat notes.txt',
    'grep -rn TODO src',
    'git status',
    'git diff',
    'wc -l *.ts',
  ])('%s (read-only) does not', (command) => {
    expect(pointBefore(command)).toBe(false);
  });

  // Commands others wrote (shared/corpora/shell). The risky ones all change something: none
  // may pass as read-only. The NL2Bash "modifying" set was picked by a loose filter (many are
  // dry runs, `--help`, `gzip -dc` to stdout), so only its lines that visibly write a file
  // are held to it: a redirection into a file, an in-place edit, a file command, `-delete`.
  test.each(['risky.txt', 'risky-extra.txt'])('every command of %s gets a point', (file) => {
    expect(lines(file).filter((command) => !pointBefore(command))).toEqual([]);
  });

  test.each(['nl2bash-modifying.txt', 'gray.txt'])(
    'every command of %s that visibly writes a file gets a point',
    (file) => {
      const writes = lines(file).filter(visiblyWrites);
      expect(writes.length).toBeGreaterThan(file === 'gray.txt' ? 20 : 1000);
      expect(writes.filter((command) => !pointBefore(command))).toEqual([]);
    },
  );
});
