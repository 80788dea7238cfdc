/**
 * The shapes of what a session line holds (events and messages), checked when a file is read:
 * a hand-edited line with a number where text belongs is reported by the reader, naming the
 * field, instead of crashing whatever uses the record later (resume, export, the app).
 * Fields a reader relies on are required; optional ones are checked when present.
 */
import type { AgentEventType } from '../protocol/events';

/** Where in the value the problem is (`todos[0].status`) and what it is. */
export interface ShapeProblem {
  at: string;
  text: string;
}

type Check = (value: unknown) => ShapeProblem | undefined;

function described(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return 'text';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const expecting =
  (what: string, test: (value: unknown) => boolean): Check =>
  (value) =>
    test(value) ? undefined : { at: '', text: `${what} expected, found ${described(value)}` };

const text = expecting('text', (value) => typeof value === 'string');
const number = expecting('a number', (value) => typeof value === 'number');
const boolean = expecting('true or false', (value) => typeof value === 'boolean');
const anObject = expecting('an object', isObject);
const anything: Check = () => undefined;

function oneOf(...values: string[]): Check {
  return expecting(values.map((value) => JSON.stringify(value)).join(' or '), (value) =>
    values.includes(value as string),
  );
}

function optional(check: Check): Check {
  return (value) => (value === undefined ? undefined : check(value));
}

function either(what: string, ...checks: Check[]): Check {
  return (value) =>
    checks.some((check) => check(value) === undefined)
      ? undefined
      : { at: '', text: `${what} expected, found ${described(value)}` };
}

function listOf(item: Check): Check {
  return (value) => {
    if (!Array.isArray(value))
      return { at: '', text: `a list expected, found ${described(value)}` };
    for (const [index, element] of value.entries()) {
      const problem = item(element);
      if (problem) return { at: `[${index}]${problem.at}`, text: problem.text };
    }
    return undefined;
  };
}

function shape(fields: Record<string, Check>): Check {
  return (value) => {
    if (!isObject(value)) return anObject(value);
    for (const [key, check] of Object.entries(fields)) {
      const problem = check(value[key]);
      if (problem) return { at: `.${key}${problem.at}`, text: problem.text };
    }
    return undefined;
  };
}

const todo = shape({
  content: text,
  status: oneOf('pending', 'in_progress', 'completed'),
  activeForm: optional(text),
});

const task = shape({
  id: text,
  subject: text,
  status: oneOf('pending', 'in_progress', 'completed'),
  description: text,
  activeForm: optional(text),
  owner: text,
  blockedBy: listOf(text),
});

const fileProblem = shape({ path: text, reason: text });

const usage = shape({ inputTokens: number, outputTokens: number });

const call = { id: text, name: text };
const child = { agentId: text, parentCallId: text };

/** Every event type, so a type added to AgentEvent without a shape here does not compile. */
const EVENT_FIELDS: Record<AgentEventType, Record<string, Check>> = {
  user_prompt: { text, source: oneOf('user', 'hook') },
  hook_context: { text },
  request_start: { round: number },
  text_delta: { text },
  reasoning_delta: { text },
  assistant_message: { text, reasoning: optional(text) },
  tool_call_started: call,
  tool_call_ready: { ...call, input: anything, summary: text },
  tool_running: call,
  tool_output: { id: text, chunk: text },
  tool_result: {
    ...call,
    status: oneOf('ok', 'error', 'denied', 'cancelled'),
    output: text,
    display: optional(
      shape({
        diff: optional(text),
        lines: optional(number),
        matches: optional(number),
        exitCode: optional(number),
      }),
    ),
    durationMs: optional(number),
  },
  todos_updated: { todos: listOf(todo) },
  tasks_updated: { listId: text, tasks: listOf(task) },
  reminder_injected: { text },
  permission_asked: {
    request: shape({
      callId: text,
      toolName: text,
      subject: text,
      reason: text,
      alwaysRule: optional(text),
      agent: optional(shape({ id: text, description: text })),
    }),
  },
  permission_decided: {
    callId: text,
    decision: oneOf('allow', 'deny'),
    by: text,
    note: optional(text),
  },
  usage: { usage },
  context_usage: { tokens: number, window: optional(number) },
  context_compacted: {
    trigger: oneOf('manual', 'auto'),
    tokensBefore: number,
    tokensAfter: number,
    planKept: boolean,
    window: optional(number),
  },
  retry: { attempt: number, delayMs: number, reason: text },
  subagent_started: { ...child, description: text, prompt: text, agentType: optional(text) },
  // The child's own event is checked as an event too.
  subagent_event: { ...child, event: (value) => eventProblem(value) },
  subagent_finished: {
    ...child,
    ok: boolean,
    result: text,
    turns: number,
    toolCalls: number,
    durationMs: number,
    stoppedByUser: optional(boolean),
  },
  checkpoint_unsaved: { files: listOf(shape({ path: text, bytes: number })), capBytes: number },
  rewind_done: {
    report: shape({
      target: text,
      pointId: number,
      savedAs: optional(number),
      restored: listOf(text),
      removed: listOf(text),
      failed: listOf(fileProblem),
      left: listOf(fileProblem),
      conversation: boolean,
    }),
  },
  plan_items_undone: { keys: listOf(text) },
  error: { message: text, fatal: boolean },
  turn_end: {
    reason: oneOf('done', 'stopped', 'max_turns', 'aborted', 'error'),
    result: text,
    rounds: number,
    usage,
  },
};

/**
 * What is wrong with an event read back (its blob references already resolved), or
 * undefined when it has the fields its type needs. A type this tick does not know passes:
 * a newer tick may have added it within the format.
 */
export function eventProblem(value: unknown): ShapeProblem | undefined {
  if (!isObject(value)) return anObject(value);
  if (typeof value.type !== 'string') return { at: '.type', text: text(value.type)?.text ?? '' };
  const fields = (EVENT_FIELDS as Record<string, Record<string, Check>>)[value.type];
  return fields ? shape(fields)(value) : undefined;
}

/**
 * Whether this tick knows the event's type (and a subagent event's inner one). A newer tick
 * may add types within the format; a reader skips the events it does not know.
 */
export function isKnownEvent(value: Record<string, unknown>): boolean {
  if (typeof value.type !== 'string' || !Object.hasOwn(EVENT_FIELDS, value.type)) return false;
  return value.type !== 'subagent_event' || !isObject(value.event) || isKnownEvent(value.event);
}

/** Message content: text, nothing, or a list of parts that each name their type. */
const content = either(
  'text, null or a list of parts',
  text,
  expecting('null', (value) => value === null),
  listOf(shape({ type: text })),
);

const toolCall = shape({
  id: text,
  type: text,
  function: shape({ name: text, arguments: text }),
});

const MESSAGE_FIELDS: Record<string, Record<string, Check>> = {
  system: { content },
  developer: { content },
  user: { content },
  assistant: { content: optional(content), tool_calls: optional(listOf(toolCall)) },
  tool: { tool_call_id: text, content },
};

/** What is wrong with a chat message read back (blob references resolved), if anything. */
export function messageProblem(value: unknown): ShapeProblem | undefined {
  if (!isObject(value)) return anObject(value);
  const role = oneOf(...Object.keys(MESSAGE_FIELDS))(value.role);
  if (role) return { at: '.role', text: role.text };
  return shape(MESSAGE_FIELDS[value.role as string])(value);
}
