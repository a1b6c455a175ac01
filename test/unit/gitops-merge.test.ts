/**
 * The merge rules of the proof against the controllers' code: helm-controller's
 * ChartValuesFromReferences (fluxcd/pkg chartutil: valuesFrom in order, optional references that
 * resolve to nothing add nothing, a targetPath set with Helm's --set parser, spec.values merged
 * after every entry: its doc comment says a targetPath "will overwrite all", its code merges
 * spec.values again at the end), Argo CD's (valuesObject replaces values; the .argocd-source*.yaml
 * files merged over the source first, as the repo server's mergeSourceParameters does), and Flux's post-build
 * substitution (substitute wins over substituteFrom, undefined variables become empty).
 */
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { overridingLayer } from '../../src/helm/values-layers.js';
import { argoLayers, helmAfterOverrides, parametersOn } from '../../src/controllers/argo-cd.js';
import { fluxLayers, targetPathValues } from '../../src/controllers/helm-controller.js';
import {
  substitute,
  substituteText,
  variablesOf,
} from '../../src/controllers/kustomize-controller.js';
import { generatedFrom } from '../../src/controllers/kustomize.js';

const LINK = 'https://render-check.invalid/token/site.tar.gz';
const key = ['staticExport'];
const describeAt = () => 'the build';

function release(spec: Record<string, unknown>) {
  return {
    apiVersion: 'helm.toolkit.fluxcd.io/v2',
    kind: 'HelmRelease',
    metadata: { name: 'docs', namespace: 'docs' },
    spec,
  };
}
const configMap = (name: string, values: unknown) => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name, namespace: 'docs' },
  data: { 'values.yaml': stringify(values) },
});

describe('Flux valuesFrom and spec.values (ChartValuesFromReferences)', () => {
  it('spec.values wins over every valuesFrom entry, and the layer that wins is named', async () => {
    const { layers } = fluxLayers(
      release({
        valuesFrom: [{ kind: 'ConfigMap', name: 'docs-values' }],
        values: { staticExport: { bundleUrl: 'https://old.example.com/x' } },
      }),
      [configMap('docs-values', { staticExport: { enabled: true, bundleUrl: LINK } })],
      key,
      describeAt,
    );
    expect(layers.map((l) => ('name' in l ? l.name : l.file))).toEqual([
      'ConfigMap/docs-values[values.yaml] (valuesFrom of HelmRelease/docs, from the build)',
      'spec.values of HelmRelease/docs (the build)',
    ]);
    const over = await overridingLayer(layers, 'staticExport', LINK);
    expect(over?.by).toBe('spec.values of HelmRelease/docs (the build)');
    expect(over?.key).toBe('staticExport.bundleUrl');
  });

  it('a later entry wins over an earlier one; an optional entry that resolves to nothing adds nothing', async () => {
    const { layers, unknown } = fluxLayers(
      release({
        valuesFrom: [
          { kind: 'ConfigMap', name: 'first' },
          { kind: 'ConfigMap', name: 'absent', optional: true },
          { kind: 'ConfigMap', name: 'second' },
        ],
      }),
      [
        configMap('first', { staticExport: { bundleUrl: LINK } }),
        configMap('second', { staticExport: { bundleUrl: 'https://stale.example.com/' } }),
      ],
      key,
      describeAt,
    );
    expect(layers).toHaveLength(2);
    expect(unknown).toEqual([]);
    expect((await overridingLayer(layers, 'staticExport', LINK))?.by).toContain('ConfigMap/second');
  });

  it('a required entry the build does not hold is unknown, not ignored', () => {
    const { unknown } = fluxLayers(
      release({ valuesFrom: [{ kind: 'Secret', name: 'from-the-cluster' }] }),
      [],
      key,
      describeAt,
    );
    expect(unknown[0]?.what).toContain('Secret/from-the-cluster (key values.yaml)');
  });

  it('a Secret read at a targetPath: its text set there, typed as --set types it', async () => {
    const secret = {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 'link', namespace: 'docs' },
      data: { url: Buffer.from('https://stale.example.com/').toString('base64') },
    };
    const { layers } = fluxLayers(
      release({
        values: { staticExport: { bundleUrl: LINK } },
        valuesFrom: [
          { kind: 'Secret', name: 'link', valuesKey: 'url', targetPath: 'staticExport.bundleUrl' },
        ],
      }),
      [secret],
      key,
      describeAt,
    );
    // The code merges spec.values into the result before the set: its staticExport mapping is
    // handed to strvals as is, the set writes into spec.values itself, and the targetPath wins.
    expect(await overridingLayer(layers, 'staticExport', LINK)).toEqual(
      expect.objectContaining({
        by: 'Secret/link[url] (valuesFrom of HelmRelease/docs, from the build) at targetPath staticExport.bundleUrl',
        key: 'staticExport.bundleUrl',
      }),
    );
    // An earlier entry with a staticExport mapping makes the result's a merged copy: the set
    // lands there, and spec.values, merged last, wins.
    const defaults = {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'defaults', namespace: 'docs' },
      data: { 'values.yaml': 'staticExport:\n  enabled: false\n' },
    };
    const merged = fluxLayers(
      release({
        values: { staticExport: { bundleUrl: LINK } },
        valuesFrom: [
          { kind: 'ConfigMap', name: 'defaults' },
          { kind: 'Secret', name: 'link', valuesKey: 'url', targetPath: 'staticExport.bundleUrl' },
        ],
      }),
      [secret, defaults],
      key,
      describeAt,
    );
    expect(await overridingLayer(merged.layers, 'staticExport', LINK)).toBeUndefined();
    expect(targetPathValues('staticExport.enabled', 'true')).toEqual({
      staticExport: { enabled: true },
    });
    expect(targetPathValues('a.b', '"true"')).toEqual({ a: { b: 'true' } });
    expect(targetPathValues('a.b', '0123')).toEqual({ a: { b: '0123' } });
    expect(targetPathValues('a.b', 'x: 1')).toEqual({ a: { b: 'x: 1' } });
    // strvals splits at a comma; a list index is not read here.
    expect(targetPathValues('a.b', 'x,y')).toBeUndefined();
    expect(targetPathValues('a[0].b', 'x')).toBeUndefined();
  });
});

