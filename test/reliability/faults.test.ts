/**
 * The built action under Node 24, against the simulator, when the disk, the network, helm or the
 * live site fails. The disk: full while the values file is written (one file, or the last of three)
 * and while the bundle is downloaded, a rename refused after others were made, writes that finish
 * out of order, a file that is slow to open (with a connection reset meanwhile) or never opens;
 * these faults are injected below the file module (test/helpers/preload.ts). The network: the
 * service answering 5xx, 409 or 429 with Retry-After, or resetting the connection, on the way to a
 * publish; a download that breaks once, and one that keeps failing. Helm (3 and 4): an upgrade with
 * values the chart's schema refuses (render check off), and a release it cannot read for refresh-
 * before. The live site: a pod that answers 500 to verify-url. Each ends in a clear message naming
 * the input, the file or helm's own words, with the user's files as they were, or in a publish
 * whose bundle is byte for byte what was served.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  errorLine,
  newWorkspace,
  publishPolling,
  runPublish,
  type Service,
} from '../helpers/action.js';
import { CHART, HELMS, helmEnv } from '../helpers/helm.js';
import { publishWith, site } from '../helpers/live-site.js';
import { preload } from '../helpers/preload.js';
import { sim } from '../helpers/sim.js';

const quick = { queuedMs: 0, runningMs: 100 };
const VALUES = '# docs\nreplicaCount: 2\nstaticExport:\n  enabled: false # off for now\n';

/** A run that downloads the bundle to a disk where opening the file takes `ms` (or never ends). */
function downloadOnSlowDisk(s: Service, ws: string, ms: string) {
  return publishPolling(s, {
    workspace: ws,
    inputs: { 'download-path': 'site.tar.gz' },
    env: {
      NODE_OPTIONS: preload('slow-open'),
      SLOW_OPEN_MATCH: String.raw`site\.tar\.gz.*\.part$`,
      SLOW_OPEN_MS: ms,
    },
  });
}

