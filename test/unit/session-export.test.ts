import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { join } from 'node:path';
import type { AgentEvent } from '../../src/protocol/events';
import { renderHtml } from '../../src/session/export-html';
import { renderMarkdown } from '../../src/session/export-markdown';
import { SESSION_FORMAT_VERSION } from '../../src/session/format';
import { readSessionFile, type ReadRecord } from '../../src/session/reader';
import type { ToolLook } from '../../src/protocol/tool-look';
import { buildReport, clampOutput, type SessionReport } from '../../src/session/report';
import { SessionWriter } from '../../src/session/writer';
import { tempDir } from '../support/agent-harness';
import { lookOf } from '../../src/tools/registry';

const T0 = Date.UTC(2024, 0, 1, 10, 0, 0);
const longOutput = Array.from({ length: 100 }, (_, i) => `line ${i + 1}`).join('\n');

/** A recorded session with known times: two todo items, worked through with three tool calls. */
function recordSession(): string {
  const file = join(tempDir('tick-export-'), 'exp-0001.jsonl');
  const at = (seconds: number) => vi.setSystemTime(T0 + seconds * 1000);
  at(0);
  const writer = SessionWriter.create(file, {
    v: SESSION_FORMAT_VERSION,
    kind: 'header',
    id: 'exp-0001',
    cwd: '/work/demo',
    startedAt: new Date(T0).toISOString(),
    model: 'scripted',
  });
  const call = (id: string, name: string, summary: string, output: string): AgentEvent[] => [
    { type: 'tool_call_started', id, name },
    { type: 'tool_call_ready', id, name, input: {}, summary, look: lookOf(name) },
    { type: 'tool_result', id, name, look: lookOf(name), status: 'ok', output, durationMs: 12 },
  ];
  const steps: [number, AgentEvent[]][] = [
    [0, [{ type: 'user_prompt', text: 'Add a <greeting> file', source: 'user' }]],
    [1, call('c1', 'todo_write', '2 items', '[>] Write hello.txt\n[ ] Check it')],
    [
      1,
      [
        {
          type: 'todos_updated',
          todos: [
            { content: 'Write hello.txt', status: 'in_progress' },
            { content: 'Check it', status: 'pending' },
          ],
        },
      ],
    ],
    [2, call('c2', 'write_file', 'hello.txt', 'Wrote hello.txt (1 line)')],
    [3, call('c3', 'todo_write', '2 items', '...')],
    [
      3,
      [
        {
          type: 'todos_updated',
          todos: [
            { content: 'Write hello.txt', status: 'completed' },
            { content: 'Check it', status: 'in_progress' },
          ],
        },
      ],
    ],
    [4, call('c4', 'bash', 'cat hello.txt', `<b>hi</b> & "bye"\n${longOutput}`)],
    [
      5,
      [
        {
          type: 'todos_updated',
          todos: [
            { content: 'Write hello.txt', status: 'completed' },
            { content: 'Check it', status: 'completed' },
          ],
        },
        { type: 'assistant_message', text: 'Done: the <greeting> is in hello.txt.', reasoning: '' },
        {
          type: 'turn_end',
          reason: 'done',
          result: 'Done',
          rounds: 4,
          usage: { inputTokens: 100, outputTokens: 20 },
        },
      ],
    ],
  ];
  for (const [seconds, events] of steps) {
    at(seconds);
    events.forEach((event) => writer.event(event));
  }
  writer.close();
  return file;
}

let file: string;
let savedTz: string | undefined;
beforeAll(() => {
  savedTz = process.env.TZ;
  process.env.TZ = 'UTC';
  vi.useFakeTimers({ toFake: ['Date'] });
  file = recordSession();
  vi.useRealTimers();
});
afterAll(() => {
  process.env.TZ = savedTz;
});

