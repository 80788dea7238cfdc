import { readFileSync } from 'node:fs';
import path from 'node:path';

/** One labelled command of the shell corpus (`index.tsv`). */
export interface CorpusCommand {
  /** The file it comes from (`risky.txt`, `multiline.txt`...). */
  file: string;
  /** `everyday` (must run unasked), `risky` (must be asked), `gray`, `modifying`. */
  label: string;
  command: string;
  /** Where the command was found, and the labeller's note. */
  sources: string;
  note: string;
}

const ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', '\\': '\\' };

/** `index.tsv` escapes exactly four things in the command column: `\\`, `\n`, `\r`, `\t`. */
export function decodeCommand(text: string): string {
  return text.replace(/\\(.)/gs, (whole, c: string) => ESCAPES[c] ?? whole);
}

/** Every row of `DIR/index.tsv`; a missing file or a malformed row is an error naming it. */
export function readCorpus(dir: string): CorpusCommand[] {
  const file = path.join(dir, 'index.tsv');
  const lines = readFileSync(file, 'utf8').split('\n');
  const header = lines[0]?.split('\t') ?? [];
  if (header[0] !== 'file' || header[1] !== 'label' || !header[2]?.startsWith('command')) {
    throw new Error(`${file}: expected a header "file, label, command, ...", found "${lines[0]}"`);
  }
  const rows: CorpusCommand[] = [];
  lines.slice(1).forEach((line, i) => {
    if (line.trim() === '') return;
    const cols = line.split('\t');
    if (cols.length < 3 || cols[2] === '') {
      throw new Error(`${file}:${i + 2}: expected at least three tab-separated columns`);
    }
    rows.push({
      file: cols[0],
      label: cols[1],
      command: decodeCommand(cols[2]),
      sources: cols[3] ?? '',
      note: cols[5] ?? '',
    });
  });
  return rows;
}
