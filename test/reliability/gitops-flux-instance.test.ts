/**
 * A FluxInstance's spec.sync as the cluster's entry point. flux-local's test cluster
 * (test/fixtures/gitops/flux-local) with its bootstrap (clusters/prod/flux-system/gotk-sync.yaml)
 * replaced by the FluxInstance of fluxoperator.dev's "Sync from a Git Repository" example (url
 * this repository, path clusters/prod): the Flux Operator generates the same GitRepository and
 * Kustomization `flux-system`, so the apps Kustomization its build produces applies the release,
 * and the GitRepository's ref (`ref.name: <sync.ref>`) decides whether this commit is applied.
 * Its version, "2.x", spans Flux 2.7 and 2.8 and so pins no helm major: the runner's one renders
 * (the majors a version pins are tested in test/e2e/helm-majors.test.ts).
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  clusterWorkspace,
  kustomizeFlux,
  proofOf,
  publishIn,
  refusedIn,
} from '../helpers/cluster.js';
import { fluxValues, manifest, renderedLink, renderWith } from '../helpers/gitops.js';
import { CHART } from '../helpers/helm.js';

const INSTANCE = 'clusters/prod/flux-system/flux-instance.yaml';
const RELEASE = { 'values-file': 'apps/base/docs/release.yaml' };
const onBranch = (branch: string) => ({
  GITHUB_REF: `refs/heads/${branch}`,
  GITHUB_REF_NAME: branch,
});

const instance = (ref: string) => `apiVersion: fluxcd.controlplane.io/v1
kind: FluxInstance
metadata:
  name: flux
  namespace: flux-system
spec:
  distribution:
    version: "2.x"
    registry: "ghcr.io/fluxcd"
  sync:
    kind: GitRepository
    url: "https://github.com/acme/docs.git"
    ref: "${ref}"
    path: "clusters/prod"
`;

async function workspace(ref: string): Promise<string> {
  const ws = await clusterWorkspace('flux-local');
  const dir = join(ws, 'clusters/prod/flux-system');
  await rm(join(dir, 'gotk-sync.yaml'));
  const kustomization = join(dir, 'kustomization.yaml');
  const text = await readFile(kustomization, 'utf8');
  expect(text).toContain('  - gotk-sync.yaml\n');
  await writeFile(kustomization, text.replace('  - gotk-sync.yaml\n', '  - flux-instance.yaml\n'));
  await writeFile(join(ws, INSTANCE), instance(ref));
  return ws;
}

describe.concurrent('a FluxInstance sync as the entry point', { timeout: 90_000 }, () => {
  it('it follows refs/heads/main and the run is on main: rendered through the Kustomization its build produces', async () => {
    const ws = await workspace('refs/heads/main');
    const { h, run } = await publishIn(ws, RELEASE, onBranch('main'));
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(proofOf(run)).toEqual([
      expect.objectContaining({ entry: 'Kustomization/flux-system/apps', level: 'rendered' }),
    ]);
    const built = manifest(await kustomizeFlux(join(ws, 'apps/prod')), 'HelmRelease', 'docs');
    expect(renderedLink(await renderWith(h, CHART, fluxValues(built)))).toBe(
      run.outputs['bundle-url'],
    );
  });

  it('it follows refs/heads/production and the run is on main: refused before any request, naming the FluxInstance', async () => {
    const ws = await workspace('refs/heads/production');
    const error = await refusedIn(ws, RELEASE, onBranch('main'));
    expect(error).toContain(
      `builds from GitRepository/flux-system/flux-system (${INSTANCE}), which follows branch production`,
    );
    expect(error).toContain("while this run's change lands on main");
  });
});
