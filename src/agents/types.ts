/** What the `agent` tool asks for: a short label, the whole task for the child, its kind. */
export interface SubagentRequest {
  /** 3-5 words, shown on screen while the child works. */
  description: string;
  /** Everything the child needs: it sees nothing of the parent's conversation. */
  prompt: string;
  /** The agent type (`subagent_type`); general-purpose when absent. */
  subagentType?: string;
}

/** What the parent's tool call gets back. */
export interface SubagentOutcome {
  /** The child answered (false: an `Error:` text). */
  ok: boolean;
  /** The child's final text plus one line of counts, or the `Error:` text. */
  text: string;
  /**
   * Claude Code's `tool_response` of a finished Agent call: the final text and the run's
   * statistics (agentId, totalDurationMs, totalToolUseCount, totalTokens, usage, ...).
   */
  response?: Record<string, unknown>;
}

/** Runs one child for the calling tool (the call's id, signal and event stream are bound). */
export type RunSubagent = (request: SubagentRequest) => Promise<SubagentOutcome>;
