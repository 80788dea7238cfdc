/**
 * The stdio transport: the server runs as a child process, one JSON-RPC message per line
 * on its stdin and stdout (the SDK's framing and message checks). tick's own rather than
 * the SDK's StdioClientTransport because a server must die with tick however tick ends:
 * it runs in its own process group, marked like bash commands (group-watchdog.ts), and
 * the whole group is stopped on close. Its stderr goes to a log file, never the screen.
 * A line that is not a JSON-RPC message is a fault (`onerror`, then the transport closes):
 * stdout belongs to the protocol.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';
import { dirname } from 'node:path';
import { deserializeMessage, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { RUN_MARK } from '../tools/group-watchdog';
import { killProcessGroup, trackGroup, untrackGroup } from '../tools/process-group';
import { makePrivateDir, PRIVATE_FILE_MODE } from '../util/private-files';

export interface StdioOptions {
  command: string;
  args: string[];
  /** Added to tick's environment. */
  env: Record<string, string>;
  cwd: string;
  /** Where stderr is appended. */
  logFile: string;
  /** The server's name, written at the head of each start in the log. */
  name: string;
}

/** A message longer than this without a newline is a fault, not a reason to run out of memory. */
const MAX_LINE_BYTES = 64 * 1024 * 1024;
/** Time between SIGTERM and SIGKILL when a server is stopped. */
const STOP_GRACE_MS = 1_000;
/** After the server's exit, time for its last output to be read before the pipes are dropped. */
const EXIT_SETTLE_MS = 200;

/** Why a stdio server went away: its exit, for the one line the user reads. */
export class ServerExit {
  constructor(
    readonly code: number | null,
    readonly signal: NodeJS.Signals | null,
  ) {}

  toString(): string {
    if (this.signal) return `the server was killed (${this.signal})`;
    return `the server exited with code ${this.code ?? '?'}`;
  }
}

export class StdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private child: ChildProcess | undefined;
  private log: WriteStream | undefined;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private closed = false;
  private finished = false;
  /** How the process ended, once it has. */
  exit: ServerExit | undefined;

  constructor(private readonly options: StdioOptions) {}

  get pid(): number | undefined {
    return this.child?.pid;
  }

  start(): Promise<void> {
    const { options } = this;
    this.log = openLog(options.logFile, options.name, options.command, options.args);
    return new Promise((resolve, reject) => {
      const child = spawn(options.command, options.args, {
        cwd: options.cwd,
        env: { ...process.env, ...options.env, ...RUN_MARK },
        stdio: ['pipe', 'pipe', 'pipe'],
        // Its own process group, so stopping it stops what it started too.
        detached: true,
      });
      this.child = child;
      child.once('error', (error) => {
        const reason =
          (error as NodeJS.ErrnoException).code === 'ENOENT'
            ? new Error(`command not found: ${options.command}`)
            : error;
        reject(reason);
        this.fail(reason);
      });
      child.once('spawn', () => {
        if (child.pid) trackGroup(child.pid);
        resolve();
      });
      child.once('exit', (code, signal) => {
        this.exit = new ServerExit(code, signal);
        this.log?.write(`--- ${this.exit.toString()}\n`);
        // What the server started may hold its stdout open: stop them shortly after.
        setTimeout(() => void this.close(), EXIT_SETTLE_MS).unref();
      });
      child.once('close', () => {
        if (child.pid) untrackGroup(child.pid);
        this.finish();
      });
      child.stdout?.on('data', (chunk: Buffer) => this.receive(chunk));
      child.stderr?.on('data', (chunk: Buffer) => this.log?.write(chunk));
      // A server that stops reading (or dies) makes writes fail: the exit says why.
      child.stdin?.on('error', () => undefined);
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.child?.stdin;
    if (!stdin || this.closed || !stdin.writable) return Promise.reject(new Error('Not connected'));
    return new Promise((resolve) => {
      if (stdin.write(serializeMessage(message))) resolve();
      else stdin.once('drain', () => resolve());
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const child = this.child;
    if (child?.pid) {
      child.stdin?.end();
      // The group, not just the child: an exited `npx` may leave its server running.
      await killProcessGroup(child.pid, STOP_GRACE_MS);
      untrackGroup(child.pid);
    }
    this.finish();
  }

  /** Lines are split as they arrive: only the new chunk is searched for the newline. */
  private receive(chunk: Buffer): void {
    let start = 0;
    for (let newline = chunk.indexOf(10); newline !== -1; newline = chunk.indexOf(10, start)) {
      this.pending.push(chunk.subarray(start, newline));
      const line = Buffer.concat(this.pending).toString('utf8').replace(/\r$/, '');
      this.pending = [];
      this.pendingBytes = 0;
      start = newline + 1;
      if (line.trim() !== '') this.deliver(line);
      if (this.closed) return;
    }
    if (start < chunk.length) {
      this.pending.push(chunk.subarray(start));
      this.pendingBytes += chunk.length - start;
      if (this.pendingBytes > MAX_LINE_BYTES)
        this.fault(new Error(`sent a message of more than ${MAX_LINE_BYTES / 1024 / 1024} MB`));
    }
  }

  private deliver(line: string): void {
    let message: JSONRPCMessage;
    try {
      message = deserializeMessage(line);
    } catch {
      this.fault(new MalformedMessageError(line));
      return;
    }
    this.onmessage?.(message);
  }

  /** A protocol fault: said once, then the connection ends (pending requests fail). */
  private fault(error: Error): void {
    if (this.closed) return;
    this.log?.write(`--- ${error.message}\n`);
    this.onerror?.(error);
    void this.close();
  }

  private fail(error: Error): void {
    this.log?.write(`--- ${error.message}\n`);
    this.onerror?.(error);
    this.finish();
  }

  private finish(): void {
    if (this.finished) return;
    this.finished = true;
    this.closed = true;
    this.log?.end();
    this.log = undefined;
    const onclose = this.onclose;
    this.onclose = undefined;
    onclose?.();
  }
}

/** stdout carried something that is not a JSON-RPC message. */
export class MalformedMessageError extends Error {
  constructor(readonly line: string) {
    const shown = line.length > 80 ? `${line.slice(0, 80)}…` : line;
    super(`sent a line that is not a JSON-RPC message: ${JSON.stringify(shown)}`);
  }
}

function openLog(
  file: string,
  name: string,
  command: string,
  args: string[],
): WriteStream | undefined {
  try {
    // The server's stderr may hold whatever it read: private, as tick's other files are.
    makePrivateDir(dirname(file));
    const stream = createWriteStream(file, { flags: 'a', mode: PRIVATE_FILE_MODE });
    stream.on('error', () => undefined);
    stream.write(
      `--- ${new Date().toISOString()} start ${name}: ${[command, ...args].join(' ')}\n`,
    );
    return stream;
  } catch {
    return undefined;
  }
}
