import type { AgentEvent } from '../protocol/events';
import type { HookInputs, HookOutcome } from '../hooks/types';
import { isAbortError, ModelError } from '../model/errors';
import type { AssistantTurn, ChatMessage, ModelClient, ToolDefinition } from '../model/types';
import { cutAdvice, formatTokenCount } from './format';
import { compactedHistory } from './history';
import { ContextMeter } from './meter';
import { chooseSplit } from './split';
import { summarise } from './summarise';
import { estimateRequestTokens, tokensOfChars } from './tokens';
import type { WindowBook } from './window';

/** What a request is made of, besides the history. */
export interface RequestParts {
  model: ModelClient;
  /** Built per request (a mode change reaches the model at once). */
  system: () => string;
  tools: ToolDefinition[];
}

/** The part of the agent's state the context works on. */
export interface ContextState {
  messages: ChatMessage[];
}

export interface ContextOptions {
  windows: WindowBook;
  /** Compact before a request that would fill more than this share of the window. */
  threshold: number;
  /** The current plan as the model should see it (the rendered todo list); '' for none. */
  planText: () => string | Promise<string>;
  /** Runs the PreCompact hooks; their events are passed on. */
  preCompact?: (
    input: HookInputs['PreCompact'],
    signal: AbortSignal,
  ) => AsyncGenerator<AgentEvent, HookOutcome>;
  /** The history was replaced by a compacted one (the session log records it). */
  onCompact?: (messages: ChatMessage[]) => void;
}

/** A window assumed when none is known and one is needed (manual /compact). */
const FALLBACK_WINDOW = 8_192;
/** The summary's share of the window, and its size at most (tokens). */
const SUMMARY_SHARE = 0.15;
const MAX_SUMMARY_TOKENS = 4_000;

/** The conversation does not fit the window even after compacting. */
export class ContextOverflowError extends Error {
  override readonly name = 'ContextOverflowError';
}

/**
 * The context of one conversation: measures each request against the model's window,
 * compacts the older history before a request that would pass the threshold, and recovers
 * from a server's context-length refusal by compacting and trying once more.
 */
export class ContextManager {
  private readonly meter = new ContextMeter();
  private requestsSinceCompaction = Infinity;

  constructor(private readonly options: ContextOptions) {}

  /**
   * One model request with the context kept in bounds. Yields the model's events and the
   * context's (context_usage, context_compacted, hook events); returns the turn.
   */
  async *request(
    state: ContextState,
    parts: RequestParts,
    signal: AbortSignal,
  ): AsyncGenerator<AgentEvent, AssistantTurn> {
    const modelName = parts.model.model;
    await this.options.windows.ensure(modelName, signal);
    yield* this.compactIfFull(state, parts, signal);
    let recovering = false;
    for (;;) {
      const system: ChatMessage = { role: 'system', content: parts.system() };
      const history = state.messages.slice();
      const estimated = this.meter.measure(system, history, parts.tools);
      try {
        const turn = yield* parts.model.stream({
          messages: [system, ...history],
          tools: parts.tools,
          signal,
        });
        this.requestsSinceCompaction += 1;
        if (turn.usage?.inputTokens) {
          this.meter.record(system, history, parts.tools, turn.usage.inputTokens);
        }
        const prompt = turn.usage?.inputTokens || estimated;
        const reply = turn.usage?.outputTokens ?? tokensOfChars(turn.content.length);
        yield this.usageEvent(modelName, prompt + reply);
        return turn;
      } catch (error) {
        const overflow = error instanceof ModelError ? error.contextOverflow : undefined;
        if (!overflow || signal.aborted) throw error;
        const limit = overflow.limit ?? this.options.windows.window(modelName);
        if (recovering) {
          const size = limit ? ` (${formatTokenCount(limit)} tokens)` : '';
          throw new ContextOverflowError(
            `The conversation does not fit the model's context window${size}, even after compacting. ` +
              'Try /compact with a focus, /clear, or a model with a larger window; the session is saved (tick -c resumes it).',
          );
        }
        recovering = true;
        this.meter.refused(estimated, overflow);
        // The server refused this size: without a stated limit, the window is below it (kept as
        // the window from now on, so auto-compaction acts before the next refusal).
        const window = overflow.limit ?? Math.min(limit ?? Infinity, Math.floor(estimated * 0.9));
        this.options.windows.learn(modelName, window);
        const compacted = yield* this.compact(state, parts, 'auto', '', signal, window);
        if (!compacted) throw error;
      }
    }
  }

