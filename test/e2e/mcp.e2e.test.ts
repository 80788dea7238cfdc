import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import {
  appInPty,
  appTestFile,
  modelEnv,
  scriptedServer,
  tempFolder,
  waitForChoices,
} from '../support/tick-app';
import { EVERYTHING, MEMORY } from '../support/mcp-servers';

const cleanups = appTestFile();

/*
 * The app with real MCP servers from npm, in a real terminal: a project server asks before
 * it starts, /mcp lists the servers with their state, a call is asked with the server, the
 * title, the arguments and the server's claims, `a` grants mcp__server__tool for the
 * session, and the card shows the call and its result.
 */
test('a project server is asked about first; /mcp lists servers; an MCP call is approved in the prompt and shown on its card', async () => {
  const cwd = tempFolder(cleanups, 'tick-e2e-');
  const home = tempFolder(cleanups, 'tick-home-');
  const memoryFile = join(tempFolder(cleanups, 'tick-mem-'), 'memory.jsonl');
  writeFileSync(
    join(cwd, '.mcp.json'),
    JSON.stringify({
      mcpServers: {
        memory: {
          command: process.execPath,
          args: [MEMORY],
          env: { MEMORY_FILE_PATH: memoryFile },
        },
      },
    }),
  );
  mkdirSync(join(cwd, '.tick'));
  writeFileSync(
    join(cwd, '.tick', 'settings.json'),
    JSON.stringify({
      mcpServers: { everything: { command: process.execPath, args: [EVERYTHING, 'stdio'] } },
    }),
  );
  const create = {
    toolCalls: [
      {
        name: 'mcp__memory__create_entities',
        arguments: { entities: [{ name: 'tick', entityType: 'program', observations: ['plans'] }] },
      },
    ],
  };
  const server = await scriptedServer(cleanups, [
    create,
    { text: 'Remembered.' },
    {
      toolCalls: [
        { name: 'mcp__memory__read_graph', arguments: {} },
        { name: 'mcp__everything__echo', arguments: { message: 'hi' } },
      ],
    },
    { text: 'Read it.' },
    { text: 'Sunny in Paris.' },
  ]);
  const app = appInPty(cleanups, [], { cwd, env: modelEnv(server, home) });
  // Before its first start, the project server is asked about in the approval prompt.
  const first = (await app.waitForText('Use this MCP server from .mcp.json?', 20_000)).replace(
    /\s+/g,
    ' ',
  );
  expect(first).toContain(`memory: ${process.execPath} ${MEMORY}`);
  expect(first).toContain("from this project's .mcp.json: it runs with your permissions");
  expect(first).toMatch(/y\/1 use this server/);
  expect(first).toMatch(/a\/2 use it and every later server of this project's \.mcp\.json/);
  expect(first).toMatch(/n\/3\/esc don't use it/);
  await waitForChoices(app);
  await app.type('y');
  await app.waitForText('Using memory (remembered in', 10_000);
  expect(JSON.parse(readFileSync(join(cwd, '.tick', 'settings.local.json'), 'utf8'))).toMatchObject(
    {
      enabledMcpjsonServers: ['memory'],
    },
  );

  // /mcp says what is true now: starting at first, then ready.
  let listed = '';
  for (let tries = 0; tries < 20 && !listed.includes('2 of 2 servers ready'); tries++) {
    await app.type('/mcp', true);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const screen = (await app.screenText()).replace(/\s+/g, ' ');
    // The latest listing only: the ones above it said what was true then.
    listed = screen.slice(screen.lastIndexOf('MCP servers'));
  }
  expect(listed).toMatch(/memory: .* \(stdio, project \.mcp\.json\) - ready: 9 tools/);
  expect(listed).toMatch(
    /everything: .* \(stdio, project settings\) - ready: \d+ tools, ~[\d.]+k? tokens per request/,
  );
  expect(listed).toMatch(
    /2 of 2 servers ready, \d+ tools, ~[\d.]+k tokens of tool definitions per request/,
  );
  // The status line says the same in short: ready servers, and their definitions' cost.
  const cost = /offered to the model now: (\d+) MCP tool definitions, ~([\d.]+k) tokens/.exec(
    listed,
  )!;
  const statusRow = (await app.screen()).find((row) => row.includes('shift+tab mode')) ?? '';
  expect(statusRow).toContain(`· mcp 2/2 ~${cost[2]} tok ·`);

  await app.type('remember tick', true);
  const asked = await app.waitForText('Call this MCP tool?', 20_000);
  const question = asked.replace(/\s+/g, ' ');
  expect(question).toContain('mcp__memory__create_entities');
  expect(question).toContain('memory › Create Entities');
  expect(question).toContain('entities: [');
  expect(question).toContain('"observations": [');
  expect(question).toMatch(/an MCP tool; the server says: /);
  expect(question).toContain('mcp__memory__create_entities');
  await waitForChoices(app);
  await app.type('a');
  const done = await app.waitForText('Remembered.', 20_000);
  expect(done).toMatch(/✓ mcp__memory__create_entities\s+entities=\[\{"name":"tick"/);
  expect(readFileSync(memoryFile, 'utf8')).toContain('"name":"tick"');

  // The grant names the tool: the same tool would run unasked; another tool still asks.
  await app.type('what do you remember', true);
  const again = await app.waitForText('Call this MCP tool?', 20_000);
  expect(again.replace(/\s+/g, ' ')).toContain('mcp__memory__read_graph');
  await waitForChoices(app);
  await app.type('y');
  // The next question is a new one: its keys answer only once it has been on screen a moment.
  const second = await app.waitForText('everything › Echo Tool', 20_000);
  expect(second).toContain('Call this MCP tool?');
  await waitForChoices(app);
  await app.type('y');
  const end = await app.waitForText('Read it.', 20_000);
  expect(end).toMatch(/✓ mcp__everything__echo\s+message="hi"/);
  expect(end).toContain('Echo: hi');

  // The servers' prompts are commands; one sends the server's text as the user's prompt.
  await app.type('/mcp prompts', true);
  const prompts = (await app.waitForText('MCP prompts', 10_000)).replace(/\s+/g, ' ');
  expect(prompts).toContain(
    '/mcp__everything__args-prompt CITY [STATE] A prompt with two arguments, one required and one optional',
  );
  await app.type('/mcp__everything__args-prompt Paris', true);
  await app.waitForText('Sunny in Paris.', 20_000);
  const sent = server.requests.at(-1)!.body.messages.at(-1);
  expect(sent).toMatchObject({
    role: 'user',
    content: expect.stringContaining("What's weather in Paris?"),
  });
}, 120_000);

test('"don\'t use it" is remembered: the next launch does not ask, and the server stays off', async () => {
  const cwd = tempFolder(cleanups, 'tick-e2e-');
  const home = tempFolder(cleanups, 'tick-home-');
  writeFileSync(
    join(cwd, '.mcp.json'),
    JSON.stringify({
      mcpServers: { everything: { command: process.execPath, args: [EVERYTHING, 'stdio'] } },
    }),
  );
  const server = await scriptedServer(cleanups, [{ text: 'one' }, { text: 'two' }]);
  const first = appInPty(cleanups, [], { cwd, env: modelEnv(server, home) });
  await first.waitForText('Use this MCP server from .mcp.json?', 20_000);
  await waitForChoices(first);
  await first.type('n');
  await first.waitForText('Not using everything (remembered in', 10_000);
  expect(JSON.parse(readFileSync(join(cwd, '.tick', 'settings.local.json'), 'utf8'))).toMatchObject(
    { disabledMcpjsonServers: ['everything'], enabledMcpjsonServers: [] },
  );
  await first.type('/mcp', true);
  const listed = (await first.waitForText('MCP servers', 10_000)).replace(/\s+/g, ' ');
  expect(listed).toContain('everything:');
  expect(listed).toContain('not used: not approved (disabledMcpjsonServers)');
  await first.type('/exit', true);
  await first.waitForExit();

  // A second session in the same project: no question; the prompt takes a prompt at once.
  const second = appInPty(cleanups, [], { cwd, env: modelEnv(server, home) });
  await second.waitForText('Type a task', 20_000);
  await second.type('hello', true);
  const answered = await second.waitForText('one', 20_000);
  expect(answered).not.toContain('Use this MCP server');
  await second.type('/mcp', true);
  const again = (await second.waitForText('MCP servers', 10_000)).replace(/\s+/g, ' ');
  expect(again).toContain('not used: not approved (disabledMcpjsonServers)');
  expect(again).not.toContain('Use this MCP server');
  // Its only server refused: the status line has no MCP figure.
  const status = (await second.screen()).find((row) => row.includes('shift+tab mode'));
  expect(status).toBeDefined();
  expect(status).not.toContain('mcp ');
}, 90_000);
