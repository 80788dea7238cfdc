import type { Command } from '../args';
import type { Config } from '../../config/types';
import { renderHtml } from '../../session/export-html';
import { renderMarkdown } from '../../session/export-markdown';
import { findSessionFile } from '../../session/list';
import { readSessionFile } from '../../session/reader';
import { buildReport } from '../../session/report';
import { exitOnSessionError, processIO, type CommandIO } from './io';

type ExportCommand = Extract<Command, { kind: 'export' }>;

/** `tick export ID [--format md|html]`: a session as a report on stdout. Returns the exit code. */
export function runExportCommand(
  command: ExportCommand,
  config: Config,
  io: CommandIO = processIO,
): Promise<number> {
  return exitOnSessionError(io, () => {
    const parsed = readSessionFile(findSessionFile(config, command.id, 'anywhere'));
    for (const notice of parsed.notices) io.stderr(`tick: ${notice}\n`);
    const report = buildReport(parsed);
    io.stdout(command.format === 'html' ? renderHtml(report) : renderMarkdown(report));
    return 0;
  });
}
