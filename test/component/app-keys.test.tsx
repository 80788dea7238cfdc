import { afterEach, describe, expect, test } from 'vitest';
import { App } from '../../components/App';
import { Layout } from '../../components/screen-layout';
import { AppController } from '../../src/app/controller';
import { createAppStore } from '../../src/store/store';
import {
  FakeAgent,
  UNICODE_LOOK,
  endOf,
  renderAt,
  settle,
  startApp,
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

/** Runs until interrupted, like a long bash call. */
const longTurn: Turn = async function* (prompt, signal) {
  yield { type: 'user_prompt', text: prompt, source: 'user' };
  yield {
    type: 'tool_call_ready',
    id: 'b1',
    name: 'bash',
    look: lookOf('bash'),
    input: {},
    summary: 'sleep 100',
  };
  yield { type: 'tool_running', id: 'b1', name: 'bash' };
  yield { type: 'tool_output', id: 'b1', chunk: 'started\n' };
  await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
  yield {
    type: 'tool_result',
    id: 'b1',
    name: 'bash',
    look: lookOf('bash'),
    status: 'cancelled',
    output: 'started',
    durationMs: 900,
  };
  yield endOf('aborted');
};

describe('interrupting and quitting', () => {
  test('Esc interrupts a long call: the card says cancelled, the session goes on', async () => {
    rig = await startApp([longTurn]);
    await typeLine(rig.app, 'wait');
    await waitFor(() => rig!.screen().includes('started'));
    expect(rig.screen()).toContain('esc interrupt');
    await rig.app.press('\x1b');
    await waitFor(() => !rig!.controller.busy, 2000, 'the end of the turn');
    expect(rig.screen()).toMatch(/⊖ bash\s+sleep 100/);
    expect(rig.screen()).toContain('Interrupted.');
    await typeLine(rig.app, 'next');
    await waitFor(() => rig!.screen().includes('echo: next'));
  });

  test('Ctrl+C clears the input when idle without getting ready to quit', async () => {
    rig = await startApp();
    let code: number | undefined;
    void rig.controller.exited.then((value) => (code = value));
    await rig.app.press('some text');
    await rig.app.press('\x03');
    expect(rig.controller.store.getState().input.text).toBe('');
    expect(rig.screen()).not.toContain('Press Ctrl+C again to exit');
    // The next Ctrl+C (on the now empty input) only gets ready; the one after quits.
    await rig.app.press('\x03');
    await waitFor(() => rig!.screen().includes('Press Ctrl+C again'), 2000, 'the notice');
    expect(code).toBeUndefined();
    expect(rig.screen()).toContain('Press Ctrl+C again to exit');
    // This one quits: there is no frame to wait for.
    rig.app.stdin.write('\x03');
    await waitFor(() => code !== undefined, 2000, 'exit');
    expect(code).toBe(0);
  });

  test('Ctrl+C while busy interrupts first', async () => {
    rig = await startApp([longTurn]);
    await typeLine(rig.app, 'wait');
    await waitFor(() => rig!.screen().includes('started'));
    await rig.app.press('\x03');
    await waitFor(() => !rig!.controller.busy);
    expect(rig.screen()).toContain('Interrupted.');
  });

  test('Ctrl+D quits on an empty input only', async () => {
    rig = await startApp();
    let quit = false;
    void rig.controller.exited.then(() => (quit = true));
    await rig.app.press('abc');
    await rig.app.press('\x01');
    await rig.app.press('\x04');
    // A fixed wait on purpose: the app must not quit meanwhile.
    await settle(30);
    expect(quit).toBe(false);
    expect(rig.controller.store.getState().input.text).toBe('bc');
    await rig.app.press('\x15');
    // This one quits: there is no frame to wait for.
    rig.app.stdin.write('\x04');
    await waitFor(() => quit, 2000, 'exit');
  });
});

describe('input', () => {
  test('Shift+Enter, Alt+Enter, Ctrl+J and a trailing backslash make new lines; Enter sends', async () => {
    rig = await startApp();
    await rig.app.press('one');
    await rig.app.press('\x1b[13;2u');
    await rig.app.press('two');
    await rig.app.press('\x1b\r');
    await rig.app.press('three');
    await rig.app.press('\n');
    await rig.app.press('four\\');
    await rig.app.press('\r');
    await rig.app.press('five');
    expect(rig.controller.store.getState().input.text).toBe('one\ntwo\nthree\nfour\nfive');
    await rig.app.press('\r');
    await waitFor(() => rig!.agent.prompts.length === 1);
    expect(rig.agent.prompts[0]).toBe('one\ntwo\nthree\nfour\nfive');
  });

  test('a bracketed paste keeps its line breaks and is not sent', async () => {
    rig = await startApp();
    await rig.app.press('\x1b[200~line 1\rline 2\r\x1b[201~');
    expect(rig.controller.store.getState().input.text).toBe('line 1\nline 2\n');
    expect(rig.agent.prompts).toEqual([]);
    expect(rig.screen()).toContain('line 2');
  });

  test('a bracketed one-line paste that ends in a newline is not sent', async () => {
    rig = await startApp();
    await rig.app.press('\x1b[200~echo pasted\r\x1b[201~');
    expect(rig.controller.store.getState().input.text).toBe('echo pasted\n');
    expect(rig.agent.prompts).toEqual([]);
  });

  test("Shift+Enter in xterm's modifyOtherKeys form adds a line", async () => {
    rig = await startApp();
    await rig.app.press('one');
    await rig.app.press('\x1b[27;2;13~');
    await rig.app.press('two');
    expect(rig.controller.store.getState().input.text).toBe('one\ntwo');
    expect(rig.agent.prompts).toEqual([]);
  });

  test('Up and Down walk the history; Ctrl+U clears', async () => {
    rig = await startApp();
    await typeLine(rig.app, 'first');
    await waitFor(() => !rig!.controller.busy && rig!.screen().includes('echo: first'));
    await typeLine(rig.app, 'second');
    await waitFor(() => !rig!.controller.busy && rig!.screen().includes('echo: second'));
    const input = () => rig!.controller.store.getState().input.text;
    await rig.app.press('\x1b[A');
    expect(input()).toBe('second');
    await rig.app.press('\x1b[A');
    expect(input()).toBe('first');
    await rig.app.press('\x1b[B');
    expect(input()).toBe('second');
    await rig.app.press('\x1b[B');
    expect(input()).toBe('');
    await rig.app.press('typed');
    await rig.app.press('\x15');
    expect(input()).toBe('');
  });

  test('left, right and backspace edit by character, CJK and emoji included', async () => {
    rig = await startApp();
    await rig.app.press('a中😀b');
    await rig.app.press('\x1b[D');
    await rig.app.press('\x7f');
    await rig.app.press('\x1b[D');
    await rig.app.press('X');
    expect(rig.controller.store.getState().input.text).toBe('aX中b');
  });

  test('typing while busy queues the prompt; it is sent when the turn ends', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow: Turn = async function* (prompt) {
      yield { type: 'user_prompt', text: prompt, source: 'user' };
      await gate;
      yield endOf('done');
    };
    rig = await startApp([slow]);
    await typeLine(rig.app, 'first');
    await waitFor(() => rig!.controller.busy);
    await typeLine(rig.app, 'second');
    expect(rig.screen()).toContain('1 queued: second');
    expect(rig.agent.prompts).toEqual(['first']);
    release();
    await waitFor(() => rig!.agent.prompts.length === 2, 2000, 'the queued prompt');
    expect(rig.agent.prompts[1]).toBe('second');
    await waitFor(() => rig!.screen().includes('echo: second'));
    expect(rig.screen()).not.toContain('queued');
  });

  test('an interrupt puts queued prompts back into the input', async () => {
    rig = await startApp([longTurn]);
    await typeLine(rig.app, 'wait');
    await waitFor(() => rig!.screen().includes('started'));
    await typeLine(rig.app, 'later');
    await rig.app.press('\x1b');
    await waitFor(() => !rig!.controller.busy);
    expect(rig.controller.store.getState().input.text).toBe('later');
    expect(rig.agent.prompts).toEqual(['wait']);
  });
});

