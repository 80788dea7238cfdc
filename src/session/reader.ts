import { readFileSync } from 'node:fs';
import type { ChatMessage } from '../model/types';
import { isObject, resolveEvent, resolveMessage, type JsonObject } from './blob-refs';
import {
  SESSION_FORMAT_VERSION,
  SessionFileError,
  type HeaderRecord,
  type SessionRecord,
} from './format';
import { eventProblem, messageProblem, type ShapeProblem } from './record-shape';

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
  const more = damaged.length - told.length;
  if (more > 0) {
    const lines = damaged.slice(DAMAGE_NOTICES).map(({ line }) => line);
    told.push(`${file}: skipped ${more} more damaged lines (${lines.join(', ')})`);
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

/**
 * A record written right after one cut short by a full disk (an older tick went on writing
 * when space came back): the whole record after the cut, when one parses to the line's end.
 */
function salvageRecord(line: string): unknown {
  for (let at = line.indexOf(RECORD_START, 1); at > 0; at = line.indexOf(RECORD_START, at + 1)) {
    const value = parseLine(line.slice(at));
    if (value !== INVALID) return value;
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

/** A line that holds no usable record: why, for the notice. */
type Damaged = { problem: string };

function readRecord(
  file: string,
  line: number,
  value: unknown,
  blobs: Map<string, string>,
): ReadRecord | Damaged | undefined {
  if (!isObject(value) || typeof value.kind !== 'string') {
    return { problem: 'not a session record (no "kind")' };
  }
  try {
    return recordOf(file, line, value, blobs);
  } catch (error) {
    // A reference to a blob whose line was damaged: this record is lost with it.
    if (error instanceof SessionFileError && error.line === line) return { problem: error.detail };
    throw error;
  }
}

function shapeDamage(what: string, problem: ShapeProblem | undefined): Damaged | undefined {
  return problem && { problem: `${what}${problem.at}: ${problem.text}` };
}

function recordOf(
  file: string,
  line: number,
  value: JsonObject,
  blobs: Map<string, string>,
): ReadRecord | Damaged | undefined {
  const t = typeof value.t === 'number' ? value.t : 0;
  switch (value.kind) {
    case 'blob':
      if (typeof value.id !== 'string' || typeof value.text !== 'string') {
        return { problem: 'blob record lacks id or text' };
      }
      blobs.set(value.id, value.text);
      return undefined;
    case 'event': {
      if (!isObject(value.event) || typeof value.event.type !== 'string') {
        return { problem: 'event record has no event type' };
      }
      const event = resolveEvent(file, line, value.event, blobs);
      return shapeDamage('event', eventProblem(event)) ?? { kind: 'event', t, line, event };
    }
    case 'message': {
      const message = readMessage(file, line, value.message, blobs);
      return 'problem' in message ? message : { kind: 'message', t, line, message: message.ok };
    }
    case 'grant':
    case 'revoke':
      if (typeof value.rule !== 'string') return { problem: `${value.kind} record has no rule` };
      return { kind: value.kind, t, line, rule: value.rule };
    case 'state':
      return {
        kind: 'state',
        t,
        line,
        roundsSinceTodo: typeof value.roundsSinceTodo === 'number' ? value.roundsSinceTodo : 0,
      };
    case 'task_list':
      if (typeof value.listId !== 'string') return { problem: 'task_list record has no listId' };
      return { kind: 'task_list', t, line, listId: value.listId };
    case 'clear':
      return { kind: 'clear', t, line };
    case 'compact': {
      if (!Array.isArray(value.messages)) return { problem: 'compact record has no messages' };
      const messages: ChatMessage[] = [];
      for (const item of value.messages as unknown[]) {
        const message = readMessage(file, line, item, blobs);
        if ('problem' in message) return { problem: `compact record: ${message.problem}` };
        messages.push(message.ok);
      }
      return { kind: 'compact', t, line, messages };
    }
    case 'output':
      if (typeof value.id !== 'string' || typeof value.text !== 'string') {
        return { problem: 'output record lacks id or text' };
      }
      return {
        kind: 'output',
        t,
        line,
        id: value.id,
        text: value.text,
        ...(value.tail === true
          ? { tail: true, skipped: typeof value.skipped === 'number' ? value.skipped : 0 }
          : {}),
      };
    case 'started':
      if (typeof value.id !== 'string') return { problem: 'started record has no call id' };
      return { kind: 'started', t, line, id: value.id };
    case 'torn':
      // Already used: the torn line it names was skipped.
      return undefined;
    case 'sidechain': {
      // A subagent's history: never the parent's (resume shows the child by its events).
      if (typeof value.agentId !== 'string' || typeof value.parentCallId !== 'string') {
        return { problem: 'sidechain record lacks agentId or parentCallId' };
      }
      const message = readMessage(file, line, value.message, blobs);
      if ('problem' in message) return message;
      return {
        kind: 'sidechain',
        t,
        line,
        agentId: value.agentId,
        parentCallId: value.parentCallId,
        message: message.ok,
      };
    }
    case 'header':
      throw new SessionFileError(file, line, 'a second header (two files joined?)');
    default:
      // A kind added later within format v1: nothing this tick needs.
      return undefined;
  }
}

/** A message of a record, its blob references resolved and its fields checked. */
function readMessage(
  file: string,
  line: number,
  value: unknown,
  blobs: Map<string, string>,
): { ok: ChatMessage } | Damaged {
  if (!isObject(value)) return { problem: 'message: an object expected' };
  const message = resolveMessage(file, line, value, blobs);
  return shapeDamage('message', messageProblem(message)) ?? { ok: message };
}
