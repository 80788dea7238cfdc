import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HookRegistry, runHooks } from '../../src/hooks/registry';
import type { HookContext, HookInputs } from '../../src/hooks/types';
import type { AgentEvent } from '../../src/protocol/events';
import { lookOf } from '../../src/tools/registry';

function context(signal = new AbortController().signal) {
  const events: AgentEvent[] = [];
  const ctx: HookContext = {
    sessionId: 's',
    cwd: '/tmp',
    signal,
    approve: async () => ({ decision: 'deny' }),
    emit: (event) => events.push(event),
  };
  return { ctx, events };
}

const preInput: HookInputs['PreToolUse'] = {
  callId: 'c1',
  toolName: 'bash',
  look: lookOf('bash'),
  input: { command: 'ls' },
  access: { kind: 'exec', command: 'ls' },
  claude: { toolName: 'Bash', toolInput: { command: 'ls' } },
};

const postInput: HookInputs['PostToolUse'] = {
  ...preInput,
  output: 'x',
  status: 'ok',
  response: { stdout: 'x', stderr: '', interrupted: false, isImage: false },
  durationMs: 1,
};

// Hooks that take time wait on a fake clock: the tests move it on, nothing sleeps.
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The hooks' outcome once the fake clock has run every hook's wait. */
async function whenDone<T>(outcome: Promise<T>): Promise<T> {
  await vi.runAllTimersAsync();
  return outcome;
}

describe('runHooks', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs only the event’s hooks and returns an empty outcome when none speaks', async () => {
    const registry = new HookRegistry();
    const ran: number[] = [];
    registry.on('PreToolUse', async () => void ran.push(1));
    registry.on('PreToolUse', async () => {
      ran.push(2);
      return {};
    });
    registry.on('PostToolUse', async () => void ran.push(99));
    const { ctx } = context();
    expect(await runHooks(registry, 'PreToolUse', preInput, ctx)).toEqual({});
    expect(ran.sort()).toEqual([1, 2]);
  });

  it('runs every hook at once, each to completion even when one denies (deny > ask > allow)', async () => {
    const registry = new HookRegistry();
    const finished: string[] = [];
    registry.on('PreToolUse', async () => {
      await sleep(30);
      finished.push('allow');
      return { permission: 'allow' };
    });
    registry.on('PreToolUse', async () => {
      finished.push('deny');
      return { block: 'Blocked by hook: no', permission: 'deny', permissionReason: 'no' };
    });
    registry.on('PreToolUse', async () => {
      await sleep(10);
      finished.push('ask');
      return { permission: 'ask', permissionReason: 'sure?' };
    });
    const { ctx } = context();
    let done = false;
    const outcome = runHooks(registry, 'PreToolUse', preInput, ctx).finally(() => (done = true));
    // At once: done when the slowest hook is (30 ms), not after the sum of their waits.
    await vi.advanceTimersByTimeAsync(29);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
    expect(await outcome).toEqual({
      block: 'Blocked by hook: no',
      permission: 'deny',
      permissionReason: 'no',
    });
    expect(finished).toEqual(['deny', 'ask', 'allow']);
  });

  it('takes ask over allow, with the reason of the hook that asked', async () => {
    const registry = new HookRegistry();
    registry.on('PreToolUse', async () => ({ permission: 'allow', permissionReason: 'fine' }));
    registry.on('PreToolUse', async () => ({ permission: 'ask', permissionReason: 'sure?' }));
    const { ctx } = context();
    expect(await runHooks(registry, 'PreToolUse', preInput, ctx)).toEqual({
      permission: 'ask',
      permissionReason: 'sure?',
    });
  });

  it('keeps the input rewrite of the hook that finished last', async () => {
    const registry = new HookRegistry();
    registry.on('PreToolUse', async () => {
      await sleep(30);
      return { claudeInput: { command: 'ls -la' } };
    });
    registry.on('PreToolUse', async () => ({
      claudeInput: { command: 'ls -1' },
      context: 'checked',
    }));
    const { ctx } = context();
    expect(await whenDone(runHooks(registry, 'PreToolUse', preInput, ctx))).toEqual({
      claudeInput: { command: 'ls -la' },
      context: 'checked',
    });
  });

  it('joins context texts and PostToolUse block reasons in registration order', async () => {
    const registry = new HookRegistry();
    registry.on('PostToolUse', async () => {
      await sleep(20);
      return { context: 'a', block: 'lint failed' };
    });
    registry.on('PostToolUse', async () => ({ context: 'b', block: 'tests failed' }));
    const { ctx } = context();
    expect(await whenDone(runHooks(registry, 'PostToolUse', postInput, ctx))).toEqual({
      context: 'a\nb',
      block: 'lint failed\ntests failed',
    });
  });

  it('keeps the first stop and every continuation', async () => {
    const registry = new HookRegistry();
    registry.on('Stop', async () => ({ continueWith: 'keep going', stop: 'enough' }));
    registry.on('Stop', async () => ({ continueWith: 'and test' }));
    const { ctx } = context();
    const outcome = await runHooks(
      registry,
      'Stop',
      { lastMessage: 'done', stopHookActive: false },
      ctx,
    );
    expect(outcome).toEqual({ continueWith: 'keep going\nand test', stop: 'enough' });
  });

  it('reports a hook that throws and goes on without blocking', async () => {
    const registry = new HookRegistry();
    registry.on('UserPromptSubmit', async () => {
      throw new Error('boom');
    });
    registry.on('UserPromptSubmit', async () => ({ context: 'still here' }));
    const { ctx, events } = context();
    const outcome = await runHooks(registry, 'UserPromptSubmit', { prompt: 'hi' }, ctx);
    expect(outcome).toEqual({ context: 'still here' });
    expect(events).toEqual([
      { type: 'error', fatal: false, message: 'UserPromptSubmit hook failed: boom' },
    ]);
  });

  it('starts no hook after an abort, and reports none that fails because of it', async () => {
    const registry = new HookRegistry();
    const controller = new AbortController();
    let ran = false;
    registry.on('UserPromptSubmit', async () => void (ran = true));
    controller.abort();
    const { ctx, events } = context(controller.signal);
    expect(await runHooks(registry, 'UserPromptSubmit', { prompt: 'hi' }, ctx)).toEqual({});
    expect(ran).toBe(false);

    const live = new AbortController();
    const failing = new HookRegistry();
    failing.on('UserPromptSubmit', async () => {
      live.abort();
      throw new Error('aborted');
    });
    const second = context(live.signal);
    expect(await runHooks(failing, 'UserPromptSubmit', { prompt: 'hi' }, second.ctx)).toEqual({});
    expect([...events, ...second.events]).toEqual([]);
  });

  it('list returns a copy', () => {
    const registry = new HookRegistry();
    const hook = async () => undefined;
    registry.on('Stop', hook);
    registry.list('Stop').pop();
    expect(registry.list('Stop')).toEqual([hook]);
    expect(registry.has('Stop')).toBe(true);
    expect(registry.has('SessionEnd')).toBe(false);
  });
});
