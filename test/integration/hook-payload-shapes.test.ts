import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createAgent } from '../../src/agent/agent';
import { startScriptedServer, type ScriptedServer } from '../../src/demo/scripted-server';
import { collect, scriptedApprove, testConfig } from '../support/agent-harness';
import { corpus } from '../support/corpora';
import type { HookEventName } from '../../src/hooks/types';
import { buildHookStdin } from '../../src/hooks/hook-protocol';

/*
 * Every tool of tick runs for real under a logging hook on every event; each payload is
 * then held against the one real Claude Code recorded for the same event and tool
 * (../shared/corpora/hook-payloads): same fields, same types, down to tool_input and
 * the structured tool_response.
 */

type Payload = Record<string, unknown>;

const real: Payload[] = readFileSync(
  corpus('hook-payloads', 'LinuxIsCool__symbiocenetics-heartbeat.jsonl'),
  'utf8',
)
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as Payload);

let server: ScriptedServer;
let logged: Payload[] = [];
let cwd = '';

const EVENTS: HookEventName[] = [
  'SessionStart',
  'UserPromptSubmit',
  'PreToolUse',
  'PostToolUse',
  'Stop',
  'SessionEnd',
];

beforeAll(async () => {
  server = await startScriptedServer([
    { toolCalls: [{ name: 'bash', arguments: { command: 'echo hi' } }] },
    { toolCalls: [{ name: 'write_file', arguments: { path: 'notes.md', content: 'one\ntwo\n' } }] },
    { toolCalls: [{ name: 'read_file', arguments: { path: 'notes.md' } }] },
    {
      toolCalls: [
        { name: 'edit_file', arguments: { path: 'notes.md', old_text: 'two', new_text: 'three' } },
      ],
    },
    { toolCalls: [{ name: 'glob', arguments: { pattern: '*.md' } }] },
    {
      toolCalls: [
        {
          name: 'todo_write',
          arguments: { todos: [{ content: 'Log', status: 'completed', activeForm: 'Logging' }] },
        },
      ],
    },
    { text: 'All logged.' },
  ]);
  const config = testConfig(server.baseURL, { permissionMode: 'acceptEdits' });
  cwd = config.cwd;
  const log = join(cwd, 'payloads.jsonl');
  writeFileSync(join(cwd, 'log.sh'), `#!/bin/sh\ncat >> '${log}'\n`, { mode: 0o755 });
  config.hooks = Object.fromEntries(
    EVENTS.map((event) => [event, [{ hooks: [{ type: 'command', command: './log.sh' }] }]]),
  );
  const { approve } = scriptedApprove([]);
  const agent = await createAgent(config, { approve, interactive: true });
  await collect(agent.run('log everything', new AbortController().signal));
  await agent.close();
  logged = readFileSync(log, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Payload);
});

afterAll(async () => {
  await server.close();
});

