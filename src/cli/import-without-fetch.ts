/**
 * Runs `load` (a dynamic import) with no global `fetch`. Ink's layout engine (yoga-layout)
 * embeds its WebAssembly as a data URL and fetches it when `fetch` exists, which loads
 * Node's HTTP client (undici) first: about 50 ms before the first frame. Without `fetch`
 * it decodes the bytes itself. `fetch` is back as soon as the module has loaded.
 */
export async function importWithoutFetch<T>(load: () => Promise<T>): Promise<T> {
  // Reading the descriptor does not run Node's lazy `fetch` getter (which loads undici).
  const descriptor = Object.getOwnPropertyDescriptor(globalThis, 'fetch');
  if (!descriptor?.configurable) return load();
  Object.defineProperty(globalThis, 'fetch', {
    value: undefined,
    configurable: true,
    writable: true,
  });
  try {
    return await load();
  } finally {
    Object.defineProperty(globalThis, 'fetch', descriptor);
  }
}
