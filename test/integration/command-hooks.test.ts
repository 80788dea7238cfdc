import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HookRegistry, runHooks } from '../../src/hooks/registry';
import {
  DEFAULT_HOOK_TIMEOUT_SECONDS,
  registerCommandHooks,
  type CommandHookSettings,
} from '../../src/hooks/command-hooks';
import type { HookContext, HookEventName, HookInputs } from '../../src/hooks/types';
import type { AgentEvent } from '../../src/protocol/events';
import type { ApprovalDecision, ApprovalRequest } from '../../src/protocol/approval';
import { loadSettings } from '../../src/config/settings';
import { describeToolCall } from '../../src/agent/call-context';
import { TOOLS } from '../../src/tools/registry';

function tempDir(): string {
  return realpathSync(mkdtempSync(join(tmpdir(), 'tick-hooks-')));
}

/** A workspace with executable hook scripts written into it. */
function workspace() {
  const cwd = tempDir();
  const script = (name: string, body: string): string => {
    const path = join(cwd, name);
    writeFileSync(path, `#!/bin/sh\n${body}\n`);
    chmodSync(path, 0o755);
    return path;
  };
  return { cwd, script };
}

interface RunOptions {
  answers?: ApprovalDecision[];
  signal?: AbortSignal;
  transcriptPath?: string;
  permissionMode?: string;
}

/** Registers `settings` as command hooks and runs one event, recording events and approvals. */
async function fire<E extends HookEventName>(
  cwd: string,
  settings: CommandHookSettings,
  event: E,
  input: HookInputs[E],
  options: RunOptions = {},
) {
  const registry = new HookRegistry();
  registerCommandHooks(registry, settings, {
    sessionId: 'session-1',
    cwd,
    transcriptPath: () => options.transcriptPath,
    permissionMode: () => options.permissionMode ?? 'default',
  });
  const events: AgentEvent[] = [];
  const asked: ApprovalRequest[] = [];
  const answers = [...(options.answers ?? [])];
  const ctx: HookContext = {
    sessionId: 'session-1',
    cwd,
    signal: options.signal ?? new AbortController().signal,
    approve: async (request) => {
      asked.push(request);
      return answers.shift() ?? { decision: 'deny' };
    },
    emit: (e) => events.push(e),
  };
  const outcome = await runHooks(registry, event, input, ctx);
  return { outcome, events, asked };
}

function on(
  event: HookEventName,
  command: string,
  matcher?: string,
  timeout?: number,
): CommandHookSettings {
  return {
    [event]: [
      {
        ...(matcher !== undefined ? { matcher } : {}),
        hooks: [{ type: 'command', command, ...(timeout ? { timeout } : {}) }],
      },
    ],
  };
}

/** A call of one of tick's tools as the hooks get it, with its Claude Code view. */
function toolCall(toolName: keyof typeof TOOLS, input: unknown, cwd = '/work', callId = 'call-1') {
  return describeToolCall(TOOLS[toolName], callId, input, cwd);
}

const bashCall = (command = 'git push', cwd = '/work'): HookInputs['PreToolUse'] =>
  toolCall('bash', { command }, cwd);

const postCall: HookInputs['PostToolUse'] = {
  ...toolCall('edit_file', { path: 'a.ts', old_text: 'a', new_text: 'b' }, '/work', 'call-2'),
  output: 'Edited a.ts',
  status: 'ok',
  response: { filePath: '/work/a.ts', oldString: 'a', newString: 'b' },
  durationMs: 5,
};

/** True when the process no longer exists (a zombie awaiting its reaper counts as gone). */
function processGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return true;
  }
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.startsWith('Z') ?? true;
  } catch {
    return true;
  }
}

async function waitFor(check: () => boolean, ms = 5000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return check();
}

const denied = (reason: string) => ({
  block: `Blocked by hook: ${reason}`,
  permission: 'deny',
  permissionReason: reason,
});

