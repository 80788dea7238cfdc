/**
 * Twenty hook setups as Claude Code users have them: rebuilt from Claude Code's docs and
 * public repositories (the origin is named on each), with scripts that read their
 * payloads the way the originals do (jq, python's json.load, `read -r`, the transcript).
 * Each says what Claude Code does with it; test/integration/claude-hook-setups.test.ts
 * runs them through the real CLI against the scripted server.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { ScriptedTurn } from '../../src/demo/scripted-server';

export interface HookRun {
  cwd: string;
  stdout: string;
  stderr: string;
  exitCode: number;
  /** Each tool result the model was sent, in order. */
  toolResults: string[];
  /** Each user message the model was sent (prompts, hook continuations), in order. */
  userMessages: string[];
  requests: number;
}

export interface HookSetup {
  name: string;
  /** Where the setup comes from. */
  origin: string;
  /** Files of the workspace, hook scripts among them; a name ending in `/` is a folder. */
  files: Record<string, string>;
  /** The `.claude/settings.json` content, used as `.tick/settings.json`. */
  settings: Record<string, unknown>;
  /** Extra CLI arguments (a permission mode); none: the default mode. */
  args?: string[];
  turns: ScriptedTurn[];
  /** What Claude Code does with it, checked on the run. */
  expect: (run: HookRun) => void | Promise<void>;
}

const call = (name: string, args: Record<string, unknown>): ScriptedTurn => ({
  toolCalls: [{ name, arguments: args }],
});
const bash = (command: string) => call('bash', { command });
const hooks = (event: string, matcher: string | undefined, ...commands: string[]) => ({
  [event]: [
    {
      ...(matcher !== undefined ? { matcher } : {}),
      hooks: commands.map((command) => ({ type: 'command', command })),
    },
  ],
});

/** The docs' (hooks guide) file protection, inline python, exit 2 with nothing on stderr. */
const DOCS_INLINE_PROTECTION = `python3 -c "import json, sys; data=json.load(sys.stdin); path=data.get('tool_input',{}).get('file_path',''); sys.exit(2 if any(p in path for p in ['.env', 'package-lock.json', '.git/']) else 0)"`;

const PROTECT_FILES_SH = String.raw`#!/bin/bash
# protect-files.sh (Claude Code hooks guide)
INPUT=$(cat)
FILE_PATH=$(echo "$INPUT" | jq -r '.tool_input.file_path // empty')
PROTECTED_PATTERNS=(".env" "package-lock.json" ".git/")
for pattern in "${'$'}{PROTECTED_PATTERNS[@]}"; do
  if [[ "$FILE_PATH" == *"$pattern"* ]]; then
    echo "Blocked: $FILE_PATH matches protected pattern '$pattern'" >&2
    exit 2
  fi
done
exit 0
`;

const MARKDOWN_FORMATTER = String.raw`#!/usr/bin/env python3
# After the docs' markdown_formatter.py: label bare code fences, squash blank lines.
import json, re, sys, os
data = json.load(sys.stdin)
path = data.get('tool_input', {}).get('file_path', '')
if not path.endswith(('.md', '.mdx')) or not os.path.exists(path):
    sys.exit(0)
text = open(path).read()
out, inside = [], False
for line in text.split('\n'):
    if line.startswith('${'```'}'):
        if not inside and line.strip() == '${'```'}':
            line = '${'```'}text'
        inside = not inside
    out.append(line)
fixed = re.sub(r'\n{3,}', '\n\n', '\n'.join(out))
open(path, 'w').write(fixed)
print(f"Fixed markdown formatting in {path}")
`;

const BASH_VALIDATOR = String.raw`#!/usr/bin/env python3
# anthropics/claude-code examples/hooks/bash_command_validator_example.py, as published.
import json, re, sys
_VALIDATION_RULES = [
    (r"^grep\b(?!.*\|)", "Use 'rg' (ripgrep) instead of 'grep' for better performance and features"),
    (r"^find\s+\S+\s+-name\b", "Use 'rg --files | rg pattern' or 'rg --files -g pattern' instead of 'find -name' for better performance"),
]
def _validate_command(command):
    return [message for pattern, message in _VALIDATION_RULES if re.search(pattern, command)]
try:
    input_data = json.load(sys.stdin)
