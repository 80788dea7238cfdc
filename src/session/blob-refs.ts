/** Reading a session line back: its `$blob` and `$json` references to their strings. */
import type { AgentEvent } from '../protocol/events';
import type { ChatMessage } from '../model/types';
import { SessionFileError, isBlobRef, isJsonRef } from './format';

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Top-level BlobRef fields back to their strings. */
function resolveRefs(
  file: string,
  line: number,
  object: JsonObject,
  blobs: Map<string, string>,
): JsonObject {
  const out: JsonObject = { ...object };
  for (const [key, value] of Object.entries(object)) {
    if (isBlobRef(value)) out[key] = blobText(file, line, value.$blob, blobs);
  }
  return out;
}

// The casts below: the record was written from these types, and only its refs were swapped.
export function resolveEvent(
  file: string,
  line: number,
  event: JsonObject,
  blobs: Map<string, string>,
): AgentEvent {
  const out = resolveRefs(file, line, event, blobs);
  // A subagent's event carries the child's own event, whose long strings are blobs too.
  if (out.type === 'subagent_event' && isObject(out.event))
    out.event = resolveEvent(file, line, out.event, blobs) as unknown as JsonObject;
  if (out.type === 'tool_call_ready' && isJsonRef(out.input)) {
    const id = out.input.$json;
    const text = blobText(file, line, id, blobs);
    try {
      out.input = JSON.parse(text);
    } catch {
      throw new SessionFileError(file, line, `tool input blob '${id}' is not JSON`);
    }
  }
  return out as unknown as AgentEvent;
}

export function resolveMessage(
  file: string,
  line: number,
  message: JsonObject,
  blobs: Map<string, string>,
): ChatMessage {
  const out = resolveRefs(file, line, message, blobs);
  if (Array.isArray(out.tool_calls)) {
    out.tool_calls = out.tool_calls.map((call: unknown) => {
      if (!isObject(call) || !isObject(call.function) || !isBlobRef(call.function.arguments)) {
        return call;
      }
      const text = blobText(file, line, call.function.arguments.$blob, blobs);
      return { ...call, function: { ...call.function, arguments: text } };
    });
  }
  return out as unknown as ChatMessage;
}

function blobText(file: string, line: number, id: string, blobs: Map<string, string>): string {
  const text = blobs.get(id);
  if (text === undefined)
    throw new SessionFileError(file, line, `refers to a missing blob '${id}'`);
  return text;
}
