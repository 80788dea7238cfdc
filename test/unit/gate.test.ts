import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../src/protocol/events';
import { createPermissionGate, type GateContext } from '../../src/permissions/gate';
import type { HookVerdict } from '../../src/permissions/policy';
import { PermissionPolicy, type PolicyOptions } from '../../src/permissions/policy';
import type { ApprovalDecision, ApprovalRequest } from '../../src/protocol/approval';
import type { ToolAccess } from '../../src/permissions/types';
import { lookOf } from '../../src/tools/registry';

const ws = realpathSync(mkdtempSync(path.join(tmpdir(), 'tick-gate-')));
afterAll(() => rmSync(ws, { recursive: true, force: true }));

interface Harness {
  events: AgentEvent[];
  asked: ApprovalRequest[];
  run: (
    toolName: string,
    access: ToolAccess,
    callId?: string,
    hook?: HookVerdict,
  ) => Promise<{ block?: string; confined?: boolean }>;
  policy: PermissionPolicy;
}

function harness(
  answers: (ApprovalDecision | Error)[],
  opts: Partial<PolicyOptions> = {},
  controller = new AbortController(),
): Harness {
  const policy = new PermissionPolicy({
    mode: 'default',
    roots: [ws],
    cwd: ws,
    home: path.join(ws, 'home'),
    interactive: true,
    ...opts,
  });
  const gate = createPermissionGate(policy);
  const events: AgentEvent[] = [];
  const asked: ApprovalRequest[] = [];
  const ctx: GateContext = {
    signal: controller.signal,
    emit: (e) => events.push(e),
    approve: async (request, signal) => {
      expect(signal).toBe(controller.signal);
      asked.push(request);
      const answer = answers.shift();
      if (!answer) throw new Error('approve was called more often than expected');
      if (answer instanceof Error) throw answer;
      return answer;
    },
  };
  return {
    events,
    asked,
    policy,
    run: async (toolName, access, callId = 'c1', hook) => {
      const call = {
        callId,
        toolName,
        look: lookOf(toolName),
        input: { command: access.command },
        access,
      };
      const floor = gate.floor(call, ctx);
      if (floor !== undefined) return { block: floor };
      const outcome = await gate.check(call, hook, ctx);
      if (!outcome.run) return { block: outcome.output };
      return outcome.confined ? { confined: true } : {};
    },
  };
}

const exec = (command: string): ToolAccess => ({ kind: 'exec', command });

