import { assertNever } from '../util/assert-never';
import { callTitle, stamp } from './export-markdown';
import { escapeHtml, markdownToHtml } from './markdown-html';
import {
  clampOutput,
  modelRequests,
  planSummary,
  tasksByList,
  type ReportStep,
  type ReportToolCall,
  type SessionReport,
} from './report';

// One inline style sheet: the file opens anywhere, offline, with nothing to fetch.
const STYLE = `
body { font: 15px/1.5 system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; color: #1d1d1f; }
h1 { font-size: 1.4rem; } h2 { font-size: 1.1rem; margin-top: 2rem; border-bottom: 1px solid #ddd; }
.prompt { background: #f2f5fa; border-left: 4px solid #4a7bd0; padding: .5rem 1rem; white-space: pre-wrap; }
.answer h1, .answer h2, .answer h3 { font-size: 1.05rem; border: none; margin: 1rem 0 .25rem; }
.answer table { width: auto; }
.tool { border: 1px solid #ddd; border-radius: 6px; margin: .5rem 0; padding: .25rem .75rem; }
.tool summary { cursor: pointer; } .status-ok { color: #1a7f37; } .status-error, .status-denied { color: #c62828; }
.status-cancelled, .status-unfinished { color: #8a6d00; }
pre { background: #f6f8fa; padding: .5rem; overflow-x: auto; white-space: pre-wrap; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: .88em; }
code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: .9em; }
:not(pre) > code { background: #f0f1f3; padding: 0 .25em; border-radius: 3px; }
.note { color: #666; font-style: italic; } .error { color: #c62828; }
table { border-collapse: collapse; width: 100%; } td, th { border: 1px solid #ddd; padding: .25rem .5rem; text-align: left; vertical-align: top; }
td[align="right"], th[align="right"] { text-align: right; } td[align="center"], th[align="center"] { text-align: center; }
.hljs-keyword, .hljs-meta .hljs-keyword { color: #a0357d; } .hljs-string, .hljs-regexp { color: #2b7a30; }
.hljs-number, .hljs-literal, .hljs-symbol { color: #9a5b00; } .hljs-comment, .hljs-quote { color: #6e7781; font-style: italic; }
.hljs-title, .hljs-section, .hljs-name, .hljs-tag { color: #2857b8; } .hljs-built_in, .hljs-type, .hljs-attr, .hljs-attribute, .hljs-property { color: #0f7285; }
.hljs-variable, .hljs-template-variable, .hljs-deletion { color: #b3261e; } .hljs-addition { color: #2b7a30; }
`;

/** A call on one line: what it ran, how it ended, how long it took. */
function callLine(call: ReportToolCall): string {
  const status = escapeHtml(call.status);
  const time = call.durationMs ? ` · ${call.durationMs} ms` : '';
  return `<code>${escapeHtml(callTitle(call))}</code> · <span class="status-${status}">${status}</span>${time}`;
}

function step(item: ReportStep): string {
  switch (item.kind) {
    case 'answer':
      return `<div class="answer">${markdownToHtml(item.text.trim())}</div>`;
    case 'tool': {
      const { call } = item;
      const during = [
        call.duringTodos.length ? `While: ${call.duringTodos.join('; ')}` : '',
        call.permission ? `Permission ${call.permission}` : '',
      ]
        .filter(Boolean)
        .map((note) => `<div class="note">${escapeHtml(note)}</div>`)
        .join('');
      return [
        `<details class="tool" data-tool="${escapeHtml(call.name)}">`,
        `<summary>${callLine(call)}</summary>`,
        during,
        call.childCalls?.length
          ? `<ul class="subagent">${call.childCalls.map((child) => `<li>${callLine(child)}${child.permission ? ` · Permission ${escapeHtml(child.permission)}` : ''}</li>`).join('')}</ul>`
          : '',
        `<pre>${escapeHtml(clampOutput(call.output) || '(no output)')}</pre>`,
        '</details>',
      ].join('');
    }
    case 'note':
      return `<p class="note">${escapeHtml(item.text)}</p>`;
    case 'error':
      return `<p class="error">Error: ${escapeHtml(item.text)}</p>`;
    default:
      return assertNever(item);
  }
}

