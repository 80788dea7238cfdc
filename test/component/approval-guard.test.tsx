import { afterEach, describe, expect, test } from 'vitest';
import type { ApprovalDecision, ApprovalRequest } from '../../src/protocol/approval';
import { APPROVAL_GUARD } from '../../src/app/approvals';
import { lookOf } from '../../src/tools/registry';
import { endOf, settle, startApp, typeLine, waitFor, type AppRig, type Turn } from './helpers';

let rig: AppRig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

const request: ApprovalRequest = {
  callId: 'r1',
  toolName: 'bash',
  look: lookOf('bash'),
  subject: 'rm -rf build',
  reason: 'deletes files (rm)',
  alwaysRule: 'bash(rm -rf build)',
};

/** A turn that asks once `open()` is called, and records the answer. */
function gatedTurn(decisions: ApprovalDecision[]): { turn: Turn; open: () => void } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  const turn: Turn = async function* (prompt, signal, agent) {
    yield { type: 'user_prompt', text: prompt, source: 'user' };
    await opened;
    yield { type: 'permission_asked', request };
    decisions.push(await agent.approve(request, signal));
    yield endOf('done');
  };
  return { turn, open };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The app with the guard the CLI uses, a turn started and the user idle since. */
async function busyApp(decisions: ApprovalDecision[]) {
  const { turn, open } = gatedTurn(decisions);
  rig = await startApp([turn], { columns: 100, rows: 20 }, undefined, {
    approvalGuard: APPROVAL_GUARD,
  });
  await typeLine(rig.app, 'clean up');
  await sleep(APPROVAL_GUARD.typingPauseMs + 100);
  return { rig, open };
}

const guarded = (rig: AppRig) => rig.controller.store.getState().pendingApproval?.guarded;

describe("the approval guard (the CLI's timings)", { timeout: 20_000 }, () => {
  test('a slow typist, a key every 700 ms across the opening, answers nothing until a pause', async () => {
    const decisions: ApprovalDecision[] = [];
    const { rig, open } = await busyApp(decisions);
    await rig.app.press('m');
    await sleep(700);
    open();
    await waitFor(() => rig.screen().includes('Run this command?'));
    await rig.app.press('a');
    await sleep(700);
    // Past the opening's guard, but the user is still typing: the y is typing too.
    await rig.app.press('y');
    expect(decisions).toEqual([]);
    expect(rig.controller.store.getState().input.text).toBe('may');
    expect(rig.screen()).toContain('waiting for a pause in typing · your draft: may');
    // A second of quiet and the keys answer.
    await waitFor(() => guarded(rig) === false, 2000, 'the guard to lift');
    expect(rig.screen()).not.toMatch(/waiting (for a pause|a moment)/);
    expect(rig.screen()).toContain('your draft: may');
    await rig.app.press('n');
    await waitFor(() => decisions.length === 1);
    expect(decisions[0]).toEqual({ decision: 'deny' });
    expect(rig.controller.store.getState().input.text).toBe('may');
  });

  test('opened while nobody types: keys within the first moment are typing, after it they answer', async () => {
    const decisions: ApprovalDecision[] = [];
    const { rig, open } = await busyApp(decisions);
    open();
    await waitFor(() => rig.screen().includes('Run this command?'));
    expect(rig.screen()).toContain('waiting a moment before keys answer');
    await rig.app.press('y');
    expect(decisions).toEqual([]);
    expect(rig.controller.store.getState().input.text).toBe('y');
    await rig.app.press('\x7f');
    await waitFor(() => guarded(rig) === false, 3000, 'the guard to lift');
    expect(rig.screen()).not.toContain('your draft');
    await rig.app.press('y');
    await waitFor(() => decisions.length === 1);
    expect(decisions[0]).toEqual({ decision: 'allow_once' });
  });

  test('Esc denies at once, guarded or not (it is no typing and denying is safe)', async () => {
    const decisions: ApprovalDecision[] = [];
    const { rig, open } = await busyApp(decisions);
    open();
    await waitFor(() => rig.screen().includes('Run this command?'));
    expect(guarded(rig)).toBe(true);
    await rig.app.press('\x1b');
    await waitFor(() => decisions.length === 1);
    expect(decisions[0]).toEqual({ decision: 'deny' });
  });

  test('a word typed after the guard lifted is typing again: its e opens no note box', async () => {
    const decisions: ApprovalDecision[] = [];
    const { rig, open } = await busyApp(decisions);
    open();
    await waitFor(() => guarded(rig) === false, 3000, 'the guard to lift');
    // h is no choice: it goes to the draft, and the question waits for a pause again.
    for (const key of ['h', 'e', 'y']) {
      await rig.app.press(key);
      await settle(80);
    }
    expect(decisions).toEqual([]);
    expect(rig.screen()).not.toContain('note:');
    expect(rig.controller.store.getState().input.text).toBe('hey');
    await waitFor(() => guarded(rig) === false, 3000, 'the guard to lift again');
    await rig.app.press('n');
    await waitFor(() => decisions.length === 1);
  });
});

