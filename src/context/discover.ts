/**
 * Asks the server for the model's context window where it says: vLLM `/v1/models`
 * (`max_model_len`), llama.cpp `/props` (`n_ctx`), Ollama `/api/ps` (the loaded model's
 * `context_length`) and `/api/show` (`num_ctx`, the model's `context_length`), LM Studio
 * `/api/v0/models` (`loaded_context_length`, `max_context_length`). The parsers are pure.
 */

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function positive(value: unknown): number | undefined {
  const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) && number > 0
    ? number
    : undefined;
}

function entries(payload: unknown, key: string): Json[] {
  const list = isObject(payload) ? payload[key] : undefined;
  return Array.isArray(list) ? list.filter(isObject) : [];
}

/** The entry for `model`; the only entry when the server lists one model under another name. */
function entryFor(
  list: Json[],
  model: string,
  names: (entry: Json) => unknown[],
): Json | undefined {
  const wanted = withTag(model);
  const exact = list.find((entry) =>
    names(entry).some((name) => typeof name === 'string' && withTag(name) === wanted),
  );
  return exact ?? (list.length === 1 ? list[0] : undefined);
}

/** Ollama names a model without a tag `name:latest`. */
function withTag(name: string): string {
  return /:[^/]+$/.test(name) ? name : `${name}:latest`;
}

/** vLLM: `{"data": [{"id": "Qwen/...", "max_model_len": 32768}]}`. */
export function windowFromVllmModels(payload: unknown, model: string): number | undefined {
  const entry = entryFor(entries(payload, 'data'), model, (e) => [e.id, e.root]);
  return positive(entry?.max_model_len);
}

/** llama.cpp: `{"default_generation_settings": {"n_ctx": 8192}}` (newer builds also `n_ctx`). */
export function windowFromLlamaProps(payload: unknown): number | undefined {
  if (!isObject(payload)) return undefined;
  const settings = payload.default_generation_settings;
  return positive(isObject(settings) ? settings.n_ctx : undefined) ?? positive(payload.n_ctx);
}

/** Ollama `/api/ps`: `{"models": [{"name": "qwen3:14b", "context_length": 4096}]}`. */
export function windowFromOllamaPs(payload: unknown, model: string): number | undefined {
  const list = entries(payload, 'models');
  const wanted = withTag(model);
  // Only the model itself: another loaded model's window says nothing about this one.
  const entry = list.find((e) =>
    [e.name, e.model].some((name) => typeof name === 'string' && withTag(name) === wanted),
  );
  return positive(entry?.context_length);
}

/** Ollama `/api/show`: `num_ctx` from the Modelfile's parameters, when set. */
export function windowFromOllamaShow(payload: unknown): number | undefined {
  if (!isObject(payload)) return undefined;
  const parameters = typeof payload.parameters === 'string' ? payload.parameters : '';
  const numCtx = /^\s*num_ctx\s+(\d+)/m.exec(parameters);
  return numCtx ? positive(numCtx[1]) : undefined;
}

/** Ollama `/api/show`: the model's own `<arch>.context_length` (the server may load it smaller). */
export function maxWindowFromOllamaShow(payload: unknown): number | undefined {
  const info = isObject(payload) ? payload.model_info : undefined;
  if (!isObject(info)) return undefined;
  const key = Object.keys(info).find((name) => name.endsWith('.context_length'));
  return key ? positive(info[key]) : undefined;
}

/** LM Studio: `{"data": [{"id": "...", "loaded_context_length": 8192}]}` (a loaded model). */
export function windowFromLmStudioModels(payload: unknown, model: string): number | undefined {
  const entry = entryFor(entries(payload, 'data'), model, (e) => [e.id]);
  return positive(entry?.loaded_context_length);
}

/** LM Studio's `max_context_length`: what the model supports, before it is loaded. */
export function maxWindowFromLmStudioModels(payload: unknown, model: string): number | undefined {
  const entry = entryFor(entries(payload, 'data'), model, (e) => [e.id]);
  return positive(entry?.max_context_length);
}

/** What the server said: the window, and whether a running model holds it or it is an upper bound. */
export interface DiscoveredWindow {
  window: number;
  /** False for what a model supports before it is loaded: ask again once it runs. */
  loaded: boolean;
  /** Where it was read, for `tick doctor`: `Ollama /api/ps (the loaded model)`. */
  from?: string;
  /**
   * The server cuts a longer prompt silently instead of refusing it (Ollama drops its
   * start): tick must keep within the window itself.
   */
  cutsPrompts?: boolean;
}

export interface DiscoverOptions {
  baseURL: string;
  apiKey?: string;
  model: string;
  /** Give up on servers that do not answer within this (default 2000 ms). */
  timeoutMs?: number;
  signal?: AbortSignal;
  fetch?: typeof fetch;
}

/** The server's root: `http://host:11434/v1` -> `http://host:11434`. */
export function serverRoot(baseURL: string): string {
  return baseURL.replace(/\/+$/, '').replace(/\/v1$/, '');
}

/**
 * The model's context window as the server reports it, or undefined when no endpoint says.
 * The endpoints are asked at once; what a loaded model runs with wins over what it could.
 */
export async function discoverContextWindow(
  options: DiscoverOptions,
): Promise<DiscoveredWindow | undefined> {
  const doFetch = options.fetch ?? fetch;
  const base = options.baseURL.replace(/\/+$/, '');
  const root = serverRoot(base);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? 2000);
  const onAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const signal = controller.signal;
  const headers: Record<string, string> = options.apiKey
    ? { authorization: `Bearer ${options.apiKey}` }
    : {};
  const ask = async (url: string, body?: Json): Promise<unknown> => {
    try {
      const response = await doFetch(url, {
        method: body ? 'POST' : 'GET',
        headers: body ? { ...headers, 'content-type': 'application/json' } : headers,
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal,
      });
      if (!response.ok) {
        await response.body?.cancel();
        return undefined;
      }
      return (await response.json()) as unknown;
    } catch {
      // Not this kind of server, or it did not answer in time.
      return undefined;
    }
  };
  const { model } = options;
  let answers: unknown[];
  try {
    answers = await Promise.all([
      ask(`${base}/models`),
      ask(`${root}/props`),
      ask(`${root}/api/ps`),
      ask(`${root}/api/show`, { model, name: model }),
      ask(`${root}/api/v0/models`),
    ]);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
  const [models, props, ps, show, lmstudio] = answers;
  // Ollama answers /api/ps (its list of loaded models) even when this model is not loaded.
  const ollama = isObject(ps) && Array.isArray(ps.models) ? { cutsPrompts: true } : {};
  const found: [number | undefined, string, boolean][] = [
    [windowFromOllamaPs(ps, model), 'Ollama /api/ps (the loaded model)', true],
    [windowFromLlamaProps(props), 'llama.cpp /props n_ctx', true],
    [
      windowFromLmStudioModels(lmstudio, model),
      'LM Studio /api/v0/models (the loaded model)',
      true,
    ],
    [windowFromVllmModels(models, model), 'vLLM /v1/models max_model_len', true],
    [windowFromOllamaShow(show), 'Ollama /api/show num_ctx', true],
    [
      maxWindowFromLmStudioModels(lmstudio, model),
      'LM Studio max_context_length (not loaded yet)',
      false,
    ],
    [
      maxWindowFromOllamaShow(show),
      "Ollama /api/show (the model's maximum; not loaded yet)",
      false,
    ],
  ];
  const first = found.find(([window]) => window !== undefined);
  if (!first) return undefined;
  const [window, from, loaded] = first;
  return { window: window as number, loaded, from, ...ollama };
}
