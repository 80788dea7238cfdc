/** The session's MCP servers in figures, for the status line. */
export interface McpSummary {
  /** Servers meant to run (not off, not refused). */
  servers: number;
  ready: number;
  starting: number;
  /** Failed, needing a login, or with an entry that cannot be used. */
  failed: number;
  /** Project servers waiting for the user's answer. */
  waiting: number;
  /** MCP tool definitions the model is offered now (the search tool and what it loaded, when searching). */
  tools: number;
  /** What those definitions cost each request, estimated in tokens. */
  tokens: number;
}
