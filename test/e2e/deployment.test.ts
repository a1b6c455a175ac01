/**
 * GitHub deployments, end to end: the built action under Node 24 against the simulator and a
 * local stand-in for the GitHub REST API (GITHUB_API_URL, with a GitHub Enterprise Server style
 * /api/v3 prefix). Success, a failed export, a cancelled run, a 403 on create, no environment at
 * all; and no secret in any request sent to GitHub.
 */
import type { ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  GITHUB_TOKEN,
  linkSignature,
  maskedValues,
  runPublish,
  terminateWhen,
  type PublishOptions,
  type Service,
} from '../helpers/action.js';
import {
  expectNothingSecretSent,
  startFakeGitHub,
  type FakeGitHub,
} from '../helpers/github-api.js';
import { preload } from '../helpers/preload.js';
import { closeAfterTest, sim } from '../helpers/sim.js';

const quick = { queuedMs: 0, runningMs: 150 };
const SHA = '3f9a2c1b8e7d4a0612345678901234567890abcd';
const VALUES = 'replicaCount: 1\nstaticExport:\n  enabled: false\n';

/** A GitHub stand-in, closed with the simulators (helpers/sim.ts closeAfterTest). */
async function github(options: Parameters<typeof startFakeGitHub>[0] = {}) {
  return closeAfterTest(await startFakeGitHub(options));
}

/**
 * A publish (helpers/action.ts runPublish) recorded in docs-production on the GitHub stand-in `g`;
 * `options.inputs` adds or overrides.
 */
function publishTo(g: FakeGitHub, s: Service, options: PublishOptions = {}) {
  return runPublish(s, {
    ...options,
    inputs: { 'poll-interval': '1s', environment: 'docs-production', ...options.inputs },
    env: { GITHUB_API_URL: g.apiUrl, GITHUB_SHA: SHA, ...options.env },
  });
}

/**
 * No secret of the run in anything sent to GitHub (bodies, paths): the ones given, and every
 * value the run masked in its log (the key, the link), with the link's signature.
 */

const runLog = 'https://github.com/acme/docs/actions/runs/4242';

