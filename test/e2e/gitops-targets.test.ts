/**
 * GitOps manifests as values-file, with the built action under Node 24 against the
 * simulator: a Flux HelmRelease beside its HelmRepository, an Argo CD Application's values
 * string (each written manifest then rendered as its controller would hand it to the chart,
 * helpers/gitops.ts), a kustomization's helmCharts entry rendered by the real helm. Every refusal sends no
 * request and leaves the file as it was; a run writes only the chosen target, and every other
 * document stays byte for byte.
 */
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { newWorkspace, runPublish } from '../helpers/action.js';
import {
  argoValues,
  fluxValues,
  kustomizeBuild,
  manifest,
  renderedLink,
  renderWith,
} from '../helpers/gitops.js';
import { startChartRepo } from '../helpers/chart-repo.js';
import { buildUmbrella, CHART, helmEnv, type HelmEnv } from '../helpers/helm.js';
import { sim } from '../helpers/sim.js';

// The parsed manifests, read loosely: the tests name the fields they check.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

const quick = { queuedMs: 50, runningMs: 300, pageCount: 3 };

const REPOSITORY = `apiVersion: source.toolkit.fluxcd.io/v1
kind: HelmRepository
metadata:
  name: mintlify
  namespace: flux-system
spec:
  url: https://charts.example.com
`;
const RELEASE = `apiVersion: helm.toolkit.fluxcd.io/v2
kind: HelmRelease
metadata:
  name: docs
  namespace: docs
spec:
  interval: 10m
  chart:
    spec:
      chart: enterprise
      sourceRef: {kind: HelmRepository, name: mintlify, namespace: flux-system}
  values:
    replicaCount: 2
`;
const FLUX = `\uFEFF# Flux: the source and the release\r\n${REPOSITORY.replace(/\n/g, '\r\n')}---\r\n# the release\r\n${RELEASE.replace(/\n/g, '\r\n')}`;

const APPLICATION = `apiVersion: argoproj.io/v1alpha1
kind: Application
metadata:
  name: docs
  namespace: argocd
spec:
  project: default
  destination: {server: https://kubernetes.default.svc, namespace: docs}
  source:
    repoURL: https://charts.example.com
    chart: enterprise
    targetRevision: 1.4.0
    helm:
      values: |
        # chart values
        replicaCount: 2
`;

const workspace = newWorkspace;

/** The built action on a workspace holding `files`, against a fresh simulator. */
/** The bundle run in `ws` with helm `h` on its PATH, against a new simulator. */
async function publishWithHelm(h: HelmEnv, ws: string, inputs: Record<string, string>) {
  const s = await sim({ export: quick });
  return { s, run: await runPublish(s, { workspace: ws, env: h.env, inputs }) };
}

async function publishIn(files: Record<string, string>, inputs: Record<string, string>) {
  const ws = await workspace(files);
  const s = await sim({ export: quick });
  const run = await runPublish(s, { workspace: ws, inputs });
  return { ws, s, run };
}

