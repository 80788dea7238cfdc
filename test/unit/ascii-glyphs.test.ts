import { describe, expect, it } from 'vitest';
import { glyphs, type Look } from '../../components/lines/look';
import { inputPlaceholder } from '../../components/lines/prompt-input';
import type { Line } from '../../components/lines/spans';
import { statusLine } from '../../components/lines/status-line';

const ASCII: Look = { color: false, unicode: false };
const UNICODE: Look = { color: false, unicode: true };
const text = (lines: Line[]): string =>
  lines.map((line) => line.map((s) => s.text).join('')).join('\n');

const status = (look: Look, busy: boolean) =>
  statusLine(
    {
      model: 'qwen3',
      demo: false,
      mode: 'acceptEdits',
      usage: { inputTokens: 1200, outputTokens: 300 },
      busy,
      elapsedMs: 3000,
      notice: null,
      queued: 1,
      scrolled: false,
      approval: false,
      noteMode: false,
      tasks: false,
      look,
    },
    120,
  );

describe('glyphs for a locale that is not UTF-8', () => {
  it('every glyph of the ASCII set is ASCII', () => {
    for (const glyph of Object.values(glyphs(ASCII)).flat()) expect(glyph).toMatch(/^[ -~]+$/);
  });

  it.each([
    ['the status line while idle', text([status(ASCII, false)])],
    ['the status line while busy', text([status(ASCII, true)])],
    ['the placeholders', `${inputPlaceholder(false, ASCII)} ${inputPlaceholder(true, ASCII)}`],
  ])('%s has ASCII separators', (_, shown) => {
    expect(shown).toMatch(/^[\n -~]+$/);
    expect(shown).toContain(' | ');
  });

  it('UTF-8 keeps the middle dot', () => {
    expect(text([status(UNICODE, false)])).toContain(' · ');
    expect(inputPlaceholder(false, UNICODE)).toBe('Type a task · /help for commands');
  });
});
