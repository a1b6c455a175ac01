/**
 * Flux readers found from the edited file up, end to end (the built action, real helm and kubectl
 * kustomize, the simulator):
 *
 * - a chart folder's own values.yaml, read by the HelmRelease whose chart is that folder of the
 *   GitRepository (fluxcd/flux2-kustomize-helm-example's layout, test/fixtures/gitops/flux-cluster):
 *   source-controller packages it as the chart's defaults unless `valuesFiles` (or a v2beta1
 *   `valuesFile`) replaces it; spec.values that pins the link wins over it and is refused; the
 *   chart's own GitRepository must follow the branch the change lands on;
 * - a checkout without any entry point (the fleet repository that bootstraps the cluster is
 *   elsewhere): the release proven as written, through the top kustomization that builds it, with
 *   the HelmRepository of another file of it (a loopback chart repository), its postRenderers,
 *   and a configMapGenerator file read through valuesFrom (fluxcd/website's guide,
 *   test/fixtures/gitops/flux-generator).
 *
 * Each refusal comes before any request, every file byte for byte; each success is checked by
 * building and rendering what the controller would get.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { helmRepository } from '../helpers/chart-checkout.js';
import { startChartRepo } from '../helpers/chart-repo.js';
import {
  clusterWorkspace,
  kustomizeFlux,
  proofOf,
  publishIn,
  refusedIn,
} from '../helpers/cluster.js';
import { documents, fluxValues, manifest, renderedLink, renderWith } from '../helpers/gitops.js';
import { CHART, helmEnv } from '../helpers/helm.js';

const CHART_VALUES = { 'values-file': 'charts/enterprise/values.yaml' };
const PIN = '    staticExport:\n      bundleUrl: https://old.example.com/site.tar.gz\n';

async function append(file: string, text: string): Promise<void> {
  await writeFile(file, `${await readFile(file, 'utf8')}${text}`);
}

/**
 * The base release's chart spec with `reconcileStrategy: Revision` (a new artifact for every
 * commit, so the chart's values.yaml of this commit is what the cluster gets) and `line` added
 * (valuesFiles, valuesFile).
 */
async function chartSpec(ws: string, line = '', apiVersion?: string): Promise<void> {
  const file = join(ws, 'apps/base/docs/release.yaml');
  let text = await readFile(file, 'utf8');
  const chart = '      chart: ./charts/enterprise\n';
  expect(text).toContain(chart);
  text = text.replace(chart, `${chart}      reconcileStrategy: Revision\n${line}`);
  await writeFile(file, text);
  if (!apiVersion) return;
  // The base and the overlay's patch of it, both of that version (kustomize matches the patch by it).
  for (const one of [file, join(ws, 'apps/production/docs-values.yaml')]) {
    const written = await readFile(one, 'utf8');
    expect(written).toContain('helm.toolkit.fluxcd.io/v2\n');
    await writeFile(one, written.replace('helm.toolkit.fluxcd.io/v2\n', `${apiVersion}\n`));
  }
}

