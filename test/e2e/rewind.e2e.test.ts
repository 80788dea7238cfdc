import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { CHECKPOINT_SESSION, seedWorkspace } from '../support/checkpoint-session';
import type { PtySession } from '../support/pty';
import { sleep } from '../support/pty';
import { runTick } from '../support/run-cli';
import {
  appInPty,
  appTestFile,
  modelEnv,
  printRun,
  scriptedServer,
  tempFolder,
} from '../support/tick-app';

const cleanups = appTestFile();

/** Every file under `dir` (but `.git`) with its bytes. */
function filesOf(dir: string, root = dir): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const name of readdirSync(dir)) {
    if (name === '.git') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) for (const entry of filesOf(path, root)) files.set(...entry);
    else files.set(relative(root, path), readFileSync(path));
  }
  return files;
}

function expectSameFiles(now: Map<string, Buffer>, expected: Map<string, Buffer>): void {
  expect([...now.keys()].sort()).toEqual([...expected.keys()].sort());
  for (const [path, bytes] of expected) expect(now.get(path)?.equals(bytes), path).toBe(true);
}

/** The picker's selected row (`› before …`). */
function selectedRow(screen: string): string | undefined {
  return screen.split('\n').find((line) => /^\s*› /.test(line) && /\(\d+\)\s*$/.test(line));
}

/** Opens the picker with Esc Esc on the empty input and waits for its points. */
async function openWithEscEsc(app: PtySession): Promise<string> {
  await app.press('escape');
  await sleep(100);
  await app.press('escape');
  return app.waitFor(
    (screen) => /points?, newest first/.test(screen) && selectedRow(screen) !== undefined,
    15_000,
    'the rewind picker',
  );
}

/** Moves the selection down until `label` is selected, then waits for its preview. */
async function select(app: PtySession, label: string): Promise<string> {
  for (let step = 0; step < 12; step++) {
    const screen = await app.screenText();
    if (selectedRow(screen)?.includes(label)) break;
    await app.press('down');
    await sleep(60);
  }
  return app.waitFor(
    (screen) =>
      !!selectedRow(screen)?.includes(label) && !screen.includes('Working out what would change'),
    15_000,
    `${label} selected with its preview`,
  );
}

async function session(script = CHECKPOINT_SESSION, prepare?: (cwd: string) => void) {
  const cwd = tempFolder(cleanups, 'tick-rw-app-');
  const home = tempFolder(cleanups, 'tick-rw-home-');
  seedWorkspace(cwd);
  prepare?.(cwd);
  const initial = filesOf(cwd);
  const server = await scriptedServer(cleanups, [...script, { text: 'Noted.' }]);
  const app = appInPty(
    cleanups,
    ['--permission-mode', 'bypassPermissions'],
    {
      cwd,
      env: modelEnv(server, home),
    },
    { cols: 150, rows: 40 },
  );
  await app.waitForText('Type a task', 20_000);
  await app.type('do the four things', true);
  await app.waitForText('All four done.', 30_000);
  return { cwd, home, app, server, initial };
}

