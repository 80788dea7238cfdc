import { existsSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { afterEach, beforeAll } from 'vitest';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  startScriptedServer,
  type Script,
  type ScriptedServer,
} from '../../src/demo/scripted-server';
import { runTick, type CliRun } from './run-cli';
import { PtySession, TICK_BIN } from './pty';

/** Cleanups registered by a test file's helpers; run them in afterEach (last first). */
export type Cleanups = (() => unknown)[];

export async function runCleanups(cleanups: Cleanups): Promise<void> {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
}

/** A real temp folder, removed afterwards. */
export function tempFolder(cleanups: Cleanups, prefix: string): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export async function scriptedServer(cleanups: Cleanups, script: Script): Promise<ScriptedServer> {
  const server = await startScriptedServer(script);
  cleanups.push(() => server.close());
  return server;
}

/** The environment that points tick at a scripted server, with a private TICK_HOME. */
export function modelEnv(server: ScriptedServer, home: string): Record<string, string> {
  return {
    OPENAI_BASE_URL: server.baseURL,
    OPENAI_API_KEY: 'test',
    TICK_MODEL: 'scripted-model',
    TICK_HOME: home,
  };
}

/** `tick -p ...` against a scripted server (to record sessions). */
export async function printRun(
  cleanups: Cleanups,
  script: Script,
  args: string[],
  where: { cwd: string; home: string },
): Promise<CliRun> {
  const server = await scriptedServer(cleanups, script);
  return runTick(['-p', ...args], { cwd: where.cwd, env: modelEnv(server, where.home) });
}

/** The app (bin/tick.js with `args`) in a real pseudo-terminal. */
export function appInPty(
  cleanups: Cleanups,
  args: string[],
  where: { cwd: string; env: Record<string, string> },
  size = { cols: 100, rows: 30 },
): PtySession {
  const session = new PtySession({
    cwd: where.cwd,
    args: [TICK_BIN, ...args],
    ...size,
    env: where.env,
  });
  cleanups.push(() => session.dispose());
  return session;
}

/**
 * The set-up every app test file shares: bin/tick.js runs dist/, so it must be built
 * (`npm test` builds first); cleanups registered by the helpers run after each test.
 */
export function appTestFile(): Cleanups {
  beforeAll(() => {
    if (!existsSync(join(TICK_BIN, '../../dist/cli.js')))
      throw new Error('dist/ is missing: run `npm run build`');
  });
  const cleanups: Cleanups = [];
  afterEach(() => runCleanups(cleanups));
  return cleanups;
}

/** The approval prompt's row while its keys do not answer yet (just opened, or the user types). */
export const APPROVAL_WAITING = /waiting (a moment before keys answer|for a pause in typing)/;

/**
 * Waits until a question is on screen and its keys answer: a question ignores keys for a
 * moment after it opens and while the user types (they go to the draft).
 */
export async function waitForChoices(app: PtySession, timeoutMs = 20_000): Promise<string> {
  return app.waitFor(
    (screen) =>
      /(Run this command|Change this file|Start this agent|Allow \S+|Read outside the workspace|Call this MCP tool|Use this MCP server from \.mcp\.json)\?/.test(
        screen,
      ) && !APPROVAL_WAITING.test(screen),
    timeoutMs,
    'the question to take keys',
  );
}
