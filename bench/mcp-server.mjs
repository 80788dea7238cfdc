#!/usr/bin/env node
// An MCP server for the benchmarks (stdio): BENCH_MCP_TOOLS tools (default 20) with
// realistic descriptions and schemas, and `big`, which returns `chars` characters of text.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const count = Number(process.env.BENCH_MCP_TOOLS ?? 20);
const server = new McpServer({ name: 'bench', version: '1.0.0' });
for (let i = 1; i <= count; i += 1) {
  server.registerTool(
    `operation_${i}`,
    {
      description: `Runs operation ${i} on a record of the project's tracker: looks the record up by id, applies the change and returns the record as it is afterwards.`,
      inputSchema: {
        id: z.string().describe('The record id'),
        note: z.string().optional().describe('Why'),
      },
    },
    async ({ id }) => ({ content: [{ type: 'text', text: `operation ${i} on ${id}: done` }] }),
  );
}
server.registerTool(
  'big',
  { description: 'Returns a long text', inputSchema: { chars: z.number() } },
  async ({ chars }) => {
    const line = 'tick bench: a line of build output, 0123456789 abcdefghijklmnopqrstuvwxyz\n';
    return {
      content: [
        { type: 'text', text: line.repeat(Math.ceil(chars / line.length)).slice(0, chars) },
      ],
    };
  },
);
await server.connect(new StdioServerTransport());
