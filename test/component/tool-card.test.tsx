import { render } from 'ink-testing-library';
import stringWidth from 'string-width';
import { afterEach, describe, expect, test } from 'vitest';
import { cleanup } from 'ink-testing-library';
import { ToolCard } from '../../components/ToolCard';
import type { ToolCard as Card } from '../../src/store/types';
import { formatOutcome } from '../../src/tools/bash';
import { CANCELLED_TEXT } from '../../src/protocol/cancel-text';
import { ASCII_LOOK, COLOR_LOOK, UNICODE_LOOK, strip, waitFor } from './helpers';
import { lookOf } from '../../src/tools/registry';

afterEach(cleanup);

interface View {
  look: typeof UNICODE_LOOK;
  expanded: boolean;
  latest: boolean;
  animate: boolean;
  seconds: number;
}

const view: View = { look: UNICODE_LOOK, expanded: false, latest: true, animate: true, seconds: 0 };

/** A start time this many seconds ago. */
const ago = (seconds: number) => Date.now() - seconds * 1000 - 100;
const SPINNER = /^[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]$/;

function card(partial: Partial<Card>): Card {
  const name = partial.name ?? 'bash';
  const base = { id: 'c1', name, look: lookOf(name), summary: 'npm test', output: '' };
  return { ...base, status: 'ok', ...partial };
}

function frame(c: Card, width = 80, extra: Partial<View> = {}): string[] {
  const { lastFrame } = render(
    <ToolCard card={c} width={width} gap={false} {...view} {...extra} />,
  );
  return strip(lastFrame()).split('\n');
}

describe('status glyphs', () => {
  test('pending shows the hollow circle and no time', () => {
    const [header] = frame(card({ status: 'pending', summary: '' }));
    expect(header).toBe('○ bash');
  });

  test('running shows ink-spinner turning, and the seconds so far', async () => {
    const c = card({ status: 'running', startedAt: ago(3) });
    const { lastFrame } = render(<ToolCard card={c} width={80} gap={false} {...view} />);
    const first = strip(lastFrame()).split('\n')[0];
    expect(first.slice(1)).toBe(' bash  npm test  3s');
    expect(first[0]).toMatch(SPINNER);
    const spinner = () => strip(lastFrame())[0];
    await waitFor(() => spinner() !== first[0], 1000, 'the spinner to turn');
    expect(spinner()).not.toBe(first[0]);
  });

  test('running without animation (idle, or asking) shows no spinner', () => {
    const [header] = frame(card({ status: 'running', startedAt: ago(3) }), 80, { animate: false });
    expect(header.startsWith('○ bash')).toBe(true);
  });

  test('done, failed, denied and cancelled each have their glyph and the duration', () => {
    expect(frame(card({ status: 'ok', durationMs: 1234 }))[0]).toBe('✓ bash  npm test  1.2s');
    expect(frame(card({ status: 'error', durationMs: 80, output: 'Error: boom' }))[0]).toBe(
      '✗ bash  npm test  80ms',
    );
    expect(frame(card({ status: 'denied', durationMs: 0 }))[0]).toBe('⊘ bash  npm test  0ms');
    expect(frame(card({ status: 'cancelled', durationMs: 15_000 }))[0]).toBe(
      '⊖ bash  npm test  15s',
    );
  });

  test('asking says it waits for approval', () => {
    const rows = frame(card({ status: 'asking', summary: 'rm -rf build' }));
    expect(rows[0]).toBe('? bash  rm -rf build');
    expect(rows[1]).toBe('  waiting for your approval');
  });

  test('ASCII fallback glyphs when the terminal is not UTF-8', () => {
    const ascii = { look: ASCII_LOOK };
    expect(frame(card({ status: 'ok', durationMs: 5 }), 80, ascii)[0]).toBe(
      '+ bash  npm test  5ms',
    );
    expect(frame(card({ status: 'error', durationMs: 5 }), 80, ascii)[0].startsWith('x bash')).toBe(
      true,
    );
    expect(frame(card({ status: 'running', startedAt: ago(0) }), 80, ascii)[0]).toBe(
      '- bash  npm test  0s',
    );
  });
});

