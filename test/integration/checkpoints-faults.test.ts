import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { createAgent } from '../../src/agent/agent';
import { CheckpointService } from '../../src/checkpoints/service';
import { startScriptedServer } from '../../src/demo/scripted-server';
import type { ScriptedTurn } from '../../src/demo/script-types';
import { collect, ofType, testConfig } from '../support/agent-harness';
import { runTick } from '../support/run-cli';
import { printRun, runCleanups, tempFolder, type Cleanups } from '../support/tick-app';

const cleanups: Cleanups = [];
afterEach(() => runCleanups(cleanups));

const write = (path: string, content: string): ScriptedTurn => ({
  toolCalls: [{ name: 'write_file', arguments: { path, content } }],
});
const bash = (command: string): ScriptedTurn => ({
  toolCalls: [{ name: 'bash', arguments: { command } }],
});

/** The point log as written: one JSON point per line. */
function pointLog(home: string): { id: number; session: string }[] {
  const dir = join(home, 'checkpoints');
  const [store] = readdirSync(dir);
  return readFileSync(join(dir, store!, 'points.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { id: number; session: string });
}

describe('checkpoints under faults', { timeout: 120_000 }, () => {
  test('two tick processes on one workspace at once: one numbered log, both sessions rewindable', async () => {
    const cwd = tempFolder(cleanups, 'tick-cpf-ws-');
    const home = tempFolder(cleanups, 'tick-cpf-home-');
    const script = (name: string): ScriptedTurn[] => [
      ...Array.from({ length: 6 }, (_, index) =>
        write(`${name}-${index}.txt`, `${name} ${index}\n`),
      ),
      bash(`printf 'by bash\\n' > ${name}-bash.txt`),
      { text: `${name} done.` },
    ];
    const [a, b] = await Promise.all([
      printRun(cleanups, script('a'), ['--permission-mode', 'bypassPermissions', 'go'], {
        cwd,
        home,
      }),
      printRun(cleanups, script('b'), ['--permission-mode', 'bypassPermissions', 'go'], {
        cwd,
        home,
      }),
    ]);
    expect(a.stdout, a.stderr).toBe('a done.\n');
    expect(b.stdout, b.stderr).toBe('b done.\n');
    expect(a.stderr + b.stderr).not.toMatch(/checkpoints are off/);

    const points = pointLog(home);
    expect(points.map((point) => point.id)).toEqual(points.map((_, index) => index + 1));
    const sessions = [...new Set(points.map((point) => point.session))];
    expect(sessions).toHaveLength(2);
    expect(points).toHaveLength(14);

    // Each session's first point: before its own first write (the other's may be there).
    for (const session of sessions) {
      const first = points.find((point) => point.session === session)!.id;
      const back = await runTick(['rewind', String(first)], { cwd, env: { TICK_HOME: home } });
      expect(back.exitCode, back.stderr).toBe(0);
      expect(back.stdout).not.toMatch(/could not restore/);
    }
    // Back to the very first point of all: nothing of either session's is left.
    const back = await runTick(['rewind', '1'], { cwd, env: { TICK_HOME: home } });
    expect(back.exitCode, back.stderr).toBe(0);
    expect(readdirSync(cwd)).toEqual([]);
  });

  test('the store removed mid-session: one clear message, the session goes on, /rewind says why it is off', async () => {
    const home = tempFolder(cleanups, 'tick-cpf-home-');
    const cwd = tempFolder(cleanups, 'tick-cpf-ws-');
    const server = await startScriptedServer([
      write('a.txt', 'a\n'),
      bash(`rm -rf ${join(home, 'checkpoints')}`),
      write('b.txt', 'b\n'),
      write('c.txt', 'c\n'),
      { text: 'Done anyway.' },
    ]);
    cleanups.push(() => server.close());
    const config = testConfig(server.baseURL, { cwd, home, permissionMode: 'bypassPermissions' });
    const agent = await createAgent(config, {
      approve: async () => ({ decision: 'deny' }),
      interactive: true,
    });
    cleanups.push(() => agent.close());
    const events = await collect(agent.run('go', new AbortController().signal));
    expect(ofType(events, 'turn_end')[0]).toMatchObject({ reason: 'done', result: 'Done anyway.' });
    const errors = ofType(events, 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ fatal: false });
    expect(errors[0]!.message).toMatch(
      /^checkpoints are off: the checkpoint store .* was removed; the session goes on without \/rewind$/,
    );
    expect(readFileSync(join(cwd, 'b.txt'), 'utf8')).toBe('b\n');
    expect(readFileSync(join(cwd, 'c.txt'), 'utf8')).toBe('c\n');
    expect(agent.checkpoints.off).toMatch(/was removed/);
    const rewind = await collect(
      agent.rewind(
        { kind: 'point', pointId: 1, conversation: false },
        new AbortController().signal,
      ),
    );
    expect(ofType(rewind, 'error')[0]!.message).toMatch(/^Rewind is off: the checkpoint store/);
    expect(existsSync(join(cwd, 'a.txt'))).toBe(true);
  });

  test('a file that cannot be put back is named with why; the others are restored and nothing is half-written', async () => {
    const ws = tempFolder(cleanups, 'tick-cpf-ws-');
    const home = tempFolder(cleanups, 'tick-cpf-home-');
    writeFileSync(join(ws, '.gitignore'), 'out/\n');
    writeFileSync(join(ws, 'keep.txt'), 'keep v1\n');
    writeFileSync(join(ws, 'notes.txt'), 'notes v1\n');
    const service = await CheckpointService.open({
      home,
      workspace: ws,
      roots: [ws],
      maxFileBytes: 1_000_000,
      maxFiles: 1000,
      watch: false,
    });
    cleanups.push(() => service.close());
    const { point } = await service.snapshotBefore({ session: 's' });
    writeFileSync(join(ws, 'keep.txt'), 'keep v2\n');
    rmSync(join(ws, 'notes.txt'));
    // An ignored folder (never in a snapshot) now stands where notes.txt must come back.
    writeFileSync(join(ws, '.gitignore'), 'out/\nnotes.txt/\n');
    mkdirSync(join(ws, 'notes.txt'));
    writeFileSync(join(ws, 'notes.txt', 'inside'), 'x\n');
    await service.snapshotBefore({ session: 's' });

    const result = await service.rewindTo(point.id, {});
    expect(result.report.restored).toContain('keep.txt');
    expect(result.report.failed).toEqual([{ path: 'notes.txt', reason: 'a folder is in the way' }]);
    expect(readFileSync(join(ws, 'keep.txt'), 'utf8')).toBe('keep v1\n');
    expect(readFileSync(join(ws, 'notes.txt', 'inside'), 'utf8')).toBe('x\n');
    // No temp file of the failed restore is left beside it.
    expect(readdirSync(ws).filter((name) => name.startsWith('.tick-restore-'))).toEqual([]);
  });
});
