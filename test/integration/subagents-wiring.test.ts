import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createAgent } from '../../src/agent/agent';
import type { AgentEvent } from '../../src/protocol/events';
import type { Config } from '../../src/config/types';
import type { CommandHookSettings } from '../../src/hooks/hook-settings';
import {
  startScriptedServer,
  type Script,
  type ScriptedServer,
  type ScriptedTurn,
} from '../../src/demo/scripted-server';
import type { ChatMessage } from '../../src/model/types';
import { openSessionForRun } from '../../src/session/open';
import { readSessionFile } from '../../src/session/reader';
import { reduceEvents } from '../../src/store/reducer';
import { initialState } from '../../src/store/store';
import { toolCardLines } from '../../components/lines/tool-card';
import type { Line } from '../../components/lines/spans';
import { collect, ofType, scriptedApprove, tempDir, testConfig } from '../support/agent-harness';
import { runTick } from '../support/run-cli';

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const agentCall = (id: string, description: string, prompt: string) => ({
  id,
  name: 'agent',
  arguments: { description, prompt },
});
const PROMPT = 'CHILD: read the notes';
const oneChild = (child: ScriptedTurn[]): Script => ({
  main: [{ toolCalls: [agentCall('call_a', 'Read notes', PROMPT)] }, { text: 'parent done' }],
  conversations: { [PROMPT]: child },
});
const lineText = (line: Line): string => line.map((span) => span.text).join('');

async function agentWith(script: Script, overrides: Partial<Config> = {}) {
  server = await startScriptedServer(script);
  const config = testConfig(server.baseURL, overrides);
  const agent = await createAgent(config, {
    approve: scriptedApprove([]).approve,
    interactive: true,
  });
  return { agent, config, server };
}

describe('SubagentStart', () => {
  it("runs before the child's first request; its additionalContext goes to the child, matched by agent_type", async () => {
    server = await startScriptedServer(oneChild([{ text: 'noted' }]));
    const config = testConfig(server.baseURL);
    const log = join(config.cwd, 'subagent-start.log');
    const json = JSON.stringify({
      hookSpecificOutput: {
        hookEventName: 'SubagentStart',
        additionalContext: 'The notes live in docs/.',
      },
    });
    config.hooks = {
      SubagentStart: [
        {
          matcher: 'general-purpose',
          hooks: [{ type: 'command', command: `cat >> '${log}'; echo '${json}'` }],
        },
        // Another agent type: never runs for tick's one kind of subagent.
        { matcher: 'Explore', hooks: [{ type: 'command', command: `echo x >> '${log}.no'` }] },
      ],
      UserPromptSubmit: [
        {
          hooks: [{ type: 'command', command: `echo prompt >> '${join(config.cwd, 'ups.log')}'` }],
        },
      ],
    };
    const agent = await createAgent(config, {
      approve: scriptedApprove([]).approve,
      interactive: true,
    });
    const events = await collect(agent.run('go', new AbortController().signal));
    const agentId = ofType(events, 'subagent_started')[0].agentId;
    const payload = JSON.parse(readFileSync(log, 'utf8')) as Record<string, unknown>;
    expect(payload).toMatchObject({
      hook_event_name: 'SubagentStart',
      agent_id: agentId,
      agent_type: 'general-purpose',
      session_id: agent.sessionId,
    });
    expect(existsSync(`${log}.no`)).toBe(false);
    // The child's first request carries its task with the hook's context; the parent's does not.
    const child = server.requests.find((r) =>
      String(r.body.messages[1]?.content).startsWith(PROMPT),
    );
    expect(child?.body.messages[1]).toEqual({
      role: 'user',
      content: `${PROMPT}\n\n<context>\nThe notes live in docs/.\n</context>`,
    });
    expect(server.requests[0].body.messages[1]).toEqual({ role: 'user', content: 'go' });
    // The child's prompt is not the user's: UserPromptSubmit ran once, for "go".
    expect(readFileSync(join(config.cwd, 'ups.log'), 'utf8')).toBe('prompt\n');
    expect(agent.messages().find((m) => m.role === 'tool')?.content).toMatch(/^noted\n/);
  });
});