describe('command hooks: exit codes', () => {
  it('exit 0 passes; stdout of a tool hook is ignored', async () => {
    const { cwd, script } = workspace();
    const hook = script('ok.sh', 'echo "all good"; exit 0');
    const result = await fire(cwd, on('PreToolUse', hook), 'PreToolUse', bashCall());
    expect(result.outcome).toEqual({});
    expect(result.events).toEqual([]);
  });

  it('exit 0 on UserPromptSubmit and SessionStart adds stdout as context', async () => {
    const { cwd, script } = workspace();
    const hook = script('ctx.sh', 'echo "Current branch: main"');
    const result = await fire(cwd, on('UserPromptSubmit', hook), 'UserPromptSubmit', {
      prompt: 'hi',
    });
    expect(result.outcome).toEqual({ context: 'Current branch: main' });
    const start = await fire(cwd, on('SessionStart', hook), 'SessionStart', {
      source: 'startup',
      model: 'm',
    });
    expect(start.outcome).toEqual({ context: 'Current branch: main' });
  });

  it('exit 2 on PreToolUse denies with stderr as the reason', async () => {
    const { cwd, script } = workspace();
    const hook = script('deny.sh', 'echo "pushing is not allowed" >&2; exit 2');
    const result = await fire(cwd, on('PreToolUse', hook), 'PreToolUse', bashCall());
    expect(result.outcome).toEqual(denied('pushing is not allowed'));
    expect(result.events).toEqual([]);
  });

  it('exit 2 with nothing on stderr still blocks (the docs’ own file-protection hook)', async () => {
    const { cwd, script } = workspace();
    const hook = script('quiet.sh', 'exit 2');
    const result = await fire(cwd, on('PreToolUse', hook), 'PreToolUse', bashCall());
    expect(result.outcome.permission).toBe('deny');
    expect(result.outcome.block).toBe(
      `Blocked by hook: PreToolUse hook \`${hook}\` exited with code 2`,
    );
  });

  it('exit 2 with a JSON reason on stdout uses that reason', async () => {
    const { cwd, script } = workspace();
    const hook = script(
      'json2.sh',
      `echo '{"decision": "block", "reason": "tests fail: fix them first"}'; exit 2`,
    );
    const stop = await fire(cwd, on('Stop', hook), 'Stop', {
      lastMessage: 'done',
      stopHookActive: false,
    });
    expect(stop.outcome).toEqual({ continueWith: 'tests fail: fix them first' });
    const pre = await fire(cwd, on('PreToolUse', hook), 'PreToolUse', bashCall());
    expect(pre.outcome).toEqual(denied('tests fail: fix them first'));
  });

  it('exit 2 on the other events: prompt refused, reason for the model, Stop continues', async () => {
    const { cwd, script } = workspace();
    const hook = script('two.sh', 'echo "reason here" >&2; exit 2');
    expect(
      (await fire(cwd, on('UserPromptSubmit', hook), 'UserPromptSubmit', { prompt: 'x' })).outcome,
    ).toEqual({
      block: 'reason here',
    });
    expect((await fire(cwd, on('PostToolUse', hook), 'PostToolUse', postCall)).outcome).toEqual({
      block: 'reason here',
    });
    const stop = await fire(cwd, on('Stop', hook), 'Stop', {
      lastMessage: 'done',
      stopHookActive: false,
    });
    expect(stop.outcome).toEqual({ continueWith: 'reason here' });
    const compact = await fire(cwd, on('PreCompact', hook), 'PreCompact', {
      trigger: 'auto',
      customInstructions: '',
    });
    expect(compact.outcome).toEqual({ block: 'reason here' });
    const subagent = await fire(cwd, on('SubagentStop', hook), 'SubagentStop', {
      lastMessage: 'found it',
      stopHookActive: false,
      agentId: 'a1',
      agentType: 'general-purpose',
    });
    expect(subagent.outcome).toEqual({ continueWith: 'reason here' });
  });

  it('exit 2 where nothing can be blocked is shown to the user only', async () => {
    const { cwd, script } = workspace();
    const hook = script('two.sh', 'echo "cannot stop this" >&2; exit 2');
    const end = await fire(cwd, on('SessionEnd', hook), 'SessionEnd', { reason: 'other' });
    expect(end.outcome).toEqual({});
    expect(end.events).toEqual([
      {
        type: 'error',
        fatal: false,
        message: `SessionEnd hook \`${hook}\` exited with code 2: cannot stop this`,
      },
    ]);
  });

  it('exit 1 is reported with the command and stderr, and does not block', async () => {
    const { cwd, script } = workspace();
    const hook = script('fail.sh', 'echo "lint crashed" >&2; exit 1');
    const result = await fire(cwd, on('PreToolUse', hook), 'PreToolUse', bashCall());
    expect(result.outcome).toEqual({});
    expect(result.events).toEqual([
      {
        type: 'error',
        fatal: false,
        message: `PreToolUse hook \`${hook}\` failed with exit code 1: lint crashed`,
      },
    ]);
  });

  it('another exit code with JSON on stdout: the JSON decides', async () => {
    const { cwd, script } = workspace();
    const hook = script('three.sh', `echo '{"decision": "block", "reason": "not yet"}'; exit 3`);
    const stop = await fire(cwd, on('Stop', hook), 'Stop', {
      lastMessage: 'done',
      stopHookActive: false,
    });
    expect(stop.outcome).toEqual({ continueWith: 'not yet' });
    expect(stop.events).toEqual([]);
  });

  it('a missing script (exit 127) is reported and does not block', async () => {
    const { cwd } = workspace();
    const result = await fire(cwd, on('PreToolUse', './no-such-hook.sh'), 'PreToolUse', bashCall());
    expect(result.outcome).toEqual({});
    expect(result.events).toHaveLength(1);
    expect(result.events[0]).toMatchObject({ type: 'error', fatal: false });
    expect((result.events[0] as { message: string }).message).toContain(
      '`./no-such-hook.sh` failed with exit code 127',
    );
  });
});

