/**
 * The syntax tree of a shell command as the permission analysis sees it: enough of
 * bash's grammar to find every command that would run, not an interpreter.
 */

/** One piece of a word. `quoted` pieces take no glob, tilde or brace expansion. */
export type Segment =
  | { kind: 'lit'; text: string; quoted: boolean }
  /** `$NAME`, `${NAME}`; `complex` for `${X:-y}` and friends (value unknown). */
  | { kind: 'var'; name: string; quoted: boolean; complex: boolean; nested: Script[] }
  /** `$(...)` or backticks. */
  | { kind: 'cmdsub'; script: Script; quoted: boolean; source: string }
  /** `<(...)` or `>(...)`. */
  | { kind: 'procsub'; dir: '<' | '>'; script: Script; source: string }
  /** `$((...))`; `nested` holds command substitutions found inside. */
  | { kind: 'arith'; quoted: boolean; nested: Script[] };

export interface Word {
  segs: Segment[];
  /** The word as written. */
  raw: string;
}

export type RedirectOp =
  '>' | '>>' | '>|' | '<' | '<>' | '&>' | '&>>' | '>&' | '<&' | '<<' | '<<-' | '<<<';

export interface HereDoc {
  delimiter: string;
  /** A quoted delimiter (`<<'EOF'`) means the body is taken literally. */
  quoted: boolean;
  body: string;
  /** Filled once the body has been read (at the next newline). */
  complete: boolean;
}

export interface Redirect {
  fd: number | null;
  op: RedirectOp;
  /** The file (or fd for `>&`); absent for here-docs. */
  target: Word | null;
  heredoc?: HereDoc;
}

export interface Assignment {
  name: string;
  /** Null for arrays (`a=(1 2)`): their value is not tracked. */
  value: Word | null;
}

export interface SimpleCommand {
  type: 'simple';
  assigns: Assignment[];
  words: Word[];
  redirects: Redirect[];
  /** The command as written (without here-document bodies). */
  text: string;
}

/** `( )`, `{ }`, if, while, until, for, case, `(( ))`: their lists run in order. */
export interface CompoundCommand {
  type: 'compound';
  kind: 'subshell' | 'brace' | 'if' | 'loop' | 'for' | 'case' | 'arith';
  lists: Script[];
  /** for-in words, the case subject, arithmetic contents: expanded but never run. */
  words: Word[];
  /** The loop variable of `for NAME in`. */
  varName?: string;
  redirects: Redirect[];
  text: string;
}

export interface FunctionDef {
  type: 'function';
  name: string;
  body: Command;
}

export type Command = SimpleCommand | CompoundCommand | FunctionDef;

export interface Pipeline {
  commands: Command[];
  /** Ended by `&`. */
  background: boolean;
}

/** A list of pipelines in the order they appear (`;`, `&&`, `||`, `&`, newlines). */
export type Script = Pipeline[];

export class ShellSyntaxError extends Error {}
