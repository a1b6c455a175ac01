/**
 * A HelmRelease that would fail in the cluster is a refusal: a `valuesFrom` entry, not optional,
 * naming a generated ConfigMap by the name before kustomize renamed it (a content hash, a
 * namePrefix, a nameSuffix) where no `configurations:` nameReference rewrites the reference. Layout from
 * fluxcd/website's helmreleases guide ("Refer to values in ConfigMaps generated with Kustomize",
 * test/fixtures/gitops/flux-generator), its chart from a loopback chart repository. Each way: the
 * guide's own layout and each fix renders; each broken one is refused before any request, every
 * file byte for byte, naming the release, the object and the fix.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { helmRepository } from '../helpers/chart-checkout.js';
import { startChartRepo } from '../helpers/chart-repo.js';
import {
  clusterWorkspace,
  kustomizeFlux,
  proofOf,
  publishIn,
  refusedIn,
} from '../helpers/cluster.js';
import { documents } from '../helpers/gitops.js';
import { helmEnv } from '../helpers/helm.js';

const TARGET = { 'values-file': 'apps/docs/my-values.yaml' };
const CONFIGURATIONS = 'configurations:\n  - kustomizeconfig.yaml\n';

/**
 * The guide's layout; `edit` changes its kustomization.yaml (dropping `configurations:` unless
 * it keeps them), `release` its HelmRelease.
 */
async function layout(
  edit: (kustomization: string) => string,
  release: (text: string) => string = (t) => t,
): Promise<string> {
  const repo = await startChartRepo(await helmEnv('helm3'), { versions: ['1.4.0'] });
  const ws = await clusterWorkspace('flux-generator');
  await writeFile(join(ws, 'apps/docs/repository.yaml'), helmRepository(repo.url));
  const file = join(ws, 'apps/docs/kustomization.yaml');
  const text = await readFile(file, 'utf8');
  expect(text).toContain(CONFIGURATIONS);
  await writeFile(file, edit(text));
  const releaseFile = join(ws, 'apps/docs/release.yaml');
  await writeFile(releaseFile, release(await readFile(releaseFile, 'utf8')));
  return ws;
}

const withoutConfigurations = (t: string) => t.replace(CONFIGURATIONS, '');

