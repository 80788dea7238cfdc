import type { ApprovalRequest } from './approval';
import type { RewindReport, UnsavedFile } from './checkpoints';
import type { Task } from './tasks';
import type { Todo } from './todos';
import type { ToolDisplay } from './tool-display';
import type { ToolLook } from './tool-look';
import type { Usage } from './usage';

/** How a tool call ended, as the UI shows it. */
export type ToolStatus = 'ok' | 'error' | 'denied' | 'cancelled';

/** done: answered; stopped: a hook said stop; max_turns: the --max-turns cap. */
export type TurnEndReason = 'done' | 'stopped' | 'max_turns' | 'aborted' | 'error';

/**
 * Everything the loop reports. Plain serialisable data: the same objects feed the
 * store, the JSONL session and `--output-format stream-json`.
 */
export type AgentEvent =
  /** A prompt entered the conversation (from the user, or pushed by a Stop hook). */
  | { type: 'user_prompt'; text: string; source: 'user' | 'hook' }
  /** Extra context added to the prompt by a UserPromptSubmit hook. */
  | { type: 'hook_context'; text: string }
  /** A model request begins; `round` counts requests within this prompt from 1. */
  | { type: 'request_start'; round: number }
  | { type: 'text_delta'; text: string }
  | { type: 'reasoning_delta'; text: string }
  /** The model's complete text for one request (also when it called tools). */
  | { type: 'assistant_message'; text: string; reasoning: string }
  /**
   * The stream announced a tool call; its arguments are still arriving. `recovered`: the
   * model wrote it as text in this format (`hermes`, `mistral`, ...) and tick recovered it;
   * for a tool tick lacks (no tool_call_ready shows its input) it carries the `arguments`.
   */
  | {
      type: 'tool_call_started';
      id: string;
      name: string;
      recovered?: string;
      arguments?: string;
    }
  /**
   * Arguments complete and parsed (every call of a round, when the model's answer is
   * complete, before the first runs); `summary` is the one-line card text, `look` how the
   * call shows (what its tool declares).
   */
  | {
      type: 'tool_call_ready';
      id: string;
      name: string;
      input: unknown;
      summary: string;
      look: ToolLook;
      /** Written as text in this format and recovered. */
      recovered?: string;
    }
  /**
   * The call passed the gate and the PreToolUse hooks and its tool starts now (the session
   * log records it, so a crash mid-call is not mistaken for a call that never ran).
   */
  | { type: 'tool_running'; id: string; name: string }
  /** Live output of a running tool (bash). */
  | { type: 'tool_output'; id: string; chunk: string }
  | {
      type: 'tool_result';
      id: string;
      name: string;
      /** The call's look again: a call whose arguments did not parse had no tool_call_ready. */
      look: ToolLook;
      status: ToolStatus;
      output: string;
      display?: ToolDisplay;
      durationMs: number;
    }
  | { type: 'todos_updated'; todos: Todo[] }
  /**
   * The task list as a task tool left it, or as another process changed it (between turns
   * too): every task, in id order.
   */
  | { type: 'tasks_updated'; listId: string; tasks: Task[] }
  | { type: 'reminder_injected'; text: string }
  | { type: 'permission_asked'; request: ApprovalRequest }
  /**
   * How a call was let through or stopped. Every call the gate looks at gets one: `allow`
   * or `deny`, or `ask` when it goes to the user (then a second one with the answer, `by`
   * 'user'). `confined`: a bash call runs (or would run, once allowed) in the sandbox.
   */
  | {
      type: 'permission_decided';
      callId: string;
      decision: 'allow' | 'deny' | 'ask';
      /** What decided: 'user', 'rule allow bash(git:*)', 'mode default', 'sandbox', 'hook'. */
      by: string;
      confined?: boolean;
      note?: string;
    }
  | { type: 'usage'; usage: Usage }
  /**
   * How full the context is after a model request: `tokens` in the conversation now, of a
   * `window` when it is known.
   */
  | { type: 'context_usage'; tokens: number; window?: number }
  /** The older history was summarised; the plan (when there is one) was put back after it. */
  | {
      type: 'context_compacted';
      trigger: 'manual' | 'auto';
      tokensBefore: number;
      tokensAfter: number;
      planKept: boolean;
      window?: number;
    }
  /**
   * A failed model request that will be tried again after `delayMs`; `attempt` counts the
   * failed attempts (1 on the first retry). The retry streams the whole answer anew: drop
   * the text, reasoning and tool_call_started cards this request streamed so far.
   */
  | { type: 'retry'; attempt: number; delayMs: number; reason: string }
  /** The `agent` tool's call `parentCallId` started a subagent with a fresh context. */
  | {
      type: 'subagent_started';
      agentId: string;
      parentCallId: string;
      description: string;
      prompt: string;
      /** Its agent type (`general-purpose`, `explore`, a definition's name). */
      agentType?: string;
    }
  /** One event of a running subagent's own loop, tagged with who it is. */
  | { type: 'subagent_event'; agentId: string; parentCallId: string; event: AgentEvent }
  /**
   * A subagent ended. `ok`: it answered; `result` is its final text, or the error the parent
   * gets; `turns` its model requests, `toolCalls` the calls it made.
   */
  | {
      type: 'subagent_finished';
      agentId: string;
      parentCallId: string;
      ok: boolean;
      result: string;
      turns: number;
      toolCalls: number;
      durationMs: number;
      /** The user stopped this child alone (Ctrl+C in its view); its parent went on. */
      stoppedByUser?: boolean;
    }
  /**
   * Files over the checkpoint size cap, named (once each) before a call that may change them
   * runs: a rewind cannot restore them.
   */
  | { type: 'checkpoint_unsaved'; files: UnsavedFile[]; capBytes: number }
  /** A rewind (or an undo of one plan item) put files back; what it did and could not do. */
  | { type: 'rewind_done'; report: RewindReport }
  /** The plan items whose changes are undone now (`todo:<content>`, `task:<id>`). */
  | { type: 'plan_items_undone'; keys: string[] }
  /** A problem the user should see; `fatal` errors end the turn. */
  | { type: 'error'; message: string; fatal: boolean }
  | {
      type: 'turn_end';
      reason: TurnEndReason;
      /** The final answer text (last assistant message). */
      result: string;
      rounds: number;
      usage: Usage;
    };

export type AgentEventType = AgentEvent['type'];
