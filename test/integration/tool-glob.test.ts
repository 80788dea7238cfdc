import { mkdirSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_GLOB_RESULTS, glob } from '../../src/tools/glob';
import { makeContext, makeWorkspace, removeWorkspace } from './tool-helpers';

let dir: string;
let outside: string;
let clock: number;

/** Creates a file with an mtime one minute after the previous one. */
function touch(rel: string, content = ''): void {
  const file = path.join(dir, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  clock += 60;
  utimesSync(file, clock, clock);
}

const run = (pattern: string) => glob.run({ pattern }, makeContext(dir));

beforeEach(() => {
  dir = makeWorkspace();
  outside = makeWorkspace('tick-outside-');
  clock = Math.floor(Date.now() / 1000) - 100_000;
});

afterEach(() => {
  removeWorkspace(dir);
  removeWorkspace(outside);
});

describe('glob', () => {
  it('matches recursively, newest first, with dot files but never .git', async () => {
    touch('a.py');
    touch('pkg/deep/b.py');
    touch('.hidden/c.py');
    touch('.git/hooks/d.py');
    touch('notes.txt');
    const result = await run('**/*.py');
    expect(result.output).toBe('.hidden/c.py\npkg/deep/b.py\na.py');
    expect(result.display).toEqual({ matches: 3 });
  });

  it('says (no matches) when nothing matches', async () => {
    touch('a.txt');
    const result = await run('**/*.rs');
    expect(result.output).toBe('(no matches)');
    expect(result.display).toEqual({ matches: 0 });
  });

  it('skips what the root .gitignore ignores, negations included', async () => {
    writeFileSync(path.join(dir, '.gitignore'), 'node_modules/\n*.log\n!keep.log\n/build\n');
    touch('src/app.js');
    touch('node_modules/lib/index.js');
    touch('build/out.js');
    touch('src/build/kept.js');
    touch('debug.log');
    touch('keep.log');
    const result = await run('**/*.{js,log}');
    expect(result.output.split('\n').sort()).toEqual([
      'keep.log',
      'src/app.js',
      'src/build/kept.js',
    ]);
  });

  it('prunes ignored folders and honours nested .gitignore files', async () => {
    writeFileSync(path.join(dir, '.gitignore'), 'dist\n');
    touch('pkg/.gitignore', 'generated/\n*.tmp\n');
    touch('pkg/generated/x.ts');
    touch('pkg/src/y.ts');
    touch('pkg/src/z.tmp');
    touch('z.tmp');
    touch('dist/bundle.ts');
    touch('dist/.gitignore', '!bundle.ts\n');
    const result = await run('**/*');
    expect(result.output.split('\n').sort()).toEqual([
      '.gitignore',
      'pkg/.gitignore',
      'pkg/src/y.ts',
      'z.tmp',
    ]);
  });

  it(`caps the list at ${MAX_GLOB_RESULTS} and counts the rest`, async () => {
    for (let i = 0; i < MAX_GLOB_RESULTS + 25; i += 1) touch(`many/f${i}.txt`);
    const lines = (await run('many/*.txt')).output.split('\n');
    expect(lines).toHaveLength(MAX_GLOB_RESULTS + 1);
    expect(lines[0]).toBe(`many/f${MAX_GLOB_RESULTS + 24}.txt`);
    expect(lines[MAX_GLOB_RESULTS]).toBe('... and 25 more');
  });

  it('takes brace and character-class patterns from the workspace root', async () => {
    touch('src/a.ts');
    touch('lib/b.ts');
    touch('other/c.ts');
    touch('lib/x1.md');
    expect((await run('{src,lib}/**/*.ts')).output).toBe('lib/b.ts\nsrc/a.ts');
    expect((await run('lib/x[0-9].md')).output).toBe('lib/x1.md');
    expect(glob.access({ pattern: '{src,lib}/*.ts' }, { cwd: dir }).paths).toEqual([dir]);
  });

  it('does not walk into symlinked folders', async () => {
    writeFileSync(path.join(outside, 'secret.py'), '');
    symlinkSync(outside, path.join(dir, 'link'));
    touch('own.py');
    expect((await run('**/*.py')).output).toBe('own.py');
  });

  it('reports the base folder of a pattern that leaves the workspace, and searches there', async () => {
    writeFileSync(path.join(outside, 'o.md'), '');
    const rel = path.relative(dir, outside);
    expect(glob.access({ pattern: `${rel}/**/*.md` }, { cwd: dir })).toEqual({
      kind: 'read',
      paths: [outside],
    });
    expect(glob.access({ pattern: `${outside}/*.md` }, { cwd: dir })).toEqual({
      kind: 'read',
      paths: [outside],
    });
    expect(glob.access({ pattern: 'src/**/*.ts' }, { cwd: dir })).toEqual({
      kind: 'read',
      paths: [path.join(dir, 'src')],
    });
    expect((await run(`${outside}/*.md`)).output).toBe(path.join(outside, 'o.md'));
    expect((await run(`${rel}/*.md`)).output).toBe(path.join(outside, 'o.md'));
  });
});
