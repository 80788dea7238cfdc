import type { Approve } from '../protocol/approval';
import type { ChatMessage } from '../model/types';
import type { AgentEvent } from '../protocol/events';
import type { AgentState } from './loop';

/** What the app or print mode gives a new session: how to ask the user, and observers. */
export interface AgentOptions {
  approve: Approve;
  interactive: boolean;
  /** Restored state (resume). */
  state?: Partial<AgentState>;
  /** Observers for the session log. */
  onEvent?: (event: AgentEvent) => void;
  onMessage?: (message: ChatMessage) => void;
  /** Rules granted with "allow always" earlier in the session (resume). */
  grantedRules?: string[];
  /** "Allow always" granted this rule (the session log records it). */
  onGrant?: (rule: string) => void;
  /** `/permissions rm` took back a grant of this session (the session log records it). */
  onRevoke?: (rule: string) => void;
  /** The history was replaced by a compacted one (the session log records it). */
  onCompact?: (messages: ChatMessage[]) => void;
  /** A rewind took the history back to `messages` (the session log records it). */
  onRewind?: (messages: ChatMessage[]) => void;
  /**
   * The session's own folder (long tool outputs are kept there); read_file may read it
   * without asking. Default: a folder in the system's temp folder.
   */
  dataDir?: string;
  /** The session plans on this task list (the session log records it). */
  onTaskList?: (listId: string) => void;
  /** A prompt ended (or was abandoned): the state the next prompt starts from. */
  onTurnEnd?: (state: Readonly<AgentState>) => void;
  /** /clear started a new conversation. */
  onReset?: () => void;
  /** A message of a subagent's own history (the session log keeps it as a side chain). */
  /**
   * How long an approval waits unanswered before Notification (`permission_prompt`) fires,
   * and the prompt stays idle after a turn before `idle_prompt` does (ms; tests shorten them).
   */
  notificationDelays?: { permission: number; idle: number };
  onSubagentMessage?: (agentId: string, parentCallId: string, message: ChatMessage) => void;
  /** A call of the main agent is about to run (the session log records it before it does). */
  onToolStart?: (callId: string) => void;
}
