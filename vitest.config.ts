import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    setupFiles: ['test/support/ink-patches-setup.ts'],
    // Ink writes nothing until unmount when CI is set; the CI runner sets it.
    env: { CI: 'false', FORCE_COLOR: '0' },
    pool: 'forks',
    testTimeout: 20000,
    hookTimeout: 20000,
  },
});
