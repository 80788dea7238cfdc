import type { RewindChoice, RewindPreview, UndoPreview } from '../protocol/checkpoints';
import type { RewindPreviewView, RewindView } from './types';

/** The picker just opened: reading the points. */
export const OPENING_REWIND: RewindView = {
  mode: 'list',
  loading: true,
  error: null,
  choices: [],
  selected: 0,
  preview: null,
  previewTop: 0,
  undo: null,
};

/** The key a preview is kept under: the point's, or the undo's. */
export function previewKey(view: RewindView): string | undefined {
  if (view.mode === 'undo') return view.undo ? `undo:${view.undo.item}` : undefined;
  const choice = view.choices[view.selected];
  return choice && `point:${choice.point.id}`;
}

/** The points read: the newest selected, its preview to come. */
export function withChoices(view: RewindView, choices: RewindChoice[]): RewindView {
  return { ...view, loading: false, choices, selected: 0, preview: null, previewTop: 0 };
}

/** Up (-1) / Down (1) through the points; the preview goes until the new one's is read. */
export function selectedBy(view: RewindView, delta: -1 | 1): RewindView {
  const selected = Math.max(0, Math.min(view.choices.length - 1, view.selected + delta));
  if (selected === view.selected) return view;
  return { ...view, selected, preview: null, previewTop: 0 };
}

/** A preview arrived; kept only when it is still the one the picker shows. */
export function withPreview(
  view: RewindView,
  key: string,
  preview: RewindPreview | UndoPreview,
): RewindView {
  if (previewKey(view) !== key) return view;
  const shown: RewindPreviewView = {
    key,
    files: preview.files,
    diff: preview.diff,
    ...('overlaps' in preview ? { overlaps: preview.overlaps } : {}),
  };
  return { ...view, loading: false, preview: shown, previewTop: 0 };
}

/** Confirming the undo of one plan item (`#3`), named as the plan named it. */
export function undoMode(view: RewindView, item: string, label: string): RewindView {
  return { ...view, mode: 'undo', undo: { item, label }, preview: null, previewTop: 0 };
}

/** From an undo back to the list of points. */
export function listMode(view: RewindView): RewindView {
  return { ...view, mode: 'list', undo: null, preview: null, previewTop: 0, error: null };
}

export function withError(view: RewindView, error: string): RewindView {
  return { ...view, loading: false, error };
}
