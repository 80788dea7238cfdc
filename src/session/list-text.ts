import type { SessionSummary } from './list';

/** `2025-01-31 14:05` in local time; '-' for no time. */
export function shortTime(time: number | string): string {
  const date = new Date(time);
  if (!time || Number.isNaN(date.getTime())) return '-';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** One line of text, at most `width` characters. */
export function oneLine(text: string, width: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > width ? `${flat.slice(0, width - 1)}…` : flat;
}

function table(rows: string[][]): string {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column])))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

function status(summary: SessionSummary): string {
  if (summary.error) return `(unreadable: ${summary.error})`;
  const prompt = oneLine(summary.firstPrompt, 60) || '(no prompt yet)';
  return summary.inUseBy !== undefined ? `${prompt} [in use, pid ${summary.inUseBy}]` : prompt;
}

/** `tick sessions`: id, start, prompts, todos, last activity, first prompt. */
export function sessionsTable(sessions: SessionSummary[]): string {
  const rows = [['ID', 'STARTED', 'PROMPTS', 'TODOS', 'LAST ACTIVITY', 'FIRST PROMPT']];
  for (const s of sessions) {
    rows.push([
      s.id,
      shortTime(s.startedAt),
      String(s.prompts),
      `${s.todos.done}/${s.todos.total}`,
      shortTime(s.lastActivity),
      status(s),
    ]);
  }
  return `${table(rows)}\n`;
}

/** `tick -p -r`: the sessions to pick from, newest first, and how to resume one. */
export function pickList(sessions: SessionSummary[]): string {
  const rows = [['ID', 'STARTED', 'TODOS', 'FIRST PROMPT']];
  for (const s of sessions) {
    rows.push([s.id, shortTime(s.startedAt), `${s.todos.done}/${s.todos.total}`, status(s)]);
  }
  return `${table(rows)}\n\nResume one with: tick -p -r ID "PROMPT"\n`;
}
