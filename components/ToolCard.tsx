import { memo } from 'react';
import type { ToolCard as Card } from '../src/store/types';
import { toolCardLines, type CardView } from './lines/tool-card';
import type { Look } from './lines/look';
import { Rows, sliceRows, toRow, type Row } from './Rows';

export interface CardLook {
  /** Ctrl+O: every output row. */
  expanded: boolean;
  /** The card Ctrl+O would expand (its hint shows). */
  latest: boolean;
  /** Its spinner turns and its seconds count (a turn runs, nothing is asked). */
  animate: boolean;
  /** A blank row before it (the first card after text). */
  gap: boolean;
  /**
   * A running card's whole seconds so far (0 otherwise): a prop, so the memoised card is
   * drawn again each second, not only when its output grows.
   */
  seconds: number;
}

interface Cached {
  key: string;
  rows: Row[];
}

const laidOut = new WeakMap<Card, Cached>();

/**
 * A card's rows, kept per card object: a finished card is laid out once per width; a
 * running one again when its output grows or its seconds count (`view.seconds`).
 */
export function toolCardRows(card: Card, width: number, look: Look, view: CardLook): Row[] {
  const key = `${width}|${look.color}|${look.unicode}|${view.expanded}|${view.latest}|${view.animate}|${view.gap}|${view.seconds}`;
  const hit = laidOut.get(card);
  if (hit?.key === key) return hit.rows;
  const cardView: CardView = { look, now: Date.now(), ...view };
  const rows = toolCardLines(card, width, cardView).map((line) => toRow(line, look));
  if (view.gap) rows.unshift('');
  laidOut.set(card, { key, rows });
  return rows;
}

export interface ToolCardProps extends CardLook {
  card: Card;
  width: number;
  look: Look;
  /** The rows shown, when the transcript shows only part of the card. */
  from?: number;
  to?: number;
}

/** One tool call: status (a spinner while it runs), name, summary, time, clamped output. */
export const ToolCard = memo(function ToolCard({
  card,
  width,
  look,
  from = 0,
  to,
  ...view
}: ToolCardProps) {
  const rows = toolCardRows(card, width, look, view);
  return <Rows rows={sliceRows(rows, from, to)} width={width} first={from} />;
});
