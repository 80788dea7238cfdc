import stringWidth from 'string-width';
import { afterEach, expect, test } from 'vitest';
import { PromptInput } from '../../components/PromptInput';
import type { Look } from '../../components/lines/look';
import type { AppState, InputState } from '../../src/store/types';
import { COLOR_LOOK, mount, startApp, stylesBefore, type Mounted } from './helpers';

const mounted: Mounted[] = [];
afterEach(() => mounted.splice(0).forEach((m) => m.unmount()));

async function input(
  value: InputState,
  width = 40,
  maxRows = 5,
  look?: Look,
  state: Partial<AppState> = {},
): Promise<Mounted> {
  const m = await mount(<PromptInput width={width} maxRows={maxRows} />, {
    state: { input: value, ...state },
    columns: width,
    look,
  });
  mounted.push(m);
  return m;
}

async function rows(value: InputState, width = 40, maxRows = 5): Promise<string[]> {
  return (await input(value, width, maxRows)).rows();
}

test('empty input shows the placeholder: how to start, or while busy that typing queues', async () => {
  expect(await rows({ text: '', cursor: 0 }, 60)).toEqual(['›  Type a task · /help for commands']);
  const busy = await input({ text: '', cursor: 0 }, 60, 5, undefined, { status: 'busy' });
  expect(busy.rows()).toEqual(['›  Type to queue a message · esc to interrupt']);
});

test('typing shows at once (an urgent frame, not paced)', async () => {
  const m = await input({ text: '', cursor: 0 }, 60);
  m.controller.input.edit({ text: 'hello', cursor: 5 });
  await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setImmediate(resolve));
  expect(m.rows()).toEqual(['› hello']);
});

test('multi-line text keeps its lines under the prompt mark', async () => {
  expect(await rows({ text: 'first line\nsecond line', cursor: 3 })).toEqual([
    '› first line',
    '  second line',
  ]);
});

test('the cursor is drawn as an inverse cell at its position', async () => {
  const { lastFrame } = await input({ text: 'abc', cursor: 1 }, 40, 3, COLOR_LOOK);
  expect(stylesBefore(lastFrame(), 'b')).toContain(7);
  expect(stylesBefore(lastFrame(), 'c')).not.toContain(7);
});

test('long input wraps within the width and scrolls to keep the cursor row', async () => {
  const text = Array.from({ length: 12 }, (_, i) => `line ${i + 1}`).join('\n');
  const atEnd = await rows({ text, cursor: text.length }, 40, 4);
  expect(atEnd).toEqual(['  ↑ 9 lines above', '  line 10', '  line 11', '  line 12']);
  const atStart = await rows({ text, cursor: 0 }, 40, 4);
  expect(atStart).toEqual(['› line 1', '  line 2', '  line 3', '  ↓ 9 lines below']);
  const inside = await rows({ text, cursor: text.indexOf('line 7') }, 40, 4);
  expect(inside).toEqual(['  ↑ 5 lines above', '  line 6', '  line 7', '  ↓ 5 lines below']);
});

test('a pasted 40-line block says how many lines are above the ones shown', async () => {
  const rig = await startApp([], { columns: 80, rows: 24 });
  try {
    const block = Array.from({ length: 40 }, (_, i) => `pasted line ${i + 1}`).join('\n');
    await rig.app.press(`\x1b[200~${block}\x1b[201~`);
    const screen = rig.app.lines();
    const inputAt = screen.findIndex((row) => row.includes('lines above'));
    // 24 rows: the input gets 7; the last 6 lines under a note saying 34 are above.
    expect(screen.slice(inputAt, inputAt + 7).map((row) => row.trimEnd())).toEqual([
      '  ↑ 34 lines above',
      ...Array.from({ length: 6 }, (_, i) => `  pasted line ${35 + i}`),
    ]);
  } finally {
    await rig.close();
  }
});

test('CJK and emoji wrap at their display width', async () => {
  const text = '你好世界'.repeat(6) + '👍';
  const shown = await rows({ text, cursor: text.length }, 20, 10);
  for (const row of shown) expect(stringWidth(row)).toBeLessThanOrEqual(20);
  expect(shown.join('').replace(/[› ]/g, '')).toBe(text);
});
