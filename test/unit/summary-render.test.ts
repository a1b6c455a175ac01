/**
 * The job summary as GitHub shows it: GitHub renders a step's summary as GitHub Flavored Markdown
 * with its HTML (details, summary, comments) passed through, which micromark with its GFM
 * extension does here. What a reader sees is checked in the HTML: the header row names the
 * columns, a fix is a code block to copy, every warning is listed, and text from files, inputs
 * and errors shows as it is.
 */
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
import { describe, expect, it } from 'vitest';
import type { PublishResult } from '../../src/publish/pipeline.js';
import {
  failureSummary,
  skipSummary,
  successSummary,
  SUMMARY_LIMIT_BYTES,
} from '../../src/publish/summary.js';

const render = (markdown: string) =>
  micromark(markdown, {
    allowDangerousHtml: true,
    extensions: [gfm()],
    htmlExtensions: [gfmHtml()],
  });

const NOW = Date.parse('2026-11-24T00:00:00Z');

function published(diff: string): PublishResult {
  return {
    domain: 'docs.example.com',
    version: '',
    dryRun: false,
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
          display: 'clusters/prod/docs_values.yaml',
          changed: true,
          created: false,
          changes: ['bundleUrl updated'],
          diff,
        },
      ],
      changed: true,
    },
    renderCheck: {
      outcome: 'skipped',
      outcomes: [
        {
          kind: 'skipped',
          label: 'clusters/prod/docs_values.yaml',
          reason: 'no chart in reach: helm-chart <repo>/enterprise needs a login',
        },
      ],
      proof: [],
    },
  };
}

const notes = {
  warnings: [
    "The schedule of .github/workflows/publish-docs.yml (cron '17 3 * * *', UTC) leaves up to 1d between runs, but the bundle link lives 6h",
    'The bundle link expires in 45m (at 2026-11-24T00:45:00Z). Run it more often, or ask @docs-team',
  ],
  notices: ['Input "domain" was normalised to docs.example.com (from https://Docs.Example.com/).'],
};

/** The header cells of every table in the HTML. */
const headers = (html: string) =>
  [...html.matchAll(/<thead>([\s\S]*?)<\/thead>/g)].map((m) =>
    [...m[1]!.matchAll(/<th[^>]*>([\s\S]*?)<\/th>/g)].map((c) => c[1]),
  );

describe('the job summary, rendered as GitHub renders it', () => {
  it('a success: columns named, the proof in words, every warning and notice listed, the diff folded', () => {
    const diff =
      '--- a/values.yaml\n+++ b/values.yaml\n@@ -1 +1 @@\n-  bundleUrl: ""\n+  bundleUrl: "https://storage.example.com/b/site.tar.gz?…"\n';
    const html = render(successSummary(published(diff), NOW, { url: undefined, notes }));
    expect(headers(html)).toEqual([['What', 'This run']]);
    expect(html).toContain('<td>Domain</td>\n<td>docs.example.com</td>');
    // A file name with underscores is not turned into emphasis; a <repo> is shown, not dropped.
    expect(html).toContain('<code>clusters/prod/docs_values.yaml</code>');
    expect(html).toContain(
      '<strong>not rendered</strong>: no chart in reach: helm-chart &lt;repo&gt;/enterprise needs a login.',
    );
    expect(html).toContain('Through the cluster: <strong>nothing built</strong>.');
    expect(html).toContain('<h4>Warnings (2)</h4>');
    const items = [...html.matchAll(/<li>([\s\S]*?)<\/li>/g)].map((m) => m[1]);
    expect(items).toEqual(
      expect.arrayContaining([
        expect.stringContaining('leaves up to 1d between runs, but the bundle link lives 6h'),
        expect.stringContaining('Run it more often, or ask @<!-- -->docs-team'),
        expect.stringContaining('Input &quot;domain&quot; was normalised'),
      ]),
    );
    expect(html).toContain('<h4>Notices (1)</h4>');
    expect(html).toMatch(
      /<details><summary>Values diff<\/summary>\n<pre><code class="language-diff">--- a\/values.yaml\n/,
    );
  });

  it('a refusal: the error as text, its fix as a code block to copy, the resume command too', () => {
    const message =
      'helm-release is set, but helm was not found on PATH. Add a step that installs it before this one:\n      - uses: azure/setup-helm@v4\n        with:\n          version: v3.17.3';
    const html = render(
      failureSummary(
        message,
        { jobId: 'se_0123456789abcdef', status: 'completed' },
        'docs.example.com',
        { url: 'https://github.com/acme/docs/actions/runs/1', notes },
      ),
    );
    expect(headers(html)).toEqual([['What', 'This run']]);
    expect(html).not.toMatch(/<th[^>]*>[^<]*helm/);
    expect(html).toContain(
      '<p>helm-release is set, but helm was not found on PATH. Add a step that installs it before this one:</p>',
    );
    expect(html).toContain(
      '<pre><code class="language-yaml">- uses: azure/setup-helm@v4\n  with:\n    version: v3.17.3\n</code></pre>',
    );
    expect(html).toContain(
      '<pre><code class="language-yaml">job-id: se_0123456789abcdef\n</code></pre>',
    );
    expect(html).toContain('<h4>Warnings (2)</h4>');
  });

  it('an error that holds markup shows it as text', () => {
    const html = render(
      failureSummary(
        'values-file "a_b*c*.yaml" is not valid YAML at <line 3>: see [docs](x) | fix it',
        {},
        undefined,
        { url: undefined },
      ),
    );
    expect(headers(html)).toEqual([]);
    expect(html).toContain(
      '<p>values-file &quot;a_b*c*.yaml&quot; is not valid YAML at &lt;line 3&gt;: see [docs](x) | fix it</p>',
    );
  });

  it('a keep-alive skip says why, escaped', () => {
    const html = render(
      skipSummary('the link in <values.yaml> expires in 20h', { url: undefined }),
    );
    expect(html).toContain('the link in &lt;values.yaml&gt; expires in 20h');
  });

  it('stays under the 1 MiB GitHub takes, leaving a huge diff out and saying so', () => {
    const diff = `--- a/values.yaml\n+++ b/values.yaml\n${'+  line: "x"\n'.repeat(120_000)}`;
    const markdown = successSummary(published(diff), NOW, { url: undefined, notes });
    expect(Buffer.byteLength(markdown)).toBeLessThanOrEqual(SUMMARY_LIMIT_BYTES);
    expect(markdown).toMatch(
      /The values diff \([\d.]+ MiB\) is left out: a job summary holds at most 1 MiB/,
    );
    expect(headers(render(markdown))).toEqual([['What', 'This run']]);
    const long = failureSummary(`${'x'.repeat(100)}\n${'y '.repeat(700_000)}`, {}, undefined, {
      url: undefined,
    });
    expect(Buffer.byteLength(long)).toBeLessThanOrEqual(SUMMARY_LIMIT_BYTES);
    expect(render(long)).toContain('The rest is left out');
  });
});
