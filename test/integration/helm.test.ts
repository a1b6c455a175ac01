import { describe, expect, it } from 'vitest';
import { runHelm } from '../../src/helm/helm.js';
import { rollout } from '../../src/helm/rollout.js';
import { memoryLogger } from '../../src/shared/logger.js';
import { CANCELLED_REPORT_BUDGET_MS, HELM_KILL_GRACE_MS } from '../../src/shared/constants.js';
import { helmSuite, spec } from './helm-suite.js';

// helm 4's run of the same suite is helm4.test.ts.
helmSuite('helm3');

describe('without helm', () => {
  it('says how to install it', async () => {
    process.env.PATH = '/nonexistent';
    const error = await rollout(spec(), {
      dryRun: false,
      logger: memoryLogger(),
      redact: (t) => t,
      values: [{ path: 'v', text: '', display: 'v' }],
    }).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(
      /helm was not found on PATH\. Add a step that installs it before this one:\n\s+- uses: azure\/setup-helm@v4/,
    );
  });
});

describe('a cancel while helm runs', () => {
  it('a helm that ignores SIGTERM is killed well before the report budget runs out', async () => {
    // A stand-in for a helm stuck in a call to the cluster: it ignores SIGTERM, as helm may.
    const stubborn = [
      "process.on('SIGTERM', () => console.error('ignored SIGTERM'));",
      'setInterval(() => undefined, 1000);',
      "console.error('ready');",
    ].join('\n');
    const controller = new AbortController();
    let cancelledAt = 0;
    const done = runHelm(process.execPath, ['-e', stubborn], {
      signal: controller.signal,
      onStderrLine: (line) => {
        if (line !== 'ready') return;
        cancelledAt = Date.now();
        controller.abort(new Error('SIGTERM'));
      },
    });
    const result = await done;
    const took = Date.now() - cancelledAt;
    expect(cancelledAt).toBeGreaterThan(0);
    expect(result.signal).toBe('SIGKILL');
    expect(result.stderr).toContain('ignored SIGTERM');
    // The deployment's final report (CANCELLED_REPORT_BUDGET_MS from the cancel) must still fit
    // after helm is gone, before the hard exit.
    expect(took).toBeGreaterThanOrEqual(HELM_KILL_GRACE_MS - 50);
    expect(took).toBeLessThan(HELM_KILL_GRACE_MS + 700);
    // The report keeps at least a second of its budget once helm is gone.
    expect(CANCELLED_REPORT_BUDGET_MS - took).toBeGreaterThan(1000);
  });
});
