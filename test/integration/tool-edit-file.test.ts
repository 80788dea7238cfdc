import { chmodSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { edit_file } from '../../src/tools/edit-file';
import { makeContext, makeWorkspace, removeWorkspace } from './tool-helpers';

let dir: string;
const file = () => path.join(dir, 'code.py');
const edit = (old_text: string, new_text: string, replace_all?: boolean, p = 'code.py') =>
  edit_file.run({ path: p, old_text, new_text, replace_all }, makeContext(dir));

const SOURCE = 'def add(a, b):\n    return a + b\n\n\ndef sub(a, b):\n    return a - b\n';

beforeEach(() => {
  dir = makeWorkspace();
  writeFileSync(file(), SOURCE);
});

afterEach(() => {
  removeWorkspace(dir);
});

/** The file is exactly as it was and no temp file was left. */
function expectIntact(content = SOURCE) {
  expect(readFileSync(file(), 'utf8')).toBe(content);
  expect(readdirSync(dir)).toEqual(['code.py']);
}

describe('edit_file', () => {
  it('replaces a unique exact match and returns a diff summary', async () => {
    const result = await edit('return a + b', 'return a + b  # sum');
    expect(readFileSync(file(), 'utf8')).toBe(SOURCE.replace('a + b', 'a + b  # sum'));
    expect(result.output).toBe(
      'Edited code.py: +1 -1 lines\n' +
        '@@ -1,5 +1,5 @@\n def add(a, b):\n-    return a + b\n+    return a + b  # sum\n \n \n def sub(a, b):',
    );
    expect(result.display?.diff?.startsWith('--- code.py\n+++ code.py\n@@ -1,5 +1,5 @@')).toBe(
      true,
    );
    expect(result.isError).toBeFalsy();
  });

  it('says so when old_text is not found, and leaves the file intact', async () => {
    const result = await edit('return a * b', 'x');
    expect(result.output).toBe('Error: old_text not found in code.py');
    expect(result.isError).toBe(true);
    expectIntact();
  });

  it('hints when the text exists with different whitespace', async () => {
    const result = await edit('def add(a, b):\n  return a + b', 'x');
    expect(result.output).toMatch(/^Error: old_text not found in code\.py\nHint: .*whitespace/);
    expectIntact();
  });

  it('hints when old_text carries read_file line numbers', async () => {
    const result = await edit('     2\t    return a + b', 'x');
    expect(result.output).toContain('line numbers');
    expectIntact();
  });

  it('refuses an ambiguous match unless replace_all is set', async () => {
    const result = await edit('(a, b)', '(x, y)');
    expect(result.output).toBe(
      'Error: old_text matches 2 places in code.py; add context or set replace_all',
    );
    expectIntact();
    const all = await edit('(a, b)', '(x, y)', true);
    expect(all.output.split('\n')[0]).toBe('Edited code.py: +2 -2 lines (2 replacements)');
    expect(readFileSync(file(), 'utf8')).toBe(SOURCE.replaceAll('(a, b)', '(x, y)'));
  });

  it('refuses identical old and new text, and empty old text', async () => {
    expect((await edit('a + b', 'a + b')).output).toBe(
      'Error: old_text and new_text are identical; nothing to change',
    );
    expect((await edit('', 'x')).output).toMatch(/^Error: old_text is empty/);
    expectIntact();
  });

  it('reports a missing file', async () => {
    const result = await edit('x', 'y', false, 'missing.py');
    expect(result.output).toBe('Error: file not found: missing.py');
  });

  it('matches LF text in a CRLF file and keeps CRLF line endings', async () => {
    const crlf = 'line one\r\nline two\r\nline three\r\n';
    writeFileSync(file(), crlf);
    const result = await edit('line one\nline two', 'line 1\nline 2\nline 2b');
    expect(result.isError).toBeFalsy();
    expect(readFileSync(file(), 'utf8')).toBe('line 1\r\nline 2\r\nline 2b\r\nline three\r\n');
    expect(result.output).toContain('+3 -2 lines');
    expect(result.display?.diff).not.toContain('\r');
  });

  it('takes new text literally, $ patterns included', async () => {
    await edit('a + b', "'$&' + `$1`");
    expect(readFileSync(file(), 'utf8')).toContain("return '$&' + `$1`\n");
  });

  it("keeps the file's mode", async () => {
    chmodSync(file(), 0o741);
    await edit('a - b', 'b - a');
    expect(statSync(file()).mode & 0o7777).toBe(0o741);
  });

  it('refuses binary files and keeps them intact', async () => {
    const bin = Buffer.from([1, 2, 0, 3, 4]);
    writeFileSync(file(), bin);
    const result = await edit('\u0001', 'x');
    expect(result.output).toMatch(/^Error: code\.py is a binary file/);
    expect(readFileSync(file()).equals(bin)).toBe(true);
  });

  it('clamps a huge diff in the result but keeps the full diff for the UI', async () => {
    // Few long lines: a diff far past the clamp that takes milliseconds to compute. (Diffing
    // gives up after 2 s of wall time; 2,000 short lines took about that on a busy machine.)
    const lines = Array.from({ length: 300 }, (_, i) => `v${i} = ${String(i).padStart(100, '0')}`);
    const big = lines.join('\n') + '\n';
    writeFileSync(file(), big);
    const result = await edit(`${lines[0]}\n`, big.replace(/= /g, '== '), false);
    expect(result.output.length).toBeLessThan(4_200);
    expect(result.output).toMatch(/\.\.\. \[\d+ more characters of diff\]$/);
    expect(result.display!.diff!.length).toBeGreaterThan(20_000);
  });
});
