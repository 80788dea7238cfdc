import type { RewindRequest } from '../protocol/checkpoints';
import type { AppStore } from '../store/store';
import {
  listMode,
  OPENING_REWIND,
  previewKey,
  selectedBy,
  undoMode,
  withChoices,
  withError,
  withPreview,
} from '../store/rewind-view';
import type { RewindView } from '../store/types';
import type { SessionAgent } from './agent-port';
import type { TurnRunner } from './turn-runner';

export interface RewindPickerOptions {
  agent: () => SessionAgent | undefined;
  turns: TurnRunner;
  now: () => number;
  /** Two Esc presses on an empty input within this window open the picker. */
  doubleEscapeMs?: number;
}

/**
 * The /rewind picker: opened by /rewind, /undo #N or Esc Esc on an empty input, it reads
 * the session's points, previews the selected one, and runs the chosen rewind like a turn
 * (busy, its report in the transcript). It only reads until the user chooses.
 */
export class RewindPicker {
  private lastEscape = -Infinity;
  /** Opened straight into an undo (/undo #3): Esc closes instead of going back to the list. */
  private undoOnly = false;

  constructor(
    private readonly store: AppStore,
    private readonly options: RewindPickerOptions,
  ) {}

  private get view(): RewindView | null {
    return this.store.getState().rewind;
  }

  private update(change: (view: RewindView) => RewindView): void {
    this.store.setState((state) => (state.rewind ? { rewind: change(state.rewind) } : {}));
  }

  /** Esc on an empty, idle input: the second within the window opens the picker. */
  escapePressed(): void {
    const now = this.options.now();
    if (now - this.lastEscape <= (this.options.doubleEscapeMs ?? 800)) {
      this.lastEscape = -Infinity;
      this.open();
      return;
    }
    this.lastEscape = now;
  }

  /** /rewind: the points, newest first. */
  open(): void {
    this.undoOnly = false;
    this.store.setState({ rewind: OPENING_REWIND });
    const checkpoints = this.ready();
    if (!checkpoints) return;
    checkpoints.choices().then(
      (choices) => {
        this.update((view) => withChoices(view, choices));
        this.loadPreview();
      },
      (error: unknown) => this.fail(error),
    );
  }

  /** /undo #3: straight to confirming the undo of that item. */
  openUndo(item: string): void {
    this.undoOnly = true;
    const label = `#${item.replace(/^#/, '')}`;
    this.store.setState({ rewind: undoMode({ ...OPENING_REWIND }, label, label) });
    if (this.ready()) this.loadPreview();
  }

  /** The agent's checkpoints, or null after saying in the picker why there are none. */
  private ready() {
    const checkpoints = this.options.agent()?.checkpoints;
    const off = checkpoints ? checkpoints.off : 'this session keeps no checkpoints';
    if (!checkpoints || off !== undefined) {
      this.update((view) => withError(view, `Rewind is off: ${off ?? ''}`));
      return null;
    }
    return checkpoints;
  }

  private fail(error: unknown): void {
    this.update((view) => withError(view, error instanceof Error ? error.message : String(error)));
  }

  /** Reads what the picker shows now would do (the selected point's, or the undo's). */
  private loadPreview(): void {
    const view = this.view;
    const checkpoints = this.options.agent()?.checkpoints;
    const key = view && previewKey(view);
    if (!view || !checkpoints || !key) return;
    const reading =
      view.mode === 'undo' && view.undo
        ? checkpoints.undoPreview(view.undo.item).then((preview) => {
            // The plan's own name for the item, once known (`#3 Write the tests`).
            this.update((current) =>
              current.undo && previewKey(current) === key
                ? {
                    ...current,
                    undo: { ...current.undo, label: preview.label.replace(/^undo /, '') },
                  }
                : current,
            );
            return preview;
          })
        : checkpoints.preview(view.choices[view.selected]!.point.id);
    reading.then(
      (preview) => this.update((current) => withPreview(current, key, preview)),
      (error: unknown) => {
        if (this.view && previewKey(this.view) === key) this.fail(error);
      },
    );
  }

  /** Up (-1) / Down (1). */
  move(delta: -1 | 1): void {
    const before = this.view;
    this.update((view) => selectedBy(view, delta));
    if (this.view !== before) this.loadPreview();
  }

  /** Enter (files) or `c` (files and conversation): back to the selected point. */
  choose(conversation: boolean): void {
    const view = this.view;
    const choice = view?.mode === 'list' && !view.error ? view.choices[view.selected] : undefined;
    if (!choice) return;
    this.run({ kind: 'point', pointId: choice.point.id, conversation });
  }

  /** `u`: confirm undoing only the selected point's plan item. */
  undoSelected(): void {
    const item = this.view?.choices[this.view.selected]?.point.item;
    if (this.view?.mode !== 'list' || !item) return;
    this.update((view) => undoMode(view, item.label, `${item.label} ${item.text}`));
    this.loadPreview();
  }

  /**
   * Enter (this item's files only) or `a` (the files changed later too). A key pressed
   * before the preview is read still counts: the undo works out the same files itself.
   */
  confirmUndo(includeOverlaps: boolean): void {
    const view = this.view;
    if (view?.mode !== 'undo' || !view.undo || view.error !== null) return;
    this.run({ kind: 'undo', item: view.undo.item, includeOverlaps });
  }

  /** Esc: from an undo back to the list; else the picker closes. */
  back(): void {
    if (this.view?.mode === 'undo' && !this.undoOnly) {
      this.update(listMode);
      this.loadPreview();
      return;
    }
    this.close();
  }

  close(): void {
    this.store.setState({ rewind: null });
  }

  private run(request: RewindRequest): void {
    const agent = this.options.agent();
    this.close();
    if (!agent?.rewind) return;
    this.options.turns.start((signal) => agent.rewind?.(request, signal));
  }
}