describe('global keys', () => {
  test('Shift+Tab cycles the permission mode', async () => {
    rig = await startApp([], { columns: 100, rows: 20 });
    expect(rig.app.lines().pop()).toContain('· default ·');
    await rig.app.press('\x1b[Z');
    expect(rig.app.lines().pop()).toContain('· acceptEdits ·');
    await rig.app.press('\x1b[Z');
    expect(rig.app.lines().pop()).toContain('· plan ·');
    expect(rig.agent.policy.mode).toBe('plan');
  });

  test('PgUp and PgDn scroll through the session; new output waits below', async () => {
    rig = await startApp([], { columns: 60, rows: 12 });
    for (let i = 1; i <= 8; i++) {
      await typeLine(rig.app, `prompt ${i}`);
      await waitFor(() => !rig!.controller.busy && rig!.screen().includes(`echo: prompt ${i}`));
    }
    expect(rig.screen()).not.toContain('prompt 1\n');
    await rig.app.press('\x1b[5~');
    await rig.app.press('\x1b[5~');
    await rig.app.press('\x1b[5~');
    await rig.app.press('\x1b[5~');
    expect(rig.screen()).toContain('tick v0.1.0');
    expect(rig.screen()).toContain('more rows below');
    await rig.app.press('\x1b[6~');
    expect(rig.screen()).not.toContain('tick v0.1.0');
    await rig.app.press('\x1b');
    expect(rig.screen()).not.toContain('more rows below');
    expect(rig.screen()).toContain('echo: prompt 8');
  });

  test('Ctrl+T folds the todo panel to its header and back', async () => {
    const todos: Turn = async function* (prompt) {
      yield { type: 'user_prompt', text: prompt, source: 'user' };
      yield {
        type: 'todos_updated',
        todos: [
          { content: 'A', status: 'completed' },
          { content: 'B', status: 'pending' },
        ],
      };
      yield endOf('done');
    };
    rig = await startApp([todos]);
    await typeLine(rig.app, 'plan');
    await waitFor(() => rig!.screen().includes('☐ B'));
    await rig.app.press('\x14');
    expect(rig.screen()).toContain('Todos 1/2');
    expect(rig.screen()).not.toContain('☐ B');
    await rig.app.press('\x14');
    expect(rig.screen()).toContain('☐ B');
  });

  test('Ctrl+O expands the latest card', async () => {
    const output = Array.from({ length: 12 }, (_, i) => `row ${i + 1}`).join('\n');
    const turn: Turn = async function* (prompt) {
      yield { type: 'user_prompt', text: prompt, source: 'user' };
      yield {
        type: 'tool_call_ready',
        id: 'b',
        name: 'bash',
        look: lookOf('bash'),
        input: {},
        summary: 'seq 12',
      };
      yield { type: 'tool_running', id: 'b', name: 'bash' };
      yield {
        type: 'tool_result',
        id: 'b',
        name: 'bash',
        look: lookOf('bash'),
        status: 'ok',
        output,
        durationMs: 5,
      };
      yield endOf('done');
    };
    rig = await startApp([turn], { columns: 60, rows: 30 });
    await typeLine(rig.app, 'count');
    await waitFor(() => rig!.screen().includes('row 12'));
    expect(rig.screen()).toContain('… 7 earlier lines');
    expect(rig.screen()).not.toContain('row 1\n');
    await rig.app.press('\x0f');
    expect(rig.screen()).toContain('row 1\n');
    expect(rig.screen()).not.toContain('earlier lines');
    await rig.app.press('\x0f');
    expect(rig.screen()).toContain('… 7 earlier lines');
  });

  test('Ctrl+O shows the collapsed reasoning in full, and folds it again', async () => {
    const reasoning =
      'The user wants the tests fixed.\nFirst I should read the failing test.\nThen run npm test.';
    const turn: Turn = async function* (prompt) {
      yield { type: 'user_prompt', text: prompt, source: 'user' };
      yield { type: 'reasoning_delta', text: reasoning };
      yield { type: 'text_delta', text: 'I will read the test first.' };
      yield { type: 'assistant_message', text: 'I will read the test first.', reasoning };
      yield endOf('done');
    };
    rig = await startApp([turn], { columns: 80, rows: 30 });
    await typeLine(rig.app, 'fix the tests');
    await waitFor(() => rig!.screen().includes('I will read the test first.'));
    expect(rig.screen()).toContain('∴ Thought (17 words): The user wants the tests fixed.');
    expect(rig.screen()).not.toContain('Then run npm test.');
    await rig.app.press('\x0f');
    expect(rig.screen()).toContain(
      [
        '∴ Thought (17 words)',
        '  The user wants the tests fixed.',
        '  First I should read the failing test.',
        '  Then run npm test.',
      ].join('\n'),
    );
    await rig.app.press('\x0f');
    expect(rig.screen()).not.toContain('Then run npm test.');
  });

  test('Ctrl+O while the model thinks shows all its reasoning so far', async () => {
    let release: () => void = () => undefined;
    const turn: Turn = async function* (prompt) {
      yield { type: 'user_prompt', text: prompt, source: 'user' };
      yield { type: 'reasoning_delta', text: 'Step one: look around.\nStep two: decide.' };
      await new Promise<void>((resolve) => (release = resolve));
      yield { type: 'assistant_message', text: 'ok', reasoning: '' };
      yield endOf('done');
    };
    rig = await startApp([turn], { columns: 80, rows: 30 });
    await typeLine(rig.app, 'think');
    await waitFor(() => rig!.screen().includes('Thinking'));
    expect(rig.screen()).not.toContain('Step one');
    await rig.app.press('\x0f');
    expect(rig.screen()).toContain('∴ Thinking\n  Step one: look around.\n  Step two: decide.');
    release();
    await waitFor(() => !rig!.controller.busy);
  });
});

describe('start-up', () => {
  test('a prompt typed while the agent loads waits and runs once it is ready; /help works at once', async () => {
    const store = createAppStore({ model: 'fake-model', mode: 'default', demo: false, cwd: '/w' });
    const controller = new AppController(store, { frameMs: 10 });
    const app = renderAt(<App controller={controller} layout={new Layout(UNICODE_LOOK)} />, {
      columns: 80,
      rows: 30,
    });
    const screen = () => app.lines().join('\n');
    await waitFor(() => screen().includes('Type a task'), 3000, 'the prompt');
    await typeLine(app, '/help');
    await waitFor(() => screen().includes('/permissions'), 3000, 'the help');
    await typeLine(app, 'early prompt');
    await waitFor(() => screen().includes('1 queued: early prompt'), 3000, 'the queue');
    const agent = new FakeAgent();
    controller.attach(agent);
    await waitFor(() => app.lines().join('\n').includes('echo: early prompt'));
    expect(agent.prompts).toEqual(['early prompt']);
    await controller.exit();
    app.instance.unmount();
  });
});
