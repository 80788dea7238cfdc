/**
 * `tick doctor`: asks the configured server what tick needs, in a few small requests
 * (its model list, a one-word answer, an answer with a dummy tool, the window), and judges
 * each answer in one line (verdicts.ts). The same report backs `/doctor` and the one line
 * shown after a session's first failed request.
 */
import { discoverContextWindow, serverRoot } from '../../context/discover';
import { resolveApiKey } from '../api-key';
import { chat, getJson, type ProbeOptions } from './http-probe';
import { plainRequest, toolRequest } from './probes';
import { judge, modelMissing } from './verdicts';
import type { DoctorReport, Findings, ServerName } from './types';

export interface DoctorOptions {
  baseURL: string;
  apiKey?: string;
  model: string;
  /** The window the user configured (model.contextWindow, TICK_CONTEXT_WINDOW). */
  configuredWindow?: number;
  recoverToolCalls: boolean;
  /** Time limit of each model request (default 60 s). */
  timeoutMs?: number;
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function listedIds(payload: unknown): string[] | undefined {
  const data = isObject(payload) ? payload.data : undefined;
  if (!Array.isArray(data)) return undefined;
  return data.flatMap((entry) =>
    isObject(entry) && typeof entry.id === 'string' ? [entry.id] : [],
  );
}

/** Which server it is, from the endpoints only it has. */
async function serverName(
  base: string,
  models: unknown,
  options: ProbeOptions,
): Promise<ServerName | undefined> {
  const root = serverRoot(base);
  const quick = { ...options, timeoutMs: Math.min(options.timeoutMs, 3000) };
  const [version, props, lmstudio] = await Promise.all([
    getJson(`${root}/api/version`, quick),
    getJson(`${root}/props`, quick),
    getJson(`${root}/api/v0/models`, quick),
  ]);
  if (isObject(version.json) && typeof version.json.version === 'string') return 'Ollama';
  if (
    isObject(props.json) &&
    ('default_generation_settings' in props.json || 'n_ctx' in props.json)
  )
    return 'llama.cpp';
  // LM Studio's own list says whether each model is loaded; an OpenAI-style list does not.
  const lmData = isObject(lmstudio.json) ? lmstudio.json.data : undefined;
  if (Array.isArray(lmData) && lmData.some((entry) => isObject(entry) && 'state' in entry))
    return 'LM Studio';
  const data = isObject(models) ? models.data : undefined;
  if (Array.isArray(data) && data.some((entry) => isObject(entry) && entry.owned_by === 'vllm'))
    return 'vLLM';
  return undefined;
}

export async function runDoctor(options: DoctorOptions): Promise<DoctorReport> {
  const base = options.baseURL.replace(/\/+$/, '');
  const key = resolveApiKey(base, options.apiKey);
  const headers: Record<string, string> =
    'apiKey' in key ? { authorization: `Bearer ${key.apiKey}` } : {};
  const timeoutMs = options.timeoutMs ?? 60_000;
  const probe: ProbeOptions = {
    headers,
    timeoutMs,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  };
  const models = await getJson(`${base}/models`, {
    ...probe,
    timeoutMs: Math.min(timeoutMs, 10_000),
  });
  const findings: Findings = {
    baseURL: base,
    model: options.model,
    models,
    recoverToolCalls: options.recoverToolCalls,
    timeoutMs,
    ...(options.configuredWindow !== undefined
      ? { configuredWindow: options.configuredWindow }
      : {}),
  };
  if (models.unreachable || models.status === 401 || models.status === 403) return judge(findings);
  const listed = listedIds(models.json);
  if (listed) findings.listed = listed;
  const name = await serverName(base, models.json, probe);
  if (name) findings.server = name;
  const url = `${base}/chat/completions`;
  const plain = await chat(url, plainRequest(options.model), probe);
  findings.plain = plain;
  const silent = plain.unreachable || (plain.timedOut && plain.chunks === 0);
  if (!silent && !modelMissing(plain)) {
    // A server that refuses to stream is still asked about tools, in one piece.
    const refused = plain.status === 400 && /stream/i.test(plain.error ?? '');
    findings.tools = await chat(url, { ...toolRequest(options.model), stream: !refused }, probe);
  }
  // Asked last: by now a server that loads models on demand (Ollama) runs this one.
  const window = await discoverContextWindow({
    baseURL: base,
    ...('apiKey' in key ? { apiKey: key.apiKey } : {}),
    model: options.model,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (window) findings.window = window;
  return judge(findings);
}
