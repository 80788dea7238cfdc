import path from 'node:path';
import { isDangerousVar, type CommandPart } from './command-part';
import { WRAPPERS, programName } from './command-wrappers';
import { renderArgs, renderRedirect } from './part-text';
import { staticOutputOf } from './static-output';
import { listedFiles } from './listed-files';
import { expandWord, type Arg, type ExpandEnv } from './expand-word';
import { runProgram } from './program-handlers';
import {
  ShellSyntaxError,
  type Command,
  type CompoundCommand,
  type Redirect,
  type Script,
  type SimpleCommand,
  type Word,
} from './ast';
import { MAX_NESTING } from './lexer';
import { parseShell, parseSubstitutions } from './parser';
import { COMMAND_VARIABLES, variableCommand } from './program-hooks';
import type { EmitOptions, Seed, Walker, Where } from './walk-types';

const MAX_PARTS = 400;

/** Walks a parsed script in order, tracking variables and `cd`, and collects its parts. */
export class ShellWalker implements Walker {
  readonly parts: CommandPart[] = [];
  readonly vars = new Map<string, string | undefined>();
  readonly env: ExpandEnv;
  cwd: string | undefined;
  private readonly functions = new Set<string>();
  private envChanged: string | undefined;
  /** Seeds whose command variables (`GIT_PAGER=x`) were walked already. */
  private readonly hooked = new WeakSet<Seed>();

  constructor(home: string, cwd: string) {
    this.cwd = cwd;
    this.vars.set('PWD', cwd);
    this.env = {
      home,
      vars: this.vars,
      staticOutput: (s) => this.staticOutput(s),
      listedOutput: (s) => this.listedOutput(s),
    };
  }

  script(script: Script, where: Where): void {
    for (const pipeline of script) {
      let upstream = where.upstream;
      pipeline.commands.forEach((cmd, i) => {
        const before = this.parts.length;
        this.command(cmd, {
          ...where,
          upstream,
          stdin: i > 0 ? 'pipe' : where.stdin,
          stdinText: i > 0 ? undefined : where.stdinText,
          background: where.background || pipeline.background,
          pipelineSize: Math.max(where.pipelineSize, pipeline.commands.length),
        });
        upstream = [...upstream, ...this.parts.slice(before)];
      });
    }
  }

  private command(cmd: Command, where: Where): void {
    if (this.parts.length > MAX_PARTS)
      throw new ShellSyntaxError('the command is too long to analyse');
    if (cmd.type === 'simple') return this.simple(cmd, where);
    if (cmd.type === 'function') {
      this.functions.add(cmd.name);
      return this.command(cmd.body, { ...where, inFunctions: [...where.inFunctions, cmd.name] });
    }
    this.compound(cmd, where);
  }

  private compound(cmd: CompoundCommand, where: Where): void {
    const before = this.parts.length;
    cmd.words.forEach((w) => this.substitutions(w, where));
    const seed = this.seed(cmd.text.split('\n')[0], [], cmd.redirects, where, before);
    if (seed.redirects.length > 0) this.emit(seed, where, [], { wrappers: where.wrappers });
    if (cmd.varName) this.vars.set(cmd.varName, undefined);
    const inner = seed.stdin ? { ...where, stdin: seed.stdin, stdinText: seed.stdinText } : where;
    for (const list of cmd.lists) this.script(list, inner);
  }

  private simple(cmd: SimpleCommand, where: Where): void {
    const before = this.parts.length;
    for (const a of cmd.assigns) if (a.value) this.substitutions(a.value, where);
    cmd.words.forEach((w) => this.substitutions(w, where));
    const argv = cmd.words.flatMap((w) => expandWord(w, this.env));
    const assigns = cmd.assigns.map((a) => ({
      name: a.name,
      value: a.value ? joinValues(expandWord(a.value, this.env)) : undefined,
      raw: a.value?.raw ?? '',
    }));
    const seed = this.seed(cmd.text, assigns, cmd.redirects, where, before);
    if (argv.length === 0) {
      for (const a of assigns) this.setVar(a.name, a.value);
      this.emit(seed, where, [], { wrappers: where.wrappers });
      return;
    }
    this.run(argv, seed, where);
    if (!this.hooked.has(seed) && (seed.redirects.length > 0 || seed.assigns.length > 0)) {
      // `bash -c '…' > f`, `X=1 eval …`: the program was looked into rather than recorded,
      // but its redirections and variables still apply.
      this.emit(seed, where, [], { wrappers: where.wrappers });
    }
  }

