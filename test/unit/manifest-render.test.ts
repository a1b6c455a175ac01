/**
 * Which chart the render check renders for a kustomize helmCharts entry: the folder kustomize
 * itself reads under chartHome (checked against kubectl kustomize 5.4.2: with repo and version it
 * pulls into <chartHome>/<name>-<version>/<name> and reads only that; otherwise <chartHome>/<name>).
 * And for values a HelmRelease reads through valuesFrom: that release's chart, and its layers.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { manifestTargets, valuesFromTarget } from '../../src/publish/manifest-render.js';
import type { Data } from '../../src/values/site.js';
import { chooseTargets } from '../../src/values/target.js';

const root = mkdtempSync(join(tmpdir(), 'kustomize-home-'));
for (const dir of ['charts/enterprise', 'charts/enterprise-1.4.0/enterprise']) {
  mkdirSync(join(root, dir), { recursive: true });
  writeFileSync(
    join(root, dir, 'Chart.yaml'),
    'apiVersion: v2\nname: enterprise\nversion: 1.4.0\n',
  );
}
afterAll(() => rmSync(root, { recursive: true, force: true }));
const file = { path: join(root, 'kustomization.yaml'), display: 'kustomization.yaml' };

function chartOf(entry: string) {
  const text = `helmCharts:\n  - name: enterprise\n    releaseName: docs\n${entry}`;
  const chosen = chooseTargets(text, file, [], ['staticExport'])!;
  return manifestTargets(file, chosen, 'staticExport', () => {
    throw new Error('not rendered here');
  })[0]!.chart;
}

describe('the chart of a helmCharts entry, where kustomize reads it', () => {
  it('with repo and version: the versioned folder kustomize pulls into, never an unversioned copy', () => {
    expect(chartOf('    repo: https://charts.example.com\n    version: 1.4.0\n')).toMatchObject({
      kind: 'chart',
      ref: join(root, 'charts/enterprise-1.4.0/enterprise'),
    });
  });

  it('without a repo, version or not: <chartHome>/<name>', () => {
    for (const entry of ['    version: 1.4.0\n', ''])
      expect(chartOf(entry)).toMatchObject({ kind: 'chart', ref: join(root, 'charts/enterprise') });
  });

  it('with repo and version, nothing pulled yet: pulled from the repo', () => {
    expect(chartOf('    repo: https://charts.example.com\n    version: 2.0.0\n')).toMatchObject({
      kind: 'chart',
      ref: 'enterprise',
      repo: 'https://charts.example.com',
      version: '2.0.0',
    });
  });
});

describe('the release name and namespace each controller renders with', () => {
  const release = (text: string, at: typeof file = file) => {
    const chosen = chooseTargets(text, at, [], ['staticExport'])!;
    const [one] = manifestTargets(at, chosen, 'staticExport', () => {
      throw new Error('not rendered here');
    });
    const chart = one!.chart;
    return chart.kind === 'chart' ? [chart.releaseName, chart.namespace] : chart.reason;
  };
  const helmRelease = (name: string, spec: string) =>
    `apiVersion: helm.toolkit.fluxcd.io/v2\nkind: HelmRelease\nmetadata: {name: ${name}, namespace: flux-system}\nspec:\n${spec}  chart:\n    spec: {chart: ./charts/enterprise, sourceRef: {kind: GitRepository, name: repo}}\n`;

  it("Flux: <targetNamespace>-<name>, cut to 53 characters as helm-controller's ShortenName cuts it", () => {
    expect(release(helmRelease('site', ''))).toEqual(['site', 'flux-system']);
    expect(release(helmRelease('site', '  targetNamespace: docs\n'))).toEqual([
      'docs-site',
      'docs',
    ]);
    expect(release(helmRelease('site', '  releaseName: docs\n  targetNamespace: web\n'))).toEqual([
      'docs',
      'web',
    ]);
    // 62 characters: the first 40, a dash and 12 hex digits of its SHA-256 (computed apart).
    expect(
      release(
        helmRelease(
          'static-export-site',
          '  targetNamespace: documentation-platform-production-eu-west-1\n',
        ),
      ),
    ).toEqual([
      'documentation-platform-production-eu-wes-8a08e872c3a1',
      'documentation-platform-production-eu-west-1',
    ]);
  });

  it("kustomize: the entry's releaseName (helm's release-name without one) and its own namespace only", () => {
    // No namespace: the controller's helm renders in default (not the runner's HELM_NAMESPACE).
    expect(release('namespace: web\nhelmCharts:\n  - name: enterprise\n')).toEqual([
      'release-name',
      'default',
    ]);
    expect(
      release(
        'namespace: web\nhelmCharts:\n  - name: enterprise\n    releaseName: docs\n    namespace: docs\n',
      ),
    ).toEqual(['docs', 'docs']);
  });

  it("Argo CD: helm.namespace over the destination's, both after the override files beside the chart", () => {
    const chart = join(root, 'argo', 'charts', 'docs');
    mkdirSync(chart, { recursive: true });
    writeFileSync(join(chart, 'Chart.yaml'), 'apiVersion: v2\nname: docs\nversion: 1.0.0\n');
    const app = (helm: string) =>
      `apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata: {name: docs, namespace: argocd}\nspec:\n  destination: {namespace: web}\n  source:\n    repoURL: https://git.example.com/platform.git\n    path: argo/charts/docs\n    helm:\n${helm}      valuesObject: {}\n`;
    const at = { path: join(root, 'apps', 'docs.yaml'), display: 'apps/docs.yaml', root };
    const of = (text: string) => release(text, at);
    expect(of(app(''))).toEqual(['docs', 'web']);
    expect(of(app('      namespace: docs\n      releaseName: site\n'))).toEqual(['site', 'docs']);
    // Argo CD reads the first document of an override file (yaml.YAMLToJSON), merged over the source.
    writeFileSync(
      join(chart, '.argocd-source-docs.yaml'),
      'helm:\n  releaseName: docs-site\n  namespace: null\n---\nhelm: {namespace: other}\n',
    );
    expect(of(app('      namespace: docs\n'))).toEqual(['docs-site', 'web']);
  });
});

describe('values a HelmRelease reads through valuesFrom: its chart and its layers', () => {
  const objects = parseAllDocuments(`apiVersion: source.toolkit.fluxcd.io/v1
kind: HelmRepository
metadata: {name: mintlify, namespace: docs}
spec: {url: https://charts.example.com}
---
apiVersion: helm.toolkit.fluxcd.io/v2
kind: HelmRelease
metadata: {name: docs, namespace: docs}
spec:
  chart: {spec: {chart: enterprise, version: 1.4.0, sourceRef: {kind: HelmRepository, name: mintlify}}}
  valuesFrom:
    - {kind: ConfigMap, name: docs-values}
    - {kind: Secret, name: from-the-cluster, optional: LATER}
  values: {replicaCount: 2}
`).map((d) => d.toJS() as Data);
  const source = { kind: 'ConfigMap', name: 'docs-values', namespace: 'docs', key: 'values.yaml' };
  const text = (link: string) => `staticExport:\n  bundleUrl: ${link}\n`;
  const target = (optional: boolean, of = source) =>
    valuesFromTarget(
      'values.yaml (ConfigMap/docs-values[values.yaml])',
      of,
      text,
      'staticExport',
      {
        objects: objects.map((o) =>
          o.kind === 'HelmRelease'
            ? JSON.parse(JSON.stringify(o).replace('"LATER"', String(optional)))
            : o,
        ),
        root,
      },
      'values.yaml',
    );

  it('the chart of the release that reads it; the written values first, spec.values last', () => {
    const one = target(true);
    expect(one.chart).toEqual({
      kind: 'chart',
      ref: 'enterprise',
      version: '1.4.0',
      repo: 'https://charts.example.com',
      origin: 'HelmRepository docs/mintlify, for HelmRelease docs/docs',
      releaseName: 'docs',
      namespace: 'docs',
    });
    expect(one.values('https://x.invalid/')).toEqual([
      {
        name: 'ConfigMap/docs-values[values.yaml] (valuesFrom of HelmRelease/docs, from values.yaml)',
        yaml: text('https://x.invalid/'),
      },
      expect.objectContaining({ yaml: 'replicaCount: 2\n' }),
    ]);
  });

  it('a later entry this run cannot read, or no release that reads it: out of reach, saying why', () => {
    expect(target(false).chart).toEqual({
      kind: 'out-of-reach',
      reason:
        'Secret/from-the-cluster (key values.yaml), which HelmRelease/docs reads in valuesFrom and no manifest this run read holds: what it sets after the link is unknown to this run',
    });
    expect(target(true, { ...source, key: 'other.yaml' }).chart).toEqual({
      kind: 'out-of-reach',
      reason:
        'no HelmRelease among the manifests of this checkout reads ConfigMap/docs-values[other.yaml] through valuesFrom, so its chart is unknown',
    });
  });
});
