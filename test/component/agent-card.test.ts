import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../src/protocol/events';
import { reduceEvents } from '../../src/store/reducer';
import { initialState } from '../../src/store/store';
import type { AppState, ToolCard } from '../../src/store/types';
import { toolCardLines } from '../../components/lines/tool-card';
import type { Line } from '../../components/lines/spans';
import { lookOf } from '../../src/tools/registry';

const text = (line: Line): string => line.map((span) => span.text).join('');
const T0 = 1_000_000;
const tag = { agentId: 'agent-1', parentCallId: 'call_a' };
const child = (event: AgentEvent): AgentEvent => ({ type: 'subagent_event', ...tag, event });

const start: AgentEvent[] = [
  { type: 'user_prompt', text: 'go', source: 'user' },
  { type: 'todos_updated', todos: [{ content: 'Parent step', status: 'in_progress' }] },
  {
    type: 'tool_call_ready',
    id: 'call_a',
    name: 'agent',
    look: lookOf('agent'),
    input: {},
    summary: 'Survey the parser',
  },
  { type: 'tool_running', id: 'call_a', name: 'agent' },
  { type: 'subagent_started', ...tag, description: 'Survey the parser', prompt: 'look' },
  child({
    type: 'todos_updated',
    todos: [
      { content: 'Read it', activeForm: 'Reading it', status: 'in_progress' },
      { content: 'Report', status: 'pending' },
    ],
  }),
  child({
    type: 'tool_call_ready',
    id: 'c1',
    name: 'read_file',
    look: lookOf('read_file'),
    input: {},
    summary: 'src/parser.ts',
  }),
  child({ type: 'tool_running', id: 'c1', name: 'read_file' }),
  child({
    type: 'tool_result',
    id: 'c1',
    name: 'read_file',
    look: lookOf('read_file'),
    status: 'ok',
    output: 'x',
    durationMs: 3,
  }),
  child({
    type: 'tool_call_ready',
    id: 'c2',
    name: 'bash',
    look: lookOf('bash'),
    input: {},
    summary: 'npm test',
  }),
  child({ type: 'tool_running', id: 'c2', name: 'bash' }),
];

function stateAfter(events: AgentEvent[], now = T0): AppState {
  const state = initialState({ model: 'm', mode: 'default', demo: false, cwd: '/w' });
  return reduceEvents(state, events, now);
}

function card(state: AppState): ToolCard {
  const live = state.live.tools.find((c) => c.id === 'call_a');
  if (live) return live;
  const item = state.items.find((i) => i.kind === 'tool' && i.card.id === 'call_a');
  if (item?.kind !== 'tool') throw new Error('no agent card');
  return item.card;
}

const view = (expanded = false) => ({
  look: { color: false, unicode: true },
  now: T0 + 4_000,
  expanded,
  latest: true,
  animate: false,
});

describe('the agent card', () => {
  it("keeps the child's plan and calls on its card; the parent's plan is untouched", () => {
    const state = stateAfter(start);
    expect(state.todos).toEqual([{ content: 'Parent step', status: 'in_progress' }]);
    const { child } = card(state);
    expect(child?.todos.map((t) => t.content)).toEqual(['Read it', 'Report']);
    expect(child?.toolCalls).toBe(1);
    expect(child?.tools.map((t) => [t.name, t.status])).toEqual([
      ['read_file', 'ok'],
      ['bash', 'running'],
    ]);
  });

  it('running: description, the plan with the activeForm, the count and seconds, the latest call', () => {
    const lines = toolCardLines(card(stateAfter(start)), 80, view()).map(text);
    expect(lines).toEqual([
      expect.stringMatching(/^○ agent {2}Survey the parser {2}4s$/),
      '    Plan 0/2',
      '    ▸ Reading it',
      '    ☐ Report',
      '    1 tool call · 4s  (ctrl+o to expand · ↓ to open)',
      '    ○ bash  npm test',
    ]);
  });

  it('an agent call whose child waits for a slot says so', () => {
    const waiting = stateAfter(start.slice(0, 4));
    expect(toolCardLines(card(waiting), 80, view()).map(text).slice(1)).toEqual([
      '  waiting for a free subagent slot',
    ]);
  });

  it('Ctrl+O: every call of the child', () => {
    const lines = toolCardLines(card(stateAfter(start)), 80, view(true)).map(text);
    expect(lines.slice(-2)).toEqual(['    ✓ read_file  src/parser.ts', '    ○ bash  npm test']);
  });

  it('finished: one line with the result summary; Ctrl+O shows the whole answer', () => {
    const state = stateAfter([
      ...start,
      child({
        type: 'tool_result',
        id: 'c2',
        name: 'bash',
        look: lookOf('bash'),
        status: 'ok',
        output: 'ok',
        durationMs: 3,
      }),
      {
        type: 'subagent_finished',
        ...tag,
        ok: true,
        result: 'The parser is fine.\nDetails follow.',
        turns: 3,
        toolCalls: 2,
        durationMs: 4_200,
      },
      {
        type: 'tool_result',
        id: 'call_a',
        name: 'agent',
        look: lookOf('agent'),
        status: 'ok',
        output: 'The parser is fine.',
        durationMs: 4_200,
      },
    ]);
    const lines = toolCardLines(card(state), 80, view()).map(text);
    expect(lines).toEqual([
      expect.stringMatching(/^✓ agent {2}Survey the parser {2}4\.2s$/),
      '    The parser is fine.  (3 turns, 2 tool calls, 4.2s)',
    ]);
    const expanded = toolCardLines(card(state), 80, view(true)).map(text);
    expect(expanded.slice(1)).toEqual([
      '    The parser is fine.',
      '    Details follow.',
      '    (3 turns, 2 tool calls, 4.2s)',
    ]);
  });

  it('a failed child shows its error', () => {
    const state = stateAfter([
      ...start,
      {
        type: 'subagent_finished',
        ...tag,
        ok: false,
        result: 'Error: the subagent failed: 500\n(subagent: 1 turn, 1 tool call, 1s)',
        turns: 1,
        toolCalls: 1,
        durationMs: 1_000,
      },
      {
        type: 'tool_result',
        id: 'call_a',
        name: 'agent',
        look: lookOf('agent'),
        status: 'error',
        output: 'Error: x',
        durationMs: 1_000,
      },
    ]);
    const lines = toolCardLines(card(state), 80, view()).map(text);
    expect(lines[1]).toBe('    Error: the subagent failed: 500  (1 turn, 1 tool call, 1.0s)');
  });

  it("a child's task list changes go to the shared task panel", () => {
    const state = stateAfter([
      ...start,
      child({
        type: 'tasks_updated',
        listId: 'L',
        tasks: [
          {
            id: '1',
            subject: 'Task of the child',
            description: '',
            status: 'pending',
            owner: 'agent-1',
            blockedBy: [],
            createdAt: 0,
            updatedAt: 0,
          },
        ],
      }),
    ]);
    expect(state.taskListId).toBe('L');
    expect(state.tasks.map((t) => t.owner)).toEqual(['agent-1']);
  });

  it("a child's tokens count in the session's usage; its context fill does not", () => {
    const state = stateAfter([
      ...start,
      child({ type: 'usage', usage: { inputTokens: 1200, outputTokens: 30 } }),
      child({ type: 'context_usage', tokens: 9000, window: 10000 }),
    ]);
    expect(state.usage).toEqual({ inputTokens: 1200, outputTokens: 30 });
    expect(state.context).toBeNull();
  });
});
