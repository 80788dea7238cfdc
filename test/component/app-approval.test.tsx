import { afterEach, describe, expect, test } from 'vitest';
import type { ApprovalDecision, ApprovalRequest } from '../../src/permissions/types';
import { endOf, startApp, typeLine, waitFor, type AppRig, type Turn } from './helpers';

let rig: AppRig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

const request = {
  callId: 'r1',
  toolName: 'bash',
  subject: 'rm -rf build',
  reason: 'deletes files (rm)',
  alwaysRule: 'bash(rm -rf build)',
};

/** Asks once and reports the answer as the answer text. */
function askingTurn(decisions: ApprovalDecision[], asked: ApprovalRequest = request): Turn {
  return async function* (prompt, signal, agent) {
    const request = asked;
    yield { type: 'user_prompt', text: prompt, source: 'user' };
    yield { type: 'tool_call_ready', id: 'r1', name: 'bash', input: {}, summary: 'rm -rf build' };
    yield { type: 'permission_asked', request };
    const decision = await agent.approve(request, signal);
    decisions.push(decision);
    yield {
      type: 'permission_decided',
      callId: 'r1',
      decision: decision.decision === 'deny' ? 'deny' : 'allow',
      by: 'user',
      note: decision.decision === 'deny' ? decision.note : undefined,
    };
    yield {
      type: 'tool_result',
      id: 'r1',
      name: 'bash',
      status: decision.decision === 'deny' ? 'denied' : 'ok',
      output: 'done',
      durationMs: 5,
    };
    yield endOf('done');
  };
}

describe('approval prompt', () => {
  for (const [keys, expected] of [
    [['y'], { decision: 'allow_once' }],
    [['1'], { decision: 'allow_once' }],
    [['a'], { decision: 'allow_always' }],
    [['2'], { decision: 'allow_always' }],
    [['s'], { decision: 'allow_always', save: true }],
    [['S'], { decision: 'allow_always', save: true }],
    [['n'], { decision: 'deny' }],
    [['3'], { decision: 'deny' }],
    [['\x1b'], { decision: 'deny' }],
    [['e', 'use the trash', '\r'], { decision: 'deny', note: 'use the trash' }],
  ] as [string[], ApprovalDecision][]) {
    test(`${JSON.stringify(keys)} answers ${JSON.stringify(expected)}`, async () => {
      const decisions: ApprovalDecision[] = [];
      rig = await startApp([askingTurn(decisions)]);
      await typeLine(rig.app, 'clean up');
      await waitFor(() => rig!.screen().includes('Run this command?'), 2000, 'the prompt');
      expect(rig.screen()).toContain('rm -rf build');
      for (const key of keys) await rig.app.press(key);
      await waitFor(() => decisions.length === 1, 2000, 'the answer');
      expect(decisions[0]).toEqual(expected);
      await waitFor(() => !rig!.screen().includes('Run this command?'));
      expect(rig.screen()).toMatch(
        expected.decision === 'deny' ? /⊘ bash\s+rm -rf build/ : /✓ bash\s+rm -rf build/,
      );
    });
  }

  test('other keys do nothing while it is shown and never reach the input', async () => {
    const decisions: ApprovalDecision[] = [];
    rig = await startApp([askingTurn(decisions)]);
    await typeLine(rig.app, 'clean up');
    await waitFor(() => rig!.screen().includes('Run this command?'));
    for (const key of ['x', 'q', '\r', '\t', 'hello']) await rig.app.press(key);
    expect(decisions).toEqual([]);
    expect(rig.screen()).toContain('Run this command?');
    await rig.app.press('y');
    await waitFor(() => decisions.length === 1);
    await waitFor(() => !rig!.controller.busy);
    expect(rig.controller.store.getState().input.text).toBe('');
  });

  test('Esc in note mode goes back to the choices', async () => {
    const decisions: ApprovalDecision[] = [];
    rig = await startApp([askingTurn(decisions)]);
    await typeLine(rig.app, 'clean up');
    await waitFor(() => rig!.screen().includes('Run this command?'));
    await rig.app.press('e');
    await rig.app.press('abc');
    expect(rig.screen()).toContain('note: abc');
    await rig.app.press('\x1b');
    expect(rig.screen()).toContain('y/1 allow once');
    expect(decisions).toEqual([]);
    await rig.app.press('n');
    await waitFor(() => decisions.length === 1);
  });

  test('without an "always" rule, a and s (save) do nothing and are not offered', async () => {
    const decisions: ApprovalDecision[] = [];
    const { alwaysRule: _unused, ...once } = request;
    rig = await startApp([askingTurn(decisions, once)], { columns: 120, rows: 20 });
    await typeLine(rig.app, 'clean up');
    await waitFor(() => rig!.screen().includes('Run this command?'));
    expect(rig.screen()).not.toContain('settings.local.json');
    for (const key of ['s', 'a', '2']) await rig.app.press(key);
    expect(decisions).toEqual([]);
    await rig.app.press('y');
    await waitFor(() => decisions.length === 1);
    expect(decisions[0]).toEqual({ decision: 'allow_once' });
  });

  test('an interrupt while asking denies and ends the turn', async () => {
    const decisions: ApprovalDecision[] = [];
    rig = await startApp([askingTurn(decisions)]);
    await typeLine(rig.app, 'clean up');
    await waitFor(() => rig!.screen().includes('Run this command?'));
    await rig.app.press('\x03');
    await waitFor(() => decisions.length === 1);
    expect(decisions[0]).toMatchObject({ decision: 'deny' });
  });
});
