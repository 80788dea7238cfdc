import type { ScriptedTurn, Script } from '../demo/script-types';
import type { ChatMessage } from '../model/types';
import type { ApprovalDecision, Approve } from '../protocol/approval';
import type { HeaderRecord } from './format';
import { readSessionFile } from './reader';

/** A recorded session turned into what a replay needs. */
export interface PreparedReplay {
  header: HeaderRecord;
  /** The prompts the user typed, in order. */
  prompts: string[];
  /** Every recorded model answer, in order. */
  script: ScriptedTurn[];
  /** The same answers grouped by the prompt they answered (`turns[i]` for `prompts[i]`). */
  turns: ScriptedTurn[][];
  /** What happened to each tool call per prompt, for the recorded approvals. */
  outcomes: Map<string, RecordedOutcome[]>;
  /** The recording planned with the task tools: the replay offers them too. */
  usedTasks: boolean;
  /** Each subagent's recorded answers, by its prompt (children with one prompt: in order). */
  children: Map<string, ScriptedTurn[]>;
}

/** Whether a recorded call was allowed to run, and the text a denial gave the model. */
export interface RecordedOutcome {
  allowed: boolean;
  note?: string;
}

/**
 * Reads a recorded session (never changes it) and builds the scripted model's answers from
 * the recorded assistant messages (text, reasoning, tool calls with their ids) plus the
 * prompts to send again.
 */
export async function prepareReplay(file: string): Promise<PreparedReplay> {
  const parsed = readSessionFile(file);
  const prompts: string[] = [];
  const turns: ScriptedTurn[][] = [];
  const outcomes = new Map<string, RecordedOutcome[]>();
  const denials = new Map<string, string | undefined>();
  let usedTasks = false;
  const children = new Map<string, ScriptedTurn[]>();
  /** The prompt each child (by id) was given: its side chain's first message. */
  const childPrompts = new Map<string, string>();
  for (const record of parsed.records) {
    if (record.kind === 'task_list') usedTasks = true;
    const group = turns.length - 1;
    if (record.kind === 'sidechain') {
      const { agentId, message } = record;
      if (
        message.role === 'user' &&
        !childPrompts.has(agentId) &&
        typeof message.content === 'string'
      ) {
        childPrompts.set(agentId, message.content);
        if (!children.has(message.content)) children.set(message.content, []);
      }
      const prompt = childPrompts.get(agentId);
      if (message.role === 'assistant' && prompt !== undefined)
        children.get(prompt)?.push(scriptedTurn(message));
      continue;
    }
    if (record.kind === 'message') {
      if (record.message.role === 'assistant' && group >= 0) {
        turns[group].push(scriptedTurn(record.message));
      }
      continue;
    }
    if (record.kind !== 'event') continue;
    // A child's calls are approved as recorded too (their ids come back in the replay).
    const inner = record.event.type === 'subagent_event' ? record.event.event : undefined;
    const childCall = inner?.type === 'tool_result' || inner?.type === 'permission_decided';
    const event = inner && childCall ? inner : record.event;
    switch (event.type) {
      case 'user_prompt':
        if (event.source === 'user') {
          prompts.push(event.text);
          turns.push([]);
        }
        break;
      case 'assistant_message': {
        const last = turns[group]?.at(-1);
        if (last && event.reasoning) last.reasoning = event.reasoning;
        break;
      }
      case 'permission_decided':
        if (event.decision === 'deny') denials.set(event.callId, event.note);
        break;
      case 'tool_result': {
        if (group < 0) break;
        const key = outcomeKey(group, event.id);
        const allowed = event.status !== 'denied';
        const note = allowed ? undefined : (denials.get(event.id) ?? firstLine(event.output));
        outcomes.set(key, [...(outcomes.get(key) ?? []), { allowed, note }]);
        denials.delete(event.id);
        break;
      }
      default:
        break;
    }
  }
  return {
    header: parsed.header,
    prompts,
    script: turns.flat(),
    turns,
    outcomes,
    usedTasks,
    children,
  };
}

function outcomeKey(prompt: number, callId: string): string {
  return `${prompt}:${callId}`;
}

function firstLine(text: string): string {
  return text.split('\n')[0].replace(/^Error:\s*/, '');
}

function scriptedTurn(message: ChatMessage): ScriptedTurn {
  const turn: ScriptedTurn = {};
  if (message.role !== 'assistant') return turn;
  if (typeof message.content === 'string' && message.content) turn.text = message.content;
  const calls = (message.tool_calls ?? []).flatMap((call) =>
    call.type === 'function'
      ? [{ name: call.function.name, arguments: call.function.arguments, id: call.id }]
      : [],
  );
  if (calls.length) turn.toolCalls = calls;
  return turn;
}

/** Drives a replay: the scripted server's answers and the approvals, prompt by prompt. */
export interface ReplayDriver {
  /** Give this to startScriptedServer. */
  script: Script;
  /**
   * Approvals as recorded: a call that ran in the recording is allowed (once), a call that
   * was denied is denied with the recorded reason, a call never recorded is denied.
   */
  approve: Approve;
  /** Call before sending `prompts[index]`: the server then answers with that prompt's turns. */
  startPrompt(index: number): void;
}

/**
 * Serves each prompt only its own recorded answers: when a prompt's answers run out (the
 * recording was interrupted mid-prompt), the model answers with an empty text, which ends
 * that prompt, so later prompts still get theirs.
 */
export function createReplayDriver(
  prepared: PreparedReplay,
  pacing: Pick<ScriptedTurn, 'delayMs' | 'chunkSize'> = {},
): ReplayDriver {
  let prompt = -1;
  let queue: ScriptedTurn[] = [];
  const outcomes = new Map([...prepared.outcomes].map(([key, list]) => [key, [...list]]));
  const children = new Map([...prepared.children].map(([key, list]) => [key, [...list]]));
  return {
    // tick's summarising requests (compaction) offer no tools and were never recorded as
    // answers: they get a stand-in summary and leave the recorded turns alone. A subagent's
    // request (its first user message is a recorded child's prompt) gets that child's answers.
    script: (request) => {
      if (!Array.isArray(request.body?.tools))
        return { text: 'Summary: the recorded session so far (replay).', ...pacing };
      const child = children.get(firstUserText(request.body));
      return { ...((child ?? queue).shift() ?? { text: '' }), ...pacing };
    },
    async approve(request): Promise<ApprovalDecision> {
      const recorded = outcomes.get(outcomeKey(prompt, request.callId))?.shift();
      if (!recorded)
        return { decision: 'deny', note: 'this call was not approved in the recording' };
      return recorded.allowed
        ? { decision: 'allow_once' }
        : { decision: 'deny', ...(recorded.note ? { note: recorded.note } : {}) };
    },
    startPrompt(index) {
      prompt = index;
      queue = [...(prepared.turns[index] ?? [])].map((turn) => ({ ...turn }));
    },
  };
}

/** The first user message of a request (a subagent's is its prompt). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any: the client's raw JSON body
function firstUserText(body: any): string {
  const messages: unknown[] = Array.isArray(body?.messages) ? body.messages : [];
  const first = messages.find(
    (m): m is { content: unknown } =>
      typeof m === 'object' && m !== null && (m as { role?: unknown }).role === 'user',
  );
  return typeof first?.content === 'string' ? first.content : '';
}
