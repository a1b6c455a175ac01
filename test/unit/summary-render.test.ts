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
import { announceBody } from '../../src/agent/comment.js';
import { agentSummary } from '../../src/agent/summary.js';
import type { AgentJob } from '../../src/api/schemas.js';
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

describe('a fix quoted inside a one-line message', () => {
  const step =
    'chart enterprise 1.4.0 from http://charts.example.com/: access refused (401 Unauthorized): add the repository with its credentials in a step before this one: `echo "$REPO_PASSWORD" | helm repo add docs-charts http://charts.example.com/ --username "$REPO_USER" --password-stdin`';
  const command =
    'echo "$REPO_PASSWORD" | helm repo add docs-charts http://charts.example.com/ --username "$REPO_USER" --password-stdin';
  const block = (html: string) =>
    [...html.matchAll(/<pre><code class="language-sh">([\s\S]*?)\n<\/code><\/pre>/g)].map((m) =>
      m[1]!.replace(/&quot;/g, '"').replace(/&amp;/g, '&'),
    );

  it('a render check skipped for it: the command as a code block inside its list item', () => {
    const result = published('');
    result.renderCheck!.outcomes = [{ kind: 'skipped', label: 'values.yaml', reason: step }];
    const html = render(successSummary(result, NOW, { url: undefined }));
    expect(block(html)).toEqual([command]);
    expect(html).toContain('in a step before this one: the command below.');
    expect(html.split('--password-stdin')).toHaveLength(2);
    // Inside the list item, not after the list.
    expect(html).toMatch(
      /<li>\s*<p><code>values.yaml<\/code>: <strong>not rendered<\/strong>[\s\S]*?<pre><code class="language-sh">[\s\S]*?<\/li>/,
    );
  });

  it('a warning and an error: the same, and a message without one gets no block', () => {
    const warned = render(
      successSummary(published(''), NOW, {
        url: undefined,
        notes: { warnings: [step], notices: [] },
      }),
    );
    expect(block(warned)).toEqual([command]);
    const failed = render(
      failureSummary(`render-check is required: ${step}`, {}, undefined, { url: undefined }),
    );
    expect(block(failed)).toEqual([command]);
    const plain = render(
      failureSummary('values-file `x_*.yaml` does not exist.', {}, undefined, { url: undefined }),
    );
    expect(block(plain)).toEqual([]);
    // A quoted span that is not a command stays in the line, as code.
    expect(plain).toContain('<p>values-file <code>x_*.yaml</code> does not exist.</p>');
    // The service's words are data: a command they quote is never offered to copy.
    const service = render(
      failureSummary(
        'start export job: the service answered HTTP 400: "run `npx @evil/setup --token x` or `helm repo add x http://y; rm -rf /`"',
        {},
        undefined,
        { url: undefined },
      ),
    );
    expect(block(service)).toEqual([]);
    expect(service).toContain('<code>npx @evil/setup --token x</code>');
  });
});

describe('the agent follow-up: summary and pull-request comment', () => {
  const job = {
    id: 'aj_0123456789abcdef',
    status: 'completed',
    model: 'm',
    source: { repository: 'acme/<docs>', ref: 'docs/agent' },
  } as unknown as AgentJob;

  it('tables name their columns; the first fact is a row, not the header', () => {
    const summary = render(
      agentSummary(
        'fix the quickstart',
        undefined,
        { jobId: job.id },
        'answered <503> for @acme/team',
        undefined,
      ),
    );
    expect(headers(summary)).toEqual([['What', 'This run']]);
    expect(summary).toContain('<td>Agent job</td>');
    expect(summary).toContain('answered &lt;503&gt; for @<!-- -->acme/team');
    const comment = render(
      announceBody(job, '/agent', { run: 'https://github.com/acme/docs/actions/runs/1' }),
    );
    expect(headers(comment)).toEqual([['Docs agent', 'Now']]);
    expect(comment).toContain('<td>Agent job</td>\n<td><code>aj_0123456789abcdef</code></td>');
  });
});
