import type { ChatMessage, ToolDefinition } from '../model/types';
import { estimateMessagesTokens, estimateRequestTokens } from './tokens';

/** How far the server's counts may move the estimate: a bad usage figure cannot run away. */
const MIN_RATIO = 0.5;
const MAX_RATIO = 3;

/** The last request the server counted: its prompt tokens and the history it held. */
interface Anchor {
  /** Messages (system prompt excluded) that request carried. */
  count: number;
  /** The last of them, to notice a history that was replaced (compaction, /clear). */
  last: ChatMessage | undefined;
  promptTokens: number;
}

/**
 * Token accounting for one conversation. The size of the next request is the prompt tokens
 * the server reported for the last one, plus an estimate of what was added since; without
 * usage it is an estimate of the whole request. Estimates are scaled by how the server's
 * counts compared with them, so a tokenizer denser than 4 characters a token is learned.
 */
export class ContextMeter {
  private anchor: Anchor | undefined;
  private ratio = 1;

  /** Estimated prompt tokens of a request with this system prompt, history and tools. */
  measure(system: ChatMessage, messages: readonly ChatMessage[], tools: ToolDefinition[]): number {
    const anchor = this.anchor;
    if (anchor && anchor.count <= messages.length && messages[anchor.count - 1] === anchor.last) {
      const added = messages.slice(anchor.count);
      return anchor.promptTokens + this.scaled(added.length ? estimateMessagesTokens(added) : 0);
    }
    return this.scaled(estimateRequestTokens([system, ...messages], tools));
  }

  /** The server counted `promptTokens` for a request that carried these messages. */
  record(
    system: ChatMessage,
    messages: readonly ChatMessage[],
    tools: ToolDefinition[],
    promptTokens: number,
  ): void {
    if (!(promptTokens > 0)) return;
    this.calibrate(estimateRequestTokens([system, ...messages], tools), promptTokens);
    this.anchor = { count: messages.length, last: messages.at(-1), promptTokens };
  }

  /**
   * The server refused a request we estimated at `estimated` tokens: it counted
   * `promptTokens`, or at least more than `limit`.
   */
  refused(estimated: number, overflow: { limit?: number; promptTokens?: number }): void {
    const counted =
      overflow.promptTokens ?? (overflow.limit !== undefined ? overflow.limit * 1.05 : undefined);
    if (counted !== undefined && counted > estimated) {
      this.calibrate(estimated / this.ratio, counted);
    }
    this.anchor = undefined;
  }

  /** The history was replaced: measure it anew from the estimate. */
  forget(): void {
    this.anchor = undefined;
  }

  /** Scales a raw estimate by what the server's counts taught. */
  scaled(tokens: number): number {
    return Math.ceil(tokens * this.ratio);
  }

  private calibrate(estimated: number, counted: number): void {
    if (estimated <= 0) return;
    this.ratio = Math.min(MAX_RATIO, Math.max(MIN_RATIO, counted / estimated));
  }
}
