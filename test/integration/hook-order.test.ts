import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createAgent } from '../../src/agent/agent';
import {
  startScriptedServer,
  type ScriptedServer,
  type ScriptedTurn,
} from '../../src/demo/scripted-server';
import { collect, ofType, scriptedApprove, testConfig } from '../support/agent-harness';
import type { Config } from '../../src/config/types';
import type { CommandHookSettings } from '../../src/hooks/command-hooks';
import type { ApprovalDecision } from '../../src/protocol/approval';

/*
 * Claude Code's order of decisions, end to end through the agent: tick's forbidden floor,
 * then the PreToolUse hooks (real scripts, all at once), then deny/ask rules, the mode
 * and the analysis. Hooks see calls the rules would deny or ask about; a hook's allow
 * skips the prompt but not a deny or ask rule; a hook's deny blocks in every mode.
 */

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const bash = (command: string): ScriptedTurn => ({
  toolCalls: [{ name: 'bash', arguments: { command } }],
});

interface Setup {
  turns: ScriptedTurn[];
  hooks: (cwd: string) => CommandHookSettings;
  config?: Partial<Config>;
  answers?: ApprovalDecision[];
  interactive?: boolean;
}

async function run({ turns, hooks, config = {}, answers = [], interactive = true }: Setup) {
  server = await startScriptedServer([...turns, { text: 'done' }]);
  const cfg = testConfig(server.baseURL, config);
  cfg.hooks = hooks(cfg.cwd);
  const { approve, asked } = scriptedApprove(answers);
  const agent = await createAgent(cfg, { approve, interactive });
  const events = await collect(agent.run('go', new AbortController().signal));
  await agent.close();
  const results = ofType(events, 'tool_result');
  const log = join(cfg.cwd, 'seen.log');
  const seen = existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : [];
  return { cwd: cfg.cwd, events, results, asked, seen, server };
}

/** A PreToolUse hook that logs the command it saw and prints `json` (if any). */
function hook(cwd: string, name: string, json = '', exit = 0): string {
  const path = join(cwd, `${name}.sh`);
  writeFileSync(
    path,
    `#!/bin/sh\njq -r '.tool_input.command // .tool_input.file_path' >> '${join(cwd, 'seen.log')}'\n` +
      (json ? `echo '${json}'\n` : '') +
      `exit ${exit}\n`,
    { mode: 0o755 },
  );
  return path;
}

const pre = (...commands: string[]): CommandHookSettings => ({
  PreToolUse: [{ hooks: commands.map((command) => ({ type: 'command' as const, command })) }],
});

const ALLOW = '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}';
const DENY =
  '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"not on my watch"}}';
const ASK =
  '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"double-check"}}';

