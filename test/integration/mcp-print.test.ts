import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  startScriptedServer,
  type Script,
  type ScriptedServer,
} from '../../src/demo/scripted-server';
import { tempDir } from '../support/agent-harness';
import { runTick } from '../support/run-cli';
import { EVERYTHING, FAULT_SERVER } from '../support/mcp-servers';

/*
 * tick -p with MCP servers, through the real CLI and the real SDK on both sides: the model
 * is offered mcp__server__tool, the call runs on the gate's terms, hooks see Claude Code's
 * payloads, the session log names the tool, and a broken entry is one line.
 */

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

interface Run {
  script: Script;
  args: string[];
  settings?: Record<string, unknown>;
  mcpJson?: Record<string, unknown>;
}

async function tick({ script, args, settings, mcpJson }: Run) {
  server = await startScriptedServer(script);
  const cwd = tempDir('tick-ws-');
  const home = tempDir('tick-home-');
  if (settings) {
    mkdirSync(join(cwd, '.tick'), { recursive: true });
    writeFileSync(join(cwd, '.tick', 'settings.json'), JSON.stringify(settings));
  }
  if (mcpJson) writeFileSync(join(cwd, '.mcp.json'), JSON.stringify(mcpJson));
  const run = await runTick(args, {
    cwd,
    timeoutMs: 60_000,
    env: {
      OPENAI_BASE_URL: server.baseURL,
      OPENAI_API_KEY: 'test',
      TICK_HOME: home,
      TICK_MODEL: 'scripted',
    },
  });
  return { ...run, cwd, home, server };
}

const everything = {
  mcpServers: { everything: { command: process.execPath, args: [EVERYTHING, 'stdio'] } },
};

describe('tick -p with MCP servers', () => {
  it('offers the tools as mcp__server__tool, runs an allowed call, and gives the model its result', async () => {
    const run = await tick({
      script: [
        { toolCalls: [{ name: 'mcp__everything__echo', arguments: { message: 'through MCP' } }] },
        { text: 'Echoed.' },
      ],
      args: [
        '-p',
        'echo it',
        '--mcp-config',
        JSON.stringify(everything),
        '--allowedTools',
        'mcp__everything__echo',
      ],
    });
    expect(run.stdout).toBe('Echoed.\n');
    expect(run.exitCode).toBe(0);
    const offered = run.server.requests[0].body.tools.map(
      (tool: { function: { name: string } }) => tool.function.name,
    );
    expect(offered).toContain('mcp__everything__echo');
    expect(offered).toContain('bash');
    const answer = run.server.requests[1].body.messages.at(-1);
    expect(answer).toMatchObject({ role: 'tool', content: 'Echo: through MCP' });
  });

  it('denies an MCP call in print mode unless a rule allows it, naming the rule', async () => {
    const run = await tick({
      script: [
        { toolCalls: [{ name: 'mcp__everything__echo', arguments: { message: 'x' } }] },
        { text: 'Denied.' },
      ],
      args: ['-p', 'echo it', '--mcp-config', JSON.stringify(everything)],
    });
    const answer = run.server.requests[1].body.messages.at(-1).content as string;
    expect(answer).toMatch(
      /^Error: Permission denied in print mode: this call needs approval \(an MCP tool; the server says: read-only, closed world \(its claim, not checked\)\): everything › Echo Tool\nmessage: "x"\./,
    );
    expect(answer).toContain('--allowedTools "mcp__everything__echo"');
  });

  it("gives hooks Claude Code's MCP payloads: tool_name, the arguments, the content blocks", async () => {
    const log = join(tempDir('tick-hooklog-'), 'payloads.jsonl');
    const hook = { type: 'command', command: `cat >> ${log}; echo >> ${log}` };
    const run = await tick({
      script: [
        { toolCalls: [{ name: 'mcp__everything__echo', arguments: { message: 'hooked' } }] },
        { text: 'Done.' },
      ],
      args: ['-p', 'echo it', '--mcp-config', JSON.stringify(everything)],
      settings: {
        permissions: { allow: ['mcp__everything'] },
        hooks: {
          PreToolUse: [{ matcher: 'mcp__everything__.*', hooks: [hook] }],
          PostToolUse: [{ matcher: 'mcp__everything__echo', hooks: [hook] }],
        },
      },
    });
    expect(run.exitCode).toBe(0);
    const payloads = readFileSync(log, 'utf8')
      .split('\n')
      .filter((line) => line.trim())
      .map((line) => JSON.parse(line));
    expect(payloads).toHaveLength(2);
    expect(payloads[0]).toMatchObject({
      hook_event_name: 'PreToolUse',
      tool_name: 'mcp__everything__echo',
      tool_input: { message: 'hooked' },
    });
    expect(payloads[1]).toMatchObject({
      hook_event_name: 'PostToolUse',
      tool_name: 'mcp__everything__echo',
      tool_input: { message: 'hooked' },
      tool_response: [{ type: 'text', text: 'Echo: hooked' }],
    });
  });

  it('says in one line which entry cannot be used, and runs with the others', async () => {
    const run = await tick({
      script: [{ text: 'Fine.' }],
      args: ['-p', 'hello'],
      settings: {
        mcpServers: {
          broken: { command: 'x', args: ['${NOT_SET_ANYWHERE_123}'] },
          fine: { command: process.execPath, args: [EVERYTHING, 'stdio'] },
        },
      },
    });
    expect(run.exitCode).toBe(0);
    expect(run.stderr).toContain(
      'mcpServers.broken: args[0] needs the environment variable NOT_SET_ANYWHERE_123, which is not set',
    );
    const offered = run.server.requests[0].body.tools.map(
      (tool: { function: { name: string } }) => tool.function.name,
    );
    expect(offered).toContain('mcp__fine__echo');
  });

  it('does not start a project server nobody approved, and says how to', async () => {
    const run = await tick({
      script: [{ text: 'Fine.' }],
      args: ['-p', 'hello'],
      mcpJson: everything,
    });
    expect(run.stderr).toContain(
      'tick: .mcp.json server everything not started: not approved yet (answer in the app, /mcp, or list it in enabledMcpjsonServers)',
    );
    const offered = run.server.requests[0].body.tools.map(
      (tool: { function: { name: string } }) => tool.function.name,
    );
    expect(offered.some((name: string) => name.startsWith('mcp__'))).toBe(false);
  });

  it('starts it once enabledMcpjsonServers names it', async () => {
    const run = await tick({
      script: [{ text: 'Fine.' }],
      args: ['-p', 'hello'],
      mcpJson: everything,
      settings: { enabledMcpjsonServers: ['everything'] },
    });
    const offered = run.server.requests[0].body.tools.map(
      (tool: { function: { name: string } }) => tool.function.name,
    );
    expect(offered).toContain('mcp__everything__echo');
  });

  it('a server that fails to start is one line; the session goes on', async () => {
    const run = await tick({
      script: [{ text: 'Fine.' }],
      args: ['-p', 'hello'],
      settings: {
        mcpServers: {
          fault: { command: process.execPath, args: [FAULT_SERVER], env: { FAULT_START: 'crash' } },
        },
      },
    });
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toBe('Fine.\n');
    expect(run.stderr).toMatch(
      /tick: MCP server fault failed: the server exited with code 7 before it was ready \(its stderr is in .*fault\.log\)/,
    );
  });
});