describe('command hooks: JSON output', () => {
  it('decision "block" with a reason denies PreToolUse and informs PostToolUse', async () => {
    const { cwd, script } = workspace();
    const hook = script('block.sh', `echo '{"decision": "block", "reason": "use pnpm"}'`);
    expect((await fire(cwd, on('PreToolUse', hook), 'PreToolUse', bashCall())).outcome).toEqual(
      denied('use pnpm'),
    );
    expect((await fire(cwd, on('PostToolUse', hook), 'PostToolUse', postCall)).outcome).toEqual({
      block: 'use pnpm',
    });
  });

  it('permissionDecision deny blocks with its reason', async () => {
    const { cwd, script } = workspace();
    const hook = script(
      'deny.sh',
      `echo '{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "no pushes on Friday"}}'`,
    );
    const result = await fire(cwd, on('PreToolUse', hook), 'PreToolUse', bashCall());
    expect(result.outcome).toEqual(denied('no pushes on Friday'));
    expect(result.asked).toEqual([]);
  });

  it('permissionDecision allow and ask are passed on for the gate to apply', async () => {
    const { cwd, script } = workspace();
    const allow = script(
      'allow.sh',
      `echo '{"hookSpecificOutput": {"permissionDecision": "allow"}}'`,
    );
    const allowed = await fire(cwd, on('PreToolUse', allow), 'PreToolUse', bashCall());
    expect(allowed.outcome).toEqual({ permission: 'allow' });
    expect(allowed.asked).toEqual([]);
    const ask = script(
      'ask.sh',
      `echo '{"hookSpecificOutput": {"permissionDecision": "ask", "permissionDecisionReason": "pushes to a shared branch"}}'`,
    );
    const asking = await fire(cwd, on('PreToolUse', ask), 'PreToolUse', bashCall());
    expect(asking.outcome).toEqual({
      permission: 'ask',
      permissionReason: 'pushes to a shared branch',
    });
    expect(asking.asked).toEqual([]);
  });

  it('the deprecated decision "approve" is an allow; on Stop it is nothing', async () => {
    const { cwd, script } = workspace();
    const hook = script('approve.sh', `echo '{"decision": "approve", "reason": "safe"}'`);
    expect((await fire(cwd, on('PreToolUse', hook), 'PreToolUse', bashCall())).outcome).toEqual({
      permission: 'allow',
      permissionReason: 'safe',
    });
    const stop = await fire(cwd, on('Stop', hook), 'Stop', {
      lastMessage: 'x',
      stopHookActive: false,
    });
    expect(stop.outcome).toEqual({});
    expect(stop.events).toEqual([]);
  });

  it('additionalContext counts inside hookSpecificOutput only', async () => {
    const { cwd, script } = workspace();
    const hook = script(
      'ctx.sh',
      `echo '{"hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "remember to run the formatter"}}'`,
    );
    expect((await fire(cwd, on('PostToolUse', hook), 'PostToolUse', postCall)).outcome).toEqual({
      context: 'remember to run the formatter',
    });
    const bare = script('bare.sh', `echo '{"additionalContext": "ignored, as in Claude Code"}'`);
    expect(
      (await fire(cwd, on('SessionStart', bare), 'SessionStart', { source: 'startup', model: 'm' }))
        .outcome,
    ).toEqual({});
  });

  it('continue false with stopReason stops; the other hooks still run to completion', async () => {
    const { cwd, script } = workspace();
    const stop = script('stop.sh', `echo '{"continue": false, "stopReason": "budget exhausted"}'`);
    const marker = join(cwd, 'other-ran');
    const other = script('other.sh', `touch '${marker}'`);
    const settings: CommandHookSettings = {
      PostToolUse: [
        {
          hooks: [
            { type: 'command', command: stop },
            { type: 'command', command: other },
          ],
        },
      ],
    };
    expect((await fire(cwd, settings, 'PostToolUse', postCall)).outcome).toEqual({
      stop: 'budget exhausted',
    });
    expect(existsSync(marker)).toBe(true);
  });

  it('updatedInput comes back in Claude Code’s fields, for the tool to translate', async () => {
    const { cwd, script } = workspace();
    const rewrite = script(
      'rewrite.sh',
      `echo '{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow", "updatedInput": {"command": "git push --dry-run"}}}'`,
    );
    const result = await fire(cwd, on('PreToolUse', rewrite), 'PreToolUse', bashCall());
    expect(result.outcome).toEqual({
      permission: 'allow',
      claudeInput: { command: 'git push --dry-run' },
    });
  });

  it('plain text that is not JSON on a tool hook is ignored; pretty-printed JSON counts', async () => {
    const { cwd, script } = workspace();
    const hook = script('text.sh', `echo '{not json'`);
    expect((await fire(cwd, on('PreToolUse', hook), 'PreToolUse', bashCall())).outcome).toEqual({});
    const pretty = script(
      'pretty.sh',
      `printf '{\\n  "hookSpecificOutput": {\\n    "permissionDecision": "deny",\\n    "permissionDecisionReason": "use gh pr"\\n  }\\n}\\n'`,
    );
    expect((await fire(cwd, on('PreToolUse', pretty), 'PreToolUse', bashCall())).outcome).toEqual(
      denied('use gh pr'),
    );
  });
});

