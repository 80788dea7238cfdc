/** The tool results a denied call gets: what denied it, and what the model should do instead. */

const DO_NOT_RETRY = 'Do not retry this command; ask the user or choose another approach.';

export function deniedByUser(subject: string, reason: string, note?: string): string {
  const said = note?.trim() ? ` The user said: ${note.trim()}` : '';
  return `Error: Permission denied by the user: ${subject} (${reason}). ${DO_NOT_RETRY}${said}`;
}

const SOURCE_LABELS: Record<string, string> = {
  user: 'user settings',
  project: 'project settings',
  local: 'local settings',
  flag: 'command-line flags',
  session: 'this session',
  settings: 'settings',
};

export function deniedByRule(subject: string, rule: string, source: string): string {
  const from = SOURCE_LABELS[source] ?? source;
  return `Error: Permission denied by rule deny ${rule} (from ${from}): ${subject}. ${DO_NOT_RETRY}`;
}

export function deniedForbidden(subject: string, reason: string): string {
  return `Error: Permission denied: ${subject} is forbidden (${reason}). tick never runs it, in any mode. ${DO_NOT_RETRY}`;
}

export function deniedInPlanMode(subject: string, reason: string): string {
  return (
    `Error: Permission denied in plan mode (read-only): ${subject} (${reason}). ` +
    'tick is in plan mode: explore with read-only tools and commands, then present your plan; ' +
    'do not change anything until the user switches modes.'
  );
}

/** Print mode has no one to ask: say which flag would allow the call. */
export function deniedInPrintMode(
  subject: string,
  reason: string,
  fix: { acceptEdits?: boolean; rule?: string; askRule?: boolean; hookAsk?: boolean },
): string {
  const head = `Error: Permission denied in print mode: this call needs approval (${reason}): ${subject}.`;
  if (fix.askRule) return `${head} An ask rule requires a person to approve it. ${DO_NOT_RETRY}`;
  if (fix.hookAsk) return `${head} A hook requires a person to approve it. ${DO_NOT_RETRY}`;
  const modes = fix.acceptEdits ? 'acceptEdits or bypassPermissions' : 'bypassPermissions';
  const rule = fix.rule ? `, or --allowedTools "${fix.rule}"` : '';
  return `${head} Re-run with --permission-mode ${modes}${rule}. ${DO_NOT_RETRY}`;
}

export function deniedCancelled(subject: string): string {
  return `Error: The permission request for ${subject} was cancelled; the call did not run.`;
}