// Each test has its own simulator and workspace: the tests run at the same time.
describe.concurrent('the values file and the download on a disk that fails', () => {
  it('a full disk while the values file is written: clear error, the old file intact, no temporary file', async () => {
    const s = await sim({ export: quick });
    const ws = await newWorkspace({ 'values.yaml': VALUES });
    const run = await publishPolling(s, {
      workspace: ws,
      env: {
        NODE_OPTIONS: preload('enospc'),
        ENOSPC_MATCH: String.raw`/\.values\.yaml\.\d+\.[0-9a-f]+\.tmp$`,
        ENOSPC_AFTER: '40',
      },
    });
    expect(run.code).toBe(1);
    const jobId = /jobs\/([^/]+)\/bundle/.exec(s.requestsFor('bundle')[0]!.path)![1]!;
    expect(errorLine(run.stdout)).toBe(
      `::error::values-file "values.yaml" could not be written (ENOSPC). The disk is full: free some space on the runner. The file was not changed. Export job ${jobId} is complete: once this is fixed, run again with job-id: ${jobId} to publish it without a new export.`,
    );
    expect(run.outputs['job-id']).toBe(jobId);
    expect(await readFile(join(ws, 'values.yaml'), 'utf8')).toBe(VALUES);
    expect(await readdir(ws)).toEqual(['values.yaml']);

    // After space is freed, the run it suggests publishes without a new export.
    const again = await publishPolling(s, { workspace: ws, inputs: { 'job-id': jobId } });
    expect(again.code, again.stdout).toBe(0);
    expect(s.requestsFor('start-export')).toHaveLength(1);
    expect(await readFile(join(ws, 'values.yaml'), 'utf8')).toContain('enabled: true');
  });

  /**
   * A publish to staging.yaml and production.yaml (and a new file, if listed, in an empty folder
   * made here: a new file's folder must exist) whose write fails as `env` makes it: exit 1, both
   * files as they were and nothing else left beside them (the new file gone, its folder empty
   * again). Returns the error line and the resume sentence it must end with.
   */
  async function failedWrite(list: string, env: Record<string, string>) {
    const s = await sim({ export: quick });
    const ws = await newWorkspace({ 'staging.yaml': VALUES, 'production.yaml': VALUES });
    const folders = list
      .split('\n')
      .filter((f) => f.includes('/'))
      .map((f) => dirname(f));
    for (const folder of folders) await mkdir(join(ws, folder), { recursive: true });
    // A new file is created only where something reads it: a kustomize generator at the top.
    const created = list.split('\n').filter((f) => f.includes('/'));
    if (created.length > 0)
      await writeFile(
        join(ws, 'kustomization.yaml'),
        `configMapGenerator:\n  - name: docs-values\n    files:\n${created.map((f) => `      - ${f}\n`).join('')}`,
      );
    const run = await publishPolling(s, { workspace: ws, inputs: { 'values-file': list }, env });
    expect(run.code).toBe(1);
    expect(await readFile(join(ws, 'staging.yaml'), 'utf8')).toBe(VALUES);
    expect(await readFile(join(ws, 'production.yaml'), 'utf8')).toBe(VALUES);
    const tops = folders.map((f) => f.split('/')[0]!);
    const reader = created.length > 0 ? ['kustomization.yaml'] : [];
    expect((await readdir(ws)).sort()).toEqual(
      ['production.yaml', 'staging.yaml', ...tops, ...reader].sort(),
    );
    for (const folder of folders) expect(await readdir(join(ws, folder))).toEqual([]);
    const jobId = /jobs\/([^/]+)\/bundle/.exec(s.requestsFor('bundle')[0]!.path)![1]!;
    const resume = `Export job ${jobId} is complete: once this is fixed, run again with job-id: ${jobId} to publish it without a new export.`;
    return { error: errorLine(run.stdout), resume };
  }

  it('a full disk while the last of three values files, a new one, is written: none is changed, the new one not left', async () => {
    const { error, resume } = await failedWrite(
      'staging.yaml\nproduction.yaml\nenvs/new/values.yaml',
      {
        NODE_OPTIONS: preload('enospc'),
        ENOSPC_MATCH: String.raw`/new/\.values\.yaml\.\d+\.[0-9a-f]+\.tmp$`,
        ENOSPC_AFTER: '40',
      },
    );
    expect(error).toBe(
      `::error::values-file "envs/new/values.yaml" could not be written (ENOSPC). The disk is full: free some space on the runner. The file was not changed. staging.yaml and production.yaml were not changed either. ${resume}`,
    );
  });

  it('a rename refused after two files were renamed: both are put back (the new one removed), and the message says so', async () => {
    const { error, resume } = await failedWrite(
      'staging.yaml\nenvs/preview/values.yaml\nproduction.yaml',
      {
        NODE_OPTIONS: preload('rename-fails'),
        RENAME_FAIL_MATCH: String.raw`/production\.yaml$`,
      },
    );
    expect(error).toBe(
      `::error::values-file "production.yaml" could not be written (EACCES). The folder is not writable: check its permissions. The file was not changed. staging.yaml and envs/preview/values.yaml were put back as before. ${resume}`,
    );
  });

  it('writes that finish out of order still leave the bundle byte for byte as served', async () => {
    // Two writes are on the thread pool at once. Without a position each, the second to start
    // could land first at the file's current offset: the hash right, the file scrambled (seen
    // under load in 3 to 4 of 10 files).
    const s = await sim({ export: { ...quick, extraBundleBytes: 3 * 1024 * 1024 } });
    const ws = await newWorkspace({ 'values.yaml': VALUES });
    const report = `${ws}.slow-write`;
    const run = await publishPolling(s, {
      workspace: ws,
      inputs: { 'download-path': 'site.tar.gz' },
      env: {
        NODE_OPTIONS: preload('slow-write'),
        SLOW_WRITE_MATCH: String.raw`site\.tar\.gz.*\.part$`,
        SLOW_WRITE_MS: '10000',
        SLOW_WRITE_REPORT: report,
      },
    });
    expect(run.code, run.stdout).toBe(0);
    // The later write did finish first (the test would prove nothing had they not overlapped).
    expect(await readFile(report, 'utf8')).toBe('reordered\n');
    const bytes = await readFile(join(ws, 'site.tar.gz'));
    expect(bytes.length).toBeGreaterThan(3 * 1024 * 1024);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(run.outputs['bundle-sha256']);
  });

  it('a full disk during the download: clear error, no partial file or its new folder, the values file untouched', async () => {
    const s = await sim({ export: { ...quick, extraBundleBytes: 3 * 1024 * 1024 } });
    const ws = await newWorkspace({ 'values.yaml': VALUES });
    const run = await publishPolling(s, {
      workspace: ws,
      inputs: { 'download-path': 'out/site.tar.gz' },
      env: {
        NODE_OPTIONS: preload('enospc'),
        ENOSPC_MATCH: String.raw`site\.tar\.gz.*\.part$`,
        ENOSPC_AFTER: String(1536 * 1024),
      },
    });
    expect(run.code).toBe(1);
    expect(errorLine(run.stdout)).toMatch(
      /^::error::download-path "out\/site.tar.gz": the disk is full \(ENOSPC\) after \d+ of \d+ bytes\. Free space on the runner; the partial file was removed\./,
    );
    expect(await readFile(join(ws, 'values.yaml'), 'utf8')).toBe(VALUES);
    // Nor the folder made for it.
    expect(await readdir(ws)).toEqual(['values.yaml']);
  });

  it('a connection reset while the download file is being opened: retried, never a silent exit', async () => {
    // The reset lands while the slow disk opens the file, before the body is read: the run
    // used to wait for a body that had already failed and, with nothing else pending, exit 0
    // halfway, with no outputs and the values file unchanged.
    const s = await sim({ export: quick, faults: [{ op: 'download', fault: { type: 'reset' } }] });
    const ws = await newWorkspace({ 'values.yaml': VALUES });
    const run = await downloadOnSlowDisk(s, ws, '300');
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout.split('\n').filter((l) => l.startsWith('::warning::'))).toEqual([
      expect.stringMatching(
        /^::warning::Bundle download failed \(the transfer from 127\.0\.0\.1:\d+ broke after 0 of \d+ bytes \(.+\)\); retrying in 1s\.$/,
      ),
    ]);
    expect(s.requestsFor('download').map((r) => r.fault ?? 'ok')).toEqual(['reset', 'ok']);
    expect(run.outputs['bundle-sha256']).toMatch(/^[0-9a-f]{64}$/);
    expect(await readFile(join(ws, 'values.yaml'), 'utf8')).toContain('enabled: true');
  });

  it('work that can never finish fails the step instead of exiting 0 halfway', async () => {
    const s = await sim({ export: quick });
    const ws = await newWorkspace({ 'values.yaml': VALUES });
    const run = await downloadOnSlowDisk(s, ws, 'never');
    expect(run.code).toBe(1);
    expect(errorLine(run.stdout)).toBe(
      '::error::Unexpected error: the run stopped waiting for an operation that could never finish. Please report it with the log of this run.',
    );
    expect(run.outputs['job-id']).toMatch(/^se_/);
    expect(await readFile(join(ws, 'values.yaml'), 'utf8')).toBe(VALUES);
  });
});