describe('command hooks: matchers', () => {
  async function matchedTools(matcher: string | undefined): Promise<string[]> {
    const { cwd, script } = workspace();
    const log = join(cwd, 'log');
    const hook = script('log.sh', `echo "$1" >> '${log}'`);
    const calls: [keyof typeof TOOLS, unknown][] = [
      ['bash', { command: 'ls' }],
      ['read_file', { path: 'a' }],
      ['write_file', { path: 'a', content: '' }],
      ['edit_file', { path: 'a', old_text: 'x', new_text: 'y' }],
      ['glob', { pattern: '*' }],
      ['todo_write', { todos: [] }],
    ];
    for (const [tool, input] of calls) {
      await fire(
        cwd,
        on('PreToolUse', `${hook} ${tool}`, matcher),
        'PreToolUse',
        toolCall(tool, input, cwd),
      );
    }
    return existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : [];
  }

  const ALL = ['bash', 'read_file', 'write_file', 'edit_file', 'glob', 'todo_write'];
  it.each([
    ['Edit|Write', ['write_file', 'edit_file']],
    ['Bash', ['bash']],
    ['bash', ['bash']],
    ['Read, Glob', ['read_file', 'glob']],
    ['TodoWrite', ['todo_write']],
    ['MultiEdit', ['edit_file']],
    ['Edit|Write|MultiEdit', ['write_file', 'edit_file']],
    ['.*_file', ['read_file', 'write_file', 'edit_file']],
    // An unanchored regular expression, as in Claude Code: `Edit.*` would match NotebookEdit.
    ['Ed.t', ['edit_file']],
    // Unanchored: `(Read|Write)` also matches TodoWrite, in Claude Code too.
    ['(Read|Write)', ['read_file', 'write_file', 'todo_write']],
    ['^T', ['todo_write']],
    ['file', []],
    ['ba', []],
    ['*', ALL],
    ['', ALL],
    [undefined, ALL],
  ])('matcher %j runs for %j', async (matcher, expected) => {
    expect(await matchedTools(matcher)).toEqual(expected);
  });

  it('UserPromptSubmit and Stop hooks ignore the matcher', async () => {
    const { cwd, script } = workspace();
    const hook = script('ctx.sh', 'echo hello');
    const result = await fire(cwd, on('UserPromptSubmit', hook, 'Bash'), 'UserPromptSubmit', {
      prompt: 'x',
    });
    expect(result.outcome).toEqual({ context: 'hello' });
  });

  it('SessionStart, SessionEnd, Notification, PreCompact and SubagentStop match their kind', async () => {
    const { cwd, script } = workspace();
    const hook = script('ctx.sh', 'echo hello');
    const start = (source: 'startup' | 'resume') =>
      fire(cwd, on('SessionStart', hook, 'resume|compact'), 'SessionStart', { source, model: 'm' });
    expect((await start('resume')).outcome).toEqual({ context: 'hello' });
    expect((await start('startup')).outcome).toEqual({});

    const log = join(cwd, 'kinds');
    const logger = script('kinds.sh', `cat >> '${log}'`);
    await fire(cwd, on('PreCompact', logger, 'manual'), 'PreCompact', {
      trigger: 'auto',
      customInstructions: '',
    });
    await fire(cwd, on('PreCompact', logger, 'manual'), 'PreCompact', {
      trigger: 'manual',
      customInstructions: 'keep the plan',
    });
    await fire(cwd, on('Notification', logger, 'permission_prompt'), 'Notification', {
      message: 'tick needs your permission to use Bash',
      notificationType: 'permission_prompt',
    });
    await fire(cwd, on('Notification', logger, 'permission_prompt'), 'Notification', {
      message: 'tick is waiting for your input',
      notificationType: 'idle_prompt',
    });
    await fire(cwd, on('SubagentStop', logger, 'Explore'), 'SubagentStop', {
      lastMessage: 'done',
      stopHookActive: false,
      agentId: 'a1',
      agentType: 'Explore',
    });
    await fire(cwd, on('SessionEnd', logger, 'clear'), 'SessionEnd', { reason: 'other' });
    const seen = readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(seen.map((payload) => payload.hook_event_name)).toEqual([
      'PreCompact',
      'Notification',
      'SubagentStop',
    ]);
    expect(seen[0]).toMatchObject({ trigger: 'manual', custom_instructions: 'keep the plan' });
  });
});

