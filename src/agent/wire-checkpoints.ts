import { SessionCheckpoints, type ConversationPort } from '../checkpoints/session';
import { quietTurnEnd } from './quiet-turn-end';
import { CHECKPOINTS_DEFAULTS } from '../config/types';
import type { RewindRequest } from '../protocol/checkpoints';
import type { AgentEvent } from '../protocol/events';
import { lookupTool } from '../tools/registry';
import type { HookParts } from './wire-hooks';
import type { PlanParts } from './wire-plan';
import type { PolicyParts } from './wire-policy';
import type { SessionParts, Setup } from './wire-session';
import type { WiringStep } from './wiring';

export interface CheckpointParts {
  /** Points before calls that may change files; /rewind and /undo go back to them. */
  checkpoints: SessionCheckpoints;
  /** The conversation as a rewind may take it back (history, plan, a note for the model). */
  conversation: ConversationPort;
}

type Needs = Setup &
  Pick<SessionParts, 'cwd' | 'roots' | 'state' | 'hooks' | 'teardown'> &
  Pick<PlanParts, 'tools' | 'tasks' | 'taskList'> &
  Pick<PolicyParts, 'policy'> &
  Pick<HookParts, 'transcript'>;

/**
 * Checkpoints: a PreToolUse hook (run before the others, so command hooks see the point's
 * id as `checkpoint_id`) records the roots before each call that may change files, in the
 * workspace's store under $TICK_HOME/checkpoints; the store's caches are saved at close.
 */
export const checkpointsStep: WiringStep<Needs, CheckpointParts> = {
  name: 'checkpoints',
  wire: ({
    config,
    options,
    cwd,
    roots,
    state,
    hooks,
    teardown,
    tools,
    tasks,
    taskList,
    policy,
    transcript,
  }) => {
    const checkpoints = new SessionCheckpoints({
      home: config.home,
      workspace: cwd,
      roots,
      sessionId: state.sessionId,
      settings: config.checkpoints ?? CHECKPOINTS_DEFAULTS,
      isReadOnly: (command) => policy.classify(command).level === 'read-only',
      summary: (name, input) => {
        const found = lookupTool(name, tools);
        return found.ok ? found.tool.summary(input) : name;
      },
      todos: () => state.todos,
      ...(taskList ? { tasks: async () => (await tasks.snapshot())?.tasks ?? [] } : {}),
    });
    hooks.on('PreToolUse', checkpoints.beforeToolUse, { first: true });
    hooks.on('UserPromptSubmit', async ({ prompt }) => {
      checkpoints.onPrompt(prompt);
      return {};
    });
    teardown.defer(() => checkpoints.close());
    const conversation: ConversationPort = {
      messages: () => state.messages,
      todos: () => state.todos,
      replace: (messages, todos) => {
        state.messages = messages;
        state.todos = todos;
        options.onRewind?.(messages);
      },
      note: (text) => {
        const message = { role: 'user' as const, content: text };
        state.messages.push(message);
        options.onMessage?.(message);
        transcript.add(message);
      },
    };
    return { checkpoints, conversation };
  },
};

/** A rewind run like a turn: its events, then turn_end (an error is said, not thrown). */
export async function* rewindTurn(
  parts: CheckpointParts,
  request: RewindRequest,
): AsyncGenerator<AgentEvent> {
  let reason: 'done' | 'error' = 'done';
  try {
    yield* await parts.checkpoints.rewind(request, parts.conversation);
  } catch (error) {
    reason = 'error';
    yield {
      type: 'error',
      message: error instanceof Error ? error.message : String(error),
      fatal: false,
    };
  }
  yield quietTurnEnd(reason);
}
