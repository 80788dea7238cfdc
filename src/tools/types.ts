import type { ToolAccess } from '../permissions/types';
import type { ToolDisplay } from '../agent/events';
import type { Todo } from '../todos/types';
import type { ObjectSchema, SchemaInput } from './schema';

export interface ToolContext {
  /** The workspace root (real path). */
  cwd: string;
  /** Every root the file tools may touch without asking (cwd + --add-dir). */
  roots: string[];
  signal: AbortSignal;
  /** Live output for the UI (bash streams here as it runs). */
  onOutput: (chunk: string) => void;
  /** Run bash inside bubblewrap. */
  sandbox: boolean;
}

export interface ToolResult {
  /** What the model receives. Errors start with `Error:`. */
  output: string;
  isError?: boolean;
  display?: ToolDisplay;
  /** Set by todo_write: the new list, which the loop stores and announces. */
  todos?: Todo[];
}

/** What a call does, as the UI names it: picks the card's icon of meaning and the approval title. */
export type ToolKind = 'shell' | 'read' | 'edit' | 'search' | 'plan' | 'tasks' | 'agent' | 'other';

/**
 * How a finished call's output shows on its card. log: the tail of the output (live while
 * it runs) and a failing exit code; diff: the coloured change; count: one line saying how
 * much was read; list: the count and the first matches; plan: nothing (a panel shows it);
 * text: the start of the output.
 */
export type ResultShape = 'log' | 'diff' | 'count' | 'list' | 'plan' | 'text';

/** How a tool's calls look on screen; declared by the tool, read by the UI. */
export interface ToolPresentation {
  kind: ToolKind;
  shape: ResultShape;
}

/** What a call would change, shown in its approval prompt before it runs. */
export interface ToolPreview {
  /** Unified diff of the file change (a new file: every line added). */
  diff: string;
}

/**
 * One tool. The schema is declared once: it validates the model's arguments and
 * produces the JSON Schema sent to the model.
 */
export interface Tool<S extends ObjectSchema = ObjectSchema> {
  name: string;
  description: string;
  schema: S;
  /** How its calls look: the card, the approval title. */
  presentation: ToolPresentation;
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
}