describe('command hooks: the if field and duplicates', () => {
  it('runs a handler only for calls its permission rule matches (tool events only)', async () => {
    const { cwd, script } = workspace();
    const log = join(cwd, 'log');
    const hook = script('log.sh', `jq -r .tool_input.command >> '${log}'`);
    const settings: CommandHookSettings = {
      PreToolUse: [
        { matcher: 'Bash', hooks: [{ type: 'command', command: hook, if: 'Bash(gh api *)' }] },
      ],
    };
    const registry = new HookRegistry();
    registerCommandHooks(registry, settings, {
      sessionId: 's',
      cwd,
      ruleMatches: (rule, call) =>
        rule === 'Bash(gh api *)' &&
        String((call.input as { command: string }).command).startsWith('gh api'),
    });
    const ctx: HookContext = {
      sessionId: 's',
      cwd,
      signal: new AbortController().signal,
      approve: async () => ({ decision: 'deny' }),
      emit: () => undefined,
    };
    await runHooks(registry, 'PreToolUse', bashCall('gh api repos/x', cwd), ctx);
    await runHooks(registry, 'PreToolUse', bashCall('gh pr list', cwd), ctx);
    expect(readFileSync(log, 'utf8')).toBe('gh api repos/x\n');
  });

  it('runs a handler defined in two files once', async () => {
    const { cwd, script } = workspace();
    const log = join(cwd, 'log');
    const hook = script('log.sh', `echo ran >> '${log}'`);
    const group = { matcher: 'Bash', hooks: [{ type: 'command' as const, command: hook }] };
    await fire(cwd, { PreToolUse: [group, group] }, 'PreToolUse', bashCall());
    expect(readFileSync(log, 'utf8')).toBe('ran\n');
  });

  it('runs the exec form (args) without a shell', async () => {
    const { cwd, script } = workspace();
    const hook = script('argv.sh', `printf '%s|' "$@" > '${join(cwd, 'argv')}'`);
    const settings: CommandHookSettings = {
      PreToolUse: [{ hooks: [{ type: 'command', command: hook, args: ['a b', '$HOME'] }] }],
    };
    await fire(cwd, settings, 'PreToolUse', bashCall());
    expect(readFileSync(join(cwd, 'argv'), 'utf8')).toBe('a b|$HOME|');
  });
});

