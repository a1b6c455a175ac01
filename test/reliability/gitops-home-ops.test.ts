/**
 * Layouts the proof used to refuse though the cluster gets the link. A home-ops app
 * (test/fixtures/gitops/home-ops, from onedr0p/home-ops: a Flux Kustomization with
 * spec.components, postBuild.substitute `APP` and a targetNamespace): a release named `${APP}`
 * is rendered as the controller builds it, substituted; a values file inside a component the
 * Kustomization adds is part of its build. flux2-kustomize-helm-example's production overlay with
 * two releases `docs` in two namespaces, each reading its own generated ConfigMap `docs-values`:
 * each values file proves its own release only. A HelmRelease whose written key sits above a
 * `<<` merge key: kustomize lets the written key win. Each success is checked by building and
 * rendering what the controller gets; each refusal sends nothing and leaves every file as it was.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFiles } from '../helpers/action.js';
import {
  clusterWorkspace,
  kustomizeFlux,
  proofOf,
  publishIn,
  refusedIn,
} from '../helpers/cluster.js';
import { documents, fluxValues, manifest, renderedLink, renderWith } from '../helpers/gitops.js';
import { CHART } from '../helpers/helm.js';

type Record_ = { target: string; entry: string; level: string; reason?: string };
const records = (run: Parameters<typeof proofOf>[0]) => proofOf(run) as Record_[];

const APP = 'kubernetes/apps/default/docs/app';
const RELEASE = `${APP}/helmrelease.yaml`;
const COMPONENT = 'kubernetes/components/docs-values';

async function edit(ws: string, file: string, from: string, to: string): Promise<void> {
  const text = await readFile(join(ws, file), 'utf8');
  expect(text).toContain(from);
  await writeFile(join(ws, file), text.replace(from, to));
}

/**
 * What kustomize-controller applies for the home-ops Kustomization: the app folder with the
 * component added (its generator), post-build `APP` substituted; `docs` in `default`.
 */
async function homeOpsBuild(ws: string): Promise<string> {
  await writeFile(
    join(ws, APP, 'kustomization.yaml'),
    `${await readFile(join(ws, APP, 'kustomization.yaml'), 'utf8')}components:\n  - ../../../../components/docs-values\nnamespace: default\n`,
  );
  return (await kustomizeFlux(join(ws, APP))).replaceAll('${APP}', 'docs');
}

describe.concurrent('home-ops: postBuild substitution and components', { timeout: 90_000 }, () => {
  it('a release named ${APP}: rendered as the Kustomization substitutes it, not refused', async () => {
    const ws = await clusterWorkspace('home-ops');
    await edit(ws, RELEASE, 'name: &app docs', 'name: ${APP}');
    const { h, run } = await publishIn(ws, { 'values-file': RELEASE });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.outputs['render-check']).toBe('true');
    expect(records(run)).toEqual([
      {
        target: `${RELEASE} (HelmRelease/\${APP})`,
        reader: 'HelmRelease/default/docs',
        entry: 'Kustomization/default/docs',
        level: 'rendered',
        // Rendered with the one helm on PATH: Helm 4 is said not to be.
        helm: [3],
        helmUnrendered: [4],
      },
    ]);
    const built = await homeOpsBuild(ws);
    const release = manifest(built, 'HelmRelease', 'docs');
    expect(renderedLink(await renderWith(h, CHART, fluxValues(release, [built])))).toBe(
      run.outputs['bundle-url'],
    );
  });

  it('a release named ${APP} whose spec.values turn the link off: refused, naming spec.values', async () => {
    const ws = await clusterWorkspace('home-ops');
    await edit(ws, RELEASE, 'name: &app docs', 'name: ${APP}');
    await edit(
      ws,
      RELEASE,
      '    replicaCount: 2\n',
      '    replicaCount: 2\n    staticExport:\n      enabled: false\n',
    );
    const error = await refusedIn(ws, { 'values-file': `${COMPONENT}/values.yaml` });
    expect(error).toContain('spec.values of HelmRelease/docs');
    expect(error).toContain('sets staticExport.enabled');
  });

  it('a values file of a component the Kustomization adds: rendered through it (required too)', async () => {
    const ws = await clusterWorkspace('home-ops');
    const { h, run } = await publishIn(ws, {
      'values-file': `${COMPONENT}/values.yaml`,
      'render-check': 'required',
    });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(records(run)).toEqual([
      {
        target: `${COMPONENT}/values.yaml`,
        reader: 'HelmRelease/default/docs',
        entry: 'Kustomization/default/docs',
        level: 'rendered',
        // Rendered with the one helm on PATH: Helm 4 is said not to be.
        helm: [3],
        helmUnrendered: [4],
      },
    ]);
    const built = await homeOpsBuild(ws);
    const release = manifest(built, 'HelmRelease', 'docs');
    expect(renderedLink(await renderWith(h, CHART, fluxValues(release, [built])))).toBe(
      run.outputs['bundle-url'],
    );
  });

  it("a component's patch that pins the link after it: refused, naming the component", async () => {
    const ws = await clusterWorkspace('home-ops');
    await writeFiles(ws, {
      'kubernetes/components/pin/kustomization.yaml':
        'apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\npatches:\n  - target:\n      kind: HelmRelease\n      group: helm.toolkit.fluxcd.io\n    patch: |-\n      - op: add\n        path: /spec/values/staticExport\n        value:\n          enabled: true\n          bundleUrl: https://pinned.example.com/site.tar.gz\n',
    });
    await edit(
      ws,
      'kubernetes/apps/default/docs/ks.yaml',
      '    - ../../../../components/docs-values\n',
      '    - ../../../../components/docs-values\n    - ../../../../components/pin\n',
    );
    const error = await refusedIn(ws, { 'values-file': `${COMPONENT}/values.yaml` });
    expect(error).toContain('kubernetes/components/pin/kustomization.yaml');
    expect(error).toContain('sets staticExport');
  });
});

