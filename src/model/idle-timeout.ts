/**
 * Aborts a request that has been silent for `ms`. The SDK's own timeout stops at
 * the response headers, so a stream that stalls afterwards would hang forever.
 * `touch()` on every chunk restarts the clock; `ms <= 0` disables it.
 */
export interface IdleTimeout {
  /** Aborted when the caller aborts or the stream goes silent. */
  readonly signal: AbortSignal;
  /** True when the idle timer (not the caller) aborted the request. */
  readonly fired: boolean;
  touch(): void;
  /** Stops the timer and detaches from the caller's signal. */
  dispose(): void;
  /** Aborts the request now (the consumer stopped reading). */
  abort(): void;
}

export function createIdleTimeout(ms: number, parent: AbortSignal): IdleTimeout {
  const controller = new AbortController();
  let fired = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const onParentAbort = () => controller.abort(parent.reason);
  if (parent.aborted) controller.abort(parent.reason);
  else parent.addEventListener('abort', onParentAbort, { once: true });

  const touch = () => {
    if (ms <= 0 || controller.signal.aborted) return;
    // Every chunk touches the clock: re-arm the one timer instead of making a new one.
    if (timer) {
      timer.refresh();
      return;
    }
    timer = setTimeout(() => {
      fired = true;
      controller.abort(new Error(`idle for ${ms} ms`));
    }, ms);
  };
  touch();

  return {
    signal: controller.signal,
    get fired() {
      return fired;
    },
    touch,
    dispose() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      parent.removeEventListener('abort', onParentAbort);
    },
    abort() {
      controller.abort();
    },
  };
}
