/**
 * Which grammars may open a block at a position of the text: by where the position stands
 * (mid-line, a line start, the answer's start) and by its first character. The stream
 * filter asks at every line start and at every character a call can begin with mid-line
 * (`<`, `[`, and the `t`, `c`, `f` of stripped harmony and `functools`: about one prose
 * character in seven), so the answer comes from lists made once, not from asking each grammar.
 */
import { GRAMMARS } from './formats';
import { openerAt } from './tail';
import type { Anchor, FormatGrammar } from './types';

/** Where a position stands; each admits the grammars of the anchors listed in `PLACES`. */
export type Place = 'midLine' | 'lineStart' | 'answerStart';

const PLACES: Record<Place, readonly Anchor[]> = {
  midLine: ['anywhere'],
  lineStart: ['anywhere', 'line'],
  answerStart: ['anywhere', 'line', 'answer'],
};

/** The characters each grammar's blocks may start with (undefined: any). */
const FIRST_CHARS = new Map<FormatGrammar, string | undefined>(
  GRAMMARS.map((g) => [
    g,
    typeof g.openers === 'function' ? g.firstChars : g.openers.map((o) => o[0]).join(''),
  ]),
);

/** The grammars of one place that may start with a character, in the order they are tried. */
interface ByFirstChar {
  /** Those that may start with a listed character. */
  listed: ReadonlyMap<string, readonly FormatGrammar[]>;
  /** Those that may start with any character (the only ones for an unlisted character). */
  any: readonly FormatGrammar[];
  /** All of them: the text ends here, its next character is not known yet. */
  all: readonly FormatGrammar[];
}

export type GrammarSet = Readonly<Record<Place, ByFirstChar>>;

function byFirstChar(grammars: readonly FormatGrammar[]): ByFirstChar {
  const any = grammars.filter((g) => FIRST_CHARS.get(g) === undefined);
  const chars = new Set(grammars.flatMap((g) => [...(FIRST_CHARS.get(g) ?? '')]));
  const listed = new Map(
    [...chars].map((ch) => [
      ch,
      grammars.filter((g) => {
        const first = FIRST_CHARS.get(g);
        return first === undefined || first.includes(ch);
      }),
    ]),
  );
  return { listed, any, all: grammars };
}

function grammarSet(grammars: readonly FormatGrammar[]): GrammarSet {
  const at = (place: Place) =>
    byFirstChar(grammars.filter((g) => PLACES[place].includes(g.anchor)));
  return { midLine: at('midLine'), lineStart: at('lineStart'), answerStart: at('answerStart') };
}

export const ANSWER_GRAMMARS = grammarSet(GRAMMARS);
export const REASONING_GRAMMARS = grammarSet(GRAMMARS.filter((g) => g.inReasoning));

/**
 * The grammars of `set` whose opener matches at `at` (or may: the text ends inside it), in
 * the order they are tried; undefined when none does, as at most positions.
 */
export function openingGrammars(
  set: GrammarSet,
  place: Place,
  text: string,
  at: number,
): FormatGrammar[] | undefined {
  const { listed, any, all } = set[place];
  const candidates = at >= text.length ? all : (listed.get(text[at]) ?? any);
  let open: FormatGrammar[] | undefined;
  for (const grammar of candidates) {
    if (openerAt(grammar, text, at) !== 'no') (open ??= []).push(grammar);
  }
  return open;
}

/** The characters a block may start with in the middle of a line. */
const MID_LINE_CHARS = new Set(ANSWER_GRAMMARS.midLine.listed.keys());

/**
 * For a mid-line first character whose grammars all open with words: those words. At such
 * a character a block can open only where the text agrees with one of them as far as both
 * go; most `t`, `c` and `f` of prose are ruled out so, without asking the grammars.
 */
const OPENING_WORDS = new Map(
  [...ANSWER_GRAMMARS.midLine.listed].flatMap(([first, grammars]) => {
    if (grammars.some((g) => typeof g.openers === 'function')) return [];
    const words = grammars.flatMap((g) => g.openers as readonly string[]);
    return [[first, words.filter((word) => word[0] === first)] as const];
  }),
);

/** Whether the text from `at` disagrees with `word` before either ends. */
function disagrees(text: string, at: number, word: string): boolean {
  const length = Math.min(word.length, text.length - at);
  for (let i = 1; i < length; i += 1) if (text[at + i] !== word[i]) return true;
  return false;
}

/** Whether no block can open at `text[at]`, a mid-line candidate, by the words it would start. */
function ruledOut(text: string, at: number): boolean {
  const words = OPENING_WORDS.get(text[at]);
  return words !== undefined && words.every((word) => disagrees(text, at, word));
}

const CANDIDATE_CHAR = new RegExp(
  `[\\n${[...MID_LINE_CHARS].map((ch) => ch.replace(/[\\\]^-]/g, '\\$&')).join('')}]`,
  'g',
);

/**
 * The first position from `at` that needs judging by its characters: after a newline, or
 * at a character a block may start with mid-line; `text.length` when there is none.
 */
function nextByChars(text: string, at: number): number {
  const search = CANDIDATE_CHAR;
  search.lastIndex = at;
  for (let found = search.exec(text); found; found = search.exec(text)) {
    // After a newline, the line start is the candidate (a newline itself is none).
    if (found[0] === '\n') return found.index + 1;
    if (!ruledOut(text, found.index)) return found.index;
  }
  return text.length;
}

/**
 * The first position from `from` that needs judging: a line start, a character a block may
 * start with mid-line (unless the text after it rules it out), or `answer`;
 * `text.length` when there is none before the end. Most of an ordinary answer is passed
 * over by a regular-expression search.
 */
export function nextCandidatePosition(
  text: string,
  from: number,
  answer: number | undefined,
): number {
  if (from >= text.length || from === 0 || text[from - 1] === '\n' || from === answer) return from;
  const next = nextByChars(text, from);
  return answer !== undefined && answer > from && answer < next ? answer : next;
}

/**
 * Whether a piece of text may hold a position to judge: a line start, or a character a
 * block may start with mid-line that the rest of the piece does not rule out.
 */
export function mayNeedJudging(piece: string): boolean {
  return piece.includes('\n') || nextByChars(piece, 0) < piece.length;
}