describe('the order of decisions', () => {
  it('runs the hooks before the rules: a hook sees a call a deny rule then blocks', async () => {
    const { results, seen } = await run({
      turns: [bash('git push origin main')],
      hooks: (cwd) => pre(hook(cwd, 'log')),
      config: { permissions: { allow: [], ask: [], deny: ['Bash(git push:*)'] } },
    });
    expect(seen).toEqual(['git push origin main']);
    expect(results[0]).toMatchObject({ status: 'denied' });
    expect(results[0].output).toContain('Permission denied by rule deny Bash(git push:*)');
  });

  it("a hook's allow skips the prompt for what the analysis would ask", async () => {
    const { results, asked, events, cwd } = await run({
      turns: [bash('mkdir -p build && rm -rf build && echo removed')],
      hooks: (c) => pre(hook(c, 'allow', ALLOW)),
    });
    expect(asked).toEqual([]);
    expect(results[0]).toMatchObject({ status: 'ok', output: 'removed' });
    expect(ofType(events, 'permission_decided')).toEqual([
      {
        type: 'permission_decided',
        callId: results[0].id,
        decision: 'allow',
        by: 'hook',
        confined: false,
      },
    ]);
    expect(existsSync(join(cwd, 'build'))).toBe(false);
  });

  it("a hook's allow does not override an ask rule (the user is asked) nor a deny rule", async () => {
    const asking = await run({
      turns: [bash('git push origin feature')],
      hooks: (c) => pre(hook(c, 'allow', ALLOW)),
      config: { permissions: { allow: [], ask: ['Bash(git push:*)'], deny: [] } },
      answers: [{ decision: 'deny' }],
    });
    expect(asking.asked.map((r) => r.reason)).toEqual(['matches the ask rule Bash(git push:*)']);
    expect(asking.results[0].status).toBe('denied');
    await asking.server.close();

    const denying = await run({
      turns: [bash('git push origin feature')],
      hooks: (c) => pre(hook(c, 'allow', ALLOW)),
      config: { permissions: { allow: [], ask: [], deny: ['Bash(git push:*)'] } },
    });
    expect(denying.asked).toEqual([]);
    expect(denying.results[0].output).toContain('Permission denied by rule deny');
  });

  it("a hook's deny blocks even in bypassPermissions, and the model reads its reason", async () => {
    const {
      results,
      server: s,
      cwd,
    } = await run({
      turns: [{ toolCalls: [{ name: 'write_file', arguments: { path: '.env', content: 'X=1' } }] }],
      hooks: (c) => pre(hook(c, 'deny', DENY)),
      config: { permissionMode: 'bypassPermissions' },
    });
    expect(results[0]).toMatchObject({
      status: 'denied',
      output: 'Blocked by hook: not on my watch',
    });
    expect(existsSync(join(cwd, '.env'))).toBe(false);
    expect(s.requests[1].body.messages.at(-1)).toMatchObject({
      role: 'tool',
      content: 'Blocked by hook: not on my watch',
    });
  });

  it('denies a forbidden command at the floor, before any hook runs', async () => {
    const { results, seen } = await run({
      turns: [bash('rm -rf ~')],
      hooks: (c) => pre(hook(c, 'allow', ALLOW)),
      config: { permissionMode: 'bypassPermissions' },
    });
    expect(seen).toEqual([]);
    expect(results[0].output).toContain('is forbidden');
  });

  it('runs every hook to completion when one denies; deny wins over allow', async () => {
    const { results, seen } = await run({
      turns: [bash('npm publish')],
      hooks: (c) => pre(hook(c, 'allow', ALLOW), hook(c, 'deny', DENY), hook(c, 'plain')),
    });
    expect(seen).toEqual(['npm publish', 'npm publish', 'npm publish']);
    expect(results[0].output).toBe('Blocked by hook: not on my watch');
  });

  it("a hook's ask puts even an allowed call to the user; print mode denies it", async () => {
    const interactive = await run({
      turns: [bash('git status')],
      hooks: (c) => pre(hook(c, 'ask', ASK)),
      answers: [{ decision: 'allow_once' }],
    });
    expect(interactive.asked.map((r) => r.reason)).toEqual(['a hook asks: double-check']);
    expect(interactive.results[0].status).toBe('ok');
    await interactive.server.close();

    const printed = await run({
      turns: [bash('git status')],
      hooks: (c) => pre(hook(c, 'ask', ASK)),
      interactive: false,
    });
    expect(printed.results[0].output).toContain('A hook requires a person to approve it.');
  });

  it("updatedInput in Claude Code's fields is translated back to tick's", async () => {
    const { cwd, results } = await run({
      turns: [
        { toolCalls: [{ name: 'write_file', arguments: { path: 'a.txt', content: 'one' } }] },
        {
          toolCalls: [
            { name: 'edit_file', arguments: { path: 'a.txt', old_text: 'one', new_text: 'two' } },
          ],
        },
      ],
      hooks: (c) => {
        const rewrite = join(c, 'rewrite.py');
        writeFileSync(
          rewrite,
          [
            'import json, sys',
            'data = json.load(sys.stdin)',
            'ti = data["tool_input"]',
            'if data["tool_name"] != "Edit": sys.exit(0)',
            'ti["new_string"] = ti["new_string"].upper()',
            'print(json.dumps({"hookSpecificOutput": {"hookEventName": "PreToolUse",',
            '  "permissionDecision": "allow", "updatedInput": ti}}))',
          ].join('\n'),
        );
        return pre(`python3 ${rewrite}`);
      },
      config: { permissionMode: 'acceptEdits' },
    });
    expect(results.map((r) => r.status)).toEqual(['ok', 'ok']);
    expect(readFileSync(join(cwd, 'a.txt'), 'utf8')).toBe('TWO');
  });

  it('continue false in PreToolUse ends the turn without running the call', async () => {
    const { results, events, cwd } = await run({
      turns: [bash('touch made')],
      hooks: (c) => pre(hook(c, 'stop', '{"continue": false, "stopReason": "budget spent"}')),
    });
    expect(results[0]).toMatchObject({
      status: 'cancelled',
      output: 'Error: not run: budget spent',
    });
    expect(existsSync(join(cwd, 'made'))).toBe(false);
    expect(ofType(events, 'turn_end')[0].reason).toBe('stopped');
  });

  it('fires PostToolUseFailure, not PostToolUse, for a command that fails', async () => {
    const { cwd } = await run({
      turns: [bash('echo oops; exit 3'), bash('echo fine')],
      hooks: (c) => {
        const log = (event: string) =>
          `jq -c '{e: .hook_event_name, c: .tool_input.command, err: .error, out: .tool_response.stdout}' >> '${join(c, 'post.log')}' # ${event}`;
        return {
          PostToolUse: [{ hooks: [{ type: 'command', command: log('post') }] }],
          PostToolUseFailure: [{ hooks: [{ type: 'command', command: log('failure') }] }],
        };
      },
    });
    const lines = readFileSync(join(cwd, 'post.log'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toEqual([
      { e: 'PostToolUseFailure', c: 'echo oops; exit 3', err: 'Exit code 3\noops', out: null },
      { e: 'PostToolUse', c: 'echo fine', err: null, out: 'fine' },
    ]);
  });
});
