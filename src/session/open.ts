import { randomUUID } from 'node:crypto';
import { basename } from 'node:path';
import type { Config } from '../config/types';
import type { ChatMessage } from '../model/types';
import type { AgentEvent } from '../protocol/events';
import { assertNever } from '../util/assert-never';
import { SESSION_FORMAT_VERSION, SessionError, type HeaderRecord } from './format';
import { findSessionFile, listSessions } from './list';
import { acquireLock, type SessionLock } from './lock';
import { lockFile, sessionDataDir, sessionDir, sessionFile } from './paths';
import { readSessionFile } from './reader';
import { restoreSession, type RestoredSession, type SessionState } from './restore';
import { SessionWriter } from './writer';

/** Which session to go on with: `--continue` the newest here, `--resume` one by id or (without an id) one the user picks. */
export type ResumeTarget = { kind: 'latest' } | { kind: 'pick' } | { kind: 'id'; id: string };

/**
 * What a session supplies to createAgent's options: the state to start from and the
 * observers that keep the log.
 */
export interface SessionAgentOptions {
  /** The restored state (a new session's is empty). */
  state: SessionState;
  /** Rules granted with "allow always" earlier in the session. */
  grantedRules: string[];
  /** The session's own folder: long tool outputs are kept there. */
  dataDir: string;
  onEvent: (event: AgentEvent) => void;
  onMessage: (message: ChatMessage) => void;
  onGrant: (rule: string) => void;
  onRevoke: (rule: string) => void;
  onTurnEnd: (state: Readonly<SessionState>) => void;
  onReset: () => void;
  onCompact: (messages: ChatMessage[]) => void;
  onRewind: (messages: ChatMessage[]) => void;
  onTaskList: (listId: string) => void;
  onSubagentMessage: (agentId: string, parentCallId: string, message: ChatMessage) => void;
  /** A call of the main agent is about to run: its start is recorded before it does. */
  onToolStart: (callId: string) => void;
}

export interface OpenedSession {
  id: string;
  /** The JSONL file (it appears with the first record of a new session). */
  file: string;
  /** Spread into createAgent's options (chain your own onEvent/onMessage around these). */
  agentOptions: SessionAgentOptions;
  /** Set when resuming: the state, the grants and the events to repaint. */
  restored?: RestoredSession;
  /** Lines for the user (a torn last line was ignored). */
  notices: string[];
  /** Why the log stopped being written (a full disk), once it has: the session is no longer saved. */
  failure(): string | undefined;
  /** Closes the file and releases the lock. Idempotent. */
  close(): void;
}

export interface OpenSessionOptions {
  /** Told once if writing the log fails (disk full): the run goes on unsaved. */
  onError?: (message: string) => void;
  /** Recorded in the header of a new session. */
  replayOf?: string;
}

/**
 * A session ready for an agent: a new one, or the one `resume` names (`latest`: the most
 * recently active in the workspace). Resuming locks the file (a SessionError if another live
 * tick holds it), restores its state and appends to it. `pick` is the caller's job: show
 * `listSessions(config)` and call again with `{ kind: 'id', id }`.
 */
export async function openSessionForRun(
  config: Config,
  resume?: ResumeTarget,
  options: OpenSessionOptions = {},
): Promise<OpenedSession> {
  if (!resume) return openNew(config, options);
  const file = resumeFile(config, resume);
  const id = basename(file, '.jsonl');
  const lock = acquireLock(lockFile(file), `session ${id}`);
  try {
    return openExisting(file, lock, options);
  } catch (error) {
    lock.release();
    throw error;
  }
}

function resumeFile(config: Config, resume: ResumeTarget): string {
  switch (resume.kind) {
    case 'id':
      return findSessionFile(config, resume.id);
    case 'latest': {
      const newest = listSessions(config)[0];
      if (!newest) {
        throw new SessionError(
          `no session to continue in this workspace (${config.cwd}); run \`tick\` to start one`,
        );
      }
      return newest.file;
    }
    case 'pick':
      throw new SessionError('resume needs a session id: pick one from listSessions()');
    default:
      return assertNever(resume);
  }
}

function openNew(config: Config, options: OpenSessionOptions): OpenedSession {
  const id = randomUUID();
  const file = sessionFile(sessionDir(config.home, config.cwd), id);
  const header: HeaderRecord = {
    v: SESSION_FORMAT_VERSION,
    kind: 'header',
    id,
    cwd: config.cwd,
    startedAt: new Date().toISOString(),
    model: config.demo ? 'demo' : config.model,
    ...(options.replayOf ? { replayOf: options.replayOf } : {}),
    startsRecorded: true,
  };
  const writer = SessionWriter.create(file, header, { onError: options.onError });
  return {
    id,
    file,
    agentOptions: observers(
      writer,
      { sessionId: id, messages: [], todos: [], roundsSinceTodo: 0 },
      [],
      sessionDataDir(file),
    ),
    notices: [],
    failure: () => writer.failed,
    close: () => writer.close(),
  };
}

function openExisting(file: string, lock: SessionLock, options: OpenSessionOptions): OpenedSession {
  const parsed = readSessionFile(file);
  const restored = restoreSession(parsed);
  const writer = SessionWriter.append(file, lock, parsed, { onError: options.onError });
  for (const repair of restored.repairs) {
    writer.event(repair.event);
    writer.message(repair.message);
  }
  return {
    id: restored.id,
    file,
    agentOptions: observers(writer, restored.state, restored.grantedRules, sessionDataDir(file)),
    restored,
    notices: restored.notices,
    failure: () => writer.failed,
    close: () => writer.close(),
  };
}

function observers(
  writer: SessionWriter,
  state: SessionState,
  grantedRules: string[],
  dataDir: string,
): SessionAgentOptions {
  return {
    state,
    grantedRules,
    dataDir,
    onEvent: (event) => writer.event(event),
    onMessage: (message) => writer.message(message),
    onGrant: (rule) => writer.grant(rule),
    onRevoke: (rule) => writer.revoke(rule),
    onTurnEnd: (current) => writer.state(current.roundsSinceTodo),
    onReset: () => writer.clear(),
    onCompact: (messages) => writer.compact(messages),
    onRewind: (messages) => writer.compact(messages, 'rewind'),
    onTaskList: (listId) => writer.taskList(listId),
    onSubagentMessage: (agentId, parentCallId, message) =>
      writer.sidechain(agentId, parentCallId, message),
    onToolStart: (callId) => writer.started(callId),
  };
}
