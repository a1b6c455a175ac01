/**
 * The link stays usable, end to end with the built action under Node 24: an expired link is
 * refreshed, bundle-url publishes a team's own copy without any export, and the schedule
 * watchdog warns when the workflow runs less often than the link lives.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tarGz } from '../../simulator/tar.js';
import { maskedValues, newWorkspace, runAction, runPublish } from '../helpers/action.js';
import { startMirror } from '../helpers/mirror.js';
import { sim } from '../helpers/sim.js';
import type { Simulator } from '../../simulator/server.js';

const quick = { queuedMs: 0, runningMs: 150, pageCount: 3 };
/** A fixed 1 s interval, as in the other e2e files: these tests are about the link, not the schedule. */
const fast = { 'poll-interval': '1s' };
const VALUES = 'replicaCount: 1 # one pod\nstaticExport:\n  enabled: false\n  bundleUrl: ""\n';
const EXPIRED = { type: 'expired' } as const;

/** A publish of docs.example.com with download-path, in a new workspace. */
async function publishAndDownload(s: Simulator) {
  const run = await runPublish(s, {
    values: VALUES,
    inputs: { 'download-path': 'site.tar.gz', ...fast },
  });
  return { ws: run.workspace, run };
}

describe.concurrent('an expired link is refreshed', () => {
  it('the storage refuses the first link as expired: a fresh one is generated, downloaded and written', async () => {
    const s = await sim({ export: quick, faults: [{ op: 'download', fault: EXPIRED }] });
    const { ws, run } = await publishAndDownload(s);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(s.requestsFor('bundle').map((r) => r.status)).toEqual([200, 200]);
    expect(s.requestsFor('download').map((r) => r.status)).toEqual([403, 200]);
    const refreshed = run.stdout.split('\n').filter((l) => l.includes('Bundle link refreshed'));
    expect(refreshed).toHaveLength(1);
    expect(refreshed[0]).toMatch(
      /^Bundle link refreshed: the first link was not usable \(127\.0\.0\.1:\d+ refused it \(HTTP 403: AccessDenied: Request has expired\)\); the fresh one expires \d{4}-/,
    );
    // The values file and the outputs carry the link the download used (generated within the
    // same second, the simulator's second link may equal the first, as an S3 one would).
    const link = run.outputs['bundle-url']!;
    expect(maskedValues(run.stdout)).toContain(link);
    expect(await readFile(join(ws, 'values.yaml'), 'utf8')).toContain(`bundleUrl: "${link}"`);
    expect(run.summary).toContain('link refreshed');
    expect(run.stdout).not.toMatch(/::error::/);
  });

  it("the storage's reason is shown as text: a line break, ESC or :: in it starts no workflow command", async () => {
    const body =
      '<Error><Code>AccessDenied\n::error::forged</Code><Message>Request \u001b[31mhas expired\r\n::warning::x</Message></Error>';
    const s = await sim({
      export: quick,
      faults: [{ op: 'download', fault: { type: 'status', status: 403, body } }],
    });
    const { run } = await publishAndDownload(s);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).not.toMatch(/^::(error|warning)::/m);
    expect(run.stdout + run.stderr).not.toContain('\u001b');
    const refreshed = run.stdout.split('\n').find((l) => l.includes('Bundle link refreshed'));
    expect(refreshed).toContain(
      '(HTTP 403: AccessDenied\\u000a::error::forged: Request \\u001b[31mhas expired',
    );
  });

  it('a link whose expiresAt has passed is replaced before the download starts', async () => {
    const s = await sim({ export: quick, linkLifetimesMs: [-60_000] });
    const { run } = await publishAndDownload(s);
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).toMatch(
      /Bundle link refreshed: the first link was not usable \(it expired at \S+, before it was used\)/,
    );
    expect(s.requestsFor('bundle')).toHaveLength(2);
    expect(s.requestsFor('download').map((r) => r.status)).toEqual([200]);
    expect(Date.parse(run.outputs['expires-at']!)).toBeGreaterThan(Date.now());
  });

  it('a fresh link refused again fails with the storage reason and leaves the file alone', async () => {
    const s = await sim({
      export: quick,
      faults: [{ op: 'download', times: Infinity, fault: EXPIRED }],
    });
    const { ws, run } = await publishAndDownload(s);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /::error::Downloading the bundle failed: 127\.0\.0\.1:\d+ refused a freshly generated link too \(HTTP 403: AccessDenied: Request has expired\)\..* values\.yaml was not changed\./,
    );
    expect(s.requestsFor('bundle')).toHaveLength(2);
    expect(s.requestsFor('download')).toHaveLength(2);
    expect(await readFile(join(ws, 'values.yaml'), 'utf8')).toBe(VALUES);
    expect(await readdir(ws)).toEqual(['values.yaml']);
  });
});

