import type { ChatMessage } from '../model/types';
import { isPlanRole } from '../protocol/tool-look';
import type { ReadRecord } from './reader';

/** A reminder the loop appended (`<reminder>…</reminder>`, whatever it names). */
function isReminder(content: ChatMessage['content']): boolean {
  return typeof content === 'string' && /^<reminder>[^]*<\/reminder>$/.test(content);
}

/** The tool round in progress: its calls, and whether one of them was a plan tool. */
interface OpenRound {
  callIds: Set<string>;
  usedPlanTool: boolean;
}

/**
 * The reminder's count between state records (a crash mid-prompt leaves none), kept as the
 * loop keeps it: a tool round without a plan tool counts one, a plan tool or a reminder
 * resets it. Whether a round used a plan tool is told by its calls' looks, which their
 * events carry after the assistant message that made the calls; the round counts once the
 * log has gone past it.
 */
export class ReminderCount {
  private rounds = 0;
  private open: OpenRound | undefined;

  note(record: ReadRecord): void {
    if (record.kind === 'state') {
      this.closeRound();
      this.rounds = record.roundsSinceTodo;
    } else if (record.kind === 'message') {
      const { message } = record;
      if (message.role === 'user' && isReminder(message.content)) {
        this.closeRound();
        this.rounds = 0;
      } else if (message.role === 'assistant' && message.tool_calls?.length) {
        this.closeRound();
        this.open = {
          callIds: new Set(message.tool_calls.map((call) => call.id)),
          usedPlanTool: false,
        };
      }
    } else if (record.kind === 'event' && this.open) {
      const { event } = record;
      const isCallEvent = event.type === 'tool_call_ready' || event.type === 'tool_result';
      if (isCallEvent && this.open.callIds.has(event.id) && isPlanRole(event.look.role))
        this.open.usedPlanTool = true;
    }
  }

  /** The count after every record noted so far. */
  count(): number {
    this.closeRound();
    return this.rounds;
  }

  private closeRound(): void {
    if (!this.open) return;
    this.rounds = this.open.usedPlanTool ? 0 : this.rounds + 1;
    this.open = undefined;
  }
}