describe('Argo CD layers', () => {
  it('valuesObject replaces the values string, and wins over valueFiles', async () => {
    const layers = argoLayers(
      { values: 'staticExport: {bundleUrl: "https://a/"}', valuesObject: { replicaCount: 2 } },
      [{ name: 'values-production.yaml', yaml: stringify({ staticExport: { bundleUrl: LINK } }) }],
      'Application/docs',
    );
    expect(layers.map((l) => ('name' in l ? l.name : ''))).toEqual([
      'values-production.yaml',
      'helm.valuesObject of Application/docs',
    ]);
    expect(await overridingLayer(layers, 'staticExport', LINK)).toBeUndefined();
    const withString = argoLayers(
      { values: 'staticExport: {bundleUrl: "https://a/"}' },
      [layers[0]!],
      'Application/docs',
    );
    expect((await overridingLayer(withString, 'staticExport', LINK))?.by).toBe(
      'helm.values of Application/docs',
    );
  });

  it('the .argocd-source*.yaml files are merge patches over the source, in order (mergeSourceParameters)', () => {
    const written = {
      valueFiles: ['values.yaml', 'values-production.yaml'],
      valuesObject: { replicaCount: 2, staticExport: { enabled: true } },
      parameters: [{ name: 'image.tag', value: '1' }],
    };
    const { helm, setBy } = helmAfterOverrides(
      written,
      [
        {
          file: '/repo/app/.argocd-source.yaml',
          data: { helm: { valueFiles: ['values.yaml'], valuesObject: { replicaCount: null } } },
        },
        {
          file: '/repo/app/.argocd-source-docs.yaml',
          data: { helm: { parameters: [{ name: 'staticExport.bundleUrl', value: 'https://a/' }] } },
        },
        { file: '/repo/app/.argocd-source-argocd_docs.yaml', error: 'not YAML' },
      ],
      (file) => file.slice('/repo/'.length),
    );
    // A list replaces, a mapping merges key by key, a null deletes.
    expect(helm).toEqual({
      valueFiles: ['values.yaml'],
      valuesObject: { staticExport: { enabled: true } },
      parameters: [{ name: 'staticExport.bundleUrl', value: 'https://a/' }],
    });
    expect(Object.fromEntries(setBy)).toEqual({
      valueFiles: 'app/.argocd-source.yaml',
      valuesObject: 'app/.argocd-source.yaml',
      parameters: 'app/.argocd-source-docs.yaml',
    });
    expect(parametersOn(helm, ['staticExport'])).toEqual({
      list: 'parameters',
      names: ['staticExport.bundleUrl'],
    });
    expect(parametersOn(written, ['staticExport'])).toBeUndefined();
    expect(
      parametersOn({ fileParameters: [{ name: 'staticExport', path: 'x.json' }] }, [
        'staticExport',
      ]),
    ).toEqual({ list: 'fileParameters', names: ['staticExport'] });
    const removed = helmAfterOverrides(
      written,
      [{ file: '/r/.argocd-source.yaml', data: { helm: null } }],
      (f) => f,
    );
    expect(removed.helm).toBeUndefined();
    expect(removed.setBy.get('helm')).toBe('/r/.argocd-source.yaml');
  });
});

