import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AgentEvent } from '../../src/protocol/events';
import { createAgent } from '../../src/agent/agent';
import {
  startScriptedServer,
  type ScriptedServer,
  type ScriptedTurn,
} from '../../src/demo/scripted-server';
import { runPrintCommand } from '../../src/print/print-command';
import { openSessionForRun } from '../../src/session/open';
import { readSessionFile } from '../../src/session/reader';
import { collect, scriptedApprove, tempDir, testConfig } from '../support/agent-harness';
import { runTick } from '../support/run-cli';
import { ensureBuilt, sessionFiles, tickEnv } from './session-support';

beforeAll(ensureBuilt, 120_000);

const servers: ScriptedServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve(script: ScriptedTurn[]): Promise<ScriptedServer> {
  const server = await startScriptedServer(script);
  servers.push(server);
  return server;
}

/** Every file under a folder, relative path -> content. */
function tree(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else out[relative(root, path)] = readFileSync(path, 'utf8');
    }
  };
  walk(root);
  return out;
}

/** The tool calls of a list of events: name, input and how each ended. */
function calls(events: AgentEvent[]) {
  const results = new Map(
    events.flatMap((event) =>
      event.type === 'tool_result' ? [[event.id, event.status] as const] : [],
    ),
  );
  return events.flatMap((event) =>
    event.type === 'tool_call_ready'
      ? [{ name: event.name, input: event.input, status: results.get(event.id) }]
      : [],
  );
}

function recordedEvents(file: string): AgentEvent[] {
  return readSessionFile(file).records.flatMap((record) =>
    record.kind === 'event' ? [record.event] : [],
  );
}

async function replay(file: string, setup?: (cwd: string) => void) {
  const cwd = tempDir('tick-replay-ws-');
  setup?.(cwd);
  const home = tempDir('tick-replay-home-');
  const stdout: string[] = [];
  const stderr: string[] = [];
  const config = testConfig('http://127.0.0.1:9/v1', { cwd, home, permissionMode: 'acceptEdits' });
  const code = await runPrintCommand(
    config,
    { kind: 'run', print: true, format: 'stream-json', replay: file },
    { stdout: (text) => stdout.push(text), stderr: (text) => stderr.push(text) },
  );
  const lines = stdout
    .join('')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
  return {
    code,
    cwd,
    home,
    stderr: stderr.join(''),
    lines,
    events: lines.filter(
      (line) => line.type !== 'system' && line.type !== 'result',
    ) as AgentEvent[],
  };
}

