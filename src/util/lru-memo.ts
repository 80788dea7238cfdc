/**
 * Remembers the `max` results used last (least recently used goes first), so what is on
 * screen stays cached while what scrolled away is forgotten: memory stays flat.
 * `keyOf` names the arguments as one string.
 */
export function lruMemoBy<A extends unknown[], T>(
  keyOf: (...args: A) => string,
  compute: (...args: A) => T,
  max: number,
): (...args: A) => T {
  const cache = new Map<string, T>();
  return (...args) => {
    const key = keyOf(...args);
    let value = cache.get(key);
    if (value === undefined) {
      value = compute(...args);
      if (cache.size >= max) cache.delete(cache.keys().next().value as string);
    } else {
      // Map keeps insertion order: moving a hit to the end makes the first key the oldest.
      cache.delete(key);
    }
    cache.set(key, value);
    return value;
  };
}

/** lruMemoBy for a function of one string. */
export function lruMemo<T>(compute: (key: string) => T, max: number): (key: string) => T {
  return lruMemoBy((key: string) => key, compute, max);
}
