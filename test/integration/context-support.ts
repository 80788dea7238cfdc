import type {
  RecordedRequest,
  ScriptedToolCall,
  ScriptedTurn,
} from '../../src/demo/scripted-server';
import { renderTodos } from '../../src/todos/render';
import { countPromptTokens } from '../../src/demo/server-kinds';
import type { Todo } from '../../src/protocol/todos';

/** The prompt's size as the scripted server counts it (and refuses it past its window). */
export function promptTokensOf(request: RecordedRequest): number {
  return countPromptTokens(request.body);
}

/** tick summarises without tools; every other request offers them. */
export function isSummaryRequest(request: RecordedRequest): boolean {
  return !Array.isArray(request.body?.tools);
}

/** A bash command printing `chars` characters of `x` in lines of 100 (plus newlines). */
export function printChars(chars: number): string {
  return `head -c ${chars} /dev/zero | tr '\\0' 'x' | fold -w 100`;
}

export const bash = (command: string): ScriptedTurn => ({
  toolCalls: [{ name: 'bash', arguments: { command } }],
});

export const todoWrite = (todos: Todo[]): ScriptedTurn => ({
  toolCalls: [{ name: 'todo_write', arguments: { todos } } satisfies ScriptedToolCall],
});

/** What the model was shown after a compaction, as the script saw it. */
export interface AfterCompaction {
  /** The first request after the summary. */
  request: RecordedRequest;
  /** The summary the script answered with. */
  summary: string;
  /** The plan as it stood (rendered), '' when there was none. */
  plan: string;
}

/**
 * A model that works through `steps` (one per request that offers tools) and answers every
 * summarising request with a numbered summary. It records, for each compaction, the first
 * request after it with the summary and the plan in force, so a test can check what the
 * model saw.
 */
export function workingModel(steps: ScriptedTurn[]) {
  let step = 0;
  let plan = '';
  let pendingSummary: string | undefined;
  const summaries: string[] = [];
  const afterCompaction: AfterCompaction[] = [];
  const script = (request: RecordedRequest): ScriptedTurn => {
    if (isSummaryRequest(request)) {
      const summary = `SUMMARY ${summaries.length + 1}: the user wants the logs collected; keep going with the plan.`;
      summaries.push(summary);
      pendingSummary = summary;
      return { text: summary };
    }
    if (pendingSummary !== undefined) {
      afterCompaction.push({ request, summary: pendingSummary, plan });
      pendingSummary = undefined;
    }
    const turn = steps[step] ?? { text: 'Nothing more to do.' };
    step += 1;
    const write = turn.toolCalls?.find((call) => call.name === 'todo_write');
    if (write && typeof write.arguments === 'object') {
      plan = renderTodos((write.arguments as { todos: Todo[] }).todos);
    }
    return turn;
  };
  return { script, summaries, afterCompaction, steps: () => step };
}

/** The text of the first history message (after the system prompt) a request carried. */
export function headOf(request: RecordedRequest): string {
  const first = request.body?.messages?.[1];
  return typeof first?.content === 'string' ? first.content : '';
}
