import type { AgentEvent } from '../protocol/events';
import type { ChatMessage } from '../model/types';
import { GENERIC_LOOK, type ToolLook } from '../protocol/tool-look';
import type { ReadRecord } from './reader';
import { joinOutput, type OutputPiece } from './running-output';

/** The tool result given to calls a crash left unanswered before they started. */
export const NOT_RUN_OUTPUT = 'Error: not run: the session was interrupted';

/**
 * The tool result for a call a log of an older tick cannot place: it was about to run, and
 * nothing says whether it started.
 */
export const MAY_HAVE_RUN_OUTPUT =
  'Error: interrupted: the session ended (tick was closed or killed) as this call was about to ' +
  'run, and tick cannot tell whether it started, so it may have run: check before doing it again';

/** The tool result for a call that was running when the session ended. */
export function interruptedOutput(output: string): string {
  const body = output.replace(/\n+$/, '') || '(no output)';
  return (
    'Error: interrupted: this call started, but the session ended (tick was closed or killed) ' +
    `before it finished, so it may have done part of its work. Output before that:\n${body}`
  );
}

export interface CallRepair {
  message: ChatMessage;
  event: AgentEvent;
}

interface StartedCall {
  t: number;
  head: string;
  tail?: OutputPiece;
}

/**
 * Follows the log for calls that started and have no result yet, with the output recorded
 * while they ran, and gives any call a crash left unanswered its result: "not run" for one
 * that never started, "interrupted" with its output for one that did. A log that does not
 * record starts before calls run (`startsRecorded` off: an older tick) cannot tell a call
 * about to run from one just spawned: such a call "may have run", unless it was still
 * waiting for the user's approval.
 */
export class InterruptedCalls {
  private readonly running = new Map<string, StartedCall>();
  /** Calls whose approval was asked and not yet answered: they cannot have run. */
  private readonly awaitingApproval = new Set<string>();
  /** The last moment the log shows tick alive: a running call ran at least until then. */
  private lastT = 0;
  /** Each announced call's look, for its repair (a call whose arguments did not parse has none). */
  private readonly looks = new Map<string, ToolLook>();

  constructor(private readonly startsRecorded: boolean) {}

  note(record: ReadRecord): void {
    this.lastT = Math.max(this.lastT, record.t);
    if (record.kind === 'output') {
      const call = this.running.get(record.id);
      if (!call) return;
      if (record.tail) call.tail = record;
      else call.head += record.text;
      return;
    }
    // Ids can repeat across requests: a new start begins afresh, a result ends the call.
    if (record.kind === 'started') this.running.set(record.id, { t: record.t, head: '' });
    if (record.kind !== 'event') return;
    const { event } = record;
    if (event.type === 'tool_call_ready') this.looks.set(event.id, event.look);
    if (event.type === 'tool_running' && !this.running.has(event.id)) {
      this.running.set(event.id, { t: record.t, head: '' });
    } else if (event.type === 'tool_result') this.running.delete(event.id);
    else if (event.type === 'permission_asked') this.awaitingApproval.add(event.request.callId);
    else if (event.type === 'permission_decided') this.awaitingApproval.delete(event.callId);
  }

  /** The result for a call that has none and no recorded start. */
  private notStarted(id: string): string {
    return this.startsRecorded || this.awaitingApproval.has(id)
      ? NOT_RUN_OUTPUT
      : MAY_HAVE_RUN_OUTPUT;
  }

  repair(id: string, name: string): CallRepair {
    const call = this.running.get(id);
    const output = call ? interruptedOutput(joinOutput(call.head, call.tail)) : this.notStarted(id);
    return {
      message: { role: 'tool', tool_call_id: id, content: output },
      event: {
        type: 'tool_result',
        id,
        name,
        look: this.looks.get(id) ?? GENERIC_LOOK,
        status: 'cancelled',
        output,
        durationMs: call ? this.lastT - call.t : 0,
      },
    };
  }
}
