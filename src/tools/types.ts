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
  /**
   * Where a tool whose output is cut may keep all of it (bash); tick's own file, which
   * read_file may page through.
   */
  outputFile?: string;
}

export interface ToolResult {
  /** What the model receives. Errors start with `Error:`. */
  output: string;
  isError?: boolean;
  display?: ToolDisplay;
  /** Set by todo_write: the new list, which the loop stores and announces. */
  todos?: Todo[];
  /** The file holding the whole output when `output` is cut (ToolContext.outputFile). */
  outputFile?: string;
  /** How long the whole output is, when `output` is cut. */
  outputChars?: number;
}

/**
 * One tool. The schema is declared once: it validates the model's arguments and
 * produces the JSON Schema sent to the model.
 */
export interface Tool<S extends ObjectSchema = ObjectSchema> {
  name: string;
  description: string;
  schema: S;
  /** What the call touches, for the permission gate. */
  access(input: SchemaInput<S>, ctx: Pick<ToolContext, 'cwd'>): ToolAccess;
  /** One-line text for the UI card: the command, the path, the pattern. */
  summary(input: SchemaInput<S>): string;
  run(input: SchemaInput<S>, ctx: ToolContext): Promise<ToolResult>;
}