describe('command hooks: process handling', () => {
  it('a hanging hook is killed at its timeout, with everything it started', async () => {
    const { cwd, script } = workspace();
    const hook = script(
      'hang.sh',
      `echo $$ > '${join(cwd, 'pid')}'\nsleep 30 &\necho $! > '${join(cwd, 'child')}'\nwait`,
    );
    const started = Date.now();
    const result = await fire(cwd, on('PreToolUse', hook, 'bash', 1), 'PreToolUse', bashCall());
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(900);
    expect(elapsed).toBeLessThan(10_000);
    expect(result.outcome).toEqual({});
    expect(result.events).toEqual([
      {
        type: 'error',
        fatal: false,
        message: `PreToolUse hook \`${hook}\` timed out after 1s and was killed`,
      },
    ]);
    const pid = Number(readFileSync(join(cwd, 'pid'), 'utf8'));
    const child = Number(readFileSync(join(cwd, 'child'), 'utf8'));
    expect(await waitFor(() => processGone(pid) && processGone(child))).toBe(true);
  });

  it('waits ten minutes by default, as Claude Code does', () => {
    expect(DEFAULT_HOOK_TIMEOUT_SECONDS).toBe(600);
  });

  it('the abort signal kills a running hook without reporting an error', async () => {
    const { cwd, script } = workspace();
    const pidFile = join(cwd, 'pid');
    const hook = script('slow.sh', `echo $$ > '${pidFile}'\nsleep 30`);
    const controller = new AbortController();
    const poll = setInterval(() => {
      if (existsSync(pidFile) && readFileSync(pidFile, 'utf8').trim()) controller.abort();
    }, 20);
    const started = Date.now();
    const result = await fire(cwd, on('PreToolUse', hook), 'PreToolUse', bashCall(), {
      signal: controller.signal,
    });
    clearInterval(poll);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(result.outcome).toEqual({});
    expect(result.events).toEqual([]);
    expect(await waitFor(() => processGone(Number(readFileSync(pidFile, 'utf8'))))).toBe(true);
  });

  it('a hook that ignores stdin and exits at once still counts', async () => {
    const { cwd, script } = workspace();
    const hook = script('quick.sh', 'echo "quick no" >&2; exit 2');
    const big = { ...bashCall('x'.repeat(500_000)) };
    expect((await fire(cwd, on('PreToolUse', hook), 'PreToolUse', big)).outcome).toEqual(
      denied('quick no'),
    );
  });
});

