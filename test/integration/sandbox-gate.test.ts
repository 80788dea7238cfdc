import { afterEach, describe, expect, it } from 'vitest';
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import {
  startScriptedServer,
  type ScriptedServer,
  type Script,
} from '../../src/demo/scripted-server';
import { findBwrap } from '../../src/tools/sandbox';
import { tempDir } from '../support/agent-harness';
import { runTick } from '../support/run-cli';

// The real CLI in print mode against the scripted model: where bash runs is decided by the
// gate (what tick understands runs outside, the rest in bubblewrap, or is asked), and
// stream-json says so on every call.

let server: ScriptedServer | undefined;
const made: string[] = [];
afterEach(async () => {
  await server?.close();
  server = undefined;
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A folder outside the workspace that is not under /tmp (which the sandbox replaces). */
function outsideDir(): string {
  const dir = realpathSync(mkdtempSync(join(homedir(), '.tick-sandbox-test-')));
  made.push(dir);
  return dir;
}

async function tick(script: Script, args: string[]) {
  server = await startScriptedServer(script);
  const cwd = tempDir('tick-ws-');
  const home = tempDir('tick-home-');
  const run = await runTick(['-p', 'go', '--output-format', 'stream-json', ...args], {
    cwd,
    env: {
      OPENAI_BASE_URL: server.baseURL,
      OPENAI_API_KEY: 'test',
      TICK_HOME: home,
      TICK_MODEL: 'scripted',
    },
  });
  const events = run.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { ...run, cwd, home, events, server };
}

const bash = (command: string, extra: Record<string, unknown> = {}) => ({
  toolCalls: [{ name: 'bash', arguments: { command, ...extra } }],
});

/**
 * A `pandoc` of the test's own (in `dir`, outside the workspace) stands for a program tick
 * does not know: not understood, so confined. It writes the file `-o` names.
 */
function escape(dir: string): string {
  const program = join(dir, 'pandoc');
  writeFileSync(program, '#!/bin/sh\necho escaped > "$2"\n');
  chmodSync(program, 0o755);
  return `PATH="${dir}:$PATH" pandoc -o ${dir}/escaped.txt README.md`;
}

describe.runIf(findBwrap() !== undefined)('bash through the gate with bubblewrap working', () => {
  it('runs what it understands outside, what it does not in the sandbox, and says so', async () => {
    const outside = outsideDir();
    const run = await tick(
      [bash('ls'), bash(escape(outside)), { text: 'done' }],
      ['--sandbox', 'auto'],
    );
    expect(run.exitCode).toBe(0);
    const init = run.events[0];
    expect(init).toMatchObject({ type: 'system', subtype: 'init', sandbox: 'auto' });
    const decided = run.events.filter((e) => e.type === 'permission_decided');
    expect(decided).toEqual([
      expect.objectContaining({ decision: 'allow', by: 'mode default', confined: false }),
      expect.objectContaining({ decision: 'allow', by: 'sandbox', confined: true }),
    ]);
    const results = run.events.filter((e) => e.type === 'tool_result');
    expect(results[1]).toMatchObject({ status: 'ok', display: { confined: true } });
    expect(String(results[1].output)).toContain('Read-only file system');
    expect(String(results[1].output)).toContain("This command ran in tick's sandbox");
    expect(existsSync(join(outside, 'escaped.txt'))).toBe(false);
    // The model read the note: it knows how to ask to leave the sandbox.
    const toModel = JSON.stringify(run.server.requests[2].body.messages);
    expect(toModel).toContain('\\"unconfined\\": true');
  });

  it('asks to leave the sandbox when the model says unconfined; print mode has no one to ask', async () => {
    const outside = outsideDir();
    const run = await tick(
      [bash(escape(outside), { unconfined: true, reason: 'it must write there' }), { text: 'ok' }],
      [],
    );
    const decided = run.events.filter((e) => e.type === 'permission_decided');
    expect(decided).toEqual([expect.objectContaining({ decision: 'deny', by: 'print mode' })]);
    const result = run.events.find((e) => e.type === 'tool_result');
    expect(String(result?.output)).toContain(
      'asks to run outside the sandbox: it must write there',
    );
    expect(existsSync(join(outside, 'escaped.txt'))).toBe(false);
  });

  it('with "always", confines even what it understands', async () => {
    const run = await tick([bash('ls'), { text: 'done' }], ['--sandbox']);
    expect(run.events[0]).toMatchObject({ sandbox: 'always' });
    expect(run.events.filter((e) => e.type === 'permission_decided')).toEqual([
      expect.objectContaining({ decision: 'allow', confined: true }),
    ]);
  });
});

describe('bash through the gate without a sandbox', () => {
  it('with "off", asks for what it does not understand (print mode: denied), runs the rest', async () => {
    const outside = outsideDir();
    const run = await tick(
      [bash('ls'), bash(escape(outside)), { text: 'done' }],
      ['--sandbox', 'off'],
    );
    expect(run.events[0]).toMatchObject({ sandbox: 'off' });
    const decided = run.events.filter((e) => e.type === 'permission_decided');
    expect(decided).toEqual([
      expect.objectContaining({ decision: 'allow', confined: false }),
      expect.objectContaining({ decision: 'deny', by: 'print mode' }),
    ]);
    const denied = run.events.filter((e) => e.type === 'tool_result')[1];
    expect(String(denied.output)).toContain(
      'runs pandoc, a program tick does not know; tick does not understand it and the sandbox is off',
    );
    expect(existsSync(join(outside, 'escaped.txt'))).toBe(false);
  });
});

describe('when bubblewrap cannot run here', () => {
  /** A PATH with `ls` and, optionally, a `bwrap` that refuses as a blocked kernel does. */
  function pathWith(blockedBwrap: boolean): string {
    const dir = tempDir('tick-path-');
    symlinkSync('/bin/ls', join(dir, 'ls'));
    if (blockedBwrap) {
      const fake = join(dir, 'bwrap');
      writeFileSync(
        fake,
        '#!/bin/sh\necho "bwrap: No permissions to creating new namespace, likely because the kernel does not allow non-privileged user namespaces" >&2\nexit 1\n',
      );
      chmodSync(fake, 0o755);
    }
    return dir;
  }

  it.each([
    [false, 'Sandbox unavailable: bubblewrap (bwrap) is not installed.'],
    [true, 'Sandbox unavailable: bubblewrap cannot start here (user namespaces are blocked:'],
  ])(
    'says so once (blocked bwrap: %s) and asks for what it does not understand',
    async (blocked, said) => {
      const script: Script = [
        bash('ls'),
        bash('pandoc a.md'),
        bash('pandoc b.md'),
        { text: 'done' },
      ];
      server = await startScriptedServer(script);
      const run = await runTick(['-p', 'go', '--output-format', 'stream-json'], {
        cwd: tempDir('tick-ws-'),
        env: {
          OPENAI_BASE_URL: server.baseURL,
          OPENAI_API_KEY: 'test',
          TICK_HOME: tempDir('tick-home-'),
          TICK_MODEL: 'scripted',
          PATH: pathWith(blocked),
        },
      });
      expect(run.stderr.split(said).length - 1).toBe(1);
      expect(run.stderr).toContain('Commands tick does not understand will be asked');
      const decided = run.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((e) => e.type === 'permission_decided');
      expect(decided).toEqual([
        expect.objectContaining({ decision: 'allow', confined: false }),
        expect.objectContaining({ decision: 'deny', by: 'print mode' }),
        expect.objectContaining({ decision: 'deny', by: 'print mode' }),
      ]);
    },
  );
});
