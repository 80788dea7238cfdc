/* eslint-disable no-control-regex -- the tests look for terminal escape sequences */
import stringWidth from 'string-width';
import { afterEach, describe, expect, test } from 'vitest';
import type { Todo } from '../../src/protocol/todos';
import { detectLook } from '../../components/lines/look';
import {
  endOf,
  settle,
  startApp,
  strip,
  typeLine,
  waitFor,
  type AppRig,
  type Turn,
} from './helpers';
import { lookOf } from '../../src/tools/registry';

let rig: AppRig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

const plan = (done: number): Todo[] =>
  ['Read the code', 'Fix the bug', 'Run the tests'].map((content, i) => ({
    content,
    activeForm: ['Reading the code', 'Fixing the bug', 'Running the tests'][i],
    status: i < done ? 'completed' : i === done ? 'in_progress' : 'pending',
  }));

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A busy turn: streamed text, a todo list, a bash call with output, more todos. */
const workTurn: Turn = async function* (prompt) {
  yield { type: 'user_prompt', text: prompt, source: 'user' };
  for (const word of 'I will plan this carefully and then work through every step of it.'.split(
    ' ',
  )) {
    yield { type: 'text_delta', text: `${word} ` };
    await pause(2);
  }
  yield { type: 'tool_call_started', id: 't1', name: 'todo_write' };
  yield { type: 'assistant_message', text: 'I will plan…', reasoning: '' };
  yield {
    type: 'tool_call_ready',
    id: 't1',
    name: 'todo_write',
    look: lookOf('todo_write'),
    input: {},
    summary: '3 todos',
  };
  yield { type: 'tool_running', id: 't1', name: 'todo_write' };
  yield {
    type: 'tool_result',
    id: 't1',
    name: 'todo_write',
    look: lookOf('todo_write'),
    status: 'ok',
    output: '(0/3 completed)',
    durationMs: 1,
  };
  yield { type: 'todos_updated', todos: plan(2) };
  yield {
    type: 'tool_call_ready',
    id: 'b1',
    name: 'bash',
    look: lookOf('bash'),
    input: {},
    summary: 'npm test',
  };
  yield { type: 'tool_running', id: 'b1', name: 'bash' };
  for (let i = 0; i < 40; i++) {
    yield { type: 'tool_output', id: 'b1', chunk: `test ${i} passed ${'·'.repeat(i % 50)}\n` };
    await pause(3);
  }
  yield {
    type: 'tool_result',
    id: 'b1',
    name: 'bash',
    look: lookOf('bash'),
    status: 'ok',
    output: 'all passed',
    display: { exitCode: 0 },
    durationMs: 130,
  };
  yield {
    type: 'tool_call_ready',
    id: 't2',
    name: 'todo_write',
    look: lookOf('todo_write'),
    input: {},
    summary: '3 todos',
  };
  yield { type: 'tool_running', id: 't2', name: 'todo_write' };
  yield {
    type: 'tool_result',
    id: 't2',
    name: 'todo_write',
    look: lookOf('todo_write'),
    status: 'ok',
    output: '(3/3 completed)',
    durationMs: 1,
  };
  yield { type: 'todos_updated', todos: plan(3) };
  for (let i = 0; i < 30; i++)
    yield { type: 'text_delta', text: `Paragraph ${i} of the summary.\n\n` };
  yield { type: 'assistant_message', text: '…', reasoning: '' };
  yield endOf('done');
};

describe('every frame fits the terminal', () => {
  for (const size of [
    { columns: 40, rows: 12 },
    { columns: 80, rows: 20 },
    { columns: 120, rows: 30 },
  ]) {
    test(`${size.columns}x${size.rows}: each frame is rows - 1 lines, none wider than the terminal`, async () => {
      rig = await startApp([workTurn], size);
      await typeLine(rig.app, 'do the work 请');
      await waitFor(() => rig!.screen().includes('Paragraph 29'), 5000, 'the end of the answer');
      await waitFor(() => !rig!.controller.busy);
      const frames = rig.app.stdout.frames;
      expect(frames.length).toBeGreaterThan(10);
      for (const frame of frames) {
        const lines = strip(frame).split('\n');
        expect(lines).toHaveLength(size.rows - 1);
        for (const line of lines) expect(stringWidth(line)).toBeLessThanOrEqual(size.columns);
      }
    });
  }
});