describe('SubagentStop', () => {
  it("fires when a child stops (not the parent's Stop), and a block keeps the child working", async () => {
    const hooks = (cwd: string): CommandHookSettings => {
      const script = join(cwd, 'subagent-stop.sh');
      // Blocks the first stop with a reason; lets the second (stop_hook_active) through.
      writeFileSync(
        script,
        [
          `INPUT=$(cat); echo "$INPUT" >> '${join(cwd, 'subagent-stop.log')}'`,
          `if echo "$INPUT" | grep -q '"stop_hook_active":true'; then exit 0; fi`,
          'echo "Also count the lines" >&2; exit 2',
        ].join('\n'),
      );
      return {
        SubagentStop: [{ hooks: [{ type: 'command', command: `bash ${script}` }] }],
        Stop: [
          { hooks: [{ type: 'command', command: `echo stop >> '${join(cwd, 'stop.log')}'` }] },
        ],
      };
    };
    server = await startScriptedServer(
      oneChild([{ text: 'notes say hi' }, { text: 'notes say hi, 2 lines' }]),
    );
    const config = testConfig(server.baseURL);
    config.hooks = hooks(config.cwd);
    const agent = await createAgent(config, {
      approve: scriptedApprove([]).approve,
      interactive: true,
    });
    const events = await collect(agent.run('go', new AbortController().signal));
    const payloads = readFileSync(join(config.cwd, 'subagent-stop.log'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const agentId = ofType(events, 'subagent_started')[0].agentId;
    expect(payloads).toHaveLength(2);
    expect(payloads[0]).toMatchObject({
      hook_event_name: 'SubagentStop',
      agent_id: agentId,
      agent_type: 'general-purpose',
      stop_hook_active: false,
      last_assistant_message: 'notes say hi',
    });
    expect(payloads[1]).toMatchObject({ stop_hook_active: true });
    // The child's own Claude-shaped transcript: side-chain lines of its conversation only.
    const path = String(payloads[0].agent_transcript_path);
    expect(path).toMatch(
      new RegExp(`/transcripts/${agent.sessionId}/subagents/${agentId}\\.jsonl$`),
    );
    const lines = readFileSync(path, 'utf8')
      .trim()
      .split('\n')
      .map(
        (line) => JSON.parse(line) as { isSidechain: boolean; agentId: string; message: unknown },
      );
    expect(lines.every((line) => line.isSidechain && line.agentId === agentId)).toBe(true);
    expect(lines[0].message).toEqual({ role: 'user', content: PROMPT });
    expect(JSON.stringify(lines)).not.toContain('"go"');
    // The block's reason reached the child as its next prompt; its answer reached the parent.
    const childRequests = server.requests.filter((r) => r.body.messages[1]?.content === PROMPT);
    expect(childRequests.at(-1)?.body.messages.at(-1)).toEqual({
      role: 'user',
      content: 'Also count the lines',
    });
    const parentAnswer = agent.messages().find((m) => m.role === 'tool');
    expect(parentAnswer?.content).toMatch(/^notes say hi, 2 lines\n/);
    // The parent's own Stop ran once, for the parent.
    expect(readFileSync(join(config.cwd, 'stop.log'), 'utf8')).toBe('stop\n');
  });

  it("hooks match the agent call by Claude Code's names, Task and Agent", async () => {
    server = await startScriptedServer(oneChild([{ text: 'fine' }]));
    const config = testConfig(server.baseURL);
    const log = join(config.cwd, 'pre.log');
    config.hooks = {
      PreToolUse: [
        {
          matcher: 'Task',
          hooks: [{ type: 'command', command: `cat >> '${log}'; echo >> '${log}'` }],
        },
      ],
    };
    const agent = await createAgent(config, {
      approve: scriptedApprove([]).approve,
      interactive: true,
    });
    await collect(agent.run('go', new AbortController().signal));
    const payload = JSON.parse(readFileSync(log, 'utf8').trim()) as Record<string, unknown>;
    expect(payload).toMatchObject({
      tool_name: 'Agent',
      tool_input: { description: 'Read notes', prompt: PROMPT, subagent_type: 'general-purpose' },
    });
  });
});

describe('children and the task list (V2)', () => {
  it("share the parent's list; what a child creates is owned by its id", async () => {
    const { agent } = await agentWith(
      oneChild([
        { toolCalls: [{ name: 'task_create', arguments: { subject: 'Read notes file' } }] },
        { text: 'made a task' },
      ]),
      { tasks: true },
    );
    const events = await collect(agent.run('go', new AbortController().signal));
    const agentId = ofType(events, 'subagent_started')[0].agentId;
    const list = await agent.taskList();
    expect(list?.tasks).toEqual([
      expect.objectContaining({ subject: 'Read notes file', owner: agentId }),
    ]);
    // The child was offered the task tools, not todo_write and not agent.
    const childTools = (
      server?.requests.find((r) => r.body.messages[1]?.content === PROMPT)?.body.tools as {
        function: { name: string };
      }[]
    ).map((t) => t.function.name);
    expect(childTools).toContain('task_create');
    expect(childTools).not.toContain('todo_write');
    expect(childTools).not.toContain('agent');
  });
});

describe('the session log', () => {
  it('records a child as a side chain; resume restores only the parent and shows the child by its result', async () => {
    const script = oneChild([
      { toolCalls: [{ name: 'bash', arguments: { command: 'echo CHILD-SAW-THIS' } }] },
      { text: 'The notes say hello.\nMore detail here.' },
    ]);
    server = await startScriptedServer(script);
    const config = testConfig(server.baseURL, { home: tempDir('tick-home-') });
    const session = await openSessionForRun(config);
    const agent = await createAgent(config, {
      approve: scriptedApprove([]).approve,
      interactive: true,
      ...session.agentOptions,
    });
    await collect(agent.run('go', new AbortController().signal));
    await agent.close();
    session.close();

    const parsed = readSessionFile(session.file);
    const sideChain = readFileSync(session.file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { kind: string; message?: ChatMessage })
      .filter((record) => record.kind === 'sidechain');
    expect(sideChain.map((r) => r.message?.role)).toEqual([
      'user',
      'assistant',
      'tool',
      'assistant',
    ]);
    expect(
      parsed.records.some((r) => r.kind === 'event' && r.event.type === 'subagent_event'),
    ).toBe(true);

    const resumed = await openSessionForRun(config, { kind: 'id', id: session.id });
    const restored = resumed.restored;
    resumed.close();
    const history = JSON.stringify(restored?.state.messages);
    expect(history).not.toContain('CHILD-SAW-THIS');
    expect(history).toContain('The notes say hello.');
    // The transcript repainted from the log: the agent card collapsed to its result line.
    const state = reduceEvents(
      initialState({ model: 'm', mode: 'default', demo: false, cwd: config.cwd }),
      restored?.events ?? [],
      Date.now(),
    );
    const card = state.items.find((item) => item.kind === 'tool' && item.card.name === 'agent');
    expect(card?.kind).toBe('tool');
    if (card?.kind !== 'tool') return;
    const look = { color: false, unicode: true };
    const text = toolCardLines(card.card, 80, {
      look,
      now: Date.now(),
      expanded: false,
      latest: true,
      animate: false,
    }).map(lineText);
    expect(text[0]).toMatch(/^✓ agent {2}Read notes {2}[\d.]+m?s$/);
    expect(text[1]).toMatch(/^ {4}The notes say hello\. {2}\(2 turns, 1 tool call, [\d.]+m?s\)$/);
    expect(text).toHaveLength(2);

    // `tick export` lists the child's calls under the agent call, in both formats.
    const env = { TICK_HOME: config.home };
    const markdown = await runTick(['export', session.id], { cwd: config.cwd, env });
    expect(markdown.exitCode).toBe(0);
    expect(markdown.stdout).toMatch(
      /\*\*agent\*\* `Read notes` · ok[^\n]*\n\nThe subagent's calls:\n\n- `bash echo CHILD-SAW-THIS` · ok/,
    );
    const html = await runTick(['export', session.id, '--format', 'html'], {
      cwd: config.cwd,
      env,
    });
    expect(html.stdout).toMatch(
      /<ul class="subagent"><li><code>bash echo CHILD-SAW-THIS<\/code> · <span class="status-ok">ok<\/span>/,
    );
  });
});

describe('replay', () => {
  it('tick --replay serves each child its own recorded answers, and its calls run again', async () => {
    server = await startScriptedServer(
      oneChild([
        { toolCalls: [{ name: 'bash', arguments: { command: 'echo made-by-child > child.txt' } }] },
        { text: 'wrote child.txt' },
      ]),
    );
    const config = testConfig(server.baseURL, {
      home: tempDir('tick-home-'),
      permissionMode: 'bypassPermissions',
    });
    const session = await openSessionForRun(config);
    const agent = await createAgent(config, {
      approve: scriptedApprove([]).approve,
      interactive: true,
      ...session.agentOptions,
    });
    await collect(agent.run('go', new AbortController().signal));
    await agent.close();
    session.close();

    const fresh = tempDir('tick-ws-');
    const run = await runTick(
      ['-p', '--replay', session.file, '--permission-mode', 'bypassPermissions'],
      {
        cwd: fresh,
        env: { TICK_HOME: tempDir('tick-home-') },
      },
    );
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('parent done');
    expect(readFileSync(join(fresh, 'child.txt'), 'utf8')).toBe('made-by-child\n');
  });
});

describe('stream-json', () => {
  it("tags each child's events with agentId and parentCallId; the parent's carry no tag", async () => {
    server = await startScriptedServer(
      oneChild([
        { toolCalls: [{ name: 'bash', arguments: { command: 'echo from-child' } }] },
        { text: 'child answer' },
      ]),
    );
    const run = await runTick(['-p', 'go', '--output-format', 'stream-json'], {
      cwd: tempDir('tick-ws-'),
      env: {
        OPENAI_BASE_URL: server.baseURL,
        OPENAI_API_KEY: 'test',
        TICK_HOME: tempDir('tick-home-'),
        TICK_MODEL: 'scripted',
      },
    });
    expect(run.exitCode).toBe(0);
    const lines = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as AgentEvent & { agentId?: string; parentCallId?: string });
    const started = lines.find((l) => l.type === 'subagent_started');
    expect(started).toMatchObject({ parentCallId: 'call_a', description: 'Read notes' });
    const agentId = started?.agentId;
    const childResult = lines.find((l) => l.type === 'tool_result' && l.agentId !== undefined);
    expect(childResult).toMatchObject({ agentId, parentCallId: 'call_a', name: 'bash' });
    expect(childResult && 'output' in childResult && childResult.output).toContain('from-child');
    const childEnd = lines.find((l) => l.type === 'turn_end' && l.agentId === agentId);
    expect(childEnd).toMatchObject({ result: 'child answer' });
    const parentEnd = lines.filter((l) => l.type === 'turn_end' && l.agentId === undefined);
    expect(parentEnd).toHaveLength(1);
    expect(parentEnd[0]).toMatchObject({ result: 'parent done' });
    const parentAgentResult = lines.find(
      (l) => l.type === 'tool_result' && l.agentId === undefined,
    );
    expect(parentAgentResult).toMatchObject({ id: 'call_a', name: 'agent' });
    expect(lines.some((l) => l.type === 'subagent_event')).toBe(false);
  });
});
