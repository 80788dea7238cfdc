import { afterEach, describe, expect, test } from 'vitest';
import type { AgentEvent } from '../../src/protocol/events';
import { lookOf } from '../../src/tools/registry';
import { endOf, startApp, typeLine, waitFor, type AppRig, type Turn } from './helpers';

let rig: AppRig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

const tag = { agentId: 'agent-1a2b3c4d', parentCallId: 'call_a' };
const inChild = (event: AgentEvent): AgentEvent => ({ type: 'subagent_event', ...tag, event });

/**
 * A parent whose one agent call runs a child that says something, plans, and runs a bash
 * call until `release` is called (the test's Ctrl+C, through the agent's stopSubagent); then
 * the parent answers.
 */
function parentWithChild(): { turn: Turn; release: () => void; stops: string[] } {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const stops: string[] = [];
  const turn: Turn = async function* (prompt, _signal, agent) {
    Object.assign(agent, {
      stopSubagent: (id: string) => {
        stops.push(id);
        release();
        return true;
      },
    });
    yield { type: 'user_prompt', text: prompt, source: 'user' };
    yield {
      type: 'tool_call_ready',
      id: 'call_a',
      name: 'agent',
      look: lookOf('agent'),
      input: {},
      summary: 'Survey the parser',
    };
    yield { type: 'tool_running', id: 'call_a', name: 'agent' };
    yield {
      type: 'subagent_started',
      ...tag,
      description: 'Survey the parser',
      prompt: 'CHILD TASK: survey it',
      agentType: 'explore',
    };
    yield inChild({ type: 'user_prompt', text: 'CHILD TASK: survey it', source: 'user' });
    yield inChild({ type: 'text_delta', text: 'Child says: reading the parser.' });
    yield inChild({
      type: 'assistant_message',
      text: 'Child says: reading the parser.',
      reasoning: '',
    });
    yield inChild({
      type: 'todos_updated',
      todos: [{ content: 'Read it', activeForm: 'Reading it', status: 'in_progress' }],
    });
    yield inChild({
      type: 'tool_call_ready',
      id: 'c1',
      name: 'bash',
      look: lookOf('bash'),
      input: {},
      summary: 'wc -l src/parser.ts',
    });
    yield inChild({ type: 'tool_running', id: 'c1', name: 'bash' });
    await released;
    yield inChild({
      type: 'tool_result',
      id: 'c1',
      name: 'bash',
      look: lookOf('bash'),
      status: 'cancelled',
      output: '',
      durationMs: 5,
    });
    yield inChild(endOf('aborted'));
    const stopped = 'Error: the subagent was stopped by the user\n(subagent: 1 turn)';
    yield {
      type: 'subagent_finished',
      ...tag,
      ok: false,
      result: stopped,
      turns: 1,
      toolCalls: 1,
      durationMs: 900,
      stoppedByUser: true,
    };
    yield {
      type: 'tool_result',
      id: 'call_a',
      name: 'agent',
      look: lookOf('agent'),
      status: 'error',
      output: stopped,
      durationMs: 900,
    };
    yield { type: 'text_delta', text: 'Parent goes on.' };
    yield { type: 'assistant_message', text: 'Parent goes on.', reasoning: '' };
    yield endOf('done');
  };
  return { turn, release, stops };
}

const screen = () => rig!.screen();

