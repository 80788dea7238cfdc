import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../src/protocol/events';
import { SESSION_FORMAT_VERSION } from '../../src/session/format';
import type { ParsedSession } from '../../src/session/reader';
import { renderHtml } from '../../src/session/export-html';
import { renderMarkdown } from '../../src/session/export-markdown';
import { buildReport } from '../../src/session/report';
import { lookOf } from '../../src/tools/registry';

/** A session log made of these events, one second apart. */
function parsed(events: AgentEvent[]): ParsedSession {
  return {
    file: 'credit.jsonl',
    header: {
      v: SESSION_FORMAT_VERSION,
      kind: 'header',
      id: 'credit-1',
      cwd: '/w',
      startedAt: new Date(0).toISOString(),
      model: 'scripted',
    },
    records: events.map((event, i) => ({ kind: 'event', event, t: i * 1000, line: i + 2 })),
    notices: [],
    lineCount: events.length + 1,
    endsWithNewline: true,
    damagedLines: [],
  } as ParsedSession;
}

const todos = (first: 'in_progress' | 'completed'): AgentEvent => ({
  type: 'todos_updated',
  todos: [
    { content: 'Read the code', status: first },
    { content: 'Fix the bug', status: first === 'completed' ? 'in_progress' : 'pending' },
  ],
});

const ready = (id: string, name: string, summary: string): AgentEvent => ({
  type: 'tool_call_ready',
  id,
  name,
  input: {},
  summary,
  look: lookOf(name),
});

const result = (id: string, name: string): AgentEvent => ({
  type: 'tool_result',
  id,
  name,
  look: lookOf(name),
  status: 'ok',
  output: 'ok',
  durationMs: 5,
});

describe('the report credits each call to the plan item in progress when it ran', () => {
  it('a call in the same model turn as a todo_write that moves the plan on goes to the new item', () => {
    const report = buildReport(
      parsed([
        { type: 'user_prompt', text: 'fix it', source: 'user' },
        ready('t1', 'todo_write', '2 todos'),
        result('t1', 'todo_write'),
        todos('in_progress'),
        ready('b1', 'bash', 'cat src/a.ts'),
        { type: 'tool_running', id: 'b1', name: 'bash' },
        result('b1', 'bash'),
        // One round: todo_write and the next call announced together, run in order.
        ready('t2', 'todo_write', '2 todos'),
        ready('b2', 'bash', 'npm test'),
        { type: 'tool_running', id: 't2', name: 'todo_write' },
        result('t2', 'todo_write'),
        todos('completed'),
        { type: 'tool_running', id: 'b2', name: 'bash' },
        result('b2', 'bash'),
      ]),
    );
    const calls = Object.fromEntries(
      report.todos.map((item) => [item.content, item.toolCalls.map((call) => call.summary)]),
    );
    expect(calls).toEqual({ 'Read the code': ['cat src/a.ts'], 'Fix the bug': ['npm test'] });
    expect(renderMarkdown(report)).toContain('While: Fix the bug');
  });

  it("counts a subagent's tokens and says who allowed its calls", () => {
    const child = (event: AgentEvent): AgentEvent => ({
      type: 'subagent_event',
      agentId: 'a1',
      parentCallId: 'ag1',
      event,
    });
    const report = buildReport(
      parsed([
        { type: 'user_prompt', text: 'delegate', source: 'user' },
        ready('ag1', 'agent', 'Clean up'),
        { type: 'tool_running', id: 'ag1', name: 'agent' },
        child(ready('c1', 'bash', 'rm -rf build')),
        child({ type: 'permission_decided', callId: 'c1', decision: 'allow', by: 'user' }),
        child(result('c1', 'bash')),
        child({ type: 'usage', usage: { inputTokens: 300, outputTokens: 20 } }),
        result('ag1', 'agent'),
        { type: 'usage', usage: { inputTokens: 100, outputTokens: 10 } },
        {
          type: 'turn_end',
          reason: 'done',
          result: 'ok',
          rounds: 2,
          usage: { inputTokens: 100, outputTokens: 10 },
        },
      ]),
    );
    expect(report.usage).toEqual({ inputTokens: 400, outputTokens: 30 });
    expect(renderMarkdown(report)).toContain(
      '`bash rm -rf build` · ok · 5 ms · Permission allowed by user',
    );
    expect(renderHtml(report)).toContain('Permission allowed by user');
  });
});
