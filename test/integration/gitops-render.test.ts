/**
 * The proof the GitOps end-to-end tests rely on, checked on its own: from the real
 * manifests in test/fixtures/gitops, what each controller hands the chart is rendered by the real
 * helm 3, and a kustomization by the real `kubectl kustomize --enable-helm`. A link where the
 * controller reads values reaches the chart's Deployment; the same link where a plain values
 * file would hold it (a top-level `staticExport` in the manifest) does not, and overlays, patches
 * and value precedence that replace it are seen as such. Each case can fail: that is the point.
 */
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments, parseDocument } from 'yaml';
import {
  argoValues,
  documents,
  fixture,
  fluxValues,
  gitopsWorkspace,
  kustomizeBuild,
  manifest,
  renderedLink,
  renderWith,
} from '../helpers/gitops.js';
import { buildUmbrella, CHART, helmEnv } from '../helpers/helm.js';

const LINK = 'https://bundles.example.com/site.tar.gz?X-Amz-Expires=3600&X-Amz-Signature=abc';
const BLOCK = { enabled: true, bundleUrl: LINK, version: '2026-11-25' };

/** The text with `block` set at `path` of document `index`, the other documents as they were. */
function setIn(text: string, index: number, path: (string | number)[], block: unknown): string {
  const docs = parseAllDocuments(text);
  docs[index]!.setIn(path, block);
  return docs.map((d) => d.toString()).join('');
}

async function workspace(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'gitops-render-'));
}

describe.concurrent('Flux HelmRelease (flux2-kustomize-helm-example, real helm 3)', () => {
  it('renders a link under spec.values, and none from a top-level staticExport', async () => {
    const h = await helmEnv('helm3');
    const text = await fixture('flux/docs.yaml');
    expect(
      renderedLink(await renderWith(h, CHART, fluxValues(manifest(text, 'HelmRelease', 'docs')))),
    ).toBeUndefined();

    const right = setIn(text, 1, ['spec', 'values', 'staticExport'], BLOCK);
    const rendered = await renderWith(h, CHART, fluxValues(manifest(right, 'HelmRelease', 'docs')));
    expect(renderedLink(rendered)).toBe(LINK);
    expect(rendered).toContain('replicas: 2');

    const topLevel = setIn(text, 1, ['staticExport'], BLOCK);
    const ignored = await renderWith(
      h,
      CHART,
      fluxValues(manifest(topLevel, 'HelmRelease', 'docs')),
    );
    expect(renderedLink(ignored)).toBeUndefined();
  });

  it('a staging overlay that patches spec.values keeps the link; one that sets staticExport replaces it', async () => {
    const h = await helmEnv('helm3');
    const dir = await workspace();
    await gitopsWorkspace(dir, 'flux');
    await gitopsWorkspace(dir, 'flux-staging');
    const base = join(dir, 'flux', 'docs.yaml');
    await writeFile(
      base,
      setIn(await readFile(base, 'utf8'), 1, ['spec', 'values', 'staticExport'], BLOCK),
    );

    // The overlay as kustomize-controller builds it, then the release's values as helm reads them.
    const built = await kustomizeBuild(h, join(dir, 'flux-staging'));
    const release = manifest(built, 'HelmRelease', 'docs');
    expect(release.spec.values.replicaCount).toBe(1);
    expect(renderedLink(await renderWith(h, CHART, fluxValues(release)))).toBe(LINK);

    const patch = join(dir, 'flux-staging', 'docs-values.yaml');
    const overriding = parseDocument(await readFile(patch, 'utf8'));
    overriding.setIn(['spec', 'values', 'staticExport', 'enabled'], false);
    await writeFile(patch, overriding.toString());
    const replaced = manifest(
      await kustomizeBuild(h, join(dir, 'flux-staging')),
      'HelmRelease',
      'docs',
    );
    expect(renderedLink(await renderWith(h, CHART, fluxValues(replaced)))).toBeUndefined();
  });

  it('valuesFrom: the ConfigMap key values.yaml reaches the chart unless spec.values overrides it', async () => {
    const h = await helmEnv('helm3');
    const release = manifest(await fixture('flux-configmap/release.yaml'), 'HelmRelease', 'docs');
    const configMap = await fixture('flux-configmap/docs-values.yaml');
    const values = manifest(configMap, 'ConfigMap', 'docs-values').data['values.yaml'] as string;
    const inner = parseDocument(values);
    inner.setIn(['staticExport'], BLOCK);
    const edited = setIn(configMap, 0, ['data', 'values.yaml'], inner.toString());
    expect(renderedLink(await renderWith(h, CHART, fluxValues(release, [edited])))).toBe(LINK);

    // spec.values comes after valuesFrom: a staticExport there wins over the ConfigMap.
    release.spec.values = { staticExport: { enabled: false } };
    expect(renderedLink(await renderWith(h, CHART, fluxValues(release, [edited])))).toBeUndefined();
  });

  it('valuesFrom with a targetPath on staticExport.bundleUrl: the link in spec.values still wins', async () => {
    const h = await helmEnv('helm3');
    const release = manifest(await fixture('flux-configmap/release.yaml'), 'HelmRelease', 'docs');
    const OLD = 'https://bundles.example.com/old.tar.gz';
    const links = `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: links}\ndata:\n  url: ${OLD}\n`;
    release.spec.valuesFrom = [
      { kind: 'ConfigMap', name: 'links', valuesKey: 'url', targetPath: 'staticExport.bundleUrl' },
    ];
    // The targetPath reaches the chart when spec.values does not set the link...
    release.spec.values = { staticExport: { enabled: true } };
    expect(renderedLink(await renderWith(h, CHART, fluxValues(release, [links])))).toBe(OLD);
    // ...and spec.values, merged after every entry, wins when it does: where the action writes.
    release.spec.values = { staticExport: BLOCK };
    expect(renderedLink(await renderWith(h, CHART, fluxValues(release, [links])))).toBe(LINK);
  });
});

