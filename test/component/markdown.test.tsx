import { cleanup, render } from 'ink-testing-library';
import stringWidth from 'string-width';
import { afterEach, expect, test } from 'vitest';
import { Markdown } from '../../components/Markdown';
import { COLOR_LOOK, UNICODE_LOOK, strip, stylesBefore } from './helpers';

afterEach(cleanup);

/** The answer's rows, without the blank row that separates it from what is above. */
function rows(text: string, width = 60): string[] {
  const { lastFrame } = render(<Markdown source={{ text }} width={width} look={UNICODE_LOOK} />);
  const [blank, ...rest] = strip(lastFrame()).split('\n');
  expect(blank).toBe('');
  return rest;
}

test('headings, lists, bold and inline code', () => {
  const text =
    '# Plan\n\nWe **fix** `total()` first.\n\n- read\n- fix\n  - nested\n\n1. one\n2. two';
  expect(rows(text)).toEqual([
    'Plan',
    '',
    'We fix total() first.',
    '',
    '• read',
    '• fix',
    '  • nested',
    '',
    '1. one',
    '2. two',
  ]);
  const { lastFrame } = render(<Markdown source={{ text }} width={60} look={COLOR_LOOK} />);
  const raw = lastFrame() ?? '';
  expect(stylesBefore(raw, 'Plan')).toEqual(expect.arrayContaining([1, 35]));
  expect(stylesBefore(raw, 'fix')).toEqual([1]);
  expect(stylesBefore(raw, 'total()')).toEqual([36]);
});

test('fenced code keeps its lines and is coloured by language', () => {
  const text = '```ts\nconst total = 1;\nreturn total;\n```';
  expect(rows(text)).toEqual(['  ts', '  const total = 1;', '  return total;']);
  const { lastFrame } = render(<Markdown source={{ text }} width={60} look={COLOR_LOOK} />);
  expect(stylesBefore(lastFrame(), 'const')).toEqual([35]);
  expect(stylesBefore(lastFrame(), 'return')).toEqual([35]);
});

test('an unclosed fence while streaming still renders as code', () => {
  expect(rows('Here:\n\n```js\nlet a = 1')).toEqual(['Here:', '', '  js', '  let a = 1']);
});

test('paragraphs wrap at the width and list items hang under their text', () => {
  const shown = rows('- ' + 'word '.repeat(20), 30);
  for (const row of shown) expect(stringWidth(row)).toBeLessThanOrEqual(30);
  expect(shown[1].startsWith('  word')).toBe(true);
});

test('tables align their columns', () => {
  expect(rows('| a | bb |\n|---|---|\n| 1 | 2 |')).toEqual(['a │ bb', '──────', '1 │ 2']);
});

test('CJK text wraps by display width', () => {
  const shown = rows('这是一个很长的中文段落，用来测试换行是否按照显示宽度来计算。', 20);
  for (const row of shown) expect(stringWidth(row)).toBeLessThanOrEqual(20);
  expect(shown.length).toBeGreaterThan(2);
});

test('a code block laid out again (narrower, then as before) shows the same colours', () => {
  const text = '```ts\nexport const total = (a: number) => a + 1; // sum of every line item\n```';
  const frame = (width: number) =>
    render(<Markdown source={{ text }} width={width} look={COLOR_LOOK} />).lastFrame() ?? '';
  const first = frame(70);
  expect(strip(frame(24)).split('\n').length).toBeGreaterThan(2);
  expect(frame(70)).toBe(first);
  expect(first).toContain('\x1b[');
});