const BASIC = readFileSync(new URL('../fixtures/values/basic.yaml', import.meta.url), 'utf8');

describe.concurrent('the service and the bundle download over a network that fails', () => {
  it('survives 5xx, resets and 429 with Retry-After on the way', async () => {
    const s = await sim({
      export: { queuedMs: 100, runningMs: 1200, pageCount: 7 },
      faults: [
        { op: 'start-export', fault: { type: 'status', status: 429, retryAfter: '1' } },
        {
          op: 'get-export',
          fault: {
            type: 'status',
            status: 502,
            contentType: 'text/html',
            body: '<html><title>502 Bad Gateway</title></html>',
          },
        },
        { op: 'get-export', after: 1, fault: { type: 'reset' } },
        { op: 'bundle', fault: { type: 'status', status: 503 } },
      ],
    });
    // ...and a bundle call that answers 409 twice right after completion (the service catching up).
    s.exportScenario.conflictsAfterCompletion = 2;
    const run = await runPublish(s, { values: BASIC });
    expect(run.code, run.stdout).toBe(0);
    expect(s.requestsFor('start-export').map((r) => r.status)).toEqual([429, 202]);
    expect(s.exportJobs.size).toBe(1);
    expect(s.requestsFor('bundle').map((r) => r.status)).toEqual([503, 409, 409, 200]);
  });

  it('a download that breaks is retried, and one that keeps failing leaves no partial file', async () => {
    const s = await sim({
      export: { queuedMs: 100, runningMs: 1200, pageCount: 7 },
      faults: [{ op: 'download', fault: { type: 'reset' } }],
    });
    const run = await runPublish(s, { values: BASIC, inputs: { 'download-path': 'site.tar.gz' } });
    expect(run.code, run.stdout).toBe(0);
    // The reset comes 20 ms after half the body: on a loaded machine the client may not have
    // read the headers yet, and then the same reset is reported before the transfer started
    // (under whichever code the socket layer gives it).
    const warnings = run.stdout.split('\n').filter((l) => l.startsWith('::warning::'));
    expect(
      warnings.join('\n'),
      `${run.stdout}\nSTDERR ${run.stderr}\nOUT ${JSON.stringify(run.outputs)}\nREQ ${JSON.stringify(s.requestsFor('download'))}`,
    ).toMatch(
      /^::warning::Bundle download failed \((the transfer from 127\.0\.0\.1:\d+ broke after \d+ of \d+ bytes \(.+\)|network error talking to 127\.0\.0\.1:\d+: .+)\); retrying in 1s\.$/,
    );
    expect(s.requestsFor('download').map((r) => r.status)).toEqual([200, 200]);

    const s2 = await sim({
      export: { queuedMs: 100, runningMs: 1200, pageCount: 7 },
      faults: [{ op: 'download', times: Infinity, fault: { type: 'status', status: 500 } }],
    });
    const failed = await runPublish(s2, {
      values: BASIC,
      inputs: { 'download-path': 'site.tar.gz' },
    });
    const ws2 = failed.workspace;
    expect(failed.code).toBe(1);
    expect(failed.stdout).toMatch(
      /::error::Downloading the bundle to download-path "site.tar.gz" failed after 3 attempts: 127\.0\.0\.1:\d+ answered HTTP 500/,
    );
    expect(await readdir(ws2)).toEqual(['values.yaml']);
    expect(await readFile(join(ws2, 'values.yaml'), 'utf8')).toBe(BASIC);
  });
});

