/**
 * Holds back what may be a tool call while the answer streams, so the markup does not
 * flash as answer text: from a position where a call could begin (a line start, a
 * special token, the start of the answer) nothing is shown until the text there proves
 * to be prose (it is released then) or the answer ends (the calls are recovered). What is
 * shown is exactly what the answer becomes, on screen and in the history.
 */
import {
  ANSWER_GRAMMARS,
  REASONING_GRAMMARS,
  mayNeedJudging,
  nextCandidatePosition,
  openingGrammars,
  type GrammarSet,
} from './grammar-sets';
import { readTail, type TailVerdict } from './tail';
import {
  FenceTracker,
  inInlineCode,
  skipLeakedTokens,
  skipSpaces,
  specialTokenEnd,
} from './text-scan';
import type { TextCall, TextCallFormat, ToolSchemas } from './types';

export interface Recovered {
  calls: TextCall[];
  format: TextCallFormat;
}

/** Template tokens a broken template leaks at the start of a line; never shown. */
const LEAKED_TOKENS =
  /^(?:<\|(?:assistant|user|system|end|\/tool_call|im_start|im_end|eot_id|eom_id|endoftext|begin_of_text)\|>)+/;

const THINK = '<think>';
const THINK_END = '</think>';

/** Shown lines are forgotten once this much has gathered before the first one still needed. */
const FORGET_AFTER = 256;

export class TextCallFilter {
  /**
   * The text from the first line still needed (positions below are relative to it): shown,
   * judged lines are dropped, or every delta would copy the whole answer (a string that
   * grows by `+=` is flattened in full when it is next read).
   */
  private text = '';
  /** Characters of `text` shown (or, from `hold` on, waiting). */
  private emitted = 0;
  private shownText = '';
  /** Where the text that may be a call starts; nothing from here on is shown yet. */
  private hold: number | undefined;
  private holdOpened = false;
  /** Length of the text when the hold was last judged. */
  private judgedAt = 0;
  /** The next position to consider as a candidate. */
  private scanned = 0;
  private readonly fences = new FenceTracker();
  private readonly grammars: GrammarSet;
  private passThrough = false;
  private recovered: (Recovered & { closesThink: boolean }) | undefined;
  /** The answer's start, once known; its think block's `<think>` and `</think>`. */
  private answerAt: number | undefined;
  private thinkAt: number | undefined;
  private thinkEnd: number | undefined;
  private thinkSearched = 0;

  constructor(
    private readonly schemas: ToolSchemas,
    /** Reasoning text: only the special-token formats, no answer-start forms. */
    private readonly reasoning = false,
  ) {
    this.grammars = reasoning ? REASONING_GRAMMARS : ANSWER_GRAMMARS;
  }

  /** Everything shown so far (after finish: the answer as it stands). */
  get shown(): string {
    return this.shownText;
  }

  /** Adds streamed text; returns what may be shown now. */
  push(delta: string): string {
    if (this.nothingToJudgeIn(delta)) {
      this.text += delta;
      this.scanned = this.text.length;
      this.emitted = this.text.length;
      return this.show(delta);
    }
    this.text += delta;
    if (this.passThrough) return this.show(delta);
    return this.advance(false, true);
  }

  /**
   * Most deltas of an ordinary answer hold no line start and no character a call can begin
   * with, and come while nothing is held: they are shown as they are, without reading the
   * text again (the lines before are forgotten at the next delta that needs judging).
   */
  private nothingToJudgeIn(delta: string): boolean {
    const { length } = this.text;
    return (
      !this.passThrough &&
      this.hold === undefined &&
      this.emitted === length &&
      this.scanned >= length &&
      (this.reasoning || this.answerAt !== undefined) &&
      delta !== '' &&
      !mayNeedJudging(delta)
    );
  }

  /** Shows everything held and stops holding (the model made structured calls). */
  release(): string {
    this.passThrough = true;
    this.hold = undefined;
    const out = this.cleaned(this.emitted, this.text.length);
    this.emitted = this.text.length;
    return this.show(out);
  }

  /**
   * The answer ended: recovers the calls the held text holds, or shows it.
   * `allowTruncated`: false when the model stopped at its token limit (a cut call is not run).
   */
  finish(allowTruncated: boolean): { text: string; recovered?: Recovered } {
    if (this.passThrough) return { text: '' };
    const text = this.advance(true, allowTruncated);
    const found = this.recovered;
    if (!found) return { text };
    const tail = found.closesThink ? THINK_END : '';
    return {
      text: text + this.show(tail),
      recovered: { calls: found.calls, format: found.format },
    };
  }

  private show(text: string): string {
    this.shownText += text;
    return text;
  }

  private advance(final: boolean, allowTruncated: boolean): string {
    let out = '';
    for (;;) {
      if (this.hold !== undefined) {
        if (!final && this.mayWait()) break;
        const verdict = this.judge(this.hold, final, allowTruncated);
        if (verdict.kind !== 'no') {
          this.settle(verdict);
          break;
        }
        this.scanned = this.hold + 1;
        this.hold = undefined;
      }
      const next = this.nextCandidate(final, allowTruncated);
      const to = next ? next.at : this.text.length;
      out += this.cleaned(this.emitted, to);
      this.emitted = to;
      if (!next?.verdict) break;
      this.hold = next.at;
      this.settle(next.verdict);
      break;
    }
    this.forget();
    return this.show(out);
  }

