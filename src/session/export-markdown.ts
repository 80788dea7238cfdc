import { assertNever } from '../util/assert-never';
import {
  clampOutput,
  modelRequests,
  planSummary,
  tasksByList,
  type ReportToolCall,
  type SessionReport,
  type TaskHistoryItem,
  type TodoHistoryItem,
} from './report';

/** `2025-01-31 14:05:09` in local time. */
export function stamp(t: number | undefined): string {
  if (!t) return '-';
  const date = new Date(t);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** A code fence longer than any backtick run inside, so the output cannot close it. */
function fenced(text: string, lang = 'text'): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${lang}\n${text}\n${fence}`;
}

function inlineCode(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const ticks = flat.includes('`') ? '``' : '`';
  return `${ticks}${ticks.length > 1 ? ' ' : ''}${flat}${ticks.length > 1 ? ' ' : ''}${ticks}`;
}

function cell(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/\|/g, '\\|');
}

export function callTitle(call: { name: string; summary: string }): string {
  return call.summary ? `${call.name} ${call.summary}` : call.name;
}

function toolBlock(call: ReportToolCall): string {
  const head = `**${call.name}**${call.summary ? ` ${inlineCode(call.summary)}` : ''} · ${call.status}${call.durationMs ? ` · ${call.durationMs} ms` : ''}`;
  const notes = [
    call.duringTodos.length ? `While: ${call.duringTodos.map(cell).join('; ')}` : '',
    call.permission ? `Permission ${call.permission}` : '',
  ].filter(Boolean);
  const during = notes.length ? `\n\n_${notes.join(' · ')}_` : '';
  const children = call.childCalls?.length
    ? `\n\nThe subagent's calls:\n\n${call.childCalls.map(childLine).join('\n')}`
    : '';
  return `${head}${during}${children}\n\n${fenced(clampOutput(call.output) || '(no output)')}`;
}

/** One call of a subagent, on a line: what it ran and how it went. */
function childLine(call: ReportToolCall): string {
  const permission = call.permission ? ` · Permission ${call.permission}` : '';
  return `- ${inlineCode(callTitle(call))} · ${call.status}${call.durationMs ? ` · ${call.durationMs} ms` : ''}${permission}`;
}

function todoRow(item: TodoHistoryItem, index: number): string {
  const calls = item.toolCalls.map((call) => inlineCode(callTitle(call))).join(', ');
  return `| ${index + 1} | ${cell(item.content)} | ${item.status} | ${stamp(item.startedAt)} | ${stamp(item.finishedAt)} | ${calls ? cell(calls) : '-'} |`;
}

function taskRow(item: TaskHistoryItem): string {
  const calls = item.toolCalls.map((call) => inlineCode(callTitle(call))).join(', ');
  const blockers = item.blockedBy.map((id) => `#${id}`).join(', ') || '-';
  return `| #${item.id} | ${cell(item.subject)} | ${item.status} | ${cell(item.owner)} | ${blockers} | ${stamp(item.startedAt)} | ${stamp(item.finishedAt)} | ${calls ? cell(calls) : '-'} |`;
}

function taskHistory(report: SessionReport): string[] {
  const out: string[] = ['', '## Task history'];
  for (const [listId, items] of tasksByList(report)) {
    out.push('', `Task list ${inlineCode(listId)}:`, '');
    out.push(
      '| Task | Subject | Status | Owner | Blocked by | Started | Finished | Tool calls while in progress |',
    );
    out.push(
      '|------|---------|--------|-------|------------|---------|----------|------------------------------|',
    );
    for (const item of items) out.push(taskRow(item));
  }
  return out;
}

/** The session's checkpoints: what `tick rewind POINT` can go back to. */
function checkpointRows(report: SessionReport): string[] {
  const points = report.checkpoints;
  if (!points?.length) return [];
  const out = [
    '',
    '## Checkpoints',
    '',
    '`tick rewind POINT` puts the files back as they were at a point.',
    '',
  ];
  out.push('| Point | Time | Before |', '|-------|------|--------|');
  for (const point of points)
    out.push(
      `| ${point.id} | ${stamp(point.t)} | ${point.head ? '' : '&nbsp;&nbsp;'}${cell(point.label)} |`,
    );
  return out;
}

function quote(text: string): string {
  return text
    .split('\n')
    .map((line) => (line ? `> ${line}` : '>'))
    .join('\n');
}

/** The session as a Markdown report: prompts, answers, tool calls, the todo list's history. */
export function renderMarkdown(report: SessionReport): string {
  const { header } = report;
  const out: string[] = [
    `# tick session ${header.id}`,
    '',
    `- Workspace: ${inlineCode(header.cwd)}`,
    `- Model: ${header.model || '-'}`,
    `- Started: ${stamp(Date.parse(header.startedAt))}`,
    `- Last activity: ${stamp(report.lastActivity)}`,
    `- Prompts: ${report.prompts.filter((prompt) => prompt.source === 'user').length} · Tool calls: ${report.toolCalls} · ${planSummary(report)}`,
    `- Tokens: ${report.usage.inputTokens} in, ${report.usage.outputTokens} out`,
  ];
  if (header.replayOf) out.push(`- Replay of: ${inlineCode(header.replayOf)}`);
  report.prompts.forEach((prompt, index) => {
    out.push(
      '',
      `## ${index + 1}. ${prompt.source === 'hook' ? 'Hook prompt' : 'Prompt'} (${stamp(prompt.t)})`,
    );
    out.push('', quote(prompt.text || '(none)'));
    for (const step of prompt.steps) {
      switch (step.kind) {
        case 'answer':
          out.push('', step.text.trim());
          break;
        case 'tool':
          out.push('', toolBlock(step.call));
          break;
        case 'note':
          out.push('', `_${step.text}_`);
          break;
        case 'error':
          out.push('', `**Error:** ${step.text}`);
          break;
        default:
          assertNever(step);
      }
    }
    if (prompt.end)
      out.push('', `_Ended: ${prompt.end.reason} after ${modelRequests(prompt.end.rounds)}._`);
    else out.push('', '_Did not finish (interrupted)._');
  });
  if (report.tasks.length) out.push(...taskHistory(report));
  // A session that planned with tasks has no todo list to speak of.
  if (!report.tasks.length || report.todos.length) {
    out.push('', '## Todo history', '');
    if (report.todos.length === 0) {
      out.push('No todo list was written.');
    } else {
      out.push('| # | Item | Status | Started | Finished | Tool calls while in progress |');
      out.push('|---|------|--------|---------|----------|------------------------------|');
      report.todos.forEach((item, index) => out.push(todoRow(item, index)));
    }
  }
  out.push(...checkpointRows(report));
  return `${out.join('\n')}\n`;
}
