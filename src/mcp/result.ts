/**
 * An MCP tool result (`content` blocks, `structuredContent`, `isError`) as text: what the
 * model reads and the card shows. Text is kept as it is; an image, audio or blob is a line
 * naming it (and the file it was saved to: Chat Completions tool results carry text only);
 * a resource link is a line with its URI; an embedded text resource is its text under a
 * line naming it; `structuredContent` is compact JSON when no text carries the result.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

type Block = CallToolResult['content'][number];

/** Binary content to keep in a file: its bytes go nowhere else. */
export interface MediaBlock {
  index: number;
  kind: 'image' | 'audio' | 'blob';
  mimeType: string;
  /** base64, as the server sent it. */
  data: string;
}

export function mediaBlocks(result: CallToolResult): MediaBlock[] {
  const out: MediaBlock[] = [];
  result.content.forEach((block, index) => {
    if (block.type === 'image' || block.type === 'audio')
      out.push({ index, kind: block.type, mimeType: block.mimeType, data: block.data });
    else if (block.type === 'resource' && 'blob' in block.resource)
      out.push({
        index,
        kind: 'blob',
        mimeType: block.resource.mimeType ?? 'application/octet-stream',
        data: block.resource.blob,
      });
  });
  return out;
}

/** The size of base64 data once decoded, as people read it. */
export function decodedSize(base64: string): string {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  const bytes = Math.max(0, Math.floor((base64.length * 3) / 4) - padding);
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function blockText(block: Block, saved: ReadonlyMap<number, string>, index: number): string {
  const where = saved.get(index);
  const file = where ? `, saved to ${where}` : '';
  switch (block.type) {
    case 'text':
      return block.text;
    case 'image':
    case 'audio':
      return `[${block.type} ${block.mimeType}, ${decodedSize(block.data)}${file}]`;
    case 'resource_link': {
      const title = block.title ?? block.name;
      const mime = block.mimeType ? ` (${block.mimeType})` : '';
      const about = block.description ? ` — ${block.description}` : '';
      return `[resource link: ${title} ${block.uri}${mime}${about}]`;
    }
    case 'resource': {
      const { resource } = block;
      const mime = resource.mimeType ? ` (${resource.mimeType})` : '';
      if ('text' in resource) return `[resource ${resource.uri}${mime}]\n${resource.text}`;
      return `[resource ${resource.uri}${mime}, ${decodedSize(resource.blob)}${file}]`;
    }
    default:
      return `[${(block as { type: string }).type} content]`;
  }
}

/** Does some text block already carry the structured content (the spec asks servers to)? */
function saidInText(result: CallToolResult): boolean {
  const wanted = JSON.stringify(result.structuredContent);
  return result.content.some((block) => {
    if (block.type !== 'text') return false;
    try {
      return JSON.stringify(JSON.parse(block.text)) === wanted;
    } catch {
      return false;
    }
  });
}

/**
 * The result as one text. `saved` maps a block's index to the file its bytes were saved to.
 * `structuredContent` is added as compact JSON only when no text block is there to carry
 * the result (servers usually send both, and the text is what the model reads; the card
 * shows the JSON on a line of its own, `structuredLine`). An empty result says so, so the
 * model is not left guessing.
 */
export function resultText(
  result: CallToolResult,
  saved: ReadonlyMap<number, string> = new Map(),
): string {
  const parts = result.content.map((block, index) => blockText(block, saved, index));
  const hasText = result.content.some(
    (block) => block.type === 'text' || block.type === 'resource',
  );
  if (result.structuredContent !== undefined && !hasText)
    parts.push(JSON.stringify(result.structuredContent));
  const text = parts.join('\n');
  if (text.trim() === '')
    return result.isError ? 'the tool failed and said nothing' : '(no output)';
  return text;
}

const STRUCTURED_CHARS = 300;

/**
 * `structuredContent` as one line of compact JSON for the call's card (cut), when the
 * result has it and its text does not say the same; undefined otherwise.
 */
export function structuredLine(result: CallToolResult): string | undefined {
  if (result.structuredContent === undefined || saidInText(result)) return undefined;
  const text = JSON.stringify(result.structuredContent);
  return text.length > STRUCTURED_CHARS ? `${text.slice(0, STRUCTURED_CHARS - 1)}…` : text;
}

/** File name extension for a MIME type (`image/png` -> `png`). */
export function extensionFor(mimeType: string): string {
  const sub = mimeType.split('/')[1]?.split(/[;+]/)[0]?.toLowerCase() ?? '';
  if (sub === 'jpeg') return 'jpg';
  if (sub === 'svg') return 'svg';
  return /^[a-z0-9.-]{1,10}$/.test(sub) ? sub : 'bin';
}