describe('permission gate', () => {
  it('lets allowed calls through without a question, and says how', async () => {
    const h = harness([]);
    expect(await h.run('bash', exec('git status'))).toEqual({});
    expect(
      await h.run('read_file', { kind: 'read', paths: [path.join(ws, 'a.txt')] }, 'c2'),
    ).toEqual({});
    expect(h.events).toEqual([
      {
        type: 'permission_decided',
        callId: 'c1',
        decision: 'allow',
        by: 'mode default',
        confined: false,
      },
      {
        type: 'permission_decided',
        callId: 'c2',
        decision: 'allow',
        by: 'mode default',
        confined: false,
      },
    ]);
  });

  it('asks, then reports the decision, in order', async () => {
    const h = harness([{ decision: 'allow_once' }]);
    expect(await h.run('bash', exec('rm -rf build'), 'call-7')).toEqual({});
    const request = {
      callId: 'call-7',
      toolName: 'bash',
      look: lookOf('bash'),
      subject: 'rm -rf build',
      reason: 'deletes files',
      alwaysRule: 'bash(rm -rf build)',
    };
    // No sandbox in use: the question says nothing of one.
    expect(h.asked).toEqual([request]);
    expect(h.events).toEqual([
      {
        type: 'permission_decided',
        callId: 'call-7',
        decision: 'ask',
        by: 'mode default',
        confined: false,
      },
      { type: 'permission_asked', request },
      {
        type: 'permission_decided',
        callId: 'call-7',
        decision: 'allow',
        by: 'user',
        confined: false,
      },
    ]);
  });

  it('blocks a denied call with a text naming the user, and passes on their note', async () => {
    const h = harness([
      { decision: 'deny' },
      { decision: 'deny', note: '  use the clean script instead ' },
    ]);
    expect(await h.run('bash', exec('rm -rf build'))).toEqual({
      block:
        'Error: Permission denied by the user: rm -rf build (deletes files). ' +
        'Do not retry this command; ask the user or choose another approach.',
    });
    const second = await h.run('bash', exec('rm -rf build'), 'c2');
    expect(second.block).toBe(
      'Error: Permission denied by the user: rm -rf build (deletes files). ' +
        'Do not retry this command; ask the user or choose another approach. The user said: use the clean script instead',
    );
    expect(h.events.filter((e) => e.type === 'permission_decided' && e.decision !== 'ask')).toEqual(
      [
        { type: 'permission_decided', callId: 'c1', decision: 'deny', by: 'user' },
        {
          type: 'permission_decided',
          callId: 'c2',
          decision: 'deny',
          by: 'user',
          note: 'use the clean script instead',
        },
      ],
    );
  });

  it('remembers allow always for the session, and allow once only once', async () => {
    const h = harness([
      { decision: 'allow_always' },
      { decision: 'allow_once' },
      { decision: 'allow_once' },
    ]);
    await h.run('bash', exec('rm -rf build'));
    expect(h.policy.sessionRules).toEqual(['bash(rm -rf build)']);
    expect(await h.run('bash', exec('rm -rf build'))).toEqual({});
    expect(h.asked).toHaveLength(1);
    const outside: ToolAccess = { kind: 'read', paths: ['/etc/hosts'] };
    expect(await h.run('read_file', outside)).toEqual({});
    expect(await h.run('read_file', outside)).toEqual({});
    expect(h.asked.map((r) => r.reason)).toEqual([
      'deletes files',
      'outside workspace: /etc/hosts',
      'outside workspace: /etc/hosts',
    ]);
  });

  it('never asks for a call the policy denies, and says what denied it', async () => {
    const h = harness([], { rules: { allow: [], ask: [], deny: ['bash(rm:*)'] } });
    expect((await h.run('bash', exec('rm -rf build'))).block).toBe(
      'Error: Permission denied by rule deny bash(rm:*) (from settings): rm -rf build. ' +
        'Do not retry this command; ask the user or choose another approach.',
    );
    expect(h.events).toEqual([
      { type: 'permission_decided', callId: 'c1', decision: 'deny', by: 'rule deny bash(rm:*)' },
    ]);

    const plan = harness([], { mode: 'plan' });
    const blocked = await plan.run('write_file', {
      kind: 'write',
      paths: [path.join(ws, 'a.txt')],
    });
    expect(blocked.block).toMatch(
      /^Error: Permission denied in plan mode \(read-only\): .*a\.txt \(write_file changes files\)\. tick is in plan mode/,
    );
    expect(plan.events).toEqual([
      { type: 'permission_decided', callId: 'c1', decision: 'deny', by: 'mode plan' },
    ]);
  });

  it('denies in print mode without asking, naming the flags that would allow the call', async () => {
    const h = harness([], { interactive: false });
    const result = await h.run('bash', exec('rm -rf build'));
    expect(result.block).toContain(
      'Permission denied in print mode: this call needs approval (deletes files): rm -rf build.',
    );
    expect(result.block).toContain(
      '--permission-mode bypassPermissions, or --allowedTools "bash(rm -rf build)"',
    );
    expect(h.asked).toEqual([]);
    expect(h.events).toEqual([
      { type: 'permission_decided', callId: 'c1', decision: 'deny', by: 'print mode' },
    ]);
  });

  it('denies a forbidden command at the floor, before anything else', () => {
    const h = harness([]);
    const call = {
      callId: 'c1',
      toolName: 'bash',
      look: lookOf('bash'),
      input: {},
      access: exec('rm -rf /'),
    };
    const gate = createPermissionGate(h.policy);
    const ctx = {
      signal: new AbortController().signal,
      approve: async () => ({ decision: 'allow_once' as const }),
      emit: (e: AgentEvent) => h.events.push(e),
    };
    expect(gate.floor(call, ctx)).toMatch(/^Error: Permission denied: rm -rf \/ is forbidden/);
    expect(gate.floor({ ...call, access: exec('rm -rf build') }, ctx)).toBeUndefined();
    expect(h.events).toEqual([
      { type: 'permission_decided', callId: 'c1', decision: 'deny', by: 'forbidden' },
    ]);
  });

  it("lets a hook's allow skip the prompt but not an ask or deny rule, nor plan mode", async () => {
    const allow: HookVerdict = { decision: 'allow' };
    const h = harness([]);
    expect(await h.run('bash', exec('rm -rf build'), 'c1', allow)).toEqual({});
    expect(h.events).toEqual([
      { type: 'permission_decided', callId: 'c1', decision: 'allow', by: 'hook', confined: false },
    ]);
    const printMode = harness([], { interactive: false });
    expect(await printMode.run('bash', exec('rm -rf build'), 'c1', allow)).toEqual({});

    const ruled = harness([{ decision: 'deny' }], {
      rules: { allow: [], ask: ['Bash(rm:*)'], deny: ['Bash(git push:*)'] },
    });
    expect((await ruled.run('bash', exec('rm -rf build'), 'c1', allow)).block).toContain(
      'Permission denied by the user',
    );
    expect(ruled.asked.map((r) => r.reason)).toEqual(['matches the ask rule Bash(rm:*)']);
    expect((await ruled.run('bash', exec('git push'), 'c2', allow)).block).toContain(
      'Permission denied by rule deny Bash(git push:*)',
    );
    const plan = harness([], { mode: 'plan' });
    expect((await plan.run('bash', exec('rm -rf build'), 'c1', allow)).block).toContain(
      'plan mode',
    );
  });

  it('asks when a hook asks, even for what a rule or the mode allows; print mode denies', async () => {
    const ask: HookVerdict = { decision: 'ask', reason: 'pushes are reviewed' };
    const h = harness([{ decision: 'allow_once' }], {
      mode: 'bypassPermissions',
      rules: { allow: ['Bash(git push:*)'], ask: [], deny: [] },
    });
    expect(await h.run('bash', exec('git push'), 'c1', ask)).toEqual({});
    expect(h.asked).toEqual([
      {
        callId: 'c1',
        toolName: 'bash',
        look: lookOf('bash'),
        subject: 'git push',
        reason: 'a hook asks: pushes are reviewed',
      },
    ]);
    const printMode = harness([], { interactive: false });
    expect((await printMode.run('bash', exec('git status'), 'c1', ask)).block).toContain(
      'A hook requires a person to approve it.',
    );
  });

  it('with the sandbox in use, says where an asked call will run, and runs the rest confined', async () => {
    const h = harness([{ decision: 'allow_once' }, { decision: 'allow_once' }], {
      sandbox: { mode: 'auto', available: true },
    });
    expect(await h.run('bash', exec('pandoc -o out.html README.md > log.txt'))).toEqual({
      confined: true,
    });
    expect(h.asked[0]).toMatchObject({ reason: 'writes log.txt', confined: true });
    expect(await h.run('bash', exec('rm -rf build'), 'c2')).toEqual({});
    expect(h.asked[1]).toMatchObject({ reason: 'deletes files', confined: false });
    expect(await h.run('bash', exec('pandoc -o out.html README.md'), 'c3')).toEqual({
      confined: true,
    });
    expect(h.asked).toHaveLength(2);
    expect(h.events.filter((e) => e.type === 'permission_decided' && e.callId === 'c3')).toEqual([
      {
        type: 'permission_decided',
        callId: 'c3',
        decision: 'allow',
        by: 'sandbox',
        confined: true,
      },
    ]);
  });

  it('treats an approval cut short by an abort as a denial, and the call does not run', async () => {
    const controller = new AbortController();
    controller.abort();
    const h = harness([new Error('aborted')], {}, controller);
    const result = await h.run('bash', exec('rm -rf build'));
    expect(result.block).toBe(
      'Error: The permission request for rm -rf build was cancelled; the call did not run.',
    );
    expect(h.events.map((e) => e.type)).toEqual([
      'permission_decided',
      'permission_asked',
      'permission_decided',
    ]);
    expect(h.events[0]).toMatchObject({ decision: 'ask' });
    expect(h.events[2]).toMatchObject({ decision: 'deny', by: 'cancelled' });
  });
});
