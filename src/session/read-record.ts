/** One session line read back as a record: its fields checked, its blob references resolved. */
import type { ChatMessage } from '../model/types';
import { isObject, resolveEvent, resolveMessage, type JsonObject } from './blob-refs';
import { SessionFileError } from './format';
import { withLooks } from './legacy-looks';
import { eventProblem, isKnownEvent, messageProblem, type ShapeProblem } from './record-shape';
import type { ReadRecord } from './reader';

/** A line that holds no usable record: why, for the notice. */
export type Damaged = { problem: string };

/**
 * The record a parsed line holds; undefined for one that only feeds others (a blob) or that
 * this tick does not need (a kind added later); `{ problem }` for a line to skip as damaged.
 * Throws SessionFileError for what makes the whole file unusable (a second header).
 */
export function readRecord(
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
      const damage = shapeDamage('event', eventProblem(event));
      if (damage) return damage;
      // A type added by a later tick within format v1: nothing this tick can show.
      if (!isKnownEvent(event)) return undefined;
      // Checked first: the looks are filled in from fields the check vouched for.
      return { kind: 'event', t, line, event: withLooks(event) };
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
