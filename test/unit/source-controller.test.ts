/**
 * source-controller's rules (src/controllers/source-controller.ts) against its code: the values
 * files it packages a chart with (`valuesFiles`, their merge replacing the chart's values.yaml;
 * the deprecated `valuesFile`, which helm-controller no longer copies into the HelmChart, is
 * ignored as the cluster ignores it), and the writer's use of
 * that rule for a chart built from a path of this repository (values/chart-artifact.ts); and the
 * ref a chart's own GitRepository follows, held against the branch the change lands on.
 */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  chartValuesFiles,
  gitRepositoryRef,
  reconcileStrategy,
} from '../../src/controllers/source-controller.js';
import { chartSourceHeldBack, gitSources } from '../../src/gitops/applies.js';
import { bakedIntoArtifact, readByPathRelease } from '../../src/values/chart-artifact.js';
import type { Data } from '../../src/shared/data.js';

describe('chartValuesFiles: what source-controller packages a chart with', () => {
  it("none listed: nothing replaces the chart's values.yaml", () => {
    expect(chartValuesFiles({ chart: './charts/docs' })).toEqual([]);
    expect(chartValuesFiles({ valuesFiles: [], valuesFile: '' })).toEqual([]);
  });

  it('valuesFiles in their order', () => {
    expect(chartValuesFiles({ valuesFiles: ['a.yaml', 'b.yaml'] })).toEqual(['a.yaml', 'b.yaml']);
  });

  it('the deprecated valuesFile is dropped, as helm-controller drops it: values.yaml stays', () => {
    expect(chartValuesFiles({ valuesFile: 'prod.yaml' })).toEqual([]);
  });

  it('valuesFile beside valuesFiles: only valuesFiles are packaged', () => {
    expect(chartValuesFiles({ valuesFile: 'base.yaml', valuesFiles: ['prod.yaml'] })).toEqual([
      'prod.yaml',
    ]);
  });

  it('reconcileStrategy defaults to ChartVersion', () => {
    expect(reconcileStrategy({})).toBe('ChartVersion');
    expect(reconcileStrategy({ reconcileStrategy: 'Revision' })).toBe('Revision');
  });

  it("a GitRepository's ref: a tag wins over a branch; master when none is set", () => {
    expect(gitRepositoryRef({})).toEqual(expect.objectContaining({ value: 'master' }));
    expect(gitRepositoryRef({ ref: { branch: 'main', tag: 'v1' } })).toEqual(
      expect.objectContaining({ kind: 'tag', value: 'v1' }),
    );
  });
});

/** A checkout with a chart at charts/docs, and a HelmRelease of it with `chartSpec`. */
function checkout(chartSpec: Data): { root: string; release: { file: string; data: Data } } {
  const root = mkdtempSync(join(tmpdir(), 'source-controller-'));
  mkdirSync(join(root, 'charts/docs'), { recursive: true });
  writeFileSync(
    join(root, 'charts/docs/Chart.yaml'),
    'apiVersion: v2\nname: docs\nversion: 1.0.0\n',
  );
  writeFileSync(join(root, 'charts/docs/values.yaml'), 'staticExport: {}\n');
  writeFileSync(join(root, 'charts/docs/values-prod.yaml'), 'staticExport: {}\n');
  const data: Data = {
    apiVersion: 'helm.toolkit.fluxcd.io/v2',
    kind: 'HelmRelease',
    metadata: { name: 'docs', namespace: 'docs' },
    spec: {
      chart: {
        spec: {
          chart: './charts/docs',
          sourceRef: { kind: 'GitRepository', name: 'flux-system' },
          ...chartSpec,
        },
      },
    },
  };
  return { root, release: { file: join(root, 'clusters/docs.yaml'), data } };
}

