/**
 * Where real hook setups saw tick differ from Claude Code: CLAUDE_ENV_FILE, prompt_id,
 * PreToolUse and Stop additionalContext, SessionStart `compact`, PostToolUseFailure's
 * text, a subagent's agent_id/agent_type, the Agent tool's run statistics, SessionEnd's
 * short budget. Each through real command hooks in a scripted session.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createAgent } from '../../src/agent/agent';
import {
  startScriptedServer,
  type Script,
  type ScriptedServer,
} from '../../src/demo/scripted-server';
import type { CommandHookSettings } from '../../src/hooks/hook-settings';
import { collect, ofType, scriptedApprove, testConfig } from '../support/agent-harness';

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const on = (command: string, matcher?: string) => [
  { ...(matcher ? { matcher } : {}), hooks: [{ type: 'command' as const, command }] },
];

async function agentWith(script: Script, hooks: (cwd: string) => CommandHookSettings) {
  server = await startScriptedServer(script);
  const config = testConfig(server.baseURL, { permissionMode: 'bypassPermissions' });
  config.hooks = hooks(config.cwd);
  const agent = await createAgent(config, {
    approve: scriptedApprove([]).approve,
    interactive: false,
  });
  return { agent, config, server };
}

const lines = (path: string): Record<string, unknown>[] =>
  existsSync(path)
    ? readFileSync(path, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>)
    : [];
const run = (
  agent: { run: (p: string, s: AbortSignal) => AsyncGenerator<unknown> },
  prompt: string,
) => collect(agent.run(prompt, new AbortController().signal) as never);
const bash = (id: string, command: string) => ({ id, name: 'bash', arguments: { command } });

describe('hook gaps', () => {
  it('SessionStart hooks get CLAUDE_ENV_FILE; what they export reaches later bash calls', async () => {
    const { agent, server: s } = await agentWith(
      [{ toolCalls: [bash('b1', 'echo "greeting=$GREETING"')] }, { text: 'ok' }],
      () => ({
        // `set -u` as the plugin that failed on an unbound variable.
        SessionStart: on('set -u; echo "export GREETING=hi-from-hook" >> "$CLAUDE_ENV_FILE"'),
      }),
    );
    await run(agent, 'go');
    await agent.close();
    expect(JSON.stringify(s.requests[1].body.messages)).toContain('greeting=hi-from-hook');
  });

  it('prompt_id: one per user prompt, on every event it leads to', async () => {
    const { agent, config } = await agentWith(
      [{ toolCalls: [bash('b1', 'true')] }, { text: 'one' }, { text: 'two' }],
      (cwd) => {
        const log = `jq -c '{e: .hook_event_name, p: .prompt_id}' >> '${join(cwd, 'ids.log')}'`;
        return { UserPromptSubmit: on(log), PreToolUse: on(log), Stop: on(log) };
      },
    );
    await run(agent, 'first');
    await run(agent, 'second');
    await agent.close();
    const seen = lines(join(config.cwd, 'ids.log'));
    expect(seen.map((e) => e.e)).toEqual([
      'UserPromptSubmit',
      'PreToolUse',
      'Stop',
      'UserPromptSubmit',
      'Stop',
    ]);
    const [a, b, c, d, e] = seen.map((entry) => entry.p);
    expect(a).toMatch(/^[0-9a-f-]{36}$/);
    expect([b, c]).toEqual([a, a]);
    expect(d).not.toBe(a);
    expect(e).toBe(d);
  });

  it("PreToolUse additionalContext goes to the model beside the call's result", async () => {
    const json = JSON.stringify({
      hookSpecificOutput: { hookEventName: 'PreToolUse', additionalContext: 'PRE-CONTEXT-7' },
    });
    const { agent, server: s } = await agentWith(
      [{ toolCalls: [bash('b1', 'echo ran')] }, { text: 'ok' }],
      () => ({ PreToolUse: on(`echo '${json}'`, 'Bash') }),
    );
    await run(agent, 'go');
    await agent.close();
    const tool = s.requests[1].body.messages.find((m: { role: string }) => m.role === 'tool');
    expect(tool.content).toContain('ran');
    expect(tool.content).toContain('PRE-CONTEXT-7');
  });

  it('Stop additionalContext keeps the model going with it', async () => {
    const json = JSON.stringify({
      hookSpecificOutput: { hookEventName: 'Stop', additionalContext: 'Also run the linter.' },
    });
    const {
      agent,
      server: s,
      config,
    } = await agentWith([{ text: 'done' }, { text: 'linted' }], (cwd) => ({
      // Once: a second Stop (stop_hook_active) lets it end.
      Stop: on(
        `jq -e '.stop_hook_active' >/dev/null && exit 0; touch '${join(cwd, 'once')}'; echo '${json}'`,
      ),
    }));
    const events = await run(agent, 'go');
    await agent.close();
    expect(existsSync(join(config.cwd, 'once'))).toBe(true);
    expect(s.requests).toHaveLength(2);
    expect(JSON.stringify(s.requests[1].body.messages.at(-1))).toContain('Also run the linter.');
    expect(ofType(events as never, 'turn_end').at(-1)?.result).toBe('linted');
  });

  it('PostToolUseFailure: the error leads with the exit code, then the output', async () => {
    const { agent, config } = await agentWith(
      [{ toolCalls: [bash('b1', 'echo broken; exit 3')] }, { text: 'ok' }],
      (cwd) => ({ PostToolUseFailure: on(`jq -c '{error}' >> '${join(cwd, 'f.log')}'`) }),
    );
    await run(agent, 'go');
    await agent.close();
    expect(lines(join(config.cwd, 'f.log'))).toEqual([{ error: 'Exit code 3\nbroken' }]);
  });

  it('SessionStart fires with source "compact" after a compaction', async () => {
    const { agent, config } = await agentWith(
      [{ text: 'first answer' }, { text: 'second answer' }, { text: 'Summary of the work.' }],
      (cwd) => ({ SessionStart: on(`jq -c '{source}' >> '${join(cwd, 's.log')}'`) }),
    );
    await run(agent, 'one');
    await run(agent, 'two');
    await collect(agent.compact('', new AbortController().signal));
    await agent.close();
    expect(lines(join(config.cwd, 's.log'))).toEqual([
      { source: 'startup' },
      { source: 'compact' },
    ]);
  });

  it("a subagent's tool events carry agent_id and agent_type; the Agent call's response has its statistics", async () => {
    const CHILD = 'CHILD: count the files';
    const { agent, config } = await agentWith(
      {
        main: [
          {
            toolCalls: [
              {
                id: 'a1',
                name: 'agent',
                arguments: { description: 'Count', prompt: CHILD, subagent_type: 'explore' },
              },
            ],
          },
          { text: 'parent done' },
        ],
        conversations: { [CHILD]: [{ toolCalls: [bash('c1', 'ls')] }, { text: 'three files' }] },
      },
      (cwd) => ({
        PreToolUse: on(
          `jq -c '{t: .tool_name, id: .agent_id, type: .agent_type}' >> '${join(cwd, 'pre.log')}'`,
        ),
        PostToolUse: on(`jq -c '.tool_response' >> '${join(cwd, 'post.log')}'`, 'Agent'),
      }),
    );
    await run(agent, 'go');
    await agent.close();
    const pre = lines(join(config.cwd, 'pre.log'));
    expect(pre[0]).toEqual({ t: 'Agent', id: null, type: null });
    expect(pre[1]).toMatchObject({ t: 'Bash', type: 'explore' });
    expect(String(pre[1].id)).toMatch(/^agent-/);
    const [response] = lines(join(config.cwd, 'post.log'));
    expect(response).toMatchObject({
      status: 'completed',
      agentType: 'explore',
      totalToolUseCount: 1,
      content: [{ type: 'text', text: 'three files' }],
    });
    expect(response.totalDurationMs).toEqual(expect.any(Number));
    expect(response.totalTokens).toEqual(expect.any(Number));
  });

  it('SessionEnd hooks get a short budget: quitting is not held up by a slow one', async () => {
    const { agent } = await agentWith([{ text: 'ok' }], () => ({ SessionEnd: on('sleep 20') }));
    await run(agent, 'go');
    const started = Date.now();
    await agent.close();
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
