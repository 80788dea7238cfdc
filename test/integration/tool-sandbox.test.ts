import { mkdirSync, readFileSync, existsSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { homedir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bash } from '../../src/tools/bash';
import { BWRAP_MISSING_ERROR, bwrapArgs, findBwrap } from '../../src/tools/sandbox';
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
    expect(args).toEqual(expect.arrayContaining(['--unshare-net', '--die-with-parent']));
    expect(args.slice(-2)).toEqual(['--chdir', '/tmp/ws']);
  });

  it('finds no bwrap on a PATH without it, and bash says --sandbox needs bubblewrap', async () => {
    expect(findBwrap(outside)).toBeUndefined();
    const savedPath = process.env.PATH;
    process.env.PATH = outside;
    try {
      const result = await bash.run({ command: 'echo hi' }, makeContext(dir, { sandbox: true }));
      expect(result.output).toBe(BWRAP_MISSING_ERROR);
      expect(result.output).toMatch(/^Error: --sandbox needs bubblewrap/);
      expect(result.isError).toBe(true);
    } finally {
      process.env.PATH = savedPath;
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

  it('lets the command write inside the workspace', async () => {
    const result = await bash.run(
      { command: 'echo made > inside.txt && cat inside.txt' },
      sandboxed(),
    );
    expect(result.output).toBe('made');
    expect(readFileSync(path.join(dir, 'inside.txt'), 'utf8')).toBe('made\n');
  });

  it('keeps every path outside the roots read-only', async () => {
    const target = path.join(outside, 'escape.txt');
    const home = path.join(homedir(), `.tick-sandbox-probe-${process.pid}`);
    const result = await bash.run({ command: `echo x > ${target}; echo x > ${home}` }, sandboxed());
    expect(result.output).toContain('Read-only file system');
    expect(result.output).toContain('Exit code 1');
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
  });

  it('gives the command a private /tmp', async () => {
    const marker = path.join('/tmp', `tick-sandbox-marker-${process.pid}`);
    const result = await bash.run({ command: `echo x > ${marker} && echo ok` }, sandboxed());
    expect(result.output).toBe('ok');
    expect(existsSync(marker)).toBe(false);
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
