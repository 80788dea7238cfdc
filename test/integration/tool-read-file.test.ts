import { mkdirSync, openSync, closeSync, ftruncateSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_READ_LINES, MAX_LINE_CHARS, read_file } from '../../src/tools/read-file';
import { makeContext, makeWorkspace, removeWorkspace } from './tool-helpers';

let dir: string;
const read = (input: { path: string; offset?: number; limit?: number }) =>
  read_file.run(input, makeContext(dir));

const lines = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}`).join('\n') + '\n';

beforeEach(() => {
  dir = makeWorkspace();
});

afterEach(() => {
  removeWorkspace(dir);
});

describe('read_file', () => {
  it('numbers lines like cat -n', async () => {
    writeFileSync(path.join(dir, 'a.txt'), 'alpha\nbeta\r\ngamma');
    const result = await read({ path: 'a.txt' });
    expect(result.output).toBe('     1\talpha\n     2\tbeta\n     3\tgamma');
    expect(result.display).toEqual({ lines: 3 });
    expect(result.isError).toBeFalsy();
  });

  it('starts at a 1-based offset and says how many lines a limit leaves', async () => {
    writeFileSync(path.join(dir, 'a.txt'), lines(10));
    const result = await read({ path: 'a.txt', offset: 4, limit: 3 });
    expect(result.output).toBe(
      '     4\tline 4\n     5\tline 5\n     6\tline 6\n... (4 more lines)',
    );
    expect(result.display).toEqual({ lines: 3 });
    const tail = await read({ path: 'a.txt', offset: 9 });
    expect(tail.output).toBe('     9\tline 9\n    10\tline 10');
  });

  it(`returns ${DEFAULT_READ_LINES} lines by default`, async () => {
    writeFileSync(path.join(dir, 'long.txt'), lines(DEFAULT_READ_LINES + 5));
    const result = await read({ path: 'long.txt' });
    expect(result.output.endsWith(`  2000\tline 2000\n... (5 more lines)`)).toBe(true);
  });

  it('says when the offset is past the end', async () => {
    writeFileSync(path.join(dir, 'a.txt'), lines(3));
    const result = await read({ path: 'a.txt', offset: 7 });
    expect(result.output).toBe('Error: offset 7 is past the end of a.txt (3 lines)');
    expect(result.isError).toBe(true);
  });

  it('clips very long lines', async () => {
    writeFileSync(path.join(dir, 'min.js'), 'x'.repeat(MAX_LINE_CHARS + 500));
    const result = await read({ path: 'min.js' });
    expect(result.output).toBe(`     1\t${'x'.repeat(MAX_LINE_CHARS)}... [500 more characters]`);
  });

  it('reports a missing file', async () => {
    const result = await read({ path: 'nope/missing.txt' });
    expect(result.output).toBe('Error: file not found: nope/missing.txt');
    expect(result.isError).toBe(true);
  });

  it('refuses directories', async () => {
    mkdirSync(path.join(dir, 'sub'));
    const result = await read({ path: 'sub' });
    expect(result.output).toMatch(/^Error: sub is a directory/);
  });

  it('refuses binary files instead of dumping them', async () => {
    writeFileSync(path.join(dir, 'img.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]));
    const result = await read({ path: 'img.png' });
    expect(result.output).toBe('Error: img.png is a binary file (8 bytes); it is not shown');
    expect(result.isError).toBe(true);
  });

  it('says an empty file is empty', async () => {
    writeFileSync(path.join(dir, 'empty.txt'), '');
    expect((await read({ path: 'empty.txt' })).output).toBe('(empty file)');
  });

  it('refuses a file over the size cap whole, and pages through it with offset/limit', async () => {
    const big = path.join(dir, 'big.log');
    const text = lines(500_000); // over 5 MB
    writeFileSync(big, text);
    const whole = await read({ path: 'big.log' });
    expect(whole.isError).toBe(true);
    const mb = (Buffer.byteLength(text) / (1024 * 1024)).toFixed(1);
    expect(whole.output).toBe(
      `Error: big.log is ${mb} MB, over the 5.0 MB limit for reading a whole file; ` +
        'pass offset and limit to read part of it',
    );
    const part = await read({ path: 'big.log', offset: 499_999, limit: 5 });
    expect(part.output).toBe('499999\tline 499999\n500000\tline 500000');
    const middle = await read({ path: 'big.log', offset: 10, limit: 1 });
    expect(middle.output).toBe('    10\tline 10\n... (499990 more lines)');
  });

  it('detects binary content in a sparse file without reading it all', async () => {
    const sparse = path.join(dir, 'disk.img');
    const fd = openSync(sparse, 'w');
    writeSync(fd, 'header');
    ftruncateSync(fd, 64 * 1024 * 1024);
    closeSync(fd);
    const result = await read({ path: 'disk.img' });
    expect(result.output).toBe('Error: disk.img is a binary file (64.0 MB); it is not shown');
  });

  it('reports the real path of what it reads for the permission gate', () => {
    const access = read_file.access({ path: '../elsewhere.txt' }, { cwd: dir });
    expect(access).toEqual({
      kind: 'read',
      paths: [path.join(path.dirname(dir), 'elsewhere.txt')],
    });
  });
});