describe("the writer: a valuesFile is not what the chart's artifact holds", () => {
  it("valuesFile alone: the chart's values.yaml is read, the valuesFile is not", () => {
    const { root, release } = checkout({ valuesFile: './charts/docs/values-prod.yaml' });
    expect(readByPathRelease(join(root, 'charts/docs/values.yaml'), [release], root)).toBe(true);
    expect(readByPathRelease(join(root, 'charts/docs/values-prod.yaml'), [release], root)).toBe(
      false,
    );
  });

  it('valuesFile under ChartVersion: the link in values.yaml is refused as baked into the artifact', () => {
    const { root, release } = checkout({ valuesFile: './charts/docs/values-prod.yaml' });
    const refusal = bakedIntoArtifact(join(root, 'charts/docs/values.yaml'), [release], root);
    expect(refusal?.problem).toContain(
      'is baked into the chart artifact Flux builds for HelmRelease/docs',
    );
    // The valuesFile is not in the artifact: no refusal for it.
    expect(
      bakedIntoArtifact(join(root, 'charts/docs/values-prod.yaml'), [release], root),
    ).toBeUndefined();
  });

  it('valuesFile beside valuesFiles: only the valuesFiles are in the artifact', () => {
    const { root, release } = checkout({
      valuesFile: './charts/docs/values-prod.yaml',
      valuesFiles: ['./charts/docs/values.yaml'],
    });
    expect(readByPathRelease(join(root, 'charts/docs/values.yaml'), [release], root)).toBe(true);
    expect(readByPathRelease(join(root, 'charts/docs/values-prod.yaml'), [release], root)).toBe(
      false,
    );
  });
});

describe("the proof: a chart's GitRepository must follow the branch the change lands on", () => {
  const release = (sourceRef: Data): Data => ({
    apiVersion: 'helm.toolkit.fluxcd.io/v2',
    kind: 'HelmRelease',
    metadata: { name: 'docs', namespace: 'docs' },
    spec: { chart: { spec: { chart: './charts/docs', sourceRef } } },
  });
  const git = (ref: Data) =>
    gitSources(
      [
        {
          apiVersion: 'source.toolkit.fluxcd.io/v1',
          kind: 'GitRepository',
          metadata: { name: 'charts', namespace: 'flux-system' },
          spec: { url: 'https://github.com/acme/docs', ref },
        },
      ],
      'clusters/charts.yaml',
    );
  const own = release({ kind: 'GitRepository', name: 'charts', namespace: 'flux-system' });
  const onMain = { branch: 'main', why: 'the branch this workflow runs on' };

  it('another branch: held back, naming the GitRepository, its file and the fix', () => {
    const held = chartSourceHeldBack(
      own,
      'HelmRelease/docs/docs',
      git({ branch: 'production' }),
      onMain,
    );
    expect(held).toContain(
      'HelmRelease/docs/docs takes its chart from GitRepository/flux-system/charts (clusters/charts.yaml), which follows branch production (spec.ref.branch)',
    );
    expect(held).toContain(
      'point the spec.ref of GitRepository/flux-system/charts in clusters/charts.yaml at main',
    );
  });

  it('the same branch, or a ref name of it: not held back', () => {
    expect(chartSourceHeldBack(own, 'r', git({ branch: 'main' }), onMain)).toBeUndefined();
    expect(chartSourceHeldBack(own, 'r', git({ name: 'refs/heads/main' }), onMain)).toBeUndefined();
  });

  it('a tag beside the branch wins, and no commit moves it: held back', () => {
    expect(chartSourceHeldBack(own, 'r', git({ branch: 'main', tag: 'v1.0.0' }), onMain)).toContain(
      'follows tag v1.0.0 (spec.ref.tag), which no new commit moves',
    );
  });

  it('no ref: master, not main', () => {
    expect(chartSourceHeldBack(own, 'r', git({}), onMain)).toContain('follows branch master');
  });

  it('a GitRepository this run did not read, or a chart from a HelmRepository: nothing to say', () => {
    const other = release({ kind: 'GitRepository', name: 'elsewhere' });
    expect(chartSourceHeldBack(other, 'r', git({ branch: 'production' }), onMain)).toBeUndefined();
    const repo = release({ kind: 'HelmRepository', name: 'charts', namespace: 'flux-system' });
    expect(chartSourceHeldBack(repo, 'r', git({ branch: 'production' }), onMain)).toBeUndefined();
  });
});