describe.concurrent('bundle-url: a stable copy of the bundle, no export', () => {
  const archive = tarGz([{ name: 'site/index.html', content: '<h1>mirrored</h1>\n' }]);
  const sha = createHash('sha256').update(archive).digest('hex');

  it('checks the URL and writes it with enabled and version; no request reaches the service', async () => {
    const s = await sim({ export: quick });
    // A presigned GET link refuses HEAD: the check is a GET of the first bytes.
    const m = await startMirror({ refuseHead: true });
    m.files.set(`/docs/${sha}.tar.gz`, archive);
    const url = `${m.url}/docs/${sha}.tar.gz?X-Amz-Signature=0123456789abcdef0123&X-Amz-Expires=604800`;
    const run = await runPublish(s, {
      values: VALUES,
      inputs: { domain: '', 'bundle-url': url, version: 'v7', paths: 'guides/a' },
    });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(s.requests).toHaveLength(0);
    expect(m.requests.map((r) => `${r.method} ${r.range ?? ''} ${r.status}`)).toEqual([
      'GET bytes=0-1 206',
    ]);
    expect(await readFile(join(run.workspace, 'values.yaml'), 'utf8')).toBe(
      `replicaCount: 1 # one pod\nstaticExport:\n  enabled: true\n  bundleUrl: "${url}"\n  version: "v7"\n`,
    );
    expect(maskedValues(run.stdout)).toContain(url);
    expect(run.stdout).toContain(
      '::warning::Input "paths" is ignored because bundle-url is given: nothing is exported.',
    );
    expect(run.outputs).toMatchObject({
      'job-id': '',
      status: '',
      'page-count': '',
      'expires-at': '',
      'refresh-by': '',
      'size-bytes': String(archive.length),
      'bundle-url': url,
      version: 'v7',
    });
    // Signed, but with no X-Amz-Date its expiry cannot be read: unknown, and warned about.
    expect(run.summary).toContain(
      'unknown (a presigned bundle-url whose expiry cannot be read, see the warning)',
    );
    expect(run.stdout).toContain(
      '::warning::bundle-url is a presigned link whose expiry is unknown (the link states no expiry the action can read)',
    );
  });

  it('a presigned bundle-url that dies in 10 minutes: its expiry is the output, and a warning says so', async () => {
    const m = await startMirror();
    m.files.set(`/docs/${sha}.tar.gz`, archive);
    const signed = new Date(Math.floor(Date.now() / 1000) * 1000);
    const amzDate = signed
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d+Z$/, 'Z');
    const url = `${m.url}/docs/${sha}.tar.gz?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Date=${amzDate}&X-Amz-Expires=600&X-Amz-Signature=0123456789abcdef0123`;
    const expires = new Date(signed.getTime() + 600_000).toISOString();
    const run = await runAction({
      workspace: await newWorkspace({ 'values.yaml': VALUES }),
      inputs: { 'api-key': '', 'values-file': 'values.yaml', 'bundle-url': url },
    });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.outputs).toMatchObject({ 'expires-at': expires, 'refresh-by': expires });
    expect(run.stdout).toContain(
      `bundle-url is a presigned link: it expires at ${expires}, as its query says.`,
    );
    const warnings = run.stdout.split('\n').filter((l) => l.startsWith('::warning::'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^::warning::The bundle link expires in (10m|9m\d\ds) \(at \S+\)\. Pods fetch the bundle when they start: any pod that starts after that cannot\. Sign bundle-url for longer/,
    );
    expect(run.summary).toMatch(
      /\| Link expires \| \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC \(in (10m|9m\d\ds)\)/,
    );
    expect(run.summary).toContain('(bundle-url: your own copy, nothing exported)');
  });

  it('needs no api-key: published with the key left out, nothing asked of the service', async () => {
    const s = await sim({ export: quick });
    const m = await startMirror();
    m.files.set(`/docs/${sha}.tar.gz`, archive);
    const url = `${m.url}/docs/${sha}.tar.gz`;
    const run = await runPublish(s, {
      values: VALUES,
      inputs: { 'api-key': '', domain: '', 'bundle-url': url },
    });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(s.requests).toHaveLength(0);
    expect(run.stdout).not.toMatch(/::(error|warning)::/);
    expect(await readFile(join(run.workspace, 'values.yaml'), 'utf8')).toContain(
      `bundleUrl: "${url}"`,
    );
  });

  it('without bundle-url the key is still required: refused naming api-key, before any request', async () => {
    const s = await sim({ export: quick });
    const run = await runPublish(s, { values: VALUES, inputs: { 'api-key': ' ' } });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /::error::Input "api-key" is empty\. Pass the admin API key from a secret/,
    );
    expect(s.requests).toHaveLength(0);
    expect(await readFile(join(run.workspace, 'values.yaml'), 'utf8')).toBe(VALUES);
  });

  it('an unreachable or missing URL, or a page that is not the bundle, fails the step and leaves the values file as it was', async () => {
    const m = await startMirror();
    m.files.set('/docs/login.tar.gz', Buffer.from('<html>Sign in</html>'));
    for (const url of [
      `${m.url}/docs/missing.tar.gz`,
      'http://127.0.0.1:9/docs/x.tar.gz',
      `${m.url}/docs/login.tar.gz`,
    ]) {
      const ws = await newWorkspace({ 'values.yaml': VALUES });
      // No service at all: a placeholder key and the default base-url, not a simulator's inputs.
      const run = await runAction({
        workspace: ws,
        inputs: {
          'api-key': 'mint_unused_0123456789',
          'values-file': 'values.yaml',
          'bundle-url': url,
        },
      });
      expect(run.code).toBe(1);
      expect(run.stdout).toMatch(
        url.includes('missing')
          ? /::error::Input "bundle-url": http:\/\/127\.0\.0\.1:\d+\/docs\/missing\.tar\.gz answered HTTP 404 \(NoSuchKey: The specified key does not exist\.\) to a GET of its first bytes\..*values\.yaml was not changed\./
          : url.includes('login')
            ? /::error::Input "bundle-url": http:\/\/127\.0\.0\.1:\d+\/docs\/login\.tar\.gz answered HTTP 206 with a body starting 3c 68, not gzip data .*values\.yaml was not changed\./
            : /::error::Input "bundle-url": http:\/\/127\.0\.0\.1:9\/docs\/x\.tar\.gz cannot be reached from the runner \(ECONNREFUSED\)\..*values\.yaml was not changed\./,
      );
      expect(await readFile(join(ws, 'values.yaml'), 'utf8')).toBe(VALUES);
    }
  });

  it('bundle-url with domain or job-id is refused before any request, naming both inputs', async () => {
    const s = await sim();
    const m = await startMirror();
    for (const [other, value] of [
      ['domain', 'docs.example.com'],
      ['job-id', 'se_3f9a2c1b8e7d4a06'],
    ] as const) {
      const run = await runPublish(s, {
        inputs: { domain: '', 'bundle-url': `${m.url}/docs/site.tar.gz`, [other]: value },
      });
      expect(run.code).toBe(1);
      expect(run.stdout).toContain(
        `::error::Input "bundle-url" is set together with ${other}. With bundle-url the action publishes a bundle you host yourself and starts no export, while ${other} asks for one: remove ${other} from this step to publish the mirror, or remove bundle-url to publish a fresh export.`,
      );
    }
    expect(s.requests).toHaveLength(0);
    expect(m.requests).toHaveLength(0);
  });
});

