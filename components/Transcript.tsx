import { Box } from 'ink';
import { memo, useMemo, useRef } from 'react';
import { isFinished } from '../src/store/reducer';
import { workGoesOn } from '../src/store/subagents';
import type { AppState, TranscriptItem } from '../src/store/types';
import { useApp, useAppState } from './context';
import { glyphs, type Look } from './lines/look';
import { StreamingMarkdown } from './lines/streaming-markdown';
import { liveBlocks, type Block } from './lines/transcript-blocks';
import { TranscriptRows } from './lines/transcript-rows';
import { truncateLine } from './lines/wrap';
import { Markdown, markdownRows } from './Markdown';
import { Lines } from './Rows';
import { ToolCard, toolCardRows, type CardLook } from './ToolCard';
import { TranscriptEntry, entryRows } from './TranscriptEntry';

/** The clock matters only while a card runs (its seconds); -1 otherwise. */
const selectClock = (state: AppState) =>
  state.status === 'busy' && state.live.tools.some((card) => card.status === 'running')
    ? state.tick
    : -1;

/** Spinners turn while the turn runs; while the user is asked, only if a subagent works on. */
const selectAnimate = (state: AppState) => state.status === 'busy' && workGoesOn(state);

function lastItemOf(items: TranscriptItem[], kind: TranscriptItem['kind']) {
  for (let i = items.length - 1; i >= 0; i--) if (items[i].kind === kind) return items[i];
  return undefined;
}

/** How each block looks this frame: which card Ctrl+O expands, whether spinners turn. */
interface Frame {
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
  /** When this frame is drawn: running cards show their seconds from it. */
  now: number;
}

function cardLook(block: Extract<Block, { kind: 'card' }>, frame: Frame): CardLook {
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

function entryExpanded(block: Extract<Block, { kind: 'entry' }>, frame: Frame): boolean {
  const { item } = block;
  if (item.kind === 'thinking') return frame.expandThinking;
  return item.kind === 'reasoning' && item.id === frame.expandedReasoningId;
}

/** A block's rows, from its component's cached layout. */
function blockRows(block: Block, frame: Frame) {
  switch (block.kind) {
    case 'entry':
      return entryRows(block.item, frame.width, frame.look, entryExpanded(block, frame));
    case 'answer':
      return markdownRows(block.source, frame.width, frame.look, frame.stream, block.live);
    case 'card':
      return toolCardRows(block.card, frame.width, frame.look, cardLook(block, frame));
  }
}

function BlockView({
  block,
  from,
  to,
  frame,
}: {
  block: Block;
  from: number;
  to: number;
  frame: Frame;
}) {
  const { width, look } = frame;
  switch (block.kind) {
    case 'entry':
      return (
        <TranscriptEntry
          item={block.item}
          width={width}
          look={look}
          expanded={entryExpanded(block, frame)}
          from={from}
          to={to}
        />
      );
    case 'answer':
      return (
        <Markdown
          source={block.source}
          width={width}
          look={look}
          stream={frame.stream}
          live={block.live}
          from={from}
          to={to}
        />
      );
    case 'card':
      return (
        <ToolCard
          card={block.card}
          width={width}
          look={look}
          {...cardLook(block, frame)}
          from={from}
          to={to}
        />
      );
  }
}

export interface TranscriptProps {
  width: number;
  height: number;
}

/**
 * The scrollable conversation: a ToolCard per call, Markdown per answer, an entry per
 * prompt or note. Only the blocks on screen are rendered; finished ones keep their layout.
 */
export const Transcript = memo(function Transcript({ width, height }: TranscriptProps) {
  const { controller, look } = useApp();
  const items = useAppState((state) => state.items);
  const live = useAppState((state) => state.live);
  useAppState(selectClock);
  const animate = useAppState(selectAnimate);
  const scrollTop = useAppState((state) => state.scrollTop);
  const expandLatest = useAppState((state) => state.expandLatest);
  const streamRef = useRef<StreamingMarkdown | null>(null);
  const stream = (streamRef.current ??= new StreamingMarkdown());
  const rowsRef = useRef<TranscriptRows | null>(null);
  const windowing = (rowsRef.current ??= new TranscriptRows());

  const latestLive = live.tools[live.tools.length - 1];
  const latestItem = latestLive ? undefined : lastItemOf(items, 'tool');
  const thinking = live.reasoning.trim() !== '';
  const latestReasoning = expandLatest && !thinking ? lastItemOf(items, 'reasoning') : undefined;
  const previous = items[items.length - 1];
  const frame: Frame = {
    width,
    look,
    animate,
    expandedItemId: expandLatest && latestItem ? latestItem.id : -1,
    expandedLiveId: expandLatest && latestLive ? latestLive.id : null,
    latestLiveId: latestLive && !isFinished(latestLive.status) ? latestLive.id : null,
    expandedReasoningId: latestReasoning?.id ?? -1,
    expandThinking: expandLatest && thinking,
    stream,
    now: Date.now(),
  };
  const blocks = useMemo(() => liveBlocks(live, previous?.kind === 'tool'), [live, previous]);
  const scrolled = scrollTop !== null && height > 1;
  const shownHeight = scrolled ? height - 1 : height;
  const view = windowing.window(
    items,
    blocks,
    shownHeight,
    scrollTop,
    width,
    `${frame.expandedItemId}/${frame.expandedReasoningId}`,
    (block) => blockRows(block, frame).length,
  );
  // Read only when the user pages: following never lays out what it does not show.
  controller.viewport = {
    get totalRows() {
      return view.totalRows;
    },
    height,
  };
  let note = null;
  if (scrolled) {
    const below = view.totalRows - (view.top + shownHeight);
    const g = glyphs(look);
    const text = `${g.arrowDown} ${below} more rows below ${g.dot} PgDn / End to follow`;
    note = truncateLine([{ text, style: { inverse: true } }], width, g.ellipsis);
  }
  return (
    <Box flexDirection="column" width={width} height={height}>
      {view.slices.map(({ block, from, to }) => (
        <BlockView key={block.key} block={block} from={from} to={to} frame={frame} />
      ))}
      {note && <Lines lines={[note]} look={look} width={width} />}
    </Box>
  );
});
