import { Lines } from './Lines';
import { statusLine, type StatusView } from './lines/status-line';

export interface StatusLineProps extends StatusView {
  width: number;
}

/** Model, mode, tokens, the turn's time and key hints, on one row. */
export function StatusLine({ width, ...view }: StatusLineProps) {
  return <Lines lines={[statusLine(view, width)]} look={view.look} width={width} />;
}
