/** What went wrong with a server, as the one line the user (and the model) reads. */
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';

/** The HTTP status an SDK transport error carries (StreamableHTTPError, SseError). */
function httpStatus(error: unknown): number | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'number' && code >= 100 && code < 600 ? code : undefined;
}

/** The server wants credentials tick does not have (HTTP 401). */
export function isLoginNeeded(error: unknown): boolean {
  return error instanceof UnauthorizedError || httpStatus(error) === 401;
}

/** A streamable HTTP attempt the server refused as such (an SSE-only server answers 4xx). */
export function isTransportRefusal(error: unknown): boolean {
  const status = httpStatus(error);
  return status !== undefined && status >= 400 && status < 500 && status !== 401;
}

/** Node's network errors say what failed in `cause`. */
function networkText(error: Error): string | undefined {
  const cause = (error as { cause?: unknown }).cause;
  const code = (cause as { code?: unknown } | undefined)?.code;
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused (is the server running?)';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'the host name does not resolve';
    case 'ECONNRESET':
      return 'the connection was reset';
    case 'ETIMEDOUT':
    case 'UND_ERR_CONNECT_TIMEOUT':
      return 'the connection timed out';
    default:
      if (cause instanceof Error && cause.message === 'bad port')
        return 'fetch refuses to use this port (one browsers block); choose another';
      return cause instanceof Error ? cause.message : undefined;
  }
}

export function faultText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error instanceof McpError) return error.message.replace(/^MCP error -?\d+: /, '');
  const status = httpStatus(error);
  if (status !== undefined)
    return `the server answered HTTP ${status}: ${error.message.replace(/^(Streamable HTTP|SSE) error: /, '')}`;
  if (error.name === 'ZodError' || error.constructor.name === 'ZodError')
    return `sent a malformed message: ${firstLine(error.message)}`;
  if (error.message === 'fetch failed') return networkText(error) ?? error.message;
  return firstLine(error.message);
}

function firstLine(text: string): string {
  const line = text.trim().split('\n')[0] ?? '';
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}
