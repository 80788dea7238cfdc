import { afterEach, describe, expect, test } from 'vitest';
import { SessionPicker } from '../../components/SessionPicker';
import type { SessionSummary } from '../../src/session/list';
import { ASCII_LOOK, UNICODE_LOOK, renderAt, waitFor, type Rendered } from './helpers';

const UP = '\x1b[A';
const DOWN = '\x1b[B';

function summary(partial: Partial<SessionSummary> & { id: string }): SessionSummary {
  return {
    file: `/home/.tick/projects/w/${partial.id}.jsonl`,
    startedAt: new Date(2025, 0, 31, 14, 5).toISOString(),
    lastActivity: new Date(2025, 0, 31, 14, 20).getTime(),
    model: 'm',
    firstPrompt: '',
    prompts: 1,
    todos: { done: 0, total: 0 },
    ...partial,
  };
}

const newest = summary({
  id: 'aaaaaaaa-1111',
  firstPrompt: 'fix the login bug',
  prompts: 3,
  todos: { done: 2, total: 3 },
});
const busy = summary({ id: 'bbbbbbbb-2222', firstPrompt: 'refactor the api', inUseBy: 4242 });
const older = summary({
  id: 'cccccccc-3333',
  firstPrompt: 'add tests\nfor the cart',
  startedAt: new Date(2025, 0, 30, 9, 0).toISOString(),
  lastActivity: new Date(2025, 0, 31, 8, 15).getTime(),
  todos: { done: 1, total: 4 },
});
const broken = summary({ id: 'dddddddd-4444', error: 'line 3 is not valid JSON' });

let rendered: Rendered | undefined;
afterEach(() => {
  rendered?.instance.unmount();
  rendered = undefined;
});

function show(sessions: SessionSummary[], size = { columns: 90, rows: 20 }, look = UNICODE_LOOK) {
  const picked: (string | undefined)[] = [];
  rendered = renderAt(
    <SessionPicker sessions={sessions} look={look} onDone={(id) => picked.push(id)} />,
    size,
  );
  const text = () => rendered!.lines().join('\n');
  return { app: rendered, picked, text };
}

/** The picker's first frame is out (its footer always ends with Esc cancel). */
const drawn = (text: () => string) =>
  waitFor(() => text().includes('Esc cancel'), 3000, 'the picker');

describe('the resume picker', () => {
  test('lists the sessions in the given order with first prompt, times and todo progress', async () => {
    const { app, text } = show([newest, busy, older, broken]);
    await drawn(text);
    const lines = app.lines().map((line) => line.trimEnd());
    expect(lines[0]).toBe('Resume a session · 4 in this workspace, newest first');
    expect(lines.slice(2, 10)).toEqual([
      '› fix the login bug',
      '    2025-01-31 14:05 → 14:20 · todos 2/3 · 3 prompts · aaaaaaaa',
      '  refactor the api',
      '    in use by another tick process (pid 4242); cannot resume it here',
      '  add tests for the cart',
      '    2025-01-30 09:00 → 2025-01-31 08:15 · todos 1/4 · 1 prompt · cccccccc',
      '  (no prompt yet)',
      '    cannot be resumed: line 3 is not valid JSON',
    ]);
    expect(lines.at(-1)).toBe('↑/↓ choose · Enter resume · Esc cancel');
  });

  test('Down skips a session another tick holds; Enter resumes the chosen one', async () => {
    const { app, picked, text } = show([newest, busy, older, broken]);
    await drawn(text);
    await app.press(DOWN);
    expect(text()).toContain('› add tests for the cart');
    // Nothing selectable below: the selection stays.
    await app.pressNoChange(DOWN);
    expect(text()).toContain('› add tests for the cart');
    await app.press(UP);
    expect(text()).toContain('› fix the login bug');
    await app.press(DOWN);
    await app.press('\r');
    expect(picked).toEqual(['cccccccc-3333']);
    // One answer only.
    await app.pressNoChange('\r');
    expect(picked).toEqual(['cccccccc-3333']);
  });

  for (const [name, key] of [
    ['Esc', '\x1b'],
    ['Ctrl+C', '\x03'],
  ] as const) {
    test(`${name} cancels`, async () => {
      const { app, picked, text } = show([newest, older]);
      await drawn(text);
      await app.press(key);
      expect(picked).toEqual([undefined]);
    });
  }

  test('when no session can be resumed, Enter does nothing and the picker says why', async () => {
    const { app, picked, text } = show([busy, broken], undefined, ASCII_LOOK);
    await drawn(text);
    expect(text()).not.toContain('>');
    expect(text()).toContain('None of these can be resumed | Esc cancel');
    await app.pressNoChange(DOWN);
    await app.pressNoChange('\r');
    expect(picked).toEqual([]);
    await app.press('\x1b');
    expect(picked).toEqual([undefined]);
  });

  test('many sessions scroll to keep the selection in view, within the terminal', async () => {
    const many = Array.from({ length: 30 }, (_, i) =>
      summary({ id: `s${String(i).padStart(7, '0')}-x`, firstPrompt: `task number ${i}` }),
    );
    const { app, text } = show(many, { columns: 60, rows: 12 });
    await drawn(text);
    expect(app.lines().length).toBeLessThanOrEqual(11);
    expect(text()).toContain('› task number 0');
    expect(text()).toContain('more: ↑/↓ to scroll');
    for (let i = 0; i < 20; i++) await app.press(DOWN);
    expect(text()).toContain('› task number 20');
    expect(app.lines().some((line) => /task number 0$/.test(line.trimEnd()))).toBe(false);
    expect(app.lines().length).toBeLessThanOrEqual(11);
    for (const line of app.lines()) expect(line.length).toBeLessThanOrEqual(60);
  });
});
