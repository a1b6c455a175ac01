import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sim } from '../helpers/sim.js';
import { runPublish, terminateWhen } from '../helpers/action.js';
import { CHART, HELMS, helmEnv, stuckRelease } from '../helpers/helm.js';

const quick = { queuedMs: 50, runningMs: 600, pageCount: 5 };
const VALUES = 'replicaCount: 1 # one pod\nstaticExport:\n  enabled: false\n';

// Each test has its own simulator, stub cluster and helm home: the tests run at the same time.
describe.concurrent.each(HELMS)('rollout with the built action and real %s', (name) => {
  it('publishes and rolls out: revision and helm version as outputs, in the summary, nothing secret printed', async () => {
    const s = await sim({ export: quick });
    const h = await helmEnv(name);
    const run = await runPublish(s, {
      values: VALUES,
      env: h.env,
      inputs: {
        version: '2026-11-22',
        'helm-release': 'docs',
        'helm-chart': CHART,
        'helm-namespace': 'docs',
        'helm-timeout': '120',
        'helm-rollback-on-failure': 'true',
        'helm-args': '--set\nreplicaCount=2',
      },
    });
    const ws = run.workspace;
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.outputs['helm-revision']).toBe('1');
    expect(run.outputs['helm-version']).toMatch(name === 'helm3' ? /^v3\.17\.3$/ : /^v4\.2\.3$/);
    const flag = name === 'helm3' ? '--atomic' : '--rollback-on-failure';
    expect(run.stdout).toContain(
      `helm upgrade --install docs ${CHART} --namespace docs --create-namespace ${flag} --timeout 2m --output json --set replicaCount=2 --values values.yaml`,
    );
    expect(run.stdout).toMatch(/::group::Helm upgrade of release docs/);
    expect(run.stdout).toContain('Release docs revision 1: deployed (chart enterprise-1.4.0).');
    expect(run.stdout).toContain('Docs release docs serves the static export version 2026-11-22.');
    expect(run.summary).toMatch(
      new RegExp(
        `\\| Helm release \\| \`docs\` in \`docs\` · revision 1 · deployed · helm v${name === 'helm3' ? '3' : '4'}\\.`,
      ),
    );
    expect(await readFile(join(ws, 'values.yaml'), 'utf8')).toContain(
      `bundleUrl: "${run.outputs['bundle-url']}"`,
    );
  });

  /** Values the chart's schema refuses (replicaCount must not be negative). */
  const REFUSED_VALUES = {
    'helm-release': 'docs',
    'helm-chart': CHART,
    'helm-args': '--set\nreplicaCount=-1',
  };

  it('values the chart refuses fail at the render check, before any request', async () => {
    const s = await sim({ export: quick });
    const h = await helmEnv(name);
    const run = await runPublish(s, {
      values: VALUES,
      env: h.env,
      inputs: REFUSED_VALUES,
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /::error::The render check could not render chart \S+ for helm-release docs \(chart \S+\) \(helm template failed\):%0A.*replicaCount.*A rollout would fail the same way/,
    );
    expect(s.requests).toHaveLength(0);
  });

  it('a release stuck in pending-upgrade fails before any request, with the way to recover', async () => {
    const s = await sim({ export: quick });
    const h = await helmEnv(name, stuckRelease('pending-upgrade'));
    const run = await runPublish(s, {
      values: VALUES,
      env: h.env,
      inputs: {
        'helm-release': 'docs',
        'helm-chart': CHART,
        'helm-namespace': 'docs',
      },
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /::error::Helm release docs is stuck in pending-upgrade at revision 4.*recover with helm rollback docs 3 --namespace docs/,
    );
    expect(s.requests).toHaveLength(0);
    expect(await readFile(join(run.workspace, 'values.yaml'), 'utf8')).toBe(VALUES);
  });

  it('dry-run: helm runs its own dry run on a temporary copy; no file changes', async () => {
    const s = await sim({ export: quick });
    const h = await helmEnv(name);
    const run = await runPublish(s, {
      values: VALUES,
      env: h.env,
      inputs: {
        'helm-release': 'docs',
        'helm-chart': CHART,
        'dry-run': 'true',
      },
    });
    const ws = run.workspace;
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).toMatch(
      /--dry-run=server --output json --values '<temporary copy of values\.yaml>'/,
    );
    expect(run.stdout).toContain(
      'Release docs revision 1: pending-install (chart enterprise-1.4.0), dry run.',
    );
    // Revision 1 is one helm would make: no output says it exists.
    expect(run.outputs['helm-revision']).toBe('');
    expect(await readFile(join(ws, 'values.yaml'), 'utf8')).toBe(VALUES);
  });
});

describe.concurrent('rollout edge cases', () => {
  it('missing helm: the step fails with the setup-helm snippet before any request, the values file as it was', async () => {
    const s = await sim({ export: quick });
    const run = await runPublish(s, {
      values: VALUES,
      env: { PATH: '/usr/bin:/bin' },
      inputs: { 'helm-release': 'docs' },
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      '::error::helm-release is set, but helm was not found on PATH. Add a step that installs it before this one:%0A      - uses: azure/setup-helm@v4',
    );
    expect(s.requests).toHaveLength(0);
    expect(await readFile(join(run.workspace, 'values.yaml'), 'utf8')).toBe(VALUES);
  });
});

// Timed against the signal: alone, after the other tests of the file, so that their runs do not
// compete for the cores at the moment that is measured.
describe('rollout cancelled', () => {
  it('cancel during the upgrade: SIGTERM reaches helm, and the step ends promptly', async () => {
    const s = await sim({ export: quick });
    // A cluster that answers slowly keeps helm busy long enough to be cancelled mid-upgrade.
    const h = await helmEnv('helm4', '', { delayMs: 1500 });
    const cancel = terminateWhen('helm upgrade --install');
    const run = await runPublish(s, {
      values: VALUES,
      env: h.env,
      inputs: {
        'helm-release': 'docs',
        'helm-chart': CHART,
      },
      onStart: cancel.onStart,
    });
    expect(cancel.signalledAt()).toBeGreaterThan(0);
    // The bound catches a run that waits for helm to finish against the slow cluster, not a slow
    // machine; how promptly a run stops is measured with the cores quiet (reliability/cancel.test.ts).
    expect(run.exitedAt - cancel.signalledAt()).toBeLessThan(15_000);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /::error::Cancelled during the helm upgrade of docs; helm was stopped/,
    );
  });
});
