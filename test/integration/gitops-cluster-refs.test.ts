/**
 * Two clusters of flux2-kustomize-helm-example's layout (test/fixtures/gitops/flux-cluster: its
 * production cluster, and a staging one beside it), each bootstrapped with its own
 * `flux-system/flux-system` GitRepository: production's follows branch `production`, staging's
 * `main`, where this run's change lands. Both build the same base release. The two GitRepositories
 * share one name, so which one a cluster's Kustomization builds from is the one of its own
 * cluster: production's apps do not take this commit, staging's do. Real kubectl and helm.
 */
import { cp, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { newWorkspace, writeFiles } from '../helpers/action.js';
import { GITOPS } from '../helpers/gitops.js';
import { CHART } from '../helpers/helm.js';
import { placeholderLink } from '../../src/helm/render-check.js';
import { proveComposition } from '../../src/gitops/proof.js';

const bootstrap = (cluster: string, branch: string) => `apiVersion: source.toolkit.fluxcd.io/v1
kind: GitRepository
metadata:
  name: flux-system
  namespace: flux-system
spec:
  interval: 1m0s
  ref:
    branch: ${branch}
  url: https://github.com/acme/docs
---
apiVersion: kustomize.toolkit.fluxcd.io/v1
kind: Kustomization
metadata:
  name: flux-system
  namespace: flux-system
spec:
  interval: 10m0s
  path: ./clusters/${cluster}
  prune: true
  sourceRef:
    kind: GitRepository
    name: flux-system
`;

async function twoClusters(): Promise<string> {
  const ws = await newWorkspace();
  await cp(join(GITOPS, 'flux-cluster'), ws, { recursive: true });
  await cp(CHART, join(ws, 'charts/enterprise'), { recursive: true });
  const apps = await readFile(join(ws, 'clusters/production/apps.yaml'), 'utf8');
  await writeFiles(ws, {
    'clusters/production/flux-system/gotk-sync.yaml': bootstrap('production', 'production'),
    'clusters/staging/flux-system/gotk-sync.yaml': bootstrap('staging', 'main'),
    'clusters/staging/apps.yaml': apps.replace('./apps/production', './apps/staging'),
    'apps/staging/kustomization.yaml':
      'apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources:\n  - ../base/docs\n',
  });
  return ws;
}

describe('two clusters whose GitRepositories share one name and follow two branches', () => {
  it("each cluster's apps judged by its own: production's held back, staging's rendered", async () => {
    const ws = await twoClusters();
    const file = 'apps/base/docs/release.yaml';
    const placeholder = placeholderLink();
    const text = (await readFile(join(ws, file), 'utf8')).replace(
      '    replicaCount: 1\n',
      `    replicaCount: 1\n    staticExport:\n      enabled: true\n      bundleUrl: ${placeholder.link}\n`,
    );
    const result = await proveComposition(
      {
        root: ws,
        targets: [
          {
            file,
            display: file,
            chosen: [{ kind: 'HelmRelease', name: 'docs', label: 'HelmRelease/docs' }],
          },
        ],
        edited: new Map([[file, text]]),
        clusterPaths: [],
        landing: { branch: 'main', why: 'the branch this run pushes to' },
      },
      {
        helm: inject('helm3'),
        kubectl: inject('kubectl'),
        helmArgs: [],
        redact: (s: string) => s,
        placeholder,
        valuesKey: ['staticExport'],
      },
    );
    const apps = result.records.filter((r) => r.entry === 'Kustomization/flux-system/apps');
    expect(apps).toContainEqual(
      expect.objectContaining({
        level: 'skipped',
        reason: expect.stringContaining(
          'GitRepository/flux-system/flux-system (clusters/production/flux-system/gotk-sync.yaml), which follows branch production',
        ) as unknown,
      }),
    );
    expect(apps).toContainEqual(expect.objectContaining({ level: 'rendered' }));
  });
});