describe.concurrent('a Flux HelmRelease beside its HelmRepository', () => {
  it('gets the link in spec.values; the HelmRepository, comments, BOM and CRLF stay byte for byte', async () => {
    const { ws, run } = await publishIn(
      { 'clusters/prod/docs.yaml': FLUX },
      { version: 'v7', 'values-file': 'clusters/prod/docs.yaml' },
    );
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const link = run.outputs['bundle-url']!;
    const after = await readFile(join(ws, 'clusters/prod/docs.yaml'), 'utf8');
    const cut = FLUX.indexOf('---\r\n# the release');
    expect(after.slice(0, cut + '---\r\n# the release\r\n'.length)).toBe(
      FLUX.slice(0, cut + '---\r\n# the release\r\n'.length),
    );
    expect(after).not.toMatch(/[^\r]\n/);
    expect(after).not.toMatch(/^staticExport:/m);
    const [repo, release] = parseAllDocuments(after).map((d) => d.toJS() as Record<string, Loose>);
    expect(repo).toEqual(parse(REPOSITORY));
    expect(release!.spec.values).toEqual({
      replicaCount: 2,
      staticExport: { enabled: true, bundleUrl: link, version: 'v7' },
    });
    expect(run.outputs['values-file']).toBe('clusters/prod/docs.yaml');
    expect(JSON.parse(run.outputs['values-targets']!)).toEqual([
      {
        file: 'clusters/prod/docs.yaml',
        document: 'HelmRelease/docs',
        path: 'spec.values',
        valuesKey: 'staticExport',
      },
    ]);
    expect(run.summary).toContain('clusters/prod/docs.yaml (HelmRelease/docs)');
    // The chart comes from a Flux source: the render check says why it could not run.
    expect(run.outputs['render-check']).toBe('skipped');
    // What helm-controller would hand the chart, rendered by the real helm: the new link.
    const h = await helmEnv('helm3');
    const values = fluxValues(manifest(after, 'HelmRelease', 'docs'));
    expect(renderedLink(await renderWith(h, CHART, values))).toBe(link);
  });

  it.each([
    [
      'helm-release with a manifest',
      { 'helm-release': 'docs', 'helm-chart': './chart' },
      RELEASE,
      /helm-release.*is a manifest \(HelmRelease\/docs\)/,
    ],
    [
      'verify-url with a manifest (the controller syncs it only after the push)',
      { 'verify-url': 'https://docs.example.com/' },
      RELEASE,
      /::error::Input "verify-url" is set, but values-file clusters\/prod\/docs\.yaml is a manifest \(HelmRelease\/docs\): the GitOps controller .* Remove verify-url here/,
    ],
    [
      'a values-document line that matches no document (misspelt)',
      { 'values-document': 'HelmRelease/docs\nHelmRelease/docs-previw' },
      `${RELEASE}---\n${RELEASE.replace('name: docs\n', 'name: docs-preview\n')}`,
      /values-document.*line "HelmRelease\/docs-previw" matches no document of any values file \(chosen: HelmRelease\/docs\)/,
    ],
    [
      'a Deployment',
      {},
      'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec: {replicas: 1}\n',
      /Deployment manifest.*HelmRelease/,
    ],
  ])(
    'refuses %s before any request, leaving the file as it was',
    async (_, inputs, text, message) => {
      const { ws, s, run } = await publishIn(
        { 'clusters/prod/docs.yaml': text },
        { 'values-file': 'clusters/prod/docs.yaml', ...inputs },
      );
      expect(run.code).not.toBe(0);
      expect(run.stdout + run.stderr).toMatch(message);
      expect(s.requests).toHaveLength(0);
      expect(await readFile(join(ws, 'clusters/prod/docs.yaml'), 'utf8')).toBe(text);
    },
  );
});