describe.concurrent('Argo CD Application (argo-cd docs, unfork-with-argocd; real helm 3)', () => {
  it('valuesObject of an umbrella chart: enterprise.staticExport reaches the subchart, a top-level one does not', async () => {
    const h = await helmEnv('helm3');
    const chart = await buildUmbrella(h, await workspace());
    const text = await fixture('argo/values-object.yaml');
    const at = ['spec', 'source', 'helm', 'valuesObject'];
    const right = manifest(
      setIn(text, 0, [...at, 'enterprise', 'staticExport'], BLOCK),
      'Application',
      'docs',
    );
    const rendered = await renderWith(h, chart, argoValues(right));
    expect(renderedLink(rendered)).toBe(LINK);
    expect(rendered).toContain(
      '# Source: docs-platform/charts/enterprise/templates/deployment.yaml',
    );

    const wrong = manifest(setIn(text, 0, [...at, 'staticExport'], BLOCK), 'Application', 'docs');
    expect(renderedLink(await renderWith(h, chart, argoValues(wrong)))).toBeUndefined();
  });

  it('the values string reaches the chart, and valuesObject wins over it', async () => {
    const h = await helmEnv('helm3');
    const text = await fixture('argo/values-string.yaml');
    const app = manifest(text, 'Application', 'docs');
    const inner = parseDocument(app.spec.source.helm.values as string);
    inner.setIn(['staticExport'], BLOCK);
    const edited = manifest(
      setIn(text, 0, ['spec', 'source', 'helm', 'values'], inner.toString()),
      'Application',
      'docs',
    );
    expect(renderedLink(await renderWith(h, CHART, argoValues(edited)))).toBe(LINK);

    edited.spec.source.helm.valuesObject = { staticExport: { enabled: false } };
    expect(renderedLink(await renderWith(h, CHART, argoValues(edited)))).toBeUndefined();
  });

  it('multi-source: the chart source valuesObject reaches the chart', async () => {
    const h = await helmEnv('helm3');
    const text = await fixture('argo/multi-source.yaml');
    const app = manifest(
      setIn(text, 0, ['spec', 'sources', 0, 'helm', 'valuesObject', 'staticExport'], BLOCK),
      'Application',
      'docs',
    );
    expect(renderedLink(await renderWith(h, CHART, argoValues(app)))).toBe(LINK);
  });
});

describe.concurrent(
  'kustomize helmCharts (unfork-with-argocd; real kubectl kustomize --enable-helm)',
  () => {
    it('renders valuesInline with the link; a top-level staticExport breaks the build', async () => {
      const h = await helmEnv('helm3');
      const dir = await gitopsWorkspace(await workspace(), 'kustomize/docs');
      const file = join(dir, 'kustomization.yaml');
      const text = await readFile(file, 'utf8');
      const before = await kustomizeBuild(h, dir);
      expect(renderedLink(before)).toBeUndefined();
      expect(documents(before).map((d) => `${d.kind}/${d.metadata.name}`)).toEqual([
        'Namespace/docs',
        'Deployment/docs-docs',
      ]);

      await writeFile(
        file,
        setIn(text, 0, ['helmCharts', 0, 'valuesInline', 'staticExport'], BLOCK),
      );
      const rendered = await kustomizeBuild(h, dir);
      expect(renderedLink(rendered)).toBe(LINK);
      expect(rendered).toContain('replicas: 2');

      await writeFile(file, setIn(text, 0, ['staticExport'], BLOCK));
      await expect(kustomizeBuild(h, dir)).rejects.toThrow(/unknown field "staticExport"/);
    });

    it('kustomize 5.4 cannot run helm 4 (the guide says: build with helm 3)', async () => {
      const h = await helmEnv('helm4');
      const dir = await gitopsWorkspace(await workspace(), 'kustomize/docs');
      await expect(kustomizeBuild(h, dir)).rejects.toThrow(/helm version -c/);
    });
  },
);
