import { existsSync } from 'node:fs';
import type { CheckpointsConfig } from '../config/types';
import type { HookContext, ToolCallInput } from '../hooks/types';
import type { ChatMessage } from '../model/types';
import type { PlanItemRef, RewindRequest } from '../protocol/checkpoints';
import type { AgentEvent } from '../protocol/events';
import type { Task } from '../protocol/tasks';
import type { Todo } from '../protocol/todos';
import {
  mayChangeFiles,
  planItemNamed,
  promptTag,
  taskInProgress,
  todoInProgress,
} from './call-tags';
import { conversationBefore, rewindNote } from './conversation';
import type { RewindChoice, RewindPreview, UndoPreview } from '../protocol/checkpoints';
import { undoneItems } from './history';
import { CheckpointService, type RewindResult } from './service';
import { checkpointDir, CheckpointStore } from './store';

/** The conversation a rewind may take back, as the session holds it. */
export interface ConversationPort {
  messages(): readonly ChatMessage[];
  todos(): readonly Todo[];
  /** The history (and plan) go back to these. */
  replace(messages: ChatMessage[], todos: Todo[]): void;
  /** Tells the model what the rewind did (a message in its history). */
  note(text: string): void;
}

export interface SessionCheckpointOptions {
  home: string;
  workspace: string;
  roots: readonly string[];
  sessionId: string;
  settings: CheckpointsConfig;
  /** The permission analysis: is this command understood as read-only? */
  isReadOnly: (command: string) => boolean;
  /** A call's one-line summary (its tool's). */
  summary: (toolName: string, input: unknown) => string;
  /** The main agent's todo list now. */
  todos: () => readonly Todo[];
  /** The task list now, when the session plans with tasks. */
  tasks?: () => Promise<readonly Task[]>;
}

/** Rewind cannot be used in this session: why, said once. */
function offText(reason: string): string {
  return `checkpoints are off: ${reason}; the session goes on without /rewind`;
}

/**
 * A session's checkpoints: the PreToolUse hook that takes a point before each call that may
 * change files (tagged with the session, the prompt, the plan item in progress and the call),
 * and what /rewind, /undo and `tick rewind` ask of them. The store opens with the first
 * prompt; a store that cannot be used turns checkpoints off for the session, with one clear
 * message, and everything else goes on.
 */
export class SessionCheckpoints {
  private service: Promise<CheckpointService | undefined> | undefined;
  private prompt: string | undefined;
  private offReason: string | undefined;
  /** The message saying checkpoints are off, waiting to be shown with the next call. */
  private unsaid: string | undefined;

  constructor(private readonly options: SessionCheckpointOptions) {
    if (!options.settings.enabled)
      this.offReason = 'turned off by the settings (checkpoints.enabled)';
  }

  /** Why rewind is off, when it is. */
  get off(): string | undefined {
    return this.offReason;
  }

  /** The user's prompt, for the points taken while it runs; starts the first scan early. */
  onPrompt(prompt: string): void {
    this.prompt = promptTag(prompt);
    void this.open().then((service) => service?.warm());
  }

  private open(): Promise<CheckpointService | undefined> {
    if (this.offReason) return Promise.resolve(undefined);
    const { settings, ...options } = this.options;
    this.service ??= CheckpointService.open({ ...options, ...settings }).catch((error) => {
      this.turnOff(errorText(error));
      return undefined;
    });
    return this.service;
  }

  private turnOff(reason: string): void {
    if (this.offReason) return;
    this.offReason = reason;
    this.unsaid = offText(reason);
    this.service = Promise.resolve(undefined);
  }

  /**
   * PreToolUse (registered `first`): a point before a call that may change files; its id
   * goes to the other hooks' payloads as `checkpoint_id`.
   */
  readonly beforeToolUse = async (call: ToolCallInput, ctx: HookContext) => {
    if (this.unsaid) ctx.emit({ type: 'error', message: this.unsaid, fatal: false });
    this.unsaid = undefined;
    if (this.offReason) return {};
    if (!mayChangeFiles(call, this.options.roots, this.options.isReadOnly)) return {};
    const service = await this.open();
    if (!service) return this.sayOff(ctx);
    try {
      const item = await this.planItem();
      const { point, unsaved } = await service.snapshotBefore({
        session: this.options.sessionId,
        ...(item ? { item } : {}),
        ...(this.prompt ? { prompt: this.prompt } : {}),
        call: {
          id: call.callId,
          tool: call.toolName,
          summary: this.options.summary(call.toolName, call.input),
          ...(ctx.agentName && ctx.agentName !== 'main' ? { agent: ctx.agentName } : {}),
        },
        todos: [...this.options.todos()],
      });
      if (unsaved.length)
        ctx.emit({
          type: 'checkpoint_unsaved',
          files: unsaved,
          capBytes: this.options.settings.maxFileBytes,
        });
      return { extras: { checkpoint_id: point.id } };
    } catch (error) {
      this.turnOff(errorText(error));
      return this.sayOff(ctx);
    }
  };

