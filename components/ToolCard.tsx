import type { ToolCard as Card } from '../src/store/types';
import { Lines } from './Lines';
import { toolCardLines, type CardView } from './lines/tool-card';

export interface ToolCardProps extends CardView {
  card: Card;
  width: number;
}

/** One tool call: status glyph, name, summary, elapsed time and its clamped output. */
export function ToolCard({ card, width, ...view }: ToolCardProps) {
  return <Lines lines={toolCardLines(card, width, view)} look={view.look} width={width} />;
}
