import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expandVariables } from '../../src/mcp/expand';
import { parseServerEntry } from '../../src/mcp/config-entry';
import { loadMcpConfig, projectApproval } from '../../src/mcp/config-sources';
import { MCP_DEFAULTS } from '../../src/mcp/config-types';
import { tempDir } from '../support/agent-harness';

const context = { env: { HOME: '/home/u', TOKEN: 'abc', EMPTY: '' }, workspace: '/work/ws' };
const source = { scope: 'mcpjson' as const, file: '/work/ws/.mcp.json', where: 'mcpServers.x' };

describe('${VAR} expansion (Claude Code rules)', () => {
  it.each([
    ['Bearer ${TOKEN}', 'Bearer abc'],
    ['${MISSING:-fallback}', 'fallback'],
    ['${TOKEN:-fallback}', 'abc'],
    // Set but empty is set: the default is for unset variables only.
    ['[${EMPTY:-d}]', '[]'],
    ['$TOKEN stays', '$TOKEN stays'],
    ['${env:TOKEN}', 'abc'],
    ['${workspaceFolder}/x', '/work/ws/x'],
    ['${MISSING:-}', ''],
  ])('%s -> %s', (text, expected) => {
    expect(expandVariables(text, context)).toEqual({ text: expected, missing: [], inputs: [] });
  });

  it('reports missing variables and VS Code inputs', () => {
    expect(expandVariables('${A}/${B:-b}/${C}', context).missing).toEqual(['A', 'C']);
    expect(expandVariables('${input:token}', context).inputs).toEqual(['token']);
  });
});

describe('one mcpServers entry', () => {
  const parse = (raw: unknown, env = context.env) =>
    parseServerEntry('x', raw, source, { ...context, env });

  it('reads a stdio server, expanding command, args and env', () => {
    const entry = parse({
      command: '${HOME}/bin/srv',
      args: ['--token', '${TOKEN}'],
      env: { K: '${TOKEN}', N: 3 },
    });
    expect(entry).toMatchObject({
      ok: true,
      config: {
        transport: 'stdio',
        command: '/home/u/bin/srv',
        args: ['--token', 'abc'],
        env: { K: 'abc', N: '3' },
      },
      warnings: [],
    });
  });

  it('reads remote servers: http, sse, Gemini httpUrl, a transport string, url without type', () => {
    expect(
      parse({ type: 'http', url: 'https://a/mcp', headers: { Authorization: 'Bearer ${TOKEN}' } }),
    ).toMatchObject({
      ok: true,
      config: { transport: 'http', url: 'https://a/mcp', headers: { Authorization: 'Bearer abc' } },
    });
    expect(parse({ type: 'sse', url: 'https://a/sse' })).toMatchObject({
      config: { transport: 'sse' },
    });
    expect(parse({ httpUrl: 'https://a/mcp' })).toMatchObject({ config: { transport: 'http' } });
    expect(parse({ transport: 'http', url: 'https://a/mcp' })).toMatchObject({
      config: { transport: 'http' },
    });
    const inferred = parse({ url: 'https://a/mcp' });
    expect(inferred).toMatchObject({ config: { transport: 'http', sseFallback: true } });
  });

  it('fails one entry with one line naming the file, the entry and the field', () => {
    expect(parse({ command: 'x', args: ['${PG_URL}'] })).toMatchObject({
      ok: false,
      error:
        '/work/ws/.mcp.json: mcpServers.x: args[0] needs the environment variable PG_URL, which is not set (write ${PG_URL:-default} for a default)',
    });
    expect(parse({ link: 'https://x' })).toMatchObject({
      ok: false,
      error:
        '/work/ws/.mcp.json: mcpServers.x: needs a command (a local server) or a url (a remote one)',
      warnings: ['/work/ws/.mcp.json: mcpServers.x: ignored link (not an MCP setting)'],
    });
    expect(parse({ type: 'websocket', url: 'ws://x' })).toMatchObject({
      error: expect.stringContaining('type "websocket" is not one tick knows (stdio, http, sse)'),
    });
    expect(parse({ transport: { type: 'http', url: 'http://x' } })).toMatchObject({
      error: expect.stringContaining('transport is an object'),
    });
    expect(parse({ command: 'x', args: 'a b' })).toMatchObject({
      error: expect.stringContaining('args must be an array of strings'),
    });
    expect(parse({ type: 'http', url: 'ftp://x' })).toMatchObject({
      error: expect.stringContaining('must be an http:// or https:// URL'),
    });
    expect(parse('npx server')).toMatchObject({
      error: expect.stringContaining('must be an object'),
    });
    expect(parse({ type: 'http', url: 'https://${input:host}/mcp' })).toMatchObject({
      error: expect.stringContaining("VS Code's ${input:host}"),
    });
  });

  it('keeps what other clients write as warnings, and reads their off switches', () => {
    const entry = parse({
      command: 'x',
      trust: true,
      description: 'd',
      foo: 1,
      bar: 2,
      timeout: 15000,
    });
    expect(entry).toMatchObject({ ok: true, config: { timeoutMs: 15000 } });
    expect(entry.warnings).toEqual([
      "/work/ws/.mcp.json: mcpServers.x: ignored trust (Gemini CLI's trust; tick's permission gate still asks)",
      '/work/ws/.mcp.json: mcpServers.x: ignored description (a note for people)',
      '/work/ws/.mcp.json: mcpServers.x: unknown keys foo, bar (ignored)',
    ]);
    expect(parse({ command: 'x', disabled: true })).toMatchObject({
      ok: true,
      disabled: '"disabled": true',
    });
    expect(parse({ command: 'x', enabled: false })).toMatchObject({
      ok: true,
      disabled: '"enabled": false',
    });
  });
});

