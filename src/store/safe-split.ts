/**
 * Where a streaming answer can be cut so the head is final: after each blank line outside
 * a code fence, in order. Empty when there is no such point.
 */
export function safeSplitPoints(text: string): number[] {
  const points: number[] = [];
  let inFence = false;
  let offset = 0;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length - 1; i++) {
    const line = lines[i];
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    offset += line.length + 1;
    if (!inFence && line.trim() === '' && i > 0) points.push(offset);
  }
  return points;
}
