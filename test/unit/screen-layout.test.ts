import stringWidth from 'string-width';
import { describe, expect, test } from 'vitest';
import { Layout, type ScreenLayout } from '../../components/screen-layout';
import { plain } from '../../components/lines/spans';
import { setText } from '../../src/store/input-editor';
import { commit } from '../../src/store/reducer';
import { initialState } from '../../src/store/store';
import type { AppState, PendingApproval, RewindView } from '../../src/store/types';
import type { RewindChoice } from '../../src/protocol/checkpoints';
import { OPENING_REWIND, selectedBy, withChoices, withPreview } from '../../src/store/rewind-view';
import { pagedBy } from '../../src/store/view-state';
import { lookOf } from '../../src/tools/registry';
import type { Task } from '../../src/protocol/tasks';
import type { Todo } from '../../src/protocol/todos';

const LOOK = { color: false, unicode: true };
const base = initialState({ model: 'm', mode: 'default', demo: false, cwd: '/w' });

const todos: Todo[] = ['Read', 'Fix', 'Test', 'Ship'].map((content, i) => ({
  content,
  activeForm: `${content}ing`,
  status: i === 0 ? 'completed' : i === 1 ? 'in_progress' : 'pending',
}));

const tasks: Task[] = [1, 2, 3].map((n) => ({
  id: String(n),
  subject: `Task ${n}`,
  description: '',
  status: n === 1 ? 'in_progress' : 'pending',
  owner: 'main',
  blockedBy: n === 3 ? ['1'] : [],
  createdAt: 0,
  updatedAt: 0,
}));

/** A transcript of `count` one-line notes. */
function withNotes(state: AppState, count: number): AppState {
  let next = state;
  for (let i = 0; i < count; i++)
    next = commit(next, { kind: 'info', text: `note ${i}`, tone: 'info' });
  return next;
}

/** An edit's diff of 60 rows (a hunk header, 30 lines out, 30 in). */
const longDiff = [
  '@@ -1,30 +1,30 @@',
  ...Array.from({ length: 30 }, (_, i) => `-line ${i}`),
  ...Array.from({ length: 30 }, (_, i) => `+LINE ${i}`),
].join('\n');

function asking(extra: Partial<PendingApproval> = {}, diff?: string): PendingApproval {
  return {
    request: {
      callId: 'c1',
      toolName: diff ? 'edit_file' : 'bash',
      look: lookOf(diff ? 'edit_file' : 'bash'),
      subject: diff ? 'src/a.ts' : 'rm -rf build',
      reason: diff ? 'edits a file' : 'deletes files (rm)',
      ...(diff ? { preview: { diff } } : {}),
    },
    noteMode: false,
    note: '',
    previewTop: 0,
    guarded: false,
    ...extra,
  };
}

const choice = (id: number, label: string, head: boolean, files = 2): RewindChoice => ({
  point: { id, t: 0, session: 's', kind: 'call' },
  label,
  head,
  files: Array.from({ length: files }, (_, i) => ({ path: `f${i}.txt`, change: 'restore' })),
});
const CHOICES = [
  choice(9, 'before #3 Write the tests', true),
  choice(8, 'before bash npm test', false, 1),
  choice(7, 'before #2 Write the parser', true, 4),
  choice(5, 'before #1 Read the spec', true, 5),
];

/** The picker open on `CHOICES`, the first selected, its diff `longDiff` read. */
function picking(): RewindView {
  const listed = withChoices(OPENING_REWIND, CHOICES);
  return withPreview(listed, 'point:9', {
    label: CHOICES[0]!.label,
    files: CHOICES[0]!.files,
    diff: `--- f0.txt\n+++ f0.txt\n${longDiff}`,
  });
}

/** The frame's rows as the regions share them out, top to bottom. */
function rowsUsed({ regions }: ScreenLayout): number {
  const panel = regions.frame.wide ? 0 : regions.panel.rows;
  return regions.transcript.height + panel + (regions.queued ? 1 : 0) + 1 + regions.bottom.rows + 1;
}

