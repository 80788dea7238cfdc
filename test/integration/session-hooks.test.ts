import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createAgent } from '../../src/agent/agent';
import {
  startScriptedServer,
  type ScriptedServer,
  type Script,
} from '../../src/demo/scripted-server';
import { collect, ofType, scriptedApprove, testConfig } from '../support/agent-harness';
import type { Config } from '../../src/config/types';
import type { CommandHookSettings } from '../../src/hooks/command-hooks';
import type { ApprovalDecision } from '../../src/protocol/approval';
import { openSessionForRun } from '../../src/session/open';

/*
 * SessionStart (its plain stdout is context for the model), SessionEnd, Notification
 * while tick waits for an approval, and the Claude-shaped transcript that transcript_path
 * names, read by hook scripts the way real ones read them.
 */

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function script(cwd: string, name: string, body: string): string {
  const path = join(cwd, name);
  writeFileSync(path, `#!/bin/sh\n${body}\n`, { mode: 0o755 });
  return path;
}

const on = (command: string, matcher?: string) => [
  { ...(matcher ? { matcher } : {}), hooks: [{ type: 'command' as const, command }] },
];

async function agentWith(
  turns: Script,
  hooks: (cwd: string) => CommandHookSettings,
  options: {
    config?: Partial<Config>;
    answers?: ApprovalDecision[];
    interactive?: boolean;
    /** How long the user takes to answer an approval (ms). */
    answerAfter?: number;
    delays?: { permission: number; idle: number };
  } = {},
) {
  server = await startScriptedServer(turns);
  const config = testConfig(server.baseURL, options.config);
  config.hooks = hooks(config.cwd);
  const scripted = scriptedApprove(options.answers ?? []);
  const { asked } = scripted;
  const approve: typeof scripted.approve = async (request) => {
    await new Promise((resolve) => setTimeout(resolve, options.answerAfter ?? 0));
    return scripted.approve(request);
  };
  const agent = await createAgent(config, {
    approve,
    interactive: options.interactive ?? true,
    notificationDelays: options.delays ?? { permission: 200, idle: 60_000 },
  });
  return { agent, config, asked, server };
}

/** One session run (a prompt, print mode), then the same session resumed; both agents closed. */
async function runThenResume(
  config: Config,
  beforeResume: (transcript: string) => void = () => {},
) {
  const { approve } = scriptedApprove([]);
  const first = await openSessionForRun(config);
  const agent = await createAgent(config, { ...first.agentOptions, approve, interactive: false });
  await collect(agent.run('one', new AbortController().signal));
  await agent.close();
  first.close();
  beforeResume(agent.transcriptPath);
  const again = await openSessionForRun(config, { kind: 'latest' });
  const resumed = await createAgent(config, { ...again.agentOptions, approve, interactive: false });
  await collect(resumed.run('two', new AbortController().signal));
  await resumed.close();
  again.close();
  return { first: agent, resumed };
}

const lines = (file: string) =>
  existsSync(file)
    ? readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>)
    : [];

describe('SessionStart and SessionEnd', () => {
  it("gives SessionStart's plain stdout to the model with the first prompt", async () => {
    const { agent, server: s } = await agentWith([{ text: 'ok' }, { text: 'again' }], (cwd) => ({
      SessionStart: on(
        script(cwd, 'start.sh', 'echo "Reminder: this project uses pnpm"'),
        'startup',
      ),
    }));
    const events = await collect(agent.run('hello', new AbortController().signal));
    expect(String(s.requests[0].body.messages.at(-1).content)).toBe(
      'hello\n\n<context>\nReminder: this project uses pnpm\n</context>',
    );
    expect(ofType(events, 'hook_context')).toEqual([
      { type: 'hook_context', text: 'Reminder: this project uses pnpm' },
    ]);
    await collect(agent.run('second', new AbortController().signal));
    expect(s.requests[1].body.messages.at(-1).content).toBe('second');
    await agent.close();
  });

  it('fires startup, then clear on /clear with SessionEnd between, and SessionEnd at close', async () => {
    const { agent, config } = await agentWith([{ text: 'ok' }], (cwd) => {
      const log = `jq -c '{e: .hook_event_name, s: .source, r: .reason}' >> '${join(cwd, 'life.log')}'`;
      return { SessionStart: on(log), SessionEnd: on(log) };
    });
    agent.reset();
    await collect(agent.run('after clear', new AbortController().signal));
    await agent.close('prompt_input_exit');
    expect(lines(join(config.cwd, 'life.log'))).toEqual([
      { e: 'SessionStart', s: 'startup', r: null },
      { e: 'SessionEnd', s: null, r: 'clear' },
      { e: 'SessionStart', s: 'clear', r: null },
      { e: 'SessionEnd', s: null, r: 'prompt_input_exit' },
    ]);
  });

  it('fires resume for a resumed session', async () => {
    server = await startScriptedServer([{ text: 'first' }, { text: 'second' }]);
    const config = testConfig(server.baseURL);
    const log = join(config.cwd, 'life.log');
    config.hooks = { SessionStart: on(`jq -c '{s: .source}' >> '${log}'`) };
    await runThenResume(config);
    expect(lines(log)).toEqual([{ s: 'startup' }, { s: 'resume' }]);
  });
});

