import { afterEach } from 'vitest';
import type { AgentEvent } from '../../src/protocol/events';
import { createModelClient, type ModelClientOptions } from '../../src/model/client';
import type {
  AssistantTurn,
  ChatMessage,
  ModelClient,
  ToolDefinition,
} from '../../src/model/types';
import { startScriptedServer, type Script, type ScriptedServer } from './scripted-server';

export const TOOLS: ToolDefinition[] = [
  {
    type: 'function',
    function: {
      name: 'bash',
      description: 'run a command',
      parameters: { type: 'object', properties: { command: { type: 'string' } } },
    },
  },
];
export const MESSAGES: ChatMessage[] = [{ role: 'user', content: 'hello' }];

let server: ScriptedServer | undefined;

/** Closes the server of the current test; call once at the top of a test file. */
export function closeServersAfterEach(): void {
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });
}

/** Starts the scripted server for this test (closed after it). */
export async function serve(script: Script): Promise<ScriptedServer> {
  server = await startScriptedServer(script);
  return server;
}

/** A client with test defaults: fast retries, a 5 s idle timeout. */
export function client(baseURL: string, options: Partial<ModelClientOptions> = {}): ModelClient {
  return createModelClient({
    baseURL,
    apiKey: 'test',
    model: 'test-model',
    idleTimeoutMs: 5000,
    maxRetries: 2,
    retryBaseMs: 5,
    ...options,
  });
}

export interface Outcome {
  events: AgentEvent[];
  turn?: AssistantTurn;
  error?: Error;
}

/** Drives one request to its end; `onEvent` may abort along the way. */
export async function run(
  model: ModelClient,
  options: {
    signal?: AbortSignal;
    messages?: ChatMessage[];
    onEvent?: (e: AgentEvent) => void;
  } = {},
): Promise<Outcome> {
  const events: AgentEvent[] = [];
  const generator = model.stream({
    messages: options.messages ?? MESSAGES,
    tools: TOOLS,
    signal: options.signal ?? new AbortController().signal,
  });
  try {
    for (;;) {
      const next = await generator.next();
      if (next.done) return { events, turn: next.value };
      events.push(next.value);
      options.onEvent?.(next.value);
    }
  } catch (error) {
    return { events, error: error as Error };
  }
}

export const texts = (events: AgentEvent[], type: 'text_delta' | 'reasoning_delta') =>
  events.flatMap((e) => (e.type === type ? [e.text] : [])).join('');
export const ofType = <T extends AgentEvent['type']>(events: AgentEvent[], type: T) =>
  events.filter((e): e is Extract<AgentEvent, { type: T }> => e.type === type);
