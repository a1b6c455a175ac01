/**
 * The proof's rendered level for a chart pulled from its repository, end to end: the built action
 * under Node 24 with helm 3 and kubectl on PATH, against the simulator, in
 * flux2-kustomize-helm-example's layout (the fixture flux-cluster) with its HelmRepository put
 * back (served by a loopback chart repository; the chart folder of the checkout removed, so only
 * the pull can render it). The release's entry point renders the link, the chart pulled once for
 * the render check and the proof; a postRenderers patch that removes the link is refused before
 * any request, every file byte for byte; a repository that cannot be reached stops the proof at
 * the values level, with the reason, and the run exits 0 under `auto`; unless the release has
 * postRenderers, which could not be applied either: then it is `skipped` (`required`: refused).
 * Chart `valuesFiles` replace the pulled package's values.yaml, as source-controller builds it.
 */
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { helmRepository } from '../helpers/chart-checkout.js';
import { startChartRepo } from '../helpers/chart-repo.js';
import { closeAfterTest } from '../helpers/sim.js';
import { serveChartRepo } from '../../simulator/chart-repo.js';
import * as cluster from '../helpers/cluster.js';
import { fluxValues, manifest, renderedLink, renderWith } from '../helpers/gitops.js';
import { CHART, helmEnv } from '../helpers/helm.js';

/**
 * The fixture as a git checkout whose base release takes its chart from the HelmRepository at
 * `url`, at `version: ">=1.0.0"` (as the production overlay sets it: the render check of the base
 * and the proof of the overlay then ask for the same chart); `extra` is appended to its spec.
 */
async function fetchedCluster(url: string, extra = ''): Promise<string> {
  const ws = await cluster.clusterWorkspace('flux-cluster');
  await rm(join(ws, 'charts'), { recursive: true });
  const base = join(ws, 'apps/base/docs');
  const release = await readFile(join(base, 'release.yaml'), 'utf8');
  await writeFile(
    join(base, 'release.yaml'),
    release.replace(
      '      chart: ./charts/enterprise\n      sourceRef:\n        kind: GitRepository\n        name: flux-system\n        namespace: flux-system\n',
      '      chart: enterprise\n      version: ">=1.0.0"\n      sourceRef:\n        kind: HelmRepository\n        name: mintlify\n',
    ) + extra,
  );
  // flux2-kustomize-helm-example's apps/base/podinfo/repository.yaml, podinfo → mintlify.
  await writeFile(join(base, 'repository.yaml'), helmRepository(url));
  const kustomization = join(base, 'kustomization.yaml');
  const listed = await readFile(kustomization, 'utf8');
  expect(listed).toContain('  - release.yaml\n');
  await writeFile(
    kustomization,
    listed.replace('  - release.yaml\n', '  - repository.yaml\n  - release.yaml\n'),
  );
  const git = (...args: string[]) => promisify(execFile)('git', ['-C', ws, ...args]);
  await git('init', '-q');
  await git('add', '.');
  return ws;
}

const inputs = { 'values-file': 'apps/base/docs/release.yaml' };

