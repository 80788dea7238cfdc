import { describe, expect, it } from 'vitest';
import { agentListLayout, childFooter, childHeader } from '../../components/lines/agents';
import type { Line } from '../../components/lines/spans';
import { EMPTY_LIVE } from '../../src/store/reducer';
import type { ChildTranscript } from '../../src/store/types';

const UNICODE = { color: false, unicode: true };
const ASCII = { color: false, unicode: false };
const text = (line: Line): string => line.map((span) => span.text).join('');
const T0 = 1_000_000;

const child = (n: number, over: Partial<ChildTranscript> = {}): ChildTranscript => ({
  agentId: `agent-${n}`,
  parentCallId: `call_${n}`,
  description: `Task ${n}`,
  agentType: 'general-purpose',
  startedAt: T0,
  items: [],
  nextId: 0,
  live: EMPTY_LIVE,
  todos: [],
  todoStartedAt: {},
  toolCalls: 2,
  stopping: false,
  ...over,
});

describe("the subagents' list", () => {
  const children = [
    child(1, { finished: { ok: true, durationMs: 8100, stopped: false } }),
    child(2, { agentType: 'explore' }),
    child(3, { finished: { ok: false, durationMs: 900, stopped: true } }),
    child(4, { finished: { ok: false, durationMs: 1200, stopped: false } }),
    child(5, { stopping: true }),
  ];

  it('numbers the children, marks the chosen one, says how each stands, then the keys', () => {
    const lines = agentListLayout(children, 1, 80, UNICODE, 10, T0 + 6000).lines.map(text);
    expect(lines).toEqual([
      'Subagents',
      '  1 ✓ Task 1  general-purpose · done in 8.1s · 2 tool calls',
      '› 2 ○ Task 2  explore · running 6s · 2 tool calls',
      '  3 ⊖ Task 3  general-purpose · stopped in 900ms · 2 tool calls',
      '  4 ✗ Task 4  general-purpose · failed in 1.2s · 2 tool calls',
      '  5 ⊖ Task 5  general-purpose · stopping 6s · 2 tool calls',
      '  ↑/↓ choose · enter or 1-9 open · esc close',
    ]);
  });

  it('in few rows, shows the rows around the chosen one within maxRows', () => {
    const lines = agentListLayout(children, 4, 80, UNICODE, 4, T0).lines.map(text);
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe('Subagents');
    expect(lines.slice(1, 3)).toEqual([
      expect.stringContaining('4 ✗ Task 4'),
      expect.stringContaining('› 5 ⊖ Task 5'),
    ]);
  });

  it('reads in ASCII: no arrows that look like letters', () => {
    const lines = agentListLayout(children, 1, 80, ASCII, 10, T0).lines.map(text);
    expect(lines[2]).toBe('> 2 o Task 2  explore | running 0s | 2 tool calls');
    expect(lines.at(-1)).toBe('  up/down choose | enter or 1-9 open | esc close');
  });
});

describe("a child's view", () => {
  it('its header names it: description, type, id, how it stands', () => {
    expect(text(childHeader(child(2, { agentType: 'explore' }), 100, UNICODE, T0 + 3000))).toBe(
      '○ agent Task 2  explore · agent-2  running 3s · 2 tool calls',
    );
  });

  it('its footer offers Ctrl+C only while it runs', () => {
    expect(text(childFooter(child(1), 100, UNICODE))).toBe(
      ' Esc back · Ctrl+C stop this agent · PgUp/PgDn scroll · Ctrl+O expand',
    );
    expect(text(childFooter(child(1, { stopping: true }), 100, UNICODE))).toBe(
      ' Esc back · stopping this agent… · PgUp/PgDn scroll · Ctrl+O expand',
    );
    const done = child(1, { finished: { ok: true, durationMs: 10, stopped: false } });
    expect(text(childFooter(done, 100, UNICODE))).toBe(
      ' Esc back · PgUp/PgDn scroll · Ctrl+O expand',
    );
  });
});
