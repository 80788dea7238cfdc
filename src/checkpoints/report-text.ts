import type { RewindReport, UnsavedFile } from '../protocol/checkpoints';

/** `120 MB`, `4.2 KB`: a size as people read it. */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 10 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}

const MAX_LISTED = 8;

function listed(paths: readonly string[]): string {
  const shown = paths.slice(0, MAX_LISTED).join(', ');
  return paths.length > MAX_LISTED ? `${shown} and ${paths.length - MAX_LISTED} more` : shown;
}

/** What a rewind did, in a few lines: what came back, what went, what was left and why. */
export function rewindReportLines(report: RewindReport): string[] {
  const done = report.restored.length + report.removed.length;
  const lines = [
    `Rewound to ${report.target}${report.conversation ? ' (files and conversation)' : ''}: ` +
      (done
        ? [
            report.restored.length ? `restored ${listed(report.restored)}` : '',
            report.removed.length ? `removed ${listed(report.removed)}` : '',
          ]
            .filter(Boolean)
            .join('; ')
        : 'no file had to change'),
  ];
  for (const problem of report.failed)
    lines.push(`  could not restore ${problem.path}: ${problem.reason}`);
  for (const problem of report.left) lines.push(`  left ${problem.path}: ${problem.reason}`);
  if (report.savedAs !== undefined)
    lines.push(`  the files as they were before are point ${report.savedAs} (/rewind to go back)`);
  return lines;
}

/** Files over the cap, named before a call that may change them. */
export function unsavedText(files: readonly UnsavedFile[], capBytes: number): string {
  const names = files.map((file) => `${file.path} (${sizeText(file.bytes)})`);
  return `Not kept by checkpoints (over the ${sizeText(capBytes)} cap), a rewind cannot restore: ${listed(names)}`;
}
