import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { McpHub } from '../../src/mcp/hub';
import type { Tool, ToolContext, ToolResult } from '../../src/tools/types';
import { tempDir } from '../support/agent-harness';
import {
  EVERYTHING,
  FILESYSTEM,
  freePort,
  MEMORY,
  mcpConfig,
  remoteServer,
  startEverythingHttp,
  stdioServer,
  type HttpServer,
} from '../support/mcp-servers';
import type { McpServerConfig } from '../../src/mcp/config-types';

/*
 * The reference servers from npm, started for real: server-everything over stdio,
 * streamable HTTP and SSE, server-filesystem and server-memory; tick's hub and tools drive
 * them as the agent does.
 */

let hubs: McpHub[] = [];
let http: HttpServer[] = [];
afterEach(async () => {
  await Promise.all(hubs.map((hub) => hub.close()));
  await Promise.all(http.map((server) => server.close()));
  hubs = [];
  http = [];
});

function startHub(servers: McpServerConfig[], workspace = tempDir('tick-mcp-ws-')) {
  const notices: string[] = [];
  const hub = new McpHub(mcpConfig(servers), {
    context: { workspace, home: tempDir('tick-mcp-home-'), env: process.env },
    roots: () => [workspace],
    onNotice: (text) => notices.push(text),
  });
  hubs.push(hub);
  hub.start();
  return { hub, workspace, notices };
}

function toolNamed(hub: McpHub, name: string): Tool {
  const tool = hub.tools().find((candidate) => candidate.name === name);
  if (!tool)
    throw new Error(
      `no tool ${name}; offered: ${hub
        .tools()
        .map((t) => t.name)
        .join(', ')}`,
    );
  return tool;
}

function run(tool: Tool, input: unknown, extra: Partial<ToolContext> = {}): Promise<ToolResult> {
  const parsed = tool.schema.parse(input);
  if (!parsed.ok) throw new Error(parsed.problems.join('; '));
  return tool.run(parsed.value, {
    cwd: '/',
    roots: ['/'],
    signal: new AbortController().signal,
    onOutput: () => undefined,
    sandbox: false,
    agentName: 'main',
    ...extra,
  });
}

describe('server-everything over stdio', () => {
  it('starts in the background, offers its tools as mcp__everything__*, and answers calls', async () => {
    const { hub } = startHub([stdioServer('everything', [EVERYTHING, 'stdio'])]);
    expect(hub.view()[0].state).toBe('starting');
    await hub.settled();
    const [view] = hub.view();
    expect(view).toMatchObject({ name: 'everything', state: 'ready', transport: 'stdio' });
    expect(view.tools).toBeGreaterThan(5);
    expect(view.tokens).toBeGreaterThan(100);
    const echo = toolNamed(hub, 'mcp__everything__echo');
    expect(echo.description).toBe('Echoes back the input string');
    expect(echo.schema.jsonSchema()).toMatchObject({
      type: 'object',
      properties: { message: { type: 'string' } },
    });
    const result = await run(echo, { message: 'hi' });
    expect(result).toEqual({
      output: 'Echo: hi',
      isError: false,
      claude: { response: [{ type: 'text', text: 'Echo: hi' }] },
    });
  });

  it('saves an image beside the call output and names it; shows structured content and links', async () => {
    const { hub } = startHub([stdioServer('everything', [EVERYTHING, 'stdio'])]);
    await hub.settled();
    const dir = tempDir('tick-mcp-out-');
    const outputFile = join(dir, 'call_1.txt');
    const image = await run(toolNamed(hub, 'mcp__everything__get-tiny-image'), {}, { outputFile });
    expect(image.output).toMatch(/\[image image\/png, [\d.]+ (B|KB), saved to .*call_1-2\.png\]/);
    const saved = /saved to (\S+\.png)\]/.exec(image.output)![1];
    expect(readFileSync(saved).subarray(1, 4).toString()).toBe('PNG');
    expect(statSync(saved).mode & 0o777).toBe(0o600);
    const links = await run(toolNamed(hub, 'mcp__everything__get-resource-links'), { count: 2 });
    expect(links.output.split('\n').slice(1)).toEqual([
      expect.stringMatching(/^\[resource link: .+ demo:\/\/resource\/\S+ \(text\/plain\) — .+\]$/),
      expect.stringMatching(/^\[resource link: .+ demo:\/\/resource\/\S+ \(text\/plain\) — .+\]$/),
    ]);
    const structured = await run(toolNamed(hub, 'mcp__everything__get-structured-content'), {
      location: 'Chicago',
    });
    expect(JSON.parse(structured.output)).toMatchObject({ temperature: expect.any(Number) });
    // The text says the same as structuredContent: the card needs no second line for it.
    expect(structured.display).toBeUndefined();
  });

  it('tells a server that asks for roots the workspace', async () => {
    const { hub, workspace } = startHub([stdioServer('everything', [EVERYTHING, 'stdio'])]);
    await hub.settled();
    const roots = await run(toolNamed(hub, 'mcp__everything__get-roots-list'), {});
    expect(roots.output).toContain(`file://${workspace}`);
  });
});

