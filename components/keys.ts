/* eslint-disable no-control-regex -- this module reads terminal escape sequences */
import type { Key } from 'ink';
import type { AppController } from '../src/app/controller';
import type { PagedViews } from '../src/store/view-state';
import { ALLOW_ALL_KEY, choiceForKey } from './approval-choices';
import {
  deleteBackward,
  deleteForward,
  deleteWordBackward,
  insertText,
  moveDown,
  moveLeft,
  moveLineEnd,
  moveLineStart,
  moveRight,
  moveUp,
} from '../src/store/input-editor';
import type { AppState, InputState, PendingApproval } from '../src/store/types';

const CONTROL = /[\x00-\x08\x0b-\x1f\x7f]/g;

/**
 * The one keypress layer. Every key arrives here and goes to exactly one place:
 * the approval prompt while it is shown, otherwise the global keys, then the input.
 * A bracketed paste comes whole, apart from keys (`paste`): Ink reads its markers.
 * (xterm's modifyOtherKeys keys reach it in the kitty form: src/cli/terminal-keys.ts.)
 */
export class KeypressLayer {
  /**
   * `screen`: the layout of the screen as it is now (what a page of the transcript or of
   * an approval's preview is).
   */
  constructor(
    private readonly controller: AppController,
    private readonly screen: () => PagedViews,
  ) {}

  private get state(): AppState {
    return this.controller.store.getState();
  }

  handle = (input: string, key: Key): void => {
    this.controller.attention.typed();
    const approval = this.state.pendingApproval;
    if (approval) {
      if (approval.noteMode) this.noteKey(input, key, approval.note);
      else this.approvalKey(approval, input, key);
      return;
    }
    if (this.globalKey(input, key)) return;
    this.inputKey(input, key);
  };

  /**
   * A bracketed paste: its text goes into the input with its line breaks and is never sent
   * (a line copied with its line end included). While an approval waits, only its note
   * takes text, on one line; a paste never answers the question.
   */
  paste = (text: string): void => {
    this.controller.attention.typed();
    const approval = this.state.pendingApproval;
    if (approval) {
      if (approval.noteMode) this.controller.approvals.setNote(approval.note + oneLine(text));
      return;
    }
    this.edit((state) => insertText(state, withLineBreaks(text)));
  };

  /** PgUp (-1) / PgDn (1): through what the screen shows now. */
  private page(direction: -1 | 1): void {
    this.controller.viewControls.page(direction, this.screen());
  }

  private approvalKey(approval: PendingApproval, input: string, key: Key): void {
    const { approvals } = this.controller;
    if (key.ctrl && input === 'c') return this.controller.ctrlC();
    if (key.pageUp) return this.page(-1);
    if (key.pageDown) return this.page(1);
    // Several calls wait together: ↑/↓ choose the one the keys answer, `A` allows them all.
    if ((approval.waiting?.length ?? 0) > 1) {
      if (key.upArrow || key.downArrow) return approvals.moveFocus(key.upArrow ? -1 : 1);
      if (input === ALLOW_ALL_KEY) return approvals.allowAll();
    }
    const choice = choiceForKey(approval.request, input, key);
    if (!choice) return;
    if (choice.answer === 'note') return approvals.setNoteMode(true);
    approvals.answer(choice.answer);
  }

  private noteKey(input: string, key: Key, note: string): void {
    const { approvals } = this.controller;
    if (key.ctrl && input === 'c') return this.controller.ctrlC();
    if (key.escape) return approvals.setNoteMode(false);
    if (key.return)
      return approvals.answer({ decision: 'deny', ...(note.trim() ? { note: note.trim() } : {}) });
    if (key.backspace || key.delete)
      return approvals.setNote(Array.from(note).slice(0, -1).join(''));
    if (key.ctrl && input === 'u') return approvals.setNote('');
    if (key.ctrl || key.meta) return;
    approvals.setNote(note + oneLine(input));
  }

  /** Keys that mean the same whatever is typed. Returns true when the key was used. */
  private globalKey(input: string, key: Key): boolean {
    const c = this.controller;
    const view = c.viewControls;
    const empty = this.state.input.text === '';
    if (key.ctrl && input === 'c') {
      c.ctrlC();
      return true;
    }
    if (key.escape) {
      if (!c.interrupt() && this.state.scrollTop !== null) view.scrollToBottom();
      return true;
    }
    if (key.tab && key.shift) {
      c.cycleMode();
      return true;
    }
    if (key.pageUp || key.pageDown) {
      this.page(key.pageUp ? -1 : 1);
      return true;
    }
    if (key.ctrl && input === 't') {
      view.toggleTodos();
      return true;
    }
    if (key.ctrl && input === 'o') {
      view.toggleExpand();
      return true;
    }
    if (key.ctrl && input === 'd' && empty) {
      void c.exit();
      return true;
    }
    if (key.end && empty && this.state.scrollTop !== null) {
      view.scrollToBottom();
      return true;
    }
    return false;
  }

  private edit(change: (input: InputState) => InputState): void {
    this.controller.input.edit(change(this.state.input));
  }

  private inputKey(input: string, key: Key): void {
    const { input: queue } = this.controller;
    const text = this.state.input;
    const newline = (key.return && (key.shift || key.meta)) || input === '\n';
    if (newline) return this.edit((state) => insertText(state, '\n'));
    if (key.return) {
      // A backslash before Enter continues the prompt on a new line.
      if (text.text.slice(0, text.cursor).endsWith('\\'))
        return this.edit((state) => insertText(deleteBackward(state), '\n'));
      return queue.submit(text.text);
    }
    if (key.backspace || key.delete) return this.edit(deleteBackward);
    if (key.leftArrow) return this.edit(moveLeft);
    if (key.rightArrow) return this.edit(moveRight);
    if (key.home) return this.edit(moveLineStart);
    if (key.end) return this.edit(moveLineEnd);
    if (key.upArrow) {
      const moved = moveUp(text);
      if (moved && this.state.historyIndex === null) return this.edit(() => moved);
      return queue.browseHistory(-1);
    }
    if (key.downArrow) {
      const moved = moveDown(text);
      if (moved && this.state.historyIndex === null) return this.edit(() => moved);
      return queue.browseHistory(1);
    }
    if (key.ctrl) {
      switch (input) {
        case 'a':
          return this.edit(moveLineStart);
        case 'e':
          return this.edit(moveLineEnd);
        case 'u':
          return this.edit(() => ({ text: '', cursor: 0 }));
        case 'w':
          return this.edit(deleteWordBackward);
        case 'd':
          return this.edit(deleteForward);
      }
      return;
    }
    if (key.meta || key.tab || !input) return;
    this.typed(input);
  }

  /**
   * Printable text. Outside a bracketed paste, a chunk ending in one Enter is typing
   * followed by Enter; several line breaks mean a paste from a terminal without brackets.
   */
  private typed(input: string): void {
    const breaks = (input.match(/\r/g) ?? []).length;
    if (breaks === 1 && input.endsWith('\r')) {
      const text = insertText(this.state.input, clean(input.slice(0, -1)));
      this.controller.input.edit(text);
      this.controller.input.submit(text.text);
      return;
    }
    this.edit((state) => insertText(state, withLineBreaks(input)));
  }
}

/** Text for the input: line breaks as \n. */
function withLineBreaks(text: string): string {
  return clean(text.replace(/\r\n?/g, '\n'));
}

/** Text for a one-line field (an approval's note). */
function oneLine(text: string): string {
  return clean(text.replace(/[\r\n]+/g, ' '));
}

function clean(text: string): string {
  return text.replace(/\t/g, '    ').replace(CONTROL, '');
}
