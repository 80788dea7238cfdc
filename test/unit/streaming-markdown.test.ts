import { describe, expect, test } from 'vitest';
// @ts-expect-error -- the bench's answer generator is plain JavaScript without types
import { markdownAnswer } from '../../bench/lib/markdown.mjs';
import type { Look } from '../../components/lines/look';
import { markdownLines } from '../../components/lines/markdown';
import { safeSplit, StreamingMarkdown } from '../../components/lines/streaming-markdown';

const LOOK: Look = { unicode: true, color: true };

/** Streams `text` in chunks and checks every frame against a full parse of the text so far. */
function expectSameAsFullParse(text: string, chunk: number, width = 60): void {
  const stream = new StreamingMarkdown();
  for (let end = chunk; end < text.length + chunk; end += chunk) {
    const sofar = text.slice(0, end);
    expect(stream.lines(sofar, width, LOOK), `after ${end} characters`).toEqual(
      markdownLines(sofar, width, LOOK),
    );
  }
}

describe('StreamingMarkdown', () => {
  test('every frame of a long streamed answer is laid out as a full parse would', () => {
    const answer = (markdownAnswer as (chars: number) => string)(12_000);
    expectSameAsFullParse(answer, 97);
  });

  test('lists, loose lists, numbered lists and code with blank lines stay whole', () => {
    const text = [
      '# Plan',
      '',
      '1. first',
      '',
      '2. second',
      '',
      '   still the second item',
      '',
      '- a',
      '- b',
      '',
      'After the list.',
      '',
      '```ts',
      'const a = 1;',
      '',
      'Not a paragraph.',
      '',
      '```',
      '',
      '    indented code',
      '',
      '    more of it',
      '',
      '> quoted',
      '',
      'The end.',
      '',
    ].join('\n');
    expectSameAsFullParse(text, 3);
  });

  test('a new answer (not a continuation) is laid out from scratch', () => {
    const stream = new StreamingMarkdown();
    stream.lines('# One\n\nFirst answer.\n\nMore.\n', 40, LOOK);
    const next = 'Second answer.\n\n- item\n';
    expect(stream.lines(next, 40, LOOK)).toEqual(markdownLines(next, 40, LOOK));
  });

  test('knows the answer it streamed, so the committed answer reuses its layout', () => {
    const stream = new StreamingMarkdown();
    const answer = '# Title\n\nFirst paragraph.\n\nSecond paragraph.\n';
    stream.lines(answer.slice(0, 30), 40, LOOK);
    expect(stream.continues(answer, 40, LOOK)).toBe(true);
    expect(stream.continues('Something else.\n\nEntirely.\n', 40, LOOK)).toBe(false);
    expect(stream.continues(answer, 50, LOOK)).toBe(false);
    expect(stream.lines(answer, 40, LOOK)).toEqual(markdownLines(answer, 40, LOOK));
  });

  test('a new width lays the whole answer out again', () => {
    const stream = new StreamingMarkdown();
    const text = `${'word '.repeat(30)}\n\n${'more '.repeat(30)}\n\nlast\n`;
    stream.lines(text, 80, LOOK);
    expect(stream.lines(text, 30, LOOK)).toEqual(markdownLines(text, 30, LOOK));
  });
});

describe('safeSplit', () => {
  test('cuts before a line that follows a blank line', () => {
    expect(safeSplit('para one\n\npara two\nmore')).toBe(10);
  });

  test('never cuts inside a fence, before a list item or an indented line, or at the last line', () => {
    expect(safeSplit('```\na\n\nb\n')).toBe(0);
    expect(safeSplit('- a\n\n- b\n')).toBe(0);
    expect(safeSplit('- a\n\n  b\n')).toBe(0);
    expect(safeSplit('a\n\nb')).toBe(0);
  });
});
