import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { SLOW_TEST_FILES } from '../support/slow-first-sequencer';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

// A renamed slow file would quietly lose its head start in CI.
test('every file the sequencer starts first exists', () => {
  expect(SLOW_TEST_FILES.filter((file) => !existsSync(`${ROOT}/${file}`))).toEqual([]);
});
