/**
 * A Flux HelmRelease's chart resolved as source-controller resolves it, from a list of candidate
 * objects: a sourceRef matched by kind, name and namespace (the release's own by default), the
 * kinds of source and what each gives helm to pull.
 */
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { resolveFluxChart } from '../../src/values/flux-source.js';
import type { Data } from '../../src/values/site.js';

const objects = (text: string): Data[] => parseAllDocuments(text).map((d) => d.toJS() as Data);

const SOURCES = objects(`apiVersion: source.toolkit.fluxcd.io/v1
kind: HelmRepository
metadata: {name: mintlify, namespace: docs}
spec: {url: https://charts.example.com}
---
apiVersion: source.toolkit.fluxcd.io/v1
kind: HelmRepository
metadata: {name: mintlify, namespace: staging}
spec: {url: https://staging-charts.example.com}
---
apiVersion: source.toolkit.fluxcd.io/v1
kind: HelmRepository
metadata: {name: ghcr, namespace: docs}
spec: {type: oci, url: oci://ghcr.io/acme/charts/, insecure: true}
---
apiVersion: source.toolkit.fluxcd.io/v1beta2
kind: OCIRepository
metadata: {name: enterprise, namespace: docs}
spec:
  url: oci://ghcr.io/acme/charts/enterprise
  ref: {tag: 1.4.0, semver: ">=1.0.0"}
---
apiVersion: source.toolkit.fluxcd.io/v1
kind: OCIRepository
metadata: {name: pinned, namespace: docs}
spec:
  url: oci://ghcr.io/acme/charts/enterprise
  ref: {digest: "sha256:abc", semver: ">=1.0.0"}
---
apiVersion: source.toolkit.fluxcd.io/v1
kind: HelmChart
metadata: {name: docs-enterprise, namespace: docs}
spec:
  chart: enterprise
  version: 1.4.x
  sourceRef: {kind: HelmRepository, name: mintlify}
---
apiVersion: source.toolkit.fluxcd.io/v1
kind: GitRepository
metadata: {name: platform, namespace: flux-system}
spec: {url: https://github.com/acme/platform}
`);

const chart = (sourceRef: Data, version?: string) => ({
  release: 'docs',
  namespace: 'docs',
  chart: { chart: 'enterprise', ...(version ? { version } : {}), sourceRef },
});

