// Stands in for Ink's sanitize-ansi.js where squash-text-nodes.js imports it (the bundle's
// cached-ink-text plugin, scripts/build-options.mjs).
import inkSanitizeAnsi from '../../node_modules/ink/build/sanitize-ansi.js';
import { lruMemo } from '../util/lru-memo';

/**
 * Ink 8 strips escapes other than colours and links from every text node of every frame,
 * tokenizing each text that holds an escape; tick's rows are coloured text, so that was
 * most of a frame's text work while they hardly change. Same answers, from a bounded cache
 * of the texts seen last (a screen has a few dozen).
 */
export default lruMemo(inkSanitizeAnsi, 480);
