import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { corpus } from '../../support/corpora';
import { recoverTextCalls } from '../../../src/model/text-calls/recover';
import { TextCallFilter } from '../../../src/model/text-calls/stream-filter';

/** Streams `text` through a filter in pieces; records what was on screen after each piece. */
function stream(text: string, size: number) {
  const filter = new TextCallFilter(new Map());
  const screens: string[] = [];
  let shown = '';
  for (let i = 0; i < text.length; i += size) {
    shown += filter.push(text.slice(i, i + size));
    screens.push(shown);
  }
  const end = filter.finish(true);
  shown += end.text;
  return { shown, screens, recovered: end.recovered, filter };
}

const dir = corpus('text-tool-calls');
const samples = readdirSync(dir).filter((n) => n.endsWith('.txt') && !n.endsWith('.raw.txt'));

describe('recovery while the answer streams', () => {
  for (const name of samples) {
    test(`${name}: the same calls in any chunking, the markup never shown`, () => {
      const text = readFileSync(`${dir}/${name}`, 'utf8');
      const whole = recoverTextCalls(text);
      for (const size of [1, 2, 3, 5, 8, 13, 64]) {
        const run = stream(text, size);
        expect(run.recovered?.calls, `chunks of ${size}`).toEqual(whole?.calls);
        expect(run.shown, `chunks of ${size}`).toBe(whole?.content);
        // Nothing shown is ever taken back, and no screen showed more than the final answer.
        for (const screen of run.screens) expect(whole?.content.startsWith(screen)).toBe(true);
      }
    });
  }

  test('prose before a call streams at once; the call never appears', () => {
    const prose = 'I will look at the tests first.\n\n';
    const call = '<tool_call>\n{"name": "glob", "arguments": {"pattern": "test/**"}}\n</tool_call>';
    const run = stream(prose + call, 3);
    const afterProse = run.screens[Math.ceil(prose.length / 3) + 1];
    expect(afterProse).toBe(prose);
    expect(run.screens.every((screen) => !screen.includes('<'))).toBe(true);
    expect(run.recovered?.calls).toEqual([{ name: 'glob', arguments: '{"pattern":"test/**"}' }]);
  });

  test('a quoted call is shown as soon as prose follows it, before the answer ends', () => {
    const quote =
      'Without the parser you see:\n<tool_call>\n{"name": "bash", "arguments": {"command": "ls"}}\n</tool_call>\n';
    const after = 'in the answer. '.repeat(30);
    const filter = new TextCallFilter(new Map());
    let shown = '';
    for (let i = 0; i < (quote + after).length; i += 4)
      shown += filter.push((quote + after).slice(i, i + 4));
    expect(shown.startsWith(quote)).toBe(true);
    expect(filter.finish(true).recovered).toBeUndefined();
  });

  test('plain prose is never held back more than a word at a line start', () => {
    const text = 'The tests pass.\nThree files changed:\n- a.ts\n- b.ts\nto be reviewed tomorrow.';
    const filter = new TextCallFilter(new Map());
    let shown = '';
    for (let i = 0; i < text.length; i += 1) {
      shown += filter.push(text[i]);
      expect(i + 1 - shown.length).toBeLessThanOrEqual(3);
    }
    expect(shown + filter.finish(true).text).toBe(text);
  });

  test('a code block that is not a call is shown once its first line says so', () => {
    const filter = new TextCallFilter(new Map());
    expect(filter.push('```python\n')).toBe('```python\n');
    expect(filter.push('print(1)\n```')).toBe('print(1)\n```');
  });

  // Not a speed target (bench/ has those): a guard against work that grows with the square
  // of the answer, which would take minutes here instead of well under a second.
  // What holding lines back costs over a long answer is measured in bench/ (stream-call-like).
  test('a long argument and a long answer stream in small chunks: nothing lost', () => {
    const content = 'x'.repeat(400_000);
    const text = `<tool_call>\n{"name": "write_file", "arguments": {"path": "big.txt", "content": "${content}"}}\n</tool_call>`;
    const run = stream(text, 4);
    expect(JSON.parse(run.recovered?.calls[0].arguments ?? '{}').content).toHaveLength(400_000);
    expect(run.shown).toBe('');
    const prose = '## Notes\n\nSome text with `code`, [a link](x) and <b>tags</b>.\n'.repeat(8_000);
    expect(stream(prose, 4).shown).toBe(prose);
  });
});
