import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startScriptedServer } from '../../src/demo/scripted-server';
import { findBwrap } from '../../src/tools/sandbox';
import { PtySession, TICK_BIN } from '../support/pty';
import { waitForChoices } from '../support/tick-app';

// The app in a real terminal: a command tick does not understand runs in the sandbox
// without a question (its card says so, the status line shows the sandbox); when the
// model asks to run it outside, the user is asked, with the model's reason.

beforeAll(() => {
  if (!existsSync(join(TICK_BIN, '../../dist/cli.js')))
    throw new Error('dist/ is missing: run `npm run build`');
});

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function folder(parent: string, prefix: string): string {
  const dir = realpathSync(mkdtempSync(join(parent, prefix)));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe.runIf(findBwrap() !== undefined)('the sandbox in the app', { timeout: 90_000 }, () => {
  test('confines what tick does not understand, then asks before running it outside', async () => {
    // A program of the test's own, outside the workspace and not under /tmp: tick does not
    // know it, so it runs in the sandbox, where it cannot write its file.
    const outside = folder(homedir(), '.tick-e2e-sandbox-');
    const program = join(outside, 'pandoc');
    writeFileSync(program, '#!/bin/sh\necho converted > "$2"\n');
    chmodSync(program, 0o755);
    const command = `PATH="${outside}:$PATH" pandoc -o ${outside}/out.html README.md`;
    const server = await startScriptedServer([
      { toolCalls: [{ name: 'bash', arguments: { command } }] },
      {
        toolCalls: [
          {
            name: 'bash',
            arguments: { command, unconfined: true, reason: 'it writes the page outside' },
          },
        ],
      },
      { text: 'Converted.' },
    ]);
    cleanups.push(() => server.close());
    const session = new PtySession({
      cwd: folder(tmpdir(), 'tick-e2e-'),
      cols: 120,
      rows: 32,
      env: {
        OPENAI_BASE_URL: server.baseURL,
        OPENAI_API_KEY: 'test',
        TICK_MODEL: 'scripted-model',
        TICK_HOME: folder(tmpdir(), 'tick-home-'),
      },
    });
    cleanups.push(() => session.dispose());
    await session.waitForText('Type a task', 20_000);
    // The status line shows the sandbox once the session has started (it is probed then).
    await session.waitForText('sandbox auto', 20_000);

    await session.type('convert the readme', true);
    const asked = await session.waitForText('Run this command?', 20_000);
    // The first call ran in the sandbox, unasked: its card says so, and its write failed.
    expect(asked).toMatch(/bash\s+PATH=.*pandoc.*sandboxed/);
    expect(asked).toContain('Read-only file system');
    expect(existsSync(join(outside, 'out.html'))).toBe(false);
    // The second is the model asking to leave the sandbox: the user sees why.
    expect(asked).toContain('asks to run outside the sandbox: it writes the page outside');
    expect(asked).toContain('Runs outside the sandbox.');
    await waitForChoices(session);
    await session.type('y');
    await session.waitForText('Converted.', 20_000);
    expect(readFileSync(join(outside, 'out.html'), 'utf8')).toBe('converted\n');
  });
});

describe('the app where bubblewrap cannot run', { timeout: 90_000 }, () => {
  test('says so once, shows no sandbox on the status line, and asks for what it does not understand', async () => {
    // A bwrap first on PATH that refuses as a kernel blocking user namespaces does.
    const bin = folder(tmpdir(), 'tick-e2e-bin-');
    writeFileSync(
      join(bin, 'bwrap'),
      '#!/bin/sh\necho "bwrap: setting up uid map: Permission denied" >&2\nexit 1\n',
    );
    chmodSync(join(bin, 'bwrap'), 0o755);
    const server = await startScriptedServer([
      { toolCalls: [{ name: 'bash', arguments: { command: 'pandoc -o page.html README.md' } }] },
      { text: 'Left it.' },
    ]);
    cleanups.push(() => server.close());
    const session = new PtySession({
      cwd: folder(tmpdir(), 'tick-e2e-'),
      // Wide enough for the notice on one line.
      cols: 240,
      rows: 32,
      env: {
        OPENAI_BASE_URL: server.baseURL,
        OPENAI_API_KEY: 'test',
        TICK_MODEL: 'scripted-model',
        TICK_HOME: folder(tmpdir(), 'tick-home-'),
        PATH: `${bin}:${process.env.PATH ?? ''}`,
      },
    });
    cleanups.push(() => session.dispose());
    const said = 'Sandbox unavailable: bubblewrap cannot start here (user namespaces are blocked';
    const start = await session.waitForText(said, 20_000);
    expect(start.split(said).length - 1).toBe(1);
    expect(start).toContain('Commands tick does not understand will be asked');
    expect(start).not.toContain('sandbox auto');

    await session.type('make the page', true);
    const asked = await session.waitForText('Run this command?', 20_000);
    expect(asked).toContain('pandoc');
    expect(asked).toContain('pandoc, a program tick does not know');
    expect(asked).not.toContain('sandboxed');
    await waitForChoices(session);
    await session.type('n');
    await session.waitForText('Left it.', 20_000);
    const end = await session.screenText();
    expect(end.split(said).length - 1).toBe(1);
  });
});