describe.concurrent('schedule watchdog', () => {
  const REF = 'acme/docs/.github/workflows/publish-docs.yml@refs/heads/main';

  async function withWorkflow(cron: string): Promise<string> {
    const ws = await newWorkspace({ 'values.yaml': VALUES });
    await mkdir(join(ws, '.github/workflows'), { recursive: true });
    await writeFile(
      join(ws, '.github/workflows/publish-docs.yml'),
      `name: Publish docs\non:\n  schedule:\n    - cron: '${cron}'\n  workflow_dispatch:\njobs:\n  publish:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo\n`,
    );
    return ws;
  }

  it('a weekly cron and a 1-hour link: one warning naming the cron, the gap, the lifetime and both fixes', async () => {
    const s = await sim({ export: quick, bundleTtlMs: 3_600_000 });
    const run = await runPublish(s, {
      workspace: await withWorkflow('0 3 * * 1'),
      env: { GITHUB_WORKFLOW_REF: REF },
      inputs: fast,
    });
    expect(run.code, run.stdout).toBe(0);
    const warnings = run.stdout.split('\n').filter((l) => l.startsWith('::warning::'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^::warning::The schedule of \.github\/workflows\/publish-docs\.yml \(cron '0 3 \* \* 1', UTC\) leaves up to 7d between runs \(\d{4}-\d\d-\d\d 03:00 UTC to \d{4}-\d\d-\d\d 03:00 UTC\), but the bundle link lives (1h|59m\d\ds) \(it expires \S+\): .*Run the workflow more often than the link lives, e\.g\. cron '\*\/30 \* \* \* \*'.*or mirror the bundle to storage of your own and publish it with bundle-url/,
    );
    expect(run.outputs['refresh-by']).toBe(run.outputs['expires-at']);
    expect(Date.parse(run.outputs['refresh-by']!)).toBeGreaterThan(Date.now());
  });

  it('a daily cron and a 48-hour link: no warning', async () => {
    const s = await sim({ export: quick, bundleTtlMs: 48 * 3_600_000 });
    const run = await runPublish(s, {
      workspace: await withWorkflow('17 3 * * *'),
      env: { GITHUB_WORKFLOW_REF: REF },
      inputs: fast,
    });
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).not.toMatch(/::warning::/);
    expect(run.stdout).toMatch(
      /::debug::Schedule watchdog: \.github\/workflows\/publish-docs\.yml runs at least every 1d, within the link's lifetime of 2d\./,
    );
  });

  it('a keep-alive every 30 minutes with refresh-before 2h: one warning, the window is too short for the delays', async () => {
    const s = await sim({ export: quick, bundleTtlMs: 24 * 3_600_000 });
    const run = await runPublish(s, {
      workspace: await withWorkflow('7,37 * * * *'),
      env: { GITHUB_WORKFLOW_REF: REF },
      inputs: { ...fast, 'refresh-before': '2h' },
    });
    expect(run.code, run.stdout).toBe(0);
    const warnings = run.stdout.split('\n').filter((l) => l.startsWith('::warning::'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^::warning::The schedule of \.github\/workflows\/publish-docs\.yml \(cron '7,37 \* \* \* \*', UTC\) leaves up to 30m between runs .*only within refresh-before \(2h\) before it expires\. GitHub delays and drops scheduled runs: that window should be longer than 2h \(the gap plus 1h30m of delays\).* set refresh-before above 2h and at most 23h(29|30)m \(the link's lifetime of (1d|23h59m\d\ds) less one gap between runs\)/,
    );
  });

  it('a keep-alive every 30 minutes with refresh-before 6h on 24-hour links: no warning', async () => {
    const s = await sim({ export: quick, bundleTtlMs: 24 * 3_600_000 });
    const run = await runPublish(s, {
      workspace: await withWorkflow('7,37 * * * *'),
      env: { GITHUB_WORKFLOW_REF: REF },
      inputs: { ...fast, 'refresh-before': '6h' },
    });
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).not.toMatch(/::warning::/);
    expect(run.stdout).toMatch(
      /::debug::Schedule watchdog: \.github\/workflows\/publish-docs\.yml runs at least every 30m, and a run replaces the link within 6h of its expiry: room for GitHub's delays\./,
    );
  });

  it.each([
    ['24h', 'a warning that nearly every run refreshes', true],
    ['23h30m', 'no warning (a new link is left alone for one gap)', false],
  ])(
    'a keep-alive every 30 minutes with refresh-before %s on 24-hour links: %s',
    async (refreshBefore, _, warned) => {
      const s = await sim({ export: quick, bundleTtlMs: 24 * 3_600_000 });
      const run = await runPublish(s, {
        workspace: await withWorkflow('7,37 * * * *'),
        env: { GITHUB_WORKFLOW_REF: REF },
        inputs: { ...fast, 'refresh-before': refreshBefore },
      });
      expect(run.code, run.stdout).toBe(0);
      const warnings = run.stdout.split('\n').filter((l) => l.startsWith('::warning::'));
      expect(warnings).toEqual(
        warned
          ? [
              expect.stringMatching(
                /^::warning::refresh-before \(24h\) leaves a new link alone for no time at all of its lifetime \(1d\), less than the 30m between runs of \.github\/workflows\/publish-docs\.yml: nearly every run replaces the link and rolls it out\. Set refresh-before between 2h and 23h(29|30)m\.$/,
              ),
            ]
          : [],
      );
    },
  );

  /** A daily publish, and a keep-alive in a workflow of its own (examples/workflows). */
  async function withKeepAlive(refreshBefore: string): Promise<string> {
    const ws = await withWorkflow('17 3 * * *');
    await writeFile(
      join(ws, '.github/workflows/keep-alive.yml'),
      `name: Keep alive\non:\n  schedule:\n    - cron: '7,37 * * * *'\njobs:\n  keep-alive:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: your-org/static-export-helm-action@v1\n        with:\n          domain: docs.example.com\n          refresh-before: ${refreshBefore}\n`,
    );
    return ws;
  }

  it('a daily publish kept alive by keep-alive.yml (every 30 minutes, 6h): no warning, the keep-alive is checked', async () => {
    const s = await sim({ export: quick, bundleTtlMs: 24 * 3_600_000 });
    const ws = await withKeepAlive('6h');
    const alone = await runPublish(s, {
      workspace: ws,
      env: { GITHUB_WORKFLOW_REF: REF },
      inputs: fast,
    });
    // Without the input, the daily schedule alone outlives the 24-hour link: the old warning.
    expect(alone.stdout).toMatch(
      /::warning::The schedule of \.github\/workflows\/publish-docs\.yml \(cron '17 3 \* \* \*', UTC\) leaves up to 1d between runs/,
    );
    const run = await runPublish(s, {
      workspace: ws,
      env: { GITHUB_WORKFLOW_REF: REF },
      inputs: { ...fast, 'keep-alive-workflow': 'keep-alive.yml' },
    });
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).not.toMatch(/::warning::/);
    expect(run.stdout).toMatch(
      /::debug::Schedule watchdog: the link is kept alive by \.github\/workflows\/keep-alive\.yml, which runs at least every 30m and replaces the link within 6h of its expiry/,
    );
  });

  it('keep-alive-workflow with too short a refresh-before, or a misspelt file: one warning each, naming it', async () => {
    const s = await sim({ export: quick, bundleTtlMs: 24 * 3_600_000 });
    const ws = await withKeepAlive('1h');
    const short = await runPublish(s, {
      workspace: ws,
      env: { GITHUB_WORKFLOW_REF: REF },
      inputs: { ...fast, 'keep-alive-workflow': '.github/workflows/keep-alive.yml' },
    });
    expect(short.code, short.stdout).toBe(0);
    const warned = short.stdout.split('\n').filter((l) => l.startsWith('::warning::'));
    expect(warned).toHaveLength(1);
    expect(warned[0]).toMatch(
      /^::warning::The schedule of \.github\/workflows\/keep-alive\.yml \(cron '7,37 \* \* \* \*', UTC\) leaves up to 30m between runs .*only within refresh-before \(1h\) before it expires/,
    );
    const typo = await runPublish(s, {
      workspace: ws,
      env: { GITHUB_WORKFLOW_REF: REF },
      inputs: { ...fast, 'keep-alive-workflow': 'keep-alve.yml' },
    });
    expect(typo.code, typo.stdout).toBe(0);
    const warnings = typo.stdout.split('\n').filter((l) => l.startsWith('::warning::'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^::warning::Input "keep-alive-workflow": \.github\/workflows\/keep-alve\.yml cannot be read from the workspace \(ENOENT;.*so the schedule that keeps the bundle link alive \(it expires \S+\) is not checked\. Name the workflow that runs this action with refresh-before for this site/,
    );
  });

  it('no workflow file in the workspace: one debug line, no warning', async () => {
    const s = await sim({ export: quick });
    const run = await runPublish(s, {
      values: VALUES,
      env: { GITHUB_WORKFLOW_REF: REF },
      inputs: fast,
    });
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).not.toMatch(/::warning::/);
    expect(run.stdout.match(/::debug::Schedule watchdog: .*/g)).toEqual([
      '::debug::Schedule watchdog: nothing to check (.github/workflows/publish-docs.yml cannot be read from the workspace (ENOENT; check the repository out before this step to have its schedule checked)).',
    ]);
  });
});
