import type { Command } from '../args';
import type { Config } from '../../config/types';
import { renderHtml } from '../../session/export-html';
import { renderMarkdown } from '../../session/export-markdown';
import { findSessionFile } from '../../session/list';
import { readSessionFile } from '../../session/reader';
import { buildReport } from '../../session/report';
import { sessionPoints } from '../../checkpoints/export-points';
import { plainText } from '../../util/plain-text';
import { exitOnSessionError, processIO, type CommandIO } from './io';

type ExportCommand = Extract<Command, { kind: 'export' }>;

/**
 * `tick export ID [--format md|html]`: a session as a report on stdout, with the checkpoints
 * it took. Returns the exit code.
 */
export function runExportCommand(
  command: ExportCommand,
  config: Config,
  io: CommandIO = processIO,
): Promise<number> {
  return exitOnSessionError(io, async () => {
    const parsed = readSessionFile(findSessionFile(config, command.id, 'anywhere'));
    for (const notice of parsed.notices) io.stderr(`tick: ${notice}\n`);
    const report = buildReport(parsed);
    // A store that cannot be read costs the section, not the report.
    const points = await sessionPoints(config.home, report.header.cwd, report.header.id).catch(
      (error: unknown) => {
        io.stderr(
          `tick: checkpoints not listed: ${error instanceof Error ? error.message : String(error)}\n`,
        );
        return undefined;
      },
    );
    if (points) report.checkpoints = points;
    const text = command.format === 'html' ? renderHtml(report) : renderMarkdown(report);
    // What a session recorded (a program's output, older sessions' raw bytes) must not act
    // on the terminal or file the report goes to: no escapes, BELs or NULs.
    io.stdout(plainText(text));
    return 0;
  });
}
