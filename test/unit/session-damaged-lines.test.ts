import { describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SESSION_FORMAT_VERSION, type HeaderRecord } from '../../src/session/format';
import { LOST_RESULT_OUTPUT, repairHistory } from '../../src/session/history-repair';
import { MAY_HAVE_RUN_OUTPUT, NOT_RUN_OUTPUT } from '../../src/session/interrupted-calls';
import { readSessionFile } from '../../src/session/reader';
import { restoreSession } from '../../src/session/restore';
import { SessionWriter } from '../../src/session/writer';
import type { ChatMessage } from '../../src/model/types';
import { lookOf } from '../../src/tools/registry';
import { tempDir } from '../support/agent-harness';

function header(extra: Partial<HeaderRecord> = {}): HeaderRecord {
  return {
    v: SESSION_FORMAT_VERSION,
    kind: 'header',
    id: 'sess-damaged',
    cwd: '/w',
    startedAt: new Date().toISOString(),
    model: 'm',
    startsRecorded: true,
    ...extra,
  };
}

const call = (id: string, name = 'bash') => ({
  id,
  type: 'function' as const,
  function: { name, arguments: '{"command":"ls"}' },
});

const TASK = {
  id: '1',
  subject: 'List',
  description: '',
  status: 'completed' as const,
  owner: 'main',
  blockedBy: [],
  createdAt: 1,
  updatedAt: 2,
};

/** Two rounds of tool calls and an answer, one record a line; returns the file and its lines. */
function recorded(): { file: string; lines: string[] } {
  const file = join(tempDir('tick-damaged-'), 'sess-damaged.jsonl');
  const writer = SessionWriter.create(file, header());
  writer.event({ type: 'user_prompt', text: 'list twice', source: 'user' });
  writer.message({ role: 'user', content: 'list twice' });
  writer.message({ role: 'assistant', content: null, tool_calls: [call('c1')] });
  writer.message({ role: 'tool', tool_call_id: 'c1', content: 'a.txt' });
  writer.message({ role: 'assistant', content: null, tool_calls: [call('c2')] });
  writer.message({ role: 'tool', tool_call_id: 'c2', content: 'b.txt' });
  writer.message({ role: 'assistant', content: 'Two files.' });
  writer.event({ type: 'todos_updated', todos: [{ content: 'List', status: 'completed' }] });
  writer.event({
    type: 'tool_result',
    id: 'c2',
    name: 'bash',
    look: lookOf('bash'),
    status: 'ok',
    output: 'b.txt',
    display: { exitCode: 0 },
    durationMs: 5,
  });
  writer.event({ type: 'tasks_updated', listId: 'l', tasks: [TASK] });
  writer.event({
    type: 'turn_end',
    reason: 'done',
    result: 'Two files.',
    rounds: 3,
    usage: { inputTokens: 1, outputTokens: 1 },
  });
  writer.close();
  return { file, lines: readFileSync(file, 'utf8').split('\n') };
}

/** Line numbers (1-based) of the records in `recorded()`. */
const LINE = {
  prompt: 2,
  user: 3,
  call1: 4,
  result1: 5,
  call2: 6,
  result2: 7,
  answer: 8,
  todos: 9,
  bashResult: 10,
  tasks: 11,
  turnEnd: 12,
};

/** The record with the value at `path` replaced (undefined: the key removed). */
function setAt(record: unknown, path: readonly (string | number)[], value: unknown): unknown {
  let node = record as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  if (value === undefined) delete node[last];
  else node[last] = value;
  return record;
}

function damage(file: string, lines: string[], line: number, text: string): void {
  const copy = [...lines];
  copy[line - 1] = text;
  writeFileSync(file, copy.join('\n'));
}