describe('server-everything over the network', () => {
  it.each(['streamableHttp', 'sse'] as const)('answers over %s', async (kind) => {
    const server = await startEverythingHttp(kind);
    http.push(server);
    const { hub } = startHub([remoteServer('remote', server.url, kind === 'sse' ? 'sse' : 'http')]);
    await hub.settled();
    expect(hub.view()[0]).toMatchObject({
      state: 'ready',
      transport: kind === 'sse' ? 'sse' : 'http',
    });
    expect((await run(toolNamed(hub, 'mcp__remote__echo'), { message: kind })).output).toBe(
      `Echo: ${kind}`,
    );
  });

  it('falls back to SSE for an entry with a url and no type, when the server speaks only SSE', async () => {
    const server = await startEverythingHttp('sse');
    http.push(server);
    const { hub } = startHub([
      { ...remoteServer('legacy', server.url), sseFallback: true } as McpServerConfig,
    ]);
    await hub.settled();
    expect(hub.view()[0].state).toBe('ready');
    expect((await run(toolNamed(hub, 'mcp__legacy__echo'), { message: 'old' })).output).toBe(
      'Echo: old',
    );
  });

  it('says in one line that nothing listens at a URL', async () => {
    const { hub } = startHub([remoteServer('gone', `http://127.0.0.1:${await freePort()}/mcp`)]);
    await hub.settled();
    expect(hub.view()[0]).toMatchObject({
      state: 'failed',
      reason: 'connection refused (is the server running?)',
    });
  });
});

describe('server-filesystem and server-memory', () => {
  it('reads and writes inside the workspace through server-filesystem', async () => {
    const workspace = tempDir('tick-mcp-fs-');
    writeFileSync(join(workspace, 'notes.txt'), 'first line\nsecond line\n');
    const { hub } = startHub([stdioServer('fs', [FILESYSTEM, workspace])], workspace);
    await hub.settled();
    expect(hub.view()[0].state).toBe('ready');
    const read = await run(toolNamed(hub, 'mcp__fs__read_text_file'), {
      path: join(workspace, 'notes.txt'),
    });
    expect(read.output).toBe('first line\nsecond line\n');
    // Its structuredContent ({content: ...}) is not the text: the card shows it as one line.
    expect(read.display).toEqual({ structured: '{"content":"first line\\nsecond line\\n"}' });
    await run(toolNamed(hub, 'mcp__fs__write_file'), {
      path: join(workspace, 'new.txt'),
      content: 'made by MCP',
    });
    expect(readFileSync(join(workspace, 'new.txt'), 'utf8')).toBe('made by MCP');
    const outside = await run(toolNamed(hub, 'mcp__fs__read_text_file'), { path: '/etc/hostname' });
    expect(outside.isError).toBe(true);
    expect(outside.output).toMatch(/^Error|Access denied/);
  });

  it('keeps a knowledge graph through server-memory', async () => {
    const dir = tempDir('tick-mcp-mem-');
    const file = join(dir, 'memory.jsonl');
    const { hub } = startHub([
      stdioServer('memory', [MEMORY], { env: { MEMORY_FILE_PATH: file } }),
    ]);
    await hub.settled();
    await run(toolNamed(hub, 'mcp__memory__create_entities'), {
      entities: [{ name: 'tick', entityType: 'program', observations: ['plans with todos'] }],
    });
    const graph = await run(toolNamed(hub, 'mcp__memory__read_graph'), {});
    expect(graph.output).toContain('plans with todos');
    expect(existsSync(file)).toBe(true);
  });
});
