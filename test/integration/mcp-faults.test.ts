import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { McpHub } from '../../src/mcp/hub';
import type { McpServerConfig, McpSettings } from '../../src/mcp/config-types';
import { serverLogFile } from '../../src/mcp/paths';
import type { Tool, ToolContext, ToolResult } from '../../src/tools/types';
import { tempDir } from '../support/agent-harness';
import { FAULT_SERVER, mcpConfig, stdioServer } from '../support/mcp-servers';

/*
 * A server that fails to start, hangs, crashes mid-call, prints what is not JSON-RPC, or
 * asks for sampling: one clear line, a failed call, the next use starts it again; nothing
 * of it is left running when the session ends.
 */

let hubs: McpHub[] = [];
afterEach(async () => {
  await Promise.all(hubs.map((hub) => hub.close()));
  hubs = [];
});

function faulty(
  env: Record<string, string> = {},
  settings: Partial<McpSettings> = {},
  extra: Partial<McpServerConfig> = {},
) {
  const home = tempDir('tick-mcp-home-');
  const workspace = tempDir('tick-mcp-ws-');
  const log = join(tempDir('tick-mcp-log-'), 'fault.log');
  const notices: string[] = [];
  const server = {
    ...stdioServer('fault', [FAULT_SERVER], { env: { FAULT_LOG: log, ...env } }),
    ...extra,
  } as McpServerConfig;
  const hub = new McpHub(mcpConfig([server], settings), {
    context: { workspace, home, env: process.env },
    roots: () => [workspace],
    onNotice: (text) => notices.push(text),
  });
  hubs.push(hub);
  hub.start();
  return { hub, log, notices, stderrLog: serverLogFile(home, workspace, 'fault') };
}

function tool(hub: McpHub, name: string): Tool {
  const found = hub.tools().find((candidate) => candidate.name === `mcp__fault__${name}`);
  if (!found)
    throw new Error(
      `no tool ${name}: ${hub
        .tools()
        .map((t) => t.name)
        .join(', ')}`,
    );
  return found;
}

function call(
  hub: McpHub,
  name: string,
  input: Record<string, unknown> = {},
  extra: Partial<ToolContext> = {},
): Promise<ToolResult> {
  return tool(hub, name).run(input, {
    cwd: '/',
    roots: ['/'],
    signal: new AbortController().signal,
    onOutput: () => undefined,
    sandbox: false,
    agentName: 'main',
    ...extra,
  });
}

const pidsOf = (log: string) =>
  readFileSync(log, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('started '))
    .map((line) => Number(line.slice(8)));

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('a server that fails to start', () => {
  it('that exits: one line with its exit code and where its stderr went (never the screen)', async () => {
    const { hub, stderrLog } = faulty({ FAULT_START: 'crash' });
    await hub.settled();
    expect(hub.view()[0]).toMatchObject({
      state: 'failed',
      reason: `the server exited with code 7 before it was ready (its stderr is in ${stderrLog})`,
    });
    expect(readFileSync(stderrLog, 'utf8')).toContain('fault-server: cannot start (as asked)');
    // It may hold whatever the server read: private, as tick's other files under TICK_HOME.
    expect(statSync(stderrLog).mode & 0o777).toBe(0o600);
    expect(statSync(dirname(stderrLog)).mode & 0o777).toBe(0o700);
  });

  it('that never answers: gives up after the timeout and stops it', async () => {
    const { hub, log } = faulty({ FAULT_START: 'hang' }, { timeoutMs: 2000 });
    const started = Date.now();
    await hub.settled();
    expect(Date.now() - started).toBeLessThan(5000);
    expect(hub.view()[0]).toMatchObject({
      state: 'failed',
      reason: expect.stringMatching(/^did not start within 2 s/),
    });
    const [pid] = pidsOf(log);
    await until(() => !alive(pid));
  });

  it('that prints a banner on stdout: says so, quoting it', async () => {
    const { hub } = faulty({ FAULT_START: 'banner' });
    await hub.settled();
    expect(hub.view()[0]).toMatchObject({
      state: 'failed',
      reason: 'sent a line that is not a JSON-RPC message: "Fault server v1.0 ready!"',
    });
  });

  it('whose command does not exist', async () => {
    const { hub } = faulty({}, {}, { command: 'no-such-mcp-server-xyz', args: [] });
    await hub.settled();
    expect(hub.view()[0]).toMatchObject({
      state: 'failed',
      reason: expect.stringMatching(/^command not found: no-such-mcp-server-xyz/),
    });
  });
});