describe('Notification', () => {
  const logNotifications = (cwd: string) => ({
    Notification: on(
      `jq -c '{m: .message, t: .notification_type, title: .title}' >> '${join(cwd, 'n.log')}'`,
    ),
  });
  const risky = [
    { toolCalls: [{ name: 'bash', arguments: { command: 'rm -rf build' } }] },
    { text: 'ok' },
  ];

  it('fires when an approval waits unanswered, with Claude Code’s message, type and title', async () => {
    const { agent, config } = await agentWith(risky, logNotifications, {
      answers: [{ decision: 'deny' }],
      answerAfter: 800,
    });
    await collect(agent.run('clean', new AbortController().signal));
    await agent.close();
    expect(lines(join(config.cwd, 'n.log'))).toEqual([
      {
        m: 'tick needs your permission to use Bash',
        t: 'permission_prompt',
        title: 'Permission needed',
      },
    ]);
  });

  it('does not fire for an approval answered before the delay (no stale "needs input")', async () => {
    const { agent, config } = await agentWith(risky, logNotifications, {
      answers: [{ decision: 'deny' }],
      answerAfter: 0,
    });
    await collect(agent.run('clean', new AbortController().signal));
    await new Promise((resolve) => setTimeout(resolve, 500));
    await agent.close();
    expect(existsSync(join(config.cwd, 'n.log'))).toBe(false);
  });

  it('idle_prompt when the prompt waits after a turn; a new prompt in time cancels it', async () => {
    const { agent, config } = await agentWith(
      [{ text: 'one' }, { text: 'two' }],
      logNotifications,
      {
        delays: { permission: 200, idle: 400 },
      },
    );
    await collect(agent.run('first', new AbortController().signal));
    await collect(agent.run('second', new AbortController().signal));
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    await agent.close();
    expect(lines(join(config.cwd, 'n.log'))).toEqual([
      { m: 'tick is waiting for your input', t: 'idle_prompt', title: 'Waiting for input' },
    ]);
  });

  it('does not fire in print mode, where nobody is asked', async () => {
    const { agent, config } = await agentWith(
      [{ toolCalls: [{ name: 'bash', arguments: { command: 'rm -rf build' } }] }, { text: 'ok' }],
      (cwd) => ({ Notification: on(`cat >> '${join(cwd, 'n.log')}'`) }),
      { interactive: false },
    );
    await collect(agent.run('clean', new AbortController().signal));
    await agent.close();
    expect(existsSync(join(config.cwd, 'n.log'))).toBe(false);
  });
});

describe('transcript_path', () => {
  it("names a JSONL file in Claude Code's shape that a Stop hook can read (ralph-wiggum style)", async () => {
    const { agent, config } = await agentWith(
      [
        { toolCalls: [{ name: 'write_file', arguments: { path: 'a.txt', content: 'x' } }] },
        { text: 'Wrote it.\n<promise>DONE</promise>' },
      ],
      (cwd) => ({
        // bash, as the real script: dash's echo would turn the JSON's \n into line breaks.
        Stop: on(
          'bash ' +
            script(
              cwd,
              'stop.sh',
              [
                'TRANSCRIPT=$(jq -r .transcript_path)',
                `LAST=$(grep '"role":"assistant"' "$TRANSCRIPT" | tail -1)`,
                `echo "$LAST" | jq -r '.message.content | map(select(.type == "text")) | map(.text) | join("\\n")' > '${join(cwd, 'last.txt')}'`,
              ].join('\n'),
            ),
        ),
      }),
      { config: { permissionMode: 'acceptEdits' } },
    );
    await collect(agent.run('write a.txt', new AbortController().signal));
    expect(readFileSync(join(config.cwd, 'last.txt'), 'utf8')).toBe(
      'Wrote it.\n<promise>DONE</promise>\n',
    );
    const transcript = lines(agent.transcriptPath);
    expect(agent.transcriptPath).toMatch(/\/transcripts\/[0-9a-f-]+\.jsonl$/);
    expect(transcript.map((line) => [line.type, (line.message as { role: string }).role])).toEqual([
      ['user', 'user'],
      ['assistant', 'assistant'],
      ['user', 'user'],
      ['assistant', 'assistant'],
    ]);
    expect(transcript[0].message).toEqual({ role: 'user', content: 'write a.txt' });
    expect((transcript[1].message as { content: unknown }).content).toEqual([
      {
        type: 'tool_use',
        id: expect.any(String),
        name: 'Write',
        input: { file_path: join(config.cwd, 'a.txt'), content: 'x' },
      },
    ]);
    expect((transcript[2].message as { content: unknown[] }).content[0]).toMatchObject({
      type: 'tool_result',
      content: 'Wrote 1 bytes to a.txt',
    });
    expect(transcript[1].parentUuid).toBe(transcript[0].uuid);
    expect(transcript[0]).toMatchObject({ sessionId: agent.sessionId, cwd: config.cwd });
    await agent.close();
  });

  it('writes a resumed session’s earlier messages first when the transcript is new', async () => {
    server = await startScriptedServer([{ text: 'first answer' }, { text: 'second answer' }]);
    const config = testConfig(server.baseURL);
    // The transcript of the first run is gone (an older tick wrote none): resuming rewrites it.
    const { first, resumed } = await runThenResume(config, (transcript) => rmSync(transcript));
    expect(resumed.transcriptPath).toBe(first.transcriptPath);
    expect(
      lines(resumed.transcriptPath).map((line) =>
        JSON.stringify((line.message as { content: unknown }).content),
      ),
    ).toEqual([
      '"one"',
      '[{"type":"text","text":"first answer"}]',
      '"two"',
      '[{"type":"text","text":"second answer"}]',
    ]);
  });
});
