/**
 * A push-to-pull queue: callbacks (a tool's output, a hook's events) push, the
 * loop's generator pulls, so events keep their order and arrive while the work runs.
 */
export class EventChannel<T> implements AsyncIterable<T> {
  private items: T[] = [];
  private waiting: ((result: IteratorResult<T>) => void) | undefined;
  private closed = false;

  push = (item: T): void => {
    if (this.closed) return;
    if (this.waiting) {
      const resolve = this.waiting;
      this.waiting = undefined;
      resolve({ value: item, done: false });
    } else {
      this.items.push(item);
    }
  };

  close(): void {
    this.closed = true;
    if (this.waiting) {
      const resolve = this.waiting;
      this.waiting = undefined;
      resolve({ value: undefined, done: true });
    }
  }

  [Symbol.asyncIterator](): AsyncIterator<T> {
    return {
      next: () => {
        const item = this.items.shift();
        if (item !== undefined) return Promise.resolve({ value: item, done: false });
        if (this.closed) return Promise.resolve({ value: undefined, done: true });
        return new Promise((resolve) => (this.waiting = resolve));
      },
    };
  }
}

/** Run `work` with an emit callback and yield what it emits, then return its result. */
export async function* streamWhile<T, R>(
  work: (emit: (item: T) => void) => Promise<R>,
): AsyncGenerator<T, R> {
  const channel = new EventChannel<T>();
  const done = work(channel.push).finally(() => channel.close());
  // Keep a rejection from surfacing as unhandled before we await it below.
  done.catch(() => undefined);
  yield* channel;
  return await done;
}