describe.concurrent(
  "a chart folder's values.yaml read by a HelmRelease of the GitRepository",
  () => {
    it('nothing pins the link after it: rendered through the entry point, naming the release', async () => {
      const ws = await clusterWorkspace('flux-cluster');
      await chartSpec(ws);
      const { run, h } = await publishIn(ws, { ...CHART_VALUES, 'render-check': 'required' });
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(proofOf(run)).toEqual([
        {
          target: 'charts/enterprise/values.yaml',
          reader: 'HelmRelease/docs/docs',
          entry: 'Kustomization/flux-system/apps',
          level: 'rendered',
          // Rendered with the one helm on PATH: Helm 4 is said not to be.
          helm: [3],
          helmUnrendered: [4],
        },
      ]);
      expect(run.outputs['render-check']).toBe('true');
      const built = manifest(
        await kustomizeFlux(join(ws, 'apps/production')),
        'HelmRelease',
        'docs',
      );
      const chart = join(ws, 'charts/enterprise');
      expect(renderedLink(await renderWith(h, chart, fluxValues(built)))).toBe(
        run.outputs['bundle-url'],
      );
    });

    it('the only Kustomization that makes the release is suspended: refused before any request, naming it', async () => {
      const ws = await clusterWorkspace('flux-cluster');
      await chartSpec(ws);
      const apps = join(ws, 'clusters/production/apps.yaml');
      const text = await readFile(apps, 'utf8');
      expect(text).toContain('  interval: 10m0s\n');
      await writeFile(
        apps,
        text.replace('  interval: 10m0s\n', '  interval: 10m0s\n  suspend: true\n'),
      );
      for (const mode of ['auto', 'required']) {
        const error = await refusedIn(ws, { ...CHART_VALUES, 'render-check': mode });
        expect(error).toContain('Kustomization/flux-system/apps');
        expect(error).toContain('spec.suspend: true');
      }
    });

    it("the overlay's spec.values pins the link: refused before any request, naming the layer", async () => {
      const ws = await clusterWorkspace('flux-cluster');
      await chartSpec(ws);
      await append(join(ws, 'apps/production/docs-values.yaml'), PIN);
      const error = await refusedIn(ws, CHART_VALUES);
      expect(error).toContain(
        'spec.values of HelmRelease/docs (the build of Kustomization/flux-system/apps) sets staticExport.bundleUrl after charts/enterprise/values.yaml, the values.yaml source-controller packages with the chart of HelmRelease/docs/docs',
      );
    });

    it('valuesFiles without values.yaml: the release does not read it, so its pin is no refusal; the empty proof is explained', async () => {
      const ws = await clusterWorkspace('flux-cluster');
      await writeFile(join(ws, 'charts/enterprise/values-prod.yaml'), 'replicaCount: 3\n');
      await chartSpec(ws, '      valuesFiles:\n        - ./charts/enterprise/values-prod.yaml\n');
      await append(join(ws, 'apps/production/docs-values.yaml'), PIN);
      const { run } = await publishIn(ws, CHART_VALUES);
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(proofOf(run)).toEqual([]);
      const why =
        'no release in this checkout reads charts/enterprise/values.yaml; only the chart beside it was checked, by the render check';
      expect(run.stdout).toContain(`::notice::Proof: ${why}`);
      expect(run.summary).toContain(why);
    });

    it('a reader the proof could not render: render-check is skipped, not true, though the chart beside rendered', async () => {
      const ws = await clusterWorkspace('flux-cluster');
      await chartSpec(ws);
      // A Secret this checkout does not hold (SOPS, an external secret): what it sets is unknown.
      await append(
        join(ws, 'apps/base/docs/release.yaml'),
        '  valuesFrom:\n    - kind: Secret\n      name: docs-secret-values\n',
      );
      const { run } = await publishIn(ws, CHART_VALUES);
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(proofOf(run)).toEqual([
        {
          target: 'charts/enterprise/values.yaml',
          reader: 'HelmRelease/docs/docs',
          entry: 'Kustomization/flux-system/apps',
          level: 'skipped',
          reason: expect.stringContaining('Secret/docs-secret-values') as string,
        },
      ]);
      expect(run.stdout).toContain('Render check: charts/enterprise/values.yaml: the chart');
      expect(run.outputs['render-check']).toBe('skipped');
    });

    it('valuesFiles listing values.yaml: read, and the pin refused', async () => {
      const ws = await clusterWorkspace('flux-cluster');
      await chartSpec(ws, '      valuesFiles:\n        - ./charts/enterprise/values.yaml\n');
      await append(join(ws, 'apps/production/docs-values.yaml'), PIN);
      const error = await refusedIn(ws, CHART_VALUES);
      expect(error).toContain('sets staticExport.bundleUrl after charts/enterprise/values.yaml');
    });

    // helm-controller 1.0 (Flux 2.3) and later store every HelmRelease as v2, which has no
    // valuesFile: a v2beta1 one's is dropped too, and values.yaml stays the chart's defaults.
    it('a v2beta1 valuesFile is dropped as helm-controller drops it: values.yaml is read and the pin refused', async () => {
      const ws = await clusterWorkspace('flux-cluster');
      await writeFile(join(ws, 'charts/enterprise/values-prod.yaml'), 'replicaCount: 3\n');
      await chartSpec(
        ws,
        '      valuesFile: ./charts/enterprise/values-prod.yaml\n',
        'helm.toolkit.fluxcd.io/v2beta1',
      );
      await append(join(ws, 'apps/production/docs-values.yaml'), PIN);
      const error = await refusedIn(ws, CHART_VALUES);
      expect(error).toContain('sets staticExport.bundleUrl after charts/enterprise/values.yaml');
    });

    it('a valuesFile naming another file is ignored, as helm-controller ignores it: values.yaml is still read and the pin refused', async () => {
      const ws = await clusterWorkspace('flux-cluster');
      await writeFile(join(ws, 'charts/enterprise/values-prod.yaml'), 'replicaCount: 3\n');
      await chartSpec(ws, '      valuesFile: ./charts/enterprise/values-prod.yaml\n');
      await append(join(ws, 'apps/production/docs-values.yaml'), PIN);
      const error = await refusedIn(ws, CHART_VALUES);
      expect(error).toContain('sets staticExport.bundleUrl after charts/enterprise/values.yaml');
    });
  },
);