// Each test has its own simulator, GitHub stand-in and workspace: the tests run at the same time.
describe.concurrent('GitHub deployments', () => {
  it('records a successful publish: deployment, in_progress, success with the site URL', async () => {
    const s = await sim({ export: quick });
    const g = await github();
    const run = await publishTo(g, s, {
      values: VALUES,
      inputs: { version: '2026-11-22' },
    });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const [create, ...rest] = g.deployments();
    expect(rest).toHaveLength(0);
    expect(create!.path).toBe('/api/v3/repos/acme/docs/deployments');
    expect(create!.authorization).toBe(`token ${GITHUB_TOKEN}`);
    expect(create!.body).toEqual({
      ref: SHA,
      environment: 'docs-production',
      description: 'Publish the static export of docs.example.com (version 2026-11-22)',
      payload: { domain: 'docs.example.com', version: '2026-11-22' },
      auto_merge: false,
      required_contexts: [],
    });
    const id = run.outputs['deployment-id']!;
    expect(id).toMatch(/^\d+$/);
    const statuses = g.statuses();
    expect(statuses.map((r) => r.path)).toEqual([
      `/api/v3/repos/acme/docs/deployments/${id}/statuses`,
      `/api/v3/repos/acme/docs/deployments/${id}/statuses`,
    ]);
    expect(statuses[0]!.body).toEqual({
      state: 'in_progress',
      description: 'Publish the static export of docs.example.com (version 2026-11-22)',
      log_url: runLog,
    });
    expect(statuses[1]!.body).toEqual({
      state: 'success',
      // No helm-release: the run wrote the values file, and says no more.
      description: expect.stringMatching(
        /^Published export job se_\w+ \(\d+ pages\), values written, not rolled out$/,
      ),
      log_url: runLog,
      environment_url: 'https://docs.example.com',
    });
    expect(run.summary).toMatch(
      new RegExp(`\\| GitHub deployment \\| ${id} · \`docs-production\` · success \\|`),
    );
    expect(run.stdout).not.toMatch(/::warning::/);
    expectNothingSecretSent(g, [s.apiKey, ...linkSignature(run.outputs['bundle-url']!)], run);
    expect(maskedValues(run.stdout)).toContain(run.outputs['bundle-url']);
  });

  it('a failed export ends the deployment as failure, with the reason', async () => {
    const s = await sim({
      export: { ...quick, outcome: 'failed', error: 'Build failed: page guides/x.mdx is broken' },
    });
    const g = await github();
    const run = await publishTo(g, s, {
      values: VALUES,
      inputs: {
        environment: 'docs-staging',
        'environment-url': 'https://staging.docs.example.com/',
      },
    });
    expect(run.code).toBe(1);
    expect(g.statuses().map((r) => r.body.state)).toEqual(['in_progress', 'failure']);
    const last = g.statuses()[1]!.body;
    expect(last.description).toMatch(
      /^Export job se_\w+ failed: Build failed: page guides\/x.mdx is broken\./,
    );
    expect((last.description as string).length).toBeLessThanOrEqual(140);
    expect(last).not.toHaveProperty('environment_url');
    expect(run.outputs['deployment-id']).toMatch(/^\d+$/);
    expect(run.summary).toMatch(/\| GitHub deployment \| \d+ · `docs-staging` · failure \|/);
    expectNothingSecretSent(g, [s.apiKey]);
  });

  it('a timed-out export ends the deployment as error', async () => {
    const s = await sim({ export: { ...quick, outcome: 'never' } });
    const g = await github();
    const run = await publishTo(g, s, { inputs: { timeout: '2s' } });
    expect(run.code).toBe(1);
    expect(g.statuses().map((r) => r.body.state)).toEqual(['in_progress', 'error']);
    expect(g.statuses()[1]!.body.description).toMatch(/did not finish within the timeout of 2s/);
  });

  it('403 on create: one warning naming the permission, and the publish succeeds', async () => {
    const s = await sim({ export: quick });
    const g = await github({ createStatus: 403 });
    const run = await publishTo(g, s, { values: VALUES });
    const ws = run.workspace;
    expect(run.code, run.stdout).toBe(0);
    const warnings = run.stdout.split('\n').filter((l) => l.startsWith('::warning::'));
    expect(warnings).toEqual([
      '::warning::Could not create a deployment for environment "docs-production": GitHub answered 403 (Resource not accessible by integration). Add "permissions: deployments: write" to the job (a 404 can also mean GitHub Enterprise Server without deployments, or a token that cannot see the repository). The publish goes on without a deployment record.',
    ]);
    expect(g.deployments()).toHaveLength(1);
    expect(g.statuses()).toHaveLength(0);
    expect(run.outputs['deployment-id'] ?? '').toBe('');
    expect(await readFile(join(ws, 'values.yaml'), 'utf8')).toContain('enabled: true');
  });

  it('statuses refused after the deployment was created: one warning, the publish succeeds', async () => {
    const s = await sim({ export: quick });
    const g = await github({ statusStatus: 404 });
    const run = await publishTo(g, s);
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout.split('\n').filter((l) => l.startsWith('::warning::'))).toEqual([
      '::warning::Could not set the deployment\'s status to in_progress for environment "docs-production": GitHub answered 404 (Not Found). The token was refused for this deployment (was the deployment deleted, or its permission withdrawn?). Deployment 1000001 is left without a status: set its status by hand if it matters. The publish goes on.',
    ]);
    // Refused once: not asked again for the final status.
    expect(g.statuses()).toHaveLength(1);
    // The summary shows what GitHub accepted, not what was asked.
    expect(run.summary).toMatch(
      /\| GitHub deployment \| \d+ · `docs-production` · created, no status accepted \|/,
    );
  });

  it('a rate limit on a status is waited out: both statuses land, no warning', async () => {
    const s = await sim({ export: quick });
    const g = await github({
      statusAnswers: [
        {
          status: 403,
          message: 'You have exceeded a secondary rate limit. Please wait a few minutes.',
          headers: { 'retry-after': '1' },
        },
        { status: 429, headers: { 'retry-after': '1' } },
      ],
    });
    const run = await publishTo(g, s);
    expect(run.code, run.stdout).toBe(0);
    expect(g.statuses().map((r) => r.body.state)).toEqual([
      'in_progress',
      'in_progress',
      'in_progress',
      'success',
    ]);
    expect(g.accepted).toEqual(['in_progress', 'success']);
    expect(run.stdout).not.toMatch(/::warning::/);
    expect(run.summary).toMatch(/\| GitHub deployment \| \d+ · `docs-production` · success \|/);
  });

  it('GitHub unreachable: one warning, the publish succeeds and the process exits at once', async () => {
    const s = await sim({ export: quick });
    const g = await github();
    // Port 2 on loopback: nothing listens there, and fetch does not block it as it does port 1.
    // (Closing a stand-in and reusing its port raced with the tests running alongside: one of
    // them could be given that port.)
    const run = await publishTo(g, s, { env: { GITHUB_API_URL: 'http://127.0.0.1:2' } });
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout.split('\n').filter((l) => l.startsWith('::warning::'))).toEqual([
      '::warning::Could not create a deployment for environment "docs-production": GitHub could not be reached (ECONNREFUSED). Check the status of GitHub and GITHUB_API_URL. The publish goes on without a deployment record.',
    ]);
    expect(run.outputs['deployment-id'] ?? '').toBe('');
    expect(run.summary).not.toContain('GitHub deployment');
    expect(run.durationMs).toBeLessThan(15_000);
    expect(g.requests).toHaveLength(0);
  });

  it('a full disk after the link exists: failure, and the link never sent to GitHub', async () => {
    const s = await sim({ export: quick });
    const g = await github();
    const run = await publishTo(g, s, {
      values: VALUES,
      env: {
        NODE_OPTIONS: preload('enospc'),
        ENOSPC_MATCH: String.raw`/\.values\.yaml\.\d+\.[0-9a-f]+\.tmp$`,
        ENOSPC_AFTER: '10',
      },
    });
    const ws = run.workspace;
    expect(run.code).toBe(1);
    expect(g.accepted).toEqual(['in_progress', 'failure']);
    const description = g.statuses()[1]!.body.description as string;
    expect(description).toMatch(/^values-file "values.yaml" could not be written \(ENOSPC\)/);
    expect(description.length).toBeLessThanOrEqual(140);
    // The link was made (and masked) before the write failed: it must not reach GitHub.
    expect(maskedValues(run.stdout).filter((m) => m.includes('X-Amz-Signature='))).not.toEqual([]);
    expectNothingSecretSent(g, [s.apiKey], run);
    expect(await readFile(join(ws, 'values.yaml'), 'utf8')).toBe(VALUES);
  });

  it('without environment, GitHub is never called', async () => {
    const s = await sim({ export: quick });
    const g = await github();
    const run = await publishTo(g, s, { inputs: { environment: '' } });
    expect(run.code).toBe(0);
    expect(g.requests).toHaveLength(0);
    expect(run.outputs['deployment-id'] ?? '').toBe('');
  });

  it('a dry run records no deployment', async () => {
    const s = await sim({ export: quick });
    const g = await github();
    const run = await publishTo(g, s, { inputs: { 'dry-run': 'true' } });
    expect(run.code).toBe(0);
    expect(g.requests).toHaveLength(0);
    expect(run.stdout).toContain(
      'dry-run: no GitHub deployment is recorded for environment "docs-production".',
    );
  });

  // Timed against the signal and the cancel budget: one at a time, after the others, so that this
  // file's other runs do not compete for the cores at the moment that is measured.
  it.sequential(
    'a cancelled run ends the deployment as error, before the process exits',
    async () => {
      const s = await sim({ export: { ...quick, outcome: 'never' } });
      const g = await github();
      const cancel = terminateWhen(/Export \d+%/);
      const run = await publishTo(g, s, {
        values: VALUES,
        onStart: cancel.onStart,
      });
      const ws = run.workspace;
      expect(cancel.signalledAt()).toBeGreaterThan(0);
      expect(run.exitedAt - cancel.signalledAt()).toBeLessThan(2000);
      expect(run.code).toBe(1);
      expect(g.statuses().map((r) => r.body.state)).toEqual(['in_progress', 'error']);
      expect(g.statuses()[1]!.body.description).toMatch(
        /^Cancelled while waiting for export job se_\w+/,
      );
      expect(await readFile(join(ws, 'values.yaml'), 'utf8')).toBe(VALUES);
    },
  );

  it.sequential(
    'a cancelled run whose final status GitHub does not answer: cut at the budget, and said',
    async () => {
      const s = await sim({ export: { ...quick, outcome: 'never' } });
      const g = await github({ statusDelayMs: { error: 10_000 } });
      const cancel = terminateWhen(/Export \d+%/);
      const run = await publishTo(g, s, {
        onStart: cancel.onStart,
      });
      const afterSignal = run.exitedAt - cancel.signalledAt();
      expect(run.code).toBe(1);
      // The 10 s answer is not waited for: the status call is cut 2.5 s after the cancel, and
      // the process is gone before the 3 s exit (plus teardown), not after 10 s.
      expect(afterSignal).toBeGreaterThan(2000);
      expect(afterSignal).toBeLessThan(4000);
      expect(g.statuses().map((r) => r.body.state)).toEqual(['in_progress', 'error']);
      expect(g.accepted).toEqual(['in_progress']);
      expect(run.stdout.split('\n').filter((l) => l.startsWith('::warning::'))).toEqual([
        expect.stringMatching(
          /^::warning::Could not set the deployment's status to error for environment "docs-production": GitHub could not be reached \(no answer in time\)\. .* Deployment \d+ is left in_progress: set its status by hand if it matters\. The publish goes on\.$/,
        ),
      ]);
    },
  );

  it.sequential(
    'cancelled while the deployment is being created: no export, the deployment ends as error',
    async () => {
      const s = await sim({ export: quick });
      let child: ChildProcess | undefined;
      let signalledAt = 0;
      const g = await github({
        createDelayMs: 1000,
        onRequest: (request) => {
          if (request.path.endsWith('/deployments') && child) {
            signalledAt = Date.now();
            child.kill('SIGTERM');
          }
        },
      });
      const run = await publishTo(g, s, {
        values: VALUES,
        onStart: (c) => (child = c),
      });
      const ws = run.workspace;
      expect(signalledAt).toBeGreaterThan(0);
      expect(run.code).toBe(1);
      // Within the 3 s a cancelled run has before it exits (plus process teardown).
      expect(run.exitedAt - signalledAt).toBeLessThan(4000);
      expect(g.accepted).toEqual(['error']);
      expect(g.statuses()[0]!.body.description).toMatch(/^Cancelled/);
      expect(s.requestsFor('start-export')).toHaveLength(0);
      expect(await readFile(join(ws, 'values.yaml'), 'utf8')).toBe(VALUES);
    },
  );
});
