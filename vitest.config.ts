import { defineConfig } from 'vitest/config';

/**
 * `npm test`, the fast tier: unit, integration (simulator over HTTP, real helm) and end-to-end
 * (dist/ under Node 24), plus the values property test at a small size. The crash, soak and fuzz
 * suites and the full-size property test are `npm run test:reliability`
 * (vitest.reliability.config.ts).
 *
 * Most of the time in these tests is spent waiting (a simulated export, a poll interval, a child
 * process), not computing: so more test files run at once than the machine has cores (vitest's
 * default on 2 cores is one file at a time).
 */
export const shared = {
  globalSetup: ['test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: 'forks' as const,
};

export default defineConfig({
  test: {
    ...shared,
    include: [
      'test/{unit,integration,e2e}/**/*.test.ts',
      'test/reliability/values-property.test.ts',
    ],
    maxWorkers: 4,
    env: { VALUES_PROPERTY_RUNS: process.env.VALUES_PROPERTY_RUNS ?? '200' },
  },
});
