/**
 * Helm 3 and Helm 4 side by side, with the built action under Node 24 and the real binaries (each
 * named `helm` in its own folder, as two azure/setup-helm steps leave them on PATH). The layout
 * renders differently under the two: the umbrella chart's own values.yaml holds two YAML
 * documents, the second turning its vendor subchart off. Helm 3 reads the first document only, so
 * it renders the link; Helm 4 merges both, so it does not.
 *
 * - nothing says which major the controller runs, both helms here: refused before any request;
 * - one helm here: rendered with it, and the log, the summary and the proof say the other major
 *   was not;
 * - a FluxInstance (fluxoperator.dev's "Sync from a Git Repository" example, as in
 *   gitops-flux-instance.test.ts) pins Flux 2.7.x: Helm 3 alone renders, and the proof record
 *   says so; 2.8.x: Helm 4 alone, which does not render the link: refused;
 * - a second cluster that pins nothing applies the same release: the first's pin does not hold
 *   for it, so both majors render (refused); a file only the pinned cluster reads: its pin holds.
 */
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { errorLine, newWorkspace, runPublish, writeFiles } from '../helpers/action.js';
import { clusterEnv, clusterWorkspace, filesOf, proofOf } from '../helpers/cluster.js';
import { GITOPS } from '../helpers/gitops.js';
import { buildUmbrella, helmEnv, UMBRELLA } from '../helpers/helm.js';
import { sim } from '../helpers/sim.js';

const quick = { queuedMs: 50, runningMs: 300, pageCount: 5 };

/** A PATH with these helms (the first is the `helm` a rollout would use) and kubectl. */
const pathOf = (names: ('helm3' | 'helm4')[]) =>
  [
    dirname(inject('kubectl')),
    ...names.map((name) => dirname(inject(name))),
    '/usr/bin',
    '/bin',
  ].join(':');

/** The umbrella chart's values.yaml: the vendor subchart on in its first document, off in its second. */
async function twoDocuments(chart: string): Promise<void> {
  const text = await readFile(join(chart, 'values.yaml'), 'utf8');
  await writeFile(
    join(chart, 'values.yaml'),
    `${text.replace('enterprise:\n', 'enterprise:\n  enabled: true\n')}---\nenterprise:\n  enabled: false\n`,
  );
}

/** A plain values file beside the umbrella chart: nothing in the checkout says who renders it. */
async function besideChart(): Promise<string> {
  const ws = await newWorkspace();
  const chart = await buildUmbrella(await helmEnv('helm3'), ws, 'umbrella', { gated: true });
  await twoDocuments(chart);
  await writeFiles(ws, { 'umbrella/values-prod.yaml': 'enterprise:\n  replicaCount: 3\n' });
  return ws;
}

const BESIDE = {
  'values-file': 'umbrella/values-prod.yaml',
  'values-key': 'enterprise.staticExport',
};

async function publish(ws: string, inputs: Record<string, string>, path: string, more = {}) {
  const h = await helmEnv('helm3');
  const s = await sim({ export: quick });
  const env = { ...clusterEnv(h), PATH: path, ...more };
  return { s, run: await runPublish(s, { workspace: ws, env, inputs }) };
}

describe.concurrent('a chart Helm 3 and Helm 4 render differently', { timeout: 90_000 }, () => {
  it('both helms on PATH, no major pinned: refused before any request, naming the file of two documents', async () => {
    const ws = await besideChart();
    const before = await filesOf(ws);
    const { s, run } = await publish(ws, BESIDE, pathOf(['helm4', 'helm3']));
    expect(run.code, run.stdout).toBe(1);
    expect(errorLine(run.stdout)).toMatch(
      /^::error::The render check rendered umbrella\/values-prod\.yaml with Helm 4 \(v4\.2\.3\) and Helm 3 \(v3\.17\.3\), as the checkout does not say which helm renders it: Helm 3 \(v3\.17\.3\) renders the link, Helm 4 \(v4\.2\.3\) does not\. umbrella\/values\.yaml holds 2 YAML documents: Helm 3 reads only the first, Helm 4 merges them all\. Make that file one YAML document/,
    );
    expect(s.requests).toHaveLength(0);
    expect(await filesOf(ws)).toEqual(before);
  });

  it('only Helm 3 on PATH: published, and the log, the summary and render-check say Helm 4 was not rendered', async () => {
    const ws = await besideChart();
    const { run } = await publish(ws, BESIDE, pathOf(['helm3']));
    expect(run.code, run.stdout).toBe(0);
    expect(run.outputs['render-check']).toBe('true');
    expect(run.stdout).toContain(
      'renders the link (docs-platform/charts/enterprise/templates/deployment.yaml) with Helm 3 (not Helm 4, which this runner does not have).',
    );
    const notice = run.stdout
      .split('\n')
      .find((l) => l.startsWith('::notice::Render check: The charts'));
    expect(notice).toContain(
      'The charts were rendered with Helm 3 only: the checkout does not say which helm the controller renders with',
    );
    expect(notice).toContain('azure/setup-helm@v4');
    expect(notice).toContain('version: v4.2.3');
    expect(run.summary).toContain('with Helm 3 (not Helm 4, which this runner does not have)');
    expect(run.summary).toContain('The charts were rendered with Helm 3 only');
  });
});