describe('Flux post-build substitution', () => {
  it('substitute wins over substituteFrom; undefined variables become empty; $${} is kept', () => {
    const vars = variablesOf(
      {
        postBuild: {
          substitute: { cluster: 'production' },
          substituteFrom: [
            { kind: 'ConfigMap', name: 'vars' },
            { kind: 'Secret', name: 'secret-vars' },
          ],
        },
      },
      () => ({ cluster: 'staging', domain: 'docs.example.com' }),
    );
    expect(vars.unknown).toEqual(['Secret/secret-vars']);
    expect(
      substituteText('${cluster} ${domain} ${missing} ${port:=8080} $${cluster}', vars.values),
    ).toBe('production docs.example.com  8080 ${cluster}');
    const disabled = {
      metadata: {
        name: 'x',
        annotations: { 'kustomize.toolkit.fluxcd.io/substitute': 'disabled' },
      },
      data: { a: '${cluster}' },
    };
    expect(substitute(disabled, vars)).toBe(disabled);
    expect(substitute({ metadata: { name: 'x' }, data: { a: '${cluster}' } }, vars)).toEqual({
      metadata: { name: 'x' },
      data: { a: 'production' },
    });
  });
});

describe('a generated valuesFrom layer named by its file', () => {
  const kustomization =
    'configMapGenerator:\n  - name: docs-values\n    files:\n      - values.yaml=docs-values-file.yaml\n  - name: docs-values-pinned\n    files:\n      - values.yaml\n';
  const checkout = {
    root: '/nowhere',
    files: ['apps/production/kustomization.yaml'],
    read: (p: string) => (p === 'apps/production/kustomization.yaml' ? kustomization : undefined),
  };
  const tree = new Set(checkout.files);
  const built = (name: string) => ({ kind: 'ConfigMap', metadata: { name } });

  it('the files: entry for the key, of the generator whose name the object carries (the longest)', () => {
    expect(generatedFrom(checkout, tree, built('docs-values-7h2k9'), 'values.yaml')).toBe(
      'apps/production/docs-values-file.yaml',
    );
    expect(
      generatedFrom(checkout, tree, built('prod-docs-values-pinned-5f6g'), 'values.yaml'),
    ).toBe('apps/production/values.yaml');
    expect(generatedFrom(checkout, tree, built('docs-values-7h2k9'), 'other.yaml')).toBeUndefined();
    expect(
      generatedFrom(checkout, tree, { ...built('docs-values'), kind: 'Secret' }, 'values.yaml'),
    ).toBeUndefined();
  });

  it('the layer that wins is named by that file', async () => {
    const pinned = {
      ...configMap('docs-values-pinned-5f6g', { staticExport: { bundleUrl: 'https://old/' } }),
    };
    const { layers } = fluxLayers(
      release({ valuesFrom: [{ kind: 'ConfigMap', name: 'docs-values-pinned-5f6g' }] }),
      [pinned],
      key,
      describeAt,
      (o, k) => generatedFrom(checkout, tree, o, k),
    );
    expect((await overridingLayer(layers, 'staticExport', LINK))?.by).toBe(
      'apps/production/values.yaml (ConfigMap/docs-values-pinned-5f6g[values.yaml] from its generator, valuesFrom of HelmRelease/docs)',
    );
  });
});
