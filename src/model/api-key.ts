/** Where the SDK sends requests when no base URL is configured. */
export const DEFAULT_BASE_URL = 'https://api.openai.com/v1';

/** Local servers (Ollama, LM Studio, vLLM, llama.cpp) accept any key; they get this one. */
export const LOCAL_PLACEHOLDER_KEY = 'local';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1', '0.0.0.0']);

/** True for a base URL on this machine: localhost, 127.x.x.x, ::1, 0.0.0.0. */
export function isLocalBaseURL(baseURL: string): boolean {
  let host: string;
  try {
    host = new URL(baseURL).hostname.toLowerCase();
  } catch {
    return false;
  }
  return LOCAL_HOSTS.has(host) || host.endsWith('.localhost') || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/**
 * The key to send, or a one-line error when there is none and the server is
 * remote (a remote server would only answer 401 later, less clearly).
 */
export function resolveApiKey(
  baseURL: string | undefined,
  apiKey: string | undefined,
): { apiKey: string } | { error: string } {
  if (apiKey && apiKey.trim()) return { apiKey: apiKey.trim() };
  const url = baseURL || DEFAULT_BASE_URL;
  if (isLocalBaseURL(url)) return { apiKey: LOCAL_PLACEHOLDER_KEY };
  return {
    error:
      `OPENAI_API_KEY is not set, and the model server ${url} is not local. ` +
      'Set OPENAI_API_KEY, or point OPENAI_BASE_URL at a local server ' +
      '(e.g. http://localhost:11434/v1 for Ollama).',
  };
}
