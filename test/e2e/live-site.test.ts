/**
 * The live-site check, end to end: the built action under Node 24 against the simulator and a
 * stand-in for the chart's pod, which reads the values file the action writes, fetches the bundle
 * from its bundleUrl after a restart delay, and serves the archive's pages (or stays on the
 * previous site). A site that answers 500 is test/reliability/faults.test.ts.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { tar, tarGz } from '../../simulator/tar.js';
import type { PodOptions } from '../../simulator/pod.js';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-api.js';
import { CHART, helmEnv } from '../helpers/helm.js';
import { runAction } from '../helpers/action.js';
import { publishWith, site, SITE_VALUES as VALUES } from '../helpers/live-site.js';
import { startMirror } from '../helpers/mirror.js';
import { closeAfterTest } from '../helpers/sim.js';

describe.concurrent('verify-url: the live site serves the new export', () => {
  it('passes once the pod has fetched the new bundle and serves its index.html', async () => {
    const { ws, pod } = await site();
    const { run } = await publishWith(ws, {
      'download-path': 'site.tar.gz',
      'verify-url': `${pod.url}/`,
      'verify-timeout': '20s',
    });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.outputs.verified).toBe('true');
    expect(pod.fetches.map((f) => f.status)).toEqual([200]);
    // The first look saw the previous site, the next one the new export.
    expect(run.stdout).toMatch(
      /: http:\/\/127\.0\.0\.1:\d+\/ answered HTTP 200 with a page that is not the bundle's site\/index\.html \(served \d+ bytes: "<!doctype html><html><body><h1>The previous export<\/h1>.*"\); checking again\./,
    );
    expect(run.stdout).toMatch(
      /The live site serves the new export: http:\/\/127\.0\.0\.1:\d+\/ equals site\/index\.html of the bundle \(check [2-9], after \d+\.\d{3}s\)\./,
    );
    expect(run.summary).toMatch(
      /\| Live site \| http:\/\/127\.0\.0\.1:\d+\/ serves the new export/,
    );
  });

  it('fails when the site stays on the previous export, with what it served', async () => {
    const { ws, pod } = await site('stuck');
    const { run } = await publishWith(ws, {
      'download-path': 'site.tar.gz',
      'verify-url': `${pod.url}/`,
      'verify-timeout': '3s',
    });
    expect(run.code).toBe(1);
    expect(run.outputs.verified).toBe('false');
    expect(run.stdout).toMatch(
      /::error::The live site did not serve the new export within verify-timeout \(3s\): http:\/\/127\.0\.0\.1:\d+\/ last answered HTTP 200 with a page that is not the bundle's site\/index\.html \(served \d+ bytes: "<!doctype html><html><body><h1>The previous export<\/h1><\/body><\/html>"\)(?: \(a later check was cut short by verify-timeout\))?\. Check that the pods restarted .* \(values\.yaml was updated\.\)/,
    );
    expect(pod.fetches).toEqual([]);
    // The publish itself went through: the values file holds the new link.
    expect(await readFile(join(ws, 'values.yaml'), 'utf8')).toMatch(/bundleUrl: "http/);
  });

  it('a check cut short by verify-timeout does not hide what the site last answered', async () => {
    // The pod answers 500 until it restarts with the new values, then holds every request: the
    // last check is still waiting when verify-timeout runs out, and says nothing of the site.
    // verify-timeout leaves a loaded machine time for the first answer (the 500) to arrive.
    const { ws, pod } = await site('error-then-hang');
    const { run } = await publishWith(ws, {
      'download-path': 'site.tar.gz',
      'verify-url': `${pod.url}/`,
      'verify-timeout': '8s',
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /::error::The live site did not serve the new export within verify-timeout \(8s\): http:\/\/127\.0\.0\.1:\d+\/ last answered HTTP 500 \(served 21 bytes: "Internal Server Error"\) \(a later check was cut short by verify-timeout\)\. Check that/,
    );
  });

  it('without download-path any 2xx counts, and the log says so', async () => {
    const { ws, pod } = await site('stuck');
    const { run } = await publishWith(ws, { 'verify-url': `${pod.url}/`, 'verify-timeout': '5s' });
    expect(run.code, run.stdout).toBe(0);
    expect(run.outputs.verified).toBe('true');
    expect(run.stdout).toContain(
      'The bundle was not downloaded (no download-path), so any 2xx answer counts, old content included: set download-path to compare the page with the new export.',
    );
    expect(run.stdout).toMatch(
      /The live site answers: http:\/\/127\.0\.0\.1:\d+\/ answered HTTP 200/,
    );
    // The pod never fetched the bundle: what passed was the previous site.
    expect(pod.fetches).toEqual([]);
  });

  it('a verify-url the bundle has no page for is refused before the values file is written', async () => {
    const { ws, pod } = await site();
    const { run } = await publishWith(ws, {
      'download-path': 'site.tar.gz',
      'verify-url': `${pod.url}/guides/nope`,
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      '::error::Input "verify-url": the bundle has no page for /guides/nope (looked for guides/nope.html, guides/nope/index.html, guides/nope), so the live site cannot be compared with it.',
    );
    expect(await readFile(join(ws, 'values.yaml'), 'utf8')).toBe(VALUES);
  });

  it('runs after the Helm rollout, and checks the page of a path', async () => {
    const { ws, pod } = await site();
    const h = await helmEnv('helm4');
    const { run } = await publishWith(
      ws,
      {
        'download-path': 'site.tar.gz',
        'verify-url': `${pod.url}/page-1`,
        'verify-timeout': '20s',
        'helm-release': 'docs',
        'helm-chart': CHART,
      },
      h.env,
    );
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const rollout = run.stdout.indexOf('::group::Helm upgrade of release docs');
    const check = run.stdout.indexOf('::group::Check the live site at');
    expect(rollout).toBeGreaterThan(0);
    expect(check).toBeGreaterThan(rollout);
    expect(run.stdout).toMatch(/equals site\/page-1\.html of the bundle/);
  });
});

describe.concurrent('the mirror flow: bundle-url, then the live-site check', () => {
  it('the pod fetches the mirror named in the values file, and the page equals the archive', async () => {
    const archive = tarGz([
      { name: 'site/index.html', content: '<h1>mirrored home</h1>\n' },
      { name: 'site/guides/start.html', content: '<h1>start</h1>\n' },
    ]);
    const sha = createHash('sha256').update(archive).digest('hex');
    const m = await startMirror();
    m.files.set(`/docs/${sha}.tar.gz`, archive);
    const { ws, pod } = await site();
    // No service at all: a placeholder key and the default base-url, not a simulator's inputs.
    const run = await runAction({
      workspace: ws,
      inputs: {
        'api-key': 'mint_unused_0123456789',
        'values-file': 'values.yaml',
        'bundle-url': `${m.url}/docs/${sha}.tar.gz`,
        'download-path': 'site.tar.gz',
        'verify-url': `${pod.url}/guides/start`,
        'verify-timeout': '20s',
      },
    });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.outputs).toMatchObject({ verified: 'true', 'bundle-sha256': sha, 'job-id': '' });
    expect(pod.fetches).toEqual([{ path: `/docs/${sha}.tar.gz`, status: 200 }]);
    expect(run.stdout).toMatch(/equals site\/guides\/start\.html of the bundle/);
    expect(run.stdout).not.toContain('before anything is written');
    expect(run.summary).not.toContain('it did before the write too');
  });

  it('a check of a page the site already served before the write says it proves no new link', async () => {
    // The same mirrored bundle twice: the second run finds the page live before it writes.
    const archive = tarGz([{ name: 'site/index.html', content: '<h1>mirrored home</h1>\n' }]);
    const sha = createHash('sha256').update(archive).digest('hex');
    const m = await startMirror();
    m.files.set(`/docs/${sha}.tar.gz`, archive);
    const { ws, pod } = await site();
    const inputs = {
      'api-key': 'mint_unused_0123456789',
      'values-file': 'values.yaml',
      'bundle-url': `${m.url}/docs/${sha}.tar.gz`,
      'download-path': 'site.tar.gz',
      'verify-url': `${pod.url}/`,
      'verify-timeout': '20s',
    };
    const first = await runAction({ workspace: ws, inputs });
    expect(first.code, first.stdout + first.stderr).toBe(0);
    expect(first.stdout).not.toContain('before anything is written');
    // Recorded as a deployment: its success claims no new values and no proof of the new link.
    const g = closeAfterTest(await startFakeGitHub());
    const again = await runAction({
      workspace: ws,
      inputs: { ...inputs, environment: 'docs-production' },
      env: { GITHUB_API_URL: g.apiUrl, GITHUB_SHA: 'a'.repeat(40) },
    });
    expect(again.code, again.stdout + again.stderr).toBe(0);
    expect(again.outputs.verified).toBe('true');
    expect(g.statuses()[1]!.body.description).toBe(
      'Published the bundle from bundle-url, values unchanged, live site serves it (it did before)',
    );
    expect(again.stdout).toMatch(
      /http:\/\/127\.0\.0\.1:\d+\/ already serves the new export's page, before anything is written .*: the live-site check will show the content is live, not which link the site fetched it from\./,
    );
    expect(again.stdout).toMatch(
      /The live site serves the new export: .* \(check 1, after [\d.]+s\)\. It served this page before the values were written too/,
    );
    expect(again.summary).toMatch(
      /serves the new export \(equals `site\/index\.html`; it did before the write too\)/,
    );
    // One bundle fetch by the pod: the second run wrote nothing new.
    expect(pod.fetches).toHaveLength(1);
  });

  it('a mirrored bundle whose tar is corrupt fails the check before the values file is written', async () => {
    const corrupt = tar([{ name: 'site/index.html', content: '<h1>mirrored home</h1>\n' }]);
    corrupt[0]! ^= 0x20; // the first letter of the name: the header's checksum no longer matches
    const archive = gzipSync(corrupt);
    const sha = createHash('sha256').update(archive).digest('hex');
    const m = await startMirror();
    m.files.set(`/docs/${sha}.tar.gz`, archive);
    const { ws, pod } = await site();
    const run = await runAction({
      workspace: ws,
      inputs: {
        'api-key': 'mint_unused_0123456789',
        'values-file': 'values.yaml',
        'bundle-url': `${m.url}/docs/${sha}.tar.gz`,
        'download-path': 'site.tar.gz',
        'verify-url': `${pod.url}/`,
        'verify-timeout': '20s',
      },
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      '::error::The bundle downloaded from bundle-url cannot be read as a .tar.gz archive (the bundle is not a tar archive (a header is corrupt)), so the live site cannot be compared with it.',
    );
    expect(await readFile(join(ws, 'values.yaml'), 'utf8')).toBe(VALUES);
    expect(pod.fetches).toEqual([]);
  });
});

describe.concurrent('verify-url with a GitHub deployment', () => {
  async function github(): Promise<FakeGitHub> {
    const g = await startFakeGitHub();
    closeAfterTest(g);
    return g;
  }
  const env = (g: FakeGitHub) => ({ GITHUB_API_URL: g.apiUrl, GITHUB_SHA: 'a'.repeat(40) });

  /** A publish to docs-production checked against a pod in `mode`, without a download. */
  async function uncompared(mode: PodOptions['mode'], timeout: string) {
    const { ws, pod } = await site(mode);
    const g = await github();
    const { run } = await publishWith(
      ws,
      { 'verify-url': `${pod.url}/`, 'verify-timeout': timeout, environment: 'docs-production' },
      env(g),
    );
    return { run, g };
  }

  it('without download-path the success says the site answered, not that it was verified', async () => {
    const { run, g } = await uncompared('stuck', '5s');
    expect(run.code, run.stdout).toBe(0);
    expect(g.accepted).toEqual(['in_progress', 'success']);
    expect(g.statuses()[1]!.body.description).toMatch(
      /^Published export job se_\w+ \(\d+ pages\), values written, not rolled out, live site answered, not compared$/,
    );
  });

  it('success only after the check, and environment-url defaults to verify-url', async () => {
    const { ws, pod } = await site();
    const g = await github();
    const verifyUrl = `${pod.url}/`;
    const { run } = await publishWith(
      ws,
      {
        'download-path': 'site.tar.gz',
        'verify-url': verifyUrl,
        'verify-timeout': '20s',
        environment: 'docs-production',
      },
      env(g),
    );
    expect(run.code, run.stdout).toBe(0);
    expect(g.accepted).toEqual(['in_progress', 'success']);
    const success = g.statuses()[1]!.body;
    expect(success).toMatchObject({
      state: 'success',
      environment_url: verifyUrl,
      description: expect.stringMatching(/, live site verified$/),
    });
    // The success was sent after the site served the new export.
    const served = run.stdout.indexOf('The live site serves the new export');
    expect(served).toBeGreaterThan(0);
    expect(
      run.stdout.indexOf(`GitHub deployment ${run.outputs['deployment-id']}: success`),
    ).toBeGreaterThan(served);
  });

  it('a failed check ends the deployment as failure', async () => {
    const { run, g } = await uncompared('error', '1s');
    expect(run.code).toBe(1);
    expect(g.accepted).toEqual(['in_progress', 'failure']);
    expect(g.statuses()[1]!.body.description).toMatch(
      /^The live site did not answer 2xx within verify-timeout \(1s\)/,
    );
  });
});
