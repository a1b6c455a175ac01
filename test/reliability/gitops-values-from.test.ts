/**
 * A valuesFrom layer made by a kustomize configMapGenerator is named, in a refusal, by the file
 * the generator reads (its `files:` entry), the file to change, rather than by the build. On
 * fluxcd/flux2-kustomize-helm-example's layout (test/fixtures/gitops/flux-cluster) with the
 * generator of fluxcd/website's "Refer to values in ConfigMaps generated with Kustomize": a second
 * generated ConfigMap, read after the one the link goes to, sets the link.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { expect, it } from 'vitest';
import { clusterWorkspace, refusedIn } from '../helpers/cluster.js';

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
  for (const [name, text] of Object.entries(FILES)) {
    await mkdir(dirname(join(ws, name)), { recursive: true });
    await writeFile(join(ws, name), text);
  }
  const error = await refusedIn(ws, { 'values-file': 'apps/production/docs-values-file.yaml' });
  expect(error).toMatch(
    /apps\/production\/pinned\/link\.yaml \(ConfigMap\/docs-pinned-\w+\[values\.yaml\] from its generator, valuesFrom of HelmRelease\/docs\) sets staticExport\.bundleUrl after apps\/production\/docs-values-file\.yaml/,
  );
  expect(error).not.toContain('the build of');
});
