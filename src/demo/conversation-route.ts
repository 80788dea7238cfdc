import type { ConversationScript, ScriptedTurn } from './script-types';

/** Where one conversation of the script stands. */
export interface Cursor {
  /** Its turns served. */
  served: number;
  /** Failed attempts of its next turn. */
  failures: number;
}

/** The conversation a request belongs to: the route its first user message starts with. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any: the client's raw JSON body
export function routeOf(script: ConversationScript, body: any): [string, ScriptedTurn[]] {
  const messages: unknown[] = Array.isArray(body?.messages) ? body.messages : [];
  const first = messages.find(
    (m): m is { role: string; content: unknown } =>
      typeof m === 'object' && m !== null && (m as { role?: unknown }).role === 'user',
  );
  const text = typeof first?.content === 'string' ? first.content : '';
  const key = Object.keys(script.conversations).find((prompt) => text.startsWith(prompt));
  return key === undefined ? ['', script.main] : [key, script.conversations[key]];
}
