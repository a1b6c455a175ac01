import { describe, expect, it } from 'vitest';
import type { PublishResult } from '../../src/publish/pipeline.js';
import { successSummary } from '../../src/publish/summary.js';
import type { ProofRecord } from '../../src/gitops/types.js';

function result(diff: string): PublishResult {
  return {
    domain: 'docs.example.com',
    version: '',
    dryRun: true,
    job: {
      id: 'se_0123456789abcdef',
      status: 'completed',
      pageCount: 3,
      durationMs: 1000,
      polls: 2,
    },
    link: {
      bundle: {
        bundleUrl: 'https://storage.example.com/b/site.tar.gz?X-Amz-Signature=abcdef0123456789',
        sizeBytes: 1000,
        expiresAt: '2026-11-24T06:00:00.000Z',
      },
      refreshed: false,
    },
    values: {
      files: [
        {
          display: 'values.yaml',
          changed: true,
          created: false,
          changes: ['bundleUrl updated'],
          diff,
        },
      ],
      changed: true,
    },
    renderCheck: undefined,
  };
}

describe('the job summary', () => {
  it('keeps a values diff that holds ``` inside its code block', () => {
    const diff =
      '--- a/values.yaml\n+++ b/values.yaml\n@@ -1,3 +1,3 @@\n # ```\n # </details> @team\n-  bundleUrl: ""\n+  bundleUrl: "https://storage.example.com/b/site.tar.gz?…"\n';
    const summary = successSummary(result(diff), Date.parse('2026-11-24T00:00:00Z'), {
      url: undefined,
    });
    // The fence is longer than any run of backticks in the diff: no line of it closes the block.
    expect(summary).toContain(`\n\`\`\`\`diff\n${diff}\`\`\`\`\n`);
    const opened = summary.indexOf('````diff\n');
    const closed = summary.indexOf('\n````\n', opened);
    expect(summary.slice(opened, closed)).toContain('+  bundleUrl:');
  });

  it("render-check off: no release's chart rendered, only an app of apps' own (to find its Applications)", () => {
    const summary = successSummary(result(''), Date.parse('2026-11-24T00:00:00Z'), {
      url: undefined,
    });
    expect(summary).toContain(
      "Render check: **off**. No release's chart was rendered (only an app of apps' own chart in this checkout, to find its Applications)",
    );
    expect(summary).not.toContain('Nothing was rendered');
  });

  it('names its columns in the header row and says, per target, what the render check rendered', () => {
    const found = {
      kind: 'found' as const,
      label: 'helm-release docs (chart docs/enterprise)',
      documents: ['enterprise/templates/configmap.yaml'],
      chart: { name: 'enterprise', version: '1.4.0', from: 'helm repository docs' },
      rollout: 'config-only' as const,
    };
    const withHelm: PublishResult = {
      ...result(''),
      renderCheck: { outcome: 'true', outcomes: [found], proof: [] },
      helm: {
        release: { name: 'docs', namespace: 'docs', revision: 2, status: 'deployed' },
        helm: { version: 'v3.17.3' },
      } as unknown as PublishResult['helm'],
    };
    const summary = successSummary(withHelm, Date.parse('2026-11-24T00:00:00Z'), {
      url: undefined,
    });
    expect(summary).toMatch(
      /^### .*\n\n\| What \| This run \|\n\|---\|---\|\n\| Domain \| docs\.example\.com \|\n\| Export job /,
    );
    expect(summary).toContain(
      '- `helm-release docs (chart docs/enterprise)`: **rendered**: the chart `enterprise 1.4.0 (helm repository docs)` renders the link; only in a ConfigMap or Secret no pod template checksums: the release was upgraded but not rolled',
    );
    expect(summary).toContain('- Through the cluster: **nothing built**.');
    const rolled = successSummary(
      {
        ...withHelm,
        renderCheck: {
          outcome: 'true',
          outcomes: [{ ...found, rollout: 'pod-template' }],
          proof: [],
        },
      },
      Date.parse('2026-11-24T00:00:00Z'),
      { url: undefined },
    );
    expect(rolled).toContain('renders the link; in a pod template: the pods roll.');
  });

  it('explains an empty proof, and lists the readers of one that is not', () => {
    const why =
      'no release in this checkout reads charts/docs/values.yaml; only the chart beside it was checked, by the render check.';
    const check = (proof: ProofRecord[], emptyProof?: string) =>
      successSummary(
        {
          ...result(''),
          renderCheck: {
            outcome: 'true',
            outcomes: [],
            proof,
            ...(emptyProof ? { emptyProof } : {}),
          },
        },
        Date.parse('2026-11-24T00:00:00Z'),
        { url: undefined },
      );
    expect(check([], why)).toContain(`- Through the cluster: ${why}`);
    const read = check([
      {
        target: 'charts/docs/values.yaml',
        reader: 'HelmRelease/docs/docs',
        entry: 'as written (apps/docs/kustomization.yaml)',
        level: 'rendered',
      },
    ]);
    expect(read).toContain(
      '- Through the cluster: charts/docs/values.yaml as written (apps/docs/kustomization.yaml), read by HelmRelease/docs/docs: the chart renders the link.',
    );
    expect(read).not.toContain('no release in this checkout');
  });

  it('says the helm major a record was rendered with, and the step that adds the one it was not', () => {
    const summary = successSummary(
      {
        ...result(''),
        renderCheck: {
          outcome: 'true',
          outcomes: [],
          proof: [
            {
              target: 'apps/docs/release.yaml (HelmRelease/docs)',
              reader: 'HelmRelease/docs/docs',
              entry: 'Kustomization/flux-system/apps',
              level: 'rendered',
              helm: [3],
              helmUnrendered: [4],
            },
          ],
          helmNote: {
            text: 'The charts were rendered with Helm 3 only: add a step before this one:',
            step: '      - uses: azure/setup-helm@v4\n        with:\n          version: v4.2.3',
          },
        },
      },
      Date.parse('2026-11-24T00:00:00Z'),
      { url: undefined },
    );
    expect(summary).toContain(
      'read by HelmRelease/docs/docs: the chart renders the link with Helm 3 (not Helm 4, which this runner does not have).',
    );
    expect(summary).toContain(
      '- The charts were rendered with Helm 3 only: add a step before this one:\n\n  ```yaml\n        - uses: azure/setup-helm@v4\n',
    );
  });
});
