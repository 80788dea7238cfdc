import { describe, expect, it } from 'vitest';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { mcpRuleCovers, mcpToolName, parseMcpRuleName } from '../../src/mcp/tool-names';
import {
  annotationClaims,
  approvalReason,
  argumentsSummary,
  argumentsBlock,
} from '../../src/mcp/describe';
import { decodedSize, extensionFor, resultText, structuredLine } from '../../src/mcp/result';
import { passThroughSchema } from '../../src/mcp/mcp-tool';
import { PermissionPolicy } from '../../src/permissions/policy';
import { McpToolSearch, searchMode, searchTools } from '../../src/mcp/tool-search';
import { MCP_DEFAULTS } from '../../src/mcp/config-types';
import type { Tool } from '../../src/tools/types';

describe('mcp__<server>__<tool> names', () => {
  it('are Claude Code names, with unsafe characters as _', () => {
    expect(mcpToolName('github', 'create_issue')).toBe('mcp__github__create_issue');
    expect(mcpToolName('my.server', 'get-env')).toBe('mcp__my_server__get-env');
    expect(mcpToolName('a b', 'c/d')).toBe('mcp__a_b__c_d');
  });

  it('stay within the 64 characters Chat Completions takes, two long names apart', () => {
    const one = mcpToolName(
      'a-server-with-a-long-name',
      'a_tool_whose_name_goes_on_and_on_forever_1',
    );
    const two = mcpToolName(
      'a-server-with-a-long-name',
      'a_tool_whose_name_goes_on_and_on_forever_2',
    );
    expect(one.length).toBe(64);
    expect(one).not.toBe(two);
    expect(one.startsWith('mcp__a-server-with-a-long-name__a_tool')).toBe(true);
  });

  it('rules name a server, a tool or a glob of tools', () => {
    expect(parseMcpRuleName('mcp__github')).toEqual({ server: 'github' });
    expect(parseMcpRuleName('mcp__github__*')).toEqual({ server: 'github' });
    expect(parseMcpRuleName('mcp__github__get_issue')).toEqual({
      server: 'github',
      tool: 'get_issue',
    });
    expect(mcpRuleCovers({ server: 'github' }, 'mcp__github__x')).toBe(true);
    expect(mcpRuleCovers({ server: 'github' }, 'mcp__githubx__x')).toBe(false);
    expect(mcpRuleCovers({ server: 'github', tool: 'get_*' }, 'mcp__github__get_me')).toBe(true);
    expect(mcpRuleCovers({ server: 'github', tool: 'get_*' }, 'mcp__github__list')).toBe(false);
    expect(mcpRuleCovers({ server: 'my.server', tool: 'x' }, 'mcp__my_server__x')).toBe(true);
  });
});

describe('what people read of an MCP call', () => {
  it('summarises the arguments on one line, cut', () => {
    expect(argumentsSummary({ title: 'Fix\nthe parser', labels: ['bug'], n: 3 })).toBe(
      'title="Fix the parser" labels=["bug"] n=3',
    );
    expect(argumentsSummary({})).toBe('(no arguments)');
    expect(argumentsSummary({ text: 'x'.repeat(400) }).length).toBe(160);
  });

  it('shows every argument, whole, in the question', () => {
    expect(argumentsBlock({ path: '/tmp/a', body: 'line1\nline2', opts: { a: 1 } })).toBe(
      'path: "/tmp/a"\nbody: "line1\\nline2"\nopts: {\n  "a": 1\n}',
    );
  });

  it('says what the server claims, as its claims', () => {
    expect(annotationClaims({ readOnlyHint: true, openWorldHint: false })).toEqual([
      'read-only',
      'closed world',
    ]);
    expect(annotationClaims({ destructiveHint: true, openWorldHint: true })).toEqual([
      'destructive',
      'reaches outside (open world)',
    ]);
    expect(approvalReason(undefined)).toBe(
      'an MCP tool; the server says nothing about what it does',
    );
    expect(approvalReason({ readOnlyHint: true })).toBe(
      'an MCP tool; the server says: read-only (its claim, not checked)',
    );
  });
});

