import { describe, expect, it } from 'vitest';
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AgentEvent } from '../../src/protocol/events';
import { SESSION_FORMAT_VERSION, type HeaderRecord } from '../../src/session/format';
import { acquireLock } from '../../src/session/lock';
import { lockFile, workspaceSlug } from '../../src/session/paths';
import { readSessionFile } from '../../src/session/reader';
import { NOT_RUN_OUTPUT } from '../../src/session/interrupted-calls';
import { restoreSession } from '../../src/session/restore';
import { HEAD_CHARS, RunningOutput, TAIL_CHARS } from '../../src/session/running-output';
import { SessionWriter } from '../../src/session/writer';
import { tempDir } from '../support/agent-harness';
import { lookOf } from '../../src/tools/registry';

function header(id = 'sess-0001'): HeaderRecord {
  return {
    v: SESSION_FORMAT_VERSION,
    kind: 'header',
    id,
    cwd: '/w',
    startedAt: new Date().toISOString(),
    model: 'm',
    startsRecorded: true,
  };
}

function newFile(): string {
  return join(tempDir('tick-sess-'), 'sess-0001.jsonl');
}

const todos = [
  { content: 'Read the code', status: 'completed' as const },
  { content: 'Fix the bug', status: 'in_progress' as const, activeForm: 'Fixing the bug' },
];

/** A short session: a prompt, a todo_write round, a bash round, an answer. */
function writeSample(file: string): void {
  const writer = SessionWriter.create(file, header());
  const events: AgentEvent[] = [
    { type: 'user_prompt', text: 'fix it', source: 'user' },
    { type: 'request_start', round: 1 },
    { type: 'text_delta', text: 'Plan' },
  ];
  events.forEach((event) => writer.event(event));
  writer.message({ role: 'user', content: 'fix it' });
  writer.message({
    role: 'assistant',
    content: null,
    tool_calls: [{ id: 'c1', type: 'function', function: { name: 'todo_write', arguments: '{}' } }],
  });
  writer.event({ type: 'assistant_message', text: '', reasoning: '' });
  writer.event({
    type: 'tool_result',
    id: 'c1',
    name: 'todo_write',
    look: lookOf('todo_write'),
    status: 'ok',
    output: 'list',
    durationMs: 1,
  });
  writer.message({ role: 'tool', tool_call_id: 'c1', content: 'list' });
  writer.event({ type: 'todos_updated', todos });
  writer.state(0);
  writer.grant('bash(npm test:*)');
  writer.close();
}

