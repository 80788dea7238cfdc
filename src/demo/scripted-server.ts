import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toolCallIds, type ResponseContext } from './dialects';
import {
  answerWhole,
  missingReasoning,
  sendError,
  sendJson,
  sendStatusFault,
  streamTurn,
  withoutCalls,
} from './turn-replies';
import { routeOf, type Cursor } from './conversation-route';
import type { Fault, RecordedRequest, Script, ScriptedTurn } from './script-types';
import {
  cutToWindow,
  ollamaEndpoint,
  sameModel,
  STREAMING_REFUSED,
  unknownModel,
} from './broken-setups';
import {
  contextRefusal,
  countPromptTokens,
  sendRefusal,
  windowEndpoint,
  type ServerKind,
} from './server-kinds';

export { DIALECTS } from './script-types';
export type {
  Dialect,
  Fault,
  RecordedRequest,
  Script,
  ConversationScript,
  ScriptedToolCall,
  ScriptedTurn,
} from './script-types';
export { loadScript } from './load-script';
export { SERVER_KINDS, type ServerKind } from './server-kinds';

export interface ScriptedServerOptions {
  port?: number;
  host?: string;
  /**
   * The model's context window (tokens, counted as about 4 characters each over the messages
   * and tools): a larger prompt is refused as `server` refuses it, without using up a turn.
   */
  contextWindow?: number;
  /** The window the server reports (default: contextWindow), for a server that claims more. */
  reportedWindow?: number;
  /** Whose error wording and window endpoint to imitate (default 'openai'). */
  server?: ServerKind;
  /** The model name the window endpoints list (default 'scripted'). */
  model?: string;
  /**
   * The models `/models` lists (default ['scripted']). When given, a request for another
   * model is refused as the server kind refuses it (llama.cpp serves any name).
   */
  models?: string[];
  /** The server drops `tools` (no tool support): turns are answered without their calls. */
  ignoreTools?: boolean;
  /** 'ignored': one JSON completion even when asked to stream; 'refused': a 400 instead. */
  streaming?: 'normal' | 'ignored' | 'refused';
  /**
   * A prompt over `contextWindow` is cut (its oldest messages dropped, as Ollama does)
   * instead of refused; the request records how many were dropped.
   */
  cutsPrompts?: boolean;
}

/**
 * The project's scripted OpenAI-compatible server: answers chat completions from
 * a script of turns, streaming or not, in the dialect and with the faults each
 * turn asks for. Used by the built-in demo model, session replay and the tests.
 */
export interface ScriptedServer {
  /** `http://127.0.0.1:PORT/v1` */
  baseURL: string;
  /** Every chat request received, failed attempts included. */
  requests: RecordedRequest[];
  close(): Promise<void>;
}

const FINISHED_TURN: ScriptedTurn = { text: '(script finished)' };
const DEEPSEEK_REASONING_ERROR =
  'The reasoning_content in the thinking mode must be passed back to the API.';