describe('the guard with several calls waiting together', { timeout: 20_000 }, () => {
  const second: ApprovalRequest = { ...request, callId: 'r2', subject: 'rm -rf dist' };
  const DOWN = '\x1b[B';
  const focusedSubject = (rig: AppRig) =>
    rig.controller.store.getState().pendingApproval?.request.subject;

  test('↑/↓ wait with the keys and never reach the draft; moving the focus keeps the guard lifted; the next call after an answer waits again', async () => {
    const decisions: ApprovalDecision[] = [];
    let open = () => {};
    const opened = new Promise<void>((resolve) => (open = resolve));
    const turn: Turn = async function* (prompt, signal, agent) {
      yield { type: 'user_prompt', text: prompt, source: 'user' };
      await opened;
      const answers = [request, second].map((asked) => agent.approve(asked, signal));
      decisions.push(...(await Promise.all(answers)));
      yield endOf('done');
    };
    rig = await startApp([turn], { columns: 100, rows: 24 }, undefined, {
      approvalGuard: APPROVAL_GUARD,
    });
    const app = rig;
    await typeLine(app.app, 'clean up');
    await sleep(APPROVAL_GUARD.typingPauseMs + 100);
    open();
    await waitFor(() => app.screen().includes('2 calls wait for you'));
    expect(guarded(app)).toBe(true);
    // Guarded: ↓ and A do nothing to the list, and the arrow puts nothing in the draft.
    await app.app.press(DOWN);
    await settle(50);
    expect(focusedSubject(app)).toBe('rm -rf build');
    expect(app.controller.store.getState().input.text).toBe('');
    await app.app.press('A');
    await settle(50);
    expect(decisions).toEqual([]);
    expect(app.controller.store.getState().input.text).toBe('A');
    await app.app.press('\x7f');
    await waitFor(() => guarded(app) === false, 3000, 'the guard to lift');
    // Moving through the list is no new question: the keys still answer.
    await app.app.press(DOWN);
    await waitFor(() => focusedSubject(app) === 'rm -rf dist');
    expect(guarded(app)).toBe(false);
    expect(app.controller.store.getState().input.text).toBe('');
    await app.app.press('n');
    // The call left in focus is a new question: it waits its moment.
    await waitFor(() => focusedSubject(app) === 'rm -rf build');
    expect(guarded(app)).toBe(true);
    await app.app.press('y');
    await settle(50);
    expect(app.controller.store.getState().input.text).toBe('y');
    await app.app.press('\x7f');
    await waitFor(() => guarded(app) === false, 3000, 'the guard to lift again');
    await app.app.press('y');
    await waitFor(() => decisions.length === 2);
    expect(decisions).toEqual([{ decision: 'allow_once' }, { decision: 'deny' }]);
  });
});