describe('an MCP result as text', () => {
  const result = (
    content: CallToolResult['content'],
    extra: Partial<CallToolResult> = {},
  ): CallToolResult => ({
    content,
    ...extra,
  });

  it('keeps text and names images, audio and links; structuredContent goes to the card when text carries the result', () => {
    const text = resultText(
      result(
        [
          { type: 'text', text: 'Hello' },
          { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
          { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' },
          {
            type: 'resource_link',
            uri: 'file:///a.txt',
            name: 'a.txt',
            mimeType: 'text/plain',
            description: 'a file',
          },
          {
            type: 'resource',
            resource: { uri: 'mem://note', mimeType: 'text/markdown', text: '# Note' },
          },
        ],
        { structuredContent: { temperature: 21 } },
      ),
      new Map([[1, '/data/call-2.png']]),
    );
    expect(text).toBe(
      [
        'Hello',
        '[image image/png, 8 B, saved to /data/call-2.png]',
        '[audio audio/wav, 3 B]',
        '[resource link: a.txt file:///a.txt (text/plain) — a file]',
        '[resource mem://note (text/markdown)]\n# Note',
      ].join('\n'),
    );
    expect(
      structuredLine(
        result([{ type: 'text', text: 'Hello' }], { structuredContent: { temperature: 21 } }),
      ),
    ).toBe('{"temperature":21}');
  });

  it('gives the model structuredContent when no text carries the result', () => {
    expect(
      resultText(
        result([{ type: 'image', data: 'AAAA', mimeType: 'image/png' }], {
          structuredContent: { t: 21 },
        }),
      ),
    ).toBe('[image image/png, 3 B]\n{"t":21}');
    expect(structuredLine(result([], { structuredContent: { a: 'x'.repeat(500) } }))).toHaveLength(
      300,
    );
  });

  it('does not repeat structuredContent a text block already carries', () => {
    const same = result([{ type: 'text', text: '{"a": 1}' }], { structuredContent: { a: 1 } });
    expect(resultText(same)).toBe('{"a": 1}');
    expect(structuredLine(same)).toBeUndefined();
  });

  it('says an empty result is empty', () => {
    expect(resultText(result([]))).toBe('(no output)');
    expect(resultText(result([], { isError: true }))).toBe('the tool failed and said nothing');
  });

  it('sizes and names binary content', () => {
    expect(decodedSize('A'.repeat(((4 * 1024 * 1024) / 3) * 2))).toMatch(/MB$/);
    expect(extensionFor('image/jpeg')).toBe('jpg');
    expect(extensionFor('image/svg+xml')).toBe('svg');
    expect(extensionFor('application/vnd.weird thing')).toBe('bin');
  });
});

describe('the server schema, passed on', () => {
  const schema = passThroughSchema({
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    properties: { a: { type: 'number' } },
    required: ['a'],
  });

  it('goes to the model as written, without $schema', () => {
    expect(schema.jsonSchema()).toEqual({
      type: 'object',
      properties: { a: { type: 'number' } },
      required: ['a'],
    });
  });

  it('checks only that the arguments are an object with the required keys', () => {
    expect(schema.parse({ a: 'not a number' })).toEqual({ ok: true, value: { a: 'not a number' } });
    expect(schema.parse({})).toEqual({ ok: false, problems: ['a is required'] });
    expect(schema.parse([1])).toEqual({
      ok: false,
      problems: ['the arguments must be a JSON object'],
    });
  });
});

describe('the permission gate on MCP calls', () => {
  const policy = (
    mode: 'default' | 'plan' | 'bypassPermissions' | 'acceptEdits',
    rules = {},
    interactive = true,
  ) =>
    new PermissionPolicy({
      mode,
      roots: ['/w'],
      cwd: '/w',
      home: '/h',
      interactive,
      rules,
      realpath: (p) => p,
    });
  const call = (name: string) => ({
    toolName: name,
    input: { q: 1 },
    access: {
      kind: 'mcp' as const,
      subject: 'srv › Search\nq: 1',
      reason: 'an MCP tool; the server says: read-only (its claim, not checked)',
    },
  });

  it('asks by default, even for a tool the server calls read-only, offering mcp__srv__tool for always', () => {
    expect(policy('default').decide(call('mcp__srv__search'))).toMatchObject({
      action: 'ask',
      subject: 'srv › Search\nq: 1',
      reason: 'an MCP tool; the server says: read-only (its claim, not checked)',
      alwaysRule: 'mcp__srv__search',
    });
    expect(policy('acceptEdits').decide(call('mcp__srv__search')).action).toBe('ask');
  });

  it('follows rules by server, tool and glob; deny wins', () => {
    expect(policy('default', { allow: ['mcp__srv'] }).decide(call('mcp__srv__search')).action).toBe(
      'allow',
    );
    expect(
      policy('default', { allow: ['mcp__srv__*'] }).decide(call('mcp__srv__search')).action,
    ).toBe('allow');
    expect(
      policy('default', { allow: ['mcp__srv__search'] }).decide(call('mcp__srv__other')).action,
    ).toBe('ask');
    expect(
      policy('default', { allow: ['mcp__srv'], deny: ['mcp__srv__search'] }).decide(
        call('mcp__srv__search'),
      ).action,
    ).toBe('deny');
    expect(
      policy('bypassPermissions', { ask: ['mcp__*'] }).decide(call('mcp__srv__search')).action,
    ).toBe('ask');
  });

  it('bypassPermissions runs it; plan mode asks every time; print mode denies naming the rule', () => {
    expect(policy('bypassPermissions').decide(call('mcp__srv__search')).action).toBe('allow');
    const plan = policy('plan', { allow: ['mcp__srv'] }).decide(call('mcp__srv__search'));
    expect(plan).toMatchObject({ action: 'ask', by: 'mode plan' });
    expect(plan.alwaysRule).toBeUndefined();
    const printed = policy('default', {}, false).decide(call('mcp__srv__search'));
    expect(printed.action).toBe('deny');
    expect(printed.message).toContain('--allowedTools "mcp__srv__search"');
  });
});

describe('searching MCP tools instead of sending them all', () => {
  const fake = (name: string, description: string): Tool =>
    ({
      name,
      description,
      schema: passThroughSchema({ type: 'object', properties: { q: { type: 'string' } } }),
    }) as unknown as Tool;
  const tools = [
    fake('mcp__github__create_issue', 'Create a new issue in a GitHub repository'),
    fake('mcp__github__search_code', 'Search code across repositories'),
    fake('mcp__linear__create_issue', 'Create an issue in Linear'),
    fake('mcp__memory__read_graph', 'Read the whole knowledge graph'),
  ];

  it('finds tools by name words first, then by description', () => {
    expect(searchTools(tools, 'create issue', 5).map((t) => t.name)).toEqual([
      'mcp__github__create_issue',
      'mcp__linear__create_issue',
    ]);
    expect(searchTools(tools, 'knowledge', 5).map((t) => t.name)).toEqual([
      'mcp__memory__read_graph',
    ]);
    expect(searchTools(tools, 'select:mcp__github__search_code', 5).map((t) => t.name)).toEqual([
      'mcp__github__search_code',
    ]);
  });

  it('loads what it found, so its definitions go with later requests; says what exists when nothing matches', () => {
    const search = new McpToolSearch(() => tools);
    expect(search.offered()).toEqual([]);
    const found = search.find('graph');
    expect(found.output).toMatch(
      /^1 tool loaded; call it by name\.\n\nmcp__memory__read_graph: Read the whole knowledge graph\nparameters: \{"type":"object"/,
    );
    expect(search.offered().map((t) => t.name)).toEqual(['mcp__memory__read_graph']);
    expect(search.find('weather').output).toBe(
      'No MCP tool matches "weather". The servers offer: mcp__github__create_issue, mcp__github__search_code, mcp__linear__create_issue, mcp__memory__read_graph.',
    );
  });

  it('is on past the settings: many tools, or a large share of the window', () => {
    const many = Array.from({ length: 41 }, (_, i) => fake(`mcp__s__t${i}`, 'x'));
    expect(searchMode(many, MCP_DEFAULTS, undefined)).toBe(true);
    expect(searchMode(tools, MCP_DEFAULTS, undefined)).toBe(false);
    expect(searchMode(tools, MCP_DEFAULTS, 1000)).toBe(true);
    expect(searchMode(tools, { ...MCP_DEFAULTS, toolSearch: 'never' }, 1000)).toBe(false);
    expect(searchMode(tools, { ...MCP_DEFAULTS, toolSearch: 'always' }, undefined)).toBe(true);
  });
});
