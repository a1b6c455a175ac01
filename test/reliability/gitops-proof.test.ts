/**
 * The proof through what the cluster applies, on more layouts (the fast tier has the Flux overlay
 * of test/e2e/gitops-cluster.test.ts): flux-local's test cluster (a bootstrap Kustomization whose
 * build produces the apps Kustomization, post-build substitution from a ConfigMap of that build),
 * a configMapGenerator feeding valuesFrom, a Secret read at a targetPath, postRenderers, a plain
 * values file under a Flux path without a kustomization, helmCharts under a Flux path, Argo CD's
 * helm-guestbook with values-production.yaml and a later values file, and an Argo CD `$values`
 * multi-source Application whose chart is pulled from a loopback Helm repository. Each success is checked by building what the controller builds and
 * rendering it; each refusal sends nothing and leaves every file byte for byte.
 */
import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFiles, type ActionRun } from '../helpers/action.js';
import {
  clusterWorkspace,
  kustomizeFlux,
  proofOf,
  publishIn,
  refusedIn,
} from '../helpers/cluster.js';
import { fluxValues, manifest, renderedLink, renderWith } from '../helpers/gitops.js';
import { startChartRepo } from '../helpers/chart-repo.js';
import { HAS_REGISTRY, NO_REGISTRY, startOciRegistry } from '../helpers/oci-registry.js';
import { CHART, helmEnv } from '../helpers/helm.js';

const put = writeFiles;

const publish = publishIn;
const refused = refusedIn;

const level = (run: ActionRun) => (proofOf(run) as { level: string }[]).map((r) => r.level);

describe.concurrent('flux-local test cluster: bootstrap, child Kustomization, postBuild', () => {
  it('the child built as the parent produces it, variables substituted: rendered', async () => {
    const ws = await clusterWorkspace('flux-local');
    const { h, run } = await publish(ws, { 'values-file': 'apps/base/docs/release.yaml' });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(proofOf(run)).toEqual([
      expect.objectContaining({ entry: 'Kustomization/flux-system/apps', level: 'rendered' }),
    ]);
    const built = manifest(await kustomizeFlux(join(ws, 'apps/prod')), 'HelmRelease', 'docs');
    expect(built.spec.values.image.tag).toBe('${cluster_env}-${cluster_label}');
    expect(renderedLink(await renderWith(h, CHART, fluxValues(built)))).toBe(
      run.outputs['bundle-url'],
    );
  });

  it('an overlay patch that sets bundleUrl from a variable: refused, naming the patch', async () => {
    const ws = await clusterWorkspace('flux-local');
    const patch = join(ws, 'apps/prod/docs-values.yaml');
    await writeFile(
      patch,
      `${await readFile(patch, 'utf8')}    staticExport:\n      bundleUrl: https://\${cluster_label}.example.com/site.tar.gz\n`,
    );
    const error = await refused(ws, { 'values-file': 'apps/base/docs/release.yaml' });
    expect(error).toContain(
      'apps/prod/docs-values.yaml, an overlay patch, sets staticExport.bundleUrl',
    );
  });
});

