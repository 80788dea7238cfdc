import { afterEach, describe, expect, test } from 'vitest';
import type { ApprovalDecision, ApprovalRequest } from '../../src/protocol/approval';
import { endOf, startApp, strip, typeLine, waitFor, type AppRig, type Turn } from './helpers';
import { lookOf } from '../../src/tools/registry';

let rig: AppRig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

const request = {
  callId: 'r1',
  toolName: 'bash',
  look: lookOf('bash'),
  subject: 'rm -rf build',
  reason: 'deletes files (rm)',
  alwaysRule: 'bash(rm -rf build)',
};

/** Asks once and reports the answer as the answer text. */
function askingTurn(decisions: ApprovalDecision[], asked: ApprovalRequest = request): Turn {
  return async function* (prompt, signal, agent) {
    const request = asked;
    yield { type: 'user_prompt', text: prompt, source: 'user' };
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
      look: lookOf('bash'),
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

  test('other keys are typing: they go to the draft, shown under the keys, and answer nothing', async () => {
    const decisions: ApprovalDecision[] = [];
    rig = await startApp([askingTurn(decisions)]);
    await typeLine(rig.app, 'clean up');
    await waitFor(() => rig!.screen().includes('Run this command?'));
    for (const key of ['x', 'q', '\t', ' hello']) await rig.app.press(key);
    expect(decisions).toEqual([]);
    expect(rig.screen()).toContain('Run this command?');
    expect(rig.screen()).toContain('your draft: xq hello');
    await rig.app.press('y');
    await waitFor(() => decisions.length === 1);
    await waitFor(() => !rig!.controller.busy);
    expect(rig.controller.store.getState().input.text).toBe('xq hello');
  });

  test('a paste never answers the question: it goes to the draft; in note mode into the note on one line', async () => {
    const decisions: ApprovalDecision[] = [];
    rig = await startApp([askingTurn(decisions)]);
    await typeLine(rig.app, 'clean up');
    await waitFor(() => rig!.screen().includes('Run this command?'));
    await rig.app.press('\x1b[200~y\r\x1b[201~');
    await rig.app.press('\x1b[200~a\x1b[201~');
    expect(decisions).toEqual([]);
    expect(rig.screen()).toContain('Run this command?');
    expect(rig.controller.store.getState().input.text).toBe('y\na');
    await rig.app.press('e');
    await rig.app.press('\x1b[200~use\r\nthe trash\r\x1b[201~');
    expect(rig.screen()).toContain('note: use the trash');
    expect(decisions).toEqual([]);
    await rig.app.press('\r');
    await waitFor(() => decisions.length === 1);
    expect(decisions[0]).toEqual({ decision: 'deny', note: 'use the trash' });
    expect(rig.controller.store.getState().input.text).toBe('y\na');
  });

  test('Esc in note mode goes back to the choices', async () => {
    const decisions: ApprovalDecision[] = [];
    rig = await startApp([askingTurn(decisions)]);
    await typeLine(rig.app, 'clean up');
    await waitFor(() => rig!.screen().includes('Run this command?'));
    await rig.app.press('e');
    await rig.app.press('abc');
    // The question's seconds go on counting, so the frame a key press resolves on may be the
    // clock's: wait for what the keys draw.
    await waitFor(() => rig!.screen().includes('note: abc'));
    await rig.app.press('\x1b');
    await waitFor(() => rig!.screen().includes('y/1 allow once'));
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
    for (const key of ['s', 'a', '2']) await rig.app.pressNoChange(key);
    expect(decisions).toEqual([]);
    await rig.app.press('y');
    await waitFor(() => decisions.length === 1);
    expect(decisions[0]).toEqual({ decision: 'allow_once' });
  });

  test('calls queued behind the prompt show their command or path', async () => {
    const decisions: ApprovalDecision[] = [];
    const threeCalls: Turn = async function* (prompt, signal, agent) {
      yield { type: 'user_prompt', text: prompt, source: 'user' };
      const calls = [
        { id: 'r1', name: 'bash', summary: 'rm -rf build' },
        { id: 'r2', name: 'bash', summary: 'npm test -- --watch=false' },
        { id: 'r3', name: 'edit_file', summary: 'src/app.ts' },
      ];
      for (const call of calls) yield { type: 'tool_call_started', id: call.id, name: call.name };
      yield { type: 'assistant_message', text: '', reasoning: '' };
      for (const call of calls)
        yield { type: 'tool_call_ready', ...call, input: {}, look: lookOf(call.name) };
      yield { type: 'permission_asked', request };
      decisions.push(await agent.approve(request, signal));
      yield endOf('done');
    };
    rig = await startApp([threeCalls], { columns: 100, rows: 24 });
    await typeLine(rig.app, 'clean and test');
    await waitFor(() => rig!.screen().includes('Run this command?'));
    const screen = rig.screen();
    expect(screen).toMatch(/\? bash\s+rm -rf build/);
    expect(screen).toMatch(/○ bash\s+npm test -- --watch=false/);
    expect(screen).toMatch(/○ edit_file\s+src\/app\.ts/);
    await rig.app.press('n');
    await waitFor(() => decisions.length === 1);
  });

  test('PgUp/PgDn scroll the change shown in the prompt, not the transcript', async () => {
    const decisions: ApprovalDecision[] = [];
    const diff = [
      '--- big.txt',
      '+++ big.txt',
      '@@ -1,40 +1,40 @@',
      ...Array.from({ length: 40 }, (_, i) => `-line ${i + 1}`),
      ...Array.from({ length: 40 }, (_, i) => `+LINE ${i + 1}`),
    ].join('\n');
    const edit: ApprovalRequest = {
      callId: 'r1',
      toolName: 'edit_file',
      look: lookOf('edit_file'),
      subject: 'big.txt',
      reason: 'edits a file',
      preview: { diff },
    };
    rig = await startApp([askingTurn(decisions, edit)], { columns: 80, rows: 24 });
    await typeLine(rig.app, 'shout');
    await waitFor(() => rig!.screen().includes('Change this file?'));
    expect(rig.screen()).toContain('-line 1\n');
    expect(rig.screen()).toMatch(/… \d+ more lines · PgUp\/PgDn to scroll/);
    await rig.app.press('\x1b[6~');
    expect(rig.screen()).toMatch(/↑ \d+ lines above/);
    expect(rig.screen()).not.toContain('-line 1\n');
    expect(rig.controller.store.getState().scrollTop).toBeNull();
    for (let i = 0; i < 10; i++) await rig.app.press('\x1b[6~');
    expect(rig.screen()).toContain('+LINE 40');
    expect(rig.screen()).not.toContain('more lines');
    for (let i = 0; i < 10; i++) await rig.app.press('\x1b[5~');
    expect(rig.screen()).toContain('-line 1\n');
    expect(rig.screen()).not.toContain('lines above');
    expect(decisions).toEqual([]);
    await rig.app.press('y');
    await waitFor(() => decisions.length === 1);
  });

  test('a question taller than the screen, with a prompt queued, keeps every frame at rows - 1', async () => {
    const decisions: ApprovalDecision[] = [];
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const tall: ApprovalRequest = {
      callId: 'r1',
      toolName: 'bash',
      look: lookOf('bash'),
      subject: Array.from({ length: 30 }, (_, i) => `echo step ${i}`).join('\n'),
      reason: 'runs a long script',
    };
    const waitThenAsk: Turn = async function* (prompt, signal, agent) {
      await released;
      yield* askingTurn(decisions, tall)(prompt, signal, agent);
    };
    rig = await startApp([waitThenAsk], { columns: 60, rows: 12 });
    await typeLine(rig.app, 'run it');
    await typeLine(rig.app, 'and then this');
    await waitFor(() => rig!.screen().includes('1 queued: and then this'));
    release();
    await waitFor(() => rig!.screen().includes('Run this command?'));
    for (const frame of rig.app.stdout.frames) expect(strip(frame).split('\n')).toHaveLength(11);
    expect(rig.screen()).toContain('1 queued: and then this');
    await rig.app.press('n');
    await waitFor(() => decisions.length === 1);
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