describe('tick export', () => {
  it('builds the todo history: when each item started and finished and the calls made meanwhile', () => {
    const report = buildReport(readSessionFile(file));
    const todos = report.todos.map((item) => ({
      ...item,
      toolCalls: item.toolCalls.map(({ id, name, summary }) => ({ id, name, summary })),
    }));
    expect(todos).toEqual([
      {
        content: 'Write hello.txt',
        status: 'completed',
        startedAt: T0 + 1000,
        finishedAt: T0 + 3000,
        toolCalls: [{ id: 'c2', name: 'write_file', summary: 'hello.txt' }],
      },
      {
        content: 'Check it',
        status: 'completed',
        startedAt: T0 + 3000,
        finishedAt: T0 + 5000,
        toolCalls: [{ id: 'c4', name: 'bash', summary: 'cat hello.txt' }],
      },
    ]);
    expect(report.prompts).toHaveLength(1);
    expect(
      report.prompts[0].steps.map((step) => (step.kind === 'tool' ? step.call.name : step.kind)),
    ).toEqual(['todo_write', 'write_file', 'todo_write', 'bash', 'answer']);
  });

  it("tells plan calls from work by the look on their events, whatever the tool's name", () => {
    const header = readSessionFile(file).header;
    const call = (id: string, name: string, look: ToolLook): ReadRecord[] => [
      {
        kind: 'event',
        t: T0,
        line: 0,
        event: { type: 'tool_call_ready', id, name, input: {}, summary: id, look },
      },
      {
        kind: 'event',
        t: T0,
        line: 0,
        event: { type: 'tool_result', id, name, look, status: 'ok', output: '', durationMs: 1 },
      },
    ];
    const inProgress: ReadRecord = {
      kind: 'event',
      t: T0,
      line: 0,
      event: { type: 'todos_updated', todos: [{ content: 'Ship', status: 'in_progress' }] },
    };
    const report = buildReport({
      file,
      header,
      notices: [],
      damagedLines: [],
      lineCount: 0,
      endsWithNewline: true,
      records: [
        inProgress,
        ...call('p', 'mcp__plans__note', { role: 'plan', resultShape: 'text' }),
        ...call('w', 'mcp__ops__deploy', { role: 'shell', resultShape: 'log' }),
      ],
    });
    expect(report.todos[0].toolCalls.map((c) => c.id)).toEqual(['w']);
  });

  it('markdown has the header, the prompt, each tool call with clamped output, the answer and the todo table', () => {
    const md = renderMarkdown(buildReport(readSessionFile(file)));
    const expectedInOrder = [
      '# tick session exp-0001',
      '- Workspace: `/work/demo`',
      '- Started: 2024-01-01 10:00:00',
      '- Prompts: 1 · Tool calls: 4 · Todos: 2/2 completed',
      '## 1. Prompt (2024-01-01 10:00:00)',
      '> Add a <greeting> file',
      '**write_file** `hello.txt` · ok · 12 ms',
      '_While: Write hello.txt_',
      '**bash** `cat hello.txt` · ok · 12 ms',
      '<b>hi</b> & "bye"',
      'line 19',
      '… (81 more lines)',
      'Done: the <greeting> is in hello.txt.',
      '_Ended: done after 4 model requests._',
      '## Todo history',
      '| 1 | Write hello.txt | completed | 2024-01-01 10:00:01 | 2024-01-01 10:00:03 | `write_file hello.txt` |',
      '| 2 | Check it | completed | 2024-01-01 10:00:03 | 2024-01-01 10:00:05 | `bash cat hello.txt` |',
    ];
    let at = 0;
    for (const piece of expectedInOrder) {
      const found = md.indexOf(piece, at);
      expect(found, `missing or out of order: ${piece}`).toBeGreaterThanOrEqual(at);
      at = found + piece.length;
    }
    expect(md).not.toContain('line 21');
  });

  it('html is one self-contained page with every recorded string escaped', () => {
    const html = renderHtml(buildReport(readSessionFile(file)));
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain('&lt;b&gt;hi&lt;/b&gt; &amp; &quot;bye&quot;');
    expect(html).toContain('Add a &lt;greeting&gt; file');
    expect(html).not.toContain('<b>hi</b>');
    expect(html).not.toContain('<greeting>');
    expect(html).not.toMatch(/<(script|link|img)\b|src=|href=/);
    expect(html).toContain('Done: the &lt;greeting&gt; is in hello.txt.');
    expect(html).toContain(
      '<td>Write hello.txt</td><td>completed</td><td>2024-01-01 10:00:01</td><td>2024-01-01 10:00:03</td>',
    );
    expect(html.match(/<details class="tool"/g)).toHaveLength(4);
  });
});