describe.concurrent('Flux values layers through the build', () => {
  const generator = {
    'apps/production/kustomization.yaml':
      'apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources:\n  - ../base/docs\npatchesStrategicMerge:\n  - docs-values.yaml\nconfigMapGenerator:\n  - name: docs-values\n    namespace: docs\n    files:\n      - values.yaml=docs-values-file.yaml\nconfigurations:\n  - kustomizeconfig.yaml\n',
    'apps/production/kustomizeconfig.yaml':
      'nameReference:\n- kind: ConfigMap\n  version: v1\n  fieldSpecs:\n  - path: spec/valuesFrom/name\n    kind: HelmRelease\n',
    'apps/production/docs-values-file.yaml': 'replicaCount: 3\n',
    'apps/production/docs-values.yaml':
      'apiVersion: helm.toolkit.fluxcd.io/v2\nkind: HelmRelease\nmetadata:\n  name: docs\n  namespace: docs\nspec:\n  valuesFrom:\n    - kind: ConfigMap\n      name: docs-values\n',
  };

  it('a plain values file behind configMapGenerator → valuesFrom: rendered', async () => {
    const ws = await clusterWorkspace('flux-cluster');
    await put(ws, generator);
    const { h, run } = await publish(ws, {
      'values-file': 'apps/production/docs-values-file.yaml',
    });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(level(run)).toEqual(['rendered']);
    const out = await kustomizeFlux(join(ws, 'apps/production'));
    const release = manifest(out, 'HelmRelease', 'docs');
    expect(renderedLink(await renderWith(h, CHART, fluxValues(release, [out])))).toBe(
      run.outputs['bundle-url'],
    );
  });

  it('spec.values setting the key wins over that valuesFrom: refused, naming spec.values', async () => {
    const ws = await clusterWorkspace('flux-cluster');
    await put(ws, generator);
    const base = join(ws, 'apps/base/docs/release.yaml');
    await writeFile(
      base,
      `${await readFile(base, 'utf8')}    staticExport:\n      enabled: false\n`,
    );
    const error = await refused(ws, { 'values-file': 'apps/production/docs-values-file.yaml' });
    expect(error).toContain('spec.values of HelmRelease/docs');
    expect(error).toContain(
      'sets staticExport.enabled after apps/production/docs-values-file.yaml',
    );
  });

  /** A Secret read at targetPath staticExport.bundleUrl by the base release (`before`: earlier entries). */
  async function targetPathSecret(before = '') {
    const ws = await clusterWorkspace('flux-cluster');
    await put(ws, {
      'apps/base/docs/secret.yaml': `apiVersion: v1\nkind: Secret\nmetadata:\n  name: docs-link\n  namespace: docs\nstringData:\n  url: https://stale.example.com/site.tar.gz\n`,
      'apps/base/docs/kustomization.yaml':
        'apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nnamespace: docs\nresources:\n  - namespace.yaml\n  - release.yaml\n  - secret.yaml\n',
    });
    const base = join(ws, 'apps/base/docs/release.yaml');
    const text = await readFile(base, 'utf8');
    await writeFile(
      base,
      text.replace(
        '  values:\n',
        `  valuesFrom:\n${before}    - kind: Secret\n      name: docs-link\n      valuesKey: url\n      targetPath: staticExport.bundleUrl\n  values:\n`,
      ),
    );
    return ws;
  }

  // fluxcd/pkg chartutil ChartValuesFromReferences merges spec.values in before the set and again
  // last: a mapping only spec.values has is handed to strvals by reference, so the set writes
  // into spec.values itself and wins; one an earlier entry also has is a merged copy, and
  // spec.values wins over the set.
  it('a Secret read at a targetPath into staticExport, which only spec.values has: the Secret wins, refused', async () => {
    const error = await refused(await targetPathSecret(), {
      'values-file': 'apps/base/docs/release.yaml',
    });
    expect(error).toContain(
      'Secret/docs-link[url] (valuesFrom of HelmRelease/docs, from the build of Kustomization/flux-system/apps) at targetPath staticExport.bundleUrl sets staticExport.bundleUrl',
    );
    expect(error).toContain("Remove that valuesFrom entry's targetPath staticExport.bundleUrl");
  });

  it('an earlier valuesFrom entry that has staticExport too: spec.values wins over the targetPath, rendered', async () => {
    const ws = await targetPathSecret('    - kind: ConfigMap\n      name: docs-defaults\n');
    await put(ws, {
      'apps/base/docs/defaults.yaml':
        'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: docs-defaults\n  namespace: docs\ndata:\n  values.yaml: |\n    staticExport:\n      enabled: false\n',
      'apps/base/docs/kustomization.yaml':
        'apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nnamespace: docs\nresources:\n  - namespace.yaml\n  - release.yaml\n  - secret.yaml\n  - defaults.yaml\n',
    });
    const { run } = await publish(ws, { 'values-file': 'apps/base/docs/release.yaml' });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(level(run)).toEqual(['rendered']);
  });

  it('postRenderers that patch the Deployment BUNDLE_URL: refused at the rendered level', async () => {
    const ws = await clusterWorkspace('flux-cluster');
    const base = join(ws, 'apps/base/docs/release.yaml');
    await writeFile(
      base,
      `${await readFile(base, 'utf8')}  postRenderers:\n    - kustomize:\n        patches:\n          - target:\n              kind: Deployment\n            patch: |\n              - op: replace\n                path: /spec/template/spec/initContainers/0/env/0/value\n                value: https://pinned.example.com/site.tar.gz\n`,
    );
    const error = await refused(ws, { 'values-file': 'apps/base/docs/release.yaml' });
    expect(error).toContain('after its postRenderers, none of the');
  });

  it('a plain values file under a Flux path without kustomization.yaml: refused', async () => {
    const ws = await clusterWorkspace('flux-cluster');
    // The bootstrap (flux2-kustomize-helm-example's clusters/production/flux-system/gotk-sync.yaml)
    // applies clusters/production, which has no kustomization.yaml.
    await put(ws, {
      'clusters/production/flux-system/gotk-sync.yaml':
        'apiVersion: kustomize.toolkit.fluxcd.io/v1\nkind: Kustomization\nmetadata:\n  name: flux-system\n  namespace: flux-system\nspec:\n  interval: 10m0s\n  path: ./clusters/production\n  prune: true\n  sourceRef:\n    kind: GitRepository\n    name: flux-system\n',
      'clusters/production/docs-values.yaml': 'replicaCount: 1\n',
    });
    const error = await refused(ws, { 'values-file': 'clusters/production/docs-values.yaml' });
    expect(error).toContain('takes every YAML file there as Kubernetes objects');
  });

  it('helmCharts under a Flux path: refused (the controller does not inflate charts)', async () => {
    const ws = await clusterWorkspace('flux-cluster');
    await cp(CHART, join(ws, 'apps/production/charts/enterprise'), { recursive: true });
    await put(ws, {
      'apps/production/kustomization.yaml':
        'apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources:\n  - ../base/docs\nhelmCharts:\n  - name: enterprise\n    releaseName: site\n    valuesInline:\n      replicaCount: 1\n',
    });
    const error = await refused(ws, { 'values-file': 'apps/production/kustomization.yaml' });
    expect(error).toContain('kustomize-controller builds without Helm inflation');
  });
});

