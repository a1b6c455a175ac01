/**
 * A valuesFrom layer made by a kustomize configMapGenerator is named, in a refusal, by the file
 * the generator reads (its `files:` entry), the file to change, rather than by the build. On
 * fluxcd/flux2-kustomize-helm-example's layout (test/fixtures/gitops/flux-cluster) with the
 * generator of fluxcd/website's "Refer to values in ConfigMaps generated with Kustomize": a second
 * generated ConfigMap, read after the one the link goes to, sets the link.
 *
 * And one values file two clusters read through their generators, where the staging overlay adds
 * a Secret layer after it that this run cannot read: production proves the link, staging cannot,
 * and `render-check: required` refuses for staging whatever production proved.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFiles } from '../helpers/action.js';
import { clusterWorkspace, proofOf, publishIn, refusedIn } from '../helpers/cluster.js';

const FILES = {
  'apps/production/kustomization.yaml':
    'apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources:\n  - ../base/docs\npatchesStrategicMerge:\n  - docs-values.yaml\nconfigMapGenerator:\n  - name: docs-values\n    namespace: docs\n    files:\n      - values.yaml=docs-values-file.yaml\n  - name: docs-pinned\n    namespace: docs\n    files:\n      - values.yaml=pinned/link.yaml\nconfigurations:\n  - kustomizeconfig.yaml\n',
  'apps/production/kustomizeconfig.yaml':
    'nameReference:\n- kind: ConfigMap\n  version: v1\n  fieldSpecs:\n  - path: spec/valuesFrom/name\n    kind: HelmRelease\n',
  'apps/production/docs-values-file.yaml': 'replicaCount: 3\n',
  'apps/production/pinned/link.yaml':
    'staticExport:\n  bundleUrl: https://pinned.example.com/site.tar.gz\n',
  'apps/production/docs-values.yaml':
    'apiVersion: helm.toolkit.fluxcd.io/v2\nkind: HelmRelease\nmetadata:\n  name: docs\n  namespace: docs\nspec:\n  valuesFrom:\n    - kind: ConfigMap\n      name: docs-values\n    - kind: ConfigMap\n      name: docs-pinned\n',
};

it('a later generated ConfigMap that sets the link: refused, naming the file its generator reads', async () => {
  const ws = await clusterWorkspace('flux-cluster');
  await writeFiles(ws, FILES);
  const error = await refusedIn(ws, { 'values-file': 'apps/production/docs-values-file.yaml' });
  expect(error).toMatch(
    /apps\/production\/pinned\/link\.yaml \(ConfigMap\/docs-pinned-\w+\[values\.yaml\] from its generator, valuesFrom of HelmRelease\/docs\) sets staticExport\.bundleUrl after apps\/production\/docs-values-file\.yaml/,
  );
  expect(error).not.toContain('the build of');
});

/** An overlay of the base release that reads apps/shared/docs.yaml through a generated ConfigMap. */
const overlay = (secret: boolean) => ({
  'kustomization.yaml':
    'apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources:\n  - ../base/docs\npatchesStrategicMerge:\n  - docs-values.yaml\nconfigMapGenerator:\n  - name: docs-values\n    namespace: docs\n    files:\n      - values.yaml=../shared/docs.yaml\nconfigurations:\n  - kustomizeconfig.yaml\n',
  'kustomizeconfig.yaml': FILES['apps/production/kustomizeconfig.yaml'],
  'docs-values.yaml': `apiVersion: helm.toolkit.fluxcd.io/v2\nkind: HelmRelease\nmetadata:\n  name: docs\n  namespace: docs\nspec:\n  valuesFrom:\n    - kind: ConfigMap\n      name: docs-values\n${secret ? '    - kind: Secret\n      name: docs-tuning\n' : ''}`,
});

async function twoClusters(): Promise<string> {
  const ws = await clusterWorkspace('flux-cluster');
  const files: Record<string, string> = { 'apps/shared/docs.yaml': 'replicaCount: 3\n' };
  for (const [name, text] of Object.entries(overlay(false)))
    files[`apps/production/${name}`] = text;
  for (const [name, text] of Object.entries(overlay(true))) files[`apps/staging/${name}`] = text;
  const apps = join(ws, 'clusters/production/apps.yaml');
  files['clusters/staging/apps.yaml'] = (await readFile(apps, 'utf8'))
    .replace('name: apps\n', 'name: apps-staging\n')
    .replace('./apps/production', './apps/staging');
  await writeFiles(ws, files);
  return ws;
}

describe.concurrent('one values file, two clusters, one with a Secret layer after it', () => {
  const target = { 'values-file': 'apps/shared/docs.yaml' };

  it('auto: rendered for production, skipped for staging with the reason; exit 0', async () => {
    const { run } = await publishIn(await twoClusters(), target);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(proofOf(run)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ entry: 'Kustomization/flux-system/apps', level: 'rendered' }),
        expect.objectContaining({
          entry: 'Kustomization/flux-system/apps-staging',
          level: 'skipped',
          reason: expect.stringContaining('Secret/docs-tuning'),
        }),
      ]),
    );
  });

  it('render-check required: refused for staging, though production proves the link', async () => {
    const error = await refusedIn(await twoClusters(), { ...target, 'render-check': 'required' });
    expect(error).toContain(
      'could not check apps/shared/docs.yaml through Kustomization/flux-system/apps-staging',
    );
  });
});