/** A one-prompt report whose answer is `answer`, ended after `rounds` model requests. */
function answerReport(answer: string, rounds: number): SessionReport {
  return {
    header: {
      v: SESSION_FORMAT_VERSION,
      kind: 'header',
      id: 'md-0001',
      cwd: '/work/demo',
      startedAt: new Date(T0).toISOString(),
      model: 'scripted',
    },
    prompts: [
      {
        text: 'Explain it',
        source: 'user',
        t: T0,
        steps: [{ kind: 'answer', text: answer, t: T0 }],
        end: { reason: 'done', rounds, t: T0 },
      },
    ],
    todos: [],
    tasks: [],
    finalTodos: [],
    toolCalls: 0,
    usage: { inputTokens: 1, outputTokens: 1 },
    lastActivity: T0,
  };
}

const MARKDOWN_ANSWER = [
  '# Summary',
  '',
  'The **parser** is *fine*; see `parse()` and [the docs](https://example.com/docs).',
  '',
  '- first item',
  '- second item',
  '',
  '1. one',
  '2. two',
  '',
  '| name | size |',
  '| :--- | ---: |',
  '| a.ts | 12 |',
  '',
  '```ts',
  'const answer: number = 42;',
  '```',
  '',
  'Raw <script>alert(1)</script> and <b onclick="x()">bold</b> stay text.',
  '',
  '[click](javascript:alert(1)) ![logo](https://example.com/logo.png)',
].join('\n');

describe('html export renders answers as Markdown', () => {
  const html = renderHtml(answerReport(MARKDOWN_ANSWER, 1));
  const answer = html.slice(html.indexOf('<div class="answer">'), html.indexOf('<p class="note">'));

  it('headings, emphasis, lists and tables become elements', () => {
    expect(answer).toContain('<h1>Summary</h1>');
    expect(answer).toContain('<strong>parser</strong>');
    expect(answer).toContain('<em>fine</em>');
    expect(answer).toContain('<code>parse()</code>');
    expect(answer).toMatch(/<ul>\s*<li>first item<\/li>\s*<li>second item<\/li>\s*<\/ul>/);
    expect(answer).toMatch(/<ol>\s*<li>one<\/li>\s*<li>two<\/li>\s*<\/ol>/);
    expect(answer).toMatch(/<th[^>]*>name<\/th>/);
    expect(answer).toMatch(/<td align="right">12<\/td>/);
    expect(answer).toContain('<a href="https://example.com/docs" rel="noreferrer">the docs</a>');
    expect(answer).not.toContain('# Summary');
    expect(answer).not.toContain('**parser**');
  });

  it('code blocks are monospace and highlighted', () => {
    expect(answer).toMatch(/<pre><code class="hljs language-typescript">/);
    expect(answer).toContain('<span class="hljs-keyword">const</span>');
    expect(answer).toContain('<span class="hljs-number">42</span>');
    expect(html).toMatch(/pre[^{]*\{[^}]*font-family: ui-monospace/);
    expect(html).toMatch(/\.hljs-keyword \{ color: #[0-9a-f]{6}/);
  });

  it('everything else is escaped: raw HTML, script links, images', () => {
    expect(answer).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(answer).toContain('&lt;b onclick=&quot;x()&quot;&gt;bold&lt;/b&gt;');
    // Escaped attributes are text (`onclick=&quot;`); a real one would be `onclick="`.
    expect(html).not.toMatch(/<(script|img|link|iframe)\b|onclick="|src=/);
    expect(answer).not.toContain('href="javascript');
    expect(answer).toContain('click');
    expect(answer).toContain('[image: logo] https://example.com/logo.png');
    expect(html.match(/href=/g)).toHaveLength(1);
  });

  it('says "1 model request" in the singular', () => {
    expect(html).toContain('Ended: done after 1 model request.</p>');
    expect(renderMarkdown(answerReport('ok', 1))).toContain('_Ended: done after 1 model request._');
    expect(renderHtml(answerReport('ok', 2))).toContain('after 2 model requests.');
  });
});

describe('clampOutput', () => {
  it('keeps short output and says how much of a long one was left out', () => {
    expect(clampOutput('a\nb\n')).toBe('a\nb');
    expect(clampOutput(longOutput, 20)).toBe(
      `${longOutput.split('\n').slice(0, 20).join('\n')}\n… (80 more lines)`,
    );
    expect(clampOutput('y'.repeat(3000), 20, 2000)).toBe(
      `${'y'.repeat(2000)}\n… (1000 more characters)`,
    );
  });
});
