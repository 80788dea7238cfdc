import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { PtySession } from '../support/pty';
import { waitForChoices } from '../support/tick-app';

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

test('with no model configured, the demo plays a scripted session through the real tools', async () => {
  const cwd = mkdtempSync(join(tmpdir(), 'tick-demo-user-'));
  const home = mkdtempSync(join(tmpdir(), 'tick-home-'));
  // A private temp folder, to see the demo's scratch copy appear and go.
  const scratch = mkdtempSync(join(tmpdir(), 'tick-tmp-'));
  cleanups.push(
    () => rmSync(cwd, { recursive: true, force: true }),
    () => rmSync(home, { recursive: true, force: true }),
    () => rmSync(scratch, { recursive: true, force: true }),
  );
  const demoFolders = () => readdirSync(scratch).filter((name) => name.startsWith('tick-demo-'));
  const session = new PtySession({
    cwd,
    cols: 110,
    rows: 36,
    env: {
      OPENAI_BASE_URL: undefined,
      OPENAI_API_KEY: undefined,
      TICK_MODEL: undefined,
      TICK_HOME: home,
      TMPDIR: scratch,
      // The demo streams at a pace a person can watch (12 ms a chunk, about 10 s in all);
      // the flow and what it shows are tested here, so its chunks come 1 ms apart.
      TICK_DEMO_PACE_MS: '1',
    },
  });
  cleanups.push(() => session.dispose());

  const banner = await session.waitForText('Demo model: no model is configured', 20_000);
  expect(banner).toMatch(/^demo model · acceptEdits/m);
  const asked = await session.waitForText('Run this command?', 60_000);
  expect(asked).toContain('rm -rf build');
  expect(asked).toContain('☑ Run the tests');
  expect(asked).toMatch(/✓ edit_file\s+src\/cart\.js/);
  expect(asked).toMatch(/✓ bash\s+node test\/cart\.test\.js/);
  await waitForChoices(session);
  await session.type('y');
  const done = await session.waitForText('That was the built-in demo', 60_000);
  expect(done).toContain('Todos 4/4');
  expect(done).toMatch(/✓ bash\s+rm -rf build/);

  await session.type('what can you do?', true);
  const answer = await session.waitForText('Any OpenAI-compatible server works', 20_000);
  expect(answer).toContain('demo model');
  expect(answer).toContain('TICK_MODEL');
  // The user's own folder was never touched.
  expect(readdirSync(cwd)).toEqual([]);
  expect(demoFolders()).toHaveLength(1);

  // A clean exit removes the scratch copy.
  await session.type('/exit', true);
  expect((await session.waitForExit()).exitCode).toBe(0);
  expect(demoFolders()).toEqual([]);
}, 180_000);