describe('damaged lines are skipped, the rest kept', () => {
  it('a line that is not JSON: one notice naming the file and line, every other record read', () => {
    const { file, lines } = recorded();
    damage(file, lines, LINE.todos, '{"kind":"event","t":17,"event":{"type":"todos_upd');
    const parsed = readSessionFile(file);
    expect(parsed.notices).toEqual([
      `${file} line ${LINE.todos}: skipped a damaged line (not valid JSON); the rest of the session is kept`,
    ]);
    expect(parsed.damagedLines).toEqual([LINE.todos]);
    expect(restoreSession(parsed).state.messages).toHaveLength(6);
  });

  it('a record cut short with the next one written on the same line (an older tick on a full disk): the whole one is kept', () => {
    const { file, lines } = recorded();
    // What the older writer left: the start of a record, then the next record on its line.
    const joined = [...lines];
    joined.splice(
      LINE.result2 - 1,
      2,
      `${lines[LINE.result2 - 1].slice(0, 25)}${lines[LINE.answer - 1]}`,
    );
    writeFileSync(file, joined.join('\n'));
    const parsed = readSessionFile(file);
    expect(parsed.notices).toEqual([
      `${file} line ${LINE.result2}: skipped a damaged line (an interrupted record, followed by a whole one that was kept); the rest of the session is kept`,
    ]);
    const { messages } = restoreSession(parsed).state;
    // The cut record was c2's result: it is answered as lost, the answer after it is kept.
    expect(messages.slice(-2)).toEqual([
      { role: 'tool', tool_call_id: 'c2', content: LOST_RESULT_OUTPUT },
      { role: 'assistant', content: 'Two files.' },
    ]);
  });

  it('a hand-edited line with wrong types: skipped with a notice naming the field, resume still works', () => {
    const { file, lines } = recorded();
    const edited = JSON.parse(lines[LINE.call2 - 1]);
    edited.message.tool_calls = 'ls';
    damage(file, lines, LINE.call2, JSON.stringify(edited));
    const parsed = readSessionFile(file);
    expect(parsed.notices).toEqual([
      `${file} line ${LINE.call2}: skipped a damaged line (message.tool_calls: a list expected, found text); the rest of the session is kept`,
    ]);
    // The call's result lost its call: it goes too, so the history is one the API accepts.
    expect(restoreSession(parsed).state.messages).toEqual([
      { role: 'user', content: 'list twice' },
      { role: 'assistant', content: null, tool_calls: [call('c1')] },
      { role: 'tool', tool_call_id: 'c1', content: 'a.txt' },
      { role: 'assistant', content: 'Two files.' },
    ]);
  });

  it.each([
    [
      'a todo status',
      LINE.todos,
      ['event', 'todos', 0, 'status'],
      'done',
      'event.todos[0].status: "pending" or "in_progress" or "completed" expected, found text',
    ],
    [
      'a prompt of a number',
      LINE.prompt,
      ['event', 'text'],
      42,
      'event.text: text expected, found a number',
    ],
    [
      'a message role',
      LINE.user,
      ['message', 'role'],
      'robot',
      'message.role: "system" or "developer" or "user" or "assistant" or "tool" expected, found text',
    ],
    [
      'a tool result without its call id',
      LINE.result1,
      ['message', 'tool_call_id'],
      undefined,
      'message.tool_call_id: text expected, found nothing',
    ],
    [
      'message content of an object',
      LINE.answer,
      ['message', 'content'],
      { text: 'x' },
      'message.content: text, null or a list of parts expected, found an object',
    ],
    [
      'a diff of a number',
      LINE.bashResult,
      ['event', 'display', 'diff'],
      42,
      'event.display.diff: text expected, found a number',
    ],
    [
      'a task status',
      LINE.tasks,
      ['event', 'tasks', 0, 'status'],
      'finished',
      'event.tasks[0].status: "pending" or "in_progress" or "completed" expected, found text',
    ],
    [
      'a task without its owner',
      LINE.tasks,
      ['event', 'tasks', 0, 'owner'],
      undefined,
      'event.tasks[0].owner: text expected, found nothing',
    ],
    [
      'a turn end reason',
      LINE.turnEnd,
      ['event', 'reason'],
      'finished',
      'event.reason: "done" or "stopped" or "max_turns" or "aborted" or "error" expected, found text',
    ],
  ] as const)('%s is named in the notice', (_what, line, path, value, problem) => {
    const { file, lines } = recorded();
    damage(file, lines, line, JSON.stringify(setAt(JSON.parse(lines[line - 1]), path, value)));
    const parsed = readSessionFile(file);
    expect(parsed.notices).toEqual([
      `${file} line ${line}: skipped a damaged line (${problem}); the rest of the session is kept`,
    ]);
    expect(() => restoreSession(parsed)).not.toThrow();
  });

  it('an event of a type this tick does not know (a later tick added it) is passed over in silence', () => {
    const { file, lines } = recorded();
    const copy = [...lines];
    copy[LINE.todos - 1] = JSON.stringify(
      setAt(JSON.parse(lines[LINE.todos - 1]), ['event', 'type'], 'todos_archived'),
    );
    copy[LINE.tasks - 1] = JSON.stringify({
      kind: 'event',
      t: 5,
      event: {
        type: 'subagent_event',
        agentId: 'a1',
        parentCallId: 'c9',
        event: { type: 'plan_drawn', steps: 3 },
      },
    });
    writeFileSync(file, copy.join('\n'));
    const parsed = readSessionFile(file);
    expect(parsed.notices).toEqual([]);
    const types = parsed.records.flatMap((record) =>
      record.kind === 'event' ? [record.event.type] : [],
    );
    expect(types).toEqual(['user_prompt', 'tool_result', 'turn_end']);
    expect(restoreSession(parsed).state.messages).toHaveLength(6);
  });

  it('a damaged blob line costs only the records that refer to it', () => {
    const file = join(tempDir('tick-damaged-'), 'sess-damaged.jsonl');
    const writer = SessionWriter.create(file, header());
    const big = 'z'.repeat(5000);
    writer.message({ role: 'user', content: 'show it' });
    writer.message({ role: 'assistant', content: big });
    writer.message({ role: 'user', content: 'thanks' });
    writer.close();
    const lines = readFileSync(file, 'utf8').split('\n');
    const blob = lines.findIndex((line) => line.startsWith('{"kind":"blob"'));
    damage(file, lines, blob + 1, '{"kind":"blob","id":');
    const parsed = readSessionFile(file);
    expect(parsed.notices).toHaveLength(2);
    expect(parsed.notices[1]).toMatch(
      /line 4: skipped a damaged line \(refers to a missing blob '[0-9a-f]+'\)/,
    );
    expect(restoreSession(parsed).state.messages).toEqual([
      { role: 'user', content: 'show it' },
      { role: 'user', content: 'thanks' },
    ]);
  });

  it('many damaged lines: three named, the rest counted in one more line', () => {
    const { file, lines } = recorded();
    const copy = [...lines];
    for (const line of [LINE.prompt, LINE.user, LINE.call1, LINE.result1, LINE.todos])
      copy[line - 1] = 'garbage';
    writeFileSync(file, copy.join('\n'));
    const { notices } = readSessionFile(file);
    expect(notices).toHaveLength(4);
    expect(notices[3]).toBe(
      `${file}: skipped 2 more damaged lines (${LINE.result1}, ${LINE.todos})`,
    );
  });

  it('a damaged header is still no tick session at all', () => {
    const { file, lines } = recorded();
    damage(file, lines, 1, '{"v":1,"kind":"hea');
    expect(() => readSessionFile(file)).toThrow(
      `${file} line 1: not a tick session file (no header)`,
    );
  });
});