describe('todo panel placement', () => {
  test('below the transcript, above the input, on a narrow terminal', async () => {
    rig = await startApp([workTurn], { columns: 60, rows: 24 });
    await typeLine(rig.app, 'go');
    await waitFor(() => rig!.screen().includes('Todos'), 3000, 'the panel');
    const lines = rig.app.lines();
    const header = lines.findIndex((line) => line.startsWith('Todos '));
    const rule = lines.findIndex((line) => line.startsWith('────'));
    expect(header).toBeGreaterThan(0);
    expect(rule).toBeGreaterThan(header);
  });

  test('beside the transcript from 100 columns', async () => {
    rig = await startApp([workTurn], { columns: 120, rows: 24 });
    await typeLine(rig.app, 'go');
    await waitFor(() => rig!.screen().includes('Todos'), 3000, 'the panel');
    const lines = rig.app.lines();
    const header = lines.find((line) => line.includes('Todos '));
    expect(header).toBeDefined();
    expect(header!.indexOf('Todos')).toBeGreaterThan(60);
    expect(lines[0].length).toBeGreaterThan(80);
  });

  test('the panel changes in the same frame as the todo_write result', async () => {
    rig = await startApp([workTurn], { columns: 80, rows: 30 });
    await typeLine(rig.app, 'go');
    await waitFor(() => !rig!.controller.busy, 5000, 'the turn');
    const frames = rig.app.stdout.frames.map(strip);
    const firstCard = frames.findIndex((frame) => frame.includes('✓ todo_write'));
    expect(firstCard).toBeGreaterThan(-1);
    expect(frames[firstCard]).toContain('Todos 2/3');
    expect(frames.slice(0, firstCard).some((frame) => frame.includes('Todos'))).toBe(false);
  });

  test('the in-progress item shows its activeForm while the bash call runs, then ticks', async () => {
    rig = await startApp([workTurn], { columns: 80, rows: 30 });
    await typeLine(rig.app, 'go');
    await waitFor(
      () => /bash\s+npm test/.test(rig!.screen()) && rig!.screen().includes('test 5 passed'),
      3000,
      'bash output',
    );
    expect(rig.screen()).toMatch(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] Running the tests \d+s/);
    await waitFor(() => rig!.screen().includes('Todos 3/3'), 5000, 'the last update');
    expect(rig.screen()).toContain('☑ Run the tests');
  });
});

describe('rendering details', () => {
  test('NO_COLOR: no colour codes at all', async () => {
    rig = await startApp(
      [workTurn],
      { columns: 80, rows: 20 },
      detectLook({ NO_COLOR: '1', LANG: 'en_US.UTF-8' }),
    );
    await typeLine(rig.app, 'go');
    await waitFor(() => !rig!.controller.busy, 5000);
    const all = rig.app.stdout.frames.join('');
    expect(all).not.toMatch(/\x1b\[(3[0-7]|9[0-7])m/);
    expect(all).toMatch(/\x1b\[1m/);
  });

  test('with colour, statuses are coloured', async () => {
    rig = await startApp(
      [workTurn],
      { columns: 80, rows: 20 },
      detectLook({ LANG: 'en_US.UTF-8' }),
    );
    await typeLine(rig.app, 'go');
    await waitFor(() => !rig!.controller.busy, 5000);
    expect(rig.app.stdout.frames.join('')).toMatch(/\x1b\[32m/);
  });

  test('a non-UTF-8 locale gets ASCII glyphs', async () => {
    rig = await startApp([workTurn], { columns: 80, rows: 30 }, detectLook({ LANG: 'C' }));
    await typeLine(rig.app, 'go');
    await waitFor(() => !rig!.controller.busy, 5000);
    const all = rig.app.stdout.frames.map(strip).join('\n');
    expect(all).toContain('[x] Read the code');
    expect(all).toContain('+ todo_write');
    expect(all).not.toMatch(/[☑☐✓⠋…]/);
  });

  test('a resize lays the frame out again at the new size', async () => {
    rig = await startApp([], { columns: 80, rows: 20 });
    await typeLine(rig.app, 'hello there');
    await waitFor(() => rig!.screen().includes('echo: hello there'));
    rig.app.stdout.resize(44, 12);
    // The resize's frame comes when the machine gets to it: wait for it, not a fixed time.
    await waitFor(() => rig!.app.lines().length === 11, 3000, 'a frame of 11 rows');
    const lines = rig.app.lines();
    expect(lines).toHaveLength(11);
    expect(lines.every((line) => stringWidth(line) <= 44)).toBe(true);
    expect(rig.screen()).toContain('echo: hello there');
  });

  test('after a resize no frame is drawn at the old size: each one is laid out for the new', async () => {
    rig = await startApp([], { columns: 100, rows: 24 });
    await typeLine(rig.app, 'hello there');
    await waitFor(() => rig!.screen().includes('echo: hello there'));
    const before = rig.app.stdout.frames.length;
    rig.app.stdout.resize(60, 14);
    await waitFor(() => rig!.app.lines().length === 13, 3000, 'a frame of 13 rows');
    await settle(100);
    const after = rig.app.stdout.frames.slice(before).map((frame) => strip(frame).split('\n'));
    expect(after.length).toBeGreaterThan(0);
    for (const lines of after) {
      expect(lines).toHaveLength(13);
      expect(Math.max(...lines.map((line) => stringWidth(line)))).toBeLessThanOrEqual(60);
    }
  });

  test('CJK and emoji prompts stay aligned', async () => {
    rig = await startApp([], { columns: 30, rows: 20 });
    const prompt = '请修复购物车的总价计算 🛒 然后运行测试';
    await typeLine(rig.app, prompt);
    await waitFor(() => rig!.screen().includes('echo:'));
    const lines = rig.app.lines();
    const start = lines.findIndex((line) => line.startsWith('› 请'));
    expect(start).toBeGreaterThan(-1);
    expect(lines[start + 1].startsWith('  ')).toBe(true);
    for (const line of lines) expect(stringWidth(line)).toBeLessThanOrEqual(30);
    expect(
      lines
        .slice(start, start + 3)
        .join('')
        .replace(/[› ]/g, ''),
    ).toContain(prompt.replace(/ /g, ''));
  });
});
