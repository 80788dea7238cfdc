import { memo } from 'react';
import { useApp, useAppState } from './context';
import { glyphs } from './lines/look';
import { truncateLine } from './lines/wrap';
import { Lines } from './Rows';

/** "2 queued: next prompt…": what was typed while the turn runs; nothing when none. */
export const QueuedPrompts = memo(function QueuedPrompts({ width }: { width: number }) {
  const { look } = useApp();
  const queue = useAppState((s) => s.queue);
  if (!queue.length) return null;
  const line = truncateLine(
    [
      { text: `${queue.length} queued: `, style: { fg: 'magenta' } },
      { text: queue[0].replace(/\s+/g, ' '), style: { dim: true } },
    ],
    width,
    glyphs(look).ellipsis,
  );
  return <Lines lines={[line]} look={look} width={width} />;
});
