/** How the context's state reads on screen and in print mode. Pure. */

/** 950, 8.4k, 84k, 1.2M */
export function formatTokenCount(count: number): string {
  const n = Math.max(0, Math.round(count));
  if (n < 1000) return String(n);
  if (n < 10_000) return `${(n / 1000).toFixed(1).replace(/\.0$/, '')}k`;
  if (n < 1_000_000) return `${Math.round(n / 1000)}k`;
  return `${(n / 1_000_000).toFixed(1).replace(/\.0$/, '')}M`;
}

/** `Context compacted: 84k -> 9k tokens, plan kept` */
export function compactionLine(before: number, after: number, planKept: boolean): string {
  const plan = planKept ? ', plan kept' : '';
  return `Context compacted: ${formatTokenCount(before)} -> ${formatTokenCount(after)} tokens${plan}`;
}

/** How full the window is, in whole percent (over 100 when a request would not fit). */
export function contextPercent(tokens: number, window: number): number {
  return window > 0 ? Math.round((tokens / window) * 100) : 0;
}

/** The status line's figure: `ctx 62%`, or `ctx 12k` while the window is unknown. */
export function contextFigure(tokens: number, window: number | undefined): string {
  return window ? `ctx ${contextPercent(tokens, window)}%` : `ctx ${formatTokenCount(tokens)}`;
}

/** What to do about a server that cuts prompts past its window (Ollama, 4,096 by default). */
export function cutAdvice(window: number): string {
  return `the server is cutting prompts at ${window.toLocaleString('en-US')} tokens; set num_ctx / OLLAMA_CONTEXT_LENGTH, or TICK_CONTEXT_WINDOW`;
}
