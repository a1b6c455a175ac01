import { defineConfig } from 'vitest/config';
import { FAST_E2E, longestFirst, shared } from './vitest.config.js';

/**
 * The suites that time how promptly a run ends, or how long a step takes: crash (SIGKILL), soak,
 * cancel (SIGTERM), GitHub faults, hostile fuzz and values at scale. They run one file at a time,
 * after the others: a second suite competing for the cores would skew what they time. The
 * full-size values property test joins them (below).
 */
const TIMED = [
  'test/reliability/cancel.test.ts',
  'test/reliability/crash-soak.test.ts',
  'test/reliability/github-faults.test.ts',
  'test/reliability/hostile-fuzz.test.ts',
  'test/reliability/values-scale.test.ts',
  // Not timed, but a minute of pure CPU at full size: beside two other files it would pass its
  // own two-minute limit on this machine.
  'test/reliability/values-property.test.ts',
];

/**
 * `npm run test:reliability`, in two groups, one after the other:
 * - `scenarios`: the end-to-end files the fast tier leaves out (vitest.config.ts, FAST_E2E), and
 *   the faults (the disk, the network, helm, the live site), GitOps layouts, chart sources
 *   (loopback repository and registry, both helms), review-loop model, download memory, release
 *   (a build) and package (npm pack and install) suites. Nothing in them is timed: two files run
 *   at once (each end-to-end file already runs its own tests side by side);
 * - `timed` (TIMED above): one file at a time.
 */
export default defineConfig({
  test: {
    ...shared,
    // The release test (a build of all three bundles, a minute alone) first, beside the
    // end-to-end files, so that the scenarios do not end waiting for it alone; then the longest
    // end-to-end file.
    sequence: {
      sequencer: longestFirst([
        'test/reliability/release.test.ts',
        'test/e2e/agent-review-loop.test.ts',
        'test/e2e/',
      ]),
    },
    projects: [
      {
        test: {
          ...shared,
          name: 'scenarios',
          include: ['test/e2e/**/*.test.ts', 'test/reliability/**/*.test.ts'],
          exclude: [...FAST_E2E, ...TIMED],
          maxWorkers: 2,
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
