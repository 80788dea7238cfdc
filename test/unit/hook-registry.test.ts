import { describe, expect, it } from 'vitest';
import { HookRegistry, runHooks } from '../../src/hooks/registry';
import type { HookContext, HookInputs } from '../../src/hooks/types';
import type { AgentEvent } from '../../src/agent/events';

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
  input: { command: 'ls' },
  access: { kind: 'exec', command: 'ls' },
};

describe('runHooks', () => {
  it('runs hooks in registration order and returns an empty outcome when none speaks', async () => {
    const registry = new HookRegistry();
    const order: number[] = [];
    registry.on('PreToolUse', async () => void order.push(1));
    registry.on('PreToolUse', async () => {
      order.push(2);
      return {};
    });
    registry.on('PostToolUse', async () => void order.push(99));
    const { ctx } = context();
    expect(await runHooks(registry, 'PreToolUse', preInput, ctx)).toEqual({});
    expect(order).toEqual([1, 2]);
  });

  it('stops PreToolUse at the first block', async () => {
    const registry = new HookRegistry();
    let laterRan = false;
    registry.on('PreToolUse', async () => ({ block: 'first' }));
    registry.on('PreToolUse', async () => {
      laterRan = true;
      return { block: 'second' };
    });
    const { ctx } = context();
    expect(await runHooks(registry, 'PreToolUse', preInput, ctx)).toEqual({ block: 'first' });
    expect(laterRan).toBe(false);
  });

  it('hands an input rewrite to later hooks', async () => {
    const registry = new HookRegistry();
    const seen: unknown[] = [];
    registry.on('PreToolUse', async () => ({ input: { command: 'ls -la' } }));
    registry.on('PreToolUse', async (input) => {
      seen.push(input.input);
      return { context: 'checked' };
    });
    const { ctx } = context();
    const outcome = await runHooks(registry, 'PreToolUse', preInput, ctx);
    expect(seen).toEqual([{ command: 'ls -la' }]);
    expect(outcome).toEqual({ input: { command: 'ls -la' }, context: 'checked' });
  });

  it('joins context texts and PostToolUse block reasons', async () => {
    const registry = new HookRegistry();
    registry.on('PostToolUse', async () => ({ context: 'a', block: 'lint failed' }));
    registry.on('PostToolUse', async () => ({ context: 'b', block: 'tests failed' }));
    const { ctx } = context();
    const outcome = await runHooks(
      registry,
      'PostToolUse',
      { callId: 'c', toolName: 'bash', input: {}, output: 'x', status: 'ok' },
      ctx,
    );
    expect(outcome).toEqual({ context: 'a\nb', block: 'lint failed\ntests failed' });
  });

  it('ends the chain on stop', async () => {
    const registry = new HookRegistry();
    let laterRan = false;
    registry.on('Stop', async () => ({ continueWith: 'keep going', stop: 'enough' }));
    registry.on('Stop', async () => void (laterRan = true));
    const { ctx } = context();
    const outcome = await runHooks(
      registry,
      'Stop',
      { lastMessage: 'done', stopHookActive: false },
      ctx,
    );
    expect(outcome).toEqual({ continueWith: 'keep going', stop: 'enough' });
    expect(laterRan).toBe(false);
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

  it('runs no hook after an abort', async () => {
    const registry = new HookRegistry();
    const controller = new AbortController();
    let laterRan = false;
    registry.on('UserPromptSubmit', async () => {
      controller.abort();
      throw new Error('aborted');
    });
    registry.on('UserPromptSubmit', async () => void (laterRan = true));
    const { ctx, events } = context(controller.signal);
    expect(await runHooks(registry, 'UserPromptSubmit', { prompt: 'hi' }, ctx)).toEqual({});
    expect(laterRan).toBe(false);
    expect(events).toEqual([]);
  });

  it('list returns a copy', () => {
    const registry = new HookRegistry();
    const hook = async () => undefined;
    registry.on('Stop', hook);
    registry.list('Stop').pop();
    expect(registry.list('Stop')).toEqual([hook]);
  });
});