/** A value's shape: its type, and for objects each field's shape. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.length ? [shape(value[0])] : [];
  if (value === null) return 'null';
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Payload)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, field]) => [key, shape(field)]),
    );
  }
  return typeof value;
}

function find(payloads: Payload[], event: string, tool?: string): Payload | undefined {
  return payloads.find(
    (p) => p.hook_event_name === event && (tool === undefined || p.tool_name === tool),
  );
}

describe("tick's hook payloads have the fields of Claude Code's real ones", () => {
  it.each([
    ['PreToolUse', 'Bash'],
    ['PostToolUse', 'Bash'],
    ['PreToolUse', 'Write'],
    ['PostToolUse', 'Write'],
    ['PreToolUse', 'Read'],
    ['PostToolUse', 'Read'],
    ['PreToolUse', 'Edit'],
    ['PostToolUse', 'Edit'],
    ['PreToolUse', 'Glob'],
    ['PostToolUse', 'Glob'],
  ])('%s %s: tool_input and tool_response as recorded', (event, tool) => {
    const theirs = find(real, event, tool)!;
    const ours = find(logged, event, tool);
    expect(ours, `${event} ${tool} was not fired`).toBeDefined();
    expect(shape(ours!.tool_input)).toEqual(shape(theirs.tool_input));
    if (event === 'PostToolUse') {
      // Write's originalFile is null for a new file in theirs and here: compare an update.
      const response = { ...(ours!.tool_response as Payload) };
      const recorded = { ...(theirs.tool_response as Payload) };
      if (tool === 'Write') {
        expect(response.type).toBe('create');
        expect(response.originalFile).toBeNull();
      }
      if (tool === 'Glob') expect(response.filenames).toEqual([join(cwd, 'notes.md')]);
      // An empty list in the recording tells no element type; compare the fields.
      delete response.structuredPatch;
      delete recorded.structuredPatch;
      if (tool === 'Glob') {
        delete response.filenames;
        delete recorded.filenames;
      }
      expect(shape(response)).toEqual(shape(recorded));
    }
    // Every top-level field Claude Code sends is there, with the same type; also duration_ms,
    // and prompt_id, which newer Claude Code sends (the recording predates it). tick adds
    // `checkpoint_id` (the point taken before a call that may change files; README, Rewind).
    if (tool === 'Write' || tool === 'Edit') expect(ours!.checkpoint_id).toBeTypeOf('number');
    const extra = new Set(['duration_ms', 'prompt_id', 'checkpoint_id']);
    expect(Object.keys(ours!).filter((key) => !extra.has(key))).toEqual(Object.keys(theirs));
    for (const key of Object.keys(theirs)) expect(typeof ours![key], key).toBe(typeof theirs[key]);
  });

  it.each(['SessionStart', 'UserPromptSubmit', 'Stop', 'SessionEnd'])(
    '%s: the fields Claude Code sends, in its order',
    (event) => {
      const theirs = find(real, event)!;
      const ours = find(logged, event)!;
      // Newer Claude Code adds these; the recording (2026-02) predates them.
      const newer = new Set([
        'last_assistant_message',
        'model',
        'prompt_id',
        'background_tasks',
        'session_crons',
      ]);
      expect(Object.keys(ours).filter((key) => !newer.has(key))).toEqual(Object.keys(theirs));
    },
  );

  it('paths are absolute, edits carry old_string/new_string, TodoWrite old and new lists', () => {
    const edit = find(logged, 'PostToolUse', 'Edit')!;
    expect(edit.tool_input).toEqual({
      file_path: join(cwd, 'notes.md'),
      old_string: 'two',
      new_string: 'three',
      replace_all: false,
    });
    expect(edit.tool_response).toMatchObject({
      filePath: join(cwd, 'notes.md'),
      originalFile: 'one\ntwo\n',
      structuredPatch: [
        { oldStart: 1, oldLines: 2, newStart: 1, newLines: 2, lines: [' one', '-two', '+three'] },
      ],
    });
    expect(find(logged, 'PostToolUse', 'Read')!.tool_response).toEqual({
      type: 'text',
      file: {
        filePath: join(cwd, 'notes.md'),
        content: 'one\ntwo',
        numLines: 2,
        startLine: 1,
        totalLines: 2,
      },
    });
    expect(find(logged, 'PostToolUse', 'Bash')!.tool_response).toEqual({
      stdout: 'hi',
      stderr: '',
      interrupted: false,
      isImage: false,
    });
    expect(find(logged, 'PostToolUse', 'TodoWrite')).toMatchObject({
      tool_input: { todos: [{ content: 'Log', status: 'completed', activeForm: 'Logging' }] },
      tool_response: {
        oldTodos: [],
        newTodos: [{ content: 'Log', status: 'completed', activeForm: 'Logging' }],
      },
    });
    expect(find(logged, 'Stop')).toMatchObject({
      stop_hook_active: false,
      last_assistant_message: 'All logged.',
      permission_mode: 'acceptEdits',
    });
    expect(find(logged, 'SessionEnd')).toMatchObject({ reason: 'other' });
    expect(find(logged, 'SessionStart')).toMatchObject({ source: 'startup' });
  });
});

describe('the events fired by others (subagents) or while waiting', () => {
  const meta = { sessionId: 's', cwd: '/w', transcriptPath: '/t.jsonl', permissionMode: 'plan' };

  it('SubagentStop carries the fields of the recorded one, plus the last message', () => {
    const ours = buildHookStdin(
      'SubagentStop',
      {
        lastMessage: 'found 3 call sites',
        stopHookActive: false,
        agentId: 'a363983',
        agentType: 'Explore',
        agentTranscriptPath: '/t/subagents/agent-a363983.jsonl',
      },
      meta,
    );
    const theirs = find(real, 'SubagentStop')!;
    // Newer Claude Code adds these; the recording (2026-02) predates them.
    const newer = new Set(['last_assistant_message', 'background_tasks', 'session_crons']);
    expect(Object.keys(ours).filter((key) => !newer.has(key))).toEqual(Object.keys(theirs));
    expect(ours.last_assistant_message).toBe('found 3 call sites');
  });

  it('Notification has no permission_mode, as recorded', () => {
    const ours = buildHookStdin(
      'Notification',
      { message: 'tick needs your permission to use Bash', notificationType: 'permission_prompt' },
      meta,
    );
    expect(Object.keys(ours)).toEqual(Object.keys(find(real, 'Notification')!));
  });

  it('PreCompact carries trigger and custom_instructions', () => {
    expect(
      buildHookStdin(
        'PreCompact',
        { trigger: 'manual', customInstructions: 'keep the plan' },
        meta,
      ),
    ).toEqual({
      session_id: 's',
      transcript_path: '/t.jsonl',
      cwd: '/w',
      permission_mode: 'plan',
      hook_event_name: 'PreCompact',
      trigger: 'manual',
      custom_instructions: 'keep the plan',
    });
  });
});
