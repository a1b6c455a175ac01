import { describe, expect, it } from 'vitest';
import type { PublishResult } from '../../src/publish/pipeline.js';
import { successSummary } from '../../src/publish/summary.js';

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
});
