import type { LiveTail, ToolCard, TranscriptItem } from '../../src/store/types';
import type { EntryItem, LiveReasoning } from './items';

/**
 * The transcript as blocks, each drawn by one component: an entry (banner, prompt, note,
 * reasoning, todo list), an answer (Markdown) or a tool call (ToolCard). Committed items
 * are one block each; the live tail is the reasoning streaming now, the answer so far and
 * this round's cards.
 */
export type Block =
  | { kind: 'entry'; key: string; item: EntryItem | LiveReasoning }
  | { kind: 'answer'; key: string; source: { text: string }; live: boolean }
  | {
      kind: 'card';
      key: string;
      card: ToolCard;
      /** A blank row before it (the first card after text). */
      gap: boolean;
      live: boolean;
      /** The transcript item it is, when committed (Ctrl+O expands by item id). */
      itemId?: number;
    };

/** The block of a committed item. */
export function committedBlock(item: TranscriptItem): Block {
  const key = `i${item.id}`;
  switch (item.kind) {
    case 'assistant':
      return { kind: 'answer', key, source: item, live: false };
    case 'tool':
      return { kind: 'card', key, card: item.card, gap: item.gap, live: false, itemId: item.id };
    case 'banner':
    case 'user':
    case 'reasoning':
    case 'info':
    case 'compaction':
    case 'todos':
      return { kind: 'entry', key, item };
  }
}

/** The live tail's blocks; `afterTool`: the last committed item is a card (no gap before the first). */
export function liveBlocks(live: LiveTail, afterTool: boolean): Block[] {
  const blocks: Block[] = [];
  if (live.reasoning.trim())
    blocks.push({
      kind: 'entry',
      key: 'live-reasoning',
      item: { kind: 'thinking', text: live.reasoning },
    });
  if (live.text.trim())
    blocks.push({ kind: 'answer', key: 'live-answer', source: live, live: true });
  let previousTool = afterTool && blocks.length === 0;
  for (const card of live.tools) {
    blocks.push({ kind: 'card', key: `c${card.id}`, card, gap: !previousTool, live: true });
    previousTool = true;
  }
  return blocks;
}
