import { mkdirSync, readFileSync, existsSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { homedir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bash } from '../../src/tools/bash';
import {
  BWRAP_MISSING_ERROR,
  bwrapArgs,
  findBwrap,
  probeSandbox,
  resetSandboxProbe,
} from '../../src/tools/sandbox';
import {
  livePidsRunning,
  makeContext,
  makeWorkspace,
  removeWorkspace,
  uniqueSleepSeconds,
  waitFor,
} from './tool-helpers';

let dir: string;
let outside: string;

beforeEach(() => {
  dir = makeWorkspace('tick-sandbox-');
  outside = makeWorkspace('tick-outside-');
});

afterEach(() => {
  removeWorkspace(dir);
  removeWorkspace(outside);
});

describe('sandbox set-up', () => {
  it('mounts the private /tmp before the writable roots, so roots under /tmp stay visible', () => {
    const args = bwrapArgs({ roots: ['/tmp/ws', '/srv/extra'], cwd: '/tmp/ws' });
    const tmpfs = args.indexOf('--tmpfs');
    expect(args.slice(0, 3)).toEqual(['--ro-bind', '/', '/']);
    expect(args.indexOf('--bind')).toBeGreaterThan(tmpfs);
    expect(args).toEqual(expect.arrayContaining(['--unshare-all', '--die-with-parent']));
    expect(args.slice(-2)).toEqual(['--chdir', '/tmp/ws']);
  });

  it('keeps git hooks and config and .tick read-only inside a root, after the root is bound', () => {
    mkdirSync(path.join(dir, '.git', 'hooks'), { recursive: true });
    writeFileSync(path.join(dir, '.git', 'config'), '[core]\n');
    const args = bwrapArgs({ roots: [dir], cwd: dir });
    const bind = args.indexOf('--bind');
    const hooks = path.join(dir, '.git', 'hooks');
    expect(args.indexOf(hooks)).toBeGreaterThan(bind);
    expect(args[args.indexOf(hooks) - 1]).toBe('--ro-bind');
    expect(args).toContain(path.join(dir, '.git', 'config'));
    expect(args).not.toContain(path.join(dir, '.tick'));
  });

  it('finds no bwrap on a PATH without it: the probe says so, and confined bash says what to do', async () => {
    expect(findBwrap(outside)).toBeUndefined();
    const savedPath = process.env.PATH;
    process.env.PATH = outside;
    resetSandboxProbe();
    try {
      expect(await probeSandbox()).toEqual({
        available: false,
        why: 'bubblewrap (bwrap) is not installed',
      });
      const result = await bash.run({ command: 'echo hi' }, makeContext(dir, { sandbox: true }));
      expect(result.output).toBe(BWRAP_MISSING_ERROR);
      expect(result.output).toMatch(/^Error: the sandbox needs bubblewrap/);
      expect(result.isError).toBe(true);
    } finally {
      process.env.PATH = savedPath;
      resetSandboxProbe();
    }
  });
});

describe.runIf(findBwrap() !== undefined)('bash under bubblewrap', () => {
  let server: Server;
  let port: number;

  beforeAll(async () => {
    server = createServer((socket) => {
      // The probe closes without reading; the greeting may then meet a reset.
      socket.on('error', () => undefined);
      socket.end('hello\n');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });

  afterAll(() => {
    server.close();
  });

  const sandboxed = () => makeContext(dir, { sandbox: true });
  const probe = () =>
    `if exec 3<>/dev/tcp/127.0.0.1/${port}; then echo connected; else echo unreachable; fi`;

  it('is found working by the probe, tried once for callers at the same time', async () => {
    resetSandboxProbe();
    const [first, second] = [probeSandbox(), probeSandbox()];
    expect(second).toBe(first);
    expect(await first).toMatchObject({ available: true });
  });

  it('lets the command write inside the workspace, and the card says it ran sandboxed', async () => {
    const result = await bash.run(
      { command: 'echo made > inside.txt && cat inside.txt' },
      sandboxed(),
    );
    expect(result.output).toBe('made');
    expect(result.display).toMatchObject({ confined: true });
    expect(readFileSync(path.join(dir, 'inside.txt'), 'utf8')).toBe('made\n');
    const plain = await bash.run({ command: 'true' }, makeContext(dir));
    expect(plain.display?.confined).toBeUndefined();
  });

  it('keeps .git/hooks and .git/config read-only, so nothing is planted for later', async () => {
    mkdirSync(path.join(dir, '.git', 'hooks'), { recursive: true });
    writeFileSync(path.join(dir, '.git', 'config'), '[core]\n');
    const result = await bash.run(
      { command: 'echo x > .git/hooks/pre-commit; echo y >> .git/config; echo done' },
      sandboxed(),
    );
    expect(result.output).toContain('Read-only file system');
    expect(existsSync(path.join(dir, '.git', 'hooks', 'pre-commit'))).toBe(false);
    expect(readFileSync(path.join(dir, '.git', 'config'), 'utf8')).toBe('[core]\n');
  });

  it('keeps every path outside the roots read-only', async () => {
    const target = path.join(outside, 'escape.txt');
    const home = path.join(homedir(), `.tick-sandbox-probe-${process.pid}`);
    const result = await bash.run({ command: `echo x > ${target}; echo x > ${home}` }, sandboxed());
    expect(result.output).toContain('Read-only file system');
    expect(result.output).toContain('Exit code 1');
    // The model is told the sandbox did it, and how to ask to run outside it.
    expect(result.output).toContain("This command ran in tick's sandbox");
    expect(result.output).toContain('"unconfined": true');
    expect(existsSync(target)).toBe(false);
    expect(existsSync(home)).toBe(false);
  });

  it('writes to --add-dir roots too', async () => {
    const extra = path.join(outside, 'extra');
    mkdirSync(extra);
    const ctx = makeContext(dir, { sandbox: true, roots: [dir, extra] });
    const result = await bash.run({ command: `echo ok > ${extra}/f.txt && echo wrote` }, ctx);
    expect(result.output).toBe('wrote');
  });

  it('has no network, though the same connection works unsandboxed', async () => {
    const open = await bash.run({ command: probe() }, makeContext(dir));
    expect(open.output).toBe('connected');
    const closed = await bash.run({ command: probe() }, sandboxed());
    expect(closed.output).toContain('unreachable');
    const failed = await bash.run({ command: `exec 3<>/dev/tcp/127.0.0.1/${port}` }, sandboxed());
    expect(failed.output).toContain('there is no network there');
  });

  it('hides the daemon sockets under /run (a docker socket cannot be reached)', async () => {
    const result = await bash.run({ command: 'ls -A /run | wc -l' }, sandboxed());
    expect(result.output).toBe('0');
  });

  it('gives the command a private /tmp', async () => {
    const marker = path.join('/tmp', `tick-sandbox-marker-${process.pid}`);
    const result = await bash.run({ command: `echo x > ${marker} && echo ok` }, sandboxed());
    expect(result.output).toBe('ok');
    expect(existsSync(marker)).toBe(false);
  });

  it('leaves nothing running once the command returns, background jobs included', async () => {
    const s = uniqueSleepSeconds();
    try {
      const result = await bash.run(
        { command: `setsid sleep ${s} > /dev/null 2>&1 & echo started` },
        sandboxed(),
      );
      expect(result.output).toBe('started');
      expect(await waitFor(() => livePidsRunning(['sleep', s]).length === 0, 5000)).toBe(true);
    } finally {
      for (const pid of livePidsRunning(['sleep', s])) process.kill(pid, 'SIGKILL');
    }
  });

  it('kills everything the command started on timeout, setsid escapes included', async () => {
    const s = uniqueSleepSeconds();
    const command = `sleep ${s} & setsid sleep ${s} & echo started; wait`;
    try {
      const result = await bash.run({ command, timeout: 1500 }, sandboxed());
      expect(result.output).toBe('Error: command timed out after 1.5s\nstarted');
      expect(await waitFor(() => livePidsRunning(['sleep', s]).length === 0, 5000)).toBe(true);
    } finally {
      for (const pid of livePidsRunning(['sleep', s])) process.kill(pid, 'SIGKILL');
    }
  });
});
