import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { runTick } from '../support/run-cli';
import { CHECKPOINT_SESSION, seedWorkspace } from '../support/checkpoint-session';
import { appTestFile, printRun, tempFolder } from '../support/tick-app';

const cleanups = appTestFile();

async function recorded() {
  const cwd = tempFolder(cleanups, 'tick-rw-ws-');
  const home = tempFolder(cleanups, 'tick-rw-home-');
  seedWorkspace(cwd);
  const run = await printRun(
    cleanups,
    CHECKPOINT_SESSION,
    ['--permission-mode', 'bypassPermissions', 'do the four things'],
    { cwd, home },
  );
  expect(run.stdout, run.stderr).toBe('All four done.\n');
  const rewind = (...args: string[]) =>
    runTick(['rewind', ...args], { cwd, env: { TICK_HOME: home } });
  return { cwd, home, rewind };
}

const read = (cwd: string, name: string) => readFileSync(join(cwd, name), 'utf8');

describe('tick rewind', { timeout: 60_000 }, () => {
  test('--list names the points by plan item; #2 goes back to before item 2; the rewind is undone by its point', async () => {
    const { cwd, rewind } = await recorded();
    const listed = await rewind('--list');
    expect(listed.exitCode, listed.stderr).toBe(0);
    const lines = listed.stdout.split('\n');
    expect(lines[0]).toContain(`Checkpoints of ${cwd}, newest first`);
    // id, time, name (indented inside its item), what going back would change
    const rows = lines
      .filter((line) => /^\s+\d+\s/.test(line))
      .map((line) =>
        line.replace(/^\s+\d+\s+\d\d:\d\d\s\s/, '').replace(/\s{2,}(?=\S+ files?$)/, ' | '),
      );
    expect(rows).toEqual([
      'before #4 Polish the report | 1 file',
      '  before write_file summary.txt | 2 files',
      'before #3 Generate the report | 2 files',
      '  before edit_file notes.txt | 3 files',
      'before #2 Clean up | 4 files',
      'before #1 Write the notes | 4 files',
    ]);
    expect((await rewind()).stdout).toBe(listed.stdout);

    const back = await rewind('#2');
    expect(back.exitCode, back.stderr).toBe(0);
    expect(back.stdout).toMatch(
      /^Rewound to before #2 Clean up: restored notes.txt, old.txt; removed report.txt, summary.txt\n/,
    );
    expect(read(cwd, 'notes.txt')).toBe('draft\n');
    expect(read(cwd, 'old.txt')).toBe('old notes\n');
    expect(existsSync(join(cwd, 'report.txt'))).toBe(false);
    expect(existsSync(join(cwd, 'summary.txt'))).toBe(false);
    const saved = /point (\d+) \(\/rewind to go back\)/.exec(back.stdout)?.[1];
    expect(saved).toBeDefined();

    const again = await rewind(saved!);
    expect(again.exitCode, again.stderr).toBe(0);
    expect(read(cwd, 'notes.txt')).toBe('final\n');
    expect(existsSync(join(cwd, 'old.txt'))).toBe(false);
    expect(read(cwd, 'report.txt')).toBe('report, polished\n');
    expect(read(cwd, 'summary.txt')).toBe('summary\n');
  });

  test('--undo 3 leaves the report #4 changed and names it; --include-overlaps takes it too; --undo 2 has no overlap', async () => {
    const { cwd, rewind } = await recorded();
    const undo3 = await rewind('--undo', '3');
    expect(undo3.exitCode, undo3.stderr).toBe(0);
    expect(undo3.stdout).toContain('Rewound to undo #3 Generate the report: removed summary.txt');
    expect(undo3.stdout).toContain('left report.txt: changed later by #4 Polish the report');
    expect(undo3.stdout).toContain('--include-overlaps');
    expect(read(cwd, 'report.txt')).toBe('report, polished\n');
    expect(existsSync(join(cwd, 'summary.txt'))).toBe(false);

    const undo2 = await rewind('--undo', '#2');
    expect(undo2.stdout).toContain('Rewound to undo #2 Clean up: restored notes.txt, old.txt');
    expect(undo2.stdout).not.toContain('left');
    expect(read(cwd, 'notes.txt')).toBe('draft\n');
    expect(read(cwd, 'old.txt')).toBe('old notes\n');

    const all = await rewind('--undo', '3', '--include-overlaps');
    expect(all.exitCode, all.stderr).toBe(0);
    expect(existsSync(join(cwd, 'report.txt'))).toBe(false);
  });

  test('bad input: an unknown point, an item with no point, a damaged store: one line, exit 1', async () => {
    const { home, rewind } = await recorded();
    expect(await rewind('999')).toMatchObject({
      exitCode: 1,
      stderr: expect.stringMatching(/^tick: there is no point 999/),
    });
    expect(await rewind('#9')).toMatchObject({
      exitCode: 1,
      stderr: expect.stringMatching(/no point before plan item #9/),
    });
    expect((await rewind('banana')).stderr).toMatch(/'banana' is not a point/);
    expect((await runTick(['--list'], { cwd: home })).stderr).toMatch(
      /--list belongs to tick rewind/,
    );
    const { readdirSync, writeFileSync } = await import('node:fs');
    const store = join(home, 'checkpoints', readdirSync(join(home, 'checkpoints'))[0]);
    writeFileSync(join(store, 'store.json'), 'not json');
    const damaged = await rewind('--list');
    expect(damaged.exitCode).toBe(1);
    expect(damaged.stderr).toMatch(
      /^tick: the checkpoint store .* is damaged: store.json is not a store header/,
    );
  });

  test("tick export lists the session's points; a damaged store costs the section, not the report", async () => {
    const { cwd, home, rewind } = await recorded();
    const id = /^session (\S+)/m.exec((await rewind('--list')).stdout)?.[1];
    expect(id).toBeDefined();
    const exportIt = (...args: string[]) =>
      runTick(['export', id!, ...args], { cwd, env: { TICK_HOME: home } });
    const md = await exportIt();
    expect(md.exitCode, md.stderr).toBe(0);
    const section = md.stdout.slice(md.stdout.indexOf('## Checkpoints'));
    const rows = section.split('\n').filter((line) => /^\| \d+ \|/.test(line));
    expect(rows.map((row) => row.split('|')[3]!.trim())).toEqual([
      'before #1 Write the notes',
      'before #2 Clean up',
      '&nbsp;&nbsp;before edit_file notes.txt',
      'before #3 Generate the report',
      '&nbsp;&nbsp;before write_file summary.txt',
      'before #4 Polish the report',
    ]);
    const html = await exportIt('--format', 'html');
    expect(html.stdout).toContain('<h2>Checkpoints</h2>');
    expect(html.stdout).toContain('<td>before #3 Generate the report</td>');

    const { readdirSync, writeFileSync } = await import('node:fs');
    const store = join(home, 'checkpoints', readdirSync(join(home, 'checkpoints'))[0]!);
    writeFileSync(join(store, 'store.json'), 'not json');
    const damaged = await exportIt();
    expect(damaged.exitCode).toBe(0);
    expect(damaged.stdout).toContain('## Todo history');
    expect(damaged.stdout).not.toContain('## Checkpoints');
    expect(damaged.stderr).toMatch(
      /^tick: checkpoints not listed: the checkpoint store .* is damaged/,
    );
  });
});