describe('command hooks: stdin and environment', () => {
  async function captured(event: HookEventName, input: HookInputs[HookEventName]) {
    const { cwd, script } = workspace();
    const out = join(cwd, 'stdin.json');
    const envOut = join(cwd, 'env.txt');
    // `read -r` takes one line, as some real hooks do: the payload is one compact line.
    const hook = script(
      'capture.sh',
      `read -r line\nprintf '%s' "$line" > '${out}'\nprintf '%s\\n%s\\n%s\\n' "$CLAUDE_PROJECT_DIR" "$TICK_PROJECT_DIR" "$(pwd)" > '${envOut}'`,
    );
    const settings: CommandHookSettings = {
      [event]: [{ hooks: [{ type: 'command', command: hook }] }],
    };
    await fire(cwd, settings, event, input as never, {
      transcriptPath: join(cwd, 'transcripts', 'session-1.jsonl'),
      permissionMode: 'acceptEdits',
    });
    return {
      cwd,
      stdin: JSON.parse(readFileSync(out, 'utf8')) as Record<string, unknown>,
      env: readFileSync(envOut, 'utf8').trim().split('\n'),
    };
  }

  it('PreToolUse gets Claude Code’s tool name and fields, with the mode and transcript', async () => {
    const { cwd, stdin, env } = await captured('PreToolUse', bashCall('npm test'));
    expect(stdin).toEqual({
      session_id: 'session-1',
      transcript_path: join(cwd, 'transcripts', 'session-1.jsonl'),
      cwd,
      permission_mode: 'acceptEdits',
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command: 'npm test' },
      tool_use_id: 'call-1',
    });
    expect(env).toEqual([cwd, cwd, cwd]);
  });

  it('PostToolUse gets the structured tool response', async () => {
    const { cwd, stdin } = await captured('PostToolUse', postCall);
    expect(stdin).toEqual({
      session_id: 'session-1',
      transcript_path: join(cwd, 'transcripts', 'session-1.jsonl'),
      cwd,
      permission_mode: 'acceptEdits',
      hook_event_name: 'PostToolUse',
      tool_name: 'Edit',
      tool_input: {
        file_path: '/work/a.ts',
        old_string: 'a',
        new_string: 'b',
        replace_all: false,
      },
      tool_response: postCall.response,
      tool_use_id: 'call-2',
      duration_ms: 5,
    });
  });

  it('UserPromptSubmit gets the prompt; Stop gets stop_hook_active and the last message', async () => {
    const prompt = await captured('UserPromptSubmit', { prompt: 'fix the "bug"\nplease' });
    expect(prompt.stdin).toMatchObject({
      hook_event_name: 'UserPromptSubmit',
      prompt: 'fix the "bug"\nplease',
    });
    expect(prompt.stdin).not.toHaveProperty('tool_name');
    const stop = await captured('Stop', { lastMessage: 'All done.', stopHookActive: true });
    expect(stop.stdin).toMatchObject({
      hook_event_name: 'Stop',
      stop_hook_active: true,
      last_assistant_message: 'All done.',
    });
  });
});

describe('command hooks from settings files', () => {
  it('run user and project hooks, each in the workspace', async () => {
    const { cwd, script } = workspace();
    const home = tempDir();
    const log = join(cwd, 'order');
    const userHook = script('user.sh', `echo user >> '${log}'`);
    const projectHook = script(
      'project.sh',
      `sleep 0.2; echo project >> '${log}'; echo '{"decision":"block","reason":"from project"}'`,
    );
    writeFileSync(
      join(home, 'settings.json'),
      JSON.stringify({ hooks: on('PreToolUse', userHook, 'Bash') }),
    );
    mkdirSync(join(cwd, '.tick'));
    writeFileSync(
      join(cwd, '.tick', 'settings.json'),
      JSON.stringify({ hooks: on('PreToolUse', projectHook, 'Bash|Edit') }),
    );
    const { merged } = await loadSettings(cwd, home);
    const result = await fire(cwd, merged.hooks, 'PreToolUse', bashCall());
    expect(result.outcome).toEqual(denied('from project'));
    expect(readFileSync(log, 'utf8')).toBe('user\nproject\n');
  });
});
