import { randomBytes } from 'node:crypto';
import { closeSync, fstatSync, linkSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { AgentEvent } from '../protocol/events';
import type { ChatCompletionMessageToolCall } from 'openai/resources/chat/completions';
import type { ChatMessage } from '../model/types';
import {
  BLOB_MIN_CHARS,
  SessionFileError,
  UNRECORDED_EVENTS,
  type BlobRef,
  type HeaderRecord,
  type JsonRef,
  type SessionRecord,
} from './format';
import { appendWhole } from './append-whole';
import { acquireLock, type SessionLock } from './lock';
import { RunningOutput, TAIL_EVERY_MS } from './running-output';
import { lockFile } from './paths';
import { makePrivateDir, PRIVATE_FILE_MODE } from '../util/private-files';

/** How many recent large strings are remembered, so a repeat becomes a reference. */
const RECENT_BLOBS = 16;

export interface WriterOptions {
  /** Told once about the first failed write; the agent keeps running without the log. */
  onError?: (message: string) => void;
}

/**
 * Appends one session's records, one complete JSON line per synchronous write, so a
 * `kill -9` at any moment leaves only whole lines (or at worst one torn last line).
 * A large string is written once in a blob line; later lines refer to it.
 */
export class SessionWriter {
  private fd: number | undefined;
  private lock: SessionLock | undefined;
  /** Why the log stopped (a full disk): nothing is written after it. */
  private failure: string | undefined;
  /** Bytes in the file, so a failed record can be cut off again. */
  private size: number | undefined;
  private closed = false;
  private readonly recentBlobs = new Map<string, string>();
  /** Tool calls whose arguments went to a blob, until their tool_call_ready is written. */
  private readonly largeArguments = new Map<string, { blob: string; text: string }>();
  private readonly running = new RunningOutput();
  /** Writes the output tails held back, about a second after the first of them. */
  private tailTimer: NodeJS.Timeout | undefined;

  private constructor(
    readonly file: string,
    private readonly header: HeaderRecord | undefined,
    private readonly options: WriterOptions,
  ) {}

  /** A new session; the file (and its lock) appear with the first record. */
  static create(file: string, header: HeaderRecord, options: WriterOptions = {}): SessionWriter {
    return new SessionWriter(file, header, options);
  }

  /**
   * Appends to an existing session whose lock the caller holds. A file that ends mid-line
   * gets a newline first, and a marker telling readers to skip the torn line.
   */
  static append(
    file: string,
    lock: SessionLock,
    tail: { endsWithNewline: boolean; tornLine?: number },
    options: WriterOptions = {},
  ): SessionWriter {
    const writer = new SessionWriter(file, undefined, options);
    writer.lock = lock;
    writer.fd = openSync(file, 'a');
    if (!tail.endsWithNewline) {
      writer.writeRaw('\n');
      if (tail.tornLine !== undefined) {
        writer.write({ kind: 'torn', t: Date.now(), skipLine: tail.tornLine });
      }
    }
    return writer;
  }

  event(event: AgentEvent): void {
    if (event.type === 'tool_result') {
      // A call whose arguments did not parse ends without tool_call_ready: forget its text.
      this.largeArguments.delete(event.id);
      this.running.end(event.id);
    }
    if (event.type === 'tool_output') {
      const t = Date.now();
      for (const piece of this.running.push(event.id, event.chunk, t))
        this.write({ kind: 'output', t, ...piece });
      if (this.running.pending && !this.tailTimer) {
        this.tailTimer = setTimeout(() => this.writeTails(), TAIL_EVERY_MS);
        this.tailTimer.unref();
      }
    }
    if (UNRECORDED_EVENTS.has(event.type)) return;
    if (event.type === 'subagent_event') {
      // A child's event, on the side chain: its long strings are blobs like the parent's.
      if (UNRECORDED_EVENTS.has(event.event.type)) return;
      const recorded = { ...event, event: this.interned(event.event) };
      this.write({ kind: 'event', t: Date.now(), event: recorded });
      return;
    }
    const recorded = event.type === 'tool_call_ready' ? this.withInputRef(event) : event;
    this.write({ kind: 'event', t: Date.now(), event: this.interned(recorded) });
  }

  /** Tool call `id` is about to run: recorded before it can do anything. */
  started(id: string): void {
    this.write({ kind: 'started', t: Date.now(), id });
  }

  message(message: ChatMessage): void {
    this.write({ kind: 'message', t: Date.now(), message: this.recorded(message) });
  }

  /** A message of a subagent's own history: a side chain, never part of the parent's. */
  sidechain(agentId: string, parentCallId: string, message: ChatMessage): void {
    const recorded = this.interned(message);
    this.write({ kind: 'sidechain', t: Date.now(), agentId, parentCallId, message: recorded });
  }

  /** The history was compacted (or a rewind took it back): readers resume from these messages. */
  compact(messages: ChatMessage[], by?: 'rewind'): void {
    const recorded = messages.map((message) => this.recorded(message));
    this.write({ kind: 'compact', t: Date.now(), messages: recorded, ...(by ? { by } : {}) });
  }

  grant(rule: string): void {
    this.write({ kind: 'grant', t: Date.now(), rule });
  }

  revoke(rule: string): void {
    this.write({ kind: 'revoke', t: Date.now(), rule });
  }

  state(roundsSinceTodo: number): void {
    this.write({ kind: 'state', t: Date.now(), roundsSinceTodo });
  }

  taskList(listId: string): void {
    this.write({ kind: 'task_list', t: Date.now(), listId });
  }

  clear(): void {
    this.write({ kind: 'clear', t: Date.now() });
  }

  /** Set once a write failed: the message told to onError; the session is no longer saved. */
  get failed(): string | undefined {
    return this.failure;
  }

  close(): void {
    if (this.closed) return;
    this.writeTails();
    this.closed = true;
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
    this.lock?.release();
  }

  /** A message with its large strings (content, tool-call arguments) in blobs. */
  private recorded(message: ChatMessage): ChatMessage {
    let recorded = message;
    if (message.role === 'assistant' && message.tool_calls?.length) {
      recorded = {
        ...message,
        tool_calls: message.tool_calls.map((call) => this.internedCall(call)),
      };
    }
    return this.interned(recorded);
  }

  private writeTails(): void {
    clearTimeout(this.tailTimer);
    this.tailTimer = undefined;
    const t = Date.now();
    for (const piece of this.running.flush(t)) this.write({ kind: 'output', t, ...piece });
  }

  /** A large arguments text (a whole file for write_file) goes to a blob, remembered by call id. */
  private internedCall(call: ChatCompletionMessageToolCall): ChatCompletionMessageToolCall {
    if (call.type !== 'function' || call.function.arguments.length < BLOB_MIN_CHARS) return call;
    const ref = this.blob(call.function.arguments);
    this.largeArguments.set(call.id, { blob: ref.$blob, text: call.function.arguments });
    // On disk the arguments are a BlobRef; the reader puts the text back.
    const args = ref as unknown as string;
    return { ...call, function: { ...call.function, arguments: args } };
  }

  /** tool_call_ready's input is the parsed arguments: refer to their blob instead of a copy. */
  private withInputRef(event: Extract<AgentEvent, { type: 'tool_call_ready' }>): AgentEvent {
    const large = this.largeArguments.get(event.id);
    this.largeArguments.delete(event.id);
    if (!large) return event;
    let same: boolean;
    try {
      same = JSON.stringify(JSON.parse(large.text)) === JSON.stringify(event.input);
    } catch {
      same = false;
    }
    // The reader gives back JSON.parse(blob); only when that is exactly the input.
    return same ? { ...event, input: { $json: large.blob } satisfies JsonRef } : event;
  }

  /** Replaces top-level strings of BLOB_MIN_CHARS or more by references to blob lines. */
  private interned<T extends object>(object: T): T {
    let out: Record<string, unknown> | undefined;
    for (const [key, value] of Object.entries(object)) {
      if (typeof value !== 'string' || value.length < BLOB_MIN_CHARS) continue;
      out ??= { ...(object as Record<string, unknown>) };
      out[key] = this.blob(value);
    }
    // The record's field now holds a BlobRef where it held a long string; the reader swaps it back.
    return (out ?? object) as T;
  }

  private blob(text: string): BlobRef {
    let id = this.recentBlobs.get(text);
    if (id === undefined) {
      id = randomBytes(6).toString('hex');
      this.write({ kind: 'blob', id, text });
    } else {
      this.recentBlobs.delete(text);
    }
    this.recentBlobs.set(text, id);
    if (this.recentBlobs.size > RECENT_BLOBS) {
      const oldest = this.recentBlobs.keys().next().value;
      if (oldest !== undefined) this.recentBlobs.delete(oldest);
    }
    return { $blob: id };
  }

  private write(record: SessionRecord): void {
    this.writeRaw(`${JSON.stringify(record)}\n`);
  }

  /**
   * Appends whole records or none (appendWhole). After a failure nothing more is written (a
   * later record could refer to what was lost), and onError hears it once.
   */
  private writeRaw(text: string): void {
    if (this.closed || this.failure !== undefined) return;
    try {
      this.fd ??= this.createFile();
      const start = this.size ?? fstatSync(this.fd).size;
      const bytes = Buffer.from(text, 'utf8');
      appendWhole(this.fd, bytes, start);
      this.size = start + bytes.length;
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      this.failure = `session log ${this.file}: ${detail}; the session is no longer saved`;
      this.options.onError?.(this.failure);
    }
  }

  /** Header first, via a hard link so an existing file is never overwritten. */
  private createFile(): number {
    if (!this.header) throw new SessionFileError(this.file, undefined, 'no header to start it');
    makePrivateDir(dirname(this.file));
    this.lock ??= acquireLock(lockFile(this.file), `session ${this.header.id}`);
    const staging = `${this.file}.${process.pid}.new`;
    try {
      writeFileSync(staging, `${JSON.stringify(this.header)}\n`, {
        flag: 'wx',
        mode: PRIVATE_FILE_MODE,
      });
      linkSync(staging, this.file);
    } finally {
      rmSync(staging, { force: true });
    }
    return openSync(this.file, 'a', PRIVATE_FILE_MODE);
  }
}