except json.JSONDecodeError as e:
    print(f"Error: Invalid JSON input: {e}", file=sys.stderr)
    sys.exit(1)
if input_data.get("tool_name", "") != "Bash":
    sys.exit(0)
command = input_data.get("tool_input", {}).get("command", "")
if not command:
    sys.exit(0)
issues = _validate_command(command)
if issues:
    for message in issues:
        print(f"• {message}", file=sys.stderr)
    sys.exit(2)
`;

const RALPH_STOP = String.raw`#!/bin/bash
# After the ralph-wiggum plugin's stop-hook.sh: loop the prompt until the promise appears.
set -euo pipefail
HOOK_INPUT=$(cat)
STATE=".claude/ralph-loop.local.md"
[[ -f "$STATE" ]] || exit 0
ITERATION=$(grep '^iteration:' "$STATE" | sed 's/iteration: *//')
MAX=$(grep '^max_iterations:' "$STATE" | sed 's/max_iterations: *//')
PROMISE=$(grep '^completion_promise:' "$STATE" | sed 's/completion_promise: *//' | sed 's/^"\(.*\)"$/\1/')
if [[ $MAX -gt 0 ]] && [[ $ITERATION -ge $MAX ]]; then rm "$STATE"; exit 0; fi
TRANSCRIPT_PATH=$(echo "$HOOK_INPUT" | jq -r '.transcript_path')
if ! grep -q '"role":"assistant"' "$TRANSCRIPT_PATH"; then rm "$STATE"; exit 0; fi
LAST_LINE=$(grep '"role":"assistant"' "$TRANSCRIPT_PATH" | tail -1)
LAST_OUTPUT=$(echo "$LAST_LINE" | jq -r '.message.content | map(select(.type == "text")) | map(.text) | join("\n")')
PROMISE_TEXT=$(echo "$LAST_OUTPUT" | perl -0777 -pe 's/.*?<promise>(.*?)<\/promise>.*/$1/s; s/^\s+|\s+$//g' 2>/dev/null || echo "")
if [[ -n "$PROMISE_TEXT" ]] && [[ "$PROMISE_TEXT" = "$PROMISE" ]]; then rm "$STATE"; exit 0; fi
NEXT=$((ITERATION + 1))
PROMPT=$(awk '/^---$/{i++; next} i>=2' "$STATE")
sed -i "s/^iteration: .*/iteration: $NEXT/" "$STATE"
jq -n --arg prompt "$PROMPT" --arg msg "Ralph iteration $NEXT" \
  '{"decision": "block", "reason": $prompt, "systemMessage": $msg}'
exit 0
`;

const RALPH_STATE = `---
active: true
iteration: 1
max_iterations: 5
completion_promise: "DONE"
---
Make the tests pass, then output <promise>DONE</promise>.
`;

/** trailofbits/claude-code-config settings.json: its two inline jq hooks, as committed. */
const TOB_RM = `CMD=$(jq -r '.tool_input.command'); if echo "$CMD" | grep -qiE '(^|;[[:space:]]*|&&[[:space:]]*|[|][|][[:space:]]*|[|][[:space:]]*)rm[[:space:]]' && echo "$CMD" | grep -qiE '(^|[[:space:]])-[a-zA-Z]*[rR]|--recursive' && echo "$CMD" | grep -qiE '(^|[[:space:]])-[a-zA-Z]*[fF]|--force'; then echo 'BLOCKED: Use trash instead of rm -rf' >&2; exit 2; fi`;
const TOB_PUSH = `CMD=$(jq -r '.tool_input.command'); if echo "$CMD" | grep -qE 'git[[:space:]]+push.*(main|master)'; then echo 'BLOCKED: Use feature branches, not direct push to main' >&2; exit 2; fi`;

const READ_LINE_POST = String.raw`#!/bin/bash
# NTCoding-style: one line read with read -r, the Bash output checked.
read -r input
stdout=$(echo "$input" | jq -r '.tool_response.stdout // empty')
if echo "$stdout" | grep -q "FAIL"; then
  echo '{"decision": "block", "reason": "Tests failed: fix them before moving on"}'
