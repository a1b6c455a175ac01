import { describe, expect, it } from 'vitest';
import { releaseChart, sourceCandidates } from '../../src/gitops/flux-chart.js';
import type { Data } from '../../src/values/site.js';

const repository = (url: string, namespace?: string): Data => ({
  apiVersion: 'source.toolkit.fluxcd.io/v1',
  kind: 'HelmRepository',
  metadata: { name: 'mintlify', ...(namespace ? { namespace } : {}) },
  spec: { url },
});

const release: Data = {
  apiVersion: 'helm.toolkit.fluxcd.io/v2',
  kind: 'HelmRelease',
  metadata: { name: 'docs', namespace: 'docs' },
  spec: {
    targetNamespace: 'site',
    chart: {
      spec: {
        chart: 'enterprise',
        version: '1.4.x',
        sourceRef: { kind: 'HelmRepository', name: 'mintlify' },
      },
    },
  },
};

describe('sourceCandidates: the build first, then the checkout', () => {
  it("a source the build defines shadows the checkout's of the same kind, name and namespace", () => {
    const built = repository('https://prod.example.com', 'docs');
    const other = repository('https://staging.example.com', 'docs');
    const elsewhere = repository('https://team.example.com', 'team');
    expect(sourceCandidates([built], [other, elsewhere])).toEqual([built, elsewhere]);
  });

  it('one without a namespace is shadowed by any of that name, and shadows any', () => {
    const loose = repository('https://loose.example.com');
    const built = repository('https://prod.example.com', 'docs');
    expect(sourceCandidates([built], [loose])).toEqual([built]);
    expect(sourceCandidates([loose], [built])).toEqual([loose]);
  });

  it("the checkout's sources when the build has none", () => {
    const other = repository('https://staging.example.com', 'docs');
    expect(sourceCandidates([release], [other])).toEqual([release, other]);
  });
});

describe("releaseChart: a HelmRelease's chart as the render check and the proof resolve it", () => {
  it('the build decides between two clusters that define the same repository', () => {
    const candidates = sourceCandidates(
      [repository('https://prod.example.com', 'docs')],
      [repository('https://staging.example.com', 'docs')],
    );
    expect(releaseChart(release, candidates, '/nowhere', undefined)).toEqual(
      expect.objectContaining({
        kind: 'chart',
        ref: 'enterprise',
        version: '1.4.x',
        repo: 'https://prod.example.com',
        origin: 'HelmRepository docs/mintlify',
        releaseName: 'site-docs',
        namespace: 'site',
      }),
    );
  });

  it('out of reach, with the reason, when no source object matches', () => {
    const chart = releaseChart(release, [], '/nowhere', undefined);
    expect(chart).toEqual({
      kind: 'out-of-reach',
      reason: expect.stringContaining('HelmRepository docs/mintlify it names is not among'),
    });
  });
});
