import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * The end-to-end files of the fast tier: one or more for each door (the action, the agent action
 * and its review loop) and for the proof through the cluster, each a full run of dist/ under
 * Node 24. The other end-to-end files, scenario by scenario, are the reliability tier's
 * (vitest.reliability.config.ts), which CI runs too: a run of dist/ costs about 0.4 s of CPU
 * here, and all of them together would keep `npm test` over a minute on this 2-core machine.
 */
export const FAST_E2E = [
  'test/e2e/action.test.ts',
  'test/e2e/agent.test.ts',
  'test/e2e/agent-review-events.test.ts',
  'test/e2e/gitops.test.ts',
  'test/e2e/deployment.test.ts',
  'test/e2e/files.test.ts',
  'test/e2e/tolerant-answers.test.ts',
];

/**
 * `npm test`, the fast tier: unit, integration (simulator over HTTP, real helm) and the end-to-end
 * files of FAST_E2E (dist/ under Node 24), plus the values property test at a small size. The
 * other end-to-end files and the reliability suites (crash, soak, cancel, faults, GitHub faults,
 * chart sources, GitOps layouts, fuzz, download memory, values at scale, release, package and the
 * full-size property test) are `npm run test:reliability` (vitest.reliability.config.ts).
 *
 * Much of the time in these tests is spent waiting (a simulated export, a poll interval, a child
 * process), not computing: so four test files run at once on a 2-core machine (vitest's default
 * there is one at a time), and the tests of every end-to-end file and of four integration files
 * (agent-pipeline, gitops-render, mirror, render-check) run concurrently (describe.concurrent).
 * The others run one test after another: they set process.env, time a deadline to the
 * millisecond, measure memory or hold one stand-in (client, contract, download, github-listing,
 * helm, proxy). A test timed against a signal or a deadline is it.sequential, or in a plain
 * describe after the concurrent ones where a file has several (an it.sequential runs alongside
 * the file's other describe.concurrent suites). With that the tier keeps both cores busy: more
 * workers only add CPU time (each loads its own modules). A test that runs concurrently uses its
 * own context's hooks (`async ({ onTestFinished }) => …`: the imported one belongs to whichever
 * test ran last) and registers what it starts with closeAfterTest (test/helpers/sim.ts).
 */

export const shared = {
  globalSetup: ['test/global-setup.ts'],
  setupFiles: ['test/setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: 'forks' as const,
};

/**
 * Vitest orders files by their last duration, which a fresh clone does not have: there the
 * longest files would start last and the run would wait for them alone. So the files whose path
 * starts with one of `longest` start first, in that order.
 */
export function longestFirst(longest: readonly string[]) {
  return class LongestFirst extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      const rank = (file: TestSpecification) => {
        const i = longest.findIndex((path) => file.moduleId.includes(`/${path}`));
        return i === -1 ? longest.length : i;
      };
      return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
    }
  };
}

export default defineConfig({
  test: {
    ...shared,
    include: [
      'test/{unit,integration}/**/*.test.ts',
      ...FAST_E2E,
      'test/reliability/values-property.test.ts',
    ],
    maxWorkers: 4,
    // A worker keeps its modules from one test file to the next, instead of a fresh process that
    // transforms the same sources again for each file: on this 2-core machine the tier took 0.77
    // of the CPU time and 0.81 of the wall time (3 paired runs, with three workers, before the
    // files' own tests ran concurrently). It holds because no test mocks a module or leaves
    // process.env changed (the few that set it put it back), src/ reads GITHUB_API_URL when it
    // makes a client, the document store (src/shared/documents.ts) is keyed by content, and the
    // shared hooks are in test/setup.ts, which runs for every file (a helper's own hooks would
    // serve only the first file of a worker). The reliability tier keeps one process per file.
    isolate: false,
    // The helm integration files (their tests run one after another, as they set process.env for
    // helm), then the end-to-end files.
    sequence: {
      sequencer: longestFirst([
        'test/integration/helm.test.ts',
        'test/integration/helm4.test.ts',
        'test/e2e/',
      ]),
    },
    // The values property test at a smoke size: its 2,000 cases are the reliability tier's.
    env: { VALUES_PROPERTY_RUNS: process.env.VALUES_PROPERTY_RUNS ?? '100' },
  },
});
