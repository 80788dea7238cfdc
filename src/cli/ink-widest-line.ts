// Stands in for the widest-line package where Ink imports it (scripts/build-options.mjs).
import { widestLineWidth } from '../util/display-width';

/**
 * Ink measures every text node of every frame (render-node-to-output.js) with
 * widest-line, which runs string-width's full Unicode path on each row though most rows
 * are unchanged or plain ASCII between escapes. Same answers, without that cost.
 */
export default function widestLine(text: string): number {
  return widestLineWidth(text);
}
