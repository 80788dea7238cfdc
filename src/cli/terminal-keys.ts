/* eslint-disable no-control-regex -- this module reads terminal escape sequences */
import { takeFocusReports } from './terminal-alerts';

/** xterm's modifyOtherKeys form of a modified key: `CSI 27 ; modifiers ; code ~`. */
const MODIFY_OTHER_KEYS = /\x1b\[27;(\d+);(\d+)~/g;

/**
 * Rewrites xterm's modifyOtherKeys keys (Shift+Enter is `CSI 27;2;13~`) into the kitty
 * keyboard protocol's form of the same key (`CSI 13;2u`): both number the modifiers the
 * same way (1 + shift 1, alt 2, ctrl 4). Ink 8 reads the kitty form as a key with its
 * modifiers and drops the xterm form as an unknown sequence.
 */
export function modifyOtherKeysAsKitty(text: string): string {
  return text.includes('\x1b[27;') ? text.replace(MODIFY_OTHER_KEYS, '\x1b[$2;$1u') : text;
}

/**
 * Makes what Ink reads from `stdin` go through modifyOtherKeysAsKitty. Ink reads its input
 * with `read()` on 'readable', a chunk per terminal write, so a key is never split.
 * The terminal's focus reports (CSI I / CSI O) are taken out on the way and go to `onFocus`.
 */
export function readModifyOtherKeysAsKitty(
  stdin: NodeJS.ReadStream,
  onFocus?: (focused: boolean) => void,
): void {
  const read = stdin.read.bind(stdin);
  const keys = (text: string) => {
    const { rest, focused } = takeFocusReports(text);
    if (focused !== undefined) onFocus?.(focused);
    return modifyOtherKeysAsKitty(rest);
  };
  stdin.read = (size?: number) => {
    const chunk: unknown = read(size);
    if (typeof chunk === 'string') return keys(chunk);
    if (
      Buffer.isBuffer(chunk) &&
      (chunk.includes('\x1b[27;') || chunk.includes('\x1b[I') || chunk.includes('\x1b[O'))
    )
      return Buffer.from(keys(chunk.toString('utf8')));
    return chunk;
  };
}
