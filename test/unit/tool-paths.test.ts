import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  displayPath,
  isInside,
  realPathInWorkspace,
  realPathOf,
  resolveInWorkspace,
} from '../../src/tools/paths';
import { makeWorkspace, removeWorkspace } from '../integration/tool-helpers';

let ws: string;
let outside: string;

beforeEach(() => {
  ws = makeWorkspace('tick-ws-');
  outside = makeWorkspace('tick-out-');
  mkdirSync(path.join(ws, 'src'));
  writeFileSync(path.join(ws, 'src', 'a.ts'), 'x');
  writeFileSync(path.join(outside, 'secret.txt'), 's');
});

afterEach(() => {
  removeWorkspace(ws);
  removeWorkspace(outside);
});

describe('resolveInWorkspace', () => {
  it('resolves relative paths against the workspace and expands ~', () => {
    expect(resolveInWorkspace('src/a.ts', ws)).toBe(path.join(ws, 'src', 'a.ts'));
    expect(resolveInWorkspace('/etc/hosts', ws)).toBe('/etc/hosts');
    expect(resolveInWorkspace('~', ws)).toBe(homedir());
    expect(resolveInWorkspace('~/.ssh/id_rsa', ws)).toBe(path.join(homedir(), '.ssh/id_rsa'));
    expect(resolveInWorkspace('~user/x', ws)).toBe(path.join(ws, '~user/x'));
  });
});

describe('real paths and confinement', () => {
  it('keeps plain workspace paths inside', () => {
    const real = realPathInWorkspace('src/a.ts', ws);
    expect(real).toBe(path.join(ws, 'src', 'a.ts'));
    expect(isInside(real, [ws])).toBe(true);
    expect(isInside(ws, [ws])).toBe(true);
  });

  it('sends a .. escape outside', () => {
    const rel = path.relative(ws, path.join(outside, 'secret.txt'));
    const real = realPathInWorkspace(rel, ws);
    expect(real).toBe(path.join(outside, 'secret.txt'));
    expect(isInside(real, [ws])).toBe(false);
    expect(isInside(realPathInWorkspace('src/../../x', ws), [ws])).toBe(false);
  });

  it('follows a symlinked file or folder to where it points', () => {
    symlinkSync(path.join(outside, 'secret.txt'), path.join(ws, 'link.txt'));
    symlinkSync(outside, path.join(ws, 'linkdir'));
    expect(realPathInWorkspace('link.txt', ws)).toBe(path.join(outside, 'secret.txt'));
    expect(isInside(realPathInWorkspace('link.txt', ws), [ws])).toBe(false);
    expect(realPathInWorkspace('linkdir/new/deep.txt', ws)).toBe(
      path.join(outside, 'new', 'deep.txt'),
    );
    expect(isInside(realPathInWorkspace('linkdir/new/deep.txt', ws), [ws])).toBe(false);
  });

  it('follows a dangling symlink, since writing through it lands outside', () => {
    symlinkSync(path.join(outside, 'not-yet.txt'), path.join(ws, 'dangling'));
    expect(realPathInWorkspace('dangling', ws)).toBe(path.join(outside, 'not-yet.txt'));
  });

  it('resolves a not-yet-existing file through its nearest existing parent', () => {
    expect(realPathInWorkspace('src/new/file.ts', ws)).toBe(path.join(ws, 'src/new/file.ts'));
  });

  it('does not mistake a sibling with a common prefix for the inside', () => {
    expect(isInside(`${ws}-other/file`, [ws])).toBe(false);
  });

  it('accepts any of several roots, and roots given through a symlink', () => {
    const viaLink = path.join(outside, 'ws-link');
    symlinkSync(ws, viaLink);
    expect(isInside(path.join(outside, 'secret.txt'), [ws, outside])).toBe(true);
    expect(isInside(path.join(ws, 'src/a.ts'), [viaLink])).toBe(true);
  });
});

describe('displayPath', () => {
  it('is relative inside the workspace and absolute outside', () => {
    expect(displayPath(path.join(ws, 'src/a.ts'), ws)).toBe('src/a.ts');
    expect(displayPath(path.join(outside, 'secret.txt'), ws)).toBe(
      path.join(outside, 'secret.txt'),
    );
    expect(realPathOf(ws)).toBe(ws);
  });
});
