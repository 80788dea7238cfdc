import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../src/protocol/events';
import {
  childOpened,
  childScrolled,
  openChild,
  pickerMoved,
  pickerOpened,
  stopAsked,
} from '../../src/store/agents-view';
import {
  MAX_CHILD_ITEMS,
  MAX_CHILDREN,
  STOPPED_BY_USER_TEXT,
} from '../../src/store/child-transcripts';
import { reduceEvents } from '../../src/store/reducer';
import { initialState } from '../../src/store/store';
import type { AppState } from '../../src/store/types';
import { lookOf } from '../../src/tools/registry';

const T0 = 1_000_000;
const base = initialState({ model: 'm', mode: 'default', demo: false, cwd: '/w' });
const started = (n: number): AgentEvent => ({
  type: 'subagent_started',
  agentId: `agent-${n}`,
  parentCallId: `call_${n}`,
  description: `Task ${n}`,
  prompt: `do task ${n}`,
  agentType: n === 2 ? 'explore' : 'general-purpose',
});
const inChild = (n: number, event: AgentEvent): AgentEvent => ({
  type: 'subagent_event',
  agentId: `agent-${n}`,
  parentCallId: `call_${n}`,
  event,
});
const finished = (n: number, ok: boolean, result: string): AgentEvent => ({
  type: 'subagent_finished',
  agentId: `agent-${n}`,
  parentCallId: `call_${n}`,
  ok,
  result,
  turns: 1,
  toolCalls: 1,
  durationMs: 1500,
});
const after = (events: AgentEvent[], state: AppState = base): AppState =>
  reduceEvents(state, events, T0);

/** A child that says something, runs a bash call and has a plan. */
const working: AgentEvent[] = [
  started(1),
  inChild(1, { type: 'user_prompt', text: 'do task 1', source: 'user' }),
  inChild(1, { type: 'request_start', round: 1 }),
  inChild(1, { type: 'text_delta', text: 'Looking at ' }),
  inChild(1, { type: 'text_delta', text: 'the parser.' }),
  inChild(1, {
    type: 'todos_updated',
    todos: [{ content: 'Read it', activeForm: 'Reading it', status: 'in_progress' }],
  }),
  inChild(1, { type: 'assistant_message', text: 'Looking at the parser.', reasoning: '' }),
  inChild(1, {
    type: 'tool_call_ready',
    id: 'c1',
    name: 'bash',
    look: lookOf('bash'),
    input: {},
    summary: 'wc -l src/parser.ts',
  }),
  inChild(1, { type: 'tool_running', id: 'c1', name: 'bash' }),
  inChild(1, { type: 'tool_output', id: 'c1', chunk: '120 src/parser.ts\n' }),
];

