import { fileURLToPath } from 'node:url';
import fg from 'fast-glob';
import { configDefaults, defineConfig } from 'vitest/config';
import { SlowFirstSequencer } from './test/support/slow-first-sequencer';

/**
 * The test files that render Ink in the test process: they run after the app's Ink patches
 * are installed (test/support/ink-patches-setup.ts), as the app runs. Loading Ink costs
 * about half a second a file, so the other files skip it;
 * test/unit/test-files-with-ink.test.ts fails when a file that loads Ink is left out of this list.
 */
export const INK_TEST_FILES = [
  'test/component/**/*.test.{ts,tsx}',
  'test/unit/ink-*.test.ts',
  // The screen layout reaches Ink through components/Rows.tsx.
  'test/unit/screen-layout.test.ts',
];

/**
 * Unit files that change what the whole process shares (a mocked node:fs, the heap they
 * measure, TZ): they run isolated, in a fresh module graph of their own, as the other
 * projects' files do. Every other unit file is pure and runs in the `unit` project, which
 * shares one module graph per worker (no re-import per file: about 10 s less per run).
 */
const UNIT_FILES_NEEDING_ISOLATION = [
  'test/unit/heap-trimmer.test.ts',
  'test/unit/session-export.test.ts',
  'test/unit/session-short-write.test.ts',
];
const SHARED_UNIT_FILES = fg.sync('test/unit/**/*.test.{ts,tsx}', {
  cwd: fileURLToPath(new URL('.', import.meta.url)),
  ignore: [...INK_TEST_FILES, ...UNIT_FILES_NEEDING_ISOLATION],
});

export default defineConfig({
  test: {
    // Ink writes nothing until unmount when CI is set; the CI runner sets it.
    env: { CI: 'false', FORCE_COLOR: '0' },
    pool: 'forks',
    // Two at once on the 2-core machines: much of the suite waits on real processes and
    // terminals (vitest's default there is one). Three made frame-timing e2e tests unsteady;
    // tried again once the unit and component tests no longer slept (three full runs on the
    // shared, busy machine: 0, 1 and 3 failing tests, a timed-out screen test and the task
    // folder watcher's burst count, and no shorter wall time than two), so two it stays.
    maxWorkers: 2,
    sequence: { sequencer: SlowFirstSequencer },
    testTimeout: 20000,
    hookTimeout: 20000,
    projects: [
      {
        extends: true,
        test: {
          name: 'ink',
          include: INK_TEST_FILES,
          setupFiles: ['test/support/ink-patches-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          include: ['test/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, ...INK_TEST_FILES, ...SHARED_UNIT_FILES],
        },
      },
      {
        extends: true,
        test: {
          name: 'unit',
          include: SHARED_UNIT_FILES,
          isolate: false,
        },
      },
    ],
  },
});
