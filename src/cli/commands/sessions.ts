import { rmSync, unlinkSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import type { Command } from '../args';
import type { Config } from '../../config/types';
import { claudeTranscriptFile } from '../../session/claude-transcript';
import { findSessionFile, listSessions } from '../../session/list';
import { sessionsTable } from '../../session/list-text';
import { acquireLock } from '../../session/lock';
import { lockFile, sessionDataDir } from '../../session/paths';
import { exitOnSessionError, processIO, type CommandIO } from './io';

type SessionsCommand = Extract<Command, { kind: 'sessions' }>;

/** `tick sessions`, `tick sessions rm ID`. Returns the exit code. */
export function runSessionsCommand(
  command: SessionsCommand,
  config: Config,
  io: CommandIO = processIO,
): Promise<number> {
  return exitOnSessionError(io, () =>
    command.action === 'rm' ? removeSession(config, command.id, io) : list(config, io),
  );
}

function list(config: Config, io: CommandIO): number {
  const sessions = listSessions(config);
  io.stdout(
    sessions.length ? sessionsTable(sessions) : `No sessions in this workspace (${config.cwd}).\n`,
  );
  return 0;
}

/** Refuses a session a live tick is writing; holds its lock while deleting. */
function removeSession(config: Config, id: string, io: CommandIO): number {
  const file = findSessionFile(config, id);
  const name = basename(file, '.jsonl');
  const lock = acquireLock(lockFile(file), `session ${name}`);
  try {
    unlinkSync(file);
    // Its Claude-shaped companion for hooks goes with it.
    rmSync(claudeTranscriptFile(dirname(file), name), { force: true });
    // Its folder of long tool outputs goes with it.
    rmSync(sessionDataDir(file), { recursive: true, force: true });
  } finally {
    lock.release();
  }
  io.stdout(`Removed session ${name}\n`);
  return 0;
}
