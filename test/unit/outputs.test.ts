import { describe, expect, it } from 'vitest';
import { publishOutputs, publishedSource } from '../../src/publish/outputs.js';
import type { PublishResult } from '../../src/publish/pipeline.js';

const exported: PublishResult = {
  domain: 'docs.example.com',
  version: 'v42',
  dryRun: false,
  job: { id: 'se_0123456789abcdef', status: 'completed', pageCount: 7, durationMs: 1500, polls: 3 },
  link: {
    bundle: {
      bundleUrl: 'https://storage.example.com/b/site.tar.gz?X-Amz-Signature=abc',
      sizeBytes: 2048,
      expiresAt: '2026-11-24T06:00:00.000Z',
    },
    refreshed: true,
    refreshFrom: '2026-11-24T04:00:00.000Z',
  },
  values: {
    files: [
      {
        display: 'values.yaml',
        changed: true,
        created: false,
        changes: [],
        diff: '',
        targets: [{ file: 'values.yaml', document: null, path: '', valuesKey: 'staticExport' }],
      },
      {
        display: 'prod/values.yaml',
        label: 'prod/values.yaml (HelmRelease/docs)',
        changed: false,
        created: false,
        changes: [],
        diff: '',
        targets: [
          {
            file: 'prod/values.yaml',
            document: 'HelmRelease/docs',
            path: 'spec.values',
            valuesKey: 'staticExport',
          },
        ],
      },
    ],
    changed: true,
  },
  download: { path: 'site.tar.gz', sha256: 'f'.repeat(64), bytes: 2048 },
  renderCheck: {
    outcome: 'skipped',
    outcomes: [
      {
        kind: 'found',
        label: 'values.yaml',
        documents: ['enterprise/templates/deployment.yaml'],
        chart: {
          name: 'enterprise',
          version: '1.4.0',
          from: 'chart repository https://charts.example.com',
          origin: 'HelmRepository docs/mintlify',
        },
        rollout: 'config-only',
        helm: { rendered: [3], unrendered: [4] },
      },
      { kind: 'skipped', label: 'prod/values.yaml', reason: 'no chart in reach' },
    ],
    proof: [],
  },
  helm: {
    release: { name: 'docs', namespace: 'web', revision: 5, status: 'deployed' },
    helm: { version: 'v3.19.0' },
  } as unknown as PublishResult['helm'],
  verified: {
    url: 'https://docs.example.com/',
    status: 200,
    page: 'index.html',
    checks: 2,
    durationMs: 900,
    servedBefore: false,
  },
};

describe("the action's outputs of a finished publish", () => {
  it('every output, named as action.yml names it, from an export', () => {
    expect(publishOutputs(exported)).toEqual({
      'job-id': 'se_0123456789abcdef',
      status: 'completed',
      'page-count': '7',
      'bundle-url': 'https://storage.example.com/b/site.tar.gz?X-Amz-Signature=abc',
      'expires-at': '2026-11-24T06:00:00.000Z',
      'refresh-by': '2026-11-24T06:00:00.000Z',
      'size-bytes': '2048',
      version: 'v42',
      'values-file': 'values.yaml\nprod/values.yaml',
      'values-targets':
        '[{"file":"values.yaml","document":null,"path":"","valuesKey":"staticExport"},' +
        '{"file":"prod/values.yaml","document":"HelmRelease/docs","path":"spec.values","valuesKey":"staticExport"}]',
      'values-changed': 'true',
      'bundle-path': 'site.tar.gz',
      'bundle-sha256': 'f'.repeat(64),
      'helm-revision': '5',
      'helm-version': 'v3.19.0',
      verified: 'true',
      'render-check': 'skipped',
      'rendered-charts':
        '[{"target":"values.yaml","chart":"enterprise","version":"1.4.0","source":"chart repository https://charts.example.com","origin":"HelmRepository docs/mintlify","rollout":"config-only","helm":[3],"helmUnrendered":[4]},' +
        '{"target":"prod/values.yaml","skipped":"no chart in reach"}]',
      proof: '[]',
      skipped: 'false',
      'refresh-from': '2026-11-24T04:00:00.000Z',
    });
    expect(publishedSource(exported)).toBe('export job se_0123456789abcdef (7 pages)');
  });

  it("from the team's own copy: no job, no expiry, and what is unknown is empty", () => {
    const mirror: PublishResult = {
      domain: undefined,
      version: '',
      dryRun: true,
      job: undefined,
      link: {
        bundle: {
          bundleUrl: 'https://mirror.example.com/a.tar.gz',
          sizeBytes: undefined,
          expiresAt: undefined,
        },
        refreshed: false,
      },
      values: {
        files: [{ display: 'values.yaml', changed: false, created: false, changes: [], diff: '' }],
        changed: false,
      },
      renderCheck: undefined,
    };
    expect(publishOutputs(mirror)).toEqual({
      'job-id': '',
      status: '',
      'page-count': '',
      'bundle-url': 'https://mirror.example.com/a.tar.gz',
      'expires-at': '',
      'refresh-by': '',
      'size-bytes': '',
      version: '',
      'values-file': 'values.yaml',
      // A file whose plan carried no targets (none written): an empty list, not a missing output.
      'values-targets': '[]',
      'values-changed': 'false',
      'bundle-path': '',
      'bundle-sha256': '',
      'helm-revision': '',
      'helm-version': '',
      verified: '',
      'render-check': '',
      proof: '[]',
      'rendered-charts': '',
      skipped: 'false',
      'refresh-from': '',
    });
    expect(publishedSource(mirror)).toBe('the bundle from bundle-url');
  });
});
