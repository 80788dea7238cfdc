import { readFileSync } from 'node:fs';
import { isObject, resolveEvent, resolveMessage, type JsonObject } from './blob-refs';
import { withLooks } from './legacy-looks';
import {
  SESSION_FORMAT_VERSION,
  SessionFileError,
  type HeaderRecord,
  type SessionRecord,
} from './format';

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
  /** Lines in the file, counting a torn last one. */
  lineCount: number;
  /** False when the file ends in the middle of a line (append a newline before writing). */
  endsWithNewline: boolean;
}

/**
 * Reads a session file without changing it. Throws SessionFileError naming the file and line
 * for a foreign file, a newer format, or a corrupt line before the last; a torn last line (a
 * crash mid-write) is skipped with a notice.
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
  const blobs = new Map<string, string>();
  const records: ReadRecord[] = [];
  let header: HeaderRecord | undefined;
  let tornLine: number | undefined;

  const parsed: (unknown | typeof INVALID)[] = lines.map(parseLine);
  for (let index = 0; index < lines.length; index += 1) {
    const line = index + 1;
    const value = parsed[index];
    if (value === INVALID) {
      if (index === lines.length - 1 && !endsWithNewline) {
        if (!header) throw new SessionFileError(file, line, 'not a tick session file (no header)');
        tornLine = line;
        notices.push(`${file} line ${line}: ignored a torn last line (an interrupted write)`);
        continue;
      }
      if (isTornMarker(parsed[index + 1], line)) continue;
      if (!header) throw new SessionFileError(file, line, 'not a tick session file (no header)');
      throw new SessionFileError(file, line, 'not valid JSON');
    }
    if (!header) {
      header = readHeader(file, value);
      continue;
    }
    if (!isObject(value) || typeof value.kind !== 'string') {
      throw new SessionFileError(file, line, 'not a session record (no "kind")');
    }
    const record = readRecord(file, line, value, blobs);
    if (record) records.push(record);
  }
  if (!header) throw new SessionFileError(file, 1, 'not a tick session file (no header)');
  return {
    file,
    header,
    records,
    notices,
    tornLine,
    lineCount: lines.length,
    endsWithNewline,
  };
}

const INVALID = Symbol('invalid');

function parseLine(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return INVALID;
  }
}

function isTornMarker(next: unknown, line: number): boolean {
  return isObject(next) && next.kind === 'torn' && next.skipLine === line;
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
  };
}

function readRecord(
  file: string,
  line: number,
  value: JsonObject,
  blobs: Map<string, string>,
): ReadRecord | undefined {
  const t = typeof value.t === 'number' ? value.t : 0;
  switch (value.kind) {
    case 'blob':
      if (typeof value.id !== 'string' || typeof value.text !== 'string') {
        throw new SessionFileError(file, line, 'blob record lacks id or text');
      }
      blobs.set(value.id, value.text);
      return undefined;
    case 'event': {
      const event = value.event;
      if (!isObject(event) || typeof event.type !== 'string') {
        throw new SessionFileError(file, line, 'event record has no event type');
      }
      return {
        kind: 'event',
        t,
        line,
        event: withLooks(resolveEvent(file, line, event, blobs)),
      };
    }
    case 'message': {
      const message = value.message;
      if (!isObject(message) || typeof message.role !== 'string') {
        throw new SessionFileError(file, line, 'message record has no role');
      }
      return { kind: 'message', t, line, message: resolveMessage(file, line, message, blobs) };
    }
    case 'grant':
    case 'revoke':
      if (typeof value.rule !== 'string') {
        throw new SessionFileError(file, line, `${value.kind} record has no rule`);
      }
      return { kind: value.kind, t, line, rule: value.rule };
    case 'state':
      return {
        kind: 'state',
        t,
        line,
        roundsSinceTodo: typeof value.roundsSinceTodo === 'number' ? value.roundsSinceTodo : 0,
      };
    case 'task_list':
      if (typeof value.listId !== 'string')
        throw new SessionFileError(file, line, 'task_list record has no listId');
      return { kind: 'task_list', t, line, listId: value.listId };
    case 'clear':
      return { kind: 'clear', t, line };
    case 'compact': {
      const messages = value.messages;
      if (!Array.isArray(messages)) {
        throw new SessionFileError(file, line, 'compact record has no messages');
      }
      return {
        kind: 'compact',
        t,
        line,
        messages: messages.map((message: unknown) => {
          if (!isObject(message) || typeof message.role !== 'string') {
            throw new SessionFileError(file, line, 'compact record has a message without a role');
          }
          return resolveMessage(file, line, message, blobs);
        }),
      };
    }
    case 'output':
      if (typeof value.id !== 'string' || typeof value.text !== 'string') {
        throw new SessionFileError(file, line, 'output record lacks id or text');
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
    case 'torn':
      // Already used: the torn line it names was skipped.
      return undefined;
    case 'sidechain': {
      // A subagent's history: never the parent's (resume shows the child by its events).
      const message = value.message;
      if (
        typeof value.agentId !== 'string' ||
        typeof value.parentCallId !== 'string' ||
        !isObject(message) ||
        typeof message.role !== 'string'
      ) {
        throw new SessionFileError(
          file,
          line,
          'sidechain record lacks agentId, parentCallId or a message',
        );
      }
      return {
        kind: 'sidechain',
        t,
        line,
        agentId: value.agentId,
        parentCallId: value.parentCallId,
        message: resolveMessage(file, line, message, blobs),
      };
    }
    case 'header':
      throw new SessionFileError(file, line, 'a second header (two files joined?)');
    default:
      // A kind added later within format v1: nothing this tick needs.
      return undefined;
  }
}