describe('a server that fails during a call', () => {
  it('crashing mid-call fails the call in one line; the next use starts it again', async () => {
    const { hub, log, stderrLog } = faulty();
    await hub.settled();
    const crashed = await call(hub, 'crash');
    expect(crashed.isError).toBe(true);
    expect(crashed.output).toBe(
      `Error: MCP server fault: the server exited with code 3 during the call (its stderr is in ${stderrLog})`,
    );
    expect(hub.view()[0].state).toBe('failed');
    const again = await call(hub, 'ok', { word: 'back' });
    expect(again.output).toBe('ok back');
    expect(hub.view()[0].state).toBe('ready');
    expect(pidsOf(log)).toHaveLength(2);
  });

  it('a line that is not JSON-RPC mid-call is a fault; the next use starts it again', async () => {
    const { hub } = faulty();
    await hub.settled();
    const result = await call(hub, 'garbage');
    expect(result.output).toBe(
      'Error: MCP server fault: sent a line that is not a JSON-RPC message: "this is not json"',
    );
    expect((await call(hub, 'ok')).output).toBe('ok');
  });

  it('no answer within the tool timeout: one line, and the server is started again next time', async () => {
    const { hub } = faulty({}, { toolTimeoutMs: 1000 });
    await hub.settled();
    expect((await call(hub, 'hang')).output).toBe('Error: MCP server fault: no answer within 1 s');
    expect((await call(hub, 'ok')).output).toBe('ok');
  });

  it('Esc sends notifications/cancelled and the call ends as aborted', async () => {
    const { hub, log } = faulty();
    await hub.settled();
    const controller = new AbortController();
    const pending = call(hub, 'hang', {}, { signal: controller.signal });
    setTimeout(() => controller.abort(), 200);
    const result = await pending;
    expect(result).toMatchObject({ isError: true, output: 'Error: command aborted by the user' });
    await until(() => readFileSync(log, 'utf8').includes('cancelled '));
    // The server is fine: the same process answers the next call.
    expect((await call(hub, 'ok')).output).toBe('ok');
    expect(pidsOf(log)).toHaveLength(1);
  });

  it('an isError result is a failed call with the server text, for the model and for hooks', async () => {
    const { hub } = faulty();
    await hub.settled();
    expect(await call(hub, 'fail')).toEqual({
      output: 'the database is locked',
      isError: true,
      claude: { error: 'the database is locked' },
    });
  });
});

describe('what a server may ask of tick', () => {
  it('refreshes the tools on notifications/tools/list_changed', async () => {
    const { hub } = faulty();
    await hub.settled();
    expect(hub.tools().some((t) => t.name === 'mcp__fault__added')).toBe(false);
    await call(hub, 'grow');
    await until(() => hub.tools().some((t) => t.name === 'mcp__fault__added'));
    expect((await call(hub, 'added')).output).toBe('added works');
  });

  it('declines sampling with a reason the server reads, and tells the user', async () => {
    const { hub, notices } = faulty();
    await hub.settled();
    const result = await call(hub, 'sample');
    expect(result.output).toBe(
      "declined: MCP error -32601: tick declines sampling (a completion from tick's model): it does not support them",
    );
    expect(notices).toContain(
      "MCP server fault asked for sampling (a completion from tick's model); tick declined",
    );
  });
});

describe('the end of the session', () => {
  it('stops every server and what it started', async () => {
    const { hub, log } = faulty();
    await hub.settled();
    const result = await call(hub, 'spawn-child');
    const child = Number(/child (\d+)/.exec(result.output)![1]);
    const [pid] = pidsOf(log);
    expect(alive(pid) && alive(child)).toBe(true);
    await hub.close();
    await until(() => !alive(pid) && !alive(child));
    expect(existsSync(log)).toBe(true);
  });
});
