import { describe, expect, test } from 'vitest';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { appInPty, appTestFile, modelEnv, scriptedServer, tempFolder } from '../support/tick-app';
import { CAN_MOUNT, fillUp, mountTmpfs, unmount } from '../support/tmpfs';

/*
 * The disk under TICK_HOME fills up while the app runs (a small tmpfs, root only as CI
 * runs): the app says the session is no longer saved, in the transcript and on the status
 * line, where it stays.
 */

const cleanups = appTestFile();

describe.runIf(CAN_MOUNT)(
  'a full disk under the session log, in the app',
  { timeout: 60_000 },
  () => {
    test('the transcript says the session is no longer saved, and the status line keeps saying so', async () => {
      const cwd = tempFolder(cleanups, 'tick-e2e-');
      const home = tempFolder(cleanups, 'tick-home-');
      expect(mountTmpfs(home)).toBe(true);
      cleanups.push(() => unmount(home));
      mkdirSync(join(home, 'projects'), { mode: 0o700 });
      fillUp(home, 16 * 1024);
      const server = await scriptedServer(cleanups, [
        { text: `${'A long answer. '.repeat(1_500)}The end.`, chunkSize: 4096 },
        { text: 'Still answering.' },
      ]);
      const app = appInPty(cleanups, [], { cwd, env: modelEnv(server, home) });
      await app.waitForText('Type a task', 20_000);
      await app.type('write a lot', true);
      await app.waitForText('session not saved');
      // The warning went into the transcript where it happened, above the long answer.
      let screen = await app.screenText();
      for (let page = 0; page < 30 && !screen.includes('no longer saved'); page += 1) {
        await app.press('pageUp');
        screen = await app.screenText();
      }
      // (Its long path wraps where the row ends.)
      expect(screen.replace(/\s+/g, ' ')).toMatch(
        /session log \/tmp\/.+?\.jsonl: ENOSPC: no space left on device, write; the session is no longer saved/,
      );
      await app.press('pageDown');

      // Later turns still work, and the status line still says it.
      await app.type('and then?', true);
      const later = await app.waitForText('Still answering.');
      const status = later.trimEnd().split('\n').at(-1) ?? '';
      expect(status).toContain('session not saved');
    });
  },
);
