import type { ToolLook } from '../protocol/tool-look';
import type { ToolAccess } from '../permissions/types';
import type { ToolDisplay, ToolPreview } from '../protocol/tool-display';
import type { Todo } from '../protocol/todos';
import type { TaskListRef } from '../tasks/types';
import type { TaskListSnapshot } from '../protocol/tasks';
import type { ObjectSchema, SchemaInput } from './schema';
import type { RunSubagent } from '../agents/types';
import type { ShellRun } from '../extensions/commands/expand';

export interface ToolContext {
  /** The workspace root (real path). */
  cwd: string;
  /** Every root the file tools may touch without asking (cwd + --add-dir). */
  roots: string[];
  signal: AbortSignal;
  /** Live output for the UI (bash streams here as it runs). */
  onOutput: (chunk: string) => void;
  /** This call runs inside the sandbox (bubblewrap); the permission gate decided. */
  sandbox: boolean;
  /** The plan before this call (todo_write reports the old and the new list to hooks). */
  todos?: readonly Todo[];
  /**
   * Where a tool whose output is cut may keep all of it (bash); tick's own file, which
   * read_file may page through.
   */
  outputFile?: string;
  /** Who is calling: `main` for the top-level agent, a subagent's id otherwise. */
  agentName: string;
  /** The task list the task tools work on (set when they are offered). */
  taskList?: TaskListRef;
  /** Starts a subagent for this call (the `agent` tool); absent inside a subagent. */
  runSubagent?: RunSubagent;
  /** What a tool that expands a prompt (the skill tool) needs of the session. */
  prompts?: PromptServices;
  /** The file SessionStart hooks write `export` lines to (CLAUDE_ENV_FILE); bash sources it. */
  shellEnvFile?: string;
}

/** The session's side of expanding a command or skill from inside a tool call. */
export interface PromptServices {
  sessionId: string;
  /** Allows (and denies) these permission rules until the user's current prompt ends. */
  grantForPrompt(grant: { allow: readonly string[]; deny: readonly string[] }): void;
  /** Runs a command as a bash call of its own, through the gate (asked when the gate asks). */
  runShell(command: string): Promise<ShellRun>;
  /** Reads a file as a read_file call of its own, through the gate; undefined when not read. */
  readFile(path: string, shown: string): Promise<string | undefined>;
}

export interface ToolResult {
  /** What the model receives. Errors start with `Error:`. */
  output: string;
  isError?: boolean;
  display?: ToolDisplay;
  /** Set by todo_write: the new list, which the loop stores and announces. */
  todos?: Todo[];
  /** What Claude Code hook scripts get after the call (see ClaudeToolOutcome). */
  claude?: ClaudeToolOutcome;
  /** The file holding the whole output when `output` is cut (ToolContext.outputFile). */
  outputFile?: string;
  /** How long the whole output is, when `output` is cut. */
  outputChars?: number;
  /** Set by the task tools: the list as the call left it, which the loop announces. */
  tasks?: TaskListSnapshot;
}

/**
 * The call's end as Claude Code reports it to hooks: a success carries the structured
 * `tool_response` of PostToolUse (Bash `{stdout, stderr, interrupted, isImage}`, Read
 * `{type, file}`, ...); a failure (a bash command's non-zero exit too) fires
 * PostToolUseFailure with `error`. Absent: `isError` decides, and the response is the text.
 */
export type ClaudeToolOutcome =
  /** An MCP tool's response is its content blocks, as Claude Code sends them. */
  { response: Record<string, unknown> | unknown[] } | { error: string };

export interface ClaudeFaceContext {
  /** The workspace root: relative paths become absolute against it. */
  cwd: string;
}

/**
 * How a tool looks to Claude Code's hook scripts and permission rules, declared in the
 * tool's own file: the name Claude Code gives it and its input in Claude Code's fields.
 */
export interface ClaudeCodeFace<I> {
  /** Claude Code's tool name (`Bash`, `Read`, ...): hook payloads carry it; matchers and rules use it. */
  name: string;
  /** More Claude Code names that matchers and rules accept for this tool (`MultiEdit`). */
  aliases?: readonly string[];
  /** tick's input as Claude Code's `tool_input` (absolute `file_path`, `old_string`, ...). */
  toolInput(input: I, ctx: ClaudeFaceContext): Record<string, unknown>;
  /** A hook's `updatedInput` (Claude Code's fields) back to tick's; the schema checks it after. */
  fromToolInput(
    toolInput: Record<string, unknown>,
    ctx: ClaudeFaceContext,
  ): Record<string, unknown>;
}

/**
 * One tool. The schema is declared once: it validates the model's arguments and
 * produces the JSON Schema sent to the model.
 */
export interface Tool<S extends ObjectSchema = ObjectSchema> {
  name: string;
  description: string;
  schema: S;
  /** How its calls look (their card, their approval title); their events carry it. */
  look: ToolLook;
  /** What the call touches, for the permission gate. */
  access(input: SchemaInput<S>, ctx: Pick<ToolContext, 'cwd'>): ToolAccess;
  /** One-line text for the UI card: the command, the path, the pattern. */
  summary(input: SchemaInput<S>): string;
  /**
   * What the call would change, worked out without changing anything (edits: the diff), for
   * the approval prompt; undefined when there is nothing to show (the call would fail).
   */
  preview?(input: SchemaInput<S>, ctx: Pick<ToolContext, 'cwd'>): Promise<ToolPreview | undefined>;
  run(input: SchemaInput<S>, ctx: ToolContext): Promise<ToolResult>;
  /** Claude Code's view of the tool, for hook payloads and rules. */
  claude: ClaudeCodeFace<SchemaInput<S>>;
}
