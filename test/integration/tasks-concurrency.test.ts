import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  startScriptedServer,
  type ScriptedServer,
  type ScriptedToolCall,
} from '../../src/demo/scripted-server';
import { tempDir } from '../support/agent-harness';
import { runTick } from '../support/run-cli';

/*
 * Several real tick processes (bin/tick.js: `npm run build` first) on one shared list at
 * the same time, each with its own scripted model: the list lock must keep every write.
 */

const PROCESSES = 6;
const TASKS_EACH = 20;

const servers: ScriptedServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** `tick -p --tasks` on the list `shared`, answering with these calls in one turn. */
async function runWith(calls: ScriptedToolCall[], cwd: string, home: string) {
  const server = await startScriptedServer([{ toolCalls: calls }, { text: 'done' }]);
  servers.push(server);
  return runTick(['-p', '--tasks', 'go', '--output-format', 'json'], {
    cwd,
    env: {
      OPENAI_BASE_URL: server.baseURL,
      OPENAI_API_KEY: 'test',
      TICK_MODEL: 'scripted',
      TICK_HOME: home,
      TICK_TASK_LIST_ID: 'shared',
    },
    timeoutMs: 90_000,
  });
}

describe('one list, several processes at once', { timeout: 180_000 }, () => {
  it(`${PROCESSES} processes creating ${TASKS_EACH} tasks each leave ${PROCESSES * TASKS_EACH} intact files with distinct ids; concurrent updates of one task lose none`, async () => {
    const cwd = tempDir('tick-ws-');
    const home = tempDir('tick-home-');
    const dir = join(home, 'tasks', 'shared');

    const creators = Array.from({ length: PROCESSES }, (_, p) =>
      runWith(
        Array.from({ length: TASKS_EACH }, (_, i) => ({
          name: 'task_create',
          arguments: { subject: `process ${p} task ${i}` },
        })),
        cwd,
        home,
      ),
    );
    const runs = await Promise.all(creators);
    for (const run of runs) expect(run.exitCode, run.stderr).toBe(0);

    const names = readdirSync(dir).filter((name) => name.endsWith('.json'));
    expect(names).toHaveLength(PROCESSES * TASKS_EACH);
    const tasks = names.map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')));
    const ids = new Set(tasks.map((task) => task.id));
    expect(ids.size).toBe(PROCESSES * TASKS_EACH);
    expect([...ids].map(Number).sort((a, b) => a - b)).toEqual(
      Array.from({ length: PROCESSES * TASKS_EACH }, (_, i) => i + 1),
    );
    for (const name of names)
      expect(name).toBe(`${JSON.parse(readFileSync(join(dir, name), 'utf8')).id}.json`);
    const subjects = new Set(tasks.map((task) => task.subject));
    expect(subjects.size).toBe(PROCESSES * TASKS_EACH);
    // Each process got the ids it reported, every one a success.
    const reported = runs.flatMap((run) =>
      JSON.parse(run.stdout).tasks.map((t: { id: string }) => t.id),
    );
    expect(new Set(reported).size).toBe(PROCESSES * TASKS_EACH);

    // Every process adds three blockers of its own to task #1 at the same time.
    const updaters = Array.from({ length: PROCESSES }, (_, p) =>
      runWith(
        [0, 1, 2].map((k) => ({
          name: 'task_update',
          arguments: { taskId: '1', addBlockedBy: [String(2 + p * 3 + k)] },
        })),
        cwd,
        home,
      ),
    );
    for (const run of await Promise.all(updaters)) expect(run.exitCode, run.stderr).toBe(0);
    const first = JSON.parse(readFileSync(join(dir, '1.json'), 'utf8'));
    expect(first.blockedBy).toEqual(Array.from({ length: PROCESSES * 3 }, (_, i) => String(i + 2)));
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });
});
