/** Extra data for a call's card; the model only ever sees the result's `output`. */
export interface ToolDisplay {
  /** Unified diff of a file change. */
  diff?: string;
  /** Lines returned by read_file. */
  lines?: number;
  /** Matches returned by glob. */
  matches?: number;
  /** Exit code of a bash command. */
  exitCode?: number;
  /** An MCP result's structuredContent as one line of compact JSON (cut). */
  structured?: string;
  /** The bash command ran in the sandbox. */
  confined?: boolean;
  /** What a call found, in a few words, when its input says nothing (task_list's counts). */
  found?: string;
}

/** What a call would change, shown in its approval prompt before it runs. */
export interface ToolPreview {
  /** Unified diff of the file change (a new file: every line added). */
  diff: string;
}