describe('session file writing and reading', () => {
  it('starts with a header line and writes one JSON line per record, skipping deltas', () => {
    const file = newFile();
    writeSample(file);
    const lines = readFileSync(file, 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines[0]).toMatchObject({
      v: 1,
      kind: 'header',
      id: 'sess-0001',
      cwd: '/w',
      model: 'm',
    });
    expect(typeof lines[0].startedAt).toBe('string');
    expect(lines.filter((line) => line.kind === 'event').map((line) => line.event.type)).toEqual([
      'user_prompt',
      'request_start',
      'assistant_message',
      'tool_result',
      'todos_updated',
    ]);
    expect(
      lines.every(
        (line) => line.kind === 'header' || typeof line.t === 'number' || line.kind === 'blob',
      ),
    ).toBe(true);
  });

  it('restores messages, the last todo list, the reminder count and granted rules', () => {
    const file = newFile();
    writeSample(file);
    const restored = restoreSession(readSessionFile(file));
    expect(restored.state.sessionId).toBe('sess-0001');
    expect(restored.state.messages.map((message) => message.role)).toEqual([
      'user',
      'assistant',
      'tool',
    ]);
    expect(restored.state.todos).toEqual(todos);
    expect(restored.state.roundsSinceTodo).toBe(0);
    expect(restored.grantedRules).toEqual(['bash(npm test:*)']);
    expect(restored.events.map((event) => event.type)).toContain('todos_updated');
    expect(restored.repairs).toEqual([]);
  });

  it('stores a 50 KB tool output once, shared by the event and the message', () => {
    const file = newFile();
    const big = 'x'.repeat(50_000);
    const writer = SessionWriter.create(file, header());
    writer.event({
      type: 'tool_result',
      id: 'c1',
      name: 'bash',
      look: lookOf('bash'),
      status: 'ok',
      output: big,
      durationMs: 5,
    });
    writer.message({ role: 'tool', tool_call_id: 'c1', content: big });
    writer.close();
    const text = readFileSync(file, 'utf8');
    expect(text.split(big).length - 1).toBe(1);
    expect(text.length).toBeLessThan(big.length + 1000);
    const restored = restoreSession(readSessionFile(file));
    expect(restored.state.messages[0]).toEqual({ role: 'tool', tool_call_id: 'c1', content: big });
    expect(restored.events[0]).toMatchObject({ type: 'tool_result', output: big });
  });

  it('stores a 50 KB tool input once, shared by the assistant message and tool_call_ready', () => {
    const file = newFile();
    const input = { path: 'big.txt', content: 'y'.repeat(50_000) };
    const args = JSON.stringify(input);
    const writer = SessionWriter.create(file, header());
    const assistant = {
      role: 'assistant' as const,
      content: null,
      tool_calls: [
        { id: 'w1', type: 'function' as const, function: { name: 'write_file', arguments: args } },
      ],
    };
    writer.message(assistant);
    writer.event({
      type: 'tool_call_ready',
      id: 'w1',
      name: 'write_file',
      look: lookOf('write_file'),
      input,
      summary: 'big.txt',
    });
    writer.close();
    const text = readFileSync(file, 'utf8');
    expect(text.split(input.content).length - 1).toBe(1);
    expect(text.length).toBeLessThan(args.length + 1000);
    const restored = restoreSession(readSessionFile(file));
    expect(restored.state.messages[0]).toEqual(assistant);
    expect(restored.events[0]).toEqual({
      type: 'tool_call_ready',
      id: 'w1',
      name: 'write_file',
      look: lookOf('write_file'),
      input,
      summary: 'big.txt',
    });
  });

  it('counts tool rounds without todo_write since the last state line', () => {
    const file = newFile();
    const writer = SessionWriter.create(file, header());
    writer.state(1);
    for (const id of ['a', 'b']) {
      writer.message({
        role: 'assistant',
        content: null,
        tool_calls: [
          { id, type: 'function', function: { name: 'glob', arguments: '{"pattern":"*"}' } },
        ],
      });
      writer.message({ role: 'tool', tool_call_id: id, content: 'none' });
    }
    writer.close();
    expect(restoreSession(readSessionFile(file)).state.roundsSinceTodo).toBe(3);
  });

  it('reopens the recorded task list across /clear; a task tool resets the reminder count', () => {
    const file = newFile();
    const writer = SessionWriter.create(file, header());
    writer.taskList('team-list');
    writer.state(2);
    writer.clear();
    writer.message({
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 't', type: 'function', function: { name: 'task_list', arguments: '{}' } }],
    });
    writer.event({
      type: 'tool_call_ready',
      id: 't',
      name: 'task_list',
      input: {},
      summary: '',
      look: lookOf('task_list'),
    });
    writer.message({ role: 'tool', tool_call_id: 't', content: 'No tasks yet.' });
    writer.close();
    const { state } = restoreSession(readSessionFile(file));
    expect(state.taskListId).toBe('team-list');
    expect(state.roundsSinceTodo).toBe(0);
  });

  it('a task_list record without its list id is skipped with a notice naming the line', () => {
    const file = newFile();
    const writer = SessionWriter.create(file, header());
    writer.state(0);
    writer.close();
    appendFileSync(file, `${JSON.stringify({ kind: 'task_list', t: 1 })}\n`);
    const parsed = readSessionFile(file);
    expect(parsed.notices).toEqual([
      `${file} line 3: skipped a damaged line (task_list record has no listId); the rest of the session is kept`,
    ]);
    expect(parsed.records.map((record) => record.kind)).toEqual(['state']);
  });

  it('answers tool calls a crash left without results, so the history is valid for the API', () => {
    const file = newFile();
    const writer = SessionWriter.create(file, header());
    writer.message({ role: 'user', content: 'go' });
    writer.message({
      role: 'assistant',
      content: 'working',
      tool_calls: [
        { id: 'c1', type: 'function', function: { name: 'bash', arguments: '{"command":"ls"}' } },
        { id: 'c2', type: 'function', function: { name: 'bash', arguments: '{"command":"pwd"}' } },
      ],
    });
    writer.message({ role: 'tool', tool_call_id: 'c1', content: 'a.txt' });
    writer.close();
    const restored = restoreSession(readSessionFile(file));
    expect(restored.state.messages.at(-1)).toEqual({
      role: 'tool',
      tool_call_id: 'c2',
      content: NOT_RUN_OUTPUT,
    });
    expect(restored.repairs).toHaveLength(1);
    expect(restored.events.at(-1)).toMatchObject({
      type: 'tool_result',
      id: 'c2',
      status: 'cancelled',
    });
  });

  it('a call that had started is answered as started and interrupted, with the output it printed', () => {
    const file = newFile();
    const writer = SessionWriter.create(file, header());
    writer.message({ role: 'user', content: 'go' });
    const command = 'echo started; sleep 45; echo finished';
    writer.message({
      role: 'assistant',
      content: null,
      tool_calls: [
        { id: 'c1', type: 'function', function: { name: 'bash', arguments: '{}' } },
        { id: 'c2', type: 'function', function: { name: 'glob', arguments: '{}' } },
      ],
    });
    writer.event({
      type: 'tool_call_ready',
      id: 'c1',
      name: 'bash',
      look: lookOf('bash'),
      input: {},
      summary: command,
    });
    writer.event({ type: 'tool_running', id: 'c1', name: 'bash' });
    writer.event({ type: 'tool_output', id: 'c1', chunk: 'started\n' });
    writer.event({ type: 'tool_output', id: 'c1', chunk: 'still going\n' });
    writer.close();

    const restored = restoreSession(readSessionFile(file));
    const [bash, glob] = restored.repairs;
    const told =
      'Error: interrupted: this call started, but the session ended (tick was closed or killed) ' +
      'before it finished, so it may have done part of its work. Output before that:\n' +
      'started\nstill going';
    expect(bash.message).toEqual({ role: 'tool', tool_call_id: 'c1', content: told });
    expect(bash.event).toMatchObject({
      type: 'tool_result',
      id: 'c1',
      status: 'cancelled',
      output: told,
    });
    // The call after it never started.
    expect(glob.message).toEqual({ role: 'tool', tool_call_id: 'c2', content: NOT_RUN_OUTPUT });
    expect(restored.state.messages.slice(-2)).toEqual([bash.message, glob.message]);
  });

  it('a flood of output keeps the head and the latest tail in the log, not all of it', () => {
    const file = newFile();
    const writer = SessionWriter.create(file, header());
    writer.message({
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 'c1', type: 'function', function: { name: 'bash', arguments: '{}' } }],
    });
    writer.event({ type: 'tool_running', id: 'c1', name: 'bash' });
    const lines = Array.from({ length: 20_000 }, (_, i) => `line ${i}\n`);
    for (let i = 0; i < lines.length; i += 100)
      writer.event({ type: 'tool_output', id: 'c1', chunk: lines.slice(i, i + 100).join('') });
    writer.close();

    const total = lines.join('').length;
    expect(readFileSync(file, 'utf8').length).toBeLessThan(HEAD_CHARS + 3 * TAIL_CHARS);
    const told = String(restoreSession(readSessionFile(file)).repairs[0].message.content);
    expect(told).toContain('line 0\nline 1\n');
    // Writes within a second keep only the first tail: the rest of the flood is counted.
    const gap = /\.\.\. \[([\d,]+) characters not recorded\] \.\.\./.exec(told);
    expect(Number(gap?.[1].replace(/,/g, ''))).toBeGreaterThan(0);
    expect(told.length).toBeLessThan(HEAD_CHARS + TAIL_CHARS + 400);
    expect(total).toBeGreaterThan(100_000);
  });

  it('the tail of running output is written at most once a second, always the latest', () => {
    const output = new RunningOutput();
    const big = 'x'.repeat(HEAD_CHARS);
    expect(output.push('c1', big, 0)).toEqual([{ id: 'c1', text: big }]);
    expect(output.push('c1', 'a'.repeat(10), 10)).toEqual([
      { id: 'c1', text: 'a'.repeat(10), tail: true, skipped: 0 },
    ]);
    expect(output.push('c1', 'b'.repeat(TAIL_CHARS), 500)).toEqual([]);
    expect(output.pending).toBe(true);
    const later = output.push('c1', 'c', 1010);
    expect(later).toEqual([
      { id: 'c1', text: `${'b'.repeat(TAIL_CHARS - 1)}c`, tail: true, skipped: 11 },
    ]);
    expect(output.pending).toBe(false);
    output.push('c1', 'd', 1100);
    expect(output.flush(1200)).toEqual([
      { id: 'c1', text: `${'b'.repeat(TAIL_CHARS - 2)}cd`, tail: true, skipped: 12 },
    ]);
    output.end('c1');
    expect(output.push('c1', 'fresh', 1300)).toEqual([{ id: 'c1', text: 'fresh' }]);
  });

  it('a /clear line starts the conversation afresh but keeps the grants', () => {
    const file = newFile();
    writeSample(file);
    const lock = acquireLock(lockFile(file), 'test');
    const writer = SessionWriter.append(file, lock, { endsWithNewline: true });
    writer.clear();
    writer.message({ role: 'user', content: 'new topic' });
    writer.close();
    const restored = restoreSession(readSessionFile(file));
    expect(restored.state.messages).toEqual([{ role: 'user', content: 'new topic' }]);
    expect(restored.state.todos).toEqual([]);
    expect(restored.grantedRules).toEqual(['bash(npm test:*)']);
  });
});

