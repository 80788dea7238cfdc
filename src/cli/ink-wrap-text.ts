// Stands in for ink/build/wrap-text.js in the bundle (scripts/build-options.mjs).
import cliTruncate from 'cli-truncate';
import wrapAnsi from 'wrap-ansi';
import { lruMemo } from './ink-output-cache';

type WrapType = 'wrap' | 'truncate' | 'truncate-end' | 'truncate-middle' | 'truncate-start';

function wrapOnce(text: string, maxWidth: number, wrapType: string): string {
  if (wrapType === 'wrap') return wrapAnsi(text, maxWidth, { trim: false, hard: true });
  if (!wrapType.startsWith('truncate')) return text;
  const position =
    wrapType === 'truncate-middle' ? 'middle' : wrapType === 'truncate-start' ? 'start' : 'end';
  return cliTruncate(text, maxWidth, { position });
}

/** Joins the key's parts: the type and the width never hold it, so the text is the rest. */
const SEP = '\u0000';

/**
 * Ink's text wrapping, with a bounded cache (Ink's own keeps every text it ever wrapped,
 * so memory grew with the session; see ink-measure-text.ts).
 */
const wrapped = lruMemo((key) => {
  const first = key.indexOf(SEP);
  const second = key.indexOf(SEP, first + 1);
  return wrapOnce(key.slice(second + 1), Number(key.slice(first + 1, second)), key.slice(0, first));
}, 2000);

export default function wrapText(text: string, maxWidth: number, wrapType: WrapType): string {
  return wrapped(`${wrapType}${SEP}${maxWidth}${SEP}${text}`);
}