/** flux2-kustomize-helm-example's production overlay with `docs` in `docs` and in `docs-preview`. */
async function twoNamespaces(): Promise<string> {
  const ws = await clusterWorkspace('flux-cluster');
  const base = await readFile(join(ws, 'apps/base/docs/release.yaml'), 'utf8');
  await writeFiles(ws, {
    'apps/production/kustomization.yaml':
      'apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources:\n  - ../base/docs\n  - preview.yaml\npatchesStrategicMerge:\n  - docs-values.yaml\nconfigMapGenerator:\n  - name: docs-values\n    namespace: docs\n    files:\n      - values.yaml=docs-values-file.yaml\n  - name: docs-values\n    namespace: docs-preview\n    files:\n      - values.yaml=preview-values-file.yaml\ngeneratorOptions:\n  disableNameSuffixHash: true\n',
    'apps/production/docs-values-file.yaml': 'replicaCount: 3\n',
    'apps/production/preview-values-file.yaml': 'replicaCount: 1\n',
    'apps/production/docs-values.yaml':
      'apiVersion: helm.toolkit.fluxcd.io/v2\nkind: HelmRelease\nmetadata:\n  name: docs\n  namespace: docs\nspec:\n  valuesFrom:\n    - kind: ConfigMap\n      name: docs-values\n',
    'apps/production/preview.yaml': base
      .replace('  namespace: docs\n', '  namespace: docs-preview\n')
      .replace(
        '  values:\n',
        '  valuesFrom:\n    - kind: ConfigMap\n      name: docs-values\n  values:\n',
      ),
  });
  return ws;
}

describe.concurrent('two releases of one name in two namespaces', { timeout: 90_000 }, () => {
  it('the preview values file: its own release rendered, the other namespace not its reader', async () => {
    const ws = await twoNamespaces();
    const { h, run } = await publishIn(ws, {
      'values-file': 'apps/production/preview-values-file.yaml',
    });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(records(run)).toEqual([
      {
        target: 'apps/production/preview-values-file.yaml',
        reader: 'HelmRelease/docs-preview/docs',
        entry: 'Kustomization/flux-system/apps',
        level: 'rendered',
        // Rendered with the one helm on PATH: Helm 4 is said not to be.
        helm: [3],
        helmUnrendered: [4],
      },
    ]);
    const built = await kustomizeFlux(join(ws, 'apps/production'));
    const preview = documents(built).find(
      (d) => d.kind === 'HelmRelease' && d.metadata.namespace === 'docs-preview',
    );
    const configMaps = documents(built)
      .filter((d) => d.kind === 'ConfigMap' && d.metadata.namespace === 'docs-preview')
      .map((d) => JSON.stringify(d));
    expect(renderedLink(await renderWith(h, CHART, fluxValues(preview, configMaps)))).toBe(
      run.outputs['bundle-url'],
    );
  });

  it("the preview release's spec.values turning the link off: refused, naming it", async () => {
    const ws = await twoNamespaces();
    await edit(
      ws,
      'apps/production/preview.yaml',
      '    replicaCount: 1\n',
      '    replicaCount: 1\n    staticExport:\n      enabled: false\n',
    );
    const error = await refusedIn(ws, {
      'values-file': 'apps/production/preview-values-file.yaml',
    });
    expect(error).toContain('spec.values of HelmRelease/docs');
    expect(error).toContain(
      'sets staticExport.enabled after apps/production/preview-values-file.yaml',
    );
  });
});

