import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    setupFiles: ['test/support/ink-patches-setup.ts'],
    // Ink writes nothing until unmount when CI is set; the CI runner sets it.
    env: { CI: 'false', FORCE_COLOR: '0' },
    pool: 'forks',
    // Two at once on the 2-core machines: much of the suite waits on real processes and
    // terminals (vitest's default there is one). Three made frame-timing e2e tests unsteady.
    maxWorkers: 2,
    testTimeout: 20000,
    hookTimeout: 20000,
  },
});
