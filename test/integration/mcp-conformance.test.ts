import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sampleArguments } from '../../src/cli/commands/mcp-conformance';

/*
 * The official MCP client conformance suite drives tick's entry (`tick mcp
 * conformance-client`, the built CLI) through a handful of its scenarios: the handshake, a
 * tool call, and OAuth (discovery, dynamic registration, PKCE, a pre-registered client).
 * `node scripts/mcp-conformance.mjs` runs them all (README: MCP).
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const cli = `${root}node_modules/@modelcontextprotocol/conformance/dist/index.js`;
const major = Number(process.versions.node.split('.')[0]);
// The CLI needs fs.globSync (Node 22): on Node 20 a module hook lends it one.
const preload = major < 22 ? ['--import', `${root}test/support/conformance/register.mjs`] : [];

function scenario(name: string): Promise<string> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [
        ...preload,
        cli,
        'client',
        '--command',
        `node ${root}bin/tick.js mcp conformance-client`,
        '--scenario',
        name,
      ],
      { cwd: root, timeout: 90_000, maxBuffer: 16 * 1024 * 1024 },
      (_error, stdout, stderr) => resolve(`${stdout}\n${stderr}`),
    );
  });
}

describe('the official MCP client conformance suite', () => {
  it.each(['initialize', 'tools_call', 'auth/metadata-default', 'auth/pre-registration'])(
    '%s passes',
    async (name) => {
      const output = await scenario(name);
      expect(output, output).toMatch(/OVERALL: PASSED/);
      expect(output).toMatch(/Passed: (\d+)\/\1, 0 failed/);
    },
    100_000,
  );

  it('makes arguments a schema accepts for the tools it calls', () => {
    expect(
      sampleArguments({
        type: 'object',
        properties: {
          a: { type: 'number' },
          b: { type: 'string', enum: ['x', 'y'] },
          c: { type: 'boolean' },
          d: { type: 'string', default: 'given' },
          e: { type: 'string' },
        },
        required: ['a', 'b', 'c', 'd'],
      }),
    ).toEqual({ a: 1, b: 'x', c: true, d: 'given' });
  });
});
