import type { AgentEvent } from '../protocol/events';
import type { ChatMessage } from '../model/types';

/** The session file format this tick writes and the newest it reads. */
export const SESSION_FORMAT_VERSION = 1;

/** Strings at least this long are stored once, in a blob line, and referenced elsewhere. */
export const BLOB_MIN_CHARS = 2048;

/** Where a large string went: the id of the blob line that holds it. */
export interface BlobRef {
  $blob: string;
}

/** A large tool input: JSON.parse of the blob (the tool call's arguments) gives it back. */
export interface JsonRef {
  $json: string;
}

export interface HeaderRecord {
  v: number;
  kind: 'header';
  id: string;
  cwd: string;
  startedAt: string;
  model: string;
  /** Set when this session is a replay of another session's file. */
  replayOf?: string;
  /**
   * Set by a tick that writes a `started` line before each call runs: a call without one
   * never ran. (In a file without it, such a call may have run.)
   */
  startsRecorded?: true;
}

/** An event as the loop yielded it; a large field may be a BlobRef. */
export interface EventRecord {
  kind: 'event';
  t: number;
  event: AgentEvent;
}

/** A message of a subagent's history (the side chain of the parent's call `parentCallId`). */
export interface SidechainRecord {
  kind: 'sidechain';
  t: number;
  agentId: string;
  parentCallId: string;
  message: ChatMessage;
}

export interface MessageRecord {
  kind: 'message';
  t: number;
  message: ChatMessage;
}

export interface BlobRecord {
  kind: 'blob';
  id: string;
  text: string;
}

/** "Allow always" added this rule for the rest of the session. */
export interface GrantRecord {
  kind: 'grant';
  t: number;
  rule: string;
}

/** `/permissions rm` took back an "allow always" grant of this session. */
export interface RevokeRecord {
  kind: 'revoke';
  t: number;
  rule: string;
}

/** State the messages do not carry, written when a prompt ends. */
export interface StateRecord {
  kind: 'state';
  t: number;
  roundsSinceTodo: number;
}

/** The session plans with the task tools on this list (written when a run starts using it). */
export interface TaskListRecord {
  kind: 'task_list';
  t: number;
  listId: string;
}

/** /clear: what came before is no longer the conversation (grants stay). */
export interface ClearRecord {
  kind: 'clear';
  t: number;
}

/**
 * The history was compacted: from here on the model's history is `messages` (the summary and
 * plan, then the kept recent messages), and later message records add to it. A rewind that
 * takes the conversation back writes one too (`by: "rewind"`: the history as it was then).
 */
export interface CompactRecord {
  kind: 'compact';
  t: number;
  messages: ChatMessage[];
  by?: 'rewind';
}

/**
 * Output of a call still running, as it arrived (see running-output.ts): the head in
 * pieces, then the latest tail (`tail`), replacing the one before.
 */
export interface OutputRecord {
  kind: 'output';
  t: number;
  /** The tool call's id. */
  id: string;
  text: string;
  /** Set on a tail: characters between the head and this text that were not recorded. */
  skipped?: number;
  tail?: true;
}

/**
 * Tool call `id` starts now: written before the tool runs (before a command is spawned), so
 * a kill at any moment after the call began leaves a log that says it may have done work.
 */
export interface StartedRecord {
  kind: 'started';
  t: number;
  id: string;
}

/** The line before this one was torn by a crash; readers skip it. */
export interface TornRecord {
  kind: 'torn';
  t: number;
  /** The 1-based number of the torn line. */
  skipLine: number;
}

export type SessionRecord =
  | HeaderRecord
  | EventRecord
  | MessageRecord
  | SidechainRecord
  | BlobRecord
  | GrantRecord
  | RevokeRecord
  | StateRecord
  | TaskListRecord
  | ClearRecord
  | CompactRecord
  | OutputRecord
  | StartedRecord
  | TornRecord;

/** Events not worth a line: the final tool_result and assistant_message carry their content. */
export const UNRECORDED_EVENTS: ReadonlySet<AgentEvent['type']> = new Set([
  'tool_output',
  'text_delta',
  'reasoning_delta',
]);

export function isJsonRef(value: unknown): value is JsonRef {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { $json?: unknown }).$json === 'string'
  );
}

export function isBlobRef(value: unknown): value is BlobRef {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { $blob?: unknown }).$blob === 'string'
  );
}

/** A session file that cannot be used; the message names the file and, when known, the line. */
export class SessionFileError extends Error {
  constructor(
    readonly file: string,
    readonly line: number | undefined,
    readonly detail: string,
  ) {
    super(line === undefined ? `${file}: ${detail}` : `${file} line ${line}: ${detail}`);
    this.name = 'SessionFileError';
  }
}

/** A session problem the user must resolve (not found, in use, ambiguous id). */
export class SessionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SessionError';
  }
}