describe.concurrent(
  'a values ConfigMap that a HelmRelease in the same file reads with valuesFrom',
  () => {
    const OLD = 'https://mirror.example.com/old/site.tar.gz';
    const file = (values: string) => `apiVersion: helm.toolkit.fluxcd.io/v2
kind: HelmRelease
metadata: {name: docs, namespace: docs}
spec:
  chart: {spec: {chart: enterprise, sourceRef: {kind: HelmRepository, name: mintlify}}}
  valuesFrom:
    - {kind: ConfigMap, name: docs-values}
  values:
${values}---
apiVersion: v1
kind: ConfigMap
metadata: {name: docs-values, namespace: docs}
data:
  values.yaml: |
    replicaCount: 2
`;

    /** A run that chooses the ConfigMap, on a workspace holding `text`. */
    const publishToConfigMap = (text: string) =>
      publishIn(
        { 'clusters/prod/docs.yaml': text },
        {
          'values-file': 'clusters/prod/docs.yaml',
          'values-document': 'ConfigMap/docs-values[values.yaml]',
        },
      );

    it('with a link in its spec.values: refused before any request, as Flux would pass that link', async () => {
      const text = file(`    staticExport: {enabled: true, bundleUrl: "${OLD}"}\n`);
      // What helm-controller would give the chart had the link gone into the ConfigMap: the old one.
      const written = text.replace(
        '    replicaCount: 2\n',
        '    replicaCount: 2\n    staticExport: {enabled: true, bundleUrl: "https://storage.example.com/new/site.tar.gz"}\n',
      );
      const h = await helmEnv('helm3');
      const values = fluxValues(manifest(written, 'HelmRelease', 'docs'), [written]);
      expect(renderedLink(await renderWith(h, CHART, values))).toBe(OLD);
      const { ws, s, run } = await publishToConfigMap(text);
      expect(run.code).not.toBe(0);
      expect(run.stdout + run.stderr).toMatch(
        /values-file "clusters\/prod\/docs\.yaml \(HelmRelease\/docs\)" sets staticExport\.bundleUrl in spec\.values, which helm-controller merges over its valuesFrom ConfigMap\/docs-values\[values\.yaml\]/,
      );
      expect(s.requests).toHaveLength(0);
      expect(await readFile(join(ws, 'clusters/prod/docs.yaml'), 'utf8')).toBe(text);
    });

    it('with no link in its spec.values: the link goes into the ConfigMap', async () => {
      const text = file('    replicaCount: 1\n');
      const { ws, run } = await publishToConfigMap(text);
      expect(run.code, run.stdout + run.stderr).toBe(0);
      const after = await readFile(join(ws, 'clusters/prod/docs.yaml'), 'utf8');
      const values = fluxValues(manifest(after, 'HelmRelease', 'docs'), [after]);
      expect(renderedLink(await renderWith(await helmEnv('helm3'), CHART, values))).toBe(
        run.outputs['bundle-url'],
      );
      expect(run.stdout).not.toContain('no HelmRelease in the values files reads it');
    });

    it('read only at a targetPath: refused before any request, as the chart would find no link at its values top', async () => {
      const text = file('    replicaCount: 1\n').replace(
        '    - {kind: ConfigMap, name: docs-values}\n',
        '    - {kind: ConfigMap, name: docs-values, targetPath: site.config}\n',
      );
      // What helm-controller would give the chart had the link gone into the ConfigMap: the key's
      // text as one string at site.config, and no link where the chart reads it.
      const link = 'https://storage.example.com/new/site.tar.gz';
      const written = text.replace(
        '    replicaCount: 2\n',
        `    replicaCount: 2\n    staticExport:\n      enabled: true\n      bundleUrl: ${link}\n`,
      );
      const values = fluxValues(manifest(written, 'HelmRelease', 'docs'), [written]);
      expect(values[0]).toContain(link);
      expect(renderedLink(await renderWith(await helmEnv('helm3'), CHART, values))).toBeUndefined();
      const { ws, s, run } = await publishToConfigMap(text);
      expect(run.code).not.toBe(0);
      expect(run.stdout + run.stderr).toContain(
        'values-file "clusters/prod/docs.yaml (HelmRelease/docs)" reads ConfigMap/docs-values[values.yaml], where the link was chosen to go, only at targetPath site.config: helm-controller sets that key\'s whole text there as one value, so the chart would not find staticExport.bundleUrl in it.',
      );
      expect(s.requests).toHaveLength(0);
      expect(await readFile(join(ws, 'clusters/prod/docs.yaml'), 'utf8')).toBe(text);
    });

    it('read before a Secret that is not in the values files: written, and a notice names that Secret to check', async () => {
      const text = file('    replicaCount: 1\n').replace(
        '    - {kind: ConfigMap, name: docs-values}\n',
        '    - {kind: ConfigMap, name: docs-values}\n    - {kind: Secret, name: docs-secret}\n',
      );
      const { run } = await publishToConfigMap(text);
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(run.stdout).toContain(
        '::notice::clusters/prod/docs.yaml (HelmRelease/docs) reads Secret/docs-secret[values.yaml] after ConfigMap/docs-values[values.yaml], where the link goes, and Secret/docs-secret[values.yaml] is not in the values files, lacks that key there, or cannot be read here (encrypted), so this run could not check it. Make sure it sets no staticExport: helm-controller merges it over ConfigMap/docs-values[values.yaml].',
      );
    });

    it('read by a suspended HelmRelease: written, and a notice says Flux applies it once resumed', async () => {
      const text = file('    replicaCount: 1\n').replace('spec:\n', 'spec:\n  suspend: true\n');
      const { run } = await publishToConfigMap(text);
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(run.stdout).toContain(
        '::notice::clusters/prod/docs.yaml (HelmRelease/docs) has spec.suspend: true, so Flux does not reconcile it: the link written to ConfigMap/docs-values[values.yaml] reaches the chart only once it is resumed (before the link expires).',
      );
    });

    it('alone in values-file, its HelmRelease in a file not listed: written, and a notice says that HelmRelease could not be checked', async () => {
      const [release, configMap] = file('    replicaCount: 1\n').split('---\n') as [string, string];
      const { ws, run } = await publishIn(
        { 'clusters/prod/release.yaml': release, 'clusters/prod/values.yaml': configMap },
        { 'values-file': 'clusters/prod/values.yaml' },
      );
      expect(run.code, run.stdout + run.stderr).toBe(0);
      const after = parse(await readFile(join(ws, 'clusters/prod/values.yaml'), 'utf8')) as {
        data: Record<string, string>;
      };
      expect(parse(after.data['values.yaml']!)).toMatchObject({
        staticExport: { enabled: true, bundleUrl: run.outputs['bundle-url'] },
      });
      expect(run.stdout).toContain(
        '::notice::clusters/prod/values.yaml (ConfigMap/docs-values[values.yaml]): no HelmRelease in the values files reads it through valuesFrom, so they alone cannot show that the one that does gets the link (the proof through the cluster checks it where an entry point of this checkout builds both: see its Proof lines). Make sure it reads that key without targetPath, and that neither its spec.values nor a later valuesFrom entry sets staticExport: helm-controller merges those over it, so they would win.',
      );
    });
  },
);

