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
import { registerCommandHooks, type CommandHookSettings } from '../../src/hooks/command-hooks';
import type { HookContext, HookEventName, HookInputs } from '../../src/hooks/types';
import type { AgentEvent } from '../../src/agent/events';
import type { ApprovalDecision, ApprovalRequest } from '../../src/permissions/types';
import { loadSettings } from '../../src/config/settings';

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
    transcriptPath: options.transcriptPath,
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

const bashCall = (command = 'git push'): HookInputs['PreToolUse'] => ({
  callId: 'call-1',
  toolName: 'bash',
  input: { command },
  access: { kind: 'exec', command },
});

const postCall: HookInputs['PostToolUse'] = {
  callId: 'call-2',
  toolName: 'edit_file',
  input: { path: 'a.ts', old_text: 'a', new_text: 'b' },
  output: 'Edited a.ts',
  status: 'ok',
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

describe('command hooks: exit codes', () => {
  it('exit 0 passes; stdout of a tool hook is ignored', async () => {
    const { cwd, script } = workspace();
    const hook = script('ok.sh', 'echo "all good"; exit 0');
    const result = await fire(cwd, on('PreToolUse', hook), 'PreToolUse', bashCall());
    expect(result.outcome).toEqual({});
    expect(result.events).toEqual([]);
  });

  it('exit 0 on UserPromptSubmit adds stdout as context', async () => {
    const { cwd, script } = workspace();
    const hook = script('ctx.sh', 'echo "Current branch: main"');
    const result = await fire(cwd, on('UserPromptSubmit', hook), 'UserPromptSubmit', {
      prompt: 'hi',
    });
    expect(result.outcome).toEqual({ context: 'Current branch: main' });
  });

  it('exit 2 on PreToolUse blocks with stderr as the reason', async () => {
    const { cwd, script } = workspace();
    const hook = script('deny.sh', 'echo "pushing is not allowed" >&2; exit 2');
    const result = await fire(cwd, on('PreToolUse', hook), 'PreToolUse', bashCall());
    expect(result.outcome).toEqual({ block: 'Blocked by hook: pushing is not allowed' });
    expect(result.events).toEqual([
      {
        type: 'permission_decided',
        callId: 'call-1',
        decision: 'deny',
        by: 'hook',
        note: 'pushing is not allowed',
      },
    ]);
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
  it('decision "block" with a reason blocks PreToolUse and informs PostToolUse', async () => {
    const { cwd, script } = workspace();
    const hook = script('block.sh', `echo '{"decision": "block", "reason": "use pnpm"}'`);
    expect((await fire(cwd, on('PreToolUse', hook), 'PreToolUse', bashCall())).outcome).toEqual({
      block: 'Blocked by hook: use pnpm',
    });
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
    expect(result.outcome).toEqual({ block: 'Blocked by hook: no pushes on Friday' });
    expect(result.asked).toEqual([]);
  });

  it('permissionDecision allow goes on without asking', async () => {
    const { cwd, script } = workspace();
    const hook = script(
      'allow.sh',
      `echo '{"hookSpecificOutput": {"permissionDecision": "allow"}}'`,
    );
    const result = await fire(cwd, on('PreToolUse', hook), 'PreToolUse', bashCall());
    expect(result.outcome).toEqual({});
    expect(result.asked).toEqual([]);
    expect(result.events).toEqual([]);
  });

  it('permissionDecision ask asks the user; allowed goes on, denied blocks', async () => {
    const { cwd, script } = workspace();
    const hook = script(
      'ask.sh',
      `echo '{"hookSpecificOutput": {"permissionDecision": "ask", "permissionDecisionReason": "pushes to a shared branch"}}'`,
    );
    const request = {
      callId: 'call-1',
      toolName: 'bash',
      subject: 'git push',
      reason: 'pushes to a shared branch',
    };

    const allowed = await fire(cwd, on('PreToolUse', hook), 'PreToolUse', bashCall(), {
      answers: [{ decision: 'allow_once' }],
    });
    expect(allowed.outcome).toEqual({});
    expect(allowed.asked).toEqual([request]);
    expect(allowed.events).toEqual([
      { type: 'permission_asked', request },
      { type: 'permission_decided', callId: 'call-1', decision: 'allow', by: 'user' },
    ]);

    const denied = await fire(cwd, on('PreToolUse', hook), 'PreToolUse', bashCall(), {
      answers: [{ decision: 'deny', note: 'not now' }],
    });
    expect(denied.asked).toEqual([request]);
    expect(denied.outcome.block).toBe(
      'The user denied this call (a hook asked: pushes to a shared branch). The user said: not now',
    );
  });

  it('additionalContext becomes context', async () => {
    const { cwd, script } = workspace();
    const hook = script(
      'ctx.sh',
      `echo '{"hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "remember to run the formatter"}}'`,
    );
    expect((await fire(cwd, on('PostToolUse', hook), 'PostToolUse', postCall)).outcome).toEqual({
      context: 'remember to run the formatter',
    });
  });

  it('continue false with stopReason stops, and later hooks do not run', async () => {
    const { cwd, script } = workspace();
    const stop = script('stop.sh', `echo '{"continue": false, "stopReason": "budget exhausted"}'`);
    const marker = join(cwd, 'later-ran');
    const later = script('later.sh', `touch '${marker}'`);
    const settings: CommandHookSettings = {
      PostToolUse: [
        {
          hooks: [
            { type: 'command', command: stop },
            { type: 'command', command: later },
          ],
        },
      ],
    };
    expect((await fire(cwd, settings, 'PostToolUse', postCall)).outcome).toEqual({
      stop: 'budget exhausted',
    });
    expect(existsSync(marker)).toBe(false);
  });

  it('updatedInput rewrites the input that later hooks see', async () => {
    const { cwd, script } = workspace();
    const rewrite = script(
      'rewrite.sh',
      `echo '{"hookSpecificOutput": {"updatedInput": {"command": "git push --dry-run"}}}'`,
    );
    const seen = join(cwd, 'seen.json');
    const capture = script('capture.sh', `cat > '${seen}'`);
    const settings: CommandHookSettings = {
      PreToolUse: [
        { hooks: [{ type: 'command', command: rewrite }] },
        { hooks: [{ type: 'command', command: capture }] },
      ],
    };
    const result = await fire(cwd, settings, 'PreToolUse', bashCall());
    expect(result.outcome).toEqual({ input: { command: 'git push --dry-run' } });
    expect(JSON.parse(readFileSync(seen, 'utf8')).tool_input).toEqual({
      command: 'git push --dry-run',
    });
  });

  it('plain text that is not JSON on a tool hook is ignored', async () => {
    const { cwd, script } = workspace();
    const hook = script('text.sh', `echo '{not json'`);
    expect((await fire(cwd, on('PreToolUse', hook), 'PreToolUse', bashCall())).outcome).toEqual({});
  });
});

describe('command hooks: matchers', () => {
  async function matchedTools(matcher: string | undefined): Promise<string[]> {
    const { cwd, script } = workspace();
    const log = join(cwd, 'log');
    const hook = script('log.sh', `echo "$1" >> '${log}'`);
    const tools = ['bash', 'read_file', 'write_file', 'edit_file', 'glob', 'todo_write'];
    for (const tool of tools) {
      await fire(cwd, on('PreToolUse', `${hook} ${tool}`, matcher), 'PreToolUse', {
        ...bashCall(),
        toolName: tool,
      });
    }
    return existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : [];
  }

  it.each([
    ['Edit|Write', ['write_file', 'edit_file']],
    ['Bash', ['bash']],
    ['bash', ['bash']],
    ['Read, Glob', ['read_file', 'glob']],
    ['TodoWrite', ['todo_write']],
    ['MultiEdit', ['edit_file']],
    ['.*_file', ['read_file', 'write_file', 'edit_file']],
    ['(Read|Write)', ['read_file', 'write_file']],
    ['file', []],
    ['ba', []],
    ['*', ['bash', 'read_file', 'write_file', 'edit_file', 'glob', 'todo_write']],
    ['', ['bash', 'read_file', 'write_file', 'edit_file', 'glob', 'todo_write']],
    [undefined, ['bash', 'read_file', 'write_file', 'edit_file', 'glob', 'todo_write']],
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
    expect((await fire(cwd, on('PreToolUse', hook), 'PreToolUse', big)).outcome).toEqual({
      block: 'Blocked by hook: quick no',
    });
  });
});

describe('command hooks: stdin and environment', () => {
  async function captured(event: HookEventName, input: HookInputs[HookEventName]) {
    const { cwd, script } = workspace();
    const out = join(cwd, 'stdin.json');
    const envOut = join(cwd, 'env.txt');
    const hook = script(
      'capture.sh',
      `cat > '${out}'\nprintf '%s\\n%s\\n%s\\n' "$CLAUDE_PROJECT_DIR" "$TICK_PROJECT_DIR" "$(pwd)" > '${envOut}'`,
    );
    const settings: CommandHookSettings = {
      [event]: [{ hooks: [{ type: 'command', command: hook }] }],
    };
    await fire(cwd, settings, event, input as never, {
      transcriptPath: join(cwd, 'session.jsonl'),
    });
    return {
      cwd,
      stdin: JSON.parse(readFileSync(out, 'utf8')) as Record<string, unknown>,
      env: readFileSync(envOut, 'utf8').trim().split('\n'),
    };
  }

  it('PreToolUse gets our tool name and input', async () => {
    const { cwd, stdin, env } = await captured('PreToolUse', bashCall('npm test'));
    expect(stdin).toEqual({
      session_id: 'session-1',
      transcript_path: join(cwd, 'session.jsonl'),
      cwd,
      hook_event_name: 'PreToolUse',
      tool_name: 'bash',
      tool_input: { command: 'npm test' },
      tool_use_id: 'call-1',
    });
    expect(env).toEqual([cwd, cwd, cwd]);
  });

  it('PostToolUse gets the tool response', async () => {
    const { cwd, stdin } = await captured('PostToolUse', postCall);
    expect(stdin).toEqual({
      session_id: 'session-1',
      transcript_path: join(cwd, 'session.jsonl'),
      cwd,
      hook_event_name: 'PostToolUse',
      tool_name: 'edit_file',
      tool_input: postCall.input,
      tool_response: 'Edited a.ts',
      tool_status: 'ok',
      tool_use_id: 'call-2',
    });
  });

  it('UserPromptSubmit gets the prompt; Stop gets stop_hook_active', async () => {
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
  it('run user hooks before project hooks, each in its cwd', async () => {
    const { cwd, script } = workspace();
    const home = tempDir();
    const log = join(cwd, 'order');
    const userHook = script('user.sh', `echo user >> '${log}'`);
    const projectHook = script(
      'project.sh',
      `echo project >> '${log}'; echo '{"decision":"block","reason":"from project"}'`,
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
    expect(result.outcome).toEqual({ block: 'Blocked by hook: from project' });
    expect(readFileSync(log, 'utf8')).toBe('user\nproject\n');
  });
});