describe.concurrent(
  'a HelmRelease with a merge key, built by kustomize',
  { timeout: 90_000 },
  () => {
    const ANCHORED =
      '  values:\n    common: &common\n      replicaCount: 1\n      staticExport:\n        enabled: false\n    staticExport:\n      enabled: true\n      bundleUrl: https://old.example.com/site.tar.gz\n    <<: *common\n';

    it('the written key above "<<": kustomize lets it win, so the link is written and rendered', async () => {
      const ws = await clusterWorkspace('flux-cluster');
      await edit(ws, 'apps/base/docs/release.yaml', '  values:\n    replicaCount: 1\n', ANCHORED);
      const { h, run } = await publishIn(ws, { 'values-file': 'apps/base/docs/release.yaml' });
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(records(run).map((r) => r.level)).toEqual(['rendered']);
      const built = manifest(
        await kustomizeFlux(join(ws, 'apps/production')),
        'HelmRelease',
        'docs',
      );
      expect(built.spec.values.staticExport.enabled).toBe(true);
      expect(renderedLink(await renderWith(h, CHART, fluxValues(built)))).toBe(
        run.outputs['bundle-url'],
      );
    });

    it('a plain values file with the key above "<<" (Helm reads it with go-yaml): still refused', async () => {
      const ws = await clusterWorkspace('flux-cluster');
      await writeFiles(ws, {
        'charts/enterprise/values-docs.yaml': ANCHORED.replace('  values:\n', '').replace(
          /^ {4}/gm,
          '',
        ),
      });
      const error = await refusedIn(ws, { 'values-file': 'charts/enterprise/values-docs.yaml' });
      expect(error).toContain('above the merge key "<<: *common"');
    });
  },
);

/** flux2-kustomize-helm-example's production overlay with a kustomize replacement into the release. */
async function replacement(fieldPath: string): Promise<string> {
  const ws = await clusterWorkspace('flux-cluster');
  await writeFiles(ws, {
    'apps/production/kustomization.yaml': `apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources:\n  - ../base/docs\n  - docs-link.yaml\npatchesStrategicMerge:\n  - docs-values.yaml\nreplacements:\n  - path: replacements.yaml\n`,
    'apps/production/docs-link.yaml':
      'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: docs-link\n  namespace: docs\ndata:\n  url: https://pinned.example.com/site.tar.gz\n  replicas: "4"\n',
    'apps/production/replacements.yaml': `- source:\n    kind: ConfigMap\n    name: docs-link\n    fieldPath: data.${fieldPath === 'spec.values.replicaCount' ? 'replicas' : 'url'}\n  targets:\n    - select:\n        kind: HelmRelease\n        name: docs\n      fieldPaths:\n        - ${fieldPath}\n      options:\n        create: true\n`,
  });
  return ws;
}

describe.concurrent('messages name the layer that wins', { timeout: 90_000 }, () => {
  it('a kustomize replacement that pins the link: refused, naming the replacement and its source', async () => {
    const ws = await replacement('spec.values.staticExport.bundleUrl');
    const error = await refusedIn(ws, { 'values-file': 'apps/base/docs/release.yaml' });
    expect(error).toContain(
      'a replacement in apps/production/replacements.yaml (replacements of apps/production/kustomization.yaml) from ConfigMap/docs-link data.url, sets',
    );
    expect(error).not.toContain('no link at values-key');
  });

  it('a replacement of another value: rendered', async () => {
    const ws = await replacement('spec.values.replicaCount');
    const { run } = await publishIn(ws, { 'values-file': 'apps/base/docs/release.yaml' });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(records(run).map((r) => r.level)).toEqual(['rendered']);
  });
});
