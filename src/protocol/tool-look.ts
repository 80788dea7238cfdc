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
