import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Arg, CommandPart } from './shell/command-part';
import {
  criticalPath,
  displayPath,
  isBlockDevice,
  isHarmlessDevice,
  isInsideRoots,
  protectedPath,
  secretPath,
  secretsUnder,
} from './paths';
import { edit, forbidden, readOnly, risky, type ClassifyContext, type Verdict } from './risk';

/** Judges the paths one command part reads, writes or deletes. */
export class PathJudge {
  /** Files inside the roots that the part writes (as shown to the user), in order. */
  readonly edited: string[] = [];

  constructor(
    private readonly part: CommandPart,
    private readonly ctx: ClassifyContext,
  ) {}

  get homeDir(): string {
    return this.ctx.home;
  }

  get roots(): readonly string[] {
    return this.ctx.roots;
  }

  /** Absolute path of an argument (for a glob: the directory the pattern starts in). */
  abs(arg: Arg): string | undefined {
    if (arg.value === undefined) return undefined;
    let p = arg.value;
    if (arg.glob) {
      const segs = p.split('/');
      const first = segs.findIndex((s) => /[*?[]/.test(s));
      p = segs.slice(0, first).join('/') || (p.startsWith('/') ? '/' : '.');
    }
    if (path.isAbsolute(p)) return path.resolve(p);
    return this.part.cwd === undefined ? undefined : path.resolve(this.part.cwd, p);
  }

  /** Whether the argument names something that exists (a file or folder). */
  exists(arg: Arg): boolean {
    const abs = arg.glob ? undefined : this.abs(arg);
    return abs !== undefined && existsSync(abs);
  }

  /** The absolute path with symlinks resolved (when the context can). */
  real(arg: Arg): string | undefined {
    const abs = this.abs(arg);
    return abs && this.ctx.realpath ? this.ctx.realpath(abs) : abs;
  }

  show(abs: string): string {
    return displayPath(abs, this.ctx.cwd, this.ctx.home);
  }

  /** Writing to `arg` (`verb` as in "writes", "copies to", "moves to"). */
  write(arg: Arg, verb: string, opts: { devNullOk?: boolean } = { devNullOk: true }): Verdict {
    if (arg.value === undefined) {
      return risky(`${verb} a path only known at run time (${arg.raw})`);
    }
    const abs = this.abs(arg);
    if (abs === undefined)
      return risky(`${verb} ${arg.value} in a directory only known at run time`);
    if (isHarmlessDevice(abs)) {
      return opts.devNullOk ? readOnly(`${verb} ${abs}`) : risky(`${verb} the device ${abs}`);
    }
    if (isBlockDevice(abs)) return forbidden(`${verb} the disk device ${abs} (destroys its data)`);
    if (abs.startsWith('/dev/')) return risky(`${verb} the device ${abs}`);
    const real = this.real(arg) ?? abs;
    if (!isInsideRoots(real, this.ctx.roots)) {
      return risky(`${verb} ${this.show(real)}, outside the workspace`);
    }
    const guarded = protectedPath(real, this.ctx.roots);
    if (guarded) return risky(`${verb} ${this.show(real)} (${guarded})`);
    const shown = this.show(real);
    if (!this.edited.includes(shown)) this.edited.push(shown);
    return edit(`${verb} ${shown}`);
  }

  /** Deleting `arg`; recursive deletes of critical directories are forbidden. */
  remove(arg: Arg, recursive: boolean, verb = 'deletes', noun = 'files'): Verdict {
    if (arg.value === undefined) return risky(`${verb} a path only known at run time (${arg.raw})`);
    const abs = this.abs(arg);
    if (abs === undefined)
      return risky(`${verb} ${arg.value} in a directory only known at run time`);
    const critical = criticalPath(abs, this.ctx.home);
    const everything = arg.glob ? 'everything in ' : '';
    if (critical && (recursive || isBlockDevice(abs)))
      return forbidden(`${verb} ${everything}${critical}`);
    if (isBlockDevice(abs)) return forbidden(`${verb} the disk device ${abs}`);
    const real = this.real(arg) ?? abs;
    if (this.ctx.roots.includes(real) && recursive) {
      return risky(
        arg.glob ? `${verb} everything in the workspace` : `${verb} the whole workspace`,
      );
    }
    if (!isInsideRoots(real, this.ctx.roots)) {
      return risky(`${verb} ${noun} outside the workspace: ${this.show(real)}`);
    }
    return risky(`${verb} ${noun}`);
  }

  /**
   * Reading `arg`: only secrets matter. For a glob, its folder and the pattern of its last
   * part (`keys/*.pem` reads .pem files, whichever they are).
   */
  read(arg: Arg): Verdict | undefined {
    const real = this.real(arg);
    const last = arg.glob && arg.value !== undefined ? path.posix.basename(arg.value) : undefined;
    const secret =
      real &&
      (secretPath(real, this.ctx.home) ??
        (last && /[*?[]/.test(last)
          ? secretPath(path.join(real, last), this.ctx.home)
          : undefined));
    if (secret) return risky(`reads ${secret}`);
    // Every file under a folder (a recursive search, what find lists): `~` holds ~/.ssh.
    const held = arg.tree && real ? secretsUnder(real, this.ctx.home) : undefined;
    return held && real
      ? risky(`reads every file under ${this.show(real)}, ${held} included`)
      : undefined;
  }
}
