/** What the `agent` tool asks for: a short label and the whole task for the child. */
export interface SubagentRequest {
  /** 3-5 words, shown on screen while the child works. */
  description: string;
  /** Everything the child needs: it sees nothing of the parent's conversation. */
  prompt: string;
}

/** What the parent's tool call gets back. */
export interface SubagentOutcome {
  /** The child answered (false: an `Error:` text). */
  ok: boolean;
  /** The child's final text plus one line of counts, or the `Error:` text. */
  text: string;
}

/** Runs one child for the calling tool (the call's id, signal and event stream are bound). */
export type RunSubagent = (request: SubagentRequest) => Promise<SubagentOutcome>;

/** The Claude Code `agent_type` of tick's one kind of subagent (SubagentStop matchers use it). */
export const SUBAGENT_TYPE = 'general-purpose';
