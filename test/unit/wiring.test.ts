import { describe, expect, test } from 'vitest';
import { contextStep } from '../../src/agent/wire-context';
import { extensionsStep } from '../../src/agent/wire-extensions';
import { modelStep } from '../../src/agent/wire-model';
import { planStep, type PlanParts } from '../../src/agent/wire-plan';
import { policyStep } from '../../src/agent/wire-policy';
import { sessionStep, type SessionParts, type Setup } from '../../src/agent/wire-session';
import { Teardown, Wiring, type WiringStep } from '../../src/agent/wiring';
import { glob } from '../../src/tools/glob';
import type { Tool } from '../../src/tools/types';
import { testConfig } from '../support/agent-harness';

describe('Wiring', () => {
  test('runs the steps in order, each over the parts wired before it', async () => {
    const seen: string[] = [];
    const first: WiringStep<{ base: number }, { doubled: number }> = {
      name: 'first',
      wire: async ({ base }) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        seen.push('first');
        return { doubled: base * 2 };
      },
    };
    const second: WiringStep<{ base: number; doubled: number }, { sum: number }> = {
      name: 'second',
      wire: ({ base, doubled }) => {
        seen.push('second');
        return { sum: base + doubled };
      },
    };
    const parts = await Wiring.of({ base: 3 }).add(first).add(second).done();
    expect(parts).toEqual({ base: 3, doubled: 6, sum: 9 });
    expect(seen).toEqual(['first', 'second']);
  });

  test("a step's error is the wiring's, and no later step runs", async () => {
    const later: string[] = [];
    const failing: WiringStep<object, object> = {
      name: 'failing',
      wire: () => {
        throw new Error('the settings file is broken');
      },
    };
    const next: WiringStep<object, object> = {
      name: 'next',
      wire: () => {
        later.push('next');
        return {};
      },
    };
    await expect(Wiring.of({}).add(failing).add(next).done()).rejects.toThrow(
      'the settings file is broken',
    );
    expect(later).toEqual([]);
  });
});

test('Teardown runs what the steps deferred, the last first, with the reason', async () => {
  const teardown = new Teardown();
  const closed: string[] = [];
  teardown.defer(() => void closed.push('demo'));
  teardown.defer(async (reason) => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    closed.push(`hooks ${reason}`);
  });
  teardown.defer(() => void closed.push('watchers'));
  await teardown.run('prompt_input_exit');
  expect(closed).toEqual(['watchers', 'hooks prompt_input_exit', 'demo']);
});

/**
 * A subsystem of the kind still to come (MCP servers, skills): one step that adds a tool and
 * hangs a hook, placed before `context`; the session's steps are used as they are.
 */
const findFiles: Tool = { ...glob, name: 'find_files' } as Tool;
const extraToolStep: WiringStep<
  Pick<PlanParts, 'tools'> & Pick<SessionParts, 'hooks' | 'teardown'>,
  { extraClosed: () => boolean }
> = {
  name: 'extra tool',
  wire: ({ tools, hooks, teardown }) => {
    tools[findFiles.name] = findFiles;
    hooks.on('PreToolUse', async () => ({}));
    let closed = false;
    teardown.defer(() => void (closed = true));
    return { extraClosed: () => closed };
  },
};

test("a new step adds a tool and a hook without changing the session's steps", async () => {
  const config = testConfig('http://127.0.0.1:9/v1');
  const parts = await Wiring.of<Setup>({
    config,
    options: { approve: async () => ({ decision: 'deny' }), interactive: false },
  })
    .add(sessionStep)
    .add(planStep)
    .add(extraToolStep)
    .add(modelStep)
    .add(policyStep)
    .add(extensionsStep)
    .add(contextStep)
    .done();
  const offered = parts.definitions().map((tool) => ('function' in tool ? tool.function.name : ''));
  expect(offered).toContain('find_files');
  expect(parts.systemPrompt()).toMatch(/Tools: .*find_files/);
  expect(parts.hooks.has('PreToolUse')).toBe(true);
  await parts.teardown.run('other');
  expect(parts.extraClosed()).toBe(true);
});

test('a step reads only parts wired before it (checked by the compiler)', () => {
  const wiring = Wiring.of<Setup>({
    config: testConfig('http://127.0.0.1:9/v1'),
    options: { approve: async () => ({ decision: 'deny' }), interactive: false },
  });
  // @ts-expect-error -- context needs the tools, the model and the policy, not wired yet.
  const early = () => wiring.add(sessionStep).add(contextStep);
  expect(typeof early).toBe('function');
});
