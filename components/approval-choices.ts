import type { Key } from 'ink';
import type { ApprovalDecision, ApprovalRequest } from '../src/protocol/approval';

/** Where `s` saves the rule (relative to the workspace). */
export const LOCAL_SETTINGS = '.tick/settings.local.json';

/** A rule longer than this is not repeated in the prompt's hint. */
const RULE_HINT_MAX = 40;

/**
 * What "allow always" allows, in words: "this exact command" when the rule is the command
 * shown above, the rule itself when short (`bash(npm run:*)`, `edit_file(./a.ts)`), else
 * "this exact command" or "this file" rather than repeat a long one.
 */
export function ruleHint(request: ApprovalRequest): string {
  const rule = request.alwaysRule ?? '';
  const command = /^bash\((.*)\)$/s.exec(rule)?.[1];
  const exact = command !== undefined && command === request.subject.trim().replace(/\s+/g, ' ');
  if (!exact && rule.length <= RULE_HINT_MAX) return rule;
  return command !== undefined ? 'this exact command' : 'this file';
}

/** One answer to the approval prompt: the keys that give it, its label, what it decides. */
export interface ApprovalChoice {
  /** The first is shown bold; the rest after it (`y/1`). `esc` is the Escape key. */
  keys: readonly string[];
  label(request: ApprovalRequest): string;
  /** `note`: deny, after typing a note for the model. */
  answer: ApprovalDecision | 'note';
  /** Offered only when the request names a rule to grant. */
  grantsRule?: boolean;
  /** Offered only when a plan item is in progress (and a rule to grant). */
  forItem?: boolean;
}

/** An item's text in the choice, cut so the keys stay short. */
function itemHint(request: ApprovalRequest): string {
  const text = request.planItem?.text ?? '';
  return text.length > RULE_HINT_MAX ? `${text.slice(0, RULE_HINT_MAX - 1)}…` : text;
}

/** The prompt's choices, in the order shown. The keypress layer answers from this table. */
export const APPROVAL_CHOICES: readonly ApprovalChoice[] = [
  { keys: ['y', '1'], label: () => 'allow once', answer: { decision: 'allow_once' } },
  {
    keys: ['a', '2'],
    label: (request) => `allow ${ruleHint(request)} this session`,
    answer: { decision: 'allow_always' },
    grantsRule: true,
  },
  {
    keys: ['s'],
    label: () => `always, saved to ${LOCAL_SETTINGS}`,
    answer: { decision: 'allow_always', save: true },
    grantsRule: true,
  },
  {
    keys: ['i'],
    label: (request) => `while "${itemHint(request)}" is in progress`,
    answer: { decision: 'allow_item' },
    grantsRule: true,
    forItem: true,
  },
  { keys: ['n', '3', 'esc'], label: () => 'deny', answer: { decision: 'deny' } },
  { keys: ['e'], label: () => 'deny with a note', answer: 'note' },
];

/** While several calls wait together: allow each of them once (shift+a; `a` is "always"). */
export const ALLOW_ALL_KEY = 'A';

/**
 * "Use this .mcp.json server?": Claude Code's three answers, each remembered in the local
 * settings (enabledMcpjsonServers, enableAllProjectMcpServers, disabledMcpjsonServers).
 */
export const PROJECT_SERVER_CHOICES: readonly ApprovalChoice[] = [
  { keys: ['y', '1'], label: () => 'use this server', answer: { decision: 'allow_once' } },
  {
    keys: ['a', '2'],
    label: () => "use it and every later server of this project's .mcp.json",
    answer: { decision: 'allow_always' },
  },
  { keys: ['n', '3', 'esc'], label: () => "don't use it", answer: { decision: 'deny' } },
];

/** The choices this request offers. */
export function choicesFor(request: ApprovalRequest): readonly ApprovalChoice[] {
  if (request.kind === 'mcp-server') return PROJECT_SERVER_CHOICES;
  return APPROVAL_CHOICES.filter(
    (choice) => (!choice.grantsRule || request.alwaysRule) && (!choice.forItem || request.planItem),
  );
}

/** The choice a key press makes, if any. */
export function choiceForKey(
  request: ApprovalRequest,
  input: string,
  key: Key,
): ApprovalChoice | undefined {
  const name = key.escape ? 'esc' : key.ctrl || key.meta ? '' : input.toLowerCase();
  if (!name) return undefined;
  return choicesFor(request).find((choice) => choice.keys.includes(name));
}