describe("a child's own transcript", () => {
  it('keeps its task, its text and its cards as the main transcript would, apart from the main one', () => {
    const state = after(working);
    const [child] = state.children;
    expect(child).toMatchObject({
      agentId: 'agent-1',
      description: 'Task 1',
      agentType: 'general-purpose',
      startedAt: T0,
      stopping: false,
    });
    expect(child.items).toEqual([
      { kind: 'user', id: 0, text: 'do task 1', source: 'user' },
      { kind: 'assistant', id: 1, text: 'Looking at the parser.', continued: false },
    ]);
    expect(child.live.tools).toMatchObject([
      { id: 'c1', name: 'bash', summary: 'wc -l src/parser.ts', status: 'running' },
    ]);
    expect(child.live.tools[0].output).toBe('120 src/parser.ts\n');
    expect(child.todos.map((t) => t.content)).toEqual(['Read it']);
    expect(child.todoStartedAt).toEqual({ 'Read it': T0 });
    // The main transcript and plan have none of it.
    expect(state.items.map((item) => item.kind)).toEqual(['banner']);
    expect(state.todos).toEqual([]);
  });

  it('streams: the text of the running request is in its live tail', () => {
    const state = after(working.slice(0, 5));
    expect(state.children[0].live.text).toBe('Looking at the parser.');
  });

  it('counts finished calls and commits their cards', () => {
    const state = after([
      ...working,
      inChild(1, {
        type: 'tool_result',
        id: 'c1',
        name: 'bash',
        look: lookOf('bash'),
        status: 'ok',
        output: '120 src/parser.ts',
        durationMs: 40,
      }),
    ]);
    const [child] = state.children;
    expect(child.toolCalls).toBe(1);
    expect(child.live.tools).toEqual([]);
    expect(child.items.at(-1)).toMatchObject({ kind: 'tool', card: { id: 'c1', status: 'ok' } });
  });

  it('a stopped child says so once, last, and is marked stopped', () => {
    const stopping = { ...after(working) };
    const asked = { ...stopping, ...stopAsked(stopping, 'agent-1') };
    expect(asked.children[0].stopping).toBe(true);
    const state = after(
      [
        inChild(1, {
          type: 'turn_end',
          reason: 'aborted',
          result: 'Looking at the parser.',
          rounds: 1,
          usage: { inputTokens: 0, outputTokens: 0 },
        }),
        finished(1, false, 'Error: the subagent was stopped by the user\n(subagent: 1 turn)'),
      ],
      asked,
    );
    const [child] = state.children;
    expect(child.stopping).toBe(false);
    expect(child.finished).toEqual({ ok: false, durationMs: 1500, stopped: true });
    expect(child.live.tools).toEqual([]);
    expect(child.items.at(-1)).toMatchObject({
      kind: 'info',
      tone: 'warning',
      text: STOPPED_BY_USER_TEXT,
    });
    // Not the loop's "Interrupted." nor the parent's error as well.
    const said = child.items.map((item) => ('text' in item ? item.text : ''));
    expect(said).not.toContain('Interrupted.');
    expect(said.join('\n')).not.toContain('the subagent was stopped by the user');
  });

  it('a resumed session knows a child the user stopped (the event says so)', () => {
    const stoppedEvent: AgentEvent = {
      ...(finished(
        1,
        false,
        'Error: the subagent was stopped by the user\n(subagent: 1 turn)',
      ) as Extract<AgentEvent, { type: 'subagent_finished' }>),
      stoppedByUser: true,
    };
    const [child] = after([...working, stoppedEvent]).children;
    expect(child.finished).toEqual({ ok: false, durationMs: 1500, stopped: true });
    expect(child.items.at(-1)).toMatchObject({ text: STOPPED_BY_USER_TEXT });
  });

  it('a child that answered adds nothing after its answer', () => {
    const state = after([...working.slice(0, 7), finished(1, true, 'Looking at the parser.')]);
    expect(state.children[0].finished).toEqual({ ok: true, durationMs: 1500, stopped: false });
    expect(state.children[0].items.at(-1)).toMatchObject({ kind: 'assistant' });
  });

  it('a resumed session rebuilds it from the recorded events (no deltas are recorded)', () => {
    const recorded = working.filter(
      (e) => e.type !== 'subagent_event' || !['text_delta', 'tool_output'].includes(e.event.type),
    );
    const [child] = after([...recorded, finished(1, true, 'Looking at the parser.')]).children;
    expect(child.items.map((item) => item.kind)).toEqual(['user', 'assistant']);
    expect(child.items[1]).toMatchObject({ text: 'Looking at the parser.' });
  });

  it(`keeps the latest ${MAX_CHILD_ITEMS} items of a long child`, () => {
    const notes = Array.from({ length: MAX_CHILD_ITEMS + 50 }, (_, i) =>
      inChild(1, { type: 'error', message: `note ${i}`, fatal: false }),
    );
    const [child] = after([started(1), ...notes]).children;
    expect(child.items).toHaveLength(MAX_CHILD_ITEMS);
    expect(child.items[0]).toMatchObject({ text: 'Error: note 50' });
    expect(child.items.at(-1)).toMatchObject({ text: `Error: note ${MAX_CHILD_ITEMS + 49}` });
  });

  it(`keeps ${MAX_CHILDREN} children: the oldest finished one goes first`, () => {
    const events: AgentEvent[] = [started(1), started(2), finished(2, true, 'done')];
    for (let n = 3; n <= MAX_CHILDREN + 1; n++) events.push(started(n));
    const ids = after(events).children.map((child) => child.agentId);
    expect(ids).toHaveLength(MAX_CHILDREN);
    expect(ids[0]).toBe('agent-1');
    expect(ids).not.toContain('agent-2');
    expect(after([...events, started(99)]).children[0].agentId).toBe('agent-3');
  });

  it('/clear forgets the children and closes their view', async () => {
    const { clearedConversation } = await import('../../src/store/view-state');
    const state = after(working);
    const open = {
      ...state,
      agents: { kind: 'child' as const, agentId: 'agent-1', scrollTop: null },
    };
    const cleared = clearedConversation(open);
    expect(cleared.children).toEqual([]);
    expect(cleared.agents).toBeNull();
  });
});

