import { test } from 'vitest';
import { writeFileSync } from 'node:fs';
import { PtySession, sleep } from '/work/main/test/support/pty';

test('scratch', async () => {
  const s = new PtySession({ args: ['/tmp/scratch/out/fake-entry.js'], cwd: '/tmp', cols: 80, rows: 20 });
  await s.waitForText('Type a task');
  const mark = s.mark();
  await s.type('go', true);
  await sleep(600);
  writeFileSync('/tmp/scratch/raw.txt', JSON.stringify(s.since(mark)));
  console.log((await s.screen()).join('\n'));
  s.dispose();
});
