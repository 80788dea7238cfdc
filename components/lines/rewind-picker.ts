import type { FileChange, RewindChoice } from '../../src/protocol/checkpoints';
import type { RewindView } from '../../src/store/types';
import { plural } from './format';
import { hintSpan, keyRows, keySpan } from './key-rows';
import { glyphs, type Look } from './look';
import { sanitizeText } from './sanitize';
import { scrollWindow, type ScrollWindow } from './scroll-window';
import type { Line, Span, Style } from './spans';
import { diffRows } from './tool-card';
import { truncateLine, wrapLine } from './wrap';

export interface RewindLayout {
  lines: Line[];
  /** The picker has no text input: the caret is hidden while it is open. */
  caret: null;
  /** The diff as shown (what PgUp/PgDn scroll); absent while there is none. */
  preview?: ScrollWindow;
}

const INDENT: Line = [{ text: '  ' }];
const TITLE: Style = { bold: true, fg: 'cyan' };
const DIM: Style = { dim: true };
/** Rows of the diff kept on screen however long the list is. */
const MIN_PREVIEW_ROWS = 3;

const CHANGE_STYLE: Record<FileChange['change'], Style> = {
  restore: { fg: 'yellow' },
  remove: { fg: 'red' },
  recreate: { fg: 'green' },
  keep: { dim: true },
};

function filesCount(count: number): string {
  return count === 0 ? 'no change' : plural(count, 'file');
}

/** One point of the list: `› before #2 Write the parser · 4 files`, inner points indented. */
function choiceRow(choice: RewindChoice, chosen: boolean, width: number, look: Look): Line {
  const g = glyphs(look);
  return truncateLine(
    [
      { text: chosen ? `${g.prompt} ` : '  ', style: TITLE },
      { text: choice.head ? '' : '  ' },
      { text: sanitizeText(choice.label), style: chosen ? TITLE : choice.head ? {} : DIM },
      { text: ` ${g.dot} ${filesCount(choice.files.length)}`, style: DIM },
      { text: `  (${choice.point.id})`, style: DIM },
    ],
    width,
    g.ellipsis,
  );
}

/** The choices around the selected one, in `rows` rows. */
function listRows(view: RewindView, width: number, look: Look, rows: number): Line[] {
  const { choices, selected } = view;
  const first = Math.max(0, Math.min(selected - Math.floor(rows / 2), choices.length - rows));
  const shown = choices.slice(first, first + rows);
  return shown.map((choice, offset) => choiceRow(choice, first + offset === selected, width, look));
}

/** `restore a.ts · remove gen/out.txt · left big.bin (over the cap)` wrapped under a title. */
function fileRows(files: readonly FileChange[], width: number, look: Look, max: number): Line[] {
  if (!files.length) return [[...INDENT, { text: 'No file would change.', style: DIM }]];
  const dot = ` ${glyphs(look).dot} `;
  const spans: Span[] = [...INDENT];
  files.forEach((file, index) => {
    if (index) spans.push({ text: dot, style: DIM });
    spans.push(
      {
        text: `${file.change === 'keep' ? 'left' : file.change} `,
        style: CHANGE_STYLE[file.change],
      },
      { text: sanitizeText(file.path) },
    );
    if (file.reason) spans.push({ text: ` (${file.reason})`, style: DIM });
  });
  const rows = wrapLine(spans, width, { indent: INDENT });
  if (rows.length <= max) return rows;
  return [
    ...rows.slice(0, max - 1),
    [
      ...INDENT,
      { text: `${glyphs(look).ellipsis} ${plural(files.length, 'file')} in all`, style: DIM },
    ],
  ];
}

/** The diff, file by file: a bold name, then its coloured hunks. */
export function previewRows(diff: string, width: number): Line[] {
  const rows: Line[] = [];
  for (const part of diff.split(/^(?=--- )/m)) {
    if (!part.trim()) continue;
    const name = /^--- (.*)$/m.exec(part)?.[1];
    if (name) rows.push([...INDENT, { text: sanitizeText(name), style: { bold: true } }]);
    const body = diffRows(part, width);
    // A note in place of hunks (binary, left as it is) is dim text.
    rows.push(...body);
  }
  return rows;
}

