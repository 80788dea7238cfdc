import { lstatSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import { globToRegExp } from './glob-match';

/** Symlink hops followed before giving up (the kernel's own limit). */
const MAX_LINK_HOPS = 40;

/** `~` and `~/x` -> home; everything else unchanged. */
export function expandHome(p: string, home: string): string {
  if (p === '~') return home;
  return p.startsWith('~/') ? path.join(home, p.slice(2)) : p;
}

/**
 * The real absolute path of `p` (after `~` and against `cwd`): every symlink on the
 * way resolved, `..` applied after the links as the kernel does, and for a path that
 * does not exist yet the part that exists resolved and the rest appended. A dangling
 * symlink is followed to where it points, because writing through it lands there.
 * This is what the permission decision must see; the file tools pass it in
 * ToolAccess.paths.
 */
export function resolveRealPath(p: string, cwd: string, home: string): string {
  const expanded = expandHome(p, home);
  const pending = (path.isAbsolute(expanded) ? expanded : `${cwd}/${expanded}`)
    .split('/')
    .filter((s) => s !== '' && s !== '.');
  let resolved = '/';
  let hops = 0;
  while (pending.length > 0) {
    const name = pending.shift()!;
    if (name === '..') {
      resolved = path.dirname(resolved);
      continue;
    }
    const next = path.join(resolved, name);
    let isLink: boolean;
    try {
      isLink = lstatSync(next).isSymbolicLink();
    } catch {
      // Does not exist (yet): nothing further can be a link.
      return path.resolve(next, ...pending);
    }
    if (!isLink) {
      resolved = next;
      continue;
    }
    if (++hops > MAX_LINK_HOPS) return path.resolve(next, ...pending);
    const target = readlinkSync(next);
    if (path.isAbsolute(target)) resolved = '/';
    pending.unshift(...target.split('/').filter((s) => s !== '' && s !== '.'));
  }
  return resolved;
}

/** True when `p` is `root` or inside it (both absolute, normalised). */
export function isInside(p: string, root: string): boolean {
  const rel = path.relative(root, p);
  return rel === '' || (rel !== '..' && !rel.startsWith('../') && !path.isAbsolute(rel));
}

export function isInsideRoots(p: string, roots: readonly string[]): boolean {
  return roots.some((root) => isInside(p, root));
}

/** Devices that are safe to write to: the bit bucket and the standard streams. */
export function isHarmlessDevice(p: string): boolean {
  return /^\/dev\/(null|zero|stdout|stderr|stdin|tty|fd\/\d+)$|^\/proc\/self\/fd\/\d+$/.test(p);
}

/** Disks and partitions: writing to one destroys a file system. */
export function isBlockDevice(p: string): boolean {
  return /^\/dev\/(sd[a-z]|hd[a-z]|vd[a-z]|xvd[a-z]|nvme\d|mmcblk\d|disk\d|rdisk\d|md\d|dm-\d|mapper\/|loop\d|sr\d)/.test(
    p,
  );
}

const SYSTEM_DIRS = [
  '/bin',
  '/boot',
  '/dev',
  '/etc',
  '/home',
  '/lib',
  '/lib32',
  '/lib64',
  '/opt',
  '/proc',
  '/root',
  '/sbin',
  '/srv',
  '/sys',
  '/usr',
  '/var',
  '/Applications',
  '/Library',
  '/System',
  '/Users',
];

/**
 * Why deleting (recursively) `abs` would wreck the machine, or undefined: the root,
 * a top-level system directory, the home directory or one above it.
 */
export function criticalPath(abs: string, home: string): string | undefined {
  if (abs === '/') return 'the root directory';
  if (SYSTEM_DIRS.includes(abs)) return `the system directory ${abs}`;
  if (abs === home) return 'the home directory';
  if (isInside(home, abs)) return `${abs}, which holds the home directory`;
  return undefined;
}

const SECRET_NAME_GLOBS = [
  '.env',
  '.env.*',
  '*.pem',
  '*.key',
  '*.p12',
  '*.pfx',
  'id_rsa*',
  'id_dsa*',
  'id_ecdsa*',
  'id_ed25519*',
  '*.keychain',
  '*.keychain-db',
  '.netrc',
  '.git-credentials',
  '.pgpass',
];
const SECRET_NAMES = SECRET_NAME_GLOBS.map(globToRegExp);
/** Names secret files have (the patterns' wildcards filled), to test a glob against. */
const SECRET_EXAMPLES = SECRET_NAME_GLOBS.flatMap((g) => [
  g.replace(/\*/g, ''),
  g.replace(/\*/g, 'x'),
]);
const NOT_SECRET_NAMES = /\.(pub|example|sample|template|dist|defaults)$/;
/** In the home folder: key stores, and where tools keep their tokens and passwords. */
const SECRET_HOME_DIRS = [
  '.ssh',
  '.aws',
  '.gnupg',
  '.kube',
  '.azure',
  '.password-store',
  '.config/gcloud',
  '.docker/config.json',
  'Library/Keychains',
  '.local/share/keyrings',
  // Registry and forge tokens of package managers and CLIs.
  '.npmrc',
  '.yarnrc.yml',
  '.pypirc',
  '.cargo/credentials',
  '.cargo/credentials.toml',
  '.gem/credentials',
  '.m2/settings.xml',
  '.m2/settings-security.xml',
  '.gradle/gradle.properties',
  '.config/gh',
  '.config/hub',
  '.config/glab-cli',
  '.terraform.d/credentials.tfrc.json',
  '.vault-token',
  '.config/op',
  '.config/rclone',
  '.oci',
  // Browser profiles hold cookies and saved passwords; shell history, typed secrets.
  '.mozilla',
  '.config/google-chrome',
  '.config/chromium',
  '.bash_history',
  '.zsh_history',
];

/** System files holding password hashes or who may become root. */
const SYSTEM_SECRETS = ['/etc/shadow', '/etc/gshadow', '/etc/master.passwd', '/etc/sudoers'];

/** Why `abs` holds secrets (`.env`, `~/.ssh/...`, keys), or undefined. */
export function secretPath(abs: string, home: string): string | undefined {
  if (SYSTEM_SECRETS.includes(abs)) return `a system secret (${abs})`;
  const name = path.basename(abs);
  // Public halves and templates, wherever they are (`~/.ssh/id_ed25519.pub`).
  if (NOT_SECRET_NAMES.test(name)) return undefined;
  if (SECRET_NAMES.some((re) => re.test(name))) return `a secret file (${name})`;
  if (mayNameSecret(name)) return `files that may be secret (${name})`;
  for (const dir of SECRET_HOME_DIRS) {
    if (isInside(abs, path.join(home, dir))) return `secrets in ~/${dir}`;
  }
  return undefined;
}

/**
 * A file-name glob that can match a secret file's name (`.env*`, `id_*`, `*.key*`). One with
 * no letter or digit of its own (`*`, `*.*`) says nothing of which files it names.
 */
function mayNameSecret(name: string): boolean {
  if (!/[*?[]/.test(name) || !/[A-Za-z0-9]/.test(name.replace(/\[[^\]]*\]/g, ''))) return false;
  const re = globToRegExp(name);
  return SECRET_EXAMPLES.some((example) => re.test(example));
}

/**
 * A secret that a whole folder tree holds (`~` holds ~/.ssh, `/` everything), for what
 * reads every file under it; undefined when it holds none tick knows of.
 */
export function secretsUnder(dir: string, home: string): string | undefined {
  const system = SYSTEM_SECRETS.find((file) => isInside(file, dir));
  if (system) return system;
  const held = SECRET_HOME_DIRS.find((sub) => isInside(path.join(home, sub), dir));
  return held ? `~/${held}` : undefined;
}

/** Files inside a workspace whose change alters what runs or is allowed: git hooks, tick settings. */
export function protectedPath(abs: string, roots: readonly string[]): string | undefined {
  for (const root of roots) {
    if (!isInside(abs, root)) continue;
    const rel = path.relative(root, abs).split(path.sep);
    if (rel[0] === '.tick') return "tick's own settings";
    if (rel[0] === '.git' && (rel[1] === 'hooks' || rel[1] === 'config')) {
      return 'git hooks or config, which run commands';
    }
  }
  return undefined;
}

/** A path for messages: relative to the workspace when inside it, else absolute. */
export function displayPath(abs: string, cwd: string, home: string): string {
  if (isInside(abs, cwd)) return path.relative(cwd, abs) || '.';
  if (isInside(abs, home)) return '~' + abs.slice(home.length);
  return abs;
}

const PROGRAM_PREFIXES = [
  '/usr',
  '/bin',
  '/sbin',
  '/lib',
  '/lib32',
  '/lib64',
  '/libx32',
  '/opt',
  '/nix',
  '/snap',
  '/Applications',
  '/System',
  '/Library',
];

/**
 * Whether programs and libraries loaded from `abs` are the user's own: the system's
 * directories, the roots and the home directory. Elsewhere (`/tmp`, `/dev/shm`, another
 * user's files) they are foreign code.
 */
export function trustedCodeLocation(abs: string, roots: readonly string[], home: string): boolean {
  if (isInsideRoots(abs, roots) || isInside(abs, home)) return true;
  return PROGRAM_PREFIXES.some((dir) => isInside(abs, dir));
}
