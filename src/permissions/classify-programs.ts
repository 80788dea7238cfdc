import { hasFlag, splitArgs } from './cli-args';
import { DEV_TOOL_HANDLERS, bySubcommand } from './classify-dev-tools';
import { fileHandler, type Handler } from './classify-files';
import type { CommandPart } from './shell/command-part';
import { FETCHERS, SHELLS } from './shell/command-wrappers';
import type { PathJudge } from './path-judge';
import { readOnly, risky, workspace, worst, type Verdict } from './risk';

const fixed =
  (v: Verdict): Handler =>
  () =>
    v;

function curl(part: CommandPart, j: PathJudge): Verdict {
  const { opts, values } = splitArgs(part.argv, [
    '-o',
    '--output',
    '-T',
    '--upload-file',
    '-d',
    '--data',
    '--data-binary',
    '--data-raw',
    '--data-urlencode',
    '-F',
    '--form',
    '-K',
    '--config',
    '-H',
    '--header',
    '-X',
    '--request',
    '-u',
    '--user',
  ]);
  const verdicts: Verdict[] = [];
  const out = values.get('-o') ?? values.get('--output');
  if (out) verdicts.push(j.write(out, 'downloads to'));
  if (hasFlag(opts, 'O', '--remote-name', '--remote-name-all')) {
    verdicts.push(j.write({ value: '.', glob: false, raw: '.' }, 'downloads into'));
  }
  if (values.has('-T') || values.has('--upload-file')) verdicts.push(risky('uploads a local file'));
  for (const key of ['-d', '--data', '--data-binary', '--data-urlencode', '-F', '--form']) {
    const v = values.get(key)?.value ?? '';
    if (/(^|=)[@<]/.test(v)) verdicts.push(risky(`sends a local file (${key} ${v})`));
  }
  return worst(verdicts, workspace('makes a network request'));
}

function wget(part: CommandPart, j: PathJudge): Verdict {
  const { values } = splitArgs(part.argv, [
    '-O',
    '--output-document',
    '-P',
    '--directory-prefix',
    '--post-file',
    '--body-file',
  ]);
  const out = values.get('-O') ?? values.get('--output-document');
  const dir = values.get('-P') ?? values.get('--directory-prefix');
  if (values.has('--post-file') || values.has('--body-file')) return risky('uploads a local file');
  if (out?.value === '-') return workspace('downloads to the output');
  return j.write(out ?? dir ?? { value: '.', glob: false, raw: '.' }, 'downloads to');
}

function interpreter(part: CommandPart): Verdict {
  const { operands } = splitArgs(part.argv, ['-m', '-c', '-e', '--eval', '-r', '-E', '-W', '-X']);
  const fetcher = part.upstream.find((p) => FETCHERS.has(p.name));
  const readsStdin = operands.length === 0 || operands[0].value === '-';
  if (part.stdin === 'pipe' && fetcher && readsStdin) {
    return risky(`runs downloaded code (${fetcher.name} | ${part.name})`);
  }
  if (part.argv.some((a) => a.procsub) && part.subPrograms.some((n) => FETCHERS.has(n))) {
    return risky(`runs downloaded code (${part.name} <(...))`);
  }
  const code = part.argv.find(
    (_, i) => i > 0 && /^-(c|e|E|r|p|-eval|-print)$/.test(part.argv[i - 1].value ?? ''),
  );
  if (code?.value && DELETES_IN_CODE.test(code.value))
    return risky(`deletes files (in ${part.name} code)`);
  return workspace(`runs ${part.name} code`);
}

/** File deletion in interpreter one-liners (shell commands in them are separate parts). */
const DELETES_IN_CODE =
  /\b(rmtree|unlinkSync|rmSync|rmdirSync|removedirs|os\.(remove|unlink|rmdir)|fs\.(rm|unlink|rmdir)|rimraf|FileUtils\.rm\w*|File\.delete|unlink\s*\(?\s*glob)/;

function tar(part: CommandPart, j: PathJudge): Verdict {
  const { opts, values, operands } = splitArgs(part.argv, ['-C', '--directory', '-f', '--file']);
  const first = part.argv[1]?.value ?? '';
  const mode = /^[A-Za-z]+$/.test(first) ? first : '';
  const extract = hasFlag(opts, 'x', '--extract', '--get') || mode.includes('x');
  const create = hasFlag(opts, 'c', '--create', '-r', '--append', '-u') || /[cru]/.test(mode);
  if (hasFlag(opts, 'P', '--absolute-names') && extract)
    return risky('extracts absolute paths (tar -P)');
  if (opts.some((o) => o.startsWith('--to-command')))
    return workspace('pipes files into a command');
  if (extract)
    return j.write(values.get('-C') ?? values.get('--directory') ?? dot(), 'extracts into');
  if (create) {
    const file =
      values.get('-f') ?? values.get('--file') ?? (mode.includes('f') ? operands[1] : undefined);
    return file ? j.write(file, 'writes') : workspace('creates an archive');
  }
  return readOnly('lists an archive');
}

const dot = () => ({ value: '.', glob: false, raw: '.' });

const SYSTEM_PACKAGES = bySubcommand(
  'the package manager',
  'list search show info policy madison depends rdepends query -l -q -Q -Ss -Si -Qi -Ql',
  Object.fromEntries(
    'install remove purge upgrade update dist-upgrade full-upgrade autoremove reinstall -i -r -S -R -U -Syu erase uninstall add del'
      .split(' ')
      .map((s) => [s, `changes system packages (${s})`]),
  ),
);

const SYSTEM: Record<string, Verdict> = Object.fromEntries([
  ...'shutdown reboot halt poweroff init telinit'
    .split(' ')
    .map((n) => [n, risky('shuts down or restarts the machine')]),
  ...'kill pkill killall killall5 xkill skill'.split(' ').map((n) => [n, risky('stops processes')]),
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
  ...'ssh scp sftp'.split(' ').map((n) => [n, risky('connects to another machine')]),
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

export const PROGRAM_HANDLERS: Record<string, Handler> = {
  ...DEV_TOOL_HANDLERS,
  curl,
  wget,
  tar,
  python: interpreter,
  python3: interpreter,
  node: interpreter,
  deno: interpreter,
  ruby: interpreter,
  perl: interpreter,
  php: interpreter,
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

/** The handler for a program name, or undefined for unknown and plain read-only ones. */
export function programHandler(name: string): Handler | undefined {
  if (SHELLS.has(name)) {
    return (part) => {
      const file = splitArgs(part.argv, ['-o', '-O', '--rcfile', '--init-file']).operands[0];
      return workspace(file ? `runs the script ${file.value}` : 'starts a shell');
    };
  }
  return PROGRAM_HANDLERS[name] ?? fileHandler(name);
}