describe('the regions', () => {
  const states: [string, AppState][] = [
    ['an empty session', base],
    ['a long transcript', withNotes(base, 80)],
    ['a todo list', { ...base, todos }],
    ['a task list', { ...base, taskListId: 'l1', tasks }],
    ['a queue', { ...base, status: 'busy', queue: ['next'] }],
    ['a tall input', { ...base, input: setText('line\n'.repeat(30)) }],
    ['a question', { ...base, pendingApproval: asking() }],
    ['a question with a long preview', { ...base, todos, pendingApproval: asking({}, longDiff) }],
    [
      'a question with a long preview while prompts are queued',
      { ...base, status: 'busy', queue: ['next'], pendingApproval: asking({}, longDiff) },
    ],
    ['the rewind picker, reading', { ...base, todos, rewind: OPENING_REWIND }],
    ['the rewind picker with a long diff', { ...withNotes(base, 30), todos, rewind: picking() }],
    [
      'a note typed',
      { ...base, pendingApproval: asking({ noteMode: true, note: 'no '.repeat(80) }) },
    ],
  ];
  for (const [name, state] of states)
    test(`${name}: every size uses exactly rows - 1 rows`, () => {
      const layout = new Layout(LOOK);
      for (const columns of [30, 60, 99, 100, 160])
        for (let rows = 5; rows <= 50; rows++) {
          const screen = layout.screen(state, { columns, rows });
          expect(rowsUsed(screen), `${columns}x${rows}`).toBe(rows - 1);
          expect(screen.regions.transcript.height, `${columns}x${rows}`).toBeGreaterThanOrEqual(0);
          expect(
            screen.transcript.slices.reduce((n, s) => n + s.to - s.from, 0),
          ).toBeLessThanOrEqual(screen.regions.transcript.height);
        }
    });

  test('the plan panel goes beside the transcript from 100 columns, above the input below that', () => {
    const layout = new Layout(LOOK);
    const state = { ...base, todos };
    const narrow = layout.screen(state, { columns: 99, rows: 30 }).regions;
    expect(narrow.frame.wide).toBe(false);
    expect(narrow.panel).toMatchObject({ tasks: false, width: 99, rows: 5 });
    expect(narrow.transcript.width).toBe(99);
    const wide = layout.screen(state, { columns: 100, rows: 30 }).regions;
    expect(wide.frame.wide).toBe(true);
    expect(wide.transcript.width + 1 + wide.panel.width).toBe(100);
    expect(
      layout.screen({ ...base, taskListId: 'l1', tasks }, { columns: 80, rows: 30 }).regions.panel
        .tasks,
    ).toBe(true);
  });
});

describe('the caret', () => {
  test('is where the typed text ends, on the input row above the status line', () => {
    const layout = new Layout(LOOK, { terminalCursor: true });
    const screen = layout.screen(
      { ...base, input: setText('hello 你好') },
      { columns: 60, rows: 20 },
    );
    // rows - 1 = 19 frame rows: the input is row 17, the status line row 18.
    expect(screen.caret).toEqual({ row: 17, column: stringWidth('› hello 你好') });
    expect(plain(screen.bottom.lines[0])).toBe('› hello 你好');
  });

  test('a text taller than the input keeps the caret row in view', () => {
    const layout = new Layout(LOOK);
    const text = Array.from({ length: 20 }, (_, i) => `line ${i}`).join('\n');
    const state = { ...base, input: { text, cursor: 3 } };
    const screen = layout.screen(state, { columns: 60, rows: 20 });
    const caret = screen.caret!;
    const row = screen.bottom.lines[caret.row - (19 - 1 - screen.bottom.lines.length)];
    expect(plain(row)).toContain('line 0');
    expect(caret.column).toBe(2 + 3);
  });

  for (const terminalCursor of [true, false])
    test(`at the end of a later line it is on that line, and a long text shows its end (${terminalCursor ? "the terminal's cursor" : 'a drawn caret'})`, () => {
      const layout = new Layout(LOOK, { terminalCursor });
      const size = { columns: 60, rows: 20 };
      const two = layout.screen({ ...base, input: setText('first line\nsecond') }, size);
      const top = 19 - 1 - two.bottom.lines.length;
      expect(two.caret).toEqual({ row: top + 1, column: 2 + 'second'.length });

      const pasted = Array.from({ length: 61 }, (_, i) => `pasted line ${i + 1}`).join('\n');
      const tall = layout.screen({ ...base, input: setText(pasted) }, size);
      const shown = tall.bottom.lines.map(plain);
      expect(shown[0]).toMatch(/↑ \d+ lines above/);
      expect(shown.at(-1)?.trimEnd()).toBe('  pasted line 61');
      const first = 19 - 1 - shown.length;
      expect(tall.caret).toEqual({
        row: first + shown.length - 1,
        column: 2 + 'pasted line 61'.length,
      });
    });

  test('none while a question waits for a key; on the note line in note mode', () => {
    const layout = new Layout(LOOK);
    const size = { columns: 60, rows: 20 };
    expect(layout.screen({ ...base, pendingApproval: asking() }, size).caret).toBeNull();
    const note = layout.screen(
      { ...base, pendingApproval: asking({ noteMode: true, note: 'use trash' }) },
      size,
    );
    const first = 19 - 1 - note.bottom.lines.length;
    const noteRow = note.bottom.lines.findIndex((line) => plain(line).includes('use trash'));
    expect(note.caret).toEqual({
      row: first + noteRow,
      // After the note, where the caret's cell is drawn (a space at the end of the text).
      column: stringWidth(plain(note.bottom.lines[noteRow]).trimEnd()),
    });
  });
});

