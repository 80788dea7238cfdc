import type { CodeLanguage } from './code-lexer';
import { codeEffects } from './code-effects';
import type { Arg } from './expand-word';
import { emitState, inner } from './program-state';
import { knownStdin } from './stdin-text';
import type { State, Walker, Where } from './walk-types';
import { own } from './own-key';

interface InterpreterSpec {
  language: CodeLanguage;
  /** Options whose value is the program text. */
  code: string[];
  /** Other options that take a value. */
  values: string[];
}

const PYTHON: InterpreterSpec = {
  language: 'python',
  code: ['-c'],
  values: ['-m', '-W', '-X', '-Q'],
};
const NODE: InterpreterSpec = {
  language: 'javascript',
  code: ['-e', '--eval', '-p', '--print'],
  values: [
    '-r',
    '--require',
    '--import',
    '--loader',
    '--experimental-loader',
    '-C',
    '--conditions',
    '--input-type',
    '--env-file',
    '--title',
    '--max-old-space-size',
    '--stack-size',
  ],
};
const SPECS: Record<string, InterpreterSpec> = {
  node: NODE,
  nodejs: NODE,
  bun: NODE,
  ruby: { language: 'ruby', code: ['-e'], values: ['-r', '-I', '-C', '-E', '-F'] },
  perl: { language: 'perl', code: ['-e', '-E'], values: ['-I', '-M', '-m', '-x'] },
  php: { language: 'php', code: ['-r'], values: ['-c', '-d', '-z', '-f', '-S', '-t'] },
};

/** The interpreters whose inline code is read: python3.x, node, bun, deno, ruby, perl, php. */
export function interpreterSpec(name: string): InterpreterSpec | undefined {
  if (/^(python|pypy)(\d+(\.\d+)*)?$/.test(name)) return PYTHON;
  if (name === 'deno') return { ...NODE, code: [] };
  return own(SPECS, name);
}

/** The program text an interpreter runs: from an option, or from a known standard input. */
export interface InlineCode {
  text: string | undefined;
  from: 'option' | 'stdin';
}

/** Where the code comes from, or undefined when it runs a script file (or nothing known). */
export function inlineCode(st: State, spec: InterpreterSpec): InlineCode | undefined {
  const { args } = st;
  const texts: (string | undefined)[] = [];
  let i = 1;
  if (args[0].value?.endsWith('deno')) {
    if (args[1]?.value === 'eval') return { text: args[2]?.value, from: 'option' };
    i = args[1]?.value === 'run' ? 2 : 1;
  }
  let script: Arg | undefined;
  for (; i < args.length; i++) {
    const a = args[i].value;
    if (a === undefined) return texts.length ? undefined : { text: undefined, from: 'option' };
    if (a === '--') {
      script = args[i + 1];
      break;
    }
    const attached = spec.code.find(
      (o) => !o.startsWith('--') && a.startsWith(o) && a.length > o.length,
    );
    const cluster = spec.language === 'perl' && /^-[a-zA-Z0-9.]*[eE]$/.test(a);
    if (spec.code.includes(a) || cluster) {
      texts.push(args[++i]?.value);
      if (spec.language === 'python') break;
    } else if (attached) {
      texts.push(a.slice(attached.length));
      if (spec.language === 'python') break;
    } else if (a.startsWith('--') && spec.code.some((o) => a.startsWith(`${o}=`))) {
      texts.push(a.slice(a.indexOf('=') + 1));
    } else if (a === '-m' && spec.language === 'python') {
      return undefined;
    } else if (spec.values.includes(a)) i++;
    else if (!a.startsWith('-') || a === '-') {
      script = args[i];
      break;
    }
  }
  if (texts.length > 0) {
    return texts.every((t) => t !== undefined)
      ? { text: texts.join('\n'), from: 'option' }
      : { text: undefined, from: 'option' };
  }
  if (script && script.value !== '-') return undefined;
  const stdin = knownStdin(st.seed, st.where);
  if (stdin.source === undefined || stdin.source === 'file') return undefined;
  return { text: stdin.text, from: 'stdin' };
}

const lit = (value: string): Arg => ({ value, glob: false, raw: value });

/**
 * An interpreter with code on its command line or its standard input: the part carries
 * what the code deletes and writes, and the commands it starts are walked as parts.
 */
export function interpreter(w: Walker, st: State, spec: InterpreterSpec): void {
  const code = inlineCode(st, spec);
  if (code === undefined || code.text === undefined) return emitState(w, st);
  const effects = codeEffects(code.text, spec.language);
  w.emit(st.seed, st.where, st.args, {
    wrappers: st.wrappers,
    matchArgs: st.matchArgs,
    code: effects,
  });
  const name = st.args[0].value ?? spec.language;
  const via = `${name.split('/').pop()} code`;
  // What the code starts gets none of the interpreter's input or redirections.
  const seed = { text: st.seed.text, assigns: [], redirects: [], subPrograms: [] };
  const where: Where = { ...inner(st, via), stdin: undefined, stdinText: undefined, upstream: [] };
  for (const spawn of effects.spawns) {
    switch (spawn.kind) {
      case 'line':
        w.nestedText(spawn.text, { ...where, via: st.where.via }, via, st.seed.text);
        break;
      case 'argv':
        w.run(
          spawn.argv.map((v) =>
            v === undefined
              ? { value: undefined, glob: false, raw: '…', unknown: spawn.call }
              : lit(v),
          ),
          seed,
          where,
        );
        break;
      case 'unknown':
        emitState(w, st, `runs commands only known at run time (${spawn.call} in ${via})`);
        break;
    }
  }
}
