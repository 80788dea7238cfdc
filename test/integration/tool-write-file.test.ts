import {
  chmodSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { write_file } from '../../src/tools/write-file';
import { makeContext, makeWorkspace, removeWorkspace } from './tool-helpers';

let dir: string;
let outside: string;
const write = (p: string, content: string) =>
  write_file.run({ path: p, content }, makeContext(dir));

beforeEach(() => {
  dir = makeWorkspace();
  outside = makeWorkspace('tick-outside-');
});

afterEach(() => {
  removeWorkspace(dir);
  removeWorkspace(outside);
});

describe('write_file', () => {
  it('creates parent folders and reports the bytes written, relative to the workspace', async () => {
    const result = await write('deep/er/new.txt', 'héllo\n');
    expect(result.output).toBe('Wrote 7 bytes to deep/er/new.txt');
    expect(readFileSync(path.join(dir, 'deep/er/new.txt'), 'utf8')).toBe('héllo\n');
  });

  it('shows a new file as an all-added diff', async () => {
    const result = await write('n.txt', 'a\nb\n');
    expect(result.display?.diff).toBe('--- n.txt\n+++ n.txt\n@@ -0,0 +1,2 @@\n+a\n+b');
  });

  it('diffs an overwrite against the old content', async () => {
    writeFileSync(path.join(dir, 'f.txt'), 'one\ntwo\nthree\n');
    const result = await write('f.txt', 'one\n2\nthree\n');
    expect(result.display?.diff).toBe(
      '--- f.txt\n+++ f.txt\n@@ -1,3 +1,3 @@\n one\n-two\n+2\n three',
    );
  });

  it("keeps an existing file's mode", async () => {
    const file = path.join(dir, 'run.sh');
    writeFileSync(file, '#!/bin/sh\n');
    chmodSync(file, 0o750);
    await write('run.sh', '#!/bin/sh\necho hi\n');
    expect(statSync(file).mode & 0o7777).toBe(0o750);
    expect(readFileSync(file, 'utf8')).toBe('#!/bin/sh\necho hi\n');
  });

  it('replaces the file by rename (a new inode) and leaves no temp files behind', async () => {
    const file = path.join(dir, 'f.txt');
    writeFileSync(file, 'old');
    const before = statSync(file).ino;
    await write('f.txt', 'new');
    expect(statSync(file).ino).not.toBe(before);
    expect(readdirSync(dir)).toEqual(['f.txt']);
  });

  it('leaves the old file intact and no temp file when the write fails', async () => {
    const ro = path.join(dir, 'ro');
    mkdirSync(ro);
    writeFileSync(path.join(ro, 'keep.txt'), 'precious');
    // A regular file where a folder is needed makes the write fail before anything is replaced.
    const result = await write('ro/keep.txt/child', 'x');
    expect(result.isError).toBe(true);
    expect(result.output).toMatch(/^Error: cannot write ro\/keep\.txt\/child: /);
    expect(readFileSync(path.join(ro, 'keep.txt'), 'utf8')).toBe('precious');
    expect(readdirSync(ro)).toEqual(['keep.txt']);
  });

  it('refuses to replace a directory', async () => {
    mkdirSync(path.join(dir, 'sub'));
    const result = await write('sub', 'x');
    expect(result.output).toBe('Error: sub is a directory; give a file path');
    expect(statSync(path.join(dir, 'sub')).isDirectory()).toBe(true);
  });

  it('writes through a symlink to its target and keeps the link', async () => {
    const target = path.join(outside, 'real.txt');
    writeFileSync(target, 'old');
    symlinkSync(target, path.join(dir, 'link.txt'));
    await write('link.txt', 'new');
    expect(readFileSync(target, 'utf8')).toBe('new');
    expect(readdirSync(dir)).toEqual(['link.txt']);
    expect(write_file.access({ path: 'link.txt', content: '' }, { cwd: dir })).toEqual({
      kind: 'write',
      paths: [target],
    });
  });

  it('reports an absolute path for a file outside the workspace', async () => {
    const target = path.join(outside, 'o.txt');
    const result = await write(target, 'x');
    expect(result.output).toBe(`Wrote 1 bytes to ${target}`);
  });
});
