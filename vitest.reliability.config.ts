import { defineConfig } from 'vitest/config';
import { FAST_E2E, longestFirst, shared } from './vitest.config.js';

/**
 * The suites that time how promptly a run ends, or how long a step takes: crash (SIGKILL), soak,
 * cancel (SIGTERM), hostile fuzz and values at scale. They run one file at a time, after the
 * others: a second suite competing for the cores would skew what they time. Hostile fuzz mostly
 * waits, but beside GitHub faults on this loaded machine one of its in-process cases took 17 s
 * to end after a 3 s deadline (6.2 s at most alone, same seed): it stays here. The full-size
 * values property test joins them (below).
 */
const TIMED = [
  'test/reliability/cancel.test.ts',
  'test/reliability/crash-soak.test.ts',
  'test/reliability/hostile-fuzz.test.ts',
  'test/reliability/values-scale.test.ts',
  // Not timed, but a minute of pure CPU at full size: beside two other files it would pass its
  // own two-minute limit on this machine.
  'test/reliability/values-property.test.ts',
];

/**
 * Files that mostly wait (a back-off, a stand-in told to be slow): GitHub faults (alone, 41 s of
 * wall time for 16 s of CPU). They run among the scenarios, first, so that their waiting overlaps
 * the end-to-end files' work instead of adding to the timed group's; their bounds are generous (a
 * stand-in's minute-long answer against a 3 s budget), as a file beside others needs.
 */
const WAITING = ['test/reliability/github-faults.test.ts'];

/**
 * `npm run test:reliability`, in two groups, one after the other:
 * - `scenarios`: the end-to-end files the fast tier leaves out (vitest.config.ts, FAST_E2E), and
 *   the faults (the disk, the network, helm, the live site), GitOps layouts, chart sources
 *   (loopback repository and registry, both helms), review-loop model, download memory, release
 *   (its build is check-dist's when there is one: test/helpers/release-build.ts) and package (npm
 *   pack and install) suites, and the WAITING file. Nothing in them is timed tightly: three files
 *   run at once (each end-to-end file already runs its own tests side by side; a WAITING file
 *   mostly sleeps);
 * - `timed` (TIMED above): one file at a time.
 */
export default defineConfig({
  test: {
    ...shared,
    // The file that waits starts first, beside the end-to-end files, and the release test (a
    // build of all three bundles, a minute alone, when there is no check-dist build to reuse), so
    // that the scenarios do not end waiting for one of them alone; then the longest end-to-end
    // file.
    sequence: {
      sequencer: longestFirst([
        ...WAITING,
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
