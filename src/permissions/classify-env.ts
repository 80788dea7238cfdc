import path from 'node:path';
import type { CommandPart } from './shell/command-part';
import { isDangerousVar } from './shell/command-part';
import { trustedCodeLocation } from './paths';
import { notUnderstood, risky, workspace, type ClassifyContext, type Verdict } from './risk';
import { own } from './shell/own-key';

/** Variables that make programs load libraries or code from the directories they list. */
const CODE_PATHS =
  /^(PATH|LD_PRELOAD|LD_LIBRARY_PATH|LD_AUDIT|DYLD_INSERT_LIBRARIES|DYLD_\w*PATH|GCONV_PATH|PYTHONPATH|PYTHONSTARTUP|PYTHONHOME|PYTHONUSERBASE|NODE_PATH|PERL5LIB|PERLLIB|RUBYLIB|BASH_ENV|ENV|ZDOTDIR|GIT_EXEC_PATH|GIT_TEMPLATE_DIR|GIT_CONFIG_GLOBAL|GIT_CONFIG_SYSTEM|GIT_CONFIG|LUA_PATH|LUA_CPATH|CLASSPATH)$/;

const HISTORY = /^(HISTFILE|HISTSIZE|HISTFILESIZE)$/;

/** Variables that inject a library into the programs a command starts. */
const INJECTED = /^(LD_PRELOAD|LD_AUDIT|DYLD_INSERT_LIBRARIES|GCONV_PATH)$/;

/** Variables holding interpreter options, some of which load code: `NODE_OPTIONS=--require x`. */
const CODE_OPTIONS: Record<string, RegExp> = {
  NODE_OPTIONS: /^(?:--require|-r|--import|--loader|--experimental-loader)(?:=(.+))?$/,
  RUBYOPT: /^-r(.+)?$/,
  PERL5OPT: /^-[Mm]-?(.+)?$/,
  JAVA_TOOL_OPTIONS: /^-(?:javaagent|agentpath):([^=]+)/,
  _JAVA_OPTIONS: /^-(?:javaagent|agentpath):([^=]+)/,
  JDK_JAVA_OPTIONS: /^-(?:javaagent|agentpath):([^=]+)/,
};

/**
 * What the variables a command sets make it do: loading libraries or programs from
 * outside the system, the roots and home (`LD_PRELOAD=/tmp/x.so`, `PATH=/tmp:$PATH`)
 * runs foreign code; IFS changes how words split.
 */
export function assignmentVerdicts(part: CommandPart, ctx: ClassifyContext): Verdict[] {
  const assigns = [...part.assigns, ...exported(part)];
  const out: Verdict[] = [];
  const words = part.argv.slice(1).map((a) => a.value);
  const unsetsHistory = part.name === 'unset' && words.some((w) => w && HISTORY.test(w));
  const setOff = part.name === 'set' && words.join(' ').includes('+o history');
  if (unsetsHistory || setOff) out.push(risky('hides commands from the shell history'));
  for (const a of assigns) {
    if (a.name === 'IFS') out.push(risky('changes IFS (how the shell splits words)'));
    else if (HISTORY.test(a.name) && (a.name === 'HISTFILE' || a.value === '0')) {
      out.push(risky(`hides commands from the shell history (${a.name})`));
    } else if (CODE_PATHS.test(a.name)) out.push(codePathVerdict(a, part, ctx));
    else if (own(CODE_OPTIONS, a.name)) out.push(codeOptionVerdict(a, part, ctx));
    else if (/^GIT_CONFIG_(KEY|VALUE)_\d+$|^GIT_CONFIG_PARAMETERS$/.test(a.name)) {
      out.push(risky(`sets git config from the environment (${a.name}), which can run commands`));
    } else if (isDangerousVar(a.name)) out.push(workspace(`sets ${a.name}`));
  }
  return out;
}

/** `export NAME=value` and friends set variables too. */
function exported(part: CommandPart): CommandPart['assigns'] {
  if (!/^(export|declare|typeset|local|readonly)$/.test(part.name)) return [];
  return part.argv.slice(1).flatMap((arg) => {
    const m = /^([A-Za-z_]\w*)=(.*)$/s.exec(arg.value ?? arg.raw);
    if (!m) return [];
    const raw = arg.raw.startsWith(`${m[1]}=`) ? arg.raw.slice(m[1].length + 1) : m[2];
    return [{ name: m[1], value: arg.value === undefined ? undefined : m[2], raw }];
  });
}

type Assign = CommandPart['assigns'][number];

function codePathVerdict(a: Assign, part: CommandPart, ctx: ClassifyContext): Verdict {
  const text = a.raw ?? a.value;
  if (text === undefined)
    return risky(`loads code from a place only known at run time (${a.name})`);
  const sep = /^(LD_PRELOAD)$/.test(a.name) ? /[:\s]+/ : /:/;
  for (const entry of unquote(text).split(sep)) {
    const abs = entryPath(entry, a.name, part, ctx);
    if (abs === null) continue;
    if (abs === undefined) {
      return risky(`loads code from a place only known at run time (${a.name}=${text})`);
    }
    if (!trustedCodeLocation(abs, ctx.roots, ctx.home)) {
      return risky(`runs foreign code: ${a.name} makes it load code from ${abs}`);
    }
  }
  // A library forced into every program it starts is never plain workspace work.
  if (INJECTED.test(a.name)) return notUnderstood(`loads ${text} into every program (${a.name})`);
  return workspace(`sets ${a.name}`);
}

function codeOptionVerdict(a: Assign, part: CommandPart, ctx: ClassifyContext): Verdict {
  const value = a.value;
  if (value === undefined) return risky(`sets ${a.name} to options only known at run time`);
  const words = value.split(/\s+/).filter(Boolean);
  const re = own(CODE_OPTIONS, a.name)!;
  for (let i = 0; i < words.length; i++) {
    const m = re.exec(words[i]);
    if (!m) continue;
    const target = m[1] ?? words[++i];
    if (target === undefined) continue;
    // A bare module name (`ts-node/register`) resolves in the project's own packages.
    if (!/^[./~]/.test(target)) continue;
    const abs = entryPath(target, a.name, part, ctx);
    if (abs === undefined || (abs !== null && !trustedCodeLocation(abs, ctx.roots, ctx.home))) {
      return risky(`runs foreign code: ${a.name} loads ${target}`);
    }
  }
  return workspace(`sets ${a.name}`);
}

function unquote(text: string): string {
  return text.replace(/^(['"])(.*)\1$/s, '$2');
}

/**
 * The absolute path of one list entry: null when it adds nothing foreign (`$PATH`, an
 * empty entry), undefined when it is only known at run time.
 */
function entryPath(
  entry: string,
  name: string,
  part: CommandPart,
  ctx: ClassifyContext,
): string | null | undefined {
  const e = entry.replace(/^(['"])(.*)\1$/s, '$2');
  if (e === '' || e === `$${name}` || e === `\${${name}}`) return null;
  const expanded = e.replace(/^(~|\$HOME|\$\{HOME\})(?=\/|$)/, ctx.home);
  if (/[$`]/.test(expanded)) return undefined;
  if (path.isAbsolute(expanded)) return path.resolve(expanded);
  return part.cwd === undefined ? undefined : path.resolve(part.cwd, expanded);
}