describe.concurrent('an Argo CD Application', () => {
  it('gets the link inside its helm.values string, written back as the same literal block; without automated sync, a notice says so', async () => {
    const { ws, run } = await publishIn(
      { 'apps/docs.yaml': APPLICATION },
      {
        'values-file': 'apps/docs.yaml',
        'values-document': 'apps/docs.yaml: Application/docs',
        'render-check': 'off',
      },
    );
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain(
      '::notice::apps/docs.yaml (Application/docs) has no spec.syncPolicy.automated, so Argo CD does not sync it on its own: the new link reaches the chart only once someone syncs it (before the link expires).',
    );
    const after = await readFile(join(ws, 'apps/docs.yaml'), 'utf8');
    expect(after.startsWith(APPLICATION)).toBe(true);
    expect(after.slice(APPLICATION.length)).toMatch(
      /^ {8}staticExport:\n {10}enabled: true\n {10}bundleUrl: "http:\/\/127\.0\.0\.1:/,
    );
    const values = parse(after).spec.source.helm.values as string;
    expect(parse(values)).toEqual({
      replicaCount: 2,
      staticExport: { enabled: true, bundleUrl: run.outputs['bundle-url'] },
    });
    // What Argo CD would hand the chart, rendered by the real helm: the new link.
    const h = await helmEnv('helm3');
    const passed = argoValues(manifest(after, 'Application', 'docs'));
    expect(renderedLink(await renderWith(h, CHART, passed))).toBe(run.outputs['bundle-url']);
  });

  it('a chart path with valueFiles: rendered with those of the checkout first, as Argo CD passes them (one turns the vendor subchart on)', async () => {
    const h = await helmEnv('helm3');
    const ws = await workspace({});
    // The vendor subchart only where values-prod.yaml turns it on, as a team gates it per stage.
    const chart = await buildUmbrella(h, join(ws, 'charts'), 'platform', { gated: true });
    await writeFile(join(chart, 'values-prod.yaml'), 'enterprise:\n  enabled: true\n');
    const text = `apiVersion: argoproj.io/v1alpha1
kind: Application
metadata: {name: docs, namespace: argocd}
spec:
  source:
    repoURL: https://git.example.com/platform.git
    path: charts/platform
    helm:
      valueFiles: [values-prod.yaml]
      valuesObject:
        enterprise: {replicaCount: 2}
`;
    await mkdir(join(ws, 'apps'));
    await writeFile(join(ws, 'apps/docs.yaml'), text);
    const inputs = { 'values-file': 'apps/docs.yaml', 'values-key': 'enterprise.staticExport' };
    const { run } = await publishWithHelm(h, ws, inputs);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.outputs['render-check']).toBe('true');
    // Without values-prod.yaml the subchart is off: the same render finds no link.
    await writeFile(join(chart, 'values-prod.yaml'), 'enterprise:\n  enabled: false\n');
    await writeFile(join(ws, 'apps/docs.yaml'), text);
    const { run: off } = await publishWithHelm(h, ws, inputs);
    expect(off.code).not.toBe(0);
    expect(off.stdout).toMatch(
      /none of the 0 documents the vendor chart renders \(chart docs-platform 0\.3\.0 \(a folder of the checkout\)\) holds the link/,
    );
  });

  it('its chart pulled from its repoURL by the real helm and rendered, though a checkout folder bears the chart name', async () => {
    const h = await helmEnv('helm3');
    const repo = await startChartRepo(h);
    const text = APPLICATION.replace('https://charts.example.com', repo.url);
    // A docs folder named like the chart: helm would read it as the chart, were it run here.
    const ws = await workspace({ 'apps/docs.yaml': text, 'enterprise/intro.mdx': '# Intro\n' });
    const { run } = await publishWithHelm(h, ws, { 'values-file': 'apps/docs.yaml' });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.outputs['render-check']).toBe('true');
    expect(run.stdout).toMatch(
      /Render check: apps\/docs\.yaml \(Application\/docs\): the chart enterprise 1\.4\.0 \(chart repository http:\/\/127\.0\.0\.1:\d+\) renders the link/,
    );
  });

  it('keeps every line of the values string outside the edited block byte for byte; with automated sync, no notice', async () => {
    // A tab in a comment, trailing spaces, blank lines holding spaces: bytes the YAML inside does
    // not read, which the team's file keeps.
    const text = APPLICATION.replace(
      '        # chart values\n',
      '        # chart values\t(vendor)  \n        \n    \n',
    ).replace(
      '  project: default\n',
      '  project: default\n  syncPolicy: {automated: {prune: true}}\n',
    );
    const { ws, run } = await publishIn(
      { 'apps/docs.yaml': text },
      { 'values-file': 'apps/docs.yaml', 'render-check': 'off' },
    );
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).not.toContain('Argo CD does not sync it');
    const after = await readFile(join(ws, 'apps/docs.yaml'), 'utf8');
    expect(after.startsWith(text)).toBe(true);
    expect(parse(parse(after).spec.source.helm.values as string)).toMatchObject({
      replicaCount: 2,
      staticExport: { enabled: true, bundleUrl: run.outputs['bundle-url'] },
    });
  });

  it('a multi-source chart source with only a path to a chart in the checkout: rendered by the real helm, then helm.valuesObject created there', async () => {
    const text = `apiVersion: argoproj.io/v1alpha1
kind: Application
metadata: {name: docs, namespace: argocd}
spec:
  destination: {server: https://kubernetes.default.svc, namespace: docs}
  sources:
    - repoURL: https://git.example.com/platform.git
      targetRevision: main
      path: manifests/web
    - repoURL: https://git.example.com/platform.git # this repository
      targetRevision: main
      path: charts/enterprise
`;
    const h = await helmEnv('helm3');
    const ws = await workspace({ 'apps/docs.yaml': text, 'manifests/web/svc.yaml': 'kind: x\n' });
    await cp(CHART, join(ws, 'charts/enterprise'), { recursive: true });
    const { run } = await publishWithHelm(h, ws, {
      'values-file': 'apps/docs.yaml',
      'render-check': 'required',
    });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.outputs['render-check']).toBe('true');
    expect(JSON.parse(run.outputs['values-targets']!)).toEqual([
      {
        file: 'apps/docs.yaml',
        document: 'Application/docs[charts/enterprise]',
        path: 'spec.sources[1].helm.valuesObject',
        valuesKey: 'staticExport',
      },
    ]);
    const after = await readFile(join(ws, 'apps/docs.yaml'), 'utf8');
    expect(after.startsWith(text)).toBe(true);
    const sources = parse(after).spec.sources as Loose[];
    expect(sources[0]).toEqual({
      repoURL: 'https://git.example.com/platform.git',
      targetRevision: 'main',
      path: 'manifests/web',
    });
    expect(sources[1].helm).toEqual({
      valuesObject: { staticExport: { enabled: true, bundleUrl: run.outputs['bundle-url'] } },
    });
  });

  it.each([
    ['a folded values string', APPLICATION.replace('values: |', 'values: >'), /folded block/],
    [
      'values that are not valid YAML',
      APPLICATION.replace('replicaCount: 2', 'replicaCount: [2'),
      /apps\/docs\.yaml \(Application\/docs\) spec\.source\.helm\.values" is not valid YAML/,
    ],
    [
      'valueFiles only',
      APPLICATION.replace(/ {6}values: \|\n.*\n.*\n$/, '      valueFiles: [values-prod.yaml]\n'),
      /valueFiles \(values-prod\.yaml\).*inside the chart package enterprise, which this run cannot edit: add an empty valuesObject/,
    ],
  ])('refuses %s before any request, leaving the file as it was', async (_, text, message) => {
    const { ws, s, run } = await publishIn(
      { 'apps/docs.yaml': text },
      { 'values-file': 'apps/docs.yaml' },
    );
    expect(run.code).not.toBe(0);
    expect(run.stdout + run.stderr).toMatch(message);
    expect(s.requests).toHaveLength(0);
    expect(await readFile(join(ws, 'apps/docs.yaml'), 'utf8')).toBe(text);
  });
});

