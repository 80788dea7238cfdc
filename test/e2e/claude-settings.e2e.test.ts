import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import {
  appInPty,
  modelEnv,
  scriptedServer,
  tempFolder,
  appTestFile,
  waitForChoices,
} from '../support/tick-app';

const cleanups = appTestFile();

const lines = (file: string) =>
  readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

test('a Claude Code settings file in the app: its warnings on screen, Notification while asking, SessionEnd on /exit', async () => {
  const cwd = tempFolder(cleanups, 'tick-e2e-');
  const home = tempFolder(cleanups, 'tick-home-');
  const log = join(cwd, 'hooks.log');
  const record = `jq -c '{e: .hook_event_name, m: .message, t: .notification_type, r: .reason}' >> '${log}'`;
  mkdirSync(join(cwd, '.tick'));
  mkdirSync(join(cwd, 'build'));
  writeFileSync(
    join(cwd, '.tick', 'settings.json'),
    JSON.stringify({
      permissions: { deny: ['WebFetch'], additionalDirectories: ['../nowhere'] },
      hooks: {
        Notification: [{ matcher: '', hooks: [{ type: 'command', command: record }] }],
        SessionEnd: [{ hooks: [{ type: 'command', command: record }] }],
      },
    }),
  );
  const server = await scriptedServer(cleanups, [
    { toolCalls: [{ name: 'bash', arguments: { command: 'rm -rf build' } }] },
    { text: 'Left it alone.' },
  ]);
  const app = appInPty(cleanups, [], { cwd, env: modelEnv(server, home) }, { cols: 160, rows: 40 });
  const flat = (screen: string) => screen.replace(/\s+/g, ' ');
  const start = flat(
    await app.waitFor(
      (screen) => flat(screen).includes('it blocks nothing'),
      20_000,
      'the warnings',
    ),
  );
  // Loud, and naming the file and the entry.
  expect(start).toContain('warning in permissions.deny[0] "WebFetch": tick has no WebFetch tool');
  expect(start).toContain('so this deny rule cannot apply (it blocks nothing)');
  expect(start).toContain('permissions.additionalDirectories[0] "../nowhere": no such directory');

  await app.type('clean up', true);
  await app.waitForText('Run this command?', 20_000);
  // The hook runs beside the prompt once it has waited unanswered (about 6 s): wait for its line.
  await app.waitFor(
    () => existsSync(log) && readFileSync(log, 'utf8').includes('\n'),
    20_000,
    'the Notification hook',
  );
  expect(lines(log)).toEqual([
    {
      e: 'Notification',
      m: 'tick needs your permission to use Bash',
      t: 'permission_prompt',
      r: null,
    },
  ]);
  await waitForChoices(app);
  await app.type('n');
  await app.waitForText('Left it alone.', 20_000);
  await app.type('/exit', true);
  await app.waitForExit(20_000);
  expect(lines(log).at(-1)).toEqual({ e: 'SessionEnd', m: null, t: null, r: 'prompt_input_exit' });
});
