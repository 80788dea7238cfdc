/**
 * Ollama runs a model with its own window (4,096 by default, or OLLAMA_CONTEXT_LENGTH)
 * unless a request says otherwise in `options.num_ctx`. When the user configured a window
 * (model.contextWindow, TICK_CONTEXT_WINDOW), tick sends it there, and only to Ollama (found
 * once by its /api/version); other servers never see the field.
 */
import { serverRoot } from '../context/discover';

/** The extra request fields for this server: `{options: {num_ctx}}` for Ollama, else none. */
export function ollamaWindowOptions(
  baseURL: string,
  window: number,
  fetchImpl: typeof fetch = fetch,
): () => Promise<Record<string, unknown>> {
  let answer: Promise<Record<string, unknown>> | undefined;
  return () =>
    (answer ??= isOllama(baseURL, fetchImpl).then((yes) =>
      yes ? { options: { num_ctx: window } } : {},
    ));
}

async function isOllama(baseURL: string, fetchImpl: typeof fetch): Promise<boolean> {
  try {
    const response = await fetchImpl(`${serverRoot(baseURL)}/api/version`, {
      signal: AbortSignal.timeout(2000),
    });
    if (!response.ok) return false;
    const body = (await response.json()) as { version?: unknown };
    return typeof body?.version === 'string';
  } catch {
    return false;
  }
}
