import type { ChatCompletionTool } from 'openai/resources/chat/completions';
import type { ObjectSchema, SchemaInput } from './schema';
import { GENERIC_LOOK, type ToolLook } from '../protocol/tool-look';
import type { Tool } from './types';
import { agent } from './agent';
import { bash } from './bash';
import { edit_file } from './edit-file';
import { glob } from './glob';
import { read_file } from './read-file';
import { task_create } from './task-create';
import { task_get } from './task-get';
import { task_list } from './task-list';
import { task_update } from './task-update';
import { todo_write } from './todo-write';
import { write_file } from './write-file';

/** Every tool tick has (offeredTools picks a session's set). Adding a tool: one file, one line here. */
export const TOOLS = {
  bash,
  read_file,
  write_file,
  edit_file,
  glob,
  todo_write,
  task_create,
  task_get,
  task_update,
  task_list,
  agent,
} satisfies Record<string, Tool>;

export type ToolName = keyof typeof TOOLS;
export const TOOL_NAMES = Object.keys(TOOLS) as ToolName[];

/** The plan system a session uses: V1's todo_write, or V2's task tools. */
export type PlanSystem = 'todos' | 'tasks';

/**
 * The tools the model is offered: everything but the other plan system's tools (told apart
 * by the role their look declares), so exactly one set of plan tools is offered.
 */
export function offeredTools(
  plan: PlanSystem,
  tools: Record<string, Tool> = TOOLS,
): Record<string, Tool> {
  const left = plan === 'tasks' ? 'plan' : 'tasks';
  return Object.fromEntries(Object.entries(tools).filter(([, tool]) => tool.look.role !== left));
}

type ToolSet = Readonly<Record<string, Tool>> | readonly Tool[];

const toList = (tools: ToolSet): readonly Tool[] =>
  Array.isArray(tools) ? tools : Object.values(tools as Readonly<Record<string, Tool>>);

/** The JSON Schema of a tool's arguments, as sent to the model. */
export function toolParameters(tool: Tool): Record<string, unknown> {
  return tool.schema.jsonSchema();
}

/** Chat Completions `tools` entries, from the tools' schemas. */
export function toolDefinitions(tools: ToolSet = TOOLS): ChatCompletionTool[] {
  return toList(tools).map((tool) => ({
    type: 'function',
    function: { name: tool.name, description: tool.description, parameters: toolParameters(tool) },
  }));
}

/** Each tool's names as permission rules and hook matchers may write them: tick's and Claude Code's. */
export function toolNaming(tools: ToolSet = TOOLS): { name: string; claudeNames: string[] }[] {
  return toList(tools).map((tool) => ({
    name: tool.name,
    claudeNames: [tool.claude.name, ...(tool.claude.aliases ?? [])],
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

/** How a call to `name` looks: what the tool declares; a name no tool has gets the generic look. */
export function lookOf(name: string, tools: ToolSet = TOOLS): ToolLook {
  return toList(tools).find((tool) => tool.name === name)?.look ?? GENERIC_LOOK;
}

export type ParsedInput<S extends ObjectSchema> =
  { ok: true; input: SchemaInput<S> } | { ok: false; error: string };

/** Checks already-parsed arguments (e.g. a hook's rewritten input) against the schema. */
export function validateToolInput<S extends ObjectSchema>(
  tool: Tool<S>,
  value: unknown,
): ParsedInput<S> {
  const result = tool.schema.parse(value);
  // parse() returns the schema's own input type; TypeScript cannot see S's T through it.
  if (result.ok) return { ok: true, input: result.value as SchemaInput<S> };
  return {
    ok: false,
    error: `Error: invalid arguments for ${tool.name}: ${result.problems.join('; ')}`,
  };
}

/**
 * The model's raw argument text to a typed input. Empty text counts as `{}`; a
 * JSON object encoded twice (a string holding JSON) is unwrapped once.
 */
export function parseToolInput<S extends ObjectSchema>(
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
