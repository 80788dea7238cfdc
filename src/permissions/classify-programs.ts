import { hasFlag, splitArgs } from './cli-args';
import { DEV_TOOL_HANDLERS, bySubcommand } from './classify-dev-tools';
import { fileHandler, type Handler } from './classify-files';
import type { CommandPart } from './shell/command-part';
import { ARCHIVE_HANDLERS } from './classify-archives';
import { DATABASE_HANDLERS } from './classify-databases';
import { NETWORK_HANDLERS } from './classify-network';
import { openssl } from './classify-openssl';
import { RUNNER_HANDLERS, codeLocationVerdict, interpreter } from './classify-runners';
import { SHELLS } from './shell/command-wrappers';
import type { PathJudge } from './path-judge';
import { notUnderstood, readOnly, risky, workspace, type Verdict } from './risk';
import { own } from './shell/own-key';

const fixed =
  (v: Verdict): Handler =>
  () =>
    v;

const SYSTEM_PACKAGES = bySubcommand(
  'the package manager',
  `list search show info policy madison depends rdepends query -l -q -Q -Ss -Si -Qi -Ql repolist
  provides whatprovides deplist history check-update list-installed outdated leaves doctor config
  desc home deps uses showpkg changelog download source-list files owns`,
  Object.fromEntries(
    'install remove purge upgrade update dist-upgrade full-upgrade autoremove reinstall -i -r -S -R -U -Syu erase uninstall add del'
      .split(' ')
      .map((s) => [s, `changes system packages (${s})`]),
  ),
  [],
  (sub) => risky(`changes system packages (${sub})`),
);

const SYSTEM: Record<string, Verdict> = Object.fromEntries([
  ...'shutdown reboot halt poweroff init telinit'
    .split(' ')
    .map((n) => [n, risky('shuts down or restarts the machine')]),
  ...'killall5 xkill skill'.split(' ').map((n) => [n, risky('stops processes')]),
  ...'umount swapon swapoff losetup modprobe insmod rmmod'
    .split(' ')
    .map((n) => [n, risky('changes the system (mounts, swap, kernel modules)')]),
  ...'iptables ip6tables nft ufw firewall-cmd pfctl route'
    .split(' ')
    .map((n) => [n, risky('changes the firewall or network routes')]),
  ...'useradd userdel usermod groupadd groupdel groupmod passwd chpasswd chsh chfn visudo vipw newgrp'
    .split(' ')
    .map((n) => [n, risky('changes users or passwords')]),
  ...'sudo su doas pkexec runuser'.split(' ').map((n) => [n, risky(`runs as another user (${n})`)]),
  ['chroot', risky('runs in another root directory (chroot)')],
  ...'at batch atrm'.split(' ').map((n) => [n, risky('schedules commands')]),
  ...'scp sftp'.split(' ').map((n) => [n, risky('connects to another machine')]),
  ...'nc ncat netcat socat telnet ftp'
    .split(' ')
    .map((n) => [n, risky('opens a network connection')]),
  ['chattr', risky('changes file attributes')],
  ['ansible-playbook', risky('runs tasks on other machines')],
  ['twine', risky('publishes a package (twine)')],
]);

const READ_FORMS: Record<string, RegExp> = {
  systemctl:
    /^(status|list-units|list-unit-files|list-timers|is-active|is-enabled|is-failed|show|cat|--version)$/,
  service: /^(--status-all)$/,
  launchctl: /^(list|print|help)$/,
  crontab: /^-l$/,
  ip: /^(a|addr|address|r|route|l|link|n|neigh)$/,
};

/** How git and rsync reach a remote: ssh named there is their transport, not a session of its own. */
const SSH_TRANSPORT =
  /^(GIT_SSH(_COMMAND)?|RSYNC_RSH|CVS_RSH|rsync (-e|--rsh)|git -c core\.sshCommand)$/;

function ssh(part: CommandPart): Verdict {
  if (part.hidden && SSH_TRANSPORT.test(part.hidden)) {
    return workspace(`is the ssh transport ${part.hidden} uses`);
  }
  return risky('connects to another machine');
}

/** kill -0 (does it exist?) and kill -l (signal names) only look. */
function kill(part: CommandPart): Verdict {
  const args = part.argv.slice(1).map((a) => a.value ?? '');
  if (args.some((a) => /^(-l|-L|--list|--table)$/.test(a) || /^--list=/.test(a))) {
    return readOnly('lists signal names');
  }
  const zero = args.some(
    (a, i) =>
      /^-(0|SIG0|s0|n0)$/.test(a) || (/^-[sn]$/.test(a) && /^(0|SIG0)$/.test(args[i + 1] ?? '')),
  );
  return zero ? readOnly('checks whether processes exist (signal 0)') : risky('stops processes');
}

