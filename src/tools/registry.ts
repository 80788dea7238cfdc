import type { ChatCompletionTool } from 'openai/resources/chat/completions';
import { z } from 'zod';
import type { Tool } from './types';
import { bash } from './bash';
import { edit_file } from './edit-file';
import { glob } from './glob';
import { read_file } from './read-file';
import { todo_write } from './todo-write';
import { write_file } from './write-file';

/** Every tool the model gets. Adding a tool: one file, one line here. */
export const TOOLS = {
  bash,
  read_file,
  write_file,
  edit_file,
  glob,
  todo_write,
} satisfies Record<string, Tool>;

export type ToolName = keyof typeof TOOLS;
export const TOOL_NAMES = Object.keys(TOOLS) as ToolName[];

type ToolSet = Readonly<Record<string, Tool>> | readonly Tool[];

const toList = (tools: ToolSet): readonly Tool[] =>
  Array.isArray(tools) ? tools : Object.values(tools as Readonly<Record<string, Tool>>);

/** The JSON Schema of a tool's arguments, as sent to the model. */
export function toolParameters(tool: Tool): Record<string, unknown> {
  const { $schema: _dialect, ...parameters } = z.toJSONSchema(tool.schema, { io: 'input' });
  return parameters;
}

/** Chat Completions `tools` entries, from the zod schemas. */
export function toolDefinitions(tools: ToolSet = TOOLS): ChatCompletionTool[] {
  return toList(tools).map((tool) => ({
    type: 'function',
    function: { name: tool.name, description: tool.description, parameters: toolParameters(tool) },
  }));
}

export type ToolLookup = { ok: true; tool: Tool } | { ok: false; error: string };

/** The tool called `name`, or the `Error:` text the model gets for an unknown name. */
export function lookupTool(name: string, tools: ToolSet = TOOLS): ToolLookup {
  const list = toList(tools);
  const tool = list.find((candidate) => candidate.name === name);
  if (tool) return { ok: true, tool };
  const available = list.map((candidate) => candidate.name).join(', ');
  return { ok: false, error: `Error: unknown tool '${name}'. Available tools: ${available}` };
}

export type ParsedInput<S extends z.ZodType> =
  { ok: true; input: z.infer<S> } | { ok: false; error: string };

function describeIssue(issue: z.core.$ZodIssue): string {
  const where = issue.path
    .map((key, i) =>
      typeof key === 'number' ? `[${key}]` : i === 0 ? String(key) : `.${String(key)}`,
    )
    .join('');
  const missing = issue.code === 'invalid_type' && (issue.expected as string) === 'nonoptional';
  const message = missing ? 'required' : issue.message.replace(/^Invalid input: /, '');
  return where ? `${where}: ${message}` : message;
}

/** Checks already-parsed arguments (e.g. a hook's rewritten input) against the schema. */
export function validateToolInput<S extends z.ZodType>(
  tool: Tool<S>,
  value: unknown,
): ParsedInput<S> {
  const result = tool.schema.safeParse(value);
  if (result.success) return { ok: true, input: result.data };
  const issues = result.error.issues.map(describeIssue).join('; ');
  return { ok: false, error: `Error: invalid arguments for ${tool.name}: ${issues}` };
}

/**
 * The model's raw argument text to a typed input. Empty text counts as `{}`; a
 * JSON object encoded twice (a string holding JSON) is unwrapped once.
 */
export function parseToolInput<S extends z.ZodType>(
  tool: Tool<S>,
  rawArguments: string,
): ParsedInput<S> {
  const text = rawArguments.trim();
  let value: unknown = {};
  if (text !== '') {
    try {
      value = JSON.parse(text);
    } catch (err) {
      const reason = (err as Error).message;
      return {
        ok: false,
        error: `Error: invalid arguments for ${tool.name}: not valid JSON (${reason})`,
      };
    }
  }
  if (typeof value === 'string') {
    try {
      const inner: unknown = JSON.parse(value);
      if (typeof inner === 'object' && inner !== null && !Array.isArray(inner)) value = inner;
    } catch {
      // A plain string: the schema reports it.
    }
  }
  return validateToolInput(tool, value);
}