describe.concurrent('Argo CD Applications of this repository', () => {
  async function guestbook() {
    const ws = await clusterWorkspace('argo-guestbook');
    await cp(CHART, join(ws, 'helm-guestbook'), { recursive: true });
    return ws;
  }

  it('helm-guestbook with values-production.yaml: rendered through the Application', async () => {
    const ws = await guestbook();
    const { run } = await publish(ws, { 'values-file': 'helm-guestbook/values-production.yaml' });
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
        // argocd-example-apps' Application has no automated sync: said on the record.
        reason: expect.stringContaining('only once someone syncs it'),
      },
    ]);
  });

  it('a later values file that sets the link: refused, naming it', async () => {
    const ws = await guestbook();
    const app = join(ws, 'apps/helm-guestbook.yaml');
    await writeFile(app, `${await readFile(app, 'utf8')}      - values-override.yaml\n`);
    await put(ws, {
      'helm-guestbook/values-override.yaml':
        'staticExport:\n  enabled: true\n  bundleUrl: https://pinned.example.com/site.tar.gz\n',
    });
    const error = await refused(ws, { 'values-file': 'helm-guestbook/values-production.yaml' });
    expect(error).toContain(
      'helm-guestbook/values-override.yaml (helm.valueFiles of Application/helm-guestbook) sets staticExport',
    );
  });

  /** A `$values` multi-source Application whose chart is in the Helm repository at `url`. */
  async function multiSource(url: string) {
    const ws = await guestbook();
    await put(ws, {
      'apps/helm-guestbook.yaml': `apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata:\n  name: docs\n  namespace: argocd\nspec:\n  destination:\n    namespace: docs\n    server: https://kubernetes.default.svc\n  project: default\n  sources:\n    - chart: enterprise\n      repoURL: ${url}\n      targetRevision: 1.4.0\n      helm:\n        valueFiles:\n          - $values/environments/*/docs.yaml\n    - repoURL: https://github.com/acme/docs.git\n      targetRevision: HEAD\n      ref: values\n`,
      'environments/production/docs.yaml': 'replicaCount: 2\n',
    });
    return ws;
  }
  const valuesFile = { 'values-file': 'environments/production/docs.yaml' };

  it('a $values multi-source Application: its chart pulled from its repoURL and rendered', async () => {
    const repo = await startChartRepo(await helmEnv('helm3'));
    const ws = await multiSource(repo.url);
    const { run } = await publish(ws, valuesFile);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(proofOf(run)).toEqual([
      {
        target: 'environments/production/docs.yaml',
        reader: 'Application/argocd/docs',
        entry: 'Application/argocd/docs',
        level: 'rendered',
        // Rendered with the one helm on PATH: Helm 4 is said not to be.
        helm: [3],
        helmUnrendered: [4],
        reason: expect.stringContaining('only once someone syncs it'),
      },
    ]);
    expect(repo.requests.filter((r) => r.path.endsWith('.tgz'))).toHaveLength(1);
  });

  it('a $values multi-source Application, a values-key its pulled chart does not read: refused', async () => {
    const repo = await startChartRepo(await helmEnv('helm3'));
    const ws = await multiSource(repo.url);
    const error = await refused(ws, { ...valuesFile, 'values-key': 'enterprise.staticExport' });
    expect(error).toContain(
      'Application/docs (apps/helm-guestbook.yaml) renders its chart with environments/production/docs.yaml among its valueFiles, and none of the documents the vendor chart renders holds the link at values-key enterprise.staticExport. The chart reads it at staticExport: set values-key: staticExport.',
    );
  });

  it.skipIf(!HAS_REGISTRY)(
    'a $values multi-source Application whose chart is in an OCI registry (repoURL without a scheme): rendered',
    async () => {
      const registry = await startOciRegistry(await helmEnv('helm3'));
      const ws = await multiSource(`${registry.host}/charts`);
      const { run } = await publish(ws, valuesFile);
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(proofOf(run)).toEqual([
        expect.objectContaining({ entry: 'Application/argocd/docs', level: 'rendered' }),
      ]);
    },
  );

  it('a $values multi-source Application whose repository cannot be reached: the values level, with the reason', async () => {
    const repo = await startChartRepo(await helmEnv('helm3'));
    await repo.close();
    const ws = await multiSource(repo.url);
    const { run } = await publish(ws, valuesFile);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(proofOf(run)).toEqual([
      expect.objectContaining({
        entry: 'Application/argocd/docs',
        level: 'values',
        reason: expect.stringContaining(repo.url),
      }),
    ]);
  });
});