describe("the subagents' views", () => {
  const three = after([started(1), started(2), started(3), finished(3, true, 'done')]);

  it('the list opens on the latest running child; nothing without children', () => {
    expect(pickerOpened(three)).toEqual({ agents: { kind: 'picker', selected: 1 } });
    expect(pickerOpened(base)).toEqual({});
    const allDone = after([finished(1, true, 'a'), finished(2, true, 'b')], three);
    expect(pickerOpened(allDone)).toEqual({ agents: { kind: 'picker', selected: 2 } });
  });

  it('↑/↓ move within the list, stopping at its ends', () => {
    const open = { ...three, ...pickerOpened(three) };
    const down = { ...open, ...pickerMoved(open, 1) };
    expect(down.agents).toEqual({ kind: 'picker', selected: 2 });
    expect(pickerMoved(down, 1)).toEqual({ agents: { kind: 'picker', selected: 2 } });
    const top = { ...open, agents: { kind: 'picker' as const, selected: 0 } };
    expect(pickerMoved(top, -1)).toEqual({ agents: { kind: 'picker', selected: 0 } });
  });

  it('Enter opens the selected child, a number the one it names; past the list, nothing', () => {
    const open = { ...three, ...pickerOpened(three) };
    expect(childOpened(open)).toEqual({
      agents: { kind: 'child', agentId: 'agent-2', scrollTop: null },
    });
    expect(childOpened(open, 0)).toEqual({
      agents: { kind: 'child', agentId: 'agent-1', scrollTop: null },
    });
    expect(childOpened(open, 5)).toEqual({});
    const viewed = { ...open, ...childOpened(open, 2) };
    expect(openChild(viewed)?.description).toBe('Task 3');
    expect(openChild({ ...viewed, children: [] })).toBeUndefined();
  });

  it("PgUp/PgDn scroll the child's transcript; at the bottom it follows again", () => {
    const viewed = { ...three, ...childOpened(three, 0) };
    const metrics = { totalRows: 100, height: 20 };
    const up = { ...viewed, ...childScrolled(viewed, -19, metrics) };
    expect(up.agents).toEqual({ kind: 'child', agentId: 'agent-1', scrollTop: 61 });
    expect(childScrolled(up, 19, metrics)).toEqual({
      agents: { kind: 'child', agentId: 'agent-1', scrollTop: null },
    });
    expect(childScrolled(three, -5, metrics)).toEqual({});
  });

  it('a stop is asked only of a running child', () => {
    expect(stopAsked(three, 'agent-1').children?.[0].stopping).toBe(true);
    expect(stopAsked(three, 'agent-3').children?.[2].stopping).toBe(false);
  });
});
