import type { Arg } from './expand-word';
import { own } from './own-key';

/**
 * Variables whose value is a command that programs run: git's external diff, pager,
 * editor and ssh; editors, pagers and askpass helpers; less's input filter.
 */
export const COMMAND_VARIABLES = new Set(
  `GIT_EXTERNAL_DIFF GIT_PAGER PAGER MANPAGER GIT_EDITOR EDITOR VISUAL GIT_SEQUENCE_EDITOR
  GIT_SSH_COMMAND GIT_SSH GIT_ASKPASS SSH_ASKPASS SUDO_ASKPASS GIT_PROXY_COMMAND BROWSER
  LESSOPEN LESSCLOSE FCEDIT PROMPT_COMMAND SYSTEMD_PAGER GH_PAGER GH_EDITOR KUBE_EDITOR
  SVN_EDITOR HGEDITOR GIT_DIFF_OPTS_COMMAND RSYNC_RSH CVS_RSH KUBECTL_EXTERNAL_DIFF`
    .split(/\s+/)
    .filter(Boolean),
);

/** The command a variable's value names (`|lesspipe %s` -> `lesspipe %s`). */
export function variableCommand(value: string): string {
  return value.replace(/^\s*\|+/, '');
}

/** Options that name a program to run, per program (elsewhere `--pre` is a flag, as in pip). */
const PER_PROGRAM: Record<string, string[]> = {
  rg: ['--pre'],
  fzf: ['--preview'],
  tar: ['-I', '-F'],
  rsync: ['-e'],
  scp: ['-S'],
  man: ['-P'],
  zip: ['-TT'],
  nodemon: ['-x'],
};

/** Long options whose value is a command in any program: `--to-command`, `--use-compress-program`. */
const LONG =
  /^--(exec|extcmd|rsh|pager|editor|upload-pack|receive-pack|[\w-]+-(program|command|cmd|exec|pager|editor|shell|askpass|helper|hook|bin|script))$/;

/** ssh's `-o` settings that run a local command. */
const SSH_COMMAND_SETTINGS = /^(ProxyCommand|LocalCommand|KnownHostsCommand|RemoteCommand)=(.*)$/is;

export interface OptionCommand {
  /** How the command is given, for messages: `rg --pre`. */
  channel: string;
  value: Arg;
}

/** The commands a program's options tell it to run (`rg --pre X`, `rsync -e 'ssh -p 2'`). */
export function optionCommands(name: string, args: readonly Arg[]): OptionCommand[] {
  const out: OptionCommand[] = [];
  // `git rebase -x CMD` runs CMD; `git cherry-pick -x` is a flag.
  const rebase = name === 'git' && args.some((a) => a.value === 'rebase');
  const options = [...(own(PER_PROGRAM, name) ?? []), ...(rebase ? ['-x'] : [])];
  for (let i = 1; i < args.length; i++) {
    const a = args[i].value;
    if (a === undefined) continue;
    if (a === '--') break;
    const eq = a.indexOf('=');
    const key = a.startsWith('--') && eq > 0 ? a.slice(0, eq) : a;
    // tar --checkpoint-action=exec=CMD
    const action = /^--checkpoint-action=exec=(.*)$/s.exec(a);
    if (name === 'tar' && action) {
      out.push({ channel: 'tar --checkpoint-action', value: { ...args[i], value: action[1] } });
      continue;
    }
    if (LONG.test(key) && !/^--(no|exec-path)\b/.test(key)) {
      const value = eq > 0 ? { ...args[i], value: a.slice(eq + 1) } : args[++i];
      if (value) out.push({ channel: `${name} ${key}`, value });
      continue;
    }
    if (
      (name === 'ssh' || name === 'scp' || name === 'sftp') &&
      (a === '-o' || a.startsWith('-o'))
    ) {
      const setting = a === '-o' ? args[++i] : { ...args[i], value: a.slice(2) };
      const m = setting?.value === undefined ? null : SSH_COMMAND_SETTINGS.exec(setting.value);
      if (m) out.push({ channel: `${name} -o ${m[1]}`, value: { ...setting!, value: m[2] } });
      continue;
    }
    const opt = options.find((o) => a === o || a.startsWith(o.startsWith('--') ? `${o}=` : o));
    if (opt) {
      const attached = a.slice(opt.length).replace(/^=/, '');
      const value = a === opt ? args[++i] : { ...args[i], value: attached };
      if (value) out.push({ channel: `${name} ${opt}`, value });
    }
  }
  return out;
}
