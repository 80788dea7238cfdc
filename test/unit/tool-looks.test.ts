import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../src/model/types';
import type { AgentEvent } from '../../src/protocol/events';
import { GENERIC_LOOK, isToolLook, type ToolLook } from '../../src/protocol/tool-look';
import { recordedLook, withLooks } from '../../src/session/legacy-looks';
import type { ReadRecord } from '../../src/session/reader';
import { ReminderCount } from '../../src/session/reminder-count';
import { TOOLS } from '../../src/tools/registry';

const SHELL: ToolLook = { role: 'shell', resultShape: 'log' };
const PLAN: ToolLook = { role: 'plan', resultShape: 'plan' };

describe('a tool look', () => {
  it('is declared, valid, by every tool tick has', () => {
    for (const tool of Object.values(TOOLS)) expect(isToolLook(tool.look), tool.name).toBe(true);
  });

  it('is told from foreign values (a session file may hold anything)', () => {
    expect(isToolLook(SHELL)).toBe(true);
    expect(isToolLook({ role: 'shell', resultShape: 'video' })).toBe(false);
    expect(isToolLook({ role: 'launch', resultShape: 'log' })).toBe(false);
    expect(isToolLook({ kind: 'shell', shape: 'log' })).toBe(false);
    expect(isToolLook('shell')).toBe(false);
    expect(isToolLook(null)).toBe(false);
  });
});

describe('looks read back from a session file', () => {
  it("keep a recorded look; a record from before looks gets its tool's look of today", () => {
    expect(recordedLook(PLAN, 'bash')).toEqual(PLAN);
    for (const tool of Object.values(TOOLS))
      expect(recordedLook(undefined, tool.name), tool.name).toEqual(tool.look);
  });

  it('give a name no built-in tool had, or a foreign look, the generic look or the legacy one', () => {
    expect(recordedLook(undefined, 'mcp__ops__deploy')).toEqual(GENERIC_LOOK);
    expect(recordedLook(undefined, 'constructor')).toEqual(GENERIC_LOOK);
    expect(recordedLook({ role: 'teleport', resultShape: 'log' }, 'bash')).toEqual(SHELL);
  });

  it("fill the calls' events, an approval request and a subagent's events", () => {
    // Written before calls carried their look: the fields are simply absent.
    const old = [
      { type: 'tool_call_ready', id: 'a', name: 'bash', input: {}, summary: 'ls' },
      { type: 'tool_result', id: 'a', name: 'todo_write', status: 'ok', output: '', durationMs: 1 },
      {
        type: 'permission_asked',
        request: { callId: 'a', toolName: 'edit_file', subject: 'a.ts', reason: 'edits' },
      },
      {
        type: 'subagent_event',
        agentId: 'agent-1',
        parentCallId: 'p',
        event: { type: 'tool_call_ready', id: 'b', name: 'glob', input: {}, summary: '*' },
      },
    ] as unknown as AgentEvent[];
    const [ready, result, asked, child] = old.map(withLooks);
    expect(ready).toMatchObject({ look: SHELL });
    expect(result).toMatchObject({ look: PLAN });
    expect(asked).toMatchObject({ request: { look: { role: 'edit', resultShape: 'diff' } } });
    expect(child).toMatchObject({ event: { look: { role: 'search', resultShape: 'list' } } });
    const text: AgentEvent = { type: 'text_delta', text: 'hi' };
    expect(withLooks(text)).toBe(text);
  });
});

describe("the reminder count rebuilt from a log's records", () => {
  let line = 0;
  const message = (msg: ChatMessage): ReadRecord => ({
    kind: 'message',
    t: 0,
    line: ++line,
    message: msg,
  });
  const event = (e: AgentEvent): ReadRecord => ({ kind: 'event', t: 0, line: ++line, event: e });
  /** One round as the log has it: the assistant message, then its calls' events and results. */
  const round = (calls: { id: string; name: string; look: ToolLook }[]): ReadRecord[] => [
    message({
      role: 'assistant',
      content: null,
      tool_calls: calls.map(({ id, name }) => ({
        id,
        type: 'function',
        function: { name, arguments: '{}' },
      })),
    }),
    ...calls.flatMap(({ id, name, look }) => [
      event({ type: 'tool_call_ready', id, name, input: {}, summary: '', look }),
      event({ type: 'tool_result', id, name, look, status: 'ok', output: '', durationMs: 1 }),
      message({ role: 'tool', tool_call_id: id, content: '' }),
    ]),
  ];
  const count = (records: ReadRecord[]): number => {
    const reminder = new ReminderCount();
    for (const record of records) reminder.note(record);
    return reminder.count();
  };

  it("counts rounds without a plan tool and resets on one, known by the calls' looks", () => {
    const bash = { id: 'c1', name: 'bash', look: SHELL };
    expect(count([...round([bash]), ...round([bash])])).toBe(2);
    expect(
      count([...round([bash]), ...round([bash, { id: 'c2', name: 'todo_write', look: PLAN }])]),
    ).toBe(0);
    // A plan tool that appeared at run time counts by its role, whatever its name.
    const custom = {
      id: 'c3',
      name: 'mcp__plans__update',
      look: { role: 'tasks', resultShape: 'text' } as const,
    };
    expect(count([...round([bash]), ...round([custom]), ...round([bash])])).toBe(1);
  });

  it('tells rounds apart when a server reuses call ids', () => {
    const plan = { id: 'call_0', name: 'todo_write', look: PLAN };
    const bash = { id: 'call_0', name: 'bash', look: SHELL };
    expect(count([...round([plan]), ...round([bash]), ...round([bash])])).toBe(2);
  });

  it('resets on a reminder and takes a state record as it is', () => {
    const bash = { id: 'c1', name: 'bash', look: SHELL };
    const reminder = message({ role: 'user', content: '<reminder>Update your todos.</reminder>' });
    expect(count([...round([bash]), ...round([bash]), reminder, ...round([bash])])).toBe(1);
    const state: ReadRecord = { kind: 'state', t: 0, line: ++line, roundsSinceTodo: 5 };
    expect(count([...round([bash]), state])).toBe(5);
    expect(count([state, ...round([bash])])).toBe(6);
  });

  it('counts the last round of a log a crash cut short', () => {
    const bash = { id: 'c1', name: 'bash', look: SHELL };
    expect(count([...round([bash]), ...round([bash]).slice(0, 2)])).toBe(2);
  });
});