describe('tick --replay', () => {
  it('re-runs a recorded two-prompt session: the same tool calls, the same files', async () => {
    const home = tempDir('tick-home-');
    const cwd = tempDir('tick-ws-');
    const firstScript: ScriptedTurn[] = [
      {
        text: 'Planning.',
        toolCalls: [
          {
            name: 'todo_write',
            arguments: {
              todos: [
                { content: 'Write the app', status: 'in_progress' },
                { content: 'Tidy up', status: 'pending' },
              ],
            },
          },
        ],
      },
      {
        toolCalls: [
          { name: 'write_file', arguments: { path: 'src/app.txt', content: 'version 1\nmain\n' } },
        ],
      },
      {
        toolCalls: [
          {
            name: 'edit_file',
            arguments: { path: 'src/app.txt', old_text: 'version 1', new_text: 'version 2' },
          },
        ],
      },
      // Denied in print mode, so it must be denied in the replay too.
      { toolCalls: [{ name: 'bash', arguments: { command: 'rm -rf src' } }] },
      { toolCalls: [{ name: 'glob', arguments: { pattern: 'src/*' } }] },
      { text: 'The app is written.' },
    ];
    const secondScript: ScriptedTurn[] = [
      {
        toolCalls: [{ name: 'write_file', arguments: { path: 'NOTES.md', content: '# Notes\n' } }],
      },
      {
        toolCalls: [
          {
            name: 'todo_write',
            arguments: {
              todos: [
                { content: 'Write the app', status: 'completed' },
                { content: 'Tidy up', status: 'completed' },
              ],
            },
          },
        ],
      },
      { text: 'Tidied.' },
    ];
    const one = await serve(firstScript);
    expect(
      (
        await runTick(['-p', 'write the app', '--permission-mode', 'acceptEdits'], {
          cwd,
          env: tickEnv(one.baseURL, home),
        })
      ).exitCode,
    ).toBe(0);
    const two = await serve(secondScript);
    expect(
      (
        await runTick(['-p', '-c', 'now tidy up', '--permission-mode', 'acceptEdits'], {
          cwd,
          env: tickEnv(two.baseURL, home),
        })
      ).exitCode,
    ).toBe(0);
    const [file] = sessionFiles(home);
    const recordedFile = readFileSync(file, 'utf8');

    const run = await replay(file);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const recorded = calls(recordedEvents(file));
    expect(recorded.map((call) => call.name)).toEqual([
      'todo_write',
      'write_file',
      'edit_file',
      'bash',
      'glob',
      'write_file',
      'todo_write',
    ]);
    expect(recorded.find((call) => call.name === 'bash')?.status).toBe('denied');
    expect(calls(run.events)).toEqual(recorded);
    expect(tree(run.cwd)).toEqual(tree(cwd));
    expect(tree(run.cwd)['src/app.txt']).toBe('version 2\nmain\n');
    // Both prompts were sent again, each printed with its own result.
    const prompts = run.events
      .filter((event) => event.type === 'user_prompt')
      .map((event) => event.type === 'user_prompt' && event.text);
    expect(prompts).toEqual(['write the app', 'now tidy up']);
    expect(run.lines.filter((line) => line.type === 'result').map((line) => line.result)).toEqual([
      'The app is written.',
      'Tidied.',
    ]);
    // The recording is untouched; the replay is a session of its own that names it.
    expect(readFileSync(file, 'utf8')).toBe(recordedFile);
    const [replayFile] = sessionFiles(run.home);
    expect(readSessionFile(replayFile).header.replayOf).toBe(file);
  });

  it('uses the recorded approvals: what the user allowed runs, what they denied does not', async () => {
    const cwd = tempDir('tick-ws-');
    const home = tempDir('tick-home-');
    const files = (dir: string) =>
      ['junk.txt', 'precious.txt'].forEach((name) => writeFileSync(join(dir, name), name));
    files(cwd);
    // `rm` is risky: the gate asks, and the user answered once each way.
    const server = await serve([
      { toolCalls: [{ name: 'bash', arguments: { command: 'rm -f junk.txt' } }] },
      { toolCalls: [{ name: 'bash', arguments: { command: 'rm -f precious.txt' } }] },
      { text: 'One of two.' },
    ]);
    const config = testConfig(server.baseURL, { cwd, home });
    const session = await openSessionForRun(config);
    const { approve, asked } = scriptedApprove([
      { decision: 'allow_once' },
      { decision: 'deny', note: 'not that one' },
    ]);
    const agent = await createAgent(config, {
      approve,
      interactive: true,
      ...session.agentOptions,
    });
    await collect(agent.run('clean up', new AbortController().signal));
    await agent.close();
    session.close();
    expect(asked).toHaveLength(2);
    expect(existsSync(join(cwd, 'junk.txt'))).toBe(false);
    expect(existsSync(join(cwd, 'precious.txt'))).toBe(true);

    const run = await replay(session.file, files);
    expect(run.code).toBe(0);
    expect(calls(run.events).map((call) => call.status)).toEqual(['ok', 'denied']);
    expect(existsSync(join(run.cwd, 'junk.txt'))).toBe(false);
    expect(existsSync(join(run.cwd, 'precious.txt'))).toBe(true);
    const denied = run.events.find(
      (event) => event.type === 'tool_result' && event.status === 'denied',
    );
    expect(denied?.type === 'tool_result' && denied.output).toContain('not that one');
  });

  it('replays the shipped v1 recording into an empty workspace', async () => {
    const fixture = fileURLToPath(
      new URL('../fixtures/sessions/v1-two-prompts.jsonl', import.meta.url),
    );
    const run = await replay(fixture);
    expect(run.code).toBe(0);
    expect(calls(run.events)).toEqual(calls(recordedEvents(fixture)));
    const files = tree(run.cwd);
    expect(Object.keys(files).sort()).toEqual(['README.md', 'config.txt']);
    expect(files['config.txt'].split('\n')).toHaveLength(301);
    expect(files['README.md']).toBe('# Demo\n\nSee config.txt.\n');
  });

  it('a file that is not a session is a clear error', async () => {
    const cwd = tempDir('tick-ws-');
    const stderr: string[] = [];
    const config = testConfig('http://127.0.0.1:9/v1', { cwd, home: tempDir('tick-home-') });
    const code = await runPrintCommand(
      config,
      { kind: 'run', print: true, format: 'text', replay: 'missing.jsonl' },
      { stdout: () => undefined, stderr: (text) => stderr.push(text) },
    );
    expect(code).toBe(1);
    expect(stderr.join('')).toBe(`tick: ${join(cwd, 'missing.jsonl')}: no such file\n`);
  });
});
