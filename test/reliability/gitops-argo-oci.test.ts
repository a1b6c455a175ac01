/**
 * Argo CD 3.1's OCI sources: `repoURL: oci://…` with `path: .` names an OCI artifact, here a Helm
 * chart pushed with `helm push` (argo-cd docs/user-guide/oci.md), fetched from the registry and
 * rendered as Argo CD renders it. The layout is the `$values` multi-source Application of
 * test/reliability/gitops-proof.test.ts (alezkv/unfork-with-argocd, test/fixtures/gitops/README.md)
 * with its chart source written as an OCI source; the registry is Debian's docker-registry on
 * loopback. A parameter over the link is refused before any request; a folder inside the artifact
 * is not unpacked: under render-check required, refused.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFiles } from '../helpers/action.js';
import { clusterWorkspace, proofOf, publishIn, refusedIn } from '../helpers/cluster.js';
import { helmEnv } from '../helpers/helm.js';
import { HAS_REGISTRY, NO_REGISTRY, startOciRegistry } from '../helpers/oci-registry.js';

const TARGET = { 'values-file': 'environments/production/docs.yaml' };

async function ociSource(url: string, path = '.', helm = '') {
  const ws = await clusterWorkspace('argo-guestbook');
  await rm(join(ws, 'helm-guestbook'), { recursive: true });
  await writeFiles(ws, {
    'apps/helm-guestbook.yaml': `apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata:\n  name: docs\n  namespace: argocd\nspec:\n  destination:\n    namespace: docs\n    server: https://kubernetes.default.svc\n  project: default\n  syncPolicy:\n    automated: {}\n  sources:\n    - repoURL: ${url}/enterprise\n      targetRevision: 1.4.0\n      path: ${path}\n      helm:\n        valueFiles:\n          - $values/environments/*/docs.yaml\n${helm}    - repoURL: https://github.com/acme/docs.git\n      targetRevision: HEAD\n      ref: values\n`,
    'environments/production/docs.yaml': 'replicaCount: 2\n',
  });
  return ws;
}

describe.skipIf(!HAS_REGISTRY)('an Argo CD 3.1 OCI source (oci://, path .)', () => {
  it('its chart fetched from the registry and rendered through the Application', async () => {
    const registry = await startOciRegistry(await helmEnv('helm3'));
    const ws = await ociSource(registry.url);
    const { run } = await publishIn(ws, { ...TARGET, 'render-check': 'required' });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(proofOf(run)).toEqual([
      expect.objectContaining({ entry: 'Application/argocd/docs', level: 'rendered' }),
    ]);
    expect(run.outputs['render-check']).toBe('true');
  });

  it('helm.parameters over the link: refused before any request', async () => {
    const registry = await startOciRegistry(await helmEnv('helm3'));
    const parameters =
      '        parameters:\n          - name: staticExport.bundleUrl\n            value: https://old.example.com/site.tar.gz\n';
    const ws = await ociSource(registry.url, '.', parameters);
    const error = await refusedIn(ws, TARGET);
    expect(error).toContain('staticExport.bundleUrl');
    expect(error).toContain('Application/docs (apps/helm-guestbook.yaml)');
  });

  it('a folder inside the artifact: not unpacked, so render-check required refuses', async () => {
    const registry = await startOciRegistry(await helmEnv('helm3'));
    const ws = await ociSource(registry.url, 'charts/docs');
    const error = await refusedIn(ws, { ...TARGET, 'render-check': 'required' });
    // The chart stays out of reach: the file could not be checked, and required refuses it.
    expect(error).toContain(
      'render-check is required, but environments/production/docs.yaml could not be checked',
    );
  });
});

it.skipIf(HAS_REGISTRY)('OCI source tests skipped', () => {
  console.warn(NO_REGISTRY);
  expect(HAS_REGISTRY).toBe(false);
});
