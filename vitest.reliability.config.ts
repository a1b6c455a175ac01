import { defineConfig } from 'vitest/config';
import { FAST_E2E, shared } from './vitest.config.js';

/**
 * The suites that time how promptly a run ends, or how long a step takes: crash (SIGKILL), soak,
 * cancel (SIGTERM), GitHub faults, hostile fuzz and values at scale. They run one file at a time,
 * after the others: a second suite competing for the cores would skew what they time.
 */
const TIMED = [
  'test/reliability/cancel.test.ts',
  'test/reliability/crash-soak.test.ts',
  'test/reliability/github-faults.test.ts',
  'test/reliability/hostile-fuzz.test.ts',
  'test/reliability/values-scale.test.ts',
];

/**
 * `npm run test:reliability`, in two groups, one after the other:
 * - `scenarios`: the end-to-end files the fast tier leaves out (vitest.config.ts, FAST_E2E), and
 *   the faults (the disk, the network, helm, the live site), GitOps layouts, chart sources
 *   (loopback repository and registry, both helms), the review-loop model, download memory,
 *   release (a build), package (npm pack and install) and full-size property suites. Nothing in
 *   them is timed, so three files run at once, as in the fast tier;
 * - `timed` (TIMED above): one file at a time.
 */
export default defineConfig({
  test: {
    ...shared,
    projects: [
      {
        test: {
          ...shared,
          name: 'scenarios',
          include: ['test/e2e/**/*.test.ts', 'test/reliability/**/*.test.ts'],
          exclude: [...FAST_E2E, ...TIMED],
          maxWorkers: 3,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...shared,
          name: 'timed',
          include: TIMED,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