describe('output', () => {
  const log = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`).join('\n');

  test('bash output is live while running and keeps the last lines', () => {
    const rows = frame(card({ status: 'running', startedAt: ago(1), output: log }));
    expect(rows).toEqual([
      '⠋ bash  npm test  1s',
      '  … 15 earlier lines (ctrl+o to expand)',
      '  line 16',
      '  line 17',
      '  line 18',
      '  line 19',
      '  line 20',
    ]);
  });

  test('a running task tool shows what it waits for (its live output)', () => {
    const waiting =
      'waiting for the task list lock, held by tick process 4242 (taken over if not released within 10 s)\n';
    const rows = frame(
      card({
        name: 'task_update',
        summary: '#1 -> completed',
        status: 'running',
        startedAt: ago(1),
        output: waiting,
      }),
      100,
    );
    expect(rows).toEqual([
      '⠋ task_update  #1 -> completed  1s',
      '  waiting for the task list lock, held by tick process 4242 (taken over if not released within 10 s)',
    ]);
  });

  test('Ctrl+O (expanded) shows every line', () => {
    const rows = frame(card({ output: log, durationMs: 10 }), 80, { expanded: true });
    expect(rows).toHaveLength(21);
    expect(rows[1]).toBe('  line 1');
  });

  test('the hint to expand only shows on the latest card', () => {
    const rows = frame(card({ output: log, durationMs: 10 }), 80, { latest: false });
    expect(rows[1]).toBe('  … 15 earlier lines');
  });

  test('a failing command shows its exit code', () => {
    const rows = frame(card({ output: 'FAIL one', display: { exitCode: 1 }, durationMs: 10 }));
    expect(rows.slice(1)).toEqual(['  FAIL one', '  exit code 1']);
  });

  test('edit_file shows the diff in colour, headers dropped, clamped with a count', () => {
    const diff = [
      '--- a/x.js',
      '+++ b/x.js',
      '@@ -1,3 +1,3 @@',
      ' keep',
      '-old line',
      '+new line',
    ].join('\n');
    const c = card({ name: 'edit_file', summary: 'src/x.js', display: { diff }, durationMs: 3 });
    const { lastFrame } = render(
      <ToolCard card={c} width={80} gap={false} {...view} look={COLOR_LOOK} />,
    );
    const raw = lastFrame() ?? '';
    expect(raw).toContain('\x1b[31m-old line');
    expect(raw).toContain('\x1b[32m+new line');
    expect(strip(raw).split('\n')).toEqual([
      '✓ edit_file  src/x.js  3ms',
      '  @@ -1,3 +1,3 @@',
      '   keep',
      '  -old line',
      '  +new line',
    ]);
    const long = ['@@ -1 +1 @@', ...Array.from({ length: 12 }, (_, i) => `+added ${i}`)].join('\n');
    const clamped = frame(
      card({ name: 'write_file', summary: 'a.txt', display: { diff: long }, durationMs: 3 }),
    );
    expect(clamped).toHaveLength(7);
    expect(clamped[6]).toBe('  … 8 more lines (ctrl+o to expand)');
  });

  test('read_file shows a line count, glob the matches', () => {
    expect(
      frame(
        card({
          name: 'read_file',
          summary: 'src/a.ts',
          display: { lines: 42 },
          output: 'x',
          durationMs: 1,
        }),
      )[1],
    ).toBe('  Read 42 lines');
    const glob = frame(
      card({
        name: 'glob',
        summary: '**/*.ts',
        display: { matches: 2 },
        output: 'a.ts\nb.ts',
        durationMs: 1,
      }),
    );
    expect(glob.slice(1)).toEqual(['  2 matches', '  a.ts', '  b.ts']);
  });

  test('a denied call says who denied it and the note', () => {
    const rows = frame(
      card({ status: 'denied', decidedBy: 'user', note: 'use trash instead', durationMs: 0 }),
    );
    expect(rows[1]).toBe('  Denied (user): use trash instead');
  });

  test('a cancelled command keeps what it printed and says cancelled', () => {
    const rows = frame(
      card({ status: 'cancelled', output: 'counting 1\ncounting 2', durationMs: 2000 }),
    );
    expect(rows.slice(1)).toEqual(['  counting 1', '  counting 2', '  Cancelled']);
  });

  test('a command cancelled with nothing printed takes one line under its header', () => {
    // The results the model gets: stopped while running, or never started.
    const aborted = formatOutcome(
      { output: '', outputChars: 0, aborted: true, timedOut: false },
      120_000,
    );
    expect(aborted.output).toBe('Error: command aborted by the user\n(no output)');
    for (const output of [aborted.output, CANCELLED_TEXT]) {
      const rows = frame(card({ status: 'cancelled', output, durationMs: 2000 }));
      expect(rows).toEqual(['⊖ bash  npm test  2.0s', '  Cancelled']);
    }
    const printed = formatOutcome(
      { output: 'started\n', outputChars: 8, aborted: true, timedOut: false },
      1000,
    );
    const rows = frame(card({ status: 'cancelled', output: printed.output, durationMs: 2000 }));
    expect(rows.slice(1)).toEqual(['  started', '  Cancelled']);
  });

  test('escape sequences in output are removed', () => {
    const rows = frame(
      card({
        output: '\x1b[31mred\x1b[0m\x1b[2Jplain\nprogress 10%\rprogress 100%',
        durationMs: 1,
      }),
    );
    expect(rows.slice(1)).toEqual(['  redplain', '  progress 100%']);
  });
});

describe('width', () => {
  test('at 40 columns a long command is cut to one header row with an ellipsis', () => {
    const rows = frame(
      card({
        summary: 'npm run build -- --watch --verbose --config ./configs/production.json',
        durationMs: 1200,
      }),
      40,
    );
    expect(rows[0]).toBe('✓ bash  npm run build -- --watch …  1.2s');
    expect(stringWidth(rows[0])).toBe(40);
  });

  test('wide characters in output wrap without exceeding the width', () => {
    const output = '测试'.repeat(30) + ' 🎉🎉🎉';
    for (const width of [40, 100]) {
      const rows = frame(card({ output, durationMs: 1 }), width, { expanded: true });
      for (const row of rows) expect(stringWidth(row)).toBeLessThanOrEqual(width);
      expect(rows.slice(1).join('').replace(/\s/g, '')).toBe(output.replace(/\s/g, ''));
    }
  });
});

describe('sandbox', () => {
  test('a call that ran in the sandbox says so in its header', () => {
    const [header] = frame(
      card({ status: 'ok', summary: 'pandoc -o out.html README.md', display: { confined: true } }),
    );
    expect(header).toMatch(/pandoc -o out\.html README\.md {2}sandboxed/);
    const [running] = frame(card({ status: 'running', startedAt: ago(2), confined: true }));
    expect(running).toContain('sandboxed');
    const [plain] = frame(card({ status: 'ok' }));
    expect(plain).not.toContain('sandboxed');
  });
});