describe.concurrent('the proof renders a chart pulled from its HelmRepository', () => {
  it('rendered through the entry point, the chart pulled once for the check and the proof', async () => {
    const repo = await startChartRepo(await helmEnv('helm3'), { versions: ['1.4.0', '1.4.2'] });
    const ws = await fetchedCluster(repo.url);
    const { h, run } = await cluster.publishIn(ws, inputs);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(cluster.proofOf(run)).toEqual([
      expect.objectContaining({ entry: 'Kustomization/flux-system/apps', level: 'rendered' }),
    ]);
    expect(run.stdout).toContain(`chart enterprise 1.4.2 (chart repository ${repo.url}`);
    expect(repo.requests.filter((r) => r.path.endsWith('.tgz'))).toHaveLength(1);
    const built = manifest(
      await cluster.kustomizeFlux(join(ws, 'apps/production')),
      'HelmRelease',
      'docs',
    );
    expect(renderedLink(await renderWith(h, CHART, fluxValues(built)))).toBe(
      run.outputs['bundle-url'],
    );
  });

  it('postRenderers that remove the link from the Deployment: refused before any request', async () => {
    const repo = await startChartRepo(await helmEnv('helm3'), { versions: ['1.4.0'] });
    const ws = await fetchedCluster(
      repo.url,
      '  postRenderers:\n    - kustomize:\n        patches:\n          - target:\n              kind: Deployment\n            patch: |\n              - op: remove\n                path: /spec/template/spec/initContainers/0/env/0\n',
    );
    const error = await cluster.refusedIn(ws, inputs);
    expect(error).toContain(
      'HelmRelease/docs as Kustomization/flux-system/apps builds it: after its postRenderers, none of the',
    );
    expect(error).toContain('Its spec.postRenderers patch it away');
  });

  it('a repository that cannot be reached: the values level, with the reason; exit 0 under auto', async () => {
    const repo = await startChartRepo(await helmEnv('helm3'));
    const url = repo.url;
    await repo.close();
    const ws = await fetchedCluster(url);
    const { run } = await cluster.publishIn(ws, inputs);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(cluster.proofOf(run)).toEqual([
      expect.objectContaining({
        entry: 'Kustomization/flux-system/apps',
        level: 'values',
        reason: expect.stringContaining(url),
      }),
    ]);
    expect(run.outputs['render-check']).toBe('skipped');
  });

  it('a repository that cannot be reached, a release with postRenderers: skipped, as they were not applied', async () => {
    const repo = await startChartRepo(await helmEnv('helm3'));
    const url = repo.url;
    await repo.close();
    const ws = await fetchedCluster(
      url,
      '  postRenderers:\n    - kustomize:\n        images:\n          - name: nginx\n            newTag: "1.27"\n',
    );
    const { run } = await cluster.publishIn(ws, inputs);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(cluster.proofOf(run)).toEqual([
      expect.objectContaining({
        entry: 'Kustomization/flux-system/apps',
        level: 'skipped',
        reason: expect.stringContaining('so its spec.postRenderers were not applied'),
      }),
    ]);
    const error = await cluster.refusedIn(ws, { ...inputs, 'render-check': 'required' });
    expect(error).toContain('spec.postRenderers were not applied');
  });
});

/**
 * The test chart with a `maintenance` switch that hides the link, on in its values.yaml, off in
 * its values-live.yaml: a HelmRelease's chart `valuesFiles` replace the package's values.yaml
 * (source-controller merges them into the artifact), for a HelmRepository's chart too.
 */
async function maintenanceRepo() {
  const h = await helmEnv('helm3');
  const dir = join(await mkdtemp(join(tmpdir(), 'chart-')), 'enterprise');
  await cp(CHART, dir, { recursive: true });
  const deployment = join(dir, 'templates/deployment.yaml');
  const template = await readFile(deployment, 'utf8');
  expect(template).toContain('{{- if .Values.staticExport.enabled }}');
  await writeFile(
    deployment,
    template.replace(
      '{{- if .Values.staticExport.enabled }}',
      '{{- if and .Values.staticExport.enabled (not .Values.maintenance) }}',
    ),
  );
  await writeFile(
    join(dir, 'values.yaml'),
    `${await readFile(join(dir, 'values.yaml'), 'utf8')}maintenance: true\n`,
  );
  await writeFile(join(dir, 'values-live.yaml'), 'maintenance: false\n');
  return { h, repo: closeAfterTest(await serveChartRepo(h.helm, h.env, dir)) };
}

describe.concurrent('chart valuesFiles of a HelmRepository chart', { timeout: 90_000 }, () => {
  it('values.yaml then values-live.yaml in valuesFiles: the package rendered with them, the link found', async () => {
    const { repo } = await maintenanceRepo();
    const ws = await fetchedCluster(repo.url);
    const base = join(ws, 'apps/base/docs/release.yaml');
    const text = await readFile(base, 'utf8');
    await writeFile(
      base,
      text.replace(
        '      version: ">=1.0.0"\n',
        '      version: ">=1.0.0"\n      valuesFiles:\n        - values.yaml\n        - values-live.yaml\n',
      ),
    );
    await promisify(execFile)('git', ['-C', ws, 'add', '.']);
    const { run } = await cluster.publishIn(ws, inputs);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(cluster.proofOf(run)).toEqual([
      expect.objectContaining({ entry: 'Kustomization/flux-system/apps', level: 'rendered' }),
    ]);
  });

  it('no valuesFiles: the package values.yaml hides the link, refused before any request', async () => {
    const { repo } = await maintenanceRepo();
    const ws = await fetchedCluster(repo.url);
    const error = await cluster.refusedIn(ws, inputs);
    expect(error).toContain('holds the link');
  });
});