describe('a Flux HelmRelease chart, resolved against the source objects', () => {
  it('a HelmRepository by name in the release namespace: the index at its URL, with the version', () => {
    expect(
      resolveFluxChart(chart({ kind: 'HelmRepository', name: 'mintlify' }, '^1.4'), SOURCES, '/'),
    ).toEqual({
      kind: 'remote',
      ref: 'enterprise',
      version: '^1.4',
      repo: 'https://charts.example.com',
      origin: 'HelmRepository docs/mintlify',
    });
    // The same name in another namespace is another repository.
    expect(
      resolveFluxChart(
        chart({ kind: 'HelmRepository', name: 'mintlify', namespace: 'staging' }),
        SOURCES,
        '/',
      ),
    ).toMatchObject({ repo: 'https://staging-charts.example.com' });
  });

  it('type: oci joins the URL and the chart; insecure is plain HTTP', () => {
    expect(
      resolveFluxChart(chart({ kind: 'HelmRepository', name: 'ghcr' }, '1.4.0'), SOURCES, '/'),
    ).toEqual({
      kind: 'remote',
      ref: 'oci://ghcr.io/acme/charts/enterprise',
      version: '1.4.0',
      plainHttp: true,
      origin: 'HelmRepository docs/ghcr',
    });
  });

  it('chartRef: an OCIRepository (semver over tag, digest over both) and a HelmChart', () => {
    const ref = (kind: string, name: string) => ({
      release: 'docs',
      namespace: 'docs',
      chartRef: { kind, name },
    });
    expect(resolveFluxChart(ref('OCIRepository', 'enterprise'), SOURCES, '/')).toMatchObject({
      ref: 'oci://ghcr.io/acme/charts/enterprise',
      version: '>=1.0.0',
      plainHttp: false,
    });
    const pinned = resolveFluxChart(ref('OCIRepository', 'pinned'), SOURCES, '/');
    expect(pinned).toMatchObject({ digest: 'sha256:abc', version: undefined });
    expect(resolveFluxChart(ref('HelmChart', 'docs-enterprise'), SOURCES, '/')).toMatchObject({
      ref: 'enterprise',
      version: '1.4.x',
      repo: 'https://charts.example.com',
    });
  });

  it('an OCIRepository tag is pulled as it is, never the highest version in its place', () => {
    const oci = (pin?: Data) =>
      resolveFluxChart(
        { release: 'docs', namespace: 'docs', chartRef: { kind: 'OCIRepository', name: 'tagged' } },
        [
          {
            apiVersion: 'source.toolkit.fluxcd.io/v1',
            kind: 'OCIRepository',
            metadata: { name: 'tagged', namespace: 'docs' },
            spec: { url: 'oci://ghcr.io/acme/charts/enterprise', ...(pin ? { ref: pin } : {}) },
          },
        ],
        '/',
      );
    expect(oci({ tag: '1.4.0' })).toMatchObject({ kind: 'remote', version: '1.4.0' });
    expect(oci({ tag: 'v1.4' })).toMatchObject({ kind: 'remote', version: 'v1.4' });
    expect(oci({ tag: '1.4.0@sha256:abc' })).toMatchObject({
      kind: 'remote',
      digest: 'sha256:abc',
      version: undefined,
    });
    // A tag that is no version: helm cannot pull it, and the highest version is another chart.
    expect(oci({ tag: 'latest' })).toEqual({
      kind: 'none',
      reason:
        'the chart of HelmRelease/docs is out of reach: OCIRepository docs/tagged pulls the tag latest, which helm cannot pull (it pulls a chart by a version tag or a digest): set spec.ref.semver, spec.ref.digest or a version tag to have it rendered',
    });
    expect(oci()).toMatchObject({
      kind: 'none',
      reason: expect.stringContaining('pulls the tag latest (no spec.ref: the default)'),
    });
    expect(oci({ tag: 'latest', semver: '^1.0' })).toMatchObject({ version: '^1.0' });
  });

  it('out of reach, saying why: not among the manifests, two that differ, another repository', () => {
    expect(
      resolveFluxChart(chart({ kind: 'HelmRepository', name: 'nowhere' }), SOURCES, '/'),
    ).toEqual({
      kind: 'none',
      reason:
        'the chart of HelmRelease/docs is out of reach: the HelmRepository docs/nowhere it names is not among the manifests of this checkout',
    });
    const twice = [
      ...SOURCES,
      ...objects(
        'apiVersion: source.toolkit.fluxcd.io/v1\nkind: HelmRepository\nmetadata: {name: mintlify}\nspec: {url: https://other.example.com}\n',
      ),
    ];
    expect(
      resolveFluxChart(chart({ kind: 'HelmRepository', name: 'mintlify' }), twice, '/'),
    ).toMatchObject({
      kind: 'none',
      reason: expect.stringContaining('2 different HelmRepository docs/mintlify'),
    });
    expect(
      resolveFluxChart(
        chart({ kind: 'GitRepository', name: 'platform', namespace: 'flux-system' }),
        SOURCES,
        '/',
        'acme/docs',
      ),
    ).toMatchObject({
      kind: 'none',
      reason: expect.stringContaining(
        '(https://github.com/acme/platform), another repository than this checkout',
      ),
    });
    // A token in the address is not part of the reason, which is printed.
    const withToken = objects(
      'apiVersion: source.toolkit.fluxcd.io/v1\nkind: GitRepository\nmetadata: {name: platform, namespace: flux-system}\nspec: {url: "https://x-access-token:ghs_0123456789secret@github.com/acme/platform"}\n',
    );
    const hidden = resolveFluxChart(
      chart({ kind: 'GitRepository', name: 'platform', namespace: 'flux-system' }),
      withToken,
      '/',
      'acme/docs',
    );
    expect(hidden).toMatchObject({
      kind: 'none',
      reason: expect.stringContaining('(https://github.com/acme/platform)'),
    });
    expect(JSON.stringify(hidden)).not.toContain('ghs_0123456789secret');
  });
});
