import { readFileSync } from 'node:fs';
import { isObject } from './blob-refs';
import {
  SESSION_FORMAT_VERSION,
  SessionFileError,
  type HeaderRecord,
  type SessionRecord,
} from './format';
import { readRecord } from './read-record';

/** A record with the 1-based line it came from; blob references already resolved. */
export type ReadRecord = Exclude<
  SessionRecord,
  { kind: 'header' } | { kind: 'blob' } | { kind: 'torn' }
> & {
  line: number;
};

export interface ParsedSession {
  file: string;
  header: HeaderRecord;
  records: ReadRecord[];
  /** Things the user should know (a torn last line was ignored). */
  notices: string[];
  /** The last line was torn (a crash mid-write); its 1-based number. */
  tornLine?: number;
  /** Lines skipped as damaged (not the torn last line): their 1-based numbers. */
  damagedLines: number[];
  /** Lines in the file, counting a torn last one. */
  lineCount: number;
  /** False when the file ends in the middle of a line (append a newline before writing). */
  endsWithNewline: boolean;
}

/**
 * Reads a session file without changing it. Throws SessionFileError naming the file and line
 * for a foreign file or a newer format. A damaged line (not JSON, or a record whose fields
 * have the wrong types) is skipped with a notice naming the file and line, keeping the rest;
 * a torn last line (a crash mid-write) is skipped with a notice too.
 */
export function readSessionFile(file: string): ParsedSession {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new SessionFileError(file, undefined, code === 'ENOENT' ? 'no such file' : String(error));
  }
  return parseSessionText(file, text);
}

export function parseSessionText(file: string, text: string): ParsedSession {
  if (text.length === 0) throw new SessionFileError(file, 1, 'empty file, not a tick session');
  const endsWithNewline = text.endsWith('\n');
  const lines = text.split('\n');
  if (endsWithNewline) lines.pop();
  const notices: string[] = [];
  const damaged: Damage[] = [];
  const blobs = new Map<string, string>();
  const records: ReadRecord[] = [];
  let header: HeaderRecord | undefined;
  let tornLine: number | undefined;

  for (let index = 0; index < lines.length; index += 1) {
    const line = index + 1;
    let value = parseLine(lines[index]);
    if (value === INVALID) {
      if (!header) throw new SessionFileError(file, line, 'not a tick session file (no header)');
      if (index === lines.length - 1 && !endsWithNewline) {
        tornLine = line;
        notices.push(`${file} line ${line}: ignored a torn last line (an interrupted write)`);
        continue;
      }
      // Marked when a writer appended after it: already reported then.
      if (isTornMarker(lines[index + 1], line)) continue;
      value = salvageRecord(lines[index]);
      if (value === INVALID) {
        damaged.push({ line, problem: 'not valid JSON' });
        continue;
      }
      damaged.push({
        line,
        problem: 'an interrupted record, followed by a whole one that was kept',
      });
    }
    if (!header) {
      header = readHeader(file, value);
      continue;
    }
    const record = readRecord(file, line, value, blobs);
    if (record && 'problem' in record) damaged.push({ line, problem: record.problem });
    else if (record) records.push(record);
  }
  if (!header) throw new SessionFileError(file, 1, 'not a tick session file (no header)');
  notices.push(...damageNotices(file, damaged));
  return {
    file,
    header,
    records,
    notices,
    tornLine,
    damagedLines: damaged.map(({ line }) => line),
    lineCount: lines.length,
    endsWithNewline,
  };
}

/** A line the reader skipped, and why. */
interface Damage {
  line: number;
  problem: string;
}

/** Damaged lines told one a line; a file with many says how many more there were. */
const DAMAGE_NOTICES = 3;

function damageNotices(file: string, damaged: Damage[]): string[] {
  const told = damaged
    .slice(0, DAMAGE_NOTICES)
    .map(
      ({ line, problem }) =>
        `${file} line ${line}: skipped a damaged line (${problem}); the rest of the session is kept`,
    );
  const more = damaged.slice(DAMAGE_NOTICES).map(({ line }) => line);
  if (more.length > 0) {
    const listed = more.slice(0, 10).join(', ') + (more.length > 10 ? ', …' : '');
    told.push(`${file}: skipped ${more.length} more damaged lines (${listed})`);
  }
  return told;
}

const INVALID = Symbol('invalid');

function parseLine(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return INVALID;
  }
}

function isTornMarker(next: string | undefined, line: number): boolean {
  if (next === undefined) return false;
  const value = parseLine(next);
  return isObject(value) && value.kind === 'torn' && value.skipLine === line;
}

/** How every record but the header begins, as JSON.stringify writes it (`kind` first). */
const RECORD_START = '{"kind":"';
const SALVAGE_TRIES = 16;

/**
 * A record written right after one cut short by a full disk (an older tick went on writing
 * when space came back): the whole record after the cut, when one parses to the line's end.
 */
function salvageRecord(line: string): unknown {
  // Inside JSON strings the quotes are escaped, so only object starts match: a few at most
  // (the cap keeps a long garbage line from being parsed over and over).
  let at = line.indexOf(RECORD_START, 1);
  for (let tries = 0; at > 0 && tries < SALVAGE_TRIES; tries += 1) {
    const value = parseLine(line.slice(at));
    if (value !== INVALID) return value;
    at = line.indexOf(RECORD_START, at + 1);
  }
  return INVALID;
}

function readHeader(file: string, value: unknown): HeaderRecord {
  if (!isObject(value) || value.kind !== 'header') {
    throw new SessionFileError(file, 1, 'not a tick session file (no header)');
  }
  const version = value.v;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    throw new SessionFileError(
      file,
      1,
      `header has no valid format version (v: ${String(version)})`,
    );
  }
  if (version > SESSION_FORMAT_VERSION) {
    throw new SessionFileError(
      file,
      1,
      `written by a newer tick (format v${version}; this tick reads up to v${SESSION_FORMAT_VERSION}); upgrade tick to open it`,
    );
  }
  if (typeof value.id !== 'string' || typeof value.cwd !== 'string') {
    throw new SessionFileError(file, 1, 'header lacks the session id or cwd');
  }
  return {
    v: version,
    kind: 'header',
    id: value.id,
    cwd: value.cwd,
    startedAt: typeof value.startedAt === 'string' ? value.startedAt : '',
    model: typeof value.model === 'string' ? value.model : '',
    ...(typeof value.replayOf === 'string' ? { replayOf: value.replayOf } : {}),
    ...(value.startsRecorded === true ? { startsRecorded: true } : {}),
  };
}
