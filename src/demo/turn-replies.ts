/**
 * How the scripted server writes a turn: streamed in chunks (with the faults a turn asks
 * for) or as one JSON completion, and its error answers in OpenAI's shape.
 */
import { STATUS_CODES, type ServerResponse } from 'node:http';
import { completionBody, streamChunks, type ResponseContext } from './dialects';
import type { Fault, ScriptedTurn } from './script-types';

export async function streamTurn(
  res: ServerResponse,
  turn: ScriptedTurn,
  ctx: ResponseContext,
  fault: Fault | undefined,
): Promise<void> {
  let closed = false;
  res.on('close', () => (closed = true));
  res.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  res.flushHeaders();
  if (turn.waitFor) await turn.waitFor();

  const chunks = streamChunks(turn, ctx);
  const stopAt =
    fault && fault.kind !== 'status'
      ? Math.min(fault.kind === 'error-event' ? 1 : fault.afterChunks, chunks.length)
      : chunks.length;
  for (let n = 0; n < stopAt; n += 1) {
    if (closed) return;
    if (n > 0 && turn.delayMs) await pause(turn.delayMs);
    if (closed) return;
    await write(res, `data: ${JSON.stringify(chunks[n])}\n\n`);
  }
  if (closed) return;
  switch (fault?.kind) {
    case 'drop':
      res.socket?.destroy();
      return;
    case 'stall':
      return; // Leave the connection open and silent; close() or the client ends it.
    case 'malformed':
      await write(res, 'data: {"choices": [{"delta": {"content": "unfinished\n\n');
      break;
    case 'error-event':
      await write(res, `data: ${JSON.stringify({ error: errorObject(fault.message) })}\n\n`);
      break;
    default:
      break;
  }
  res.end('data: [DONE]\n\n');
}

export async function answerWhole(
  res: ServerResponse,
  turn: ScriptedTurn,
  ctx: ResponseContext,
  fault: Fault | undefined,
): Promise<void> {
  if (turn.waitFor) await turn.waitFor();
  if (turn.delayMs) await pause(turn.delayMs);
  switch (fault?.kind) {
    case 'drop':
      res.socket?.destroy();
      return;
    case 'stall':
      return;
    case 'malformed':
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"choices": [{"message": ');
      return;
    case 'error-event':
      return sendJson(res, 200, { error: errorObject(fault.message) });
    default:
      return sendJson(res, 200, completionBody(turn, ctx));
  }
}

/** What a server without tool support answers: the turn's text, never its calls. */
export function withoutCalls(turn: ScriptedTurn): ScriptedTurn {
  if (!turn.toolCalls?.length) return turn;
  return { ...turn, toolCalls: undefined, text: turn.text || 'I would run a command now.' };
}

export function sendStatusFault(
  res: ServerResponse,
  fault: Extract<Fault, { kind: 'status' }>,
): void {
  const headers: Record<string, string> = {};
  if (fault.retryAfterMs !== undefined) headers['retry-after-ms'] = String(fault.retryAfterMs);
  if (fault.retryAfter !== undefined) headers['retry-after'] = String(fault.retryAfter);
  const message = fault.message ?? STATUS_CODES[fault.status] ?? 'Error';
  sendJson(res, fault.status, { error: errorObject(message, fault.status) }, headers);
}

/** DeepSeek's rule: an assistant tool-call message from a reasoning turn needs its reasoning. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any: the client's raw JSON body
export function missingReasoning(body: any, reasonedCalls: Set<string>): boolean {
  if (reasonedCalls.size === 0 || !Array.isArray(body?.messages)) return false;
  return body.messages.some(
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any: one raw message
    (m: any) =>
      m?.role === 'assistant' &&
      Array.isArray(m.tool_calls) &&
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any: one raw tool call
      m.tool_calls.some((c: any) => reasonedCalls.has(c?.id)) &&
      !(typeof m.reasoning_content === 'string' && m.reasoning_content),
  );
}

function errorObject(message: string, status?: number) {
  const type = status === undefined || status >= 500 ? 'server_error' : 'invalid_request_error';
  return { message, type, code: status ?? null };
}

export function sendError(
  res: ServerResponse,
  status: number,
  message: string,
  type?: string,
): void {
  sendJson(res, status, { error: { ...errorObject(message, status), ...(type ? { type } : {}) } });
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

function write(res: ServerResponse, text: string): Promise<void> {
  return new Promise((resolve) => res.write(text, () => resolve()));
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