describe.concurrent(
  'a kustomization with helmCharts, its chart under chartHome, and the real helm',
  () => {
    /** A kustomization whose first helmCharts entry is the vendor chart, release docs. */
    const DOCS_ENTRY = `apiVersion: kustomize.config.k8s.io/v1beta1
kind: Kustomization
namespace: docs
helmCharts:
  - name: enterprise
    releaseName: docs
    version: 1.4.0
`;
    /** The refusal when values-prod.yaml, a later layer, sets an old link. */
    const laterFile =
      /overlays\/prod\/kustomization\.yaml \(helmCharts\/docs\): overlays\/prod\/values-prod\.yaml sets staticExport\.bundleUrl after the values this run writes/;
    const KUSTOMIZATION = `${DOCS_ENTRY}    valuesInline:
      replicaCount: 2
  - name: redis
    releaseName: cache
    repo: https://charts.example.com
`;

    async function kustomizeWorkspace(): Promise<string> {
      const ws = await workspace({ 'overlays/prod/kustomization.yaml': KUSTOMIZATION });
      await cp(CHART, join(ws, 'overlays/prod/charts/enterprise'), { recursive: true });
      return ws;
    }

    /** A publish of overlays/prod/kustomization.yaml, with the real helm 3 for the render check. */
    async function publishOverlay(inputs: Record<string, string> = {}) {
      const h = await helmEnv('helm3');
      const ws = await kustomizeWorkspace();
      const s = await sim({ export: quick });
      const run = await runPublish(s, {
        workspace: ws,
        env: h.env,
        inputs: { 'values-file': 'overlays/prod/kustomization.yaml', ...inputs },
      });
      return { ws, s, run };
    }

    it('with several entries and no values-document: refused before any request, listing them', async () => {
      const { ws, s, run } = await publishOverlay();
      expect(run.code).not.toBe(0);
      expect(run.stdout + run.stderr).toMatch(
        /values-document.*helmCharts\/docs, helmCharts\/cache/,
      );
      expect(s.requests).toHaveLength(0);
      expect(await readFile(join(ws, 'overlays/prod/kustomization.yaml'), 'utf8')).toBe(
        KUSTOMIZATION,
      );
    });

    it('the chosen entry: the render check renders its chart with the valuesInline, then the link is written there', async () => {
      const { ws, run } = await publishOverlay({
        'values-document': 'docs',
        'render-check': 'required',
      });
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(run.outputs['render-check']).toBe('true');
      const after = parse(await readFile(join(ws, 'overlays/prod/kustomization.yaml'), 'utf8'));
      expect(after.helmCharts[0].valuesInline).toEqual({
        replicaCount: 2,
        staticExport: { enabled: true, bundleUrl: run.outputs['bundle-url'] },
      });
      expect(after.helmCharts[1].valuesInline).toBeUndefined();
    });

    it('an additionalValuesFiles entry that sets the link after valuesInline: refused by the render check', async () => {
      const h = await helmEnv('helm3');
      const text = KUSTOMIZATION.replace(
        '    valuesInline:\n',
        '    additionalValuesFiles: [values-prod.yaml]\n    valuesInline:\n',
      );
      const ws = await workspace({
        'overlays/prod/kustomization.yaml': text,
        'overlays/prod/values-prod.yaml':
          'staticExport:\n  bundleUrl: https://mirror.example.com/old/site.tar.gz\n',
      });
      await cp(CHART, join(ws, 'overlays/prod/charts/enterprise'), { recursive: true });
      const s = await sim({ export: quick });
      const run = await runPublish(s, {
        workspace: ws,
        env: h.env,
        inputs: { 'values-file': 'overlays/prod/kustomization.yaml', 'values-document': 'docs' },
      });
      expect(run.code).not.toBe(0);
      expect(run.stdout + run.stderr).toMatch(laterFile);
      expect(run.stdout + run.stderr).not.toContain('Check values-key');
      expect(s.requests).toHaveLength(0);
      expect(await readFile(join(ws, 'overlays/prod/kustomization.yaml'), 'utf8')).toBe(text);
    });

    it('an additionalValuesFiles entry that is itself in values-file: both written, the render reads it as written, kustomize renders the new link', async () => {
      const h = await helmEnv('helm3');
      const text = `${DOCS_ENTRY}    additionalValuesFiles: [values-prod.yaml]\n    valuesInline:\n      replicaCount: 2\n`;
      const ws = await workspace({
        'overlays/prod/kustomization.yaml': text,
        // What a previous run wrote there: an old link and version.
        'overlays/prod/values-prod.yaml':
          'staticExport:\n  enabled: true\n  bundleUrl: https://mirror.example.com/old/site.tar.gz\n  version: v1\n',
      });
      const dir = join(ws, 'overlays/prod');
      await cp(CHART, join(dir, 'charts/enterprise'), { recursive: true });
      const { run } = await publishWithHelm(h, ws, {
        'values-file': 'overlays/prod/kustomization.yaml\noverlays/prod/values-prod.yaml',
        'values-document': 'docs',
        version: 'v2',
      });
      expect(run.code, run.stdout + run.stderr).toBe(0);
      // The kustomization's chart renders the link; values-prod.yaml alone has no chart beside it.
      expect(run.stdout).toMatch(
        /Render check: overlays\/prod\/kustomization\.yaml \(helmCharts\/docs\): the chart enterprise 1\.4\.0 \(a folder of the checkout\) renders the link/,
      );
      expect(await readFile(join(dir, 'values-prod.yaml'), 'utf8')).toContain(
        run.outputs['bundle-url']!,
      );
      expect(renderedLink(await kustomizeBuild(h, dir))).toBe(run.outputs['bundle-url']);
    });

    it.each([
      ['merge', "the file's link wins, as real kustomize shows: refused by the render check", true],
      ['replace', 'the file is dropped: the link is written, and kustomize renders it', false],
    ])(
      'valuesMerge: %s, and a valuesFile that holds an old link: %s',
      async (merge, _, refused) => {
        const h = await helmEnv('helm3');
        const old = 'https://mirror.example.com/old/site.tar.gz';
        const text = `${DOCS_ENTRY}    valuesFile: values-prod.yaml
    valuesMerge: ${merge}
    valuesInline:
      replicaCount: 2
`;
        const ws = await workspace({
          'overlays/prod/kustomization.yaml': text,
          'overlays/prod/values-prod.yaml': `staticExport:\n  enabled: true\n  bundleUrl: ${old}\n`,
        });
        const dir = join(ws, 'overlays/prod');
        await cp(CHART, join(dir, 'charts/enterprise'), { recursive: true });
        const s = await sim({ export: quick });
        const run = await runPublish(s, {
          workspace: ws,
          env: h.env,
          inputs: { 'values-file': 'overlays/prod/kustomization.yaml' },
        });
        if (!refused) {
          expect(run.code, run.stdout + run.stderr).toBe(0);
          expect(run.outputs['render-check']).toBe('true');
          expect(renderedLink(await kustomizeBuild(h, dir))).toBe(run.outputs['bundle-url']);
          return;
        }
        expect(run.code).not.toBe(0);
        expect(run.stdout + run.stderr).toMatch(
          /render check found that the chart would not get what this run writes: overlays\/prod\/kustomization\.yaml \(helmCharts\/docs\): overlays\/prod\/values-prod\.yaml sets staticExport\.bundleUrl after/,
        );
        expect(s.requests).toHaveLength(0);
        expect(await readFile(join(dir, 'kustomization.yaml'), 'utf8')).toBe(text);
        // kustomize's own precedence, shown with a new link inline (written by hand here: only the
        // merge is under test): it renders the file's old link.
        const fresh = 'https://storage.example.com/exports/se_0123456789abcdef/site.tar.gz';
        await writeFile(
          join(dir, 'kustomization.yaml'),
          `${text}      staticExport: {enabled: true, bundleUrl: "${fresh}"}\n`,
        );
        expect(renderedLink(await kustomizeBuild(h, dir))).toBe(old);
      },
    );

    it.each([
      [
        'no chart in reach, and an additionalValuesFiles entry',
        '    additionalValuesFiles: [values-prod.yaml]\n',
        laterFile,
      ],
      [
        'no chart in reach, and a valuesFile under valuesMerge: merge',
        '    valuesFile: values-prod.yaml\n    valuesMerge: merge\n',
        laterFile,
      ],
      [
        'a chart from a repository this run cannot reach, and an additionalValuesFiles entry',
        '    repo: http://127.0.0.1:9\n    additionalValuesFiles: [values-prod.yaml]\n',
        laterFile,
      ],
      [
        "a chart from a repository, valuesMerge: merge and no valuesFile (the chart's own values win)",
        '    repo: http://127.0.0.1:9\n    valuesMerge: merge\n',
        /\(helmCharts\/docs\): chart enterprise's own values\.yaml \(valuesMerge: merge, no valuesFile\) sets staticExport after the values this run writes, so the chart would get that value instead\. Remove valuesMerge: merge/,
      ],
    ])(
      '%s that sets the link after valuesInline: refused from the values files alone',
      async (_, entry, message) => {
        // Nothing rendered (no chart under chartHome, a repository that does not answer), but the
        // files show the link losing.
        const text = `${DOCS_ENTRY}${entry}    valuesInline:\n      replicaCount: 2\n`;
        const ws = await workspace({
          'overlays/prod/kustomization.yaml': text,
          'overlays/prod/values-prod.yaml':
            'staticExport:\n  bundleUrl: https://mirror.example.com/old/site.tar.gz\n',
        });
        const s = await sim({ export: quick });
        const run = await runPublish(s, {
          workspace: ws,
          inputs: { 'values-file': 'overlays/prod/kustomization.yaml' },
        });
        expect(run.code).not.toBe(0);
        expect(run.stdout + run.stderr).toMatch(message);
        expect(s.requests).toHaveLength(0);
        expect(await readFile(join(ws, 'overlays/prod/kustomization.yaml'), 'utf8')).toBe(text);
      },
    );

    it('a values-key the chart does not read: refused by the render check before any request', async () => {
      const { ws, s, run } = await publishOverlay({
        'values-document': 'helmCharts/docs',
        'values-key': 'enterprise.staticExport',
      });
      expect(run.code).not.toBe(0);
      expect(run.stdout + run.stderr).toMatch(
        /overlays\/prod\/kustomization\.yaml \(helmCharts\/docs\).*values-key enterprise\.staticExport/,
      );
      expect(s.requests).toHaveLength(0);
      expect(await readFile(join(ws, 'overlays/prod/kustomization.yaml'), 'utf8')).toBe(
        KUSTOMIZATION,
      );
    });
  },
);
