import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    globalSetup: ['test/support/globalSetup.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Ink stops repainting its live area when it believes it runs in CI (is-in-ci reads CI
    // once, at import). The UI tests render a live terminal on purpose, so their workers
    // must not look like CI even when the suite itself runs there.
    env: { CI: 'false' },
  },
});
