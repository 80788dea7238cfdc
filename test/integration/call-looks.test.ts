import { afterEach, describe, expect, it } from 'vitest';
import { homedir } from 'node:os';
import { approvalLayout } from '../../components/lines/approval';
import type { Line } from '../../components/lines/spans';
import { toolCardLines } from '../../components/lines/tool-card';
import { createAgent } from '../../src/agent/agent';
import { runAgent, type AgentState } from '../../src/agent/loop';
import { ContextManager } from '../../src/context/manager';
import { WindowBook } from '../../src/context/window';
import {
  startScriptedServer,
  type Script,
  type ScriptedServer,
} from '../../src/demo/scripted-server';
import { HookRegistry } from '../../src/hooks/registry';
import { createModelClient } from '../../src/model/client';
import { createPermissionGate } from '../../src/permissions/gate';
import { PermissionPolicy } from '../../src/permissions/policy';
import type { ApprovalRequest } from '../../src/protocol/approval';
import type { AgentEvent } from '../../src/protocol/events';
import { GENERIC_LOOK } from '../../src/protocol/tool-look';
import { openSessionForRun } from '../../src/session/open';
import { readSessionFile } from '../../src/session/reader';
import { reduceEvents } from '../../src/store/reducer';
import { initialState } from '../../src/store/store';
import { TOOLS, toolDefinitions } from '../../src/tools/registry';
import { object, string } from '../../src/tools/schema';
import type { Tool } from '../../src/tools/types';
import { collect, ofType, scriptedApprove, tempDir, testConfig } from '../support/agent-harness';
import { runTick } from '../support/run-cli';

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const text = (lines: Line[]): string[] => lines.map((line) => line.map((s) => s.text).join(''));
const UNICODE_LOOK = { color: false, unicode: true };

/** One round: a plan, a command that asks, an unknown tool, and bash with broken arguments. */
const FOUR_CALLS: Script = [
  {
    toolCalls: [
      {
        id: 'plan',
        name: 'todo_write',
        arguments: { todos: [{ content: 'Clean', status: 'in_progress' }] },
      },
      { id: 'rm', name: 'bash', arguments: { command: 'rm -rf build' } },
      { id: 'fly', name: 'fly', arguments: {} },
      { id: 'bad', name: 'bash', arguments: '{"command": 42}' },
    ],
  },
  { text: 'done' },
];

