import type { CommandPart } from './command-part';
import { staticOutputOf } from './static-output';
import type { Seed, Where } from './walk-types';

/**
 * What a pipeline stage writes, when it is known without running anything: `echo`/`printf`
 * with known arguments, or `cat` passing on a here-document or here-string.
 */
export function staticPipeOutput(upstream: readonly CommandPart[]): string | undefined {
  if (upstream.length !== 1) return undefined;
  const [part] = upstream;
  if (part.argv.some((a) => a.value === undefined)) return undefined;
  const words = part.argv.map((a) => a.value!);
  if (part.name === 'cat' && words.slice(1).every((w) => w === '-')) {
    const fed = part.stdin === 'heredoc' || part.stdin === 'herestring';
    return fed ? part.stdinText : undefined;
  }
  return staticOutputOf(words);
}

/** Where a command's standard input comes from, and its text when that is known. */
export interface KnownStdin {
  source: CommandPart['stdin'];
  text: string | undefined;
}

/** The standard input of the command `seed` describes: its own here-doc, or what flows in. */
export function knownStdin(seed: Seed, where: Where): KnownStdin {
  const source = seed.stdin ?? where.stdin;
  switch (source) {
    case 'heredoc':
    case 'herestring':
      return { source, text: seed.stdin ? seed.stdinText : where.stdinText };
    case 'pipe':
      return { source, text: where.extraArgs ? undefined : staticPipeOutput(where.upstream) };
    case 'file':
    case undefined:
      return { source, text: undefined };
  }
}