/**
 * flux-cluster with the release's chart taken from its own GitRepository, docs-charts (this
 * repository, following `branch`), beside the bootstrap's: the Kustomization's source is not in
 * the checkout, so only the chart's ref can hold the change back.
 */
async function chartSource(branch: string): Promise<string> {
  const ws = await clusterWorkspace('flux-cluster');
  await chartSpec(ws);
  const file = join(ws, 'apps/base/docs/release.yaml');
  const text = await readFile(file, 'utf8');
  expect(text).toContain('        name: flux-system\n');
  await writeFile(file, text.replace('        name: flux-system\n', '        name: docs-charts\n'));
  await writeFile(
    join(ws, 'clusters/production/docs-charts.yaml'),
    `apiVersion: source.toolkit.fluxcd.io/v1\nkind: GitRepository\nmetadata:\n  name: docs-charts\n  namespace: flux-system\nspec:\n  interval: 1m\n  url: https://github.com/acme/docs\n  ref:\n    branch: ${branch}\n`,
  );
  return ws;
}

const ON_MAIN = { GITHUB_REF: 'refs/heads/main', GITHUB_REF_NAME: 'main' };

describe.concurrent("the chart's GitRepository and the branch the change lands on", () => {
  it('it follows production, the run is on main: refused before any request, naming it and the fix', async () => {
    const ws = await chartSource('production');
    for (const mode of ['auto', 'required']) {
      const error = await refusedIn(ws, { ...CHART_VALUES, 'render-check': mode }, ON_MAIN);
      expect(error).toContain(
        'takes its chart from GitRepository/flux-system/docs-charts (clusters/production/docs-charts.yaml), which follows branch production (spec.ref.branch)',
      );
      expect(error).toContain(
        'point the spec.ref of GitRepository/flux-system/docs-charts in clusters/production/docs-charts.yaml at main',
      );
    }
  });

  it('no entry point in the checkout, it follows production: refused all the same', async () => {
    const ws = await chartSource('production');
    await rm(join(ws, 'clusters/production/apps.yaml'));
    const error = await refusedIn(ws, CHART_VALUES, ON_MAIN);
    expect(error).toContain(
      'takes its chart from GitRepository/flux-system/docs-charts (clusters/production/docs-charts.yaml), which follows branch production (spec.ref.branch)',
    );
  });

  it('the release is suspended: nothing proven, the notice says why, render-check is not true', async () => {
    const ws = await chartSource('main');
    const file = join(ws, 'apps/base/docs/release.yaml');
    const text = await readFile(file, 'utf8');
    expect(text).toMatch(/^spec:\n/m);
    await writeFile(file, text.replace(/^spec:\n/m, 'spec:\n  suspend: true\n'));
    const { run } = await publishIn(ws, CHART_VALUES, ON_MAIN);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.outputs['render-check']).not.toBe('true');
    expect(proofOf(run)).toEqual([
      expect.objectContaining({
        reader: 'HelmRelease/docs/docs',
        level: 'skipped',
        reason: expect.stringContaining('has spec.suspend: true, so Flux does not reconcile it'),
      }),
    ]);
  });

  it('it follows main, the run is on main: rendered', async () => {
    const ws = await chartSource('main');
    const { run } = await publishIn(ws, { ...CHART_VALUES, 'render-check': 'required' }, ON_MAIN);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(proofOf(run)).toEqual([
      {
        target: 'charts/enterprise/values.yaml',
        reader: 'HelmRelease/docs/docs',
        entry: 'Kustomization/flux-system/apps',
        level: 'rendered',
        // The runner of these tests has Helm 3 alone, and nothing here pins the controller's.
        helm: [3],
        helmUnrendered: [4],
      },
    ]);
  });
});

/**
 * flux-cluster without its clusters/ folder (no entry point), the base release's chart from the
 * HelmRepository of repository.yaml, another file of the same kustomization; `extra` appended to
 * the release's spec.
 */
async function fleetless(url: string, extra = ''): Promise<string> {
  const ws = await clusterWorkspace('flux-cluster');
  await rm(join(ws, 'clusters'), { recursive: true });
  await rm(join(ws, 'charts'), { recursive: true });
  const base = join(ws, 'apps/base/docs');
  const release = await readFile(join(base, 'release.yaml'), 'utf8');
  const git =
    '      chart: ./charts/enterprise\n      sourceRef:\n        kind: GitRepository\n        name: flux-system\n        namespace: flux-system\n';
  expect(release).toContain(git);
  await writeFile(
    join(base, 'release.yaml'),
    release.replace(
      git,
      '      chart: enterprise\n      version: ">=1.0.0"\n      sourceRef:\n        kind: HelmRepository\n        name: mintlify\n',
    ) + extra,
  );
  await writeFile(join(base, 'repository.yaml'), helmRepository(url));
  await append(join(base, 'kustomization.yaml'), '  - repository.yaml\n');
  return ws;
}

