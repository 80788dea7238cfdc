import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chmodSync, lstatSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startScriptedServer, type ScriptedServer } from '../../src/demo/scripted-server';
import { tempDir } from '../support/agent-harness';
import { runTick } from '../support/run-cli';
import { ensureBuilt, sessionFiles, tickEnv } from './session-support';

/*
 * What tick writes under TICK_HOME holds whatever the tools printed: its folders are 0700
 * and its files 0600, as ssh and gh keep theirs, and an older, readable home is made
 * private on start with one line saying so.
 */

beforeAll(ensureBuilt, 120_000);

const servers: ScriptedServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** Every path under `root` (itself included) with its permission bits. */
function modes(root: string): Map<string, { dir: boolean; mode: number }> {
  const out = new Map<string, { dir: boolean; mode: number }>();
  const walk = (path: string) => {
    const stats = lstatSync(path);
    out.set(path, { dir: stats.isDirectory(), mode: stats.mode & 0o777 });
    if (stats.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
  };
  walk(root);
  return out;
}

/** One run that writes every kind of file: the log, its transcript, a kept long output, a task. */
async function runEverything(home: string, cwd: string) {
  const server = await startScriptedServer([
    {
      toolCalls: [
        { name: 'bash', arguments: { command: 'seq 1 20000' } },
        { name: 'task_create', arguments: { subject: 'Read the numbers' } },
      ],
    },
    { text: 'done' },
  ]);
  servers.push(server);
  return runTick(['-p', '--tasks', 'count', '--allowedTools', 'bash'], {
    cwd,
    env: tickEnv(server.baseURL, home),
  });
}

describe("tick's files under TICK_HOME", () => {
  it('are created private: folders 0700, files 0600', async () => {
    const home = join(tempDir('tick-parent-'), 'home');
    const cwd = tempDir('tick-ws-');
    const run = await runEverything(home, cwd);
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(0);
    const all = modes(home);
    const [log] = sessionFiles(home);
    const names = [...all.keys()].map((path) => path.slice(home.length));
    // Every kind is there: the log, the hooks' transcript, the kept output, the task list.
    expect(names).toContain(log.slice(home.length));
    expect(names.some((name) => /\/transcripts\/.+\.jsonl$/.test(name))).toBe(true);
    expect(names.some((name) => /\/tool-results\/.+/.test(name))).toBe(true);
    expect(names.some((name) => /^\/tasks\/.+\/1\.json$/.test(name))).toBe(true);
    for (const [path, { dir, mode }] of all)
      expect([path, mode]).toEqual([path, dir ? 0o700 : 0o600]);
  });

  it('an older home others could read is made private on start, with one line saying so', async () => {
    const home = join(tempDir('tick-parent-'), 'home');
    const cwd = tempDir('tick-ws-');
    // As an older tick left it: 755 folders, 644 files.
    const old = join(home, 'projects', 'old-slug');
    mkdirSync(old, { recursive: true, mode: 0o755 });
    writeFileSync(join(old, 'old-session.jsonl'), '{}\n', { mode: 0o644 });
    for (const dir of [home, join(home, 'projects'), old]) chmodSync(dir, 0o755);

    const run = await runEverything(home, cwd);
    expect(run.exitCode).toBe(0);
    expect(run.stderr).toBe(
      `tick: made 4 files and folders in ${home} private to you (others could read them; tick keeps its folders 0700 and files 0600)\n`,
    );
    for (const [path, { dir, mode }] of modes(home))
      expect([path, mode]).toEqual([path, dir ? 0o700 : 0o600]);

    // Said once: the next start finds nothing to do.
    const again = await runEverything(home, cwd);
    expect(again.stderr).toBe('');
  });
});