fi
exit 0
`;

const TODO_TRACKER = String.raw`#!/usr/bin/env python3
# After jamesonnyp's todowrite tracker: progress from .tool_response.newTodos.
import json, sys
data = json.load(sys.stdin)
todos = data.get("tool_response", {}).get("newTodos", [])
done = sum(1 for t in todos if t.get("status") == "completed")
open(".claude/progress.txt", "w").write(f"{done}/{len(todos)}")
`;

const DISLER_PRE_TOOL = String.raw`#!/usr/bin/env python3
# After disler/claude-code-hooks-mastery .claude/hooks/pre_tool_use.py.
import json, re, sys
from pathlib import Path
def is_dangerous_rm_command(command):
    normalized = ' '.join(command.lower().split())
    patterns = [r'\brm\s+.*-[a-z]*r[a-z]*f', r'\brm\s+.*-[a-z]*f[a-z]*r', r'\brm\s+--recursive\s+--force']
    return any(re.search(p, normalized) for p in patterns)
def is_env_file_access(tool_name, tool_input):
    if tool_name in ['Read', 'Edit', 'MultiEdit', 'Write', 'Bash']:
        if tool_name in ['Read', 'Edit', 'MultiEdit', 'Write']:
            file_path = tool_input.get('file_path', '')
            if '.env' in file_path and not file_path.endswith('.env.sample'):
                return True
    return False
input_data = json.load(sys.stdin)
tool_name = input_data.get('tool_name', '')
tool_input = input_data.get('tool_input', {})
if is_env_file_access(tool_name, tool_input):
    print("BLOCKED: Access to .env files containing sensitive data is prohibited", file=sys.stderr)
    print("Use .env.sample for template files instead", file=sys.stderr)
    sys.exit(2)
if tool_name == 'Bash' and is_dangerous_rm_command(tool_input.get('command', '')):
    print("BLOCKED: Dangerous rm command detected and prevented", file=sys.stderr)
    sys.exit(2)
log_dir = Path.cwd() / 'logs'
log_dir.mkdir(parents=True, exist_ok=True)
log_path = log_dir / 'pre_tool_use.json'
log_data = json.loads(log_path.read_text()) if log_path.exists() else []
log_data.append(input_data)
log_path.write_text(json.dumps(log_data, indent=2))
sys.exit(0)
`;

/** A kibana-style guard: pretty-printed JSON decision, run only where its `if` rule matches. */
const GH_API_GUARD = String.raw`#!/bin/bash
touch .claude/gh-guard-ran
cat <<'EOF'
{
  "hookSpecificOutput": {
    "hookEventName": "PreToolUse",
    "permissionDecision": "deny",
    "permissionDecisionReason": "Use the gh CLI subcommands, not raw gh api calls"
  }
}
EOF
`;

const P84_STOP = String.raw`#!/bin/bash
# CS571-F25/p84 stop-tests: JSON block on stdout and exit 2, nothing on stderr.
if ! sh ./test.sh >/dev/null 2>&1; then
  echo '{"decision": "block", "reason": "Tests are failing. Run sh ./test.sh and fix them."}'
  exit 2
fi
exit 0
`;

const GIT_STATUS_SH = String.raw`#!/bin/bash
# linuxiscool: never reads stdin, prints the branch for the session's context.
echo "Current branch: $(git rev-parse --abbrev-ref HEAD 2>/dev/null || echo none)"
echo "Uncommitted changes: $(git status --porcelain 2>/dev/null | wc -l | tr -d ' ')"
`;

const MOAI_GUARD = String.raw`#!/usr/bin/env python3
# After moai-adk's pre_tool__security_guard.py: deny writes to secrets, as JSON.
import json, sys
data = json.load(sys.stdin)
path = data.get("tool_input", {}).get("file_path", "")
if "/secrets/" in path or path.endswith((".pem", ".key")):
    print(json.dumps({"hookSpecificOutput": {"hookEventName": "PreToolUse",
        "permissionDecision": "deny",
        "permissionDecisionReason": f"Security guard: {path} holds secrets"}}))
sys.exit(0)
`;

const SESSION_START_JSON = String.raw`#!/usr/bin/env python3
# After disler's session_start.py --load-context: context as additionalContext.
import json, sys
data = json.load(sys.stdin)
print(json.dumps({"hookSpecificOutput": {"hookEventName": "SessionStart",
    "additionalContext": f"Session {data['source']}: read TODO.md before you start."}}))