describe.concurrent('cluster-path', () => {
  it('names the folder the cluster applies when the bootstrap lives elsewhere', async () => {
    const ws = await clusterWorkspace('flux-cluster');
    await writeFile(join(ws, 'clusters/production/apps.yaml'), '');
    const { run } = await publish(ws, {
      'values-file': 'apps/base/docs/release.yaml',
      'cluster-path': 'apps/production',
    });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(proofOf(run)).toEqual([
      expect.objectContaining({ entry: 'cluster-path apps/production', level: 'rendered' }),
    ]);
  });
});

describe.concurrent('kustomize helmCharts with patches over the inflated chart', () => {
  async function kustomizeDocs(patch: string) {
    const ws = await clusterWorkspace('kustomize');
    await cp(CHART, join(ws, 'docs/charts/enterprise'), { recursive: true });
    const file = join(ws, 'docs/kustomization.yaml');
    await writeFile(file, `${await readFile(file, 'utf8')}${patch}`);
    return ws;
  }
  const patchOf = (value: string): string =>
    `patches:\n  - target:\n      kind: Deployment\n    patch: |\n      - op: replace\n        path: /spec/template/spec/initContainers/0/env/0/value\n        value: ${value}\n`;

  it('a patch of the Deployment BUNDLE_URL: refused, the kustomization built with --enable-helm', async () => {
    const ws = await kustomizeDocs(patchOf('https://pinned.example.com/site.tar.gz'));
    const error = await refused(ws, { 'values-file': 'docs/kustomization.yaml' });
    expect(error).toContain('none of the');
  });

  it('a patch that leaves the link alone: the link is found in the built kustomization', async () => {
    const ws = await kustomizeDocs(
      'patches:\n  - target:\n      kind: Deployment\n    patch: |\n      - op: add\n        path: /metadata/labels/patched\n        value: "yes"\n',
    );
    const { run } = await publish(ws, { 'values-file': 'docs/kustomization.yaml' });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.outputs['render-check']).toBe('true');
  });
});

if (!HAS_REGISTRY) console.warn(NO_REGISTRY);
