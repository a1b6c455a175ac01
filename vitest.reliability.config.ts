import { defineConfig } from 'vitest/config';
import { shared } from './vitest.config.js';

/**
 * `npm run test:reliability`: the crash (SIGKILL), soak, cancel (SIGTERM), faults (the disk, the
 * network, helm, the live site), GitHub faults, hostile fuzz, download-memory, values-scale,
 * gitops-proof (more GitOps layouts), chart sources (loopback repository and registry, both helms), release (a build), package (npm pack and install) and
 * full-size property suites. One file at a
 * time: the crash, soak and cancel suites assert how promptly each action exits, which a second
 * suite competing for the cores would skew.
 */
export default defineConfig({
  test: {
    ...shared,
    include: ['test/reliability/**/*.test.ts'],
    maxWorkers: 1,
  },
});