const INSTANCE = 'clusters/prod/flux-system/flux-instance.yaml';
const RELEASE = 'apps/base/docs/release.yaml';

const instance = (version: string) => `apiVersion: fluxcd.controlplane.io/v1
kind: FluxInstance
metadata:
  name: flux
  namespace: flux-system
spec:
  distribution:
    version: "${version}"
    registry: "ghcr.io/fluxcd"
  sync:
    kind: GitRepository
    url: "https://github.com/acme/docs.git"
    ref: "refs/heads/main"
    path: "clusters/prod"
`;

/**
 * flux-local's cluster (test/fixtures/gitops/flux-local) with a FluxInstance as its bootstrap, its
 * HelmRelease installing the umbrella chart of the checkout (charts/docs-platform, values.yaml of
 * two documents) from the GitRepository the instance syncs.
 */
async function fluxInstance(version: string): Promise<string> {
  const ws = await clusterWorkspace('flux-local');
  const dir = join(ws, 'clusters/prod/flux-system');
  await rm(join(dir, 'gotk-sync.yaml'));
  const kustomization = join(dir, 'kustomization.yaml');
  const text = await readFile(kustomization, 'utf8');
  await writeFile(kustomization, text.replace('  - gotk-sync.yaml\n', '  - flux-instance.yaml\n'));
  await writeFile(join(ws, INSTANCE), instance(version));
  // The umbrella chart, its vendor chart vendored in charts/ and on only where enterprise.enabled.
  const umbrella = join(ws, 'charts/docs-platform');
  await writeFiles(ws, {
    'charts/docs-platform/Chart.yaml': (
      await readFile(join(UMBRELLA, 'Chart.yaml'), 'utf8')
    ).replace('    repository: file://../chart\n', '    condition: enterprise.enabled\n'),
    'charts/docs-platform/values.yaml': await readFile(join(UMBRELLA, 'values.yaml'), 'utf8'),
  });
  await rm(join(ws, 'charts/docs-platform/charts'), { recursive: true, force: true });
  await cp(join(ws, 'charts/enterprise'), join(umbrella, 'charts/enterprise'), { recursive: true });
  await twoDocuments(umbrella);
  const release = join(ws, RELEASE);
  await writeFile(
    release,
    (await readFile(release, 'utf8')).replace('./charts/enterprise', './charts/docs-platform'),
  );
  return ws;
}

const FLUX = { 'values-file': RELEASE, 'values-key': 'enterprise.staticExport' };
const onMain = { GITHUB_REF: 'refs/heads/main', GITHUB_REF_NAME: 'main' };

describe.concurrent('a FluxInstance pins the helm major', { timeout: 90_000 }, () => {
  it('distribution.version 2.7.x: Helm 3 alone renders, though Helm 4 is first on PATH; the proof says Helm 3', async () => {
    const ws = await fluxInstance('2.7.x');
    const { run } = await publish(ws, FLUX, pathOf(['helm4', 'helm3']), onMain);
    expect(run.code, run.stdout).toBe(0);
    expect(proofOf(run)).toEqual([
      expect.objectContaining({
        entry: 'Kustomization/flux-system/apps',
        level: 'rendered',
        helm: [3],
      }),
    ]);
    expect(proofOf(run)[0]).not.toHaveProperty('helmUnrendered');
    expect(run.stdout).toContain('the chart renders the link with Helm 3.');
    expect(run.summary).toContain(
      'renders the link with Helm 3; in a pod template: the pods roll.',
    );
  });

  it('distribution.version 2.8.x: Helm 4 alone, which does not render the link: refused before any request', async () => {
    const ws = await fluxInstance('2.8.x');
    const before = await filesOf(ws);
    const { s, run } = await publish(ws, FLUX, pathOf(['helm3', 'helm4']), onMain);
    expect(run.code, run.stdout).toBe(1);
    expect(errorLine(run.stdout)).toContain(
      'apps/base/docs/release.yaml (HelmRelease/docs): none of the 0 documents the vendor chart renders (chart docs-platform 0.3.0 (a folder of the checkout)) holds the link written at values-key enterprise.staticExport. It was rendered with Helm 4, as FluxInstance flux-system/flux (clusters/prod/flux-system/flux-instance.yaml: distribution.version 2.8.x) says the controller runs.',
    );
    expect(s.requests).toHaveLength(0);
    expect(await filesOf(ws)).toEqual(before);
  });

  it('distribution.version 2.8.x and only Helm 3 here: not checked (never true), and refused under required', async () => {
    const pinned =
      'FluxInstance flux-system/flux (clusters/prod/flux-system/flux-instance.yaml: distribution.version 2.8.x) says the controller renders with Helm 4';
    const ws = await fluxInstance('2.8.x');
    const auto = (await publish(ws, FLUX, pathOf(['helm3']), onMain)).run;
    expect(auto.code, auto.stdout).toBe(0);
    expect(auto.outputs['render-check']).toBe('skipped');
    expect(proofOf(auto)).not.toContainEqual(expect.objectContaining({ level: 'rendered' }));
    expect(auto.stdout).toContain(pinned);
    expect(auto.stdout).toContain('azure/setup-helm@v4 with version: v4.2.3');
    const again = await fluxInstance('2.8.x');
    const before = await filesOf(again);
    const required = { ...FLUX, 'render-check': 'required' };
    const { s, run } = await publish(again, required, pathOf(['helm3']), onMain);
    expect(run.code, run.stdout).toBe(1);
    expect(errorLine(run.stdout)).toContain('render-check is required');
    expect(errorLine(run.stdout)).toContain(pinned);
    expect(s.requests).toHaveLength(0);
    expect(await filesOf(again)).toEqual(before);
  });
});

