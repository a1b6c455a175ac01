/**
 * Publishes recorded as GitHub deployments, as test/e2e/deployment.test.ts and the GitHub faults in
 * test/reliability/github-faults.test.ts run them: dist/ under Node 24 with an environment, against
 * the simulator and the GitHub stand-in (with a GitHub Enterprise Server style /api/v3 prefix).
 */
import { publishPolling, type PublishOptions, type Service } from './action.js';
import { startFakeGitHub, type FakeGitHub } from './github-api.js';
import { closeAfterTest } from './sim.js';

/** The commit a deployment is created for (GITHUB_SHA). */
export const SHA = '3f9a2c1b8e7d4a0612345678901234567890abcd';
/** A values file whose block the publish turns on. */
export const VALUES = 'replicaCount: 1\nstaticExport:\n  enabled: false\n';

/** A GitHub stand-in, closed with the simulators (helpers/sim.ts closeAfterTest). */
export async function github(options: Parameters<typeof startFakeGitHub>[0] = {}) {
  return closeAfterTest(await startFakeGitHub(options));
}

/**
 * A publish (helpers/action.ts runPublish) recorded in docs-production on the GitHub stand-in `g`;
 * `options.inputs` adds or overrides.
 */
export function publishTo(g: FakeGitHub, s: Service, options: PublishOptions = {}) {
  return publishPolling(s, {
    ...options,
    inputs: { environment: 'docs-production', ...options.inputs },
    env: { GITHUB_API_URL: g.apiUrl, GITHUB_SHA: SHA, ...options.env },
  });
}