describe.concurrent('a valuesFrom name the build does not produce', () => {
  it('a hash-suffixed generated ConfigMap, no nameReference: refused, naming the release, the object and the fixes', async () => {
    const ws = await layout(withoutConfigurations);
    await rm(join(ws, 'apps/docs/kustomizeconfig.yaml'));
    // kustomize's own build of the layout as committed: the name carries a content hash.
    const built = documents(await kustomizeFlux(join(ws, 'apps/docs')));
    expect(built.find((o) => o.kind === 'ConfigMap').metadata.name).toMatch(
      /^docs-values-[a-z0-9]{10}$/,
    );
    const error = await refusedIn(ws, TARGET);
    // The run's build, with the link written, hashes other content: another suffix.
    expect(error).toMatch(
      /HelmRelease\/docs\/docs \(apps\/docs\/release\.yaml, as apps\/docs\/kustomization\.yaml builds it\) reads ConfigMap\/docs-values in valuesFrom \(not optional\), but the build makes it as ConfigMap\/docs-values-[a-z0-9]{10}: kustomize appended a hash of its content to the generated name \(the configMapGenerator docs-values of apps\/docs\/kustomization\.yaml\) and did not rewrite the reference, so helm-controller would not find ConfigMap\/docs-values and the release would fail/,
    );
    expect(error).toContain('disableNameSuffixHash: true');
    expect(error).toContain(
      'add to apps/docs/kustomization.yaml a configurations: file with a nameReference for ConfigMap at spec/valuesFrom/name of HelmRelease',
    );
    expect(error).toContain('mark the entry optional: true in apps/docs/release.yaml');
  });

  it('a namePrefix the reference misses (hash disabled, no nameReference): refused, naming the prefixed name', async () => {
    const ws = await layout((t) =>
      withoutConfigurations(t).replace(
        'namespace: docs\n',
        'namespace: docs\nnamePrefix: prod-\ngeneratorOptions:\n  disableNameSuffixHash: true\n',
      ),
    );
    const error = await refusedIn(ws, TARGET);
    expect(error).toContain(
      'HelmRelease/docs/prod-docs (apps/docs/release.yaml, as apps/docs/kustomization.yaml builds it) reads ConfigMap/docs-values in valuesFrom (not optional), but the build makes it as ConfigMap/prod-docs-values: kustomize added the namePrefix prod- (set in apps/docs/kustomization.yaml)',
    );
    expect(error).toContain('name it prod-docs-values in valuesFrom in apps/docs/release.yaml');
  });

  it('a nameSuffix the reference misses (hash kept, no nameReference): refused, naming the suffix and where it is set', async () => {
    const ws = await layout((t) =>
      withoutConfigurations(t).replace('namespace: docs\n', 'namespace: docs\nnameSuffix: -live\n'),
    );
    // kustomize's own build: the suffix goes before the content hash, the reference stays.
    const built = documents(await kustomizeFlux(join(ws, 'apps/docs')));
    expect(built.find((o) => o.kind === 'ConfigMap').metadata.name).toMatch(
      /^docs-values-live-[a-z0-9]{10}$/,
    );
    expect(built.find((o) => o.kind === 'HelmRelease').spec.valuesFrom[0].name).toBe('docs-values');
    const error = await refusedIn(ws, TARGET);
    expect(error).toMatch(
      /HelmRelease\/docs\/docs-live \(apps\/docs\/release\.yaml, as apps\/docs\/kustomization\.yaml builds it\) reads ConfigMap\/docs-values in valuesFrom \(not optional\), but the build makes it as ConfigMap\/docs-values-live-[a-z0-9]{10}: kustomize added the nameSuffix -live \(set in apps\/docs\/kustomization\.yaml\) and appended a hash of its content/,
    );
    expect(error).toContain(
      'disableNameSuffixHash: true) and name it docs-values-live in valuesFrom in apps/docs/release.yaml',
    );
  });
});

describe.concurrent('a valuesFrom name the build produces, or an optional one', () => {
  it("the guide's layout with a namePrefix: the nameReference rewrites the reference, rendered", async () => {
    const ws = await layout((t) =>
      t.replace('namespace: docs\n', 'namespace: docs\nnamePrefix: prod-\n'),
    );
    const { run } = await publishIn(ws, { ...TARGET, 'render-check': 'required' });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(proofOf(run)).toEqual([
      expect.objectContaining({ reader: 'HelmRelease/docs/prod-docs', level: 'rendered' }),
    ]);
  });

  it("the guide's layout with a nameSuffix: the nameReference rewrites the reference, rendered", async () => {
    const ws = await layout((t) =>
      t.replace('namespace: docs\n', 'namespace: docs\nnameSuffix: -live\n'),
    );
    const { run } = await publishIn(ws, { ...TARGET, 'render-check': 'required' });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(proofOf(run)).toEqual([
      expect.objectContaining({ reader: 'HelmRelease/docs/docs-live', level: 'rendered' }),
    ]);
  });

  it('disableNameSuffixHash on the generator, no nameReference: rendered', async () => {
    const ws = await layout((t) =>
      withoutConfigurations(t).replace(
        '  - name: docs-values\n',
        '  - name: docs-values\n    options:\n      disableNameSuffixHash: true\n',
      ),
    );
    const { run } = await publishIn(ws, { ...TARGET, 'render-check': 'required' });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(proofOf(run)).toEqual([
      expect.objectContaining({ reader: 'HelmRelease/docs/docs', level: 'rendered' }),
    ]);
  });

  it('optional: true, hash-suffixed: no refusal (the release does without it), and no reader is claimed', async () => {
    const ws = await layout(withoutConfigurations, (t) =>
      t.replace('      name: docs-values\n', '      name: docs-values\n      optional: true\n'),
    );
    const { run } = await publishIn(ws, TARGET);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(proofOf(run)).toEqual([]);
  });
});
