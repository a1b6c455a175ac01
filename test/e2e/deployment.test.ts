/**
 * GitHub deployments, end to end: the built action under Node 24 against the simulator and a
 * local stand-in for the GitHub REST API (GITHUB_API_URL, with a GitHub Enterprise Server style
 * /api/v3 prefix). Success, a failed export, a timed-out export, a cancelled run, no environment,
 * a dry run; and no secret in any request sent to GitHub. GitHub refusing or not answering a call
 * is test/reliability/github-faults.test.ts.
 */
import type { ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GITHUB_TOKEN, linkSignature, maskedValues, terminateWhen } from '../helpers/action.js';
import { expectNothingSecretSent } from '../helpers/github-api.js';
import { github, publishTo, SHA, VALUES } from '../helpers/deployments.js';
import { sim } from '../helpers/sim.js';

const quick = { queuedMs: 0, runningMs: 150 };

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

  // One at a time, after the others, so that this file's other runs do not compete for the cores
  // between the signal and the exit.
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
      // The export never ends: a run that did not act on the signal would wait for its timeout.
      // The bound catches that, not a slow machine (the run's own budget after a signal is 3 s).
      expect(run.exitedAt - cancel.signalledAt()).toBeLessThan(15_000);
      expect(run.code).toBe(1);
      expect(g.statuses().map((r) => r.body.state)).toEqual(['in_progress', 'error']);
      expect(g.statuses()[1]!.body.description).toMatch(
        /^Cancelled while waiting for export job se_\w+/,
      );
      expect(await readFile(join(ws, 'values.yaml'), 'utf8')).toBe(VALUES);
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
      // A cancelled run has 3 s before it exits; the bound catches a run that went on with the
      // export instead, not a slow machine (no start-export request is the state that proves it).
      expect(run.exitedAt - signalledAt).toBeLessThan(15_000);
      expect(g.accepted).toEqual(['error']);
      expect(g.statuses()[0]!.body.description).toMatch(/^Cancelled/);
      expect(s.requestsFor('start-export')).toHaveLength(0);
      expect(await readFile(join(ws, 'values.yaml'), 'utf8')).toBe(VALUES);
    },
  );
});