describe('every source, merged', () => {
  it('merges user < .mcp.json < project < local < --mcp-config, a later name replacing the whole entry', async () => {
    const ws = tempDir('tick-mcp-ws-');
    writeFileSync(
      join(ws, '.mcp.json'),
      JSON.stringify({
        mcpServers: { a: { command: 'from-mcpjson' }, b: { command: 'b' }, c: { command: 'c' } },
      }),
    );
    const flagFile = join(ws, 'extra.json');
    writeFileSync(
      flagFile,
      JSON.stringify({ mcpServers: { c: { type: 'http', url: 'http://127.0.0.1:1/mcp' } } }),
    );
    const config = await loadMcpConfig({
      workspace: ws,
      env: {},
      settingsServers: [
        { scope: 'user', file: 'U', servers: { a: { command: 'from-user' }, u: { command: 'u' } } },
        { scope: 'local', file: 'L', servers: { b: { command: 'from-local' } } },
      ],
      choices: { enabled: ['a'], disabled: ['c'] },
      flagConfigs: [flagFile],
      strict: false,
      settings: MCP_DEFAULTS,
    });
    const byName = Object.fromEntries(
      config.servers.map((entry) => [entry.ok ? entry.config.name : entry.name, entry]),
    );
    expect(byName.a).toMatchObject({
      ok: true,
      approval: 'approved',
      config: { command: 'from-mcpjson', scope: 'mcpjson' },
    });
    expect(byName.b).toMatchObject({
      ok: true,
      approval: 'approved',
      config: { command: 'from-local', scope: 'local' },
    });
    expect(byName.c).toMatchObject({
      ok: true,
      approval: 'approved',
      config: { transport: 'http', scope: 'flag' },
    });
    expect(byName.u).toMatchObject({ ok: true, config: { scope: 'user' } });
  });

  it('--strict-mcp-config reads only --mcp-config; inline JSON works as Claude Code takes it', async () => {
    const ws = tempDir('tick-mcp-ws-');
    writeFileSync(join(ws, '.mcp.json'), JSON.stringify({ mcpServers: { a: { command: 'a' } } }));
    const config = await loadMcpConfig({
      workspace: ws,
      env: {},
      settingsServers: [{ scope: 'user', file: 'U', servers: { u: { command: 'u' } } }],
      choices: { enabled: [], disabled: [] },
      flagConfigs: ['{"mcpServers": {"inline": {"command": "i"}}}'],
      strict: true,
      settings: MCP_DEFAULTS,
    });
    expect(config.servers.map((entry) => entry.ok && entry.config.name)).toEqual(['inline']);
  });

  it('says which file is not JSON and goes on with the others', async () => {
    const ws = tempDir('tick-mcp-ws-');
    mkdirSync(join(ws, 'sub'));
    writeFileSync(join(ws, '.mcp.json'), '{"mcpServers": {}}\n}\n');
    const config = await loadMcpConfig({
      workspace: ws,
      env: {},
      settingsServers: [{ scope: 'local', file: 'L', servers: { ok: { command: 'x' } } }],
      choices: { enabled: [], disabled: [] },
      flagConfigs: [join(ws, 'missing.json')],
      strict: false,
      settings: MCP_DEFAULTS,
    });
    expect(config.warnings).toEqual([
      `${join(ws, '.mcp.json')}: invalid JSON at line 2 column 1: unexpected '}' after the end (its servers are not started)`,
      `--mcp-config: no such file: ${join(ws, 'missing.json')}`,
    ]);
    expect(config.servers).toHaveLength(1);
  });

  it('project approval: disabled wins, then enabled or enable-all, else pending', () => {
    expect(projectApproval('a', { enabled: ['a'], disabled: ['a'] })).toBe('rejected');
    expect(projectApproval('a', { enableAll: true, enabled: [], disabled: [] })).toBe('approved');
    expect(projectApproval('a', { enabled: ['a'], disabled: [] })).toBe('approved');
    expect(projectApproval('a', { enabled: [], disabled: [] })).toBe('pending');
  });
});
