import { unlinkSync } from 'node:fs';
import { basename } from 'node:path';
import type { Command } from '../cli/args';
import type { Config } from '../config/types';
import { assertNever } from '../util/assert-never';
import { renderHtml } from './export-html';
import { renderMarkdown } from './export-markdown';
import { SessionError, SessionFileError } from './format';
import { findSessionFile, listSessions } from './list';
import { sessionsTable } from './list-text';
import { acquireLock } from './lock';
import { lockFile } from './paths';
import { readSessionFile } from './reader';
import { buildReport } from './report';

type SessionCommand = Extract<Command, { kind: 'sessions' | 'export' }>;

export interface CommandIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

const processIO: CommandIO = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};

/** `tick sessions`, `tick sessions rm ID`, `tick export ID`. Returns the exit code. */
export async function runSessionCommand(
  command: SessionCommand,
  config: Config,
  io: CommandIO = processIO,
): Promise<number> {
  try {
    switch (command.kind) {
      case 'sessions':
        return command.action === 'rm' ? removeSession(config, command.id, io) : list(config, io);
      case 'export':
        return exportSession(config, command.id, command.format, io);
      default:
        return assertNever(command);
    }
  } catch (error) {
    if (error instanceof SessionError || error instanceof SessionFileError) {
      io.stderr(`tick: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
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
  } finally {
    lock.release();
  }
  io.stdout(`Removed session ${name}\n`);
  return 0;
}

function exportSession(config: Config, id: string, format: 'md' | 'html', io: CommandIO): number {
  const parsed = readSessionFile(findSessionFile(config, id, 'anywhere'));
  for (const notice of parsed.notices) io.stderr(`tick: ${notice}\n`);
  const report = buildReport(parsed);
  io.stdout(format === 'html' ? renderHtml(report) : renderMarkdown(report));
  return 0;
}