describe('/rewind in the app', { timeout: 180_000 }, () => {
  test('Esc Esc opens the picker by plan item; before #2 puts its files back byte for byte; the rewind is undone; undo #3 with and without its overlap', async () => {
    const { cwd, app } = await session();
    const done = filesOf(cwd);

    const picker = await openWithEscEsc(app);
    expect(picker).toContain('before #4 Polish the report');
    expect(picker).toContain('before #1 Write the notes');
    const before2 = await select(app, 'before #2 Clean up · 4 files');
    // What going back would change, and the diff of notes.txt (final -> draft).
    expect(before2).toMatch(/restore notes\.txt/);
    expect(before2).toMatch(/recreate old\.txt/);
    expect(before2).toMatch(/remove report\.txt/);
    expect(before2).toMatch(/-final/);
    expect(before2).toMatch(/\+draft/);
    await app.press('enter');
    const rewound = await app.waitForText(/Rewound to before #2 Clean up/, 15_000);
    expect(rewound).toMatch(/Clean up\s+undone/);
    expect(rewound).toMatch(/Generate the report\s+undone/);
    // Exactly the files of that point: the seed with notes.txt as #1 wrote it.
    expectSameFiles(
      filesOf(cwd),
      new Map([...done].filter(([path]) => !['report.txt', 'summary.txt'].includes(path)))
        .set('notes.txt', Buffer.from('draft\n'))
        .set('old.txt', Buffer.from('old notes\n')),
    );

    // The rewind is itself a point: going back to it undoes the rewind.
    await openWithEscEsc(app);
    const undoRewind = await select(app, 'before the rewind to before #2 Clean up');
    expect(undoRewind).toMatch(/remove old\.txt/);
    await app.press('enter');
    await app.waitForText(/Rewound to before the rewind to before #2 Clean up/, 15_000);
    expectSameFiles(filesOf(cwd), done);
    await app.waitFor(
      (screen) => !/undone/.test(screen.split('Todos')[1] ?? ''),
      5_000,
      'no undone marks',
    );

    // undo #3: summary.txt goes; report.txt, changed again by #4, is named and left.
    await app.type('/undo #3', true);
    await app.waitForText(/Undo #3 Generate the report/, 15_000);
    const undo = await app.waitForText(/a also the files changed later/, 15_000);
    expect(undo).toMatch(/left report\.txt \(changed later by #4 Polish the report/);
    expect(undo).toMatch(/remove summary\.txt/);
    await app.press('enter');
    const undone = await app.waitForText(/Rewound to undo #3 Generate the report/, 15_000);
    expect(undone).toMatch(/left report\.txt/);
    expect(existsSync(join(cwd, 'summary.txt'))).toBe(false);
    expect(readFileSync(join(cwd, 'report.txt'), 'utf8')).toBe('report, polished\n');
    expect(readFileSync(join(cwd, 'notes.txt'), 'utf8')).toBe('final\n');
    expect(undone).toMatch(/Generate the report\s+undone/);

    // From the picker: `u` on a point of #3, then `a` takes the overlapping file too.
    await openWithEscEsc(app);
    await select(app, 'before #3 Generate the report');
    app.write('u');
    await app.waitForText(/Undo #3 Generate the report/, 15_000);
    // The key `a` is offered once the preview has found the overlapping file.
    await app.waitForText(/a also the files changed later/, 15_000);
    app.write('a');
    await app.waitFor(
      (screen) => (screen.match(/Rewound to undo #3 Generate the report/g) ?? []).length >= 2,
      15_000,
      'the second undo',
    );
    expect(existsSync(join(cwd, 'report.txt'))).toBe(false);
    expect(readFileSync(join(cwd, 'notes.txt'), 'utf8')).toBe('final\n');
  });

  test('a git workspace: the picker takes files and conversation back to before #1; HEAD, index, stash and untracked files are as they were', async () => {
    const git = (cwd: string, ...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], {
        cwd,
        encoding: 'utf8',
      });
    let gitState = '';
    const state = (cwd: string) =>
      [
        git(cwd, 'rev-parse', 'HEAD'),
        git(cwd, 'diff', '--cached'),
        git(cwd, 'stash', 'list'),
        git(cwd, 'ls-files', '--others', '--exclude-standard'),
        git(cwd, 'status', '--porcelain'),
      ].join('\n--\n');
    const { cwd, app, server, initial } = await session(CHECKPOINT_SESSION, (dir) => {
      git(dir, 'init', '-q');
      git(dir, 'add', 'old.txt', 'make-report.sh');
      git(dir, 'commit', '-qm', 'seed');
      writeFileSync(join(dir, 'make-report.sh'), 'printf "report\\n" > report.txt # staged\n');
      git(dir, 'add', 'make-report.sh');
      writeFileSync(join(dir, 'old.txt'), 'stashed change\n');
      git(dir, 'stash', '-q');
      writeFileSync(join(dir, 'scratch.txt'), 'untracked\n');
      gitState = state(dir);
    });
    const head = git(cwd, 'rev-parse', 'HEAD');

    await openWithEscEsc(app);
    await select(app, 'before #1 Write the notes');
    app.write('c');
    await app.waitForText(
      /Rewound to before #1 Write the notes \(files and conversation\)/,
      15_000,
    );
    expectSameFiles(filesOf(cwd), initial);
    expect(git(cwd, 'rev-parse', 'HEAD')).toBe(head);
    expect(state(cwd)).toBe(gitState);

    // The model's next request starts from before the first write, with the rewind's note.
    await app.type('what now?', true);
    await app.waitForText('Noted.', 20_000);
    const body = server.requests.at(-1)?.body as {
      messages: { role: string; content: unknown; tool_calls?: { function: { name: string } }[] }[];
    };
    const calls = body.messages
      .flatMap((message) => message.tool_calls ?? [])
      .map((call) => call.function.name);
    expect(calls).toEqual(['todo_write']);
    expect(body.messages.at(-2)?.content).toContain(
      'The user rewound the files to before #1 Write the notes',
    );
  });

  test('a session resumed after `tick rewind #2` marks the items it undid in the todo panel', async () => {
    const cwd = tempFolder(cleanups, 'tick-rw-app-');
    const home = tempFolder(cleanups, 'tick-rw-home-');
    seedWorkspace(cwd);
    const run = await printRun(
      cleanups,
      CHECKPOINT_SESSION,
      ['--permission-mode', 'bypassPermissions', 'do the four things'],
      { cwd, home },
    );
    expect(run.stdout, run.stderr).toBe('All four done.\n');
    const env = { TICK_HOME: home };
    const id = /^session (\S+)/m.exec(
      (await runTick(['rewind', '--list'], { cwd, env })).stdout,
    )?.[1];
    const back = await runTick(['rewind', '#2'], { cwd, env });
    expect(back.exitCode, back.stderr).toBe(0);

    const server = await scriptedServer(cleanups, [{ text: 'Noted.' }]);
    const app = appInPty(
      cleanups,
      ['--resume', id!],
      { cwd, env: modelEnv(server, home) },
      {
        cols: 150,
        rows: 40,
      },
    );
    const screen = await app.waitFor(
      (text) => /Generate the report\s+undone/.test(text),
      20_000,
      'the undone marks',
    );
    expect(screen).toMatch(/Clean up\s+undone/);
    expect(screen).toMatch(/Polish the report\s+undone/);
    expect(screen).not.toMatch(/Write the notes\s+undone/);
  });
});
