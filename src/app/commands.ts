import { removeLocalRule } from '../config/local-rules';
import { PERMISSION_MODES, type PermissionMode } from '../permissions/types';
import type { SessionAgent } from './agent-port';
import { commit, withBanner } from '../store/reducer';
import { renderTaskList } from '../tasks/render';
import type { AppStore } from '../store/store';
import type { InfoTone } from '../store/types';
import { mcpCommand, mcpPromptCommand } from './mcp-command';
import type { UserCommandInfo } from '../protocol/user-commands';
import { reportLines } from '../model/doctor/report-text';
import { localeIsUtf8 } from '../util/locale';

export const HELP_TEXT = [
  'Commands',
  '  /help              this help',
  '  /clear             start a new conversation',
  '  /compact [focus]   summarise the older history now (the plan is kept)',
  '  /todos, /tasks     print the plan (the todo list or the task list)',
  '  /mode NAME         default | acceptEdits | plan | bypassPermissions',
  '  /model NAME        switch the model',
  '  /rewind            go back to before a change (files, and the conversation if chosen)',
  '  /undo #N           undo only what was changed while plan item N was in progress',
  '  /agents            the subagents: open one full screen, live (also Down on an empty input)',
  '  /permissions       list permission rules (/permissions rm RULE removes one)',
  '  /mcp               MCP servers and their state (/mcp reconnect|approve|deny|login NAME)',
  '  /mcp prompts       MCP prompts, each a command: /mcp__SERVER__PROMPT [ARGS]',
  '  /mcp resources     what the MCP servers expose to read',
  '  /memory            list the instruction files loaded (AGENTS.md, CLAUDE.md, imports)',
  '  /doctor            check the model server (streaming, tool calls, window, ...)',
  '  /exit              quit',
  'Keys',
  // ASCII separators: the help must read the same in a terminal without UTF-8.
  '  Enter send; Shift+Enter or Ctrl+J new line; Up/Down history; Ctrl+U clear input',
  '  Esc interrupt; Ctrl+C clear / interrupt, twice to quit; Ctrl+D quit on empty input',
  '  Esc Esc on an empty input: /rewind',
  '  Shift+Tab cycle mode; Ctrl+O expand output and reasoning; PgUp/PgDn scroll',
  '  Ctrl+T plan panel: focus it (Up/Down, PgUp/PgDn, Home/End scroll; Esc back), fold, show',
].join('\n');

export interface CommandHost {
  store: AppStore;
  /** Undefined while the agent is still loading (only /help and /exit run then). */
  agent: SessionAgent | undefined;
  exit(): void;
  /** /clear: forget the conversation on screen and in the agent. */
  clear(): void;
  /** /compact: runs the compaction like a prompt (busy, interruptible, logged). */
  compact(focus: string): void;
  /** Sends text to the model as the user's prompt (an MCP prompt's); queued while a turn runs. */
  send(prompt: string): void;
  /** A user's command or skill (`/name args`): sent as a prompt, which the agent expands. */
  prompt(line: string): void;
  /** /rewind (no item) or /undo #N: opens the rewind picker. */
  rewind(item?: string): void;
  /** /agents: opens the subagents' list. */
  agents(): void;
}

/** The built-in commands that run at once, even while a turn runs. */
const IMMEDIATE = new Set([
  '/help',
  '/exit',
  '/quit',
  '/todos',
  '/tasks',
  '/mode',
  '/permissions',
  '/memory',
  '/doctor',
  '/mcp',
  '/agents',
]);

/** Commands that change the conversation wait for a running turn; the rest run at once. */
export function commandWaitsForTurn(line: string): boolean {
  // /clear, /model, /compact, /rewind, /undo, MCP prompts and the user's commands (prompts) wait.
  return !IMMEDIATE.has(line.trim().split(/\s+/)[0]);
}

