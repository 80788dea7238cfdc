import type { ToolKind, ToolPresentation } from '../protocol/tool-look';
import { TOOLS } from './registry';

/** A name no tool has (a model's invention, a call from an older recording). */
const UNKNOWN: ToolPresentation = { kind: 'other', shape: 'text' };

const byName = new Map<string, ToolPresentation>(
  Object.values(TOOLS).map((tool) => [tool.name, tool.presentation]),
);

/** How calls of the tool named `name` look on screen: what the tool declares. */
export function presentationOf(name: string): ToolPresentation {
  return byName.get(name) ?? UNKNOWN;
}

/** The question the approval prompt asks for a call of this kind. */
export function approvalTitle(kind: ToolKind, toolName: string): string {
  switch (kind) {
    case 'shell':
      return 'Run this command?';
    case 'edit':
      return 'Change this file?';
    case 'read':
    case 'search':
      return 'Read outside the workspace?';
    case 'agent':
      return 'Start this agent?';
    case 'plan':
    case 'tasks':
    case 'other':
      return `Allow ${toolName}?`;
  }
}
