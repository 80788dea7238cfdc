import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { appInPty, appTestFile, modelEnv, scriptedServer, tempFolder } from '../support/tick-app';
import { EVERYTHING, MEMORY } from '../support/mcp-servers';

const cleanups = appTestFile();

/*
 * The app with real MCP servers from npm, in a real terminal: a project server asks before
 * it starts, /mcp lists the servers with their state, a call is asked with the server, the
 * title, the arguments and the server's claims, `a` grants mcp__server__tool for the
 * session, and the card shows the call and its result.
 */
test('a project server asks first; /mcp lists servers; an MCP call is approved in the prompt and shown on its card', async () => {
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
  ]);
  const app = appInPty(cleanups, [], { cwd, env: modelEnv(server, home) });
  const first = await app.waitForText('not approved yet', 20_000);
  expect(first.replace(/\s+/g, ' ')).toContain(
    '.mcp.json has a server not approved yet: memory. Use it: /mcp approve memory',
  );

  await app.type('/mcp approve memory', true);
  await app.waitForText('Using memory (kept in', 10_000);
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

  await app.type('remember tick', true);
  const asked = await app.waitForText('Call this MCP tool?', 20_000);
  const question = asked.replace(/\s+/g, ' ');
  expect(question).toContain('mcp__memory__create_entities');
  expect(question).toContain('memory › Create Entities');
  expect(question).toContain('entities: [');
  expect(question).toContain('"observations": [');
  expect(question).toMatch(/an MCP tool; the server says: /);
  expect(question).toContain('mcp__memory__create_entities');
  await app.type('a');
  const done = await app.waitForText('Remembered.', 20_000);
  expect(done).toMatch(/✓ mcp__memory__create_entities\s+entities=\[\{"name":"tick"/);
  expect(readFileSync(memoryFile, 'utf8')).toContain('"name":"tick"');

  // The grant names the tool: the same tool would run unasked; another tool still asks.
  await app.type('what do you remember', true);
  const again = await app.waitForText('Call this MCP tool?', 20_000);
  expect(again.replace(/\s+/g, ' ')).toContain('mcp__memory__read_graph');
  await app.type('y');
  const second = await app.waitForText('Call this MCP tool?', 20_000);
  expect(second.replace(/\s+/g, ' ')).toContain('everything › Echo Tool');
  await app.type('y');
  const end = await app.waitForText('Read it.', 20_000);
  expect(end).toMatch(/✓ mcp__everything__echo\s+message="hi"/);
  expect(end).toContain('Echo: hi');
}, 120_000);