  /**
   * Summarises the older history and puts the plan back after it. Returns false when it did
   * not happen (a hook blocked it, nothing to compact, the summary failed: each says why).
   */
  async *compact(
    state: ContextState,
    parts: RequestParts,
    trigger: 'manual' | 'auto',
    focus: string,
    signal: AbortSignal,
    windowOverride?: number,
  ): AsyncGenerator<AgentEvent, boolean> {
    if (state.messages.length === 0) {
      if (trigger === 'manual') yield notice('Nothing to compact yet.');
      return false;
    }
    // A summary of the summary: nothing was said since, so nothing would get shorter.
    if (trigger === 'manual' && this.requestsSinceCompaction === 0) {
      yield notice('Nothing to compact: the history was just compacted.');
      return false;
    }
    const hook = this.options.preCompact
      ? yield* this.options.preCompact({ trigger, customInstructions: focus }, signal)
      : {};
    const blocked = hook.block ?? hook.stop;
    if (blocked !== undefined) {
      yield notice(`Compaction blocked by a PreCompact hook: ${blocked}`);
      return false;
    }
    const modelName = parts.model.model;
    const system: ChatMessage = { role: 'system', content: parts.system() };
    const before = this.meter.measure(system, state.messages, parts.tools);
    const window =
      windowOverride ??
      this.options.windows.window(modelName) ??
      Math.max(FALLBACK_WINDOW, Math.ceil(before / this.options.threshold));
    const plan = await this.options.planText();
    const summaryTokens = Math.min(MAX_SUMMARY_TOKENS, Math.floor(window * SUMMARY_SHARE));
    const fixed = this.meter.measure(system, [], parts.tools);
    const target = Math.floor(window * Math.min(0.5, this.options.threshold * 0.6));
    const planTokens = this.meter.scaled(tokensOfChars(plan.length + 200));
    const tailBudget = Math.max(0, target - fixed - summaryTokens - planTokens);
    const split = chooseSplit(state.messages, tailBudget / (this.meter.scaled(1000) / 1000));
    let summary: string;
    try {
      summary = yield* summarise(parts.model, state.messages.slice(0, split.index), {
        window,
        maxTokens: summaryTokens,
        scaled: (tokens) => this.meter.scaled(tokens),
        ...(focus ? { focus } : {}),
        signal,
      });
    } catch (error) {
      if (signal.aborted || isAbortError(error)) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      yield notice(`Could not compact the context: ${reason}`);
      return false;
    }
    const compacted = compactedHistory(summary, plan, split.kept);
    // Both sides by the same measure (the estimate, scaled by what the server's counts
    // taught): the server's count of the old history against an estimate of the new one
    // could show a shrink as growth or the reverse.
    const estimate = (messages: ChatMessage[]) =>
      this.meter.scaled(estimateRequestTokens([system, ...messages], parts.tools));
    const [estimatedBefore, after] = [estimate(state.messages), estimate(compacted)];
    state.messages = compacted;
    this.meter.forget();
    this.requestsSinceCompaction = 0;
    this.options.onCompact?.(state.messages);
    yield {
      type: 'context_compacted',
      trigger,
      tokensBefore: estimatedBefore,
      tokensAfter: after,
      planKept: plan.trim() !== '',
      ...this.windowField(modelName),
    };
    return true;
  }

  /** How full the context is now (for a status line before any request). */
  usage(state: ContextState, parts: RequestParts): Extract<AgentEvent, { type: 'context_usage' }> {
    const system: ChatMessage = { role: 'system', content: parts.system() };
    return this.usageEvent(
      parts.model.model,
      this.meter.measure(system, state.messages, parts.tools),
    );
  }

  /** Auto-compaction: before a request that would pass the threshold of a known window. */
  private async *compactIfFull(
    state: ContextState,
    parts: RequestParts,
    signal: AbortSignal,
  ): AsyncGenerator<AgentEvent, void> {
    const window = this.options.windows.window(parts.model.model);
    // Right after a compaction the request goes out as it is: compacting again could loop.
    if (!window || this.requestsSinceCompaction < 1) return;
    const system: ChatMessage = { role: 'system', content: parts.system() };
    const estimated = this.meter.measure(system, state.messages, parts.tools);
    if (estimated <= window * this.options.threshold) return;
    // A server that cuts silently would drop the system prompt and the plan: say so, once.
    const cut = this.options.windows.silentCut(parts.model.model);
    if (
      cut !== undefined &&
      estimated > cut &&
      this.options.windows.tellCutOnce(parts.model.model)
    ) {
      yield notice(cutNotice(cut));
    }
    yield* this.compact(state, parts, 'auto', '', signal);
  }

  private usageEvent(
    modelName: string,
    tokens: number,
  ): Extract<AgentEvent, { type: 'context_usage' }> {
    return { type: 'context_usage', tokens, ...this.windowField(modelName) };
  }

  private windowField(modelName: string): { window?: number } {
    const window = this.options.windows.window(modelName);
    return window ? { window } : {};
  }
}

/** The one line when a request would pass a window the server cuts at. */
function cutNotice(window: number): string {
  const advice = cutAdvice(window);
  return `${advice[0].toUpperCase()}${advice.slice(1)}. tick compacts the conversation to fit.`;
}

function notice(message: string): AgentEvent {
  return { type: 'error', message, fatal: false };
}
