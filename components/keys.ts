/* eslint-disable no-control-regex -- this module reads terminal escape sequences */
import type { Key } from 'ink';
import type { AppController } from '../src/app/controller';
import type { PlanShown } from '../src/store/plan-view';
import type { PagedViews } from '../src/store/view-state';
import { ALLOW_ALL_KEY, choiceForKey } from './approval-choices';
import { planPanelKey } from './plan-keys';
import { agentsViewKey, rewindPickerKey } from './picker-keys';
import {
  deleteBackward,
  deleteForward,
  deleteWordAfter,
  deleteWordBackward,
  deleteWordBefore,
  insertText,
  moveDown,
  moveLeft,
  moveLineEnd,
  moveLineStart,
  moveRight,
  moveUp,
  moveWordLeft,
  moveWordRight,
} from '../src/store/input-editor';
import type { AppState, InputState, PendingApproval } from '../src/store/types';

const CONTROL = /[\x00-\x08\x0b-\x1f\x7f]/g;

/** What the keys ask of the screen as it is now: what a page is, what the plan panel shows. */
export type ScreenViews = PagedViews & { readonly plan: PlanShown | null };

/**
 * The one keypress layer. Every key arrives here and goes to exactly one place: the
 * approval prompt's keys while it is shown (its note, or a choice once it is no longer
 * guarded), the subagents' list or a child's view (where Ctrl+C stops that child), the rewind
 * picker while it is open, the plan panel's while it is focused (another key gives the focus
 * back to the prompt and goes on), otherwise the global keys, then the input.
 * While a question waits, what is typed goes to the input's draft, so typing never answers it.
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
    private readonly screen: () => ScreenViews,
  ) {}

  private get state(): AppState {
    return this.controller.store.getState();
  }

  handle = (input: string, key: Key): void => {
    this.controller.attention.typed();
    const approval = this.state.pendingApproval;
    const agents = this.state.agents;
    // In a child's view Ctrl+C stops that child, whatever waits (the footer says so).
    if (agents?.kind === 'child' && key.ctrl && input === 'c') return this.controller.agents.stop();
    if (approval?.noteMode) return this.noteKey(input, key, approval.note);
    // A question takes its own keys; everything else is typing, which goes to the draft.
    if (approval && this.approvalKey(approval, input, key)) return;
    if (!approval) {
      if (agents) return agentsViewKey(agents, input, key, this.controller, this.screen);
      const rewind = this.state.rewind;
      if (rewind)
        return rewindPickerKey(rewind, input, key, this.controller.rewind, (d) => this.page(d));
      const focused = this.state.planPanel.mode === 'focused';
      const view = this.controller.viewControls;
      if (focused && planPanelKey(input, key, view, () => this.screen().plan)) return;
      if (this.globalKey(input, key)) return;
    }
    this.controller.approvals.typed();
    this.inputKey(input, key);
  };

  /**
   * A bracketed paste: its text goes into the input with its line breaks and is never sent
   * (a line copied with its line end included). A paste never answers a question: while
   * one waits it goes to the input's draft, like typing (or to its note, on one line).
   */
  paste = (text: string): void => {
    this.controller.attention.typed();
    const approval = this.state.pendingApproval;
    if (approval?.noteMode) return this.controller.approvals.setNote(approval.note + oneLine(text));
    // The pickers and a child's view have no text to paste into.
    if (!approval && (this.state.rewind || this.state.agents)) return;
    if (this.state.planPanel.mode === 'focused') this.controller.viewControls.leavePlan();
    this.controller.approvals.typed();
    this.edit((state) => insertText(state, withLineBreaks(text)));
  };

  /** PgUp (-1) / PgDn (1): through what the screen shows now. */
  private page(direction: -1 | 1): void {
    this.controller.viewControls.page(direction, this.screen());
  }

  /**
   * The question's keys. A choice key answers only once the question in focus is no longer
   * guarded (shown for a moment, the user not typing). Returns true when the key was the
   * question's.
   */
  private approvalKey(approval: PendingApproval, input: string, key: Key): boolean {
    const { approvals } = this.controller;
    if (key.ctrl && input === 'c') return (this.controller.ctrlC(), true);
    if (key.pageUp || key.pageDown) return (this.page(key.pageUp ? -1 : 1), true);
    // Esc denies at once: it is no typing, and denying is the safe answer.
    if (key.escape) return (approvals.answer({ decision: 'deny' }), true);
    // Several calls wait together: ↑/↓ choose the one the keys answer, `A` allows them all.
    // The arrows are the list's, never the draft's; while guarded they do nothing (and a
    // guarded `A` is a typed letter, like any other choice key).
    const several = (approval.waiting?.length ?? 0) > 1;
    if (several && (key.upArrow || key.downArrow)) {
      if (!approval.guarded) approvals.moveFocus(key.upArrow ? -1 : 1);
      return true;
    }
    if (approval.guarded) return false;
    if (several && input === ALLOW_ALL_KEY) return (approvals.allowAll(), true);
    const choice = choiceForKey(approval.request, input, key);
    if (!choice) return false;
    if (choice.answer === 'note') approvals.setNoteMode(true);
    else approvals.answer(choice.answer);
    return true;
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
      if (c.interrupt()) return true;
      if (this.state.scrollTop !== null) view.scrollToBottom();
      // A second Esc soon after on an empty input opens /rewind.
      else if (empty && this.state.status === 'idle') c.rewind.escapePressed();
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
      view.cyclePlan(this.screen().plan);
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
    // Ctrl or Alt with an arrow or Backspace works on words (terminals send either).
    const byWord = key.ctrl || key.meta;
    if (key.backspace || key.delete) return this.edit(key.meta ? deleteWordBefore : deleteBackward);
    if (key.leftArrow) return this.edit(byWord ? moveWordLeft : moveLeft);
    if (key.rightArrow) return this.edit(byWord ? moveWordRight : moveRight);
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
      // Down on an empty input, not browsing history and with no question waiting (typing
      // goes to the draft then): the subagents' list, when there are any.
      const { historyIndex, agents, pendingApproval } = this.state;
      const listable = !text.text && historyIndex === null && !agents && !pendingApproval;
      if (listable && this.controller.agents.openList()) return;
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
    if (key.meta) {
      // Alt+B / Alt+F / Alt+D as readline has them.
      if (input === 'b') return this.edit(moveWordLeft);
      if (input === 'f') return this.edit(moveWordRight);
      if (input === 'd') return this.edit(deleteWordAfter);
      return;
    }
    if (key.tab || !input) return;
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
