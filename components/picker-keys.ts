import type { Key } from 'ink';
import type { AppController } from '../src/app/controller';
import type { RewindPicker } from '../src/app/rewind-picker';
import type { PagedViews } from '../src/store/view-state';
import type { AgentsView, RewindView } from '../src/store/types';

/**
 * The /rewind picker's keys (keys.ts asks them while it is open): ↑/↓ choose, Enter rewinds
 * files and conversation, `c` the conversation only, `u` undoes one item; in the undo
 * question Enter (or `a`, all) confirms; Esc goes back, Ctrl+C closes.
 */
export function rewindPickerKey(
  view: RewindView,
  input: string,
  key: Key,
  picker: RewindPicker,
  page: (direction: -1 | 1) => void,
): void {
  if (key.ctrl && input === 'c') return picker.close();
  if (key.escape) return picker.back();
  if (key.pageUp) return page(-1);
  if (key.pageDown) return page(1);
  if (view.mode === 'undo') {
    if (key.return) return picker.confirmUndo(false);
    if (input === 'a') return picker.confirmUndo(true);
    return;
  }
  if (key.upArrow) return picker.move(-1);
  if (key.downArrow) return picker.move(1);
  if (key.return) return picker.choose(false);
  if (input === 'c') return picker.choose(true);
  if (input === 'u') return picker.undoSelected();
}

/**
 * The subagents' list (↑/↓, Enter or a number opens one) or a child's view (Esc back,
 * PgUp/PgDn, End, Ctrl+O). Ctrl+C in a child's view is the keypress layer's (it stops
 * that child, whatever waits); in the list it closes it.
 */
export function agentsViewKey(
  view: AgentsView,
  input: string,
  key: Key,
  controller: AppController,
  screen: () => PagedViews,
): void {
  const { agents } = controller;
  if (key.escape || (key.ctrl && input === 'c')) return agents.close();
  if (view.kind === 'child') {
    if (key.pageUp || key.pageDown) return agents.page(key.pageUp ? -1 : 1, screen().transcript);
    if (key.end) return agents.follow();
    if (key.ctrl && input === 'o') return controller.viewControls.toggleExpand();
    return;
  }
  if (key.upArrow) return agents.move(-1);
  if (key.downArrow) return agents.move(1);
  if (key.return) return agents.open();
  if (/^[1-9]$/.test(input)) return agents.open(Number(input) - 1);
}
