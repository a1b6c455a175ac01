/**
 * kustomize's and kustomize-controller's rules, as pure functions: the kustomization file of a
 * folder (kustomize's recognised names, in its order), the fields that name files, the names a
 * build makes from a generator's (namePrefix, nameSuffix, then the content hash), and how a Flux
 * Kustomization's spec becomes the kustomization it builds (patches, images merged by name).
 */
import { describe, expect, it } from 'vitest';
import {
  fileSet,
  KUSTOMIZATION_NAMES,
  kustomizationIn,
  madeFrom,
  references,
} from '../../src/controllers/kustomize.js';
import {
  addFluxFields,
  kustomizePatches,
  mergeImages,
} from '../../src/controllers/kustomize-controller.js';

describe('the kustomization of a folder', () => {
  it('is the first of kustomize’s recognised names the folder holds', () => {
    expect(KUSTOMIZATION_NAMES).toEqual([
      'kustomization.yaml',
      'kustomization.yml',
      'Kustomization',
    ]);
    const checkout = {
      files: ['a/Kustomization', 'a/kustomization.yml', 'b/Kustomization', 'c/deploy.yaml'],
    };
    expect(kustomizationIn(checkout, 'a')).toBe('a/kustomization.yml');
    expect(kustomizationIn(checkout, 'b')).toBe('b/Kustomization');
    expect(kustomizationIn(checkout, 'c')).toBeUndefined();
    expect(kustomizationIn(checkout, 'c/../b')).toBe('b/Kustomization');
    expect(fileSet(checkout).has('c/deploy.yaml')).toBe(true);
  });
});

describe('the files a kustomization names', () => {
  it('reads resources, components, patches, generators’ files and chart values, not inline patches', () => {
    const refs = references({
      resources: ['deploy.yaml', '../base', 42],
      components: ['../components/docs'],
      patchesStrategicMerge: ['patch.yaml', 'apiVersion: v1\nkind: ConfigMap\n'],
      patches: [{ path: 'json-patch.yaml', target: { kind: 'Deployment' } }, { patch: '- op: x' }],
      replacements: [{ path: 'replacements.yaml' }],
      configMapGenerator: [
        { name: 'docs-values', files: ['values.yaml=docs-values.yaml', 'plain.yaml'] },
        { name: 'docs-env', envs: ['docs.env'], env: 'old.env' },
      ],
      secretGenerator: [{ name: 's', files: ['token=secret.txt'] }],
      helmCharts: [
        { name: 'docs', valuesFile: 'chart-values.yaml', additionalValuesFiles: ['x.yaml'] },
      ],
      configurations: ['kustomizeconfig.yaml'],
    });
    expect(refs.sort()).toEqual(
      [
        'deploy.yaml',
        '../base',
        '../components/docs',
        'patch.yaml',
        'json-patch.yaml',
        'replacements.yaml',
        'docs-values.yaml',
        'plain.yaml',
        'docs.env',
        'old.env',
        'secret.txt',
        'chart-values.yaml',
        'x.yaml',
        'kustomizeconfig.yaml',
      ].sort(),
    );
  });
});

describe('a name the build made from a generator’s', () => {
  it('without the build: any prefix ending in -, or a content hash as kustomize encodes it', () => {
    expect(madeFrom('docs-values', 'docs-values-7h9b2k5c8m', undefined)).toEqual({
      prefix: '',
      suffix: '',
      hash: true,
    });
    expect(madeFrom('docs-values', 'prod-docs-values-7h9b2k5c8m', undefined)).toEqual({
      prefix: 'prod-',
      suffix: '',
      hash: true,
    });
    // Another object beside the one read, not a nameSuffix the build is not known to add.
    expect(madeFrom('redis', 'redis-auth', undefined)).toBeUndefined();
    expect(madeFrom('podinfo', 'podinfo-tls', undefined)).toBeUndefined();
    // Ten letters that kustomize's hash encoding never writes (a, o, r, s): a word, not a hash.
    expect(madeFrom('grafana', 'grafana-dashboards', undefined)).toBeUndefined();
    expect(madeFrom('docs-values', 'docs-values', undefined)).toBeUndefined();
    expect(madeFrom('docs-values', 'other-values-7h9b2k5c8m', undefined)).toBeUndefined();
  });

  it('with the build: only its own prefixes and suffixes', () => {
    const names = {
      prefixes: [{ value: 'prod-', file: 'apps/production/kustomization.yaml' }],
      suffixes: [{ value: '-live', file: 'apps/production/kustomization.yaml' }],
    };
    expect(madeFrom('docs-values', 'prod-docs-values-live', names)).toEqual({
      prefix: 'prod-',
      suffix: '-live',
      hash: false,
    });
    expect(madeFrom('docs-values', 'staging-docs-values', names)).toBeUndefined();
    const none = { prefixes: [], suffixes: [] };
    expect(madeFrom('docs-values', 'docs-values-7h9b2k5c8m', none)?.hash).toBe(true);
    expect(madeFrom('docs-values', 'prod-docs-values', none)).toBeUndefined();
  });
});

describe('a Flux Kustomization’s spec as kustomize-controller writes it into the kustomization', () => {
  it('patches keep their target; v1beta2 strategic-merge objects and JSON 6902 lists become patches', () => {
    const patches = kustomizePatches({
      patches: [
        { patch: 'kind: Deployment\n', target: { kind: 'Deployment' } },
        { path: 'x.yaml' },
      ],
      patchesStrategicMerge: [{ kind: 'ConfigMap', metadata: { name: 'docs' } }],
      patchesJson6902: [
        { target: { kind: 'Service' }, patch: [{ op: 'remove', path: '/spec/type' }] },
      ],
    });
    expect(patches).toEqual([
      { patch: 'kind: Deployment\n', target: { kind: 'Deployment' } },
      { patch: 'kind: ConfigMap\nmetadata:\n  name: docs\n' },
      { patch: '[{"op":"remove","path":"/spec/type"}]', target: { kind: 'Service' } },
    ]);
  });

  it('images: an entry of the spec replaces the kustomization’s of the same name, others are appended', () => {
    expect(
      mergeImages(
        [
          { name: 'docs', newTag: '1' },
          { name: 'nginx', newTag: '1.27' },
        ],
        [
          { name: 'docs', newTag: '2' },
          { name: 'redis', newTag: '7' },
        ],
      ),
    ).toEqual([
      { name: 'docs', newTag: '2' },
      { name: 'nginx', newTag: '1.27' },
      { name: 'redis', newTag: '7' },
    ]);
    expect(mergeImages(undefined, [{ name: 'docs' }])).toEqual([{ name: 'docs' }]);
  });

  it('targetNamespace, namePrefix, nameSuffix and components are added to the kustomization', () => {
    const data: Record<string, unknown> = {
      resources: ['release.yaml'],
      namePrefix: 'own-',
      components: ['../own'],
      patches: [{ path: 'own.yaml' }],
    };
    addFluxFields(data, {
      targetNamespace: 'docs',
      namePrefix: 'prod-',
      nameSuffix: '',
      components: ['../components/docs'],
      patches: [{ patch: 'kind: HelmRelease\n' }],
    });
    expect(data).toEqual({
      resources: ['release.yaml'],
      namespace: 'docs',
      namePrefix: 'prod-',
      components: ['../own', '../components/docs'],
      patches: [{ path: 'own.yaml' }, { patch: 'kind: HelmRelease\n' }],
    });
  });
});
