import { cleanup, render } from 'ink-testing-library';
import stringWidth from 'string-width';
import { afterEach, expect, test } from 'vitest';
import { StatusLine } from '../../components/StatusLine';
import type { StatusView } from '../../components/lines/status-line';
import { UNICODE_LOOK, strip } from './helpers';

afterEach(cleanup);

const view: StatusView = {
  model: 'qwen2.5-coder:32b',
  demo: false,
  mode: 'default',
  usage: { inputTokens: 12_345, outputTokens: 678 },
  busy: false,
  elapsedMs: 0,
  tick: 0,
  notice: null,
  queued: 0,
  scrolled: false,
  approval: false,
  look: UNICODE_LOOK,
};

function line(extra: Partial<StatusView>, width: number): string {
  const { lastFrame } = render(<StatusLine {...view} {...extra} width={width} />);
  return strip(lastFrame());
}

test('wide: model, mode, tokens and key hints', () => {
  expect(line({}, 120)).toBe(
    'qwen2.5-coder:32b · default · ↑12k ↓678 · shift+tab mode · ctrl+t todos · ctrl+c twice quit',
  );
});

test('busy: the turn time and the interrupt hint', () => {
  expect(line({ busy: true, elapsedMs: 12_400, tick: 1 }, 120)).toBe(
    'qwen2.5-coder:32b · default · ⠙ working 12s · ↑12k ↓678 · esc interrupt · ctrl+t todos · ctrl+c twice quit',
  );
});

test('narrow: the model and the mode stay, the rest gives way', () => {
  const shown = line({ busy: true, elapsedMs: 3000, mode: 'acceptEdits' }, 40);
  expect(shown.startsWith('qwen2.5-coder:32b · acceptEdits')).toBe(true);
  expect(stringWidth(shown)).toBeLessThanOrEqual(40);
});

test('the demo says "demo model"', () => {
  expect(line({ demo: true, model: 'demo' }, 80).startsWith('demo model · default')).toBe(true);
});

test('a notice comes right after the model', () => {
  expect(line({ notice: 'Press Ctrl+C again to exit' }, 50)).toBe(
    'qwen2.5-coder:32b · Press Ctrl+C again to exit',
  );
});

test('a very long model name is cut, never wrapped', () => {
  const shown = line({ model: 'x'.repeat(80) }, 40);
  expect(shown).toHaveLength(40);
  expect(shown.endsWith('…')).toBe(true);
});

test('how full the context is: ctx N% of a known window, the token count while it is unknown', () => {
  expect(line({ context: { tokens: 9_920, window: 16_000 } }, 120)).toBe(
    'qwen2.5-coder:32b · default · ↑12k ↓678 · ctx 62% · shift+tab mode · ctrl+t todos · ctrl+c twice quit',
  );
  expect(line({ context: { tokens: 12_400 } }, 120)).toContain('· ↑12k ↓678 · ctx 12k ·');
  expect(line({ context: null }, 120)).not.toContain('ctx');
});