export async function startScriptedServer(
  script: Script,
  options: ScriptedServerOptions = {},
): Promise<ScriptedServer> {
  const kind = options.server ?? 'openai';
  const reportedWindow = options.reportedWindow ?? options.contextWindow;
  const requests: RecordedRequest[] = [];
  /** Turns served in all, which numbers the ids of the next answer. */
  let served = 0;
  /** Per conversation: turns served, and failed attempts of its next turn. */
  const cursors = new Map<string, Cursor>();
  const cursorOf = (key: string): Cursor => {
    let cursor = cursors.get(key);
    if (!cursor) cursors.set(key, (cursor = { served: 0, failures: 0 }));
    return cursor;
  };
  /** Tool-call ids of DeepSeek turns that reasoned: their reasoning must come back. */
  const reasonedCalls = new Set<string>();

  /** The request's conversation (its cursor) and the turn it is served. */
  const turnFor = (request: RecordedRequest): { cursor: Cursor; turn: ScriptedTurn } => {
    if (typeof script === 'function') {
      const cursor = cursorOf('');
      return { cursor, turn: script(request, cursor.served) };
    }
    const [key, turns] = Array.isArray(script) ? ['', script] : routeOf(script, request.body);
    const cursor = cursorOf(key);
    return { cursor, turn: turns[cursor.served] ?? FINISHED_TURN };
  };

  /** The fault to inject now, if any; advances the conversation when the turn is served. */
  const decide = (turn: ScriptedTurn, cursor: Cursor): Fault | undefined => {
    const fault = turn.fault;
    const repeating =
      fault &&
      (fault.kind === 'status' ||
        fault.kind === 'drop' ||
        fault.kind === 'stall' ||
        fault.kind === 'malformed');
    if (repeating && cursor.failures < (fault.times ?? Infinity)) {
      cursor.failures += 1;
      return fault;
    }
    served += 1;
    cursor.served += 1;
    cursor.failures = 0;
    return repeating ? undefined : fault;
  };

  const handleChat = async (req: IncomingMessage, res: ServerResponse, raw: string) => {
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return sendError(res, 400, 'Request body is not valid JSON');
    }
    const request: RecordedRequest = {
      body,
      headers: { ...req.headers },
      method: req.method ?? 'POST',
      path: req.url ?? '',
    };
    requests.push(request);
    const model = typeof request.body?.model === 'string' ? request.body.model : '';
    const unknown = options.models && !options.models.some((name) => sameModel(name, model));
    const notFound = unknown ? unknownModel(kind, model) : undefined;
    if (notFound) return sendRefusal(res, notFound);
    if (options.streaming === 'refused' && request.body?.stream === true) {
      return sendRefusal(res, STREAMING_REFUSED);
    }
    let promptTokens = countPromptTokens(request.body);
    if (options.contextWindow !== undefined && promptTokens > options.contextWindow) {
      if (!options.cutsPrompts) {
        return sendRefusal(res, contextRefusal(kind, options.contextWindow, promptTokens));
      }
      const cut = cutToWindow(request.body, options.contextWindow);
      request.droppedMessages = cut.dropped;
      promptTokens = cut.promptTokens;
    }
    const missing = missingReasoning(request.body, reasonedCalls);
    if (missing) return sendError(res, 400, DEEPSEEK_REASONING_ERROR, 'invalid_request_error');

    const { turn: scripted, cursor } = turnFor(request);
    const turn = options.ignoreTools ? withoutCalls(scripted) : scripted;
    const sequence = served + 1;
    const fault = decide(turn, cursor);
    const ctx: ResponseContext = {
      model: typeof request.body?.model === 'string' ? request.body.model : 'scripted',
      sequence,
      created: Math.floor(Date.now() / 1000),
      includeUsage: request.body?.stream_options?.include_usage === true,
      promptTokens,
    };
    if (!fault && turn.dialect === 'deepseek' && turn.reasoning) {
      for (const id of toolCallIds(turn, ctx)) reasonedCalls.add(id);
    }
    if (fault?.kind === 'status') return sendStatusFault(res, fault);
    if (request.body?.stream === true && turn.stream !== false && options.streaming !== 'ignored') {
      return streamTurn(res, turn, ctx, fault);
    }
    return answerWhole(res, turn, ctx, fault);
  };

  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    const reported =
      reportedWindow !== undefined
        ? windowEndpoint(kind, req.method ?? '', path, options.model ?? 'scripted', reportedWindow)
        : undefined;
    const listed = options.models ?? ['scripted'];
    const ollama = kind === 'ollama' ? ollamaEndpoint(req.method ?? '', path, listed) : undefined;
    if (reported !== undefined || ollama !== undefined) {
      req.resume();
      return sendJson(res, 200, reported ?? ollama);
    }
    if (req.method === 'GET' && path.endsWith('/models')) {
      return sendJson(res, 200, {
        object: 'list',
        data: listed.map((id) => ({ id, object: 'model', created: 0, owned_by: 'tick' })),
      });
    }
    if (req.method !== 'POST' || !path.endsWith('/chat/completions')) {
      return sendError(res, 404, `No route for ${req.method} ${path}`);
    }
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => {
      handleChat(req, res, Buffer.concat(parts).toString('utf8')).catch((error: unknown) => {
        if (!res.headersSent) sendError(res, 500, `Scripted server failed: ${String(error)}`);
        else res.destroy();
      });
    });
  });

  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host;

  return {
    baseURL: `http://${shownHost}:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        // Stalled streams keep their sockets open; close() alone would wait for them.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