/** /help: the built-in commands, then the user's commands and skills. */
export function helpText(commands: readonly UserCommandInfo[]): string {
  const row = (c: UserCommandInfo) => {
    const usage = `/${c.name}${c.argumentHint ? ` ${c.argumentHint}` : ''}`;
    const description = c.description.replace(/\s+/g, ' ');
    const cut = description.length > 80 ? `${description.slice(0, 77)}...` : description;
    return `  ${usage.padEnd(18)} ${cut}`;
  };
  const own = commands.filter((c) => c.kind === 'command');
  const skills = commands.filter((c) => c.kind === 'skill');
  return [
    HELP_TEXT,
    ...(own.length ? ['Your commands', ...own.map(row)] : []),
    ...(skills.length ? ['Skills (the model may also load them itself)', ...skills.map(row)] : []),
  ].join('\n');
}

export function isSlashCommand(line: string): boolean {
  return /^\/[a-z]/i.test(line.trim());
}

function say(host: CommandHost, text: string, tone: InfoTone = 'info'): void {
  host.store.setState((state) => commit(state, { kind: 'info', text, tone }));
}

function setMode(host: CommandHost & { agent: SessionAgent }, arg: string | undefined): void {
  if (!arg) {
    say(host, `Mode: ${host.agent.policy.mode} (choose: ${PERMISSION_MODES.join(', ')})`);
    return;
  }
  if (!(PERMISSION_MODES as readonly string[]).includes(arg)) {
    say(host, `Unknown mode '${arg}'. Modes: ${PERMISSION_MODES.join(', ')}`, 'error');
    return;
  }
  host.agent.policy.setMode(arg as PermissionMode);
  host.store.setState({ mode: arg as PermissionMode });
  say(host, `Mode: ${arg}`);
}

function permissions(host: CommandHost & { agent: SessionAgent }, args: string[]): void {
  if (args[0] === 'rm') {
    const rule = args.slice(1).join(' ');
    if (!rule) return say(host, 'Usage: /permissions rm RULE', 'error');
    const inPolicy = host.agent.policy.removeRule(rule);
    // The file check is async (its validation loads on demand); it never rejects.
    void removeSavedRule(host.agent.cwd, rule).then((saved) => {
      if (saved.error) say(host, saved.error, 'error');
      if (inPolicy || saved.path)
        say(host, `Removed rule ${rule}${saved.path ? ` (and from ${saved.path})` : ''}`);
      else if (!saved.error) say(host, `No rule ${rule}. /permissions lists them.`, 'error');
    });
    return;
  }
  if (args.length)
    return say(host, `Unknown: /permissions ${args.join(' ')} (try /permissions rm RULE)`, 'error');
  const { agent } = host;
  // Grants whose item has completed end first (the list is read from disk for tasks).
  void (agent.itemGrants?.() ?? Promise.resolve([])).then((grants) => {
    const rules = agent.policy.listRules();
    if (!rules.length && !grants.length)
      return say(host, `No permission rules. Mode: ${agent.policy.mode}`);
    const lines = [
      ...rules.map(
        (entry) => `  ${entry.list.padEnd(5)} ${entry.rule}  (${whereRuleLives(entry.source)})`,
      ),
      ...grants.map(
        (grant) => `  allow ${grant.rule}  (while "${grant.item.text}" is in progress)`,
      ),
    ];
    say(host, [`Permission rules (mode: ${agent.policy.mode})`, ...lines].join('\n'));
  });
}

/** Where a rule listed by /permissions lives: a settings file, a flag, this session only. */
const RULE_HOMES: Record<string, string> = {
  user: 'user settings',
  project: '.tick/settings.json',
  local: '.tick/settings.local.json',
  flag: 'command-line flag',
  session: 'this session only',
  settings: 'settings',
};

export function whereRuleLives(source: string): string {
  return RULE_HOMES[source] ?? source;
}

/**
 * `/permissions rm` also takes the rule out of `.tick/settings.local.json` (where "allow
 * always, saved" put it), from whichever lists hold it. A malformed file is left untouched.
 */
async function removeSavedRule(
  cwd: string,
  rule: string,
): Promise<{ path?: string; error?: string }> {
  let path: string | undefined;
  try {
    for (const list of ['allow', 'ask', 'deny'] as const) {
      const result = await removeLocalRule(cwd, list, rule);
      if (result.removed) path = result.path;
    }
    return { path };
  } catch (error) {
    return { path, error: error instanceof Error ? error.message : String(error) };
  }
}

