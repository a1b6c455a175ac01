/**
 * Argo CD's override files in the proof of an Application's values: the repo server merges
 * `.argocd-source.yaml` and `.argocd-source-<app>.yaml` beside a source's path over the source
 * before it renders (argocd-image-updater's git write-back keeps its image tags there). On
 * argoproj/argocd-example-apps' helm-guestbook with values-production.yaml
 * (test/fixtures/gitops/argo-guestbook): one that sets a parameter on the link, or replaces the
 * valueFiles, is named as the layer that wins, before any request, every file byte for byte; one
 * that sets an image tag leaves the proof rendered.
 */
import { cp, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clusterWorkspace, proofOf, publishIn, refusedIn } from '../helpers/cluster.js';
import { CHART } from '../helpers/helm.js';

async function guestbook(overrides: Record<string, string>): Promise<string> {
  const ws = await clusterWorkspace('argo-guestbook');
  await cp(CHART, join(ws, 'helm-guestbook'), { recursive: true });
  for (const [name, text] of Object.entries(overrides))
    await writeFile(join(ws, 'helm-guestbook', name), text);
  return ws;
}

const TARGET = { 'values-file': 'helm-guestbook/values-production.yaml' };

describe.concurrent('.argocd-source*.yaml over an Application of this repository', () => {
  it('a parameter on the link in .argocd-source-<app>.yaml: refused, naming the file', async () => {
    const ws = await guestbook({
      '.argocd-source-helm-guestbook.yaml':
        'helm:\n  parameters:\n    - name: staticExport.bundleUrl\n      value: https://pinned.example.com/site.tar.gz\n',
    });
    const error = await refusedIn(ws, TARGET);
    expect(error).toContain(
      "helm-guestbook/.argocd-source-helm-guestbook.yaml, Argo CD's override file beside the chart of Application/helm-guestbook (apps/helm-guestbook.yaml), sets helm.parameters staticExport.bundleUrl",
    );
    expect(error).toContain(
      'Remove those parameters from helm-guestbook/.argocd-source-helm-guestbook.yaml',
    );
  });

  it('valueFiles replaced in .argocd-source.yaml: refused, the file no longer passed', async () => {
    const ws = await guestbook({
      '.argocd-source.yaml': 'helm:\n  valueFiles:\n    - values.yaml\n',
    });
    const error = await refusedIn(ws, TARGET);
    expect(error).toContain(
      "helm-guestbook/.argocd-source.yaml, Argo CD's override file beside the chart of Application/helm-guestbook (apps/helm-guestbook.yaml), replaces its helm.valueFiles",
    );
    expect(error).toContain('does not pass helm-guestbook/values-production.yaml to the chart');
  });

  it("argocd-image-updater's image tag there: still rendered", async () => {
    const ws = await guestbook({
      '.argocd-source-helm-guestbook.yaml':
        'helm:\n  parameters:\n    - name: image.tag\n      value: 1.2.3\n      forcestring: true\n',
    });
    const { run } = await publishIn(ws, TARGET);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(proofOf(run)).toEqual([
      {
        target: 'helm-guestbook/values-production.yaml',
        reader: 'Application/argocd/helm-guestbook',
        entry: 'Application/argocd/helm-guestbook',
        level: 'rendered',
        // Rendered with the one helm on PATH: Helm 4 is said not to be.
        helm: [3],
        helmUnrendered: [4],
        reason: expect.stringContaining('only once someone syncs it'),
      },
    ]);
  });
});
