import { describe, expect, it } from 'vitest';
import {
  deleteWordAfter,
  deleteWordBefore,
  deleteWordBackward,
  moveWordLeft,
  moveWordRight,
} from '../../src/store/input-editor';

const at = (text: string, cursor = text.length) => ({ text, cursor });

describe('word moves and deletes in the input', () => {
  it('moves left to the start of this word, then of the one before, across punctuation', () => {
    const text = 'git commit -m "fix it"';
    let state = at(text);
    const stops: number[] = [];
    for (let i = 0; i < 6; i++) stops.push((state = moveWordLeft(state)).cursor);
    expect(stops.map((stop) => text.slice(stop, stop + 3))).toEqual([
      'it"',
      'fix',
      'm "',
      'com',
      'git',
      'git',
    ]);
  });

  it('moves right to the end of this word, then of the next one', () => {
    const text = 'foo.bar  baz\nnext';
    let state = at(text, 0);
    const stops: number[] = [];
    for (let i = 0; i < 5; i++) stops.push((state = moveWordRight(state)).cursor);
    expect(stops).toEqual([3, 7, 12, 17, 17]);
  });

  it('counts letters of any script and accents as word characters', () => {
    expect(moveWordLeft(at('say 你好世界')).cursor).toBe(4);
    expect(moveWordLeft(at('café crème')).cursor).toBe(5);
    expect(moveWordRight(at('naïve one', 0)).cursor).toBe(5);
  });

  it('Alt+Backspace deletes back to the word start, Alt+D forward to the word end', () => {
    expect(deleteWordBefore(at('rm -rf build/out'))).toEqual({ text: 'rm -rf build/', cursor: 13 });
    expect(deleteWordBefore(at('one two  '))).toEqual({ text: 'one ', cursor: 4 });
    expect(deleteWordAfter(at('one two three', 3))).toEqual({ text: 'one three', cursor: 3 });
    expect(deleteWordBefore(at('', 0))).toEqual({ text: '', cursor: 0 });
  });

  it('Ctrl+W still deletes back to the last space', () => {
    expect(deleteWordBackward(at('rm -rf build/out'))).toEqual({ text: 'rm -rf ', cursor: 7 });
  });
});