/** history: listing reads; -c and -d wipe it; -w and -a write the history file. */
function history(part: CommandPart, j: PathJudge): Verdict {
  const { opts, operands } = splitArgs(part.argv);
  if (hasFlag(opts, 'c') || hasFlag(opts, 'd'))
    return risky('clears or rewrites the shell history');
  if (hasFlag(opts, 'w') || hasFlag(opts, 'a')) {
    return operands[0]
      ? j.write(operands[0], 'writes the history to')
      : risky('writes the shell history file');
  }
  return readOnly('lists the shell history');
}

/** ssh-keygen: fingerprints and lookups read; generating keys or -R writes key files. */
function sshKeygen(part: CommandPart, j: PathJudge): Verdict {
  const valueOpts =
    '-f -F -R -t -b -C -N -P -E -m -n -I -V -O -Y -s -r -Z -a -D -z -w -G -T -M -J -j -K -S -u';
  const { opts, values } = splitArgs(part.argv, valueOpts.split(' '));
  const file = values.get('-f');
  if (
    values.has('-F') ||
    hasFlag(opts, 'l') ||
    hasFlag(opts, 'y') ||
    hasFlag(opts, 'B') ||
    hasFlag(opts, 'L') ||
    hasFlag(opts, 'Q')
  ) {
    return readOnly('reads keys (ssh-keygen)');
  }
  if (values.has('-R') || hasFlag(opts, 'H')) {
    return file ? j.write(file, 'removes host keys from') : risky('changes ~/.ssh/known_hosts');
  }
  return file ? j.write(file, 'writes a key to') : risky('writes keys in ~/.ssh');
}

export const PROGRAM_HANDLERS: Record<string, Handler> = {
  ...DEV_TOOL_HANDLERS,
  ...NETWORK_HANDLERS,
  ...RUNNER_HANDLERS,
  ...ARCHIVE_HANDLERS,
  ...DATABASE_HANDLERS,
  ...Object.fromEntries(
    'node nodejs ruby perl php lua luajit Rscript julia elixir'
      .split(' ')
      .map((n) => [n, interpreter]),
  ),
  ssh,
  openssl,
  kill,
  pkill: kill,
  killall: kill,
  history,
  'ssh-keygen': sshKeygen,
  ...Object.fromEntries(
    'apt apt-get aptitude dpkg yum dnf rpm pacman zypper apk snap flatpak brew port nix-env'
      .split(' ')
      .map((n) => [n, SYSTEM_PACKAGES]),
  ),
  ...Object.fromEntries(Object.entries(SYSTEM).map(([n, v]) => [n, fixed(v)])),
  ...Object.fromEntries(
    Object.entries(READ_FORMS).map(([n, re]) => [
      n,
      (part: CommandPart) => {
        const first = part.argv[1]?.value ?? '';
        if (
          n === 'ip' &&
          /^(add|del|delete|set|flush|change|replace)$/.test(part.argv[2]?.value ?? '')
        ) {
          return risky('changes network settings');
        }
        return re.test(first) || (n === 'ip' && first === '')
          ? readOnly(`reads system state (${n})`)
          : risky(`changes system services or schedules (${n})`);
      },
    ]),
  ),
  ifconfig: (part) =>
    part.argv.length <= 2
      ? readOnly('shows network interfaces')
      : risky('changes network interfaces (ifconfig)'),
  mount: (part) =>
    part.argv.length === 1 ? readOnly('lists mounts') : risky('mounts a file system'),
  sysctl: (part) =>
    part.argv.some((a) => a.value === '-w' || /=/.test(a.value ?? ''))
      ? risky('changes kernel settings')
      : readOnly('reads kernel settings'),
  date: (part) =>
    part.argv.some((a) => /^(-s|--set)/.test(a.value ?? '') || /^\d{8}/.test(a.value ?? ''))
      ? risky('sets the system clock')
      : readOnly('prints the date'),
  hostname: (part) =>
    splitArgs(part.argv).operands.length > 0
      ? risky('changes the host name')
      : readOnly('prints the host name'),
  timedatectl: (part) =>
    (part.argv[1]?.value ?? '').startsWith('set')
      ? risky('sets the system clock')
      : readOnly('reads the clock'),
};

/**
 * `bash script.sh`: the workspace's own script is workspace work (like a build), one from
 * elsewhere is judged by where it lives; a shell with nothing to run starts an interactive
 * session, which is not understood. (Scripts given with -c or on stdin are walked.)
 */
function shellScript(part: CommandPart, j: PathJudge): Verdict {
  const file = splitArgs(part.argv, ['-o', '-O', '--rcfile', '--init-file']).operands[0];
  if (!file) return notUnderstood(`starts an interactive ${part.name}`);
  return codeLocationVerdict(file, 'runs the script', j);
}

/** The handler for a program name, or undefined for unknown and plain read-only ones. */
export function programHandler(name: string): Handler | undefined {
  if (SHELLS.has(name)) return shellScript;
  if (/^(python|pypy)(\d+(\.\d+)*)?$/.test(name) || /^lua\d[\d.]*$/.test(name)) return interpreter;
  return own(PROGRAM_HANDLERS, name) ?? fileHandler(name);
}
