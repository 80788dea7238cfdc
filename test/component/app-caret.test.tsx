import stringWidth from 'string-width';
import { afterEach, expect, test } from 'vitest';
import type { ApprovalDecision } from '../../src/protocol/approval';
import {
  COLOR_LOOK,
  endOf,
  startApp,
  stylesBefore,
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

/** Where the caret should be: on the row showing `text`, just after it (wide characters count 2). */
function expectedCaret(rig: AppRig, text: string, before: string) {
  const rows = rig.app.lines();
  const row = rows.findIndex((line) => line.includes(text));
  return {
    row,
    column: stringWidth(rows[row].slice(0, rows[row].indexOf(text))) + stringWidth(before),
  };
}

test('the caret is where the typed text ends, wide characters counted, and follows the cursor keys', async () => {
  rig = await startApp([], { columns: 60, rows: 20 });
  await rig.app.press('hello');
  expect(rig.caret()).toEqual(expectedCaret(rig, 'hello', 'hello'));
  expect(rig.caret()).toEqual({ row: 17, column: 7 });
  await rig.app.press(' 你好');
  expect(rig.caret()).toEqual(expectedCaret(rig, 'hello 你好', 'hello 你好'));
  expect(rig.caret()?.column).toBe(2 + 6 + 4);
  await rig.app.press('\x1b[D');
  expect(rig.caret()?.column).toBe(2 + 6 + 2);
  // A second line: the input grows upwards, the caret is on its last row.
  await rig.app.press('\x1b[C\n再见');
  expect(rig.caret()).toEqual(expectedCaret(rig, '再见', '再见'));
});

test('with the terminal cursor, the input draws no caret cell of its own', async () => {
  rig = await startApp([], { columns: 60, rows: 20 }, COLOR_LOOK, { terminalCursor: true });
  await rig.app.press('abc');
  await rig.app.press('\x1b[D');
  expect(stylesBefore(rig.app.lastFrame(), 'c')).not.toContain(7);
  expect(rig.caret()).toEqual(expectedCaret(rig, 'abc', 'ab'));
});

test('no caret while a question waits for a key; in note mode, the note has it', async () => {
  const decisions: ApprovalDecision[] = [];
  const request = {
    callId: 'r1',
    toolName: 'bash',
    look: lookOf('bash'),
    subject: 'rm -rf build',
    reason: 'deletes files (rm)',
  };
  const asking: Turn = async function* (prompt, signal, agent) {
    yield { type: 'user_prompt', text: prompt, source: 'user' };
    yield { type: 'permission_asked', request };
    decisions.push(await agent.approve(request, signal));
    yield endOf('done');
  };
  rig = await startApp([asking], { columns: 60, rows: 20 });
  await typeLine(rig.app, 'clean');
  await waitFor(() => rig!.screen().includes('Run this command?'));
  expect(rig.caret()).toBeNull();
  await rig.app.press('e');
  await rig.app.press('use 垃圾桶');
  expect(rig.caret()).toEqual(expectedCaret(rig, 'note: use 垃圾桶', 'note: use 垃圾桶'));
  await rig.app.press('\r');
  await waitFor(() => decisions.length === 1);
  await waitFor(() => !rig!.screen().includes('Run this command?'));
  expect(rig.caret()).toEqual({ row: 17, column: 2 });
});
