import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { sleep } from '../support/pty';
import {
  appInPty,
  modelEnv,
  scriptedServer,
  tempFolder,
  appTestFile,
  waitForChoices,
} from '../support/tick-app';

const cleanups = appTestFile();

const BEL = '\x07';
const FOCUS_OUT = '\x1b[O';
const FOCUS_IN = '\x1b[I';
const ASK = { toolCalls: [{ name: 'bash', arguments: { command: 'rm -rf build' } }] };
const OSC9 = `\x1b]9;tick needs your approval (bash: rm -rf build)${BEL}`;

/** A workspace with a `build` folder to remove and optional settings; tick in WezTerm. */
async function start(settings?: object, env: Record<string, string> = { TERM_PROGRAM: 'WezTerm' }) {
  const cwd = tempFolder(cleanups, 'tick-e2e-');
  const home = tempFolder(cleanups, 'tick-home-');
  mkdirSync(join(cwd, 'build'));
  if (settings) {
    mkdirSync(join(cwd, '.tick'));
    writeFileSync(join(cwd, '.tick', 'settings.json'), JSON.stringify(settings));
  }
  const server = await scriptedServer(cleanups, [ASK, { text: 'Left it alone.' }]);
  const app = appInPty(cleanups, [], { cwd, env: { ...modelEnv(server, home), ...env } });
  await app.waitForText('Type a task', 20_000);
  // A terminal reports focus once asked to (the app asks when it takes the keys).
  await app.waitFor(() => app.since(0).includes('\x1b[?1004h'), 20_000, 'focus reporting on');
  return { app, cwd };
}

test('an approval waiting while the terminal is in the background rings the bell and sends OSC 9 once', async () => {
  const { app } = await start();
  app.write(FOCUS_OUT);
  await sleep(100);
  const before = app.mark();
  await app.type('clean up', true);
  await app.waitForText('Run this command?', 20_000);
  await app.waitFor(() => app.since(before).includes(OSC9), 5_000, 'the OSC 9 notification');
  expect(app.since(before)).toContain(BEL + OSC9);
  // Once per wait: focus coming and going again does not ring again.
  app.write(FOCUS_IN);
  app.write(FOCUS_OUT);
  await sleep(300);
  expect(app.since(before).split(OSC9)).toHaveLength(2);
  // The focus reports were not typed into anything.
  await waitForChoices(app);
  await app.type('n');
  await app.waitForText('Left it alone.', 20_000);
  expect(await app.screenText()).not.toMatch(/\[I|\[O/);
});

test('with focus, a wait rings only after a few seconds with nothing typed', async () => {
  const { app } = await start();
  const before = app.mark();
  await app.type('clean up', true);
  await app.waitForText('Run this command?', 20_000);
  await sleep(2500);
  expect(app.since(before)).not.toContain(BEL);
  await app.waitFor(() => app.since(before).includes(OSC9), 8_000, 'the ring after 5 s');
});

test('notifications.bell and .desktop turned off: nothing is written on a wait', async () => {
  const { app } = await start({ notifications: { bell: false, desktop: false } });
  app.write(FOCUS_OUT);
  const before = app.mark();
  await app.type('clean up', true);
  await app.waitForText('Run this command?', 20_000);
  await sleep(1000);
  expect(app.since(before)).not.toContain(BEL);
  expect(app.since(before)).not.toContain('\x1b]9;');
});

test('desktop off keeps the bell; a terminal that supports no notification gets the bell only', async () => {
  const { app } = await start({ notifications: { desktop: false } });
  app.write(FOCUS_OUT);
  const before = app.mark();
  await app.type('clean up', true);
  await app.waitForText('Run this command?', 20_000);
  await app.waitFor(() => app.since(before).includes(BEL), 5_000, 'the bell');
  expect(app.since(before)).not.toContain('\x1b]9;');

  const plain = await start(undefined, { TERM_PROGRAM: '' });
  plain.app.write(FOCUS_OUT);
  const mark = plain.app.mark();
  await plain.app.type('clean up', true);
  await plain.app.waitForText('Run this command?', 20_000);
  await plain.app.waitFor(() => plain.app.since(mark).includes(BEL), 5_000, 'the bell');
  expect(plain.app.since(mark)).not.toContain('\x1b]9;');
  expect(plain.app.since(mark)).not.toContain('\x1b]777;');
});

test('rxvt-unicode gets OSC 777; the idle prompt after a turn rings and fires the Notification hook (idle_prompt)', async () => {
  const cwdLog = tempFolder(cleanups, 'tick-log-');
  const log = join(cwdLog, 'n.log');
  const record = `jq -c '{m: .message, t: .notification_type}' >> '${log}'`;
  const { app } = await start(
    {
      notifications: { idleMs: 1500 },
      hooks: { Notification: [{ matcher: '', hooks: [{ type: 'command', command: record }] }] },
    },
    { TERM: 'rxvt-unicode-256color', TERM_PROGRAM: '' },
  );
  app.write(FOCUS_OUT);
  const before = app.mark();
  await app.type('clean up', true);
  await app.waitForText('Run this command?', 20_000);
  await app.waitFor(
    () =>
      app
        .since(before)
        .includes(`\x1b]777;notify;tick;tick needs your approval (bash: rm -rf build)${BEL}`),
    5_000,
    'the OSC 777 notification',
  );
  await waitForChoices(app);
  // Marked before the answer: the turn can end (and ring) before typing returns.
  const idle = app.mark();
  await app.type('n');
  await app.waitForText('Left it alone.', 20_000);
  await app.waitFor(
    () =>
      app.since(idle).includes(`\x1b]777;notify;tick;tick finished and is waiting for you${BEL}`),
    5_000,
    'the idle ring',
  );
  await app.waitFor(
    () => existsSync(log) && readFileSync(log, 'utf8').includes('idle_prompt'),
    10_000,
    'the idle_prompt Notification',
  );
  const lines = readFileSync(log, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { m: string; t: string });
  // Once, from the session's idle timer (the ring's own timer fires no hook). A question
  // answered within its delay fires no permission_prompt (session-hooks.test.ts).
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const idleLines = readFileSync(log, 'utf8')
    .trim()
    .split('\n')
    .filter((line) => line.includes('idle_prompt'));
  expect(idleLines).toHaveLength(1);
  expect(lines.filter((line) => line.t === 'idle_prompt')).toEqual([
    { m: 'tick is waiting for your input', t: 'idle_prompt' },
  ]);
});
