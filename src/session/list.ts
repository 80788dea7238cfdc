import { readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Config } from '../config/types';
import type { Todo } from '../todos/types';
import { SessionError } from './format';
import { liveLockOwner } from './lock';
import { isSafeSessionId, lockFile, sessionDir, sessionFile } from './paths';
import { readSessionFile } from './reader';

/** What `tick sessions`, `tick -p -r` and the app's picker show for one session. */
export interface SessionSummary {
  id: string;
  file: string;
  /** ISO time from the header. */
  startedAt: string;
  /** Time of the last record (ms since the epoch). */
  lastActivity: number;
  model: string;
  /** The first prompt the user typed ('' when none yet). */
  firstPrompt: string;
  /** Prompts the user typed. */
  prompts: number;
  todos: { done: number; total: number };
  /** The pid of a live tick process writing it now. */
  inUseBy?: number;
  /** Why the file cannot be resumed (corrupt, foreign, newer format). */
  error?: string;
}

/** The workspace's sessions, most recently active first. Unreadable files are listed with `error`. */
export function listSessions(config: Pick<Config, 'home' | 'cwd'>): SessionSummary[] {
  const dir = sessionDir(config.home, config.cwd);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((name) => name.endsWith('.jsonl'))
    .map((name) => summarise(sessionFile(dir, basename(name, '.jsonl'))))
    .sort((a, b) => b.lastActivity - a.lastActivity || b.startedAt.localeCompare(a.startedAt));
}

export function summarise(file: string): SessionSummary {
  const id = basename(file, '.jsonl');
  const inUseBy = liveLockOwner(lockFile(file));
  const base = { id, file, ...(inUseBy !== undefined ? { inUseBy } : {}) };
  try {
    const parsed = readSessionFile(file);
    let firstPrompt = '';
    let prompts = 0;
    let todos: Todo[] = [];
    let lastActivity = Date.parse(parsed.header.startedAt) || 0;
    for (const record of parsed.records) {
      lastActivity = Math.max(lastActivity, record.t);
      if (record.kind !== 'event') continue;
      const { event } = record;
      if (event.type === 'user_prompt' && event.source === 'user') {
        prompts += 1;
        if (!firstPrompt) firstPrompt = event.text;
      }
      if (event.type === 'todos_updated') todos = event.todos;
    }
    return {
      ...base,
      id: parsed.header.id,
      startedAt: parsed.header.startedAt,
      lastActivity,
      model: parsed.header.model,
      firstPrompt,
      prompts,
      todos: {
        done: todos.filter((todo) => todo.status === 'completed').length,
        total: todos.length,
      },
    };
  } catch (error) {
    let mtime = 0;
    try {
      mtime = statSync(file).mtimeMs;
    } catch {
      // Vanished while listing: keep the entry with its error.
    }
    return {
      ...base,
      startedAt: '',
      lastActivity: mtime,
      model: '',
      firstPrompt: '',
      prompts: 0,
      todos: { done: 0, total: 0 },
      error: error instanceof Error ? error.message : String(error),
    };
  }
}

/** The shortest id prefix that picks a session: shorter ones match too much by chance. */
export const MIN_ID_PREFIX = 4;

/** Session ids in a folder: the exact id alone, else those it is a prefix of. */
function matchingIds(dir: string, id: string): string[] {
  let ids: string[];
  try {
    ids = readdirSync(dir)
      .filter((name) => name.endsWith('.jsonl'))
      .map((name) => basename(name, '.jsonl'));
  } catch {
    return [];
  }
  if (ids.includes(id)) return [id];
  return id.length >= MIN_ID_PREFIX ? ids.filter((candidate) => candidate.startsWith(id)) : [];
}

/**
 * The file of a session by id or unique id prefix (at least 4 characters), in the
 * workspace's folder; `anywhere` looks in every workspace's folder when the workspace has
 * none (export works from any folder). Throws SessionError when none or several match.
 */
export function findSessionFile(
  config: Pick<Config, 'home' | 'cwd'>,
  id: string,
  where: 'workspace' | 'anywhere' = 'workspace',
): string {
  if (!isSafeSessionId(id)) throw new SessionError(`'${id}' is not a session id`);
  const projects = join(config.home, 'projects');
  let matches = matchingFiles(sessionDir(config.home, config.cwd), id);
  if (matches.length === 0 && where === 'anywhere') {
    matches = subfolders(projects).flatMap((dir) => matchingFiles(dir, id));
  }
  if (matches.length === 1) return matches[0];
  if (matches.length > 1) {
    const ids = matches.map((file) => basename(file, '.jsonl'));
    throw new SessionError(`session id '${id}' is ambiguous: ${ids.join(', ')}`);
  }
  if (id.length < MIN_ID_PREFIX) {
    throw new SessionError(
      `'${id}' is too short to pick a session: give its id or at least ${MIN_ID_PREFIX} characters of it; \`tick sessions\` lists them`,
    );
  }
  const place =
    where === 'anywhere' ? `in any workspace (${projects})` : `in this workspace (${config.cwd})`;
  throw new SessionError(`no session '${id}' ${place}; \`tick sessions\` lists them`);
}

function matchingFiles(dir: string, id: string): string[] {
  return matchingIds(dir, id).map((match) => sessionFile(dir, match));
}

function subfolders(dir: string): string[] {
  try {
    return readdirSync(dir).map((name) => join(dir, name));
  } catch {
    return []; // No sessions recorded anywhere yet.
  }
}
