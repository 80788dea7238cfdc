import { parseArgs } from 'node:util';
import type { CliFlags } from '../config/resolve';
import {
  PERMISSION_MODES,
  SANDBOX_MODES,
  type PermissionMode,
  type SandboxMode,
} from '../permissions/types';
import type { ResumeTarget } from '../session/open';

export type OutputFormat = 'text' | 'json' | 'stream-json';

export type Command =
  | { kind: 'help' }
  | { kind: 'version' }
  | {
      kind: 'run';
      print: boolean;
      prompt?: string;
      format: OutputFormat;
      resume?: ResumeTarget;
      replay?: string;
    }
  | { kind: 'sessions'; action: 'list' }
  | { kind: 'sessions'; action: 'rm'; id: string }
  | { kind: 'export'; id: string; format: 'md' | 'html' }
  /** `tick tasks [LIST]`: print a task list (without LIST: the one this workspace used last). */
  | { kind: 'tasks'; list?: string }
  /** `tick mcp ...`: the words after `mcp`, which the mcp command parses itself. */
  | { kind: 'mcp'; args: string[] }
  /**
   * `tick rewind [--list] [POINT]`, `tick rewind --undo ITEM`: the workspace's checkpoints
   * listed, a point gone back to (`12`, or `#2`: before plan item 2), one item's changes undone.
   */
  | {
      kind: 'rewind';
      point?: string;
      undo?: string;
      session?: string;
      includeOverlaps: boolean;
    }
  /** `tick doctor`: check the configured model server. */
  | { kind: 'doctor' };

export interface ParsedArgs {
  command: Command;
  flags: CliFlags;
}

export class UsageError extends Error {}

const OUTPUT_FORMATS: readonly OutputFormat[] = ['text', 'json', 'stream-json'];
/**
 * What `-r` takes as a session id rather than a prompt: an id, or a prefix of one of at least
 * 4 characters (session ids are UUIDs, so a 4 or 5 character prefix is hex).
 */
const SESSION_ID = /^(?:[0-9a-f]{4,5}|[0-9a-z][0-9a-z-]{5,})$/i;

