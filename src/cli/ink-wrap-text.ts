// Stands in for ink/build/wrap-text.js in the bundle (scripts/build-options.mjs).
import cliTruncate from 'cli-truncate';
import wrapAnsi from 'wrap-ansi';
import { lruMemoBy } from '../util/lru-memo';

type WrapType = 'wrap' | 'truncate' | 'truncate-end' | 'truncate-middle' | 'truncate-start';

function wrapOnce(text: string, maxWidth: number, wrapType: string): string {
  if (wrapType === 'wrap') return wrapAnsi(text, maxWidth, { trim: false, hard: true });
  if (!wrapType.startsWith('truncate')) return text;
  const position =
    wrapType === 'truncate-middle' ? 'middle' : wrapType === 'truncate-start' ? 'start' : 'end';
  return cliTruncate(text, maxWidth, { position });
}

/**
 * Ink's text wrapping, with a bounded cache (Ink's own keeps every text it ever wrapped,
 * so memory grew with the session; see ink-measure-text.ts).
 */
const wrapped = lruMemoBy(
  (text: string, maxWidth: number, wrapType: string) => `${wrapType}\u0000${maxWidth}\u0000${text}`,
  wrapOnce,
  2000,
);

export default function wrapText(text: string, maxWidth: number, wrapType: WrapType): string {
  return wrapped(text, maxWidth, wrapType);
}
