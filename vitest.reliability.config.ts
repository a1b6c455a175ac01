import { defineConfig } from 'vitest/config';
import { shared } from './vitest.config.js';

/**
 * `npm run test:reliability`: the crash (SIGKILL), soak, hostile fuzz, download-memory, release
 * (a build) and full-size property suites. One file at a time: the crash and soak suites run many
 * actions in parallel themselves and assert how promptly each exits, which a second suite
 * competing for the cores would skew.
 */
export default defineConfig({
  test: {
    ...shared,
    include: ['test/reliability/**/*.test.ts'],
    maxWorkers: 1,
  },
});
