/**
 * The proof through what the cluster applies, end to end: the built action under Node 24 on a
 * checkout laid out like fluxcd/flux2-kustomize-helm-example (clusters/production/apps.yaml, a
 * Flux Kustomization of apps/production, an overlay patching the apps/base HelmRelease), with the
 * real kubectl kustomize and helm. A success is checked by building the overlay as the controller
 * would and rendering what it gets; a refusal sends nothing and leaves every file byte for byte.
 */
import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runPublish } from '../helpers/action.js';
import {
  clusterEnv,
  clusterWorkspace,
  kustomizeFlux,
  proofOf,
  refusedIn,
} from '../helpers/cluster.js';
import { fluxValues, manifest, renderedLink, renderWith } from '../helpers/gitops.js';
import { CHART, helmEnv } from '../helpers/helm.js';
import { sim } from '../helpers/sim.js';

const quick = { queuedMs: 50, runningMs: 300, pageCount: 5 };

describe.concurrent('a Flux overlay patching the base HelmRelease', () => {
  it('the link written into the base reaches the chart through apps/production: rendered', async () => {
    const h = await helmEnv('helm3');
    const ws = await clusterWorkspace('flux-cluster');
    const s = await sim({ export: quick });
    const run = await runPublish(s, {
      workspace: ws,
      env: clusterEnv(h),
      inputs: { 'values-file': 'apps/base/docs/release.yaml' },
    });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(proofOf(run)).toEqual([
      {
        target: 'apps/base/docs/release.yaml (HelmRelease/docs)',
        reader: 'HelmRelease/docs/docs',
        entry: 'Kustomization/flux-system/apps',
        level: 'rendered',
        // Rendered with the one helm on PATH: Helm 4 is said not to be.
        helm: [3],
        helmUnrendered: [4],
      },
    ]);
    expect(run.summary).toContain(
      'through Kustomization/flux-system/apps, read by HelmRelease/docs/docs: the chart renders',
    );
    // What the controller gets: the overlay built, its HelmRelease's values rendered.
    const built = manifest(await kustomizeFlux(join(ws, 'apps/production')), 'HelmRelease', 'docs');
    expect(built.spec.values.replicaCount).toBe(2);
    const rendered = await renderWith(h, CHART, fluxValues(built));
    expect(renderedLink(rendered)).toBe(run.outputs['bundle-url']);
    console.log(`Proof through the overlay: ${run.outputs.proof}`);
  });

  it("the overlay's own patch as values-file (a HelmRelease without spec.chart): written there, rendered through the base's chart", async () => {
    const h = await helmEnv('helm3');
    const ws = await clusterWorkspace('flux-cluster');
    const s = await sim({ export: quick });
    const run = await runPublish(s, {
      workspace: ws,
      env: clusterEnv(h),
      inputs: { 'values-file': 'apps/production/docs-values.yaml', 'render-check': 'required' },
    });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(proofOf(run)).toEqual([
      {
        target: 'apps/production/docs-values.yaml (HelmRelease/docs)',
        reader: 'HelmRelease/docs/docs',
        entry: 'Kustomization/flux-system/apps',
        level: 'rendered',
        // Rendered with the one helm on PATH: Helm 4 is said not to be.
        helm: [3],
        helmUnrendered: [4],
      },
    ]);
    const built = manifest(await kustomizeFlux(join(ws, 'apps/production')), 'HelmRelease', 'docs');
    const rendered = await renderWith(h, CHART, fluxValues(built));
    expect(renderedLink(rendered)).toBe(run.outputs['bundle-url']);
  });

  it('an overlay patch that pins staticExport.bundleUrl: refused before any request, naming the patch', async () => {
    const ws = await clusterWorkspace('flux-cluster');
    const patch = join(ws, 'apps/production/docs-values.yaml');
    await writeFile(
      patch,
      `${await readFile(patch, 'utf8')}    staticExport:\n      bundleUrl: https://old.example.com/site.tar.gz\n`,
    );
    const error = await refusedIn(ws, { 'values-file': 'apps/base/docs/release.yaml' });
    expect(error).toContain(
      'apps/production/docs-values.yaml, an overlay patch, sets staticExport.bundleUrl after the base (apps/base/docs/release.yaml)',
    );
    expect(error).toContain('Kustomization/flux-system/apps');
    console.log(`Refused overlay: ${error}`);
  });

  it('a HelmRelease manifest no entry point applies (a mistyped folder): refused even under auto', async () => {
    const ws = await clusterWorkspace('flux-cluster');
    await cp(join(ws, 'apps/base/docs'), join(ws, 'apps/prodution'), { recursive: true });
    const error = await refusedIn(ws, { 'values-file': 'apps/prodution/release.yaml' });
    expect(error).toContain(
      'apps/prodution/release.yaml is a GitOps manifest that no entry point of this checkout applies',
    );
  });
});
