import { it } from 'vitest';
import { McpConnection } from '/work/i26/src/mcp/connection';
import { MCP_DEFAULTS } from '/work/i26/src/mcp/config-types';
it('smoke', async () => {
const conn = new McpConnection(
  { name: 'everything', scope: 'flag', file: 'x', transport: 'stdio', command: 'node', args: ['/work/i26/node_modules/@modelcontextprotocol/server-everything/dist/index.js', 'stdio'], env: {} },
  { context: { workspace: '/tmp/mcp-smoke', home: '/tmp/mcp-smoke/home', env: process.env }, settings: MCP_DEFAULTS, roots: () => ['/tmp/mcp-smoke'], onChange: () => console.log('status', conn.status.state), onNotice: (t) => console.log('notice', t) },
);
const t0 = Date.now();
await conn.start();
console.log(Date.now() - t0, 'ms', conn.status.state === 'ready' ? conn.status.tools.map((t) => t.name + (t.annotations ? JSON.stringify(t.annotations) : '')) : conn.status);
const r = await conn.call('echo', { message: 'hi' }, { signal: new AbortController().signal });
console.log(JSON.stringify(r));
const r2 = await conn.call('get-structured-content', { location: 'New York' }, { signal: new AbortController().signal }).catch(e=>e.message);
console.log(JSON.stringify(r2));
await conn.stop();

}, 30000);