/**
 * The FluxInstance's cluster (prod) beside a second one, staging, bootstrapped by `flux bootstrap`
 * (its flux-system Kustomization) with no version written anywhere, whose apps build the same
 * base release: the prod pin says nothing of staging's controller.
 */
async function withStaging(version: string): Promise<string> {
  const ws = await fluxInstance(version);
  const sync = (
    await readFile(join(GITOPS, 'flux-local/clusters/prod/flux-system/gotk-sync.yaml'), 'utf8')
  ).replace('./clusters/prod', './clusters/staging');
  await writeFiles(ws, {
    'clusters/staging/flux-system/gotk-sync.yaml': sync,
    'clusters/staging/flux-system/kustomization.yaml':
      'apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources:\n  - gotk-sync.yaml\n',
    'clusters/staging/apps.yaml': `apiVersion: kustomize.toolkit.fluxcd.io/v1
kind: Kustomization
metadata:
  name: apps
  namespace: flux-system
spec:
  interval: 10m0s
  sourceRef:
    kind: GitRepository
    name: flux-system
  path: ./apps/staging
  prune: true
`,
    'apps/staging/kustomization.yaml':
      'apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources:\n  - ../base/docs\n',
  });
  return ws;
}

describe.concurrent('a pin holds for its own cluster only', { timeout: 90_000 }, () => {
  it("prod's FluxInstance pins 2.7.x, and staging, which pins nothing, applies the same release: both majors render, refused before any request", async () => {
    const ws = await withStaging('2.7.x');
    const before = await filesOf(ws);
    const { s, run } = await publish(ws, FLUX, pathOf(['helm4', 'helm3']), onMain);
    expect(run.code, run.stdout).toBe(1);
    const error = errorLine(run.stdout);
    expect(error).toContain(
      'as the checkout does not say which Flux version renders it (Flux 2.8 and later render with Helm 4, earlier ones with Helm 3; FluxInstance flux-system/flux (clusters/prod/flux-system/flux-instance.yaml: distribution.version 2.7.x) is not read by every cluster that applies this release: Kustomization/flux-system/flux-system (clusters/staging/flux-system/gotk-sync.yaml) applies it and pins no version)',
    );
    expect(error).toContain('Helm 3 (v3.17.3) renders the link, Helm 4 (v4.2.3) does not');
    expect(s.requests).toHaveLength(0);
    expect(await filesOf(ws)).toEqual(before);
  });

  it('the same two clusters, the edited file read by prod alone: Helm 3 alone renders it, as prod pins', async () => {
    const ws = await withStaging('2.7.x');
    // The prod overlay's values (apps/prod/docs-values.yaml) are read by prod's build only.
    const inputs = {
      'values-file': 'apps/prod/docs-values.yaml',
      'values-key': 'enterprise.staticExport',
    };
    const { run } = await publish(ws, inputs, pathOf(['helm4', 'helm3']), onMain);
    expect(run.code, run.stdout).toBe(0);
    expect(proofOf(run)).toContainEqual(
      expect.objectContaining({
        entry: 'Kustomization/flux-system/apps',
        level: 'rendered',
        helm: [3],
      }),
    );
  });
});