  /** Drops the lines before the first one still needed (see `text`). */
  private forget(): void {
    const needed = this.hold ?? this.emitted;
    if (needed < FORGET_AFTER) return;
    // The answer's start is found from the beginning of the text: keep it until then.
    if (!this.reasoning && this.answerAt === undefined && this.thinkAt === undefined) return;
    const cut = this.text.lastIndexOf('\n', needed - 1) + 1;
    if (cut < FORGET_AFTER) return;
    this.fences.forget(this.text, cut);
    this.text = this.text.slice(cut);
    this.emitted -= cut;
    this.scanned -= cut;
    this.judgedAt -= cut;
    if (this.hold !== undefined) this.hold -= cut;
    if (this.answerAt !== undefined) this.answerAt -= cut;
    if (this.thinkAt !== undefined) this.thinkAt -= cut;
    if (this.thinkEnd !== undefined) this.thinkEnd -= cut;
    this.thinkSearched -= cut;
  }

  private settle(verdict: TailVerdict): void {
    this.judgedAt = this.text.length;
    if (verdict.kind === 'partial') this.holdOpened = verdict.opened;
    if (verdict.kind === 'calls') this.recovered = verdict;
  }

  /**
   * A call being written is judged again only after it grew by a quarter (and 64
   * characters): judging reads all of it, and a long file's content must stay linear.
   */
  private mayWait(): boolean {
    if (!this.holdOpened || this.hold === undefined) return false;
    const held = this.text.length - this.hold;
    return this.text.length - this.judgedAt < 64 + held / 4;
  }

  /**
   * The first position from `scanned` whose tail may be (or is) calls. Without a verdict:
   * the last character, where a block may start mid-line; it is judged with the character
   * after it (held until then, as a judged one would mostly be: a `t` may start `to=`).
   */
  private nextCandidate(
    final: boolean,
    allowTruncated: boolean,
  ): { at: number; verdict?: TailVerdict } | undefined {
    const { text } = this;
    const answer = this.reasoning ? undefined : this.answerStart();
    for (;;) {
      const at = nextCandidatePosition(text, this.scanned, answer);
      if (at > text.length) return undefined;
      const lineStart = at === 0 || text[at - 1] === '\n';
      // Nothing is known of the next character yet: look at it when it comes.
      if (!lineStart && at === text.length) {
        this.scanned = at;
        return undefined;
      }
      if (!lineStart && !final && at === text.length - 1 && at !== answer) {
        this.scanned = at;
        return { at };
      }
      this.scanned = at + 1;
      const verdict = this.judge(at, final, allowTruncated);
      if (verdict.kind !== 'no') return { at, verdict };
    }
  }

  /** Whether the text from `at` is (or may become) calls, by the grammars that may stand there. */
  private judge(at: number, final: boolean, allowTruncated: boolean): TailVerdict {
    const { text } = this;
    const atLineStart = at === 0 || text[at - 1] === '\n';
    const from = atLineStart ? skipLeakedTokens(text, at) : at;
    // A leaked token still arriving: wait for it, so it is left out as a whole.
    if (!final && atLineStart && specialTokenEnd(text, from) === 'partial') {
      return { kind: 'partial', opened: false };
    }
    const inThink = this.insideThink(from);
    const set = inThink ? REASONING_GRAMMARS : this.grammars;
    const atAnswer = !inThink && !this.reasoning && from === this.answerStart();
    const place = atAnswer ? 'answerStart' : atLineStart ? 'lineStart' : 'midLine';
    // Cheap questions first: most positions open no grammar's block.
    const grammars = openingGrammars(set, place, text, from);
    if (!grammars) return { kind: 'no' };
    const lineStart = atLineStart ? at : text.lastIndexOf('\n', at - 1) + 1;
    if (this.fences.inside(text, lineStart)) return { kind: 'no' };
    if (lineStart !== at && inInlineCode(text, lineStart, at)) return { kind: 'no' };
    return readTail(text, from, grammars, { final, allowTruncated, schemas: this.schemas });
  }

  /**
   * Where the answer begins: after white space, leaked tokens and a leading think block;
   * undefined while a think block is still open. Fixed once the answer has begun.
   */
  private answerStart(): number | undefined {
    if (this.answerAt !== undefined) return this.answerAt;
    const { text } = this;
    if (this.thinkAt === undefined) {
      const at = skipSpaces(text, skipLeakedTokens(text, skipSpaces(text, 0)));
      if (at >= text.length) return at;
      if (!text.startsWith(THINK, at)) {
        if (THINK.startsWith(text.slice(at))) return undefined;
        this.answerAt = at;
        return at;
      }
      this.thinkAt = at;
      this.thinkSearched = at;
    }
    if (this.thinkEnd === undefined) {
      // Resumed where the last look stopped: a long think block is read once.
      const from = Math.max(this.thinkAt, this.thinkSearched - THINK_END.length);
      const close = text.indexOf(THINK_END, from);
      this.thinkSearched = text.length;
      if (close === -1) return undefined;
      this.thinkEnd = close;
    }
    const after = skipSpaces(text, this.thinkEnd + THINK_END.length);
    const at = skipSpaces(text, skipLeakedTokens(text, after));
    if (at < text.length) this.answerAt = at;
    return at;
  }

  /** Inside the answer's leading think block (still open, or closing after `at`). */
  private insideThink(at: number): boolean {
    if (this.reasoning) return false;
    this.answerStart();
    if (this.thinkAt === undefined || at < this.thinkAt) return false;
    return this.thinkEnd === undefined || at < this.thinkEnd;
  }

  /** Text between two positions as shown: leaked template tokens at line starts left out. */
  private cleaned(from: number, to: number): string {
    if (from >= to) return '';
    const slice = this.text.slice(from, to);
    if (!slice.includes('<|')) return slice;
    const lines = slice.split('\n');
    return lines
      .map((line, i) =>
        i > 0 || from === 0 || this.text[from - 1] === '\n'
          ? line.replace(LEAKED_TOKENS, '')
          : line,
      )
      .join('\n');
  }
}
