import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeCommand, readCorpus } from '../../scripts/corpus/corpus-file';

const dir = mkdtempSync(path.join(tmpdir(), 'tick-corpus-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the shell corpus index', () => {
  it('decodes exactly the four escapes of the command column', () => {
    expect(decodeCommand(String.raw`cat <<EOF\nx\tz\\n\rEOF`)).toBe('cat <<EOF\nx\tz\\n\rEOF');
    expect(decodeCommand(String.raw`echo \$HOME \d`)).toBe(String.raw`echo \$HOME \d`);
  });

  it('reads rows with label, command, sources and note', () => {
    writeFileSync(
      path.join(dir, 'index.tsv'),
      'file\tlabel\tcommand(escaped)\tsources\tsource_verdict\tnote\n' +
        'a.txt\trisky\tsh <<EOF\\nrm x\\nEOF\tsrc1\tblock\tseen in a test\n\n',
    );
    expect(readCorpus(dir)).toEqual([
      {
        file: 'a.txt',
        label: 'risky',
        command: 'sh <<EOF\nrm x\nEOF',
        sources: 'src1',
        note: 'seen in a test',
      },
    ]);
  });

  it('names the file and line of a malformed row, and a missing header', () => {
    writeFileSync(path.join(dir, 'index.tsv'), 'file\tlabel\tcommand\nonly-one-column\n');
    expect(() => readCorpus(dir)).toThrow(/index\.tsv:2: expected at least three/);
    writeFileSync(path.join(dir, 'index.tsv'), 'something else\n');
    expect(() => readCorpus(dir)).toThrow(/expected a header/);
  });
});
