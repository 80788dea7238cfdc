import { describe, expect, it } from 'vitest';
import { chmodSync, mkdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tightenTickHome } from '../../src/util/private-files';
import { tempDir } from '../support/agent-harness';

const modeOf = (path: string) => statSync(path).mode & 0o777;

/** A TICK_HOME as an older tick left it: folders 755, files 644, a hook script 755. */
function looseHome() {
  const home = join(tempDir('tick-loose-'), 'home');
  const session = join(home, 'projects', '-w-1a2b3c4d');
  mkdirSync(join(session, 'sess-1', 'tool-results'), { recursive: true, mode: 0o755 });
  mkdirSync(join(home, 'tasks', 'list-1'), { recursive: true, mode: 0o755 });
  mkdirSync(join(home, 'hooks'), { mode: 0o755 });
  const files = {
    log: join(session, 'sess-1.jsonl'),
    output: join(session, 'sess-1', 'tool-results', 'call_1.txt'),
    task: join(home, 'tasks', 'list-1', '1.json'),
    settings: join(home, 'settings.json'),
    hook: join(home, 'hooks', 'check.sh'),
  };
  for (const file of Object.values(files)) writeFileSync(file, 'x', { mode: 0o644 });
  chmodSync(files.hook, 0o755);
  for (const dir of [home, join(home, 'projects'), session, join(home, 'tasks')])
    chmodSync(dir, 0o755);
  return { home, session, files };
}

describe('tightenTickHome', () => {
  it('makes an older, world-readable TICK_HOME private, in one line, keeping the owner bits', () => {
    const { home, session, files } = looseHome();
    const outside = join(tempDir('tick-outside-'), 'shared.txt');
    writeFileSync(outside, 'shared', { mode: 0o644 });
    symlinkSync(outside, join(session, 'link.txt'));

    const line = tightenTickHome(home);
    expect(line).toMatch(new RegExp(`^made \\d+ files and folders in ${home} private to you`));
    expect(modeOf(home)).toBe(0o700);
    expect(modeOf(session)).toBe(0o700);
    expect(modeOf(join(session, 'sess-1', 'tool-results'))).toBe(0o700);
    expect(modeOf(files.log)).toBe(0o600);
    expect(modeOf(files.output)).toBe(0o600);
    expect(modeOf(files.task)).toBe(0o600);
    // The home folder closes everything under it; its own files keep what the owner had.
    expect(modeOf(files.hook) & 0o700).toBe(0o700);
    // A link is not followed out of TICK_HOME.
    expect(modeOf(outside)).toBe(0o644);

    // Once private, nothing more to do, nothing said.
    expect(tightenTickHome(home)).toBeUndefined();
  });

  it('says nothing, and changes nothing, for a private home or none at all', () => {
    const home = tempDir('tick-private-');
    expect(modeOf(home)).toBe(0o700);
    expect(tightenTickHome(home)).toBeUndefined();
    expect(tightenTickHome(join(home, 'missing'))).toBeUndefined();
  });

  it('a private home with a readable projects folder below: that folder and its files are tightened', () => {
    const { home, files } = looseHome();
    chmodSync(home, 0o700);
    expect(tightenTickHome(home)).toMatch(/^made \d+ files and folders/);
    expect(modeOf(files.log)).toBe(0o600);
    expect(modeOf(join(home, 'projects'))).toBe(0o700);
  });
});
