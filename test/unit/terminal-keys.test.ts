import { describe, expect, test } from 'vitest';
import { modifyOtherKeysAsKitty } from '../../src/cli/terminal-keys';

describe("xterm's modifyOtherKeys keys read in the kitty form", () => {
  test('Shift+Enter, Ctrl+Enter and Alt+Shift+Tab keep their key and modifiers', () => {
    expect(modifyOtherKeysAsKitty('\x1b[27;2;13~')).toBe('\x1b[13;2u');
    expect(modifyOtherKeysAsKitty('\x1b[27;5;13~')).toBe('\x1b[13;5u');
    expect(modifyOtherKeysAsKitty('\x1b[27;4;9~')).toBe('\x1b[9;4u');
  });

  test('keys among typed text are each rewritten; everything else is left alone', () => {
    expect(modifyOtherKeysAsKitty('one\x1b[27;2;13~two\x1b[27;2;13~')).toBe(
      'one\x1b[13;2utwo\x1b[13;2u',
    );
    for (const text of [
      'plain',
      '\x1b[13;2u',
      '\x1b[A',
      '\x1b[200~x\r\x1b[201~',
      '\x1b[27~',
      '27;2;13~',
    ])
      expect(modifyOtherKeysAsKitty(text)).toBe(text);
  });
});
