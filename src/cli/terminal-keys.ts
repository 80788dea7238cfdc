/* eslint-disable no-control-regex -- this module reads terminal escape sequences */

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
 */
export function readModifyOtherKeysAsKitty(stdin: NodeJS.ReadStream): void {
  const read = stdin.read.bind(stdin);
  stdin.read = (size?: number) => {
    const chunk: unknown = read(size);
    if (typeof chunk === 'string') return modifyOtherKeysAsKitty(chunk);
    if (Buffer.isBuffer(chunk) && chunk.includes('\x1b[27;'))
      return Buffer.from(modifyOtherKeysAsKitty(chunk.toString('utf8')));
    return chunk;
  };
}