describe.concurrent('no entry point in the checkout: readers proven as written', () => {
  it('a HelmRelease whose HelmRepository is another file of its kustomization: rendered as written', async () => {
    const repo = await startChartRepo(await helmEnv('helm3'), { versions: ['1.4.0'] });
    const ws = await fleetless(repo.url);
    const { run, h } = await publishIn(ws, {
      'values-file': 'apps/base/docs/release.yaml',
      'render-check': 'required',
    });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(proofOf(run)).toEqual([
      {
        target: 'apps/base/docs/release.yaml (HelmRelease/docs)',
        reader: 'HelmRelease/docs/docs',
        entry: 'as written (apps/production/kustomization.yaml)',
        level: 'rendered',
        // Rendered with the one helm on PATH: Helm 4 is said not to be.
        helm: [3],
        helmUnrendered: [4],
      },
    ]);
    expect(run.outputs['render-check']).toBe('true');
    const built = manifest(await kustomizeFlux(join(ws, 'apps/production')), 'HelmRelease', 'docs');
    expect(renderedLink(await renderWith(h, CHART, fluxValues(built)))).toBe(
      run.outputs['bundle-url'],
    );
    console.log(`Proof as written, no entry point: ${run.outputs.proof}`);
  });

  it('its own postRenderers patch the link away: refused before any request', async () => {
    const repo = await startChartRepo(await helmEnv('helm3'), { versions: ['1.4.0'] });
    const ws = await fleetless(
      repo.url,
      '  postRenderers:\n    - kustomize:\n        patches:\n          - target:\n              kind: Deployment\n            patch: |\n              - op: remove\n                path: /spec/template/spec/initContainers/0/env/0\n',
    );
    const error = await refusedIn(ws, { 'values-file': 'apps/base/docs/release.yaml' });
    expect(error).toContain(
      'HelmRelease/docs as apps/production/kustomization.yaml builds it: after its postRenderers, none of the',
    );
  });
});

/** fluxcd/website's configMapGenerator layout, its HelmRepository at `url` (no git: a plain folder). */
async function generated(url: string): Promise<string> {
  const ws = await clusterWorkspace('flux-generator');
  await writeFile(join(ws, 'apps/docs/repository.yaml'), helmRepository(url));
  return ws;
}

describe.concurrent('a configMapGenerator file read through valuesFrom, no entry point', () => {
  const TARGET = { 'values-file': 'apps/docs/my-values.yaml' };

  it("the HelmRelease's spec.values pins the link: refused before any request (was: no chart in reach)", async () => {
    const repo = await startChartRepo(await helmEnv('helm3'), { versions: ['1.4.0'] });
    const ws = await generated(repo.url);
    await append(join(ws, 'apps/docs/release.yaml'), `  values:\n${PIN}`);
    for (const mode of ['auto', 'required']) {
      const error = await refusedIn(ws, { ...TARGET, 'render-check': mode });
      expect(error).toContain('spec.values of HelmRelease/docs');
      expect(error).toContain('sets staticExport.bundleUrl after');
    }
  });

  it('nothing pins it: rendered as written through the generated ConfigMap', async () => {
    const repo = await startChartRepo(await helmEnv('helm3'), { versions: ['1.4.0'] });
    const ws = await generated(repo.url);
    const { run, h } = await publishIn(ws, { ...TARGET, 'render-check': 'required' });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(proofOf(run)).toEqual([
      {
        target: 'apps/docs/my-values.yaml',
        reader: 'HelmRelease/docs/docs',
        entry: 'as written (apps/docs/kustomization.yaml)',
        level: 'rendered',
        // Rendered with the one helm on PATH: Helm 4 is said not to be.
        helm: [3],
        helmUnrendered: [4],
      },
    ]);
    const objects = documents(await kustomizeFlux(join(ws, 'apps/docs')));
    const release = objects.find((o) => o.kind === 'HelmRelease');
    const configMaps = objects.filter((o) => o.kind === 'ConfigMap');
    expect(release.spec.valuesFrom[0].name).toBe(configMaps[0].metadata.name);
    const texts = fluxValues(
      release,
      configMaps.map((c) => JSON.stringify(c)),
    );
    expect(renderedLink(await renderWith(h, CHART, texts))).toBe(run.outputs['bundle-url']);
  });
});