describe("a subagent's view", () => {
  test('↓ opens the list, Enter the child full screen (every row its own), Esc goes back', async () => {
    const parent = parentWithChild();
    rig = await startApp([parent.turn], { columns: 80, rows: 20 });
    await typeLine(rig.app, 'survey it');
    await waitFor(() => screen().includes('wc -l src/parser.ts'));
    expect(screen()).toContain('(↓ to open)');
    await rig.app.press('\x1b[B');
    expect(screen()).toMatch(
      /Subagents\n› 1 ○ Survey the parser {2}explore · running \d+s · 0 tool calls/,
    );
    expect(screen()).toContain('↑/↓ choose · enter or 1-9 open · esc close');
    await rig.app.press('\r');
    const rows = rig.app.lines();
    // The whole frame is the child's: rows - 1 rows, its header first, its keys last.
    expect(rows).toHaveLength(19);
    expect(rows[0]).toMatch(
      /^○ agent Survey the parser {2}explore · agent-1a2b3c4d {2}running \d+s/,
    );
    expect(rows[1]).toMatch(/^─+$/);
    expect(rows.at(-1)).toBe(
      ' Esc back · Ctrl+C stop this agent · PgUp/PgDn scroll · Ctrl+O expand',
    );
    expect(screen()).toContain('› CHILD TASK: survey it');
    expect(screen()).toContain('Child says: reading the parser.');
    expect(screen()).toMatch(/bash {2}wc -l src\/parser\.ts/);
    // Its own plan, not the parent's (which has none).
    expect(screen()).toMatch(/Todos 0\/1/);
    expect(screen()).toContain('Reading it');
    // Nothing of the main screen.
    expect(screen()).not.toContain('› survey it');
    expect(screen()).not.toContain('fake-model');
    await rig.app.press('\x1b');
    await waitFor(() => screen().includes('› survey it'));
    expect(screen()).not.toContain('Esc back');
    expect(rig.controller.busy).toBe(true);
    parent.release();
    await waitFor(() => screen().includes('Parent goes on.'));
  });

  test('Ctrl+C there stops that child alone: the parent turn goes on to its answer', async () => {
    const parent = parentWithChild();
    rig = await startApp([parent.turn], { columns: 80, rows: 20 });
    await typeLine(rig.app, 'survey it');
    await waitFor(() => screen().includes('wc -l src/parser.ts'));
    await typeLine(rig.app, '/agents');
    await rig.app.press('1');
    expect(screen()).toContain('Esc back · Ctrl+C stop this agent');
    await rig.app.press('\x03');
    expect(parent.stops).toEqual(['agent-1a2b3c4d']);
    await waitFor(() => screen().includes('Stopped by you (Ctrl+C)'));
    expect(rig.app.lines()[0]).toMatch(/⊖ agent Survey the parser .* stopped in 900ms/);
    // Ended: Ctrl+C is no longer offered, and the main turn was never interrupted.
    expect(rig.app.lines().at(-1)).toBe(' Esc back · PgUp/PgDn scroll · Ctrl+O expand');
    await rig.app.press('\x1b');
    await waitFor(() => screen().includes('Parent goes on.'));
    expect(screen()).not.toContain('Interrupted.');
    expect(screen()).toMatch(/✗ agent {2}Survey the parser/);
  });

  test('a question asked while a child is open shows in its view and takes the keys', async () => {
    let askNow!: () => void;
    const asked = new Promise<void>((resolve) => (askNow = resolve));
    const turn: Turn = async function* (prompt, signal, agent) {
      const parent = parentWithChild();
      const steps = parent.turn(prompt, signal, agent);
      // Up to the child's running bash call.
      for (let i = 0; i < 10; i++) yield (await steps.next()).value as AgentEvent;
      await asked;
      const answer = await agent.approve(
        {
          callId: 'c2',
          toolName: 'bash',
          look: lookOf('bash'),
          subject: 'rm -rf build',
          reason: 'deletes files (rm)',
          agent: { id: tag.agentId, description: 'Survey the parser' },
        },
        signal,
      );
      yield inChild({ type: 'error', message: `answered ${answer.decision}`, fatal: false });
      parent.release();
      for (let next = await steps.next(); !next.done; next = await steps.next()) yield next.value;
    };
    rig = await startApp([turn], { columns: 80, rows: 24 });
    await typeLine(rig.app, 'survey it');
    await waitFor(() => screen().includes('wc -l src/parser.ts'));
    await rig.app.press('\x1b[B');
    await rig.app.press('\r');
    expect(screen()).toContain('Esc back · Ctrl+C stop this agent');
    askNow();
    // The question takes the keys' place in the child's view, which stays.
    await waitFor(() => screen().includes('Run this command?'));
    const rows = rig.app.lines();
    expect(rows).toHaveLength(23);
    expect(rows[0]).toMatch(/^○ agent Survey the parser/);
    expect(screen()).toContain('rm -rf build');
    expect(screen()).not.toContain('Esc back · Ctrl+C stop this agent');
    await rig.app.press('n');
    await waitFor(() => screen().includes('Error: answered deny'));
    // Answered: the child's view is still there, its keys back at the bottom.
    expect(rig.app.lines()[0]).toMatch(/agent Survey the parser/);
    expect(rig.app.lines().at(-1)).toMatch(/^ Esc back/);
  });

  test('while a question waits on the main screen, ↓ does not open the list', async () => {
    const turn: Turn = async function* (prompt, signal, agent) {
      const parent = parentWithChild();
      const steps = parent.turn(prompt, signal, agent);
      for (let i = 0; i < 10; i++) yield (await steps.next()).value as AgentEvent;
      const question = {
        callId: 'c2',
        toolName: 'bash',
        look: lookOf('bash'),
        subject: 'rm -rf build',
        reason: 'deletes files (rm)',
      };
      await agent.approve(question, signal);
      parent.release();
      for (let next = await steps.next(); !next.done; next = await steps.next()) yield next.value;
    };
    rig = await startApp([turn], { columns: 80, rows: 24 });
    await typeLine(rig.app, 'survey it');
    await waitFor(() => screen().includes('Run this command?'));
    await rig.app.pressNoChange('\x1b[B');
    expect(rig.controller.store.getState().agents).toBeNull();
    await rig.app.press('n');
    await waitFor(() => screen().includes('Parent goes on.'));
    expect(screen()).not.toContain('Subagents');
  });

  test('without subagents ↓ browses history as before, and /agents says there are none', async () => {
    rig = await startApp([], { columns: 80, rows: 20 });
    await typeLine(rig.app, '/agents');
    expect(screen()).toContain('No subagents in this session yet.');
    await rig.app.pressNoChange('\x1b[B');
    expect(screen()).not.toContain('Subagents');
    expect(rig.controller.store.getState().agents).toBeNull();
  });
});
