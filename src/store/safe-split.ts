/**
 * Where a streaming answer can be cut so the head is final: after the last blank line
 * outside a code fence. Returns 0 when there is no such point.
 */
export function safeSplitPoint(text: string): number {
  let inFence = false;
  let split = 0;
  let offset = 0;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length - 1; i++) {
    const line = lines[i];
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    offset += line.length + 1;
    if (!inFence && line.trim() === '' && i > 0) split = offset;
  }
  return split;
}