describe('the transcript window', () => {
  const size = { columns: 60, rows: 20 };

  test('following: the last rows, the newest at the bottom', () => {
    const layout = new Layout(LOOK);
    const state = withNotes(base, 50);
    const { transcript, regions } = layout.screen(state, size);
    expect(transcript.height).toBe(regions.transcript.height);
    expect(transcript.note).toBeNull();
    const last = transcript.slices[transcript.slices.length - 1].block;
    expect(last.kind === 'entry' && last.item.kind === 'info' && last.item.text).toBe('note 49');
    expect(transcript.top).toBe(transcript.totalRows - transcript.height);
  });

  test('scrolled up: from scrollTop, one row says what is below', () => {
    const layout = new Layout(LOOK);
    const state = { ...withNotes(base, 50), scrollTop: 10 };
    const { transcript } = layout.screen(state, size);
    expect(transcript.top).toBe(10);
    const shown = transcript.slices.reduce((n, s) => n + s.to - s.from, 0);
    expect(shown).toBe(transcript.height - 1);
    const below = transcript.totalRows - (10 + shown);
    expect(plain(transcript.note!)).toBe(`↓ ${below} more rows below · PgDn / End to follow`);
  });

  test('PgUp moves a page less one row; PgDn at the bottom follows again', () => {
    const layout = new Layout(LOOK);
    const state = withNotes(base, 50);
    const screen = layout.screen(state, size);
    const up = { ...state, ...pagedBy(state, -1, screen) };
    const bottom = screen.transcript.totalRows - screen.transcript.height;
    expect(up.scrollTop).toBe(bottom - (screen.transcript.height - 1));
    const upScreen = layout.screen(up, size);
    expect(upScreen.transcript.top).toBe(up.scrollTop);
    expect(pagedBy(up, 1, upScreen)).toEqual({ scrollTop: null });
  });
});

describe("the approval's preview window", () => {
  const size = { columns: 80, rows: 24 };

  test('a preview that does not fit is paged by PgDn/PgUp, the transcript stays', () => {
    const layout = new Layout(LOOK);
    const state = { ...withNotes(base, 50), pendingApproval: asking({}, longDiff) };
    const screen = layout.screen(state, size);
    const preview = screen.preview!;
    expect(preview.top).toBe(0);
    expect(preview.maxTop).toBeGreaterThan(0);
    const down = { ...state, ...pagedBy(state, 1, screen) };
    expect(down.scrollTop).toBeNull();
    expect(down.pendingApproval!.previewTop).toBe(preview.page);
    const after = layout.screen(down, size);
    expect(after.preview!.top).toBe(preview.page);
    expect(after.bottom.lines.map(plain)).toContain(
      `  ↑ ${preview.page} lines above · PgUp/PgDn to scroll`,
    );
    // Paging past the end stops at the end.
    let end = down;
    for (let i = 0; i < 20; i++) end = { ...end, ...pagedBy(end, 1, layout.screen(end, size)) };
    expect(layout.screen(end, size).preview!.top).toBe(preview.maxTop);
  });

  test('a question without a preview (or one that fits) lets the keys page the transcript', () => {
    const layout = new Layout(LOOK);
    const state = { ...withNotes(base, 50), pendingApproval: asking() };
    const screen = layout.screen(state, size);
    expect(screen.preview).toBeNull();
    expect(pagedBy(state, -1, screen).scrollTop).toBeTypeOf('number');
  });
});

