import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { sim, wait } from '../helpers/sim.js';
import { errorLine, newWorkspace, runPublish } from '../helpers/action.js';

const BASIC = readFileSync(new URL('../fixtures/values/basic.yaml', import.meta.url), 'utf8');
const quick = { queuedMs: 100, runningMs: 1200, pageCount: 7 };

// Each test has its own simulator and workspace, and most of a run is spent waiting on the
// simulated export: the tests run at the same time. Every run is scanned for the key, the link's
// signature and Node warnings by runAction (helpers/action.ts).
describe.concurrent('the built action under Node 24', () => {
  it('publishes: export, link, values file edited in place, outputs, summary, masking', async () => {
    const s = await sim({ export: quick });
    const run = await runPublish(s, {
      values: BASIC,
      inputs: { domain: 'https://Docs.Example.com/', version: '2026-11-22' },
    });
    const ws = run.workspace;
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain(
      '::notice::Input "domain" normalised from "https://Docs.Example.com/" to "docs.example.com".',
    );
    expect(s.requestsFor('start-export')[0]!.body).toEqual({
      domain: 'docs.example.com',
      version: '2026-11-22',
    });
    const link = run.outputs['bundle-url']!;
    expect(link.startsWith(s.storageUrl)).toBe(true);
    // The runner is told to mask the key, the link and its signature before they could be printed.
    for (const secret of [s.apiKey, link, new URL(link).searchParams.get('X-Amz-Signature')!]) {
      // Workflow commands escape % as %25 (the runner unescapes it).
      expect(run.stdout).toContain(`::add-mask::${secret.replace(/%/g, '%25')}\n`);
    }
    expect(run.stdout).toMatch(/::group::Wait for export job se_[0-9a-f]{16}/);
    expect(run.stdout).toMatch(/Export 100% · 7 pages/);
    const values = await readFile(join(ws, 'values.yaml'), 'utf8');
    expect(values).toBe(
      BASIC.replace('  enabled: false  # flipped by CI', '  enabled: true   # flipped by CI')
        .replace('  bundleUrl: ""', `  bundleUrl: "${link}"`)
        .replace('  version: 2024-06-01', '  version: "2026-11-22"'),
    );
    expect(run.outputs).toMatchObject({
      'job-id': expect.stringMatching(/^se_/),
      status: 'completed',
      'page-count': '7',
      version: '2026-11-22',
      'values-file': 'values.yaml',
      'values-changed': 'true',
      'bundle-path': '',
      'bundle-sha256': '',
    });
    expect(Number(run.outputs['size-bytes'])).toBeGreaterThan(100);
    expect(Date.parse(run.outputs['expires-at']!)).toBeGreaterThan(Date.now());
    expect(run.summary).toContain('### Static export published');
    expect(run.summary).toContain('| Domain | docs.example.com |');
    expect(run.summary).toMatch(
      /\| Link expires \| \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC \(in (5h59m|6h)\) \|/,
    );
    expect(run.summary).toContain('[workflow run](https://github.com/acme/docs/actions/runs/4242)');
    // Nothing was downloaded from the storage host, and the key never went there.
    expect(s.requestsFor('download')).toHaveLength(0);
  });

  it('a failed export fails the step with the service text and leaves the file as it was', async () => {
    const s = await sim({
      export: {
        ...quick,
        outcome: 'failed',
        error: 'Build failed: page guides/x.mdx has invalid frontmatter',
      },
    });
    const run = await runPublish(s, { values: BASIC });
    const ws = run.workspace;
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /::error::Export job se_\w+ failed: Build failed: page guides\/x.mdx has invalid frontmatter\. .*values.yaml was not changed/,
    );
    expect(await readFile(join(ws, 'values.yaml'), 'utf8')).toBe(BASIC);
    expect(run.outputs).toMatchObject({
      status: 'failed',
      'job-id': expect.stringMatching(/^se_/),
    });
    expect(run.summary).toContain('### Static export failed');
    expect(s.requestsFor('bundle')).toHaveLength(0);
  });

  it.sequential(
    'times out with the job id to resume with, and resuming with job-id publishes without a new export',
    async () => {
      // A timeout of 2 s (1 s left too little for the start request on a loaded machine), an export
      // of 5 s: the run gives up at its timeout, well before the export ends.
      const s = await sim({ export: { ...quick, runningMs: 5000 } });
      const first = await runPublish(s, { values: BASIC, inputs: { timeout: '2s' } });
      const ws = first.workspace;
      expect(first.code).toBe(1);
      expect(first.ranMs).toBeLessThan(4500);
      const jobId = first.outputs['job-id']!;
      expect(first.stdout).toMatch(
        new RegExp(
          `::error::The export job ${jobId} did not finish within the timeout of 2s .*resume with job-id: ${jobId}`,
        ),
      );
      expect(await readFile(join(ws, 'values.yaml'), 'utf8')).toBe(BASIC);

      const second = await runPublish(s, {
        workspace: ws,
        inputs: { domain: '', 'job-id': jobId },
      });
      expect(second.code, second.stdout).toBe(0);
      expect(second.outputs['job-id']).toBe(jobId);
      expect(s.requestsFor('start-export')).toHaveLength(1);
      expect(await readFile(join(ws, 'values.yaml'), 'utf8')).toContain(
        `bundleUrl: "${second.outputs['bundle-url']}"`,
      );
      // A stale version is removed when the version input is empty.
      expect(await readFile(join(ws, 'values.yaml'), 'utf8')).not.toContain('version:');
      expect(second.stdout).toContain(
        '::notice::Removed the stale staticExport.version from values.yaml',
      );
    },
  );

  it('creates a missing values file that a kustomize generator reads; one in a missing folder is refused before any request', async () => {
    const s = await sim({ export: quick });
    const ws = await newWorkspace({
      // Flux reads the chart values from the ConfigMap this generator makes of the file.
      'charts/docs/kustomization.yaml':
        'configMapGenerator:\n  - name: docs-values\n    files:\n      - values.yaml\n',
    });
    const run = await runPublish(s, {
      workspace: ws,
      inputs: { 'values-file': 'charts/docs/values.yaml' },
    });
    expect(run.code, run.stdout).toBe(0);
    const text = await readFile(join(run.workspace, 'charts/docs/values.yaml'), 'utf8');
    expect(parse(text)).toEqual({
      staticExport: { enabled: true, bundleUrl: run.outputs['bundle-url'] },
    });
    expect(run.stdout).toContain(
      'Values file charts/docs/values.yaml does not exist yet; it will be created (read by a kustomize generator in charts/docs/kustomization.yaml).',
    );
    expect(run.summary).toMatch(/`charts\/docs\/values.yaml`: created/);

    const typo = await sim({ export: quick });
    const refused = await runPublish(typo, {
      workspace: ws,
      inputs: { 'values-file': 'charts/dosc/values.yaml' },
    });
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain(
      '::error::values-file "charts/dosc/values.yaml" is in a folder that does not exist (charts/dosc; the nearest folder that exists is charts/), so no chart or controller could read it. Check the path. Did you mean charts/docs/values.yaml?',
    );
    expect(typo.requests).toHaveLength(0);
    expect(await readdir(join(ws, 'charts'))).toEqual(['docs']);
  });

  it('values.yml beside values.yaml, read by nothing: refused before any request, naming the near miss; nothing is created', async () => {
    const s = await sim({ export: quick });
    const values = 'staticExport:\n  enabled: false\n';
    const ws = await newWorkspace({ 'charts/docs/values.yaml': values });
    const run = await runPublish(s, {
      workspace: ws,
      inputs: { 'values-file': 'charts/docs/values.yml' },
    });
    expect(run.code).toBe(1);
    expect(errorLine(run.stdout)).toBe(
      '::error::values-file "charts/docs/values.yml" does not exist, and nothing would read it if this run created it: no helm-release is set, no Chart.yaml is beside it, and no Argo CD helm.valueFiles entry, helmfile release or kustomize generator of the checkout names it. "charts/docs/values.yaml" exists beside it: set values-file to it if that is the file your chart reads. If it is a new file for a chart, create it first (an empty file will do) and commit it with its reader. Nothing was sent; no file was created.',
    );
    expect(s.requests).toHaveLength(0);
    expect((await readdir(join(ws, 'charts/docs'))).sort()).toEqual(['values.yaml']);
    expect(await readFile(join(ws, 'charts/docs/values.yaml'), 'utf8')).toBe(values);
  });

  it('a broken values file fails before any export is started, naming file, line and column', async () => {
    const s = await sim({ export: quick });
    const broken = 'image:\n  tag: "1.0"\n staticExport: [\n';
    const run = await runPublish(s, { values: broken });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /::error::values-file "values.yaml" is not valid YAML at line \d+, column \d+ \(values\.yaml:\d+:\d+\)/,
    );
    expect(s.requests).toHaveLength(0);
    expect(await readFile(join(run.workspace, 'values.yaml'), 'utf8')).toBe(broken);
  });

  it('refuses a bad input before any request, naming the input and the fix', async () => {
    const s = await sim();
    const run = await runPublish(s, { inputs: { domain: 'docs.example.com/docs' } });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      '::error::Input "domain" ("docs.example.com/docs") has a path ("/docs"). Static export takes the host name only: use "docs.example.com".',
    );
    expect(s.requests).toHaveLength(0);
  });

  it('dry-run prints the diff with the link hidden and changes no file', async () => {
    const s = await sim({ export: quick });
    const run = await runPublish(s, {
      values: BASIC,
      inputs: { 'dry-run': 'true', 'download-path': 'site.tar.gz' },
    });
    expect(run.code, run.stdout).toBe(0);
    expect(await readFile(join(run.workspace, 'values.yaml'), 'utf8')).toBe(BASIC);
    expect(run.stdout).toContain('-  enabled: false  # flipped by CI');
    expect(run.stdout).toMatch(
      /\+ {2}bundleUrl: "http:\/\/127\.0\.0\.1:\d+\/bundles\/se_\w+\/site\.tar\.gz\?…"/,
    );
    expect(run.outputs['values-changed']).toBe('true');
    expect(run.summary).toContain('dry run');
    expect(s.requestsFor('download')).toHaveLength(0);
  });

  it("a republish over a presigned link: the diff hides the old link's query as well as the new one's, an aliased or wrapped one too", async () => {
    const s = await sim({ export: quick });
    const signature = '0ldS1gnatureD0notPr1nt0123456789abcdef';
    const old = `https://storage.example.com/bundles/se_old/site.tar.gz?X-Amz-Expires=3600&X-Amz-Signature=${signature}`;
    const previous = 'Prev1ous5ecret0123456789abcdef';
    const otherSignature = '0ther5ecret0123456789abcdef';
    const other = `HTTPS://storage.example.com/bundles/se_p2/site.tar.gz?X-Amz-Signature=${otherSignature}`;
    const anchored = `https://storage.example.com/bundles/se_prev/site.tar.gz?X-Amz-Signature=${previous}`;
    // Lines of the diff's context: a link wrapped with "\\" (no line holds it whole) under a key
    // other than bundleUrl, an anchor a bundleUrl elsewhere aliases, and a link in capitals.
    const wrapped = `wrapped:\n  mirrorUrl: "https://storage.example.com/bundles/se_w/site.tar.gz?X-Amz-Credential=AKIA0123456789%2Fcred&X-Amz-Signature=Wr4pped\\\n    Cont1nued5ecret9876"\n`;
    const after = `previous: &prev "${anchored}"\nalias: {bundleUrl: *prev}\npreviousBundle: ${other}\n`;
    const values = BASIC.replace('  bundleUrl: ""', `  bundleUrl: "${old}"`)
      .replace('staticExport:\n', `${wrapped}staticExport:\n`)
      .replace('  version: 2024-06-01\n', `  version: 2024-06-01\n${after}`);
    // runPublish scans the log and the summary for the old links and their signatures too.
    const run = await runPublish(s, {
      values,
      inputs: { 'dry-run': 'true' },
      secrets: [old, signature, anchored, previous, other, otherSignature],
    });
    expect(run.code, run.stdout).toBe(0);
    const hidden = '  bundleUrl: "https://storage.example.com/bundles/se_old/site.tar.gz?…"';
    expect(run.stdout).toContain(`-${hidden}`);
    expect(run.summary).toContain(`-${hidden}`);
    expect(run.stdout).toContain(
      ' previous: &prev "https://storage.example.com/bundles/se_prev/site.tar.gz?…"',
    );
    expect(run.stdout).toMatch(
      /^ previousBundle: https:\/\/storage\.example\.com\/bundles\/se_p2\/site\.tar\.gz\?…$/im,
    );
    expect(run.stdout).toContain('   mirrorUrl: ***\n');
    for (const out of [run.stdout, run.summary])
      for (const piece of ['Wr4pped', 'Cont1nued5ecret', 'AKIA0123456789'])
        expect(out).not.toContain(piece);
  });

  it('download-path streams the bundle, verifies it and reports its SHA-256', async () => {
    const s = await sim({ export: quick });
    const ws = await newWorkspace({ 'values.yaml': BASIC });
    await mkdir(join(ws, 'out'));
    const run = await runPublish(s, {
      workspace: ws,
      inputs: { 'download-path': 'out/site.tar.gz' },
    });
    expect(run.code, run.stdout).toBe(0);
    const bytes = await readFile(join(ws, 'out/site.tar.gz'));
    expect(bytes.length).toBe(Number(run.outputs['size-bytes']));
    expect(run.outputs['bundle-sha256']).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(run.outputs['bundle-path']).toBe(join(ws, 'out/site.tar.gz'));
    expect(s.requestsFor('download')[0]!.authorization).toBeUndefined();
  });

  it('warns when the link expires within the hour', async () => {
    const s = await sim({ export: quick, bundleTtlMs: 20 * 60_000 });
    const run = await runPublish(s, { values: BASIC });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/::warning::The bundle link expires in 20m/);
  });

  it('a 401 names the key input without printing the key', async () => {
    const s = await sim();
    const wrong = 'mint_wrong_key_1234567890';
    const run = await runPublish(s, { inputs: { 'api-key': wrong } });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /::error::start export job: the service answered HTTP 401 Unauthorized: "Invalid API key"\. Check the api-key/,
    );
    await wait(0);
  });
});