describe("a call's look travels on its events", () => {
  it('from the tool that declares it into the events, the approval request and the session log', async () => {
    server = await startScriptedServer(FOUR_CALLS);
    const config = testConfig(server.baseURL, { home: tempDir('tick-home-') });
    const session = await openSessionForRun(config);
    const { approve, asked } = scriptedApprove([{ decision: 'deny' }]);
    const agent = await createAgent(config, {
      approve,
      interactive: true,
      ...session.agentOptions,
    });
    const events = await collect(agent.run('clean up', new AbortController().signal));
    await agent.close();
    session.close();

    const looks = (list: { id: string; look: unknown }[]) =>
      Object.fromEntries(list.map((event) => [event.id, event.look]));
    // Announced calls carry their tool's look; the unknown and the unparsable are not announced.
    expect(looks(ofType(events, 'tool_call_ready'))).toEqual({
      plan: TOOLS.todo_write.look,
      rm: TOOLS.bash.look,
    });
    // Every result carries one: a name no tool has gets the generic look.
    expect(looks(ofType(events, 'tool_result'))).toEqual({
      plan: { role: 'plan', resultShape: 'plan' },
      rm: { role: 'shell', resultShape: 'log' },
      fly: GENERIC_LOOK,
      bad: { role: 'shell', resultShape: 'log' },
    });
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ toolName: 'bash', look: TOOLS.bash.look });
    expect(ofType(events, 'permission_asked')[0].request.look).toEqual(TOOLS.bash.look);

    // The log keeps them as they were, so a resumed transcript shows the same cards.
    const recorded = readSessionFile(session.file).records.flatMap((record) =>
      record.kind === 'event' ? [record.event] : [],
    );
    const calls = (list: AgentEvent[]) =>
      list.filter(
        (event) =>
          event.type === 'tool_call_ready' ||
          event.type === 'tool_result' ||
          event.type === 'permission_asked',
      );
    expect(calls(recorded)).toEqual(calls(events));
  });

  it('stream-json prints each call with its look', async () => {
    server = await startScriptedServer([
      { toolCalls: [{ id: 'g', name: 'glob', arguments: { pattern: '*' } }] },
      { text: 'done' },
    ]);
    const cwd = tempDir('tick-ws-');
    const run = await runTick(['-p', 'go', '--output-format', 'stream-json'], {
      cwd,
      env: {
        OPENAI_BASE_URL: server.baseURL,
        OPENAI_API_KEY: 'test',
        TICK_MODEL: 'm',
        TICK_HOME: tempDir('tick-home-'),
      },
    });
    expect(run.exitCode).toBe(0);
    const lines = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; look?: unknown });
    const glob = { role: 'search', resultShape: 'list' };
    expect(lines.find((line) => line.type === 'tool_call_ready')?.look).toEqual(glob);
    expect(lines.find((line) => line.type === 'tool_result')?.look).toEqual(glob);
  });

  it('a tool the registry does not know shows as it declares: no UI change for tools that appear at run time', async () => {
    const schema = object({ target: string() });
    const diff = '--- a/site.conf\n+++ b/site.conf\n@@ -1 +1 @@\n-old\n+new\n';
    // Declared here, as an MCP server's or an agent type's tool would be at run time.
    const deploy: Tool<typeof schema> = {
      name: 'mcp__ops__deploy',
      description: 'Deploy the site',
      schema,
      look: { role: 'edit', resultShape: 'diff' },
      access: () => ({ kind: 'exec', command: 'rm -rf /srv/site' }),
      summary: (input) => input.target,
      run: async () => ({ output: 'deployed', display: { diff } }),
      claude: {
        name: 'mcp__ops__deploy',
        toolInput: (input) => input,
        fromToolInput: (input) => input,
      },
    };
    server = await startScriptedServer([
      { toolCalls: [{ id: 'd', name: deploy.name, arguments: { target: 'prod' } }] },
      { text: 'deployed' },
    ]);
    const cwd = tempDir('tick-ws-');
    const tools = { ...TOOLS, [deploy.name]: deploy as Tool };
    const requests: ApprovalRequest[] = [];
    const state: AgentState = { sessionId: 's', messages: [], todos: [], roundsSinceTodo: 0 };
    const policy = new PermissionPolicy({
      mode: 'default',
      roots: [cwd],
      cwd,
      home: homedir(),
      interactive: true,
    });
    const events = await collect(
      runAgent(
        'deploy',
        state,
        {
          model: createModelClient({
            baseURL: server.baseURL,
            apiKey: 'test',
            model: 'm',
            idleTimeoutMs: 5000,
            maxRetries: 0,
          }),
          tools,
          toolDefinitions: toolDefinitions(tools),
          hooks: new HookRegistry(),
          permissions: createPermissionGate(policy),
          approve: async (request) => {
            requests.push(request);
            return { decision: 'allow_once' };
          },
          systemPrompt: () => 'system',
          cwd,
          roots: [cwd],
          sandbox: 'off',
          maxTurns: 5,
          reminderRounds: 3,
          context: new ContextManager({
            windows: new WindowBook(undefined, undefined),
            threshold: 0.8,
            planText: () => '',
          }),
        },
        new AbortController().signal,
      ),
    );
    expect(ofType(events, 'tool_result')[0]).toMatchObject({ status: 'ok', look: deploy.look });

    // The approval prompt's title comes from the role on the request.
    const question = approvalLayout(
      { request: requests[0], noteMode: false, note: '', previewTop: 0, guarded: false },
      80,
      UNICODE_LOOK,
      20,
    );
    expect(text(question.lines)[0]).toBe('Change this file? mcp__ops__deploy');

    // The card shows the result in the shape on its events: the diff, not the text.
    const store = reduceEvents(
      initialState({ model: 'm', mode: 'default', demo: false, cwd }),
      events,
      Date.now(),
    );
    const item = store.items.find((entry) => entry.kind === 'tool' && entry.card.id === 'd');
    if (item?.kind !== 'tool') throw new Error('no card for the call');
    expect(item.card.look).toEqual(deploy.look);
    const view = {
      look: UNICODE_LOOK,
      now: Date.now(),
      expanded: false,
      latest: true,
      animate: false,
    };
    const shown = text(toolCardLines(item.card, 80, view));
    expect(shown.join('\n')).toContain('+new');
    expect(shown.join('\n')).not.toContain('deployed');
  });
});
