import { Box } from 'ink';
import { memo } from 'react';
import { useApp, useAppState } from './context';
import type { Block } from './lines/transcript-blocks';
import { Markdown } from './Markdown';
import { Lines } from './Rows';
import { ToolCard } from './ToolCard';
import {
  cardLook,
  entryExpanded,
  type TranscriptFrame,
  type TranscriptLayout,
} from './transcript-layout';
import { TranscriptEntry } from './TranscriptEntry';

function BlockView({
  block,
  from,
  to,
  frame,
}: {
  block: Block;
  from: number;
  to: number;
  frame: TranscriptFrame;
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
 * prompt or note. It draws the window the screen's layout gives it (`Layout.transcript`):
 * only the blocks in view, each cut to its rows on screen.
 */
export const Transcript = memo(function Transcript({ width, height }: TranscriptProps) {
  const { layout } = useApp();
  const view = useAppState((state) => layout.transcript(state, width, height));
  return <TranscriptView view={view} />;
});

/** The open subagent's transcript, drawn as the main one is (its view, full screen). */
export const ChildTranscript = memo(function ChildTranscript({ width, height }: TranscriptProps) {
  const { layout } = useApp();
  const view = useAppState((state) => layout.child.transcript(state, width, height));
  return <TranscriptView view={view} />;
});

/** A transcript's window as laid out: its blocks in view, and the note when scrolled up. */
function TranscriptView({ view }: { view: TranscriptLayout }) {
  const { look } = useApp();
  const { width, height } = view;
  return (
    <Box flexDirection="column" width={width} height={height}>
      {view.slices.map(({ block, from, to }) => (
        <BlockView key={block.key} block={block} from={from} to={to} frame={view.frame} />
      ))}
      {view.note && <Lines lines={[view.note]} look={look} width={width} />}
    </Box>
  );
}
