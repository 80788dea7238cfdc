import type { ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';

/** A streamed request body is cut into chunks of this size. */
const CHUNK_BYTES = 64 * 1024;

/** A request body as bytes: `length` for Content-Length, `stream()` for fetch. */
export interface EncodedBody {
  readonly length: number;
  /** A new stream of the body's bytes each call (a retry sends it again). */
  stream(): ReadableStream<Uint8Array>;
}

const encoder = new TextEncoder();

/**
 * Serialises chat requests without building the whole body at once. Every request
 * carries the whole conversation: as one JSON string (the SDK's way) it is a large object
 * for each request, plus its encoded copy, and the heap keeps each until a full
 * collection, so memory grew with the history. Here each history message is encoded
 * once (messages never change once in the history: a changed message is a new object),
 * and a request streams the cached bytes in small chunks that die young. The bytes are
 * exactly `JSON.stringify(params)`.
 */
export class ChatBodyEncoder {
  private readonly encoded = new WeakMap<object, Uint8Array>();

  encode(params: ChatCompletionCreateParamsStreaming): EncodedBody {
    const { model, messages, ...rest } = params;
    const parts: Uint8Array[] = [encoder.encode(`{"model":${JSON.stringify(model)},"messages":[`)];
    messages.forEach((message, index) => {
      if (index > 0) parts.push(COMMA);
      // The system prompt is built for each request: caching it would only hold garbage.
      parts.push(message.role === 'system' ? encodeJson(message) : this.cached(message));
    });
    parts.push(CLOSE_ARRAY);
    for (const [key, value] of Object.entries(rest)) {
      if (value === undefined) continue;
      parts.push(encoder.encode(`,${JSON.stringify(key)}:`));
      parts.push(
        key === 'tools' && value !== null && typeof value === 'object'
          ? this.cached(value)
          : encodeJson(value),
      );
    }
    parts.push(CLOSE_OBJECT);
    const length = parts.reduce((sum, part) => sum + part.length, 0);
    return { length, stream: () => chunked(parts, length) };
  }

  private cached(value: object): Uint8Array {
    let bytes = this.encoded.get(value);
    if (!bytes) this.encoded.set(value, (bytes = encodeJson(value)));
    return bytes;
  }
}

const COMMA = encoder.encode(',');
const CLOSE_ARRAY = encoder.encode(']');
const CLOSE_OBJECT = encoder.encode('}');

function encodeJson(value: unknown): Uint8Array {
  return encoder.encode(JSON.stringify(value));
}

/** The parts as a stream of CHUNK_BYTES chunks, each made when the socket asks for it. */
function chunked(parts: readonly Uint8Array[], length: number): ReadableStream<Uint8Array> {
  let part = 0;
  let offset = 0;
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= length) {
        controller.close();
        return;
      }
      const chunk = new Uint8Array(Math.min(CHUNK_BYTES, length - sent));
      let filled = 0;
      while (filled < chunk.length) {
        const source = parts[part];
        const take = Math.min(source.length - offset, chunk.length - filled);
        chunk.set(source.subarray(offset, offset + take), filled);
        filled += take;
        offset += take;
        if (offset === source.length) {
          part += 1;
          offset = 0;
        }
      }
      sent += chunk.length;
      controller.enqueue(chunk);
    },
  });
}