/** The task history, one table per list; nothing for a session without tasks. */
function taskSections(report: SessionReport): string {
  if (!report.tasks.length) return '';
  const sections = [...tasksByList(report)].map(([listId, items]) => {
    const rows = items.map(
      (item) =>
        `<tr><td>#${escapeHtml(item.id)}</td><td>${escapeHtml(item.subject)}</td><td>${escapeHtml(item.status)}</td><td>${escapeHtml(item.owner)}</td><td>${escapeHtml(item.blockedBy.map((id) => `#${id}`).join(', ') || '-')}</td><td>${stamp(item.startedAt)}</td><td>${stamp(item.finishedAt)}</td><td>${item.toolCalls.map((call) => `<code>${escapeHtml(callTitle(call))}</code>`).join(', ') || '-'}</td></tr>`,
    );
    return `<p>Task list <code>${escapeHtml(listId)}</code>:</p>\n<table><thead><tr><th>Task</th><th>Subject</th><th>Status</th><th>Owner</th><th>Blocked by</th><th>Started</th><th>Finished</th><th>Tool calls while in progress</th></tr></thead><tbody>\n${rows.join('\n')}\n</tbody></table>`;
  });
  return `<h2>Task history</h2>\n${sections.join('\n')}\n`;
}

/** The session's checkpoints: what `tick rewind POINT` can go back to. */
function checkpointSection(report: SessionReport): string {
  const points = report.checkpoints;
  if (!points?.length) return '';
  const rows = points.map(
    (point) =>
      `<tr><td>${point.id}</td><td>${stamp(point.t)}</td><td>${point.head ? '' : '&nbsp;&nbsp;'}${escapeHtml(point.label)}</td></tr>`,
  );
  return `<h2>Checkpoints</h2>\n<p><code>tick rewind POINT</code> puts the files back as they were at a point.</p>\n<table><thead><tr><th>Point</th><th>Time</th><th>Before</th></tr></thead><tbody>\n${rows.join('\n')}\n</tbody></table>\n`;
}

/** The session as one self-contained HTML page; every recorded string is escaped. */
export function renderHtml(report: SessionReport): string {
  const { header } = report;
  const prompts = report.prompts.map((prompt, index) =>
    [
      `<section class="turn">`,
      `<h2>${index + 1}. ${prompt.source === 'hook' ? 'Hook prompt' : 'Prompt'} <small>${stamp(prompt.t)}</small></h2>`,
      `<div class="prompt">${escapeHtml(prompt.text || '(none)')}</div>`,
      ...prompt.steps.map(step),
      prompt.end
        ? `<p class="note">Ended: ${escapeHtml(prompt.end.reason)} after ${modelRequests(prompt.end.rounds)}.</p>`
        : '<p class="note">Did not finish (interrupted).</p>',
      '</section>',
    ].join('\n'),
  );
  const todoRows = report.todos.map(
    (item, index) =>
      `<tr><td>${index + 1}</td><td>${escapeHtml(item.content)}</td><td>${escapeHtml(item.status)}</td><td>${stamp(item.startedAt)}</td><td>${stamp(item.finishedAt)}</td><td>${item.toolCalls.map((call) => `<code>${escapeHtml(callTitle(call))}</code>`).join(', ') || '-'}</td></tr>`,
  );
  const todos = report.todos.length
    ? `<table><thead><tr><th>#</th><th>Item</th><th>Status</th><th>Started</th><th>Finished</th><th>Tool calls while in progress</th></tr></thead><tbody>\n${todoRows.join('\n')}\n</tbody></table>`
    : '<p>No todo list was written.</p>';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>tick session ${escapeHtml(header.id)}</title>
<style>${STYLE}</style>
</head>
<body>
<h1>tick session ${escapeHtml(header.id)}</h1>
<ul class="meta">
<li>Workspace: <code>${escapeHtml(header.cwd)}</code></li>
<li>Model: ${escapeHtml(header.model || '-')}</li>
<li>Started: ${stamp(Date.parse(header.startedAt))}</li>
<li>Last activity: ${stamp(report.lastActivity)}</li>
<li>Prompts: ${report.prompts.filter((prompt) => prompt.source === 'user').length} · Tool calls: ${report.toolCalls} · ${escapeHtml(planSummary(report))}</li>
<li>Tokens: ${report.usage.inputTokens} in, ${report.usage.outputTokens} out</li>
${header.replayOf ? `<li>Replay of: <code>${escapeHtml(header.replayOf)}</code></li>\n` : ''}</ul>
${prompts.join('\n')}
${taskSections(report)}${report.tasks.length && !report.todos.length ? '' : `<h2>Todo history</h2>\n${todos}\n`}${checkpointSection(report)}</body>
</html>
`;
}
