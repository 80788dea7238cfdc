import type { CodeEffects } from './code-effects';
import type { CommandPart, PartRedirect } from './command-part';
import type { Arg } from './expand-word';

/** Where a command sits: what it runs under and what feeds it. */
export interface Where {
  via: string[];
  wrappers: string[];
  upstream: CommandPart[];
  stdin?: CommandPart['stdin'];
  stdinText?: string;
  background: boolean;
  pipelineSize: number;
  inFunctions: string[];
  extraArgs: boolean;
  /** The files the extra arguments may be, when a command listing files feeds them (xargs). */
  listed?: Arg[];
  depth: number;
  /** Set inside a command given by an option or variable (`rg --pre X`): its channel. */
  hidden?: string;
}

/** What the syntax of one simple command says, before its program is looked at. */
export interface Seed {
  text: string;
  assigns: CommandPart['assigns'];
  redirects: PartRedirect[];
  stdin?: CommandPart['stdin'];
  stdinText?: string;
  subPrograms: string[];
  /** The seed this one was derived from (`env X=1 cmd` adds assignments to a copy). */
  base?: Seed;
}

export interface EmitOptions {
  wrappers: string[];
  /** The arguments rules match against (safe wrappers stripped); `args` when absent. */
  matchArgs?: Arg[];
  unparseable?: string;
  /** What inline interpreter code does. */
  code?: CodeEffects;
}

/**
 * What the program handlers need of the walker. They receive it as a parameter, so the
 * walker, the wrapper handling and the nested-program readers never import each other
 * in a circle.
 */
export interface Walker {
  /** Record one command part. */
  emit(seed: Seed, where: Where, args: Arg[], opts: EmitOptions): void;
  /** Analyse a string the shell will run (`bash -c`, eval); `args` become `$0`, `$1`... */
  nestedText(text: string, where: Where, via: string, seedText: string, args?: Arg[]): void;
  /** Record a part that cannot be analysed with confidence. */
  unparseable(text: string, where: Where, reason: string): void;
  /** Look through wrappers to the program `argv` runs, and into what it runs. */
  run(argv: Arg[], seed: Seed, where: Where): void;
  /**
   * A command given to a program by an option or variable (`rg --pre X`, `GIT_PAGER=X`);
   * `text` undefined when it is only known at run time.
   */
  hook(text: string | undefined, where: Where, channel: string, seedText: string): void;
}

/** The unwrapping state of one simple command. */
export interface State {
  args: Arg[];
  /** The arguments rules match against (safe wrappers stripped). */
  matchArgs: Arg[];
  wrappers: string[];
  where: Where;
  seed: Seed;
}
