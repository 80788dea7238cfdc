/**
 * When the MCP tools are many, their definitions would cost every request a large share of
 * the context: the model is offered one search tool instead (`mcp_tool_search`, as Claude
 * Code's ToolSearch), which finds tools by their names and descriptions and loads them.
 * A loaded tool's definition is sent with every later request of the session, and it can
 * be called at once (a call of any MCP tool by its exact name works too).
 */
import type { Tool, ToolResult } from '../tools/types';
import { integer, object, optional, string } from '../tools/schema';
import type { McpSettings } from './config-types';
import { definitionTokens } from './cost';

export const TOOL_SEARCH_NAME = 'mcp_tool_search';
const DEFAULT_RESULTS = 5;
const MAX_RESULTS = 20;

/** Should the MCP tools be found by search rather than all sent? */
export function searchMode(
  tools: readonly Tool[],
  settings: McpSettings,
  windowTokens: number | undefined,
): boolean {
  if (settings.toolSearch === 'never' || tools.length === 0) return false;
  if (settings.toolSearch === 'always') return true;
  if (tools.length > settings.toolSearchMaxTools) return true;
  return (
    windowTokens !== undefined &&
    definitionTokens(tools) > windowTokens * settings.toolSearchMaxShare
  );
}

const WORD = /[a-z0-9]+/g;

function words(text: string): string[] {
  return text.toLowerCase().match(WORD) ?? [];
}

/**
 * The tools that best match `query`, best first: each query word found in a tool's name
 * counts three, in its description one. `select:a,b` picks tools by exact name.
 */
export function searchTools(tools: readonly Tool[], query: string, limit: number): Tool[] {
  const select = /^\s*select:(.*)$/i.exec(query);
  if (select) {
    const names = select[1].split(',').map((name) => name.trim());
    return tools.filter((tool) => names.includes(tool.name));
  }
  const wanted = [...new Set(words(query))];
  if (wanted.length === 0) return [];
  return tools
    .map((tool) => {
      const name = new Set(words(tool.name.replace(/^mcp__/, '')));
      const description = new Set(words(tool.description));
      let score = 0;
      for (const word of wanted) {
        if (name.has(word)) score += 3;
        else if ([...name].some((part) => part.startsWith(word))) score += 2;
        if (description.has(word)) score += 1;
      }
      return { tool, score };
    })
    .filter((hit) => hit.score > 0)
    .sort((a, b) => b.score - a.score || a.tool.name.localeCompare(b.tool.name))
    .slice(0, limit)
    .map((hit) => hit.tool);
}

function describe(tool: Tool): string {
  return `${tool.name}: ${tool.description}\nparameters: ${JSON.stringify(tool.schema.jsonSchema())}`;
}

/** The search over the session's MCP tools; `loaded` grows with what it finds. */
export class McpToolSearch {
  readonly loaded = new Set<string>();

  constructor(
    private readonly allTools: () => readonly Tool[],
    /** Tools were loaded: what the model is offered changed. */
    private readonly onLoaded: () => void = () => undefined,
  ) {}

  /** The MCP tools whose definitions go with each request while searching is on. */
  offered(): Tool[] {
    return this.allTools().filter((tool) => this.loaded.has(tool.name));
  }

  readonly tool: Tool = searchTool(this);

  /** Finds tools for the query and loads them; the model's result. */
  find(query: string, limit = DEFAULT_RESULTS): ToolResult {
    const all = this.allTools();
    const found = searchTools(all, query, limit);
    if (found.length === 0) {
      const names = all.map((tool) => tool.name);
      const shown = names.slice(0, 40).join(', ');
      const more = names.length > 40 ? ` and ${names.length - 40} more` : '';
      return { output: `No MCP tool matches "${query}". The servers offer: ${shown}${more}.` };
    }
    for (const tool of found) this.loaded.add(tool.name);
    this.onLoaded();
    const count =
      found.length === 1 ? '1 tool loaded; call it' : `${found.length} tools loaded; call them`;
    return { output: `${count} by name.\n\n${found.map(describe).join('\n\n')}` };
  }
}

const searchSchema = object({
  query: string({
    description: 'Keywords of what the tool should do, or select:mcp__server__tool,...',
    minLength: 1,
  }),
  max_results: optional(
    integer({
      description: `At most this many tools (default ${DEFAULT_RESULTS})`,
      min: 1,
      max: MAX_RESULTS,
    }),
  ),
});

function searchTool(search: McpToolSearch): Tool<typeof searchSchema> {
  return {
    name: TOOL_SEARCH_NAME,
    description:
      'Search the tools of the connected MCP servers by what they do (their definitions are not all sent, to save context). ' +
      'Give a few keywords, or "select:NAME1,NAME2" for tools you know by name. The tools found are loaded: call them next, by their names.',
    schema: searchSchema,
    look: { role: 'search', resultShape: 'text' },
    access: () => ({ kind: 'none' }),
    summary: (input) => input.query,
    run: async (input) => search.find(input.query, input.max_results),
    claude: {
      name: 'ToolSearch',
      toolInput: (input) => ({ ...input }),
      fromToolInput: (toolInput) => toolInput,
    },
  };
}