// A real helm against the stub cluster (test/helpers/helm.ts), in a helm home of each test's own.
describe.concurrent.each(HELMS)('helm failing: %s', (name) => {
  it("a failing upgrade fails the step with the tail of helm's error", async () => {
    const s = await sim({ export: { queuedMs: 50, runningMs: 600, pageCount: 5 } });
    const h = await helmEnv(name);
    const run = await runPublish(s, {
      values: 'replicaCount: 1 # one pod\nstaticExport:\n  enabled: false\n',
      env: h.env,
      // The render check would refuse these values first (test/e2e/helm.test.ts): off, to reach
      // helm.
      inputs: {
        'helm-release': 'docs',
        'helm-chart': CHART,
        'helm-args': '--set\nreplicaCount=-1',
        'render-check': 'off',
      },
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /::error::helm upgrade of release docs failed \(helm v\d\.\d+\.\d+, exit 1\):%0A.*replicaCount/,
    );
    expect(run.outputs['helm-revision']).toBeUndefined();
  });

  it('with helm-release and refresh-before, a release helm cannot read is said, not taken for none', async () => {
    const h = await helmEnv(name);
    const s = await sim({ export: { queuedMs: 50, runningMs: 300, pageCount: 3 } });
    const run = await runPublish(s, {
      values: 'staticExport:\n  enabled: true\n  bundleUrl: ""\n',
      // No cluster: the memory driver is off, and the kubeconfig points nowhere.
      env: { ...h.env, HELM_DRIVER: 'secret', KUBECONFIG: '/nonexistent/kubeconfig' },
      inputs: {
        'refresh-before': '6h',
        'helm-release': 'docs',
        'helm-chart': CHART,
        'dry-run': 'true',
      },
    });
    expect(run.stdout).toMatch(
      /refresh-before: the deployed link could not be read \(helm status docs failed: .+\): an ordinary publish, which replaces it\./,
    );
  });
});

describe.concurrent('a live site that fails (helpers/live-site.ts)', () => {
  it('fails when the site answers 500', async () => {
    const { ws, pod } = await site('error');
    const { run } = await publishWith(ws, {
      'download-path': 'site.tar.gz',
      'verify-url': `${pod.url}/`,
      'verify-timeout': '2s',
    });
    expect(run.code).toBe(1);
    expect(run.outputs.verified).toBe('false');
    expect(run.stdout).toMatch(
      /::error::The live site did not serve the new export within verify-timeout \(2s\): http:\/\/127\.0\.0\.1:\d+\/ last answered HTTP 500 \(served 21 bytes: "Internal Server Error"\)(?: \(a later check was cut short by verify-timeout\))?\./,
    );
  });
});