/** `/doctor`: the server checked as `tick doctor` does; the report arrives when it is done. */
function doctor(host: CommandHost & { agent: SessionAgent }): void {
  const { agent } = host;
  if (agent.demo) {
    return say(
      host,
      'The demo model needs no server. Set OPENAI_BASE_URL (and TICK_MODEL) for /doctor to check one.',
    );
  }
  if (!agent.doctor) return say(host, 'This agent cannot run the doctor.', 'error');
  say(host, 'Checking the model server...', 'dim');
  agent.doctor().then(
    (report) => {
      const warned = report.lines.some((line) => line.verdict === 'warn');
      const tone = !report.works ? 'error' : warned ? 'warning' : 'info';
      say(host, reportLines(report, localeIsUtf8(process.env)).join('\n'), tone);
    },
    (error: unknown) => say(host, `The doctor failed: ${String(error)}`, 'error'),
  );
}

/** Runs one slash command; its answer goes into the transcript. */
export function runSlashCommand(host: CommandHost, line: string): void {
  const [name, ...args] = line.trim().split(/\s+/);
  if (name === '/help') return say(host, helpText(host.agent?.userCommands?.() ?? []));
  if (name === '/exit' || name === '/quit') return host.exit();
  const agent = host.agent;
  if (!agent) return say(host, 'tick is still starting; try again in a moment.', 'warning');
  const ready = { ...host, agent };
  switch (name) {
    case '/clear':
      return host.clear();
    case '/compact':
      if (!agent.compact) return say(host, 'This agent cannot compact its context.', 'error');
      return host.compact(args.join(' '));
    case '/todos':
    case '/tasks': {
      const { todos, tasks, taskListId } = host.store.getState();
      if (taskListId !== null)
        return say(host, `Task list ${taskListId}\n${renderTaskList(tasks)}`);
      if (!todos.length) return say(host, 'No todos yet.');
      host.store.setState((state) => commit(state, { kind: 'todos', todos }));
      return;
    }
    case '/mode':
      return setMode(ready, args[0]);
    case '/model': {
      if (!args[0]) return say(host, `Model: ${agent.model}`);
      // The demo plays a script: a model name would change nothing it says.
      if (agent.demo)
        return say(
          host,
          `The demo model plays a script and cannot switch to ${args[0]}: set OPENAI_BASE_URL, OPENAI_API_KEY and TICK_MODEL=${args[0]}, then start tick again.`,
          'error',
        );
      agent.setModel(args[0]);
      host.store.setState((state) => ({
        model: agent.model,
        items: withBanner(state.items, { model: agent.model }),
      }));
      return say(host, `Model: ${agent.model}`);
    }
    case '/permissions':
      return permissions(ready, args);
    case '/mcp':
      return mcpCommand(agent.mcp, args, agent.cwd, (text, tone) => say(host, text, tone));
    case '/rewind':
      if (args.length) return say(host, 'Usage: /rewind (then choose a point)', 'error');
      return host.rewind();
    case '/undo': {
      const item = /^#?(\w[\w-]*)$/.exec(args[0] ?? '')?.[1];
      if (!item || args.length > 1) return say(host, 'Usage: /undo #N (a plan item)', 'error');
      return host.rewind(item);
    }
    case '/agents':
      if (args.length) return say(host, 'Usage: /agents (then choose one)', 'error');
      return host.agents();
    case '/doctor':
      return doctor(ready);
    case '/memory':
      return say(host, agent.memory?.() ?? 'This agent loads no instruction files.');
    default: {
      if (name.startsWith('/mcp__'))
        return mcpPromptCommand(
          agent.mcp,
          name,
          line.trim().slice(name.length),
          (prompt) => host.send(prompt),
          (text, tone) => say(host, text, tone),
        );
      const wanted = name.slice(1).toLowerCase();
      if (agent.userCommands?.().some((c) => c.name.toLowerCase() === wanted))
        return host.prompt(line);
      return say(host, `Unknown command ${name}. Type /help for the list.`, 'error');
    }
  }
}
