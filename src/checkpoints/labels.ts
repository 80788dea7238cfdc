import type { PlanItemRef, PointCall, PointSummary } from '../protocol/checkpoints';

const clip = (text: string, max = 60) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** `#2 Write the parser`. */
export function itemLabel(item: PlanItemRef): string {
  return `${item.label} ${clip(item.text)}`;
}

/** `bash rm notes.txt`, `write_file src/a.ts`. */
export function callLabel(call: PointCall): string {
  return `${call.tool} ${clip(call.summary.replace(/\s+/g, ' ').trim())}`;
}

/**
 * How a point is named: `before #2 Write the parser` for the first point of a plan item,
 * `before bash rm notes.txt` inside one, `before the rewind to …` for a rewind's own point.
 */
export function pointLabel(point: PointSummary, head: boolean): string {
  if (point.kind === 'rewind') return `before the rewind to ${point.rewindTo ?? 'a point'}`;
  if (head && point.item) return `before ${itemLabel(point.item)}`;
  if (head && point.prompt) return `before the prompt "${clip(point.prompt)}"`;
  if (point.call) return `before ${callLabel(point.call)}`;
  return `point ${point.id}`;
}

/** Which points belong together in a picker: the same plan item, else the same prompt. */
export function groupKey(point: PointSummary): string {
  if (point.kind === 'rewind') return `rewind:${point.id}`;
  if (point.item) return `item:${point.item.key}`;
  return `prompt:${point.prompt ?? ''}`;
}