`;

const AUTO_APPROVE = String.raw`#!/bin/bash
# Docs example: approve a known-safe clean-up without a prompt (permissionDecision allow).
cmd=$(jq -r '.tool_input.command')
if [[ "$cmd" == "rm -rf ./dist" ]]; then
  echo '{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow", "permissionDecisionReason": "dist is a build output"}}'
fi
`;

const LOG_ALL = String.raw`#!/bin/bash
jq -r '.tool_input.command' >> .claude/commands.log
`;
const BLOCK_RM = String.raw`#!/bin/bash
cmd=$(jq -r '.tool_input.command')
if [[ "$cmd" == rm* ]]; then echo "rm is blocked here; move files to .trash" >&2; exit 2; fi
`;

export const HOOK_SETUPS: HookSetup[] = [
  {
    name: 'inline python file protection (exit 2, empty stderr)',
    origin: 'Claude Code docs, hooks guide: "Protect files" inline example',
    files: { 'package-lock.json': '{}\n', '.git/config': '[core]\n' },
    settings: { hooks: hooks('PreToolUse', 'Edit|Write', DOCS_INLINE_PROTECTION) },
    args: ['--permission-mode', 'acceptEdits'],
    turns: [
      call('write_file', { path: '.env', content: 'SECRET=1' }),
      call('edit_file', { path: 'package-lock.json', old_text: '{}', new_text: '{"x":1}' }),
      call('write_file', { path: '.git/config', content: 'hacked' }),
      call('write_file', { path: 'ok.txt', content: 'fine' }),
    ],
    expect: ({ cwd, toolResults }) =>
      expectFiles(
        cwd,
        { '.env': null, 'package-lock.json': '{}\n', '.git/config': '[core]\n', 'ok.txt': 'fine' },
        toolResults,
        3,
      ),
  },
  {
    name: 'protect-files.sh',
    origin: 'Claude Code docs, hooks guide: .claude/hooks/protect-files.sh',
    files: { '.claude/hooks/protect-files.sh': PROTECT_FILES_SH },
    settings: {
      hooks: hooks(
        'PreToolUse',
        'Edit|Write',
        '"$CLAUDE_PROJECT_DIR"/.claude/hooks/protect-files.sh',
      ),
    },
    args: ['--permission-mode', 'acceptEdits'],
    turns: [call('write_file', { path: 'config/.env.production', content: 'K=1' })],
    expect: ({ cwd, toolResults }) => {
      expectFiles(cwd, { 'config/.env.production': null }, [], 0);
      expectText(toolResults[0], "matches protected pattern '.env'");
      expectText(toolResults[0], `Blocked: ${cwd}/config/.env.production`);
    },
  },
  {
    name: 'markdown formatter after edits',
    origin: 'Claude Code docs, hooks guide: markdown_formatter.py (PostToolUse Edit|Write)',
    files: { '.claude/hooks/markdown_formatter.py': MARKDOWN_FORMATTER },
    settings: {
      hooks: hooks(
        'PostToolUse',
        'Edit|MultiEdit|Write',
        'python3 "$CLAUDE_PROJECT_DIR/.claude/hooks/markdown_formatter.py"',
      ),
    },
    args: ['--permission-mode', 'acceptEdits'],
    turns: [call('write_file', { path: 'README.md', content: '# T\n\n\n\n```\nx\n```\n' })],
    expect: ({ cwd }) => expectFiles(cwd, { 'README.md': '# T\n\n```text\nx\n```\n' }, [], 0),
  },
  {
    name: 'bash command logger',
    origin: 'Claude Code docs, hooks guide: log every Bash command with jq',
    files: {},
    settings: {
      hooks: hooks(
        'PreToolUse',
        'Bash',
        `jq -r '"\\(.tool_input.command) - \\(.tool_input.description // "No description")"' >> .claude/bash-command-log.txt`,
      ),
    },
    turns: [bash('ls -la'), bash('git status')],
    expect: ({ cwd }) =>
      expectFiles(
        cwd,
        {
          '.claude/bash-command-log.txt': 'ls -la - No description\ngit status - No description\n',
        },
        [],
        0,
      ),
  },
  {
    name: "Anthropic's bash command validator",
    origin: 'anthropics/claude-code examples/hooks/bash_command_validator_example.py',
    files: { '.claude/hooks/validator.py': BASH_VALIDATOR },
    settings: { hooks: hooks('PreToolUse', 'Bash', 'python3 .claude/hooks/validator.py') },
    turns: [bash('grep -r TODO src'), bash('find . -name "*.ts"'), bash('echo fine')],
    expect: ({ toolResults }) => {
      expectText(toolResults[0], "Use 'rg' (ripgrep) instead of 'grep'");
      expectText(toolResults[1], "Use 'rg --files | rg pattern'");
      expect(toolResults[2]).toBe('fine');
    },
  },
  {
    name: 'ralph-wiggum Stop loop reading the transcript',
    origin: 'anthropics/claude-code plugins/ralph-wiggum hooks/stop-hook.sh',
    files: { '.claude/hooks/stop-hook.sh': RALPH_STOP, '.claude/ralph-loop.local.md': RALPH_STATE },
    settings: { hooks: hooks('Stop', undefined, 'bash .claude/hooks/stop-hook.sh') },
    turns: [
      { text: 'I fixed one test.' },
      { text: 'Fixed the rest.\n<promise>DONE</promise>' },
      { text: 'should not be asked for' },
    ],
    expect: ({ cwd, userMessages, requests }) => {
      expect(requests).toBe(2);
      expect(userMessages[1]).toBe('Make the tests pass, then output <promise>DONE</promise>.');
      expectFiles(cwd, { '.claude/ralph-loop.local.md': null }, [], 0);
    },
  },
  {
    name: 'trailofbits rm -rf guard',
    origin: 'trailofbits/claude-code-config settings.json, PreToolUse Bash (inline jq)',
    files: { 'build/': '' },
    settings: { hooks: hooks('PreToolUse', 'Bash', TOB_RM) },
    turns: [bash('rm -rf build')],
    expect: ({ cwd, toolResults }) => {
      expectText(toolResults[0], 'Blocked by hook: BLOCKED: Use trash instead of rm -rf');
      expectFiles(cwd, { build: 'dir' }, [], 0);
    },
  },
  {
    name: 'trailofbits push-to-main guard',
    origin: 'trailofbits/claude-code-config settings.json, PreToolUse Bash (inline jq)',
    files: {},
    settings: { hooks: hooks('PreToolUse', 'Bash', TOB_PUSH) },
    turns: [bash('git push origin main')],
    expect: ({ toolResults }) =>
      expect(toolResults[0]).toBe(
        'Blocked by hook: BLOCKED: Use feature branches, not direct push to main',
      ),
  },
  {
    name: 'read -r one line, check the Bash stdout',
    origin: 'NTCoding/living-architecture hook-router (reads one line; .tool_response.stdout)',
    files: { '.claude/hooks/post.sh': READ_LINE_POST },
    settings: { hooks: hooks('PostToolUse', 'Bash', 'bash .claude/hooks/post.sh') },
    turns: [bash('echo "1 FAIL, 3 passed"')],
    expect: ({ toolResults }) =>
      expect(toolResults[0]).toBe('1 FAIL, 3 passed\n\nTests failed: fix them before moving on'),
  },
  {
    name: 'TodoWrite progress tracker',
    origin: 'jamesonnyp todowrite tracker (PostToolUse TodoWrite, .tool_response.newTodos)',
    files: { '.claude/hooks/todos.py': TODO_TRACKER },
    settings: { hooks: hooks('PostToolUse', 'TodoWrite', 'python3 .claude/hooks/todos.py') },
    turns: [
      call('todo_write', {
        todos: [
          { content: 'Plan', status: 'completed', activeForm: 'Planning' },
          { content: 'Build', status: 'in_progress', activeForm: 'Building' },
        ],
      }),
    ],
    expect: ({ cwd }) => expectFiles(cwd, { '.claude/progress.txt': '1/2' }, [], 0),
  },
  {
    name: 'disler pre_tool_use.py (.env and rm -rf, logs under cwd)',
    origin: 'disler/claude-code-hooks-mastery .claude/hooks/pre_tool_use.py',
    files: { '.claude/hooks/pre_tool_use.py': DISLER_PRE_TOOL, '.env': 'TOKEN=x\n' },
    settings: {
      hooks: hooks('PreToolUse', '', 'python3 $CLAUDE_PROJECT_DIR/.claude/hooks/pre_tool_use.py'),
    },
    turns: [
      call('read_file', { path: '.env' }),
      bash('rm -fr ./tmp'),
      call('glob', { pattern: '*' }),
    ],
    expect: ({ cwd, toolResults }) => {
      expectText(
        toolResults[0],
        'BLOCKED: Access to .env files containing sensitive data is prohibited',
      );
      expectText(toolResults[1], 'BLOCKED: Dangerous rm command detected and prevented');
      const log = JSON.parse(readFileSync(`${cwd}/logs/pre_tool_use.json`, 'utf8')) as {
        tool_name: string;
      }[];
      expect(log.map((entry) => entry.tool_name)).toEqual(['Glob']);
    },
  },
  {
    name: 'if-filtered guard with pretty-printed JSON',
    origin: 'elastic/kibana .claude/settings.json ("if": "Bash(gh api *)")',
    files: { '.claude/hooks/gh-guard.sh': GH_API_GUARD },
    settings: {
      hooks: {
        PreToolUse: [
          {
            matcher: 'Bash',
            hooks: [
              { type: 'command', command: 'bash .claude/hooks/gh-guard.sh', if: 'Bash(gh api *)' },
            ],
          },
        ],
      },
    },
    turns: [bash('echo gh pr list'), bash('gh api repos/o/r/pulls')],
    expect: ({ cwd, toolResults }) => {
      expect(toolResults[0]).toBe('gh pr list');
      expect(toolResults[1]).toBe(
        'Blocked by hook: Use the gh CLI subcommands, not raw gh api calls',
      );
      expectFiles(cwd, { '.claude/gh-guard-ran': '' }, [], 0);
    },
  },
  {
    name: 'Stop hook: JSON block on stdout and exit 2',
    origin: 'CS571-F25/p84 .claude/hooks/stop-tests.sh',
    files: { '.claude/hooks/stop-tests.sh': P84_STOP, 'test.sh': 'test -f fixed\n' },
    settings: { hooks: hooks('Stop', undefined, '.claude/hooks/stop-tests.sh') },
    // `touch` writes a file: an edit, which print mode runs in acceptEdits.
    args: ['--permission-mode', 'acceptEdits'],
    turns: [{ text: 'Done, I think.' }, bash('touch fixed'), { text: 'Now the tests pass.' }],
    expect: ({ userMessages, requests }) => {
      expect(userMessages[1]).toBe('Tests are failing. Run sh ./test.sh and fix them.');
      expect(requests).toBe(3);
    },
  },
  {
    name: 'git status as session context (never reads stdin, relative path)',
    origin: 'LinuxIsCool/symbiocenetics-heartbeat .claude/hooks/git-status.sh',
    files: { '.claude/hooks/git-status.sh': GIT_STATUS_SH },
    settings: { hooks: hooks('SessionStart', '', 'bash .claude/hooks/git-status.sh') },
    turns: [{ text: 'ok' }],
    expect: ({ userMessages }) => {
      expectText(userMessages[0], 'Current branch: ');
      expectText(userMessages[0], 'Uncommitted changes: ');
    },
  },
  {
    name: 'Stop hook printing decision approve (not a block)',
    origin: 'moo.md / y0usaf todowrite plugin: {"decision": "approve"} on Stop, timeout 5',
    files: {},
    settings: {
      hooks: {
        Stop: [
          {
            matcher: '',
            hooks: [{ type: 'command', command: `echo '{"decision": "approve"}'`, timeout: 5 }],
          },
        ],
      },
    },
    turns: [{ text: 'All done.' }, { text: 'should not be asked for' }],
    expect: ({ requests, stderr, exitCode }) => {
      expect(requests).toBe(1);
      expect(exitCode).toBe(0);
      expect(stderr).toBe('');
    },
  },
  {
    name: 'exit 1 "blocks" nothing ($TOOL_INPUT is not set by Claude Code)',
    origin: 'ghostty-org/ghostty .claude/settings.json (exit 1, $TOOL_INPUT)',
    files: {},
    settings: {
      hooks: hooks(
        'PreToolUse',
        'Bash',
        `if [ -z "$TOOL_INPUT" ]; then echo "use zig build through the Makefile" >&2; exit 1; fi`,
      ),
    },
    turns: [bash('echo built')],
    expect: ({ toolResults, stderr }) => {
      expect(toolResults[0]).toBe('built');
      expectText(stderr, 'failed with exit code 1: use zig build through the Makefile');
    },
  },
  {
    name: 'login-shell wrapper with a long timeout',
    origin: "modu-ai/moai-adk: ${SHELL:-/bin/bash} -l -c '...' with timeout 5000",
    files: { '.claude/hooks/moai/guard.py': MOAI_GUARD },
    settings: {
      hooks: {
        PreToolUse: [
          {
            matcher: 'Write|Edit',
            hooks: [
              {
                type: 'command',
                command: `\${SHELL:-/bin/bash} -l -c 'python3 "$CLAUDE_PROJECT_DIR/.claude/hooks/moai/guard.py"'`,
                timeout: 5000,
              },
            ],
          },
        ],
      },
    },
    args: ['--permission-mode', 'acceptEdits'],
    turns: [
      call('write_file', { path: 'secrets/api.txt', content: 'k' }),
      call('write_file', { path: 'notes.txt', content: 'n' }),
    ],
    expect: ({ cwd, toolResults }) => {
      expectText(
        toolResults[0],
        `Blocked by hook: Security guard: ${cwd}/secrets/api.txt holds secrets`,
      );
      expectFiles(cwd, { 'secrets/api.txt': null, 'notes.txt': 'n' }, [], 0);
    },
  },
  {
    name: 'SessionStart additionalContext',
    origin:
      'disler/claude-code-hooks-mastery session_start.py (hookSpecificOutput.additionalContext)',
    files: { '.claude/hooks/session_start.py': SESSION_START_JSON },
    settings: { hooks: hooks('SessionStart', 'startup', 'python3 .claude/hooks/session_start.py') },
    turns: [{ text: 'ok' }],
    expect: ({ userMessages }) =>
      expectText(userMessages[0], 'Session startup: read TODO.md before you start.'),
  },
  {
    name: 'permissionDecision allow skips the prompt',
    origin: 'Claude Code docs, hooks reference: PreToolUse decision control (allow)',
    files: { '.claude/hooks/approve.sh': AUTO_APPROVE, 'dist/app.js': 'x' },
    settings: { hooks: hooks('PreToolUse', 'Bash', 'bash .claude/hooks/approve.sh') },
    turns: [bash('rm -rf ./dist'), bash('rm -rf ./src')],
    expect: ({ cwd, toolResults }) => {
      expect(toolResults[0]).toBe('(no output)');
      expectFiles(cwd, { 'dist/app.js': null }, [], 0);
      // Without the hook's allow, print mode denies what would be asked.
      expectText(toolResults[1], 'Permission denied in print mode');
    },
  },
  {
    name: 'two hooks at once: a logger and an rm blocker (exit 2)',
    origin: 'Claude Code docs: "Combine results from multiple hooks" (block-rm with exit 2)',
    files: { '.claude/hooks/log.sh': LOG_ALL, '.claude/hooks/block-rm.sh': BLOCK_RM, 'a.txt': 'a' },
    settings: {
      hooks: hooks(
        'PreToolUse',
        'Bash',
        'bash .claude/hooks/log.sh',
        'bash .claude/hooks/block-rm.sh',
      ),
    },
    args: ['--permission-mode', 'bypassPermissions'],
    turns: [bash('rm a.txt'), bash('echo ok')],
    expect: ({ cwd, toolResults }) => {
      expect(toolResults[0]).toBe('Blocked by hook: rm is blocked here; move files to .trash');
      expectFiles(cwd, { 'a.txt': 'a', '.claude/commands.log': 'rm a.txt\necho ok\n' }, [], 0);
    },
  },
];

// Assertions shared by the setups.

function expectText(actual: string | undefined, part: string): void {
  expect(actual ?? '').toContain(part);
}

/**
 * Files as expected (`null`: must not exist, `'dir'`: a folder), and the first `blocked`
 * tool results must say a hook blocked them.
 */
function expectFiles(
  cwd: string,
  files: Record<string, string | null>,
  toolResults: string[],
  blocked: number,
): void {
  for (const [name, content] of Object.entries(files)) {
    const path = join(cwd, name);
    if (content === null) expect(existsSync(path), `${name} should not exist`).toBe(false);
    else if (content === 'dir') expect(statSync(path).isDirectory(), name).toBe(true);
    else expect(readFileSync(path, 'utf8'), name).toBe(content);
  }
  for (const result of toolResults.slice(0, blocked)) expect(result).toMatch(/^Blocked by hook: /);
}
