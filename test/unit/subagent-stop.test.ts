import { describe, expect, it } from 'vitest';
import { createSubagentHost, type ChildLoop } from '../../src/agents/host';
import { AGENTS_DEFAULTS } from '../../src/config/types';
import { agentTypeCatalog } from '../../src/extensions/agent-types/agent-type';
import { BUILT_IN_AGENT_TYPES } from '../../src/extensions/agent-types/built-in';
import { CANCELLED_TEXT } from '../../src/protocol/cancel-text';
import type { AgentEvent } from '../../src/protocol/events';

/** A child that says one thing, then works until its signal is aborted (as the loop does). */
const patientChild: ChildLoop = (_child, signal) => ({
  model: 'm',
  events: (async function* (): AsyncGenerator<AgentEvent> {
    yield { type: 'text_delta', text: 'Halfway there.' };
    yield { type: 'assistant_message', text: 'Halfway there.', reasoning: '' };
    if (!signal.aborted)
      await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
    yield {
      type: 'turn_end',
      reason: 'aborted',
      result: 'Halfway there.',
      rounds: 1,
      usage: { inputTokens: 0, outputTokens: 0 },
    };
  })(),
});

function host() {
  return createSubagentHost({
    settings: AGENTS_DEFAULTS,
    types: agentTypeCatalog(BUILT_IN_AGENT_TYPES),
    runChild: patientChild,
  });
}

/** Runs one child; resolves with its id once it has started, and its outcome's promise. */
async function startOne(parent: AbortSignal) {
  const subagents = host();
  const events: AgentEvent[] = [];
  let started!: (id: string) => void;
  const id = new Promise<string>((resolve) => (started = resolve));
  const outcome = subagents.run({ description: 'Wait', prompt: 'wait' }, 'call_a', parent, (e) => {
    events.push(e);
    if (e.type === 'subagent_started') started(e.agentId);
  });
  return { subagents, agentId: await id, outcome, events };
}

describe('stopping one subagent', () => {
  it('stop(agentId) ends that child alone: its parent is told the user stopped it', async () => {
    const parent = new AbortController();
    const { subagents, agentId, outcome, events } = await startOne(parent.signal);
    expect(events[0]).toMatchObject({ type: 'subagent_started', agentType: 'general-purpose' });
    expect(subagents.stop(agentId)).toBe(true);
    const result = await outcome;
    expect(result.ok).toBe(false);
    expect(result.text).toMatch(
      /^Error: the subagent was stopped by the user\nIts last message: Halfway there\.\n\(subagent: 1 turn, 0 tool calls, [\d.]+s\)$/,
    );
    expect(parent.signal.aborted).toBe(false);
    expect(events.at(-1)).toMatchObject({ type: 'subagent_finished', ok: false });
    // It no longer runs: a second stop does nothing.
    expect(subagents.stop(agentId)).toBe(false);
  });

  it("the parent's abort still reaches the child, which is cancelled, not stopped by the user", async () => {
    const parent = new AbortController();
    const { outcome } = await startOne(parent.signal);
    parent.abort();
    expect((await outcome).text).toBe(CANCELLED_TEXT);
  });

  it('a child that is not running cannot be stopped', () => {
    expect(host().stop('agent-00000000')).toBe(false);
  });
});
