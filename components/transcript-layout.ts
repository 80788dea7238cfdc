import { isFinished } from '../src/store/reducer';
import { workGoesOn } from '../src/store/subagents';
import type { AppState, TranscriptItem } from '../src/store/types';
import { glyphs, type Look } from './lines/look';
import type { Line } from './lines/spans';
import { StreamingMarkdown } from './lines/streaming-markdown';
import { liveBlocks, type Block } from './lines/transcript-blocks';
import { TranscriptRows, type Slice } from './lines/transcript-rows';
import { truncateLine } from './lines/wrap';
import { markdownRows } from './Markdown';
import { Memo } from './memo';
import { toolCardRows, type CardLook } from './ToolCard';
import { entryRows } from './TranscriptEntry';

/** How each block looks this frame: which card Ctrl+O expands, whether spinners turn. */
export interface TranscriptFrame {
  width: number;
  look: Look;
  animate: boolean;
  expandedItemId: number;
  expandedLiveId: string | null;
  /** Ctrl+O also shows the latest reasoning in full (the one streaming, or the last). */
  expandedReasoningId: number;
  expandThinking: boolean;
  latestLiveId: string | null;
  stream: StreamingMarkdown;
  /** When this frame is laid out: running cards show their seconds from it. */
  now: number;
}

/** The transcript as the screen shows it: the parts of blocks in view, and where that is. */
export interface TranscriptLayout {
  width: number;
  /** Rows the transcript has on screen (the "more rows below" note included). */
  height: number;
  frame: TranscriptFrame;
  /** The blocks in view, top to bottom, each cut to its rows on screen. */
  slices: Slice[];
  /** All rows of the session; laid out when read (following shows only the bottom). */
  readonly totalRows: number;
  /** The first row shown; like `totalRows`. */
  readonly top: number;
  /** "↓ N more rows below · PgDn / End to follow" while scrolled up; null when following. */
  note: Line | null;
}

/** What the transcript's layout keeps across frames; results are the same without it. */
export class TranscriptCache {
  readonly rows = new TranscriptRows();
  readonly stream = new StreamingMarkdown();
  readonly blocks = new Memo<Block[]>();
  readonly layout = new Memo<TranscriptLayout>();
}

/** The clock matters only while a card runs (its seconds); -1 otherwise. */
export const transcriptClock = (state: AppState) =>
  state.status === 'busy' && state.live.tools.some((card) => card.status === 'running')
    ? state.tick
    : -1;

/** Spinners turn while the turn runs; while the user is asked, only if a subagent works on. */
export const transcriptAnimates = (state: AppState) => state.status === 'busy' && workGoesOn(state);

function lastItemOf(items: TranscriptItem[], kind: TranscriptItem['kind']) {
  for (let i = items.length - 1; i >= 0; i--) if (items[i].kind === kind) return items[i];
  return undefined;
}

export function cardLook(
  block: Extract<Block, { kind: 'card' }>,
  frame: TranscriptFrame,
): CardLook {
  const expanded = block.live
    ? block.card.id === frame.expandedLiveId
    : block.itemId === frame.expandedItemId;
  const { card } = block;
  return {
    expanded,
    latest: block.live && card.id === frame.latestLiveId,
    animate: block.live && frame.animate,
    gap: block.gap,
    seconds:
      card.status === 'running' && card.startedAt !== undefined
        ? Math.floor((frame.now - card.startedAt) / 1000)
        : 0,
  };
}

export function entryExpanded(
  block: Extract<Block, { kind: 'entry' }>,
  frame: TranscriptFrame,
): boolean {
  const { item } = block;
  if (item.kind === 'thinking') return frame.expandThinking;
  return item.kind === 'reasoning' && item.id === frame.expandedReasoningId;
}

/** A block's rows, from its component's cached layout. */
function blockRows(block: Block, frame: TranscriptFrame) {
  switch (block.kind) {
    case 'entry':
      return entryRows(block.item, frame.width, frame.look, entryExpanded(block, frame));
    case 'answer':
      return markdownRows(block.source, frame.width, frame.look, frame.stream, block.live);
    case 'card':
      return toolCardRows(block.card, frame.width, frame.look, cardLook(block, frame));
  }
}

/**
 * The transcript in `width` x `height`: the last rows when following, else from
 * `scrollTop` (one row then says what is below). Only the blocks in view are laid out;
 * finished ones keep their layout across frames (`cache`).
 */
export function layOutTranscript(
  state: AppState,
  width: number,
  height: number,
  look: Look,
  cache: TranscriptCache,
  now: () => number,
): TranscriptLayout {
  const { items, live, scrollTop, expandLatest } = state;
  const animate = transcriptAnimates(state);
  const inputs = [items, live, scrollTop, expandLatest, animate, transcriptClock(state)];
  return cache.layout.get([...inputs, width, height, look], () => {
    const latestLive = live.tools[live.tools.length - 1];
    const latestItem = latestLive ? undefined : lastItemOf(items, 'tool');
    const thinking = live.reasoning.trim() !== '';
    const latestReasoning = expandLatest && !thinking ? lastItemOf(items, 'reasoning') : undefined;
    const previous = items[items.length - 1];
    const frame: TranscriptFrame = {
      width,
      look,
      animate,
      expandedItemId: expandLatest && latestItem ? latestItem.id : -1,
      expandedLiveId: expandLatest && latestLive ? latestLive.id : null,
      latestLiveId: latestLive && !isFinished(latestLive.status) ? latestLive.id : null,
      expandedReasoningId: latestReasoning?.id ?? -1,
      expandThinking: expandLatest && thinking,
      stream: cache.stream,
      now: now(),
    };
    const blocks = cache.blocks.get([live, previous], () =>
      liveBlocks(live, previous?.kind === 'tool'),
    );
    const scrolled = scrollTop !== null && height > 1;
    const shownHeight = scrolled ? height - 1 : height;
    const view = cache.rows.window(
      items,
      blocks,
      shownHeight,
      scrollTop,
      width,
      `${frame.expandedItemId}/${frame.expandedReasoningId}`,
      (block) => blockRows(block, frame).length,
    );
    let note: Line | null = null;
    if (scrolled) {
      const below = view.totalRows - (view.top + shownHeight);
      const g = glyphs(look);
      const text = `${g.arrowDown} ${below} more rows below ${g.dot} PgDn / End to follow`;
      note = truncateLine([{ text, style: { inverse: true } }], width, g.ellipsis);
    }
    return {
      width,
      height,
      frame,
      slices: view.slices,
      // Read only when the user pages: following never lays out what it does not show.
      get totalRows() {
        return view.totalRows;
      },
      get top() {
        return view.top;
      },
      note,
    };
  });
}