  private seed(
    text: string,
    assigns: Seed['assigns'],
    redirects: Redirect[],
    where: Where,
    before: number,
  ): Seed {
    const seed: Seed = { text, assigns, redirects: [], subPrograms: [] };
    for (const r of redirects) {
      if (r.target) this.substitutions(r.target, where);
      if (r.heredoc) {
        seed.stdin = 'heredoc';
        seed.stdinText = r.heredoc.body;
        if (!r.heredoc.quoted) this.substitutionsInText(r.heredoc.body, where, seed.text);
        continue;
      }
      const fields = r.target ? expandWord(r.target, this.env) : [];
      const target: Arg =
        fields.length === 1
          ? fields[0]
          : { value: undefined, glob: false, raw: r.target?.raw ?? '', unknown: r.target?.raw };
      if (r.op === '<<<') {
        seed.stdin = 'herestring';
        seed.stdinText = target.value;
      } else if (r.op === '<') {
        if (r.fd === null || r.fd === 0) seed.stdin = 'file';
        seed.redirects.push({ kind: 'read', op: r.op, fd: r.fd, target });
      } else if ((r.op === '>&' || r.op === '<&') && /^(\d+|-)$/.test(target.value ?? '')) {
        seed.redirects.push({ kind: 'dup', op: r.op, fd: r.fd, target });
      } else if (r.op !== '<&') seed.redirects.push({ kind: 'write', op: r.op, fd: r.fd, target });
    }
    seed.subPrograms = this.parts.slice(before).map((p) => p.name);
    return seed;
  }

  /** Emit the commands inside `$(...)`, backticks and `<(...)` of a word. */
  private substitutions(word: Word, where: Where): void {
    const sub: Where = { ...where, via: [...where.via, '$(...)'], upstream: [], stdin: undefined };
    for (const seg of word.segs) {
      if (seg.kind === 'cmdsub' || seg.kind === 'procsub') this.script(seg.script, sub);
      else if (seg.kind !== 'lit') seg.nested.forEach((s) => this.script(s, sub));
    }
  }

  private substitutionsInText(text: string, where: Where, seedText: string): void {
    try {
      const sub: Where = {
        ...where,
        via: [...where.via, 'here-doc'],
        upstream: [],
        stdin: undefined,
      };
      for (const s of parseSubstitutions(text, where.depth + 1)) this.script(s, sub);
    } catch (err) {
      if (!(err instanceof ShellSyntaxError)) throw err;
      this.unparseable(seedText, where, `the here-document cannot be parsed: ${err.message}`);
    }
  }