/** Parse argv (without node and script). Throws UsageError with a one-line message. */
export function parseCliArgs(argv: string[]): ParsedArgs {
  // `tick mcp add NAME -- COMMAND -x` passes options through to the server: parsed apart.
  if (argv[0] === 'mcp') return { command: { kind: 'mcp', args: argv.slice(1) }, flags: {} };
  const normalised = normaliseSandbox(normaliseResume(argv));
  let parsed;
  try {
    parsed = parseArgs({
      args: normalised,
      allowPositionals: true,
      strict: true,
      options: {
        print: { type: 'boolean', short: 'p' },
        'output-format': { type: 'string' },
        format: { type: 'string' },
        model: { type: 'string', short: 'm' },
        cwd: { type: 'string' },
        'add-dir': { type: 'string', multiple: true },
        'permission-mode': { type: 'string' },
        allowedTools: { type: 'string', multiple: true },
        disallowedTools: { type: 'string', multiple: true },
        'max-turns': { type: 'string' },
        'sandbox-mode': { type: 'string' },
        tasks: { type: 'boolean' },
        'mcp-config': { type: 'string', multiple: true },
        'strict-mcp-config': { type: 'boolean' },
        continue: { type: 'boolean', short: 'c' },
        resume: { type: 'string', short: 'r' },
        replay: { type: 'string' },
        version: { type: 'boolean', short: 'v' },
        help: { type: 'boolean', short: 'h' },
        list: { type: 'boolean' },
        undo: { type: 'string' },
        session: { type: 'string' },
        'include-overlaps': { type: 'boolean' },
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  const flags: CliFlags = {
    model: values.model,
    cwd: values.cwd,
    addDir: values['add-dir'],
    permissionMode: parseMode(values['permission-mode']),
    allowedTools: values.allowedTools,
    disallowedTools: values.disallowedTools,
    maxTurns: parseMaxTurns(values['max-turns']),
    sandbox: parseSandbox(values['sandbox-mode']),
    tasks: values.tasks,
    ...(values['mcp-config'] ? { mcpConfig: values['mcp-config'] } : {}),
    ...(values['strict-mcp-config'] ? { strictMcpConfig: true } : {}),
  };
  if (values.help) return { command: { kind: 'help' }, flags };
  if (values.version) return { command: { kind: 'version' }, flags };

  const [first, ...rest] = positionals;
  const rewindOnly = (['list', 'undo', 'session', 'include-overlaps'] as const).find(
    (name) => values[name] !== undefined,
  );
  if (rewindOnly && first !== 'rewind')
    throw new UsageError(`--${rewindOnly} belongs to tick rewind`);
  if (first === 'rewind' && !values.print) {
    if (rest.length > 1) throw new UsageError('tick rewind takes at most one point');
    if (rest[0] && (values.list || values.undo !== undefined))
      throw new UsageError(`tick rewind ${rest[0]} cannot go with --list or --undo`);
    if (values['include-overlaps'] && values.undo === undefined)
      throw new UsageError('--include-overlaps goes with --undo ITEM');
    return {
      command: {
        kind: 'rewind',
        ...(rest[0] ? { point: rest[0] } : {}),
        ...(values.undo !== undefined ? { undo: values.undo } : {}),
        ...(values.session !== undefined ? { session: values.session } : {}),
        includeOverlaps: Boolean(values['include-overlaps']),
      },
      flags,
    };
  }
  if (first === 'sessions' && !values.print) {
    if (rest[0] === 'rm') {
      if (!rest[1]) throw new UsageError('tick sessions rm needs a session id');
      return { command: { kind: 'sessions', action: 'rm', id: rest[1] }, flags };
    }
    if (rest.length)
      throw new UsageError(
        `unknown sessions action '${rest[0]}' (try: tick sessions, tick sessions rm ID)`,
      );
    return { command: { kind: 'sessions', action: 'list' }, flags };
  }
  if (first === 'export' && !values.print) {
    if (!rest[0]) throw new UsageError('tick export needs a session id');
    return { command: { kind: 'export', id: rest[0], format: exportFormat(values.format) }, flags };
  }

  if (first === 'doctor' && !values.print) {
    if (rest.length) throw new UsageError('tick doctor takes no arguments');
    return { command: { kind: 'doctor' }, flags };
  }

  if (first === 'tasks' && !values.print) {
    if (rest.length > 1) throw new UsageError('tick tasks takes at most one list id');
    return { command: { kind: 'tasks', ...(rest[0] ? { list: rest[0] } : {}) }, flags };
  }

  const format = values['output-format'] ?? 'text';
  if (!OUTPUT_FORMATS.includes(format as OutputFormat)) {
    throw new UsageError(
      `--output-format must be one of ${OUTPUT_FORMATS.join(', ')}, got '${format}'`,
    );
  }
  const resume: ResumeTarget | undefined = values.continue
    ? { kind: 'latest' }
    : values.resume !== undefined
      ? values.resume === ''
        ? { kind: 'pick' }
        : { kind: 'id', id: values.resume }
      : undefined;
  const prompt = positionals.length ? positionals.join(' ') : undefined;
  return {
    command: {
      kind: 'run',
      print: Boolean(values.print),
      prompt,
      format: format as OutputFormat,
      resume,
      replay: values.replay,
    },
    flags,
  };
}

/** `-r` takes an optional id: give it an empty value unless an id follows. */
function normaliseResume(argv: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    out.push(arg);
    if (arg === '-r' || arg === '--resume') {
      const next = argv[i + 1];
      if (next !== undefined && SESSION_ID.test(next)) {
        out.push(next);
        i += 1;
      } else {
        out.push('');
      }
    }
  }
  return out;
}

/**
 * `--sandbox` alone is `--sandbox always` (every command confined); `--sandbox MODE` and
 * `--sandbox=MODE` take auto, always or off.
 */
function normaliseSandbox(argv: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--') {
      out.push(...argv.slice(i));
      break;
    }
    if (arg.startsWith('--sandbox=')) out.push('--sandbox-mode', arg.slice('--sandbox='.length));
    else if (arg !== '--sandbox') out.push(arg);
    else if (SANDBOX_MODES.includes(argv[i + 1] as SandboxMode)) {
      out.push('--sandbox-mode', argv[i + 1]);
      i += 1;
    } else out.push('--sandbox-mode', 'always');
  }
  return out;
}

function parseSandbox(value: string | undefined): SandboxMode | undefined {
  if (value === undefined) return undefined;
  if (!SANDBOX_MODES.includes(value as SandboxMode)) {
    throw new UsageError(`--sandbox must be one of ${SANDBOX_MODES.join(', ')}, got '${value}'`);
  }
  return value as SandboxMode;
}

function parseMode(value: string | undefined): PermissionMode | undefined {
  if (value === undefined) return undefined;
  if (!PERMISSION_MODES.includes(value as PermissionMode)) {
    throw new UsageError(
      `--permission-mode must be one of ${PERMISSION_MODES.join(', ')}, got '${value}'`,
    );
  }
  return value as PermissionMode;
}

function parseMaxTurns(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new UsageError(`--max-turns must be a positive integer, got '${value}'`);
  return n;
}

/** `--format` of `tick export`: md (also `markdown`) or html, in any case. */
function exportFormat(value: string | undefined): 'md' | 'html' {
  const format = (value ?? 'md').toLowerCase();
  if (format === 'md' || format === 'markdown') return 'md';
  if (format === 'html') return 'html';
  throw new UsageError(`--format must be md (or markdown) or html, got '${value}'`);
}

export const HELP_TEXT = `tick — a terminal coding agent whose plan is always on screen

Usage:
  tick [PROMPT]                 open the full-screen app in the current folder
  tick -p "PROMPT"              run one prompt without the UI and exit (stdin may carry the prompt)
  tick -c | --continue          resume the newest session of this workspace
  tick -r | --resume [ID]       resume a session (without ID: pick one)
  tick --replay FILE            replay a recorded session offline
  tick sessions [rm ID]         list (or remove) this workspace's sessions
  tick export ID [--format md|html]   a readable report of a session (found from any folder)
  tick tasks [LIST]             print a task list (default: the one this workspace used last)
  tick mcp list|get|add|remove|login   MCP servers (tick mcp --help)
  tick rewind [--list]          list this workspace's checkpoints (points before calls)
  tick rewind POINT             put the files back as they were at POINT (12, or #2: before item 2)
  tick rewind --undo ITEM       undo only what was changed while plan item ITEM (#3) was in progress
                                (--include-overlaps: files changed again later too; --session ID)
  tick doctor                   check the model server: reachable, model, streaming, tool calls,
                                reasoning, context window, speed (exit 0 when tick can work with it)

Options:
  -p, --print                   print mode (non-interactive)
  --output-format FORMAT        text | json | stream-json (print mode)
  -m, --model NAME              model name (also TICK_MODEL or settings "model")
  --permission-mode MODE        default | acceptEdits | plan | bypassPermissions
  --allowedTools RULES          allow rules for this run, e.g. "bash(npm test:*) edit_file"
  --disallowedTools RULES       deny rules for this run
  --max-turns N                 model requests per prompt (default: no cap in the app, 100 in
                                print mode)
  --cwd DIR                     workspace (default: the current folder)
  --add-dir DIR                 another root the file tools may use (repeatable)
  --sandbox [MODE]              bubblewrap for bash: auto (default: confine what tick does not
                                understand), always (every command; --sandbox alone), off
  --tasks                       plan with the task tools (task_create ...) instead of todo_write
  --mcp-config FILE             MCP servers for this run (a .mcp.json-style file or JSON; repeatable)
  --strict-mcp-config           use only the servers of --mcp-config
  -v, --version                 print the version
  -h, --help                    this help

Environment: OPENAI_BASE_URL, OPENAI_API_KEY, TICK_MODEL, TICK_HOME (default ~/.tick),
TICK_IDLE_TIMEOUT_MS, TICK_ENABLE_TASKS (1/0), TICK_TASK_LIST_ID (share a task list),
TICK_CONTEXT_WINDOW, TICK_RECOVER_TOOL_CALLS (1/0: tool calls written as text), TICK_CHECKPOINTS (1/0).
With no model configured tick runs its built-in demo model.
`;
