import type { ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';
import type { ChatMessage } from './types';

/** History is encoded in blocks of about this many characters of JSON. */
const BLOCK_CHARS = 16 * 1024;

/** A request body as bytes: `length` for Content-Length, `stream()` for fetch. */
export interface EncodedBody {
  readonly length: number;
  /** A new stream of the body's bytes each call (a retry sends it again). */
  stream(): ReadableStream<Uint8Array>;
  /** The whole body as a Blob: fetch can send that again when it follows a redirect. */
  blob(): Blob;
}

/** Each stream handed out, with the body it streams, so a redirect can send it again. */
const streamed = new WeakMap<ReadableStream<Uint8Array>, EncodedBody>();

/** The body a stream from EncodedBody.stream() carries; undefined for any other stream. */
export function bodyOfStream(stream: ReadableStream<Uint8Array>): EncodedBody | undefined {
  return streamed.get(stream);
}

/** Consecutive history messages and their JSON, joined by commas, as bytes. */
interface Block {
  messages: readonly ChatMessage[];
  bytes: Uint8Array;
}

const encoder = new TextEncoder();

/**
 * Serialises chat requests without building the whole body at once. Every request
 * carries the whole conversation: as one JSON string (the SDK's way) that is a large
 * object per request, plus its encoded copy, and the heap keeps each until a full
 * collection, so memory grew with the history. Here the history is encoded once, in
 * blocks of about 16 KB that are sent as they are; a request encodes only the leading
 * system prompt, the messages after the last full block and the other fields. A block
 * stays valid while the request carries the same message objects in the same order
 * (history messages are never changed in place; /clear starts a new array). The bytes
 * are exactly `JSON.stringify(params)`.
 */
export class ChatBodyEncoder {
  private blocks: Block[] = [];
  private readonly tools = new WeakMap<object, Uint8Array>();

  encode(params: ChatCompletionCreateParamsStreaming): EncodedBody {
    const { model, messages, ...rest } = params;
    // The system prompt is built for each request (the mode may have changed).
    let first = 0;
    while (first < messages.length && messages[first].role === 'system') first += 1;
    const { blocks, after } = this.history(messages, first);
    const items: (string | Uint8Array)[] = [
      ...messages.slice(0, first).map((message) => JSON.stringify(message)),
      ...blocks.map((block) => block.bytes),
      ...after,
    ];
    const parts: Uint8Array[] = [];
    let text = `{"model":${JSON.stringify(model)},"messages":[`;
    items.forEach((item, i) => {
      if (i > 0) text += ',';
      if (typeof item === 'string') {
        text += item;
        return;
      }
      parts.push(encoder.encode(text), item);
      text = '';
    });
    text += ']';
    for (const [key, value] of Object.entries(rest)) {
      if (value === undefined) continue;
      text += `,${JSON.stringify(key)}:`;
      if (key !== 'tools' || value === null || typeof value !== 'object') {
        text += JSON.stringify(value);
        continue;
      }
      parts.push(encoder.encode(text), this.toolBytes(value));
      text = '';
    }
    parts.push(encoder.encode(`${text}}`));
    const length = parts.reduce((sum, part) => sum + part.length, 0);
    const body: EncodedBody = {
      length,
      stream: () => {
        const stream = partStream(parts);
        streamed.set(stream, body);
        return stream;
      },
      blob: () => new Blob(parts as BlobPart[]),
    };
    return body;
  }

  /**
   * The history from `first` on: the blocks that still match (sealing new ones as it
   * grows), then the JSON of the messages after the last full block.
   */
  private history(
    messages: readonly ChatMessage[],
    first: number,
  ): { blocks: readonly Block[]; after: string[] } {
    let index = first;
    let kept = 0;
    for (const block of this.blocks) {
      if (!block.messages.every((message, j) => messages[index + j] === message)) break;
      index += block.messages.length;
      kept += 1;
    }
    this.blocks.length = kept;
    let start = index;
    let chars = 0;
    let after: string[] = [];
    for (let i = index; i < messages.length; i++) {
      const json = JSON.stringify(messages[i]);
      after.push(json);
      chars += json.length;
      if (chars < BLOCK_CHARS) continue;
      const bytes = encoder.encode(after.join(','));
      this.blocks.push({ messages: messages.slice(start, i + 1), bytes });
      start = i + 1;
      chars = 0;
      after = [];
    }
    return { blocks: this.blocks, after };
  }

  private toolBytes(tools: object): Uint8Array {
    let bytes = this.tools.get(tools);
    if (!bytes) this.tools.set(tools, (bytes = encoder.encode(JSON.stringify(tools))));
    return bytes;
  }
}

/** The parts one by one: the blocks go out as they are, without a copy of the whole body. */
function partStream(parts: readonly Uint8Array[]): ReadableStream<Uint8Array> {
  let next = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (next < parts.length) controller.enqueue(parts[next++]);
      else controller.close();
    },
  });
}