describe('the rewind picker', () => {
  const size = { columns: 80, rows: 24 };

  test('shows the points by plan item (inner calls indented), the selected one marked, its files, its diff and the keys', () => {
    const layout = new Layout(LOOK);
    const rows = layout.screen({ ...base, rewind: picking() }, size).bottom.lines.map(plain);
    expect(rows[0]).toBe('Rewind · back to before a change 4 points, newest first');
    expect(rows).toContain('› before #3 Write the tests · 2 files  (9)');
    expect(rows).toContain('    before bash npm test · 1 file  (8)');
    expect(rows).toContain('  restore f0.txt · restore f1.txt');
    expect(rows).toContain('  f0.txt');
    // The keys, wrapped between whole hints at 80 columns.
    expect(rows.slice(-2)).toEqual([
      '  ↑/↓ choose · Enter files · c files and conversation · PgUp/PgDn diff',
      '  Esc close',
    ]);
    expect(layout.screen({ ...base, rewind: picking() }, size).caret).toBeNull();
  });

  test('PgDn/PgUp page its diff, not the transcript; Up/Down move the selection', () => {
    const layout = new Layout(LOOK);
    const state = { ...withNotes(base, 50), rewind: picking() };
    const screen = layout.screen(state, size);
    expect(screen.preview!.maxTop).toBeGreaterThan(0);
    const down = { ...state, ...pagedBy(state, 1, screen) };
    expect(down.scrollTop).toBeNull();
    expect(down.rewind!.previewTop).toBe(screen.preview!.page);
    expect(layout.screen(down, size).bottom.lines.map(plain)).toContain(
      `  ↑ ${screen.preview!.page} lines above · PgUp/PgDn to scroll`,
    );
    const up = { ...down, ...pagedBy(down, -1, layout.screen(down, size)) };
    expect(up.rewind!.previewTop).toBe(0);

    const moved = selectedBy(picking(), 1);
    expect(moved.selected).toBe(1);
    expect(moved.preview).toBeNull();
    expect(selectedBy(selectedBy(moved, -1), -1).selected).toBe(0);
    // A preview that arrives for a point no longer selected is dropped.
    expect(withPreview(moved, 'point:9', { label: '', files: [], diff: '' })).toBe(moved);
  });

  test('no points yet, or checkpoints off: one line that says so, and Esc', () => {
    const layout = new Layout(LOOK);
    const empty = withChoices(OPENING_REWIND, []);
    const rows = layout.screen({ ...base, rewind: empty }, size).bottom.lines.map(plain);
    expect(rows).toContain('  No points yet: one is taken before each call that may change files.');
    expect(rows.at(-1)).toBe('  Esc close');
    const off = {
      ...OPENING_REWIND,
      loading: false,
      error: 'Rewind is off: turned off by the settings',
    };
    expect(layout.screen({ ...base, rewind: off }, size).bottom.lines.map(plain)).toContain(
      '  Rewind is off: turned off by the settings',
    );
  });
});

test('asked again with the same state and size, each part answers the same object', () => {
  const layout = new Layout(LOOK);
  const state = { ...withNotes(base, 20), todos, pendingApproval: asking({}, longDiff) };
  const size = { columns: 120, rows: 30 };
  const first = layout.screen(state, size);
  const second = layout.screen(state, size);
  expect(second.regions).toBe(first.regions);
  expect(second.bottom).toBe(first.bottom);
  expect(second.transcript).toBe(first.transcript);
  // A change the layout does not depend on (the status line's tokens) keeps it too.
  const other = layout.screen({ ...state, usage: { inputTokens: 5, outputTokens: 1 } }, size);
  expect(other.regions).toBe(first.regions);
  expect(other.transcript).toBe(first.transcript);
});
