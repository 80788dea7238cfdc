import { cleanup, render } from 'ink-testing-library';
import stringWidth from 'string-width';
import { afterEach, expect, test } from 'vitest';
import { PromptInput } from '../../components/PromptInput';
import type { InputState } from '../../src/store/types';
import { COLOR_LOOK, UNICODE_LOOK, strip, stylesBefore } from './helpers';

afterEach(cleanup);

function rows(input: InputState, width = 40, maxRows = 5): string[] {
  const { lastFrame } = render(
    <PromptInput
      input={input}
      width={width}
      look={UNICODE_LOOK}
      placeholder="Type a task"
      maxRows={maxRows}
      focused
    />,
  );
  return strip(lastFrame())
    .split('\n')
    .map((row) => row.trimEnd());
}

test('empty input shows the placeholder', () => {
  expect(rows({ text: '', cursor: 0 })).toEqual(['›  Type a task']);
});

test('multi-line text keeps its lines under the prompt mark', () => {
  expect(rows({ text: 'first line\nsecond line', cursor: 3 })).toEqual([
    '› first line',
    '  second line',
  ]);
});

test('the cursor is drawn as an inverse cell at its position', () => {
  const { lastFrame } = render(
    <PromptInput
      input={{ text: 'abc', cursor: 1 }}
      width={40}
      look={COLOR_LOOK}
      placeholder=""
      maxRows={3}
      focused
    />,
  );
  expect(stylesBefore(lastFrame(), 'b')).toContain(7);
  expect(stylesBefore(lastFrame(), 'c')).not.toContain(7);
});

test('long input wraps within the width and scrolls to keep the cursor row', () => {
  const text = Array.from({ length: 12 }, (_, i) => `line ${i + 1}`).join('\n');
  const atEnd = rows({ text, cursor: text.length }, 40, 4);
  expect(atEnd).toEqual(['  line 9', '  line 10', '  line 11', '  line 12']);
  const atStart = rows({ text, cursor: 0 }, 40, 4);
  expect(atStart[0]).toBe('› line 1');
});

test('CJK and emoji wrap at their display width', () => {
  const text = '你好世界'.repeat(6) + '👍';
  const shown = rows({ text, cursor: text.length }, 20, 10);
  for (const row of shown) expect(stringWidth(row)).toBeLessThanOrEqual(20);
  expect(shown.join('').replace(/[› ]/g, '')).toBe(text);
});