describe('repairHistory', () => {
  it('leaves a whole history as it is', () => {
    const history: ChatMessage[] = [
      { role: 'user', content: 'go' },
      { role: 'assistant', content: null, tool_calls: [call('a'), call('b')] },
      { role: 'tool', tool_call_id: 'a', content: '1' },
      { role: 'tool', tool_call_id: 'b', content: '2' },
      { role: 'assistant', content: 'done' },
    ];
    expect(repairHistory(history)).toEqual(history);
  });

  it('answers a call whose result was lost before the next message, and leaves the last calls open', () => {
    expect(
      repairHistory([
        { role: 'assistant', content: null, tool_calls: [call('a'), call('b')] },
        { role: 'tool', tool_call_id: 'b', content: '2' },
        { role: 'user', content: 'next' },
        { role: 'assistant', content: null, tool_calls: [call('c')] },
      ]),
    ).toEqual([
      { role: 'assistant', content: null, tool_calls: [call('a'), call('b')] },
      { role: 'tool', tool_call_id: 'b', content: '2' },
      { role: 'tool', tool_call_id: 'a', content: LOST_RESULT_OUTPUT },
      { role: 'user', content: 'next' },
      { role: 'assistant', content: null, tool_calls: [call('c')] },
    ]);
  });
});

describe('calls a kill left unanswered', () => {
  function killedDuringCall(
    headerExtra: Partial<HeaderRecord>,
    write: (writer: SessionWriter) => void,
  ) {
    const file = join(tempDir('tick-killed-'), 'sess-damaged.jsonl');
    const writer = SessionWriter.create(file, header(headerExtra));
    writer.message({ role: 'user', content: 'go' });
    writer.message({ role: 'assistant', content: null, tool_calls: [call('c1')] });
    writer.event({
      type: 'tool_call_ready',
      id: 'c1',
      name: 'bash',
      input: {},
      summary: 'ls',
      look: lookOf('bash'),
    });
    write(writer);
    writer.close();
    return restoreSession(readSessionFile(file)).state.messages.at(-1);
  }

  it('a start recorded before the tool ran: started and interrupted, even without tool_running', () => {
    expect(killedDuringCall({}, (writer) => writer.started('c1'))?.content).toMatch(
      /^Error: interrupted: this call started/,
    );
  });

  it('no start in a log that records starts: not run', () => {
    expect(killedDuringCall({}, () => undefined)?.content).toBe(NOT_RUN_OUTPUT);
  });

  it('no start in an older log (starts not recorded): it may have run', () => {
    expect(killedDuringCall({ startsRecorded: undefined }, () => undefined)?.content).toBe(
      MAY_HAVE_RUN_OUTPUT,
    );
  });

  it('an older log, the call still waiting for approval: not run', () => {
    const asked = (writer: SessionWriter) =>
      writer.event({
        type: 'permission_asked',
        request: {
          callId: 'c1',
          toolName: 'bash',
          subject: 'ls',
          reason: 'asks',
          look: lookOf('bash'),
        },
      });
    expect(killedDuringCall({ startsRecorded: undefined }, asked)?.content).toBe(NOT_RUN_OUTPUT);
  });
});