  private sayOff(ctx: HookContext) {
    if (this.unsaid) ctx.emit({ type: 'error', message: this.unsaid, fatal: false });
    this.unsaid = undefined;
    return {};
  }

  private async planItem(): Promise<PlanItemRef | undefined> {
    if (this.options.tasks) return taskInProgress(await this.options.tasks().catch(() => []));
    return todoInProgress(this.options.todos());
  }

  /** The service, or an error saying why rewind cannot be used. */
  private async ready(): Promise<CheckpointService> {
    const service = await this.open();
    if (!service) throw new Error(`Rewind is off: ${this.offReason ?? 'no store'}`);
    return service;
  }

  async choices(): Promise<RewindChoice[]> {
    return (await this.ready()).choices(this.options.sessionId);
  }

  async preview(pointId: number): Promise<RewindPreview> {
    return (await this.ready()).preview(pointId);
  }

  async undoPreview(label: string): Promise<UndoPreview> {
    return (await this.ready()).undoPreview(this.options.sessionId, await this.itemNamed(label));
  }

  /**
   * The plan items whose changes are undone now (a resumed session's panel marks them). Read
   * from the point log alone: nothing is scanned or watched, and no store is made.
   */
  async undoneItems(): Promise<string[]> {
    if (this.offReason) return [];
    const { home, workspace, sessionId } = this.options;
    if (!existsSync(checkpointDir(home, workspace))) return [];
    const store = await CheckpointStore.open(home, workspace);
    const points = await store.points();
    return undoneItems(points.filter((point) => point.session === sessionId));
  }

  /** `#3`: the plan's item 3 now, else the item that was #3 when a point was taken. */
  private async itemNamed(label: string): Promise<PlanItemRef> {
    const tasks = this.options.tasks ? await this.options.tasks() : undefined;
    const named = planItemNamed(label, {
      todos: this.options.todos(),
      ...(tasks ? { tasks } : {}),
    });
    if (named) return named;
    const wanted = `#${label.replace(/^#/, '')}`;
    const points = await (await this.ready()).points(this.options.sessionId);
    const tagged = points.findLast((point) => point.item?.label === wanted)?.item;
    if (!tagged) throw new Error(`There is no plan item ${wanted} in this session.`);
    return tagged;
  }

  /**
   * Does what the user chose: back to a point (the files; the conversation too when asked,
   * else the model is told what changed) or the undo of one item. Returns the events to show
   * and record: the plan as it is again, the report, the undone items.
   */
  async rewind(request: RewindRequest, conversation: ConversationPort): Promise<AgentEvent[]> {
    const service = await this.ready();
    const saved = { messages: [...conversation.messages()], todos: [...conversation.todos()] };
    let result: RewindResult;
    const events: AgentEvent[] = [];
    if (request.kind === 'undo') {
      const item = await this.itemNamed(request.item);
      result = await service.undoItem(this.options.sessionId, item, {
        includeOverlaps: request.includeOverlaps,
        todos: saved.todos,
      });
    } else {
      result = await service.rewindTo(request.pointId, {
        todos: saved.todos,
        ...(request.conversation ? { conversation: saved } : {}),
      });
    }
    let conversationBack = false;
    if (request.kind === 'point' && request.conversation) {
      const back = conversationAt(result, saved.messages);
      if (back) {
        conversation.replace(back.messages, back.todos);
        events.push({ type: 'todos_updated', todos: back.todos });
        conversationBack = true;
      } else {
        result.report.left.push({
          path: '(the conversation)',
          reason: 'it stays: the call of that point is not in this conversation any more',
        });
      }
    }
    const report = { ...result.report, conversation: conversationBack };
    conversation.note(
      rewindNote({
        target: report.target,
        restored: report.restored,
        removed: report.removed,
        conversation: conversationBack,
      }),
    );
    events.push(
      { type: 'rewind_done', report },
      { type: 'plan_items_undone', keys: result.undone },
    );
    return events;
  }

  async close(): Promise<void> {
    const service = await this.service;
    await service?.close();
  }
}

/** The conversation at the point gone back to: before its call, or as a rewind saved it. */
function conversationAt(
  result: RewindResult,
  messages: readonly ChatMessage[],
): { messages: ChatMessage[]; todos: Todo[] } | undefined {
  const saved = result.conversation as { messages?: ChatMessage[]; todos?: Todo[] } | undefined;
  if (saved?.messages) return { messages: saved.messages, todos: saved.todos ?? [] };
  const call = result.target.call;
  if (!call || call.agent) return undefined;
  const before = conversationBefore(messages, call.id);
  return before && { messages: before, todos: result.target.todos ?? [] };
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