describe('damaged and foreign session files', () => {
  it('ignores a torn last line with a notice naming the file and line, leaving the file as it was', () => {
    const file = newFile();
    writeSample(file);
    appendFileSync(file, '{"kind":"message","t":1,"message":{"role":"user","con');
    const before = readFileSync(file);
    const parsed = readSessionFile(file);
    const lineCount = before.toString('utf8').split('\n').length;
    expect(parsed.tornLine).toBe(lineCount);
    expect(parsed.notices).toEqual([
      `${file} line ${lineCount}: ignored a torn last line (an interrupted write)`,
    ]);
    expect(restoreSession(parsed).state.messages).toHaveLength(3);
    expect(readFileSync(file).equals(before)).toBe(true);
  });

  it('appends after a torn line without changing a byte of it, and reads cleanly afterwards', () => {
    const file = newFile();
    writeSample(file);
    appendFileSync(file, '{"kind":"mess');
    const before = readFileSync(file, 'utf8');
    const parsed = readSessionFile(file);
    const writer = SessionWriter.append(file, acquireLock(lockFile(file), 'test'), parsed);
    writer.message({ role: 'user', content: 'go on' });
    writer.close();
    const after = readFileSync(file, 'utf8');
    expect(after.startsWith(before)).toBe(true);
    const again = readSessionFile(file);
    expect(again.notices).toEqual([]);
    expect(restoreSession(again).state.messages.at(-1)).toEqual({ role: 'user', content: 'go on' });
  });

  it('skips a corrupt line in the middle with a notice naming the file and line, keeping the rest', () => {
    const file = newFile();
    writeSample(file);
    const lines = readFileSync(file, 'utf8').split('\n');
    lines[6] = '{"kind":"event", oops';
    writeFileSync(file, lines.join('\n'));
    const before = readFileSync(file);
    const parsed = readSessionFile(file);
    expect(parsed.notices).toEqual([
      `${file} line 7: skipped a damaged line (not valid JSON); the rest of the session is kept`,
    ]);
    // Every other record is there: the header and the damaged line are the only ones missing.
    expect(parsed.records).toHaveLength(lines.filter(Boolean).length - 2);
    expect(readFileSync(file).equals(before)).toBe(true);
  });

  it('refuses a file without a header as not a tick session', () => {
    const file = newFile();
    writeFileSync(file, '{"type":"user","message":"from another tool"}\n');
    expect(() => readSessionFile(file)).toThrow(
      `${file} line 1: not a tick session file (no header)`,
    );
    writeFileSync(file, 'hello world\n');
    expect(() => readSessionFile(file)).toThrow(
      `${file} line 1: not a tick session file (no header)`,
    );
    expect(readFileSync(file, 'utf8')).toBe('hello world\n');
  });

  it('refuses a newer format version and says so', () => {
    const file = newFile();
    const content = `${JSON.stringify({ ...header(), v: 2 })}\n`;
    writeFileSync(file, content);
    expect(() => readSessionFile(file)).toThrow(
      `${file} line 1: written by a newer tick (format v2; this tick reads up to v1)`,
    );
    expect(readFileSync(file, 'utf8')).toBe(content);
  });

  it('refuses an empty file', () => {
    const file = newFile();
    writeFileSync(file, '');
    expect(() => readSessionFile(file)).toThrow(`${file} line 1: empty file, not a tick session`);
  });
});

describe('workspace slug', () => {
  it('is readable and keeps similar paths apart', () => {
    expect(workspaceSlug('/work/main')).toMatch(/^-work-main-[0-9a-f]{8}$/);
    expect(workspaceSlug('/a/b-c')).not.toBe(workspaceSlug('/a/b/c'));
    expect(workspaceSlug(`/${'deep/'.repeat(40)}x`).length).toBeLessThanOrEqual(89);
  });
});
