import { memo, useMemo, useRef } from 'react';
import { isFinished } from '../src/store/reducer';
import type { AppState, LiveTail, TranscriptItem } from '../src/store/types';
import { useApp, useAppState } from './context';
import { Rows } from './Lines';
import { liveLines } from './lines/items';
import { glyphs, type Look } from './lines/look';
import { StreamingMarkdown } from './lines/streaming-markdown';
import { toAnsi, type Line } from './lines/spans';
import { TranscriptRows } from './lines/transcript-rows';
import { truncateLine } from './lines/wrap';

// The streamed answer's finished rows are the same Line objects from frame to frame.
const ansiRows = new WeakMap<Look, WeakMap<Line, string>>();

function ansiOf(line: Line, look: Look): string {
  let rows = ansiRows.get(look);
  if (!rows) ansiRows.set(look, (rows = new WeakMap()));
  let text = rows.get(line);
  if (text === undefined) rows.set(line, (text = toAnsi(line, look)));
  return text;
}

function liveAnimates(live: LiveTail): boolean {
  return live.tools.some((card) => card.status === 'running');
}

/** The clock value the transcript needs: it only follows the clock while a card runs. */
const selectTick = (state: AppState) =>
  state.status === 'busy' && liveAnimates(state.live) ? state.tick : -1;

function lastToolItem(items: TranscriptItem[]): TranscriptItem | undefined {
  for (let i = items.length - 1; i >= 0; i--) if (items[i].kind === 'tool') return items[i];
  return undefined;
}

export interface TranscriptProps {
  width: number;
  height: number;
}

/**
 * The scrollable conversation. Finished items are laid out once (cached rows); each
 * frame only re-lays the live tail and cuts the visible window.
 */
export const Transcript = memo(function Transcript({ width, height }: TranscriptProps) {
  const { controller, look } = useApp();
  const items = useAppState((state) => state.items);
  const live = useAppState((state) => state.live);
  const tick = useAppState(selectTick);
  const scrollTop = useAppState((state) => state.scrollTop);
  const expandLatest = useAppState((state) => state.expandLatest);
  const streamRef = useRef<StreamingMarkdown | null>(null);
  const stream = (streamRef.current ??= new StreamingMarkdown());
  const rowsRef = useRef<TranscriptRows | null>(null);
  rowsRef.current ??= new TranscriptRows(look, stream);

  const latestLive = live.tools[live.tools.length - 1];
  const latestItem = latestLive ? undefined : lastToolItem(items);
  const expandedId = expandLatest && latestItem ? latestItem.id : -1;
  const expandedLiveId = expandLatest && latestLive ? latestLive.id : null;
  const previous = items[items.length - 1];

  const liveRows = useMemo(
    () =>
      liveLines(live, width, {
        look,
        tick: Math.max(0, tick),
        now: Date.now(),
        animate: tick >= 0,
        expandedId: expandedLiveId,
        latestId: latestLive && !isFinished(latestLive.status) ? latestLive.id : null,
        afterTool: previous?.kind === 'tool',
        markdown: (text, textWidth, textLook) => stream.lines(text, textWidth, textLook),
      }).map((line) => ansiOf(line, look)),
    [live, width, look, tick, expandedLiveId, latestLive, previous, stream],
  );

  const view = rowsRef.current.window(items, liveRows, width, height, scrollTop, expandedId);
  // Read only when the user pages: following never lays out what it does not show.
  controller.viewport = {
    get totalRows() {
      return view.totalRows;
    },
    height,
  };
  let rows = view.rows;
  if (scrollTop !== null && height > 1) {
    const below = view.totalRows - (view.top + height) + 1;
    const g = glyphs(look);
    const text = `${g.arrowDown} ${below} more rows below ${g.dot} PgDn / End to follow`;
    const note = toAnsi(
      truncateLine([{ text, style: { inverse: true } }], width, g.ellipsis),
      look,
    );
    rows = [...rows.slice(0, height - 1), note];
  }
  return <Rows rows={rows} width={width} height={height} />;
});