  /** Analyse a string the shell will run (`bash -c`, eval, `su -c`). `$0`, `$1`... are `args`. */
  nestedText(text: string, where: Where, via: string, seedText: string, args: Arg[] = []): void {
    const saved = new Map(
      ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '@', '*'].map((k) => [
        k,
        this.vars.get(k),
      ]),
    );
    args.forEach((a, i) => i < 10 && this.vars.set(String(i), a.value));
    const rest = args.slice(1);
    const all = rest.every((a) => a.value !== undefined)
      ? rest.map((a) => a.value).join(' ')
      : undefined;
    if (args.length > 0) ['@', '*'].forEach((k) => this.vars.set(k, all));
    try {
      if (where.depth + 1 > MAX_NESTING)
        throw new ShellSyntaxError('the command is nested too deeply');
      const script = parseShell(text, where.depth + 1);
      this.script(script, { ...where, via: [...where.via, via], depth: where.depth + 1 });
    } catch (err) {
      if (!(err instanceof ShellSyntaxError)) throw err;
      this.unparseable(seedText, where, `the ${via} script cannot be parsed: ${err.message}`);
    } finally {
      for (const [k, v] of saved) {
        if (v === undefined) this.vars.delete(k);
        else this.vars.set(k, v);
      }
    }
  }

  unparseable(text: string, where: Where, reason: string): void {
    const seed: Seed = { text, assigns: [], redirects: [], subPrograms: [] };
    this.emit(seed, where, [], { wrappers: where.wrappers, unparseable: reason });
  }

  run(argv: Arg[], seed: Seed, where: Where): void {
    runProgram(this, argv, seed, where);
  }

  hook(text: string | undefined, where: Where, channel: string, seedText: string): void {
    const hidden: Where = {
      ...where,
      hidden: channel,
      stdin: undefined,
      stdinText: undefined,
      upstream: [],
    };
    if (text === undefined) {
      this.unparseable(seedText, hidden, `runs a program only known at run time (${channel})`);
    } else this.nestedText(text, hidden, channel, seedText);
  }

  /** `GIT_EXTERNAL_DIFF=x git diff`: the command a variable names runs too. */
  private commandVariables(
    assigns: readonly { name: string; value: string | undefined }[],
    where: Where,
    seedText: string,
  ): void {
    for (const a of assigns) {
      if (!COMMAND_VARIABLES.has(a.name)) continue;
      if (a.value === '') continue;
      this.hook(
        a.value === undefined ? undefined : variableCommand(a.value),
        where,
        a.name,
        seedText,
      );
    }
  }

  emit(seed: Seed, where: Where, args: Arg[], opts: EmitOptions): void {
    if (!this.hooked.has(seed)) {
      this.hooked.add(seed);
      if (seed.base) this.hooked.add(seed.base);
      this.commandVariables(seed.assigns, where, seed.text);
    }
    const head = args[0]?.value;
    const { name, qualified } = head ? programName(head) : { name: '', qualified: false };
    const risky = seed.assigns.filter((a) => isDangerousVar(a.name));
    const matchArgs = opts.matchArgs ?? args;
    let matchText = renderArgs(matchArgs, risky);
    // `sudo bash -c 'rm x'`: the inner part must not match a rule written for plain `rm`.
    const privileged = opts.wrappers.filter((x) => WRAPPERS[x]?.privileged);
    const first = matchArgs[0]?.value;
    if (privileged.length > 0 && !(first && WRAPPERS[programName(first).name]?.privileged)) {
      matchText = `${privileged.join(' ')} ${matchText}`;
    }
    const part: CommandPart = {
      text: seed.text,
      matchText,
      coreText: renderArgs(args, risky),
      fullText: [matchText, ...seed.redirects.map(renderRedirect)].filter(Boolean).join(' '),
      argv: args,
      name,
      qualified,
      wrappers: opts.wrappers,
      assigns: seed.assigns,
      redirects: seed.redirects,
      stdin: seed.stdin ?? where.stdin,
      stdinText: seed.stdin ? seed.stdinText : where.stdinText,
      upstream: where.upstream,
      subPrograms: seed.subPrograms,
      cwd: this.cwd,
      via: where.via,
      extraArgs: where.extraArgs,
      inFunctions: where.inFunctions,
      callsFunction: this.functions.has(name),
      background: where.background,
      pipelineSize: where.pipelineSize,
    };
    if (opts.unparseable) part.unparseable = opts.unparseable;
    if (this.envChanged) part.envChanged = this.envChanged;
    if (opts.code) part.code = opts.code;
    if (where.hidden) part.hidden = where.hidden;
    if (where.listed) part.listedFiles = where.listed;
    this.parts.push(part);
    if (opts.wrappers.length === 0 && !where.extraArgs) this.track(part, where);
  }

  /** Builtins that change the state later commands see: cd, export, read, unset. */
  private track(part: CommandPart, where: Where): void {
    const [, ...args] = part.argv;
    const values = args.map((a) => a.value);
    switch (part.name) {
      case 'cd':
      case 'pushd': {
        const target = args.find((a) => !/^-[LPe@]+$/.test(a.value ?? ''));
        const dir = target ? target.value : this.env.home;
        const base = this.cwd;
        this.cwd =
          dir === undefined || dir === '-' || (base === undefined && !path.isAbsolute(dir))
            ? undefined
            : path.resolve(base ?? '/', dir);
        this.vars.set('PWD', this.cwd);
        return;
      }
      case 'popd':
        this.cwd = undefined;
        this.vars.set('PWD', undefined);
        return;
      case 'export':
      case 'declare':
      case 'typeset':
      case 'local':
      case 'readonly':
        for (const v of values) {
          const m = v === undefined ? null : /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(v);
          if (m) this.setVar(m[1], m[2]);
          if (m) this.commandVariables([{ name: m[1], value: m[2] }], where, part.text);
        }
        if (values.some((v) => v === undefined)) this.envChanged ??= 'an unknown variable';
        return;
      case 'read':
      case 'mapfile':
      case 'readarray':
      case 'unset':
        for (const v of values) if (v && /^[A-Za-z_]\w*$/.test(v)) this.setVar(v, undefined);
        return;
    }
  }

  private setVar(name: string, value: string | undefined): void {
    this.vars.set(name, value);
    if (isDangerousVar(name)) this.envChanged = name;
  }

  /** The output of `$(which rm)`, `$(command -v rm)`, `$(echo rm)`: known without running. */
  private staticOutput(script: Script): string | undefined {
    const args = this.soleCommandArgs(script);
    if (!args || args.length === 0 || args.some((a) => a.value === undefined || a.glob)) {
      return undefined;
    }
    return staticOutputOf(args.map((a) => a.value!));
  }

  /** The files `$(find ~ -name id_rsa)` may print (listed-files.ts). */
  private listedOutput(script: Script): Arg[] | undefined {
    const args = this.soleCommandArgs(script);
    return args ? listedFiles(args) : undefined;
  }

  /** The words of a `$(...)` that is one simple command, expanded; else undefined. */
  private soleCommandArgs(script: Script): Arg[] | undefined {
    const cmd =
      script.length === 1 && script[0].commands.length === 1 ? script[0].commands[0] : null;
    if (!cmd || cmd.type !== 'simple' || cmd.redirects.length > 0 || cmd.assigns.length > 0) {
      return undefined;
    }
    return cmd.words.flatMap((w) => expandWord(w, this.env));
  }
}

function joinValues(args: Arg[]): string | undefined {
  return args.every((a) => a.value !== undefined) ? args.map((a) => a.value).join(' ') : undefined;
}
