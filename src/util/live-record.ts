/**
 * `base` with entries that come and go: `extra()` is asked anew on every lookup, `in`,
 * `Object.keys`/`entries` and spread, so holders of the one reference see the set of the
 * moment (the tools of MCP servers that start, stop and list new tools). Writes go to
 * `base`, so a later step can still add its own entries.
 */
export function liveRecord<T>(
  base: Record<string, T>,
  extra: () => Record<string, T>,
): Record<string, T> {
  const current = () => ({ ...base, ...extra() });
  return new Proxy(base, {
    get: (target, key) => (typeof key === 'string' ? current()[key] : Reflect.get(target, key)),
    has: (_target, key) => typeof key === 'string' && Object.hasOwn(current(), key),
    ownKeys: () => Object.keys(current()),
    getOwnPropertyDescriptor: (_target, key) => {
      const entries = current();
      if (typeof key !== 'string' || !Object.hasOwn(entries, key)) return undefined;
      // Configurable, as base's own entries are: a proxy may not report otherwise.
      return { value: entries[key], writable: true, enumerable: true, configurable: true };
    },
  });
}
