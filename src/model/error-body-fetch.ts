import { fetchStreamedBody } from './streamed-body-fetch';

/**
 * fetch that rewrites non-OpenAI error bodies into OpenAI's `{"error": {"message"}}`
 * shape, so the SDK keeps the server's message. vLLM answers
 * `{"object":"error","message":...}` and FastAPI servers `{"detail":...}`; the SDK
 * would report both as "status code (no body)".
 */
export async function fetchWithReadableErrors(
  input: string | URL | Request,
  init?: RequestInit,
): Promise<Response> {
  const response = await fetchStreamedBody(input, init);
  if (response.ok) return response;
  const text = await response.text();
  return new Response(normalizeErrorBody(text), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

export function normalizeErrorBody(text: string): string {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return text;
  }
  if (!body || typeof body !== 'object' || 'error' in body) return text;
  const { message, detail } = body as { message?: unknown; detail?: unknown };
  const found = typeof message === 'string' ? message : detail;
  if (found === undefined) return text;
  const readable = typeof found === 'string' ? found : JSON.stringify(found);
  return JSON.stringify({ error: { ...body, message: readable } });
}
