import { shortTime } from '../session/list-text';
import type { RewindChoice } from '../protocol/checkpoints';

function filesText(count: number): string {
  return count === 0 ? 'no change' : count === 1 ? '1 file' : `${count} files`;
}

/**
 * The points of each session as `tick rewind --list` prints them: the session, then a line
 * per point (its id, time, name and how many files going back to it would change), newest
 * first; the points inside a plan item are indented under its first.
 */
export function pointsTable(
  groups: readonly { session: string; choices: readonly RewindChoice[] }[],
): string {
  const blocks = groups.map(({ session, choices }) => {
    const width = Math.max(...choices.map((choice) => String(choice.point.id).length), 1);
    const lines = choices.map((choice) => {
      const name = `${choice.head ? '' : '  '}${choice.label}`;
      return `  ${String(choice.point.id).padStart(width)}  ${shortTime(choice.point.t).slice(11)}  ${name.padEnd(48)}  ${filesText(choice.files.length)}`;
    });
    const started = choices.at(-1)?.point.t ?? 0;
    return [`session ${session} (${shortTime(started)})`, ...lines].join('\n');
  });
  return blocks.join('\n\n');
}
