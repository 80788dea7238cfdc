import { configDefaults, defineConfig } from 'vitest/config';

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
          exclude: [...configDefaults.exclude, ...INK_TEST_FILES],
        },
      },
    ],
  },
});
