import { afterEach, expect, it } from 'vitest';
import { startScriptedServer, type ScriptedServer } from '../../src/demo/scripted-server';
import { McpSession } from '../../src/mcp/session';
import { tempDir } from '../support/agent-harness';
import { runTick } from '../support/run-cli';
import { EVERYTHING, mcpConfig, stdioServer } from '../support/mcp-servers';

/*
 * MCP prompts and resources with the real server-everything: the model reads resources
 * through list_mcp_resources and read_mcp_resource (print mode, the real CLI), and the
 * prompts become /mcp__everything__<prompt> commands filled with the words typed after them.
 */

const everything = {
  mcpServers: { everything: { command: process.execPath, args: [EVERYTHING, 'stdio'] } },
};
const DOC = 'demo://resource/static/document/features.md';

let server: ScriptedServer | undefined;
let session: McpSession | undefined;
afterEach(async () => {
  await server?.close();
  await session?.close();
  server = session = undefined;
});

it('the model lists and reads resources, without being asked about it', async () => {
  server = await startScriptedServer([
    { toolCalls: [{ name: 'list_mcp_resources', arguments: {} }] },
    { toolCalls: [{ name: 'read_mcp_resource', arguments: { server: 'everything', uri: DOC } }] },
    {
      toolCalls: [{ name: 'read_mcp_resource', arguments: { server: 'nowhere', uri: 'demo://x' } }],
    },
    { text: 'Read.' },
  ]);
  const run = await runTick(['-p', 'read the docs', '--mcp-config', JSON.stringify(everything)], {
    cwd: tempDir('tick-ws-'),
    timeoutMs: 60_000,
    env: {
      OPENAI_BASE_URL: server.baseURL,
      OPENAI_API_KEY: 'test',
      TICK_HOME: tempDir('tick-home-'),
      TICK_MODEL: 'scripted',
    },
  });
  expect(run.stdout).toBe('Read.\n');
  const offered = server.requests[0].body.tools.map(
    (tool: { function: { name: string } }) => tool.function.name,
  );
  expect(offered).toEqual(expect.arrayContaining(['list_mcp_resources', 'read_mcp_resource']));
  const answers = server.requests
    .at(-1)!
    .body.messages.filter((message: { role: string }) => message.role === 'tool');
  expect(answers[0].content).toContain(`everything: ${DOC} (features.md, text/markdown)`);
  expect(answers[1].content).toMatch(/^# /);
  expect(answers[1].content.length).toBeGreaterThan(200);
  expect(answers[2].content).toBe('Error: no ready MCP server named nowhere');
}, 90_000);

it('prompts are commands: listed with their arguments, filled in order, sent as text', async () => {
  session = new McpSession(mcpConfig([stdioServer('everything', [EVERYTHING, 'stdio'])]), {
    workspace: tempDir('tick-ws-'),
    home: tempDir('tick-home-'),
    roots: () => [],
    windowTokens: () => undefined,
    interactive: false,
  });
  session.start();
  await session.settled();
  const commands = (await session.prompts()).map((prompt) => prompt.command);
  expect(commands).toEqual(
    expect.arrayContaining(['/mcp__everything__simple-prompt', '/mcp__everything__args-prompt']),
  );
  expect(await session.runPrompt('/mcp__everything__args-prompt', 'Paris')).toBe(
    "What's weather in Paris?",
  );
  // The last argument takes the rest of the line.
  expect(await session.runPrompt('/mcp__everything__args-prompt', 'Austin Texas USA')).toBe(
    "What's weather in Austin, Texas USA?",
  );
  await expect(session.runPrompt('/mcp__everything__args-prompt', '')).rejects.toThrow(
    'prompt args-prompt needs CITY',
  );
  await expect(session.runPrompt('/mcp__everything__nope', '')).rejects.toThrow(
    'No MCP prompt /mcp__everything__nope. /mcp prompts lists them.',
  );
}, 60_000);

it("a subagent gets the parent's MCP tools and calls them over the same server", async () => {
  const CHILD = 'CHILD: echo through MCP';
  server = await startScriptedServer({
    main: [
      {
        toolCalls: [{ name: 'agent', arguments: { description: 'Echo', prompt: CHILD } }],
      },
      { text: 'parent done' },
    ],
    conversations: {
      [CHILD]: [
        {
          toolCalls: [{ name: 'mcp__everything__echo', arguments: { message: 'from the child' } }],
        },
        { text: 'child done' },
      ],
    },
  });
  const run = await runTick(
    [
      '-p',
      'delegate',
      '--mcp-config',
      JSON.stringify(everything),
      '--allowedTools',
      'mcp__everything__echo',
    ],
    {
      cwd: tempDir('tick-ws-'),
      timeoutMs: 60_000,
      env: {
        OPENAI_BASE_URL: server.baseURL,
        OPENAI_API_KEY: 'test',
        TICK_HOME: tempDir('tick-home-'),
        TICK_MODEL: 'scripted',
      },
    },
  );
  expect(run.stdout).toBe('parent done\n');
  // The child's conversation starts with its own prompt.
  const childRequests = server.requests.filter(
    (request) =>
      request.body.messages.find((message: { role: string }) => message.role === 'user')
        ?.content === CHILD,
  );
  const offered = childRequests[0].body.tools.map(
    (tool: { function: { name: string } }) => tool.function.name,
  );
  expect(offered).toContain('mcp__everything__echo');
  expect(offered).not.toContain('agent');
  const answer = childRequests
    .at(-1)!
    .body.messages.find((message: { role: string }) => message.role === 'tool');
  expect(answer.content).toBe('Echo: from the child');
}, 90_000);
