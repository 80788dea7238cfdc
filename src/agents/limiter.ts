/** At most `limit` pieces of work at once; the rest wait in the order they came. */
export class Limiter {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((go) => this.waiting.push(go));
    else this.running += 1;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next waiter; `running` stays the same.
      if (next) next();
      else this.running -= 1;
    }
  }
}
