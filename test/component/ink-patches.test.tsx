import { Box, Text } from 'ink';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import Output from '../../node_modules/ink/build/output.js';
import type { ApprovalRequest } from '../../src/protocol/approval';
import type { Todo } from '../../src/protocol/todos';
import { composeFrame, type OutputState } from '../../src/cli/ink-frame-compose';
import { checkInk, inkOwnGet, installInkPatches } from '../../src/cli/ink-patches';
import { screenDifferences, seenCells } from '../support/screen-cells';
import {
  COLOR_LOOK,
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

/** A frame as the fast path printed it (undefined: it left the frame to Ink) and as Ink did. */
interface FramePair {
  fast: string | undefined;
  ink: string;
  height: number;
}

let pairs: FramePair[] = [];
const installedGet = Output.prototype.get;
let rig: AppRig | undefined;

beforeEach(() => {
  pairs = [];
  // Every frame the app builds is printed both ways; the app is shown the fast one.
  Output.prototype.get = function recordBoth(this: Output) {
    const fast = composeFrame(this as unknown as OutputState);
    const ink = inkOwnGet.call(this);
    pairs.push({ fast: fast?.output, ink: ink.output, height: ink.height });
    expect(fast?.height ?? ink.height).toBe(ink.height);
    return fast ?? ink;
  };
});

afterEach(async () => {
  await rig?.close();
  rig = undefined;
  Output.prototype.get = installedGet;
});

async function expectSameScreens(columns: number): Promise<void> {
  expect(pairs.length).toBeGreaterThan(5);
  for (const [index, { fast, ink, height }] of pairs.entries()) {
    // The app's screens are rows of laid-out text: none needs Ink's grid.
    expect(fast, `frame ${index} fell back to Ink`).toBeDefined();
    // The same bytes show the same screen: only frames that differ are drawn to compare.
    if (fast === ink) continue;
    const seen = await seenCells(fast ?? '', columns, height + 1);
    const expected = await seenCells(ink, columns, height + 1);
    expect(screenDifferences(seen, expected), `frame ${index}`).toEqual([]);
  }
}

const plan = (done: number): Todo[] =>
  ['Read the 代码', 'Fix the bug 🐛', 'Run the tests'].map((content, i) => ({
    content,
    activeForm: ['Reading the 代码', 'Fixing the bug 🐛', 'Running the tests'][i],
    status: i < done ? 'completed' : i === done ? 'in_progress' : 'pending',
  }));

const request: ApprovalRequest = {
  callId: 'r1',
  toolName: 'bash',
  look: lookOf('bash'),
  subject: 'rm -rf build',
  reason: 'deletes files (rm)',
  alwaysRule: 'bash(rm -rf build)',
};

const ANSWER = [
  '# Plan for the 修正 🎉\n\n',
  'Some **bold words**, some *emphasis*, `inline code` and a [link](https://example.com).\n\n',
  '- first item with 中文字符 in it\n- second item 👩‍👩‍👧 with a family\n- third item\n\n',
  '| col | 列 |\n| --- | --- |\n| a | 表格 |\n| b | 🙂 |\n\n',
  '```ts\nconst answer = 42; // 答え\n```\n\n',
  ...Array.from({ length: 12 }, (_, i) => `Paragraph ${i} of the answer, long enough to wrap. `),
].join('');

/** Streams styled Markdown, updates todos, asks to run a command, then streams more. */
const richTurn: Turn = async function* (prompt, signal, agent) {
  yield { type: 'user_prompt', text: prompt, source: 'user' };
  for (let at = 0; at < ANSWER.length; at += 24) {
    yield { type: 'text_delta', text: ANSWER.slice(at, at + 24) };
    // The model's stream arrives over time, not in one read.
    await settle(1);
  }
  yield { type: 'assistant_message', text: ANSWER, reasoning: '' };
  yield {
    type: 'tool_call_ready',
    id: 't1',
    name: 'todo_write',
    look: lookOf('todo_write'),
    input: {},
    summary: '3 todos',
  };
  yield { type: 'tool_running', id: 't1', name: 'todo_write' };
  yield { type: 'todos_updated', todos: plan(1) };
  yield {
    type: 'tool_result',
    id: 't1',
    name: 'todo_write',
    look: lookOf('todo_write'),
    status: 'ok',
    output: '(1/3 completed)',
    durationMs: 1,
  };
  yield {
    type: 'tool_call_ready',
    id: 'r1',
    name: 'bash',
    look: lookOf('bash'),
    input: {},
    summary: 'rm -rf build',
  };
  yield { type: 'permission_asked', request };
  const decision = await agent.approve(request, signal);
  yield { type: 'permission_decided', callId: 'r1', decision: 'allow', by: 'user' };
  yield { type: 'tool_running', id: 'r1', name: 'bash' };
  yield {
    type: 'tool_result',
    id: 'r1',
    name: 'bash',
    look: lookOf('bash'),
    status: decision.decision === 'deny' ? 'denied' : 'ok',
    output: 'removed 3 files',
    durationMs: 5,
  };
  yield { type: 'todos_updated', todos: plan(3) };
  for (let i = 0; i < 20; i++) {
    yield { type: 'text_delta', text: `Done step ${i}: **ok** ✓ 完了.\n\n` };
    // The model's stream arrives over time, not in one read.
    await settle(1);
  }
  yield { type: 'assistant_message', text: '…', reasoning: '' };
  yield endOf('done');
};

async function runRichTurn(size: { columns: number; rows: number }): Promise<void> {
  rig = await startApp([richTurn], size, COLOR_LOOK);
  await typeLine(rig.app, 'fix it 请');
  // Every frame is drawn twice here (the fast path and Ink's own): on a busy machine the
  // turn's forty-odd frames took over 3 s, so the bounds leave room (the test's own is 20 s).
  await waitFor(() => rig!.screen().includes('Run this command?'), 15_000, 'the approval prompt');
  await rig.app.press('y');
  await waitFor(() => !rig!.controller.busy, 15_000, 'the end of the turn');
  await rig.still();
}

describe('the fast path shows what Ink shows', () => {
  test('the app with the todo panel beside the transcript, an approval prompt, streaming', async () => {
    await runRichTurn({ columns: 110, rows: 24 });
    expect(rig!.screen()).toContain('Todos 3/3');
    expect(pairs.some((pair) => pair.ink.includes('Run this command?'))).toBe(true);
    await expectSameScreens(110);
  });

  test('the app in one column', async () => {
    await runRichTurn({ columns: 72, rows: 18 });
    await expectSameScreens(72);
  });

  test('a frame with a clip or overlapping text is left to Ink', async () => {
    const clipped = (
      <Box flexDirection="column">
        <Text>above the clip</Text>
        <Box width={10} overflow="hidden">
          <Box width={30} flexShrink={0}>
            <Text>cut at ten columns, not thirty</Text>
          </Box>
        </Box>
      </Box>
    );
    const overlapping = (
      <Box>
        <Text>underneath text</Text>
        <Box position="absolute" marginLeft={5}>
          <Text color="red">OVER</Text>
        </Box>
      </Box>
    );
    for (const tree of [clipped, overlapping]) {
      pairs = [];
      const app = renderAt(tree, { columns: 40, rows: 10 });
      await app.nextFrame(0);
      app.instance.unmount();
      expect(pairs.length).toBeGreaterThan(0);
      expect(pairs.every((pair) => pair.fast === undefined)).toBe(true);
    }
  });
});

describe('installInkPatches', () => {
  test('frames Ink renders with the patches look as they do without', async () => {
    Output.prototype.get = inkOwnGet;
    const tree = (
      <Box flexDirection="column">
        <Box>
          <Box width={20}>
            <Text color="green">transcript 中文 ✓</Text>
          </Box>
          <Text bold>panel 🎉</Text>
        </Box>
        <Box width={10} overflow="hidden">
          <Box width={30} flexShrink={0}>
            <Text>cut at ten columns, not thirty</Text>
          </Box>
        </Box>
      </Box>
    );
    const draw = async () => {
      const app = renderAt(tree, { columns: 40, rows: 10 });
      await app.nextFrame(0);
      const frame = app.lastFrame();
      app.instance.unmount();
      return frame;
    };
    const before = await draw();
    Output.prototype.get = installedGet;
    expect(installInkPatches()).toEqual({ installed: true });
    expect(Output.prototype.get).not.toBe(inkOwnGet);
    const after = await draw();
    expect(
      screenDifferences(await seenCells(after, 40, 10), await seenCells(before, 40, 10)),
    ).toEqual([]);
    expect(after).toContain('cut at ten');
    expect(after).not.toContain('thirty');
  });
});

describe('checkInk', () => {
  test('the installed Ink is the one the patches know; another version is refused with a reason', () => {
    expect(checkInk()).toBeUndefined();
    expect(checkInk('7.0.1')).toMatch(/Ink 7\.0\.1 is not the 8\.0/);
    expect(checkInk('8.1.0')).toMatch(/Ink 8\.1\.0 is not the 8\.0/);
    expect(checkInk('6.8.0')).toMatch(/not the 8\.0/);
  });
});
