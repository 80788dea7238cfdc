import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startScriptedServer, type ScriptedServer } from '../../src/demo/scripted-server';
import { tempDir } from '../support/agent-harness';
import { runTick } from '../support/run-cli';
import {
  completeLines,
  ensureBuilt,
  sentHistory,
  sessionFiles,
  spawnTick,
  survivorsOf,
  tickEnv,
  waitUntil,
} from './session-support';

/*
 * kill -9 of tick at the very moment its first command starts: the command itself kills
 * tick as its first act (so no timing in the test decides where the kill lands), then goes
 * on as a command that would outlive tick. The command must die with tick, and resuming
 * must not tell the model it never ran.
 */

beforeAll(ensureBuilt, 120_000);

const servers: ScriptedServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** Writes its group id, kills tick (its parent), then would run on for a while. */
const COMMAND = 'echo $$ > group.txt; kill -9 $PPID; sleep 30; touch outlived.txt';

describe('kill -9 at the first command', () => {
  it.each([1, 2, 3, 4, 5])(
    'try %i: the command dies with tick, and resume says it started',
    async () => {
      const home = tempDir('tick-home-');
      const cwd = tempDir('tick-ws-');
      const first = await startScriptedServer([
        { toolCalls: [{ name: 'bash', arguments: { command: COMMAND } }] },
        { text: 'never reached' },
      ]);
      servers.push(first);
      const run = spawnTick(['-p', 'run it', '--allowedTools', 'bash'], {
        cwd,
        env: tickEnv(first.baseURL, home),
      });
      expect(await run.exited).toBe(null); // killed by the command
      await waitUntil(() => existsSync(join(cwd, 'group.txt')), 5_000);
      const group = Number(readFileSync(join(cwd, 'group.txt'), 'utf8'));
      expect(await survivorsOf(group)).toEqual([]);

      // The log says the call started before the command could do anything.
      const [file] = sessionFiles(home);
      expect(completeLines(file).some((line) => line.kind === 'started')).toBe(true);
      const second = await startScriptedServer([{ text: 'I will check what it did.' }]);
      servers.push(second);
      const resumed = await runTick(['-p', '-c', 'what happened?'], {
        cwd,
        env: tickEnv(second.baseURL, home),
      });
      expect(resumed.stderr).toBe('');
      expect(resumed.exitCode).toBe(0);
      const sent = sentHistory(second.requests[0].body);
      expect(sent.find((message) => message.role === 'tool')?.content).toBe(
        'Error: interrupted: this call started, but the session ended (tick was closed or killed) ' +
          'before it finished, so it may have done part of its work. Output before that:\n(no output)',
      );
      expect(existsSync(join(cwd, 'outlived.txt'))).toBe(false);
    },
    40_000,
  );
});
