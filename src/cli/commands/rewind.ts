/** `tick rewind`: the workspace's checkpoints from the shell (list, go back, undo one item). */
import type { Command } from '../args';
import { CheckpointService } from '../../checkpoints/service';
import type { RewindChoice } from '../../protocol/checkpoints';
import { pointsTable } from '../../checkpoints/list-text';
import { rewindReportLines } from '../../checkpoints/report-text';
import { StoreError } from '../../checkpoints/store';
import { CHECKPOINTS_DEFAULTS, type Config } from '../../config/types';
import { processIO, type CommandIO } from './io';

type RewindCommand = Extract<Command, { kind: 'rewind' }>;

/** A problem the user can act on: one line, exit 1. */
class RewindCommandError extends Error {}

/** Lists, rewinds or undoes, as the command says. Returns the exit code. */
export async function runRewindCommand(
  command: RewindCommand,
  config: Config,
  io: CommandIO = processIO,
): Promise<number> {
  const settings = config.checkpoints ?? CHECKPOINTS_DEFAULTS;
  let service: CheckpointService | undefined;
  try {
    // No watching: one look at the files now is all a command needs.
    service = await CheckpointService.open({
      home: config.home,
      workspace: config.cwd,
      roots: [config.cwd, ...config.addDirs],
      ...settings,
      watch: false,
    });
    if (command.undo !== undefined) return await undo(service, command, io);
    if (command.point !== undefined) return await rewind(service, command, io);
    return await list(service, config, io);
  } catch (error) {
    if (error instanceof RewindCommandError || error instanceof StoreError) {
      io.stderr(`tick: ${error.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    await service?.close();
  }
}

/** The sessions that have points, newest first. */
async function sessionsOf(service: CheckpointService): Promise<string[]> {
  const points = await service.points();
  return [...new Set(points.map((point) => point.session).reverse())];
}

/** `--session ID` (a unique prefix is enough), else the newest session with points. */
async function chooseSession(service: CheckpointService, wanted?: string): Promise<string> {
  const sessions = await sessionsOf(service);
  if (wanted === undefined) {
    if (!sessions[0]) throw new RewindCommandError(`no checkpoints in ${service.store.dir} yet`);
    return sessions[0];
  }
  const matches = sessions.filter((id) => id.startsWith(wanted));
  if (matches.length === 1) return matches[0];
  throw new RewindCommandError(
    matches.length
      ? `session '${wanted}' is ambiguous: ${matches.join(', ')}`
      : `no checkpoints of a session '${wanted}'; \`tick rewind --list\` shows them`,
  );
}

async function list(service: CheckpointService, config: Config, io: CommandIO): Promise<number> {
  const sessions = await sessionsOf(service);
  if (!sessions.length) {
    io.stdout(`No checkpoints for ${config.cwd} yet.\n`);
    return 0;
  }
  const groups = await Promise.all(
    sessions.map(async (session) => ({ session, choices: await service.choices(session) })),
  );
  io.stdout(
    `Checkpoints of ${config.cwd}, newest first (\`tick rewind ID\` puts the files back as they were):\n\n` +
      `${pointsTable(groups)}\n`,
  );
  return 0;
}

/** `12`: a point; `#2`: the point before plan item 2 of the session (`--session`, else the newest). */
async function pointOf(service: CheckpointService, command: RewindCommand): Promise<number> {
  const text = command.point!.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const item = /^#(\d+)$/.exec(text)?.[1];
  if (item === undefined)
    throw new RewindCommandError(
      `'${text}' is not a point (a number, or #N for before plan item N)`,
    );
  const session = await chooseSession(service, command.session);
  const choices: RewindChoice[] = await service.choices(session);
  const head = choices.findLast((choice) => choice.head && choice.point.item?.label === `#${item}`);
  if (!head)
    throw new RewindCommandError(`no point before plan item #${item} in session ${session}`);
  return head.point.id;
}

async function rewind(
  service: CheckpointService,
  command: RewindCommand,
  io: CommandIO,
): Promise<number> {
  const id = await pointOf(service, command);
  if (!(await service.store.point(id)))
    throw new RewindCommandError(`there is no point ${id}; \`tick rewind --list\` shows them`);
  const result = await service.rewindTo(id);
  io.stdout(`${rewindReportLines(result.report).join('\n')}\n`);
  return result.report.failed.length ? 1 : 0;
}

async function undo(
  service: CheckpointService,
  command: RewindCommand,
  io: CommandIO,
): Promise<number> {
  const label = `#${command.undo!.replace(/^#/, '')}`;
  const session = await chooseSession(service, command.session);
  const points = await service.points(session);
  const item = points.findLast((point) => point.item?.label === label)?.item;
  if (!item) throw new RewindCommandError(`no plan item ${label} in session ${session}`);
  const result = await service.undoItem(session, item, {
    includeOverlaps: command.includeOverlaps,
  });
  io.stdout(`${rewindReportLines(result.report).join('\n')}\n`);
  const overlaps = result.report.left.some((file) => file.reason.startsWith('changed later'));
  if (overlaps)
    io.stdout(
      `Files changed again later were left; \`tick rewind --undo ${label} --include-overlaps\` takes them back too.\n`,
    );
  return result.report.failed.length ? 1 : 0;
}