function keysRow(view: RewindView, width: number, look: Look): Line[] {
  const g = glyphs(look);
  const hint = (key: string, does: string): Line => [keySpan(key), hintSpan(` ${does}`)];
  let hints: Line[];
  if (view.error !== null || (view.mode === 'list' && !view.choices.length))
    hints = [hint('Esc', 'close')];
  else if (view.mode === 'undo')
    hints = [
      hint('Enter', 'undo'),
      ...(view.preview?.overlaps?.length ? [hint('a', 'also the files changed later')] : []),
      hint('PgUp/PgDn', 'diff'),
      hint('Esc', 'back'),
    ];
  else {
    const item = view.choices[view.selected]?.point.item;
    hints = [
      hint(`${g.arrowUp}/${g.arrowDown}`, 'choose'),
      hint('Enter', 'files'),
      hint('c', 'files and conversation'),
      ...(item ? [hint('u', `undo ${item.label} only`)] : []),
      hint('PgUp/PgDn', 'diff'),
      hint('Esc', 'close'),
    ];
  }
  return keyRows(hints, width, look);
}

function titleRow(view: RewindView, width: number, look: Look): Line {
  const g = glyphs(look);
  const text =
    view.mode === 'undo' && view.undo
      ? `Undo ${view.undo.label}`
      : `Rewind ${g.dot} back to before a change`;
  const note =
    view.mode === 'undo'
      ? ' only what changed while it was in progress'
      : ` ${plural(view.choices.length, 'point')}, newest first`;
  return truncateLine(
    [
      { text: sanitizeText(text), style: TITLE },
      { text: note, style: DIM },
    ],
    width,
    g.ellipsis,
  );
}

/**
 * The rewind picker in at most `maxRows` rows, in the input's place: the points newest
 * first (the first point of each plan item, `before #2 …`, and inner points indented), what
 * the selected one would change, its diff (PgUp/PgDn), and the keys. In undo mode: the
 * item's files, the ones changed later (left), the diff and the keys.
 */
export function rewindPickerLayout(
  view: RewindView,
  width: number,
  look: Look,
  maxRows: number,
): RewindLayout {
  const keys = keysRow(view, width, look);
  const title = titleRow(view, width, look);
  const empty = view.mode === 'list' && !view.choices.length;
  if (view.error !== null || empty) {
    const message =
      view.error ??
      (view.loading
        ? `Reading the checkpoints${glyphs(look).ellipsis}`
        : 'No points yet: one is taken before each call that may change files.');
    const style: Style = view.error !== null ? { fg: 'red' } : DIM;
    const body = wrapLine([...INDENT, { text: sanitizeText(message), style }], width, {
      indent: INDENT,
    });
    return { lines: [title, ...body, ...keys].slice(0, Math.max(1, maxRows)), caret: null };
  }
  const room = Math.max(1, maxRows - keys.length);
  const list =
    view.mode === 'list'
      ? listRows(
          view,
          width,
          look,
          Math.max(1, Math.min(view.choices.length, Math.floor(room * 0.4))),
        )
      : [];
  const preview = view.preview;
  const files = preview
    ? [
        ...fileRows(preview.files, width, look, 3),
        ...(preview.overlaps?.length
          ? fileRows(
              preview.overlaps.map((file) => ({
                ...file,
                change: 'keep' as const,
                reason: `changed later by ${file.by.join(', ')}`,
              })),
              width,
              look,
              3,
            )
          : []),
      ]
    : [[...INDENT, { text: `Working out what would change${glyphs(look).ellipsis}`, style: DIM }]];
  const head = [title, ...list, ...files].slice(0, Math.max(1, room - MIN_PREVIEW_ROWS));
  const diff = preview ? previewRows(preview.diff, width) : [];
  if (!diff.length) return { lines: [...head, ...keys].slice(0, maxRows), caret: null };
  const window = scrollWindow(
    diff,
    view.previewTop,
    Math.max(1, maxRows - head.length - keys.length),
    look,
    ` ${glyphs(look).dot} PgUp/PgDn to scroll`,
  );
  return {
    lines: [...head, ...window.rows, ...keys].slice(0, maxRows),
    caret: null,
    preview: window,
  };
}
