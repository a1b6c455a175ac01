/**
 * The GitHub deployment recorder when the run is cancelled: the final status within the cancel
 * budget, a call in flight cut to it, a wait between tries ended, on the clock the action uses.
 */
import { describe, expect, it } from 'vitest';
import {
  CANCELLED_BUDGET_MS,
  DeploymentRecorder,
  type DeploymentApi,
} from '../../src/github/deployment.js';
import { StoppedError } from '../../src/shared/errors.js';
import { memoryLogger } from '../../src/shared/logger.js';
import { ManualClock, settle } from '../helpers/clock.js';
import { recorderFor, scriptedApi, spec, warningsOf } from '../helpers/deployment-recorder.js';

describe('DeploymentRecorder on cancel', () => {
  /** A GitHub that never answers a status: each call ends only when its signal aborts. */
  function silentStatuses(clock: ManualClock) {
    const calls: { kind: string; ended?: number }[] = [];
    const api: DeploymentApi = {
      createDeployment: async () => {
        calls.push({ kind: 'create' });
        return { id: 7 };
      },
      createStatus: (_id, status, signal) =>
        new Promise((_, reject) => {
          const call: { kind: string; ended?: number } = { kind: status.state };
          calls.push(call);
          signal.addEventListener('abort', () => {
            call.ended = clock.now();
            reject(signal.reason as Error);
          });
        }),
    };
    return { api, calls };
  }

  /** The recorder as the action makes it: its waits are the clock's, cut by the run's signal. */
  const recorderOn = (
    api: DeploymentApi,
    clock: ManualClock,
    cancel: AbortSignal,
    logger = memoryLogger(),
  ) => new DeploymentRecorder({ api, spec, logger, redact: (t) => t, cancel, clock });

  it('the final status of a cancelled run ends within the cancel budget, with no retry', async () => {
    const clock = new ManualClock();
    const controller = new AbortController();
    const { api, calls } = scriptedApi([]);
    const recorder = recorderOn(api, clock, controller.signal);
    await recorder.start();
    const silent = silentStatuses(clock);
    Object.assign(api, { createStatus: silent.api.createStatus });
    controller.abort();
    const cancelledAt = clock.now();
    let done = false;
    const failed = recorder
      .failed(new StoppedError('Cancelled', 'cancelled'), 'Cancelled')
      .then(() => (done = true));
    await clock.advance(CANCELLED_BUDGET_MS - 1);
    expect(done).toBe(false);
    await clock.advance(1);
    await failed;
    // Cut exactly at the budget (not the call's own 10 s limit), and not tried again after.
    expect(silent.calls).toEqual([{ kind: 'error', ended: cancelledAt + CANCELLED_BUDGET_MS }]);
    expect(calls.map((c) => c.kind)).toEqual(['create', 'in_progress']);
    expect(clock.sleeping).toBe(0);
  });

  it('a call in flight when the run is cancelled is cut to the budget', async () => {
    const clock = new ManualClock();
    const controller = new AbortController();
    const { api, calls } = silentStatuses(clock);
    const recorder = recorderOn(api, clock, controller.signal);
    const started = recorder.start();
    await clock.advance(100);
    expect(calls.map((c) => c.kind)).toEqual(['create', 'in_progress']);
    const cancelledAt = clock.now();
    controller.abort();
    await clock.advance(CANCELLED_BUDGET_MS);
    await started;
    expect(calls[1]!.ended).toBe(cancelledAt + CANCELLED_BUDGET_MS);
  });

  it('a call with no answer and no cancel ends at its own time limit', async () => {
    const clock = new ManualClock();
    const { api, calls } = silentStatuses(clock);
    const logger = memoryLogger();
    const recorder = recorderOn(api, clock, new AbortController().signal, logger);
    const startedAt = clock.now();
    const started = recorder.start();
    await clock.advance(9_999);
    expect(calls[1]!.ended).toBeUndefined();
    await clock.advance(1);
    expect(calls[1]!.ended).toBe(startedAt + 10_000);
    // Tried again after a pause of a second, time allowing (three tries in all).
    await clock.advance(60_000);
    await started;
    expect(calls.map((c) => c.kind)).toEqual([
      'create',
      'in_progress',
      'in_progress',
      'in_progress',
    ]);
    expect(logger.lines.join('\n')).toContain('no answer in time');
  });

  it('a cancel during a wait between tries ends the wait: in_progress is dropped, the final status sent', async () => {
    const clock = new ManualClock();
    const controller = new AbortController();
    const { api, calls } = scriptedApi(['ok', { status: 429, retryAfterMs: 4000 }]);
    const logger = memoryLogger();
    const recorder = recorderOn(api, clock, controller.signal, logger);
    let done = false;
    const started = recorder.start().then(() => (done = true));
    await clock.advance(100);
    // Waiting out the rate limit (nothing else sleeps: the call ended).
    expect(clock.sleeping).toBe(1);
    expect(done).toBe(false);
    controller.abort();
    await settle();
    await started;
    // Ended by the cancel, not by the clock.
    expect(clock.now() - Date.parse('2026-11-24T00:00:00Z')).toBe(100);
    await recorder.failed(new StoppedError('Cancelled', 'cancelled'), 'Cancelled');
    expect(calls.map((c) => c.kind)).toEqual(['create', 'in_progress', 'error']);
    expect(recorder.state).toBe('error');
    expect(warningsOf(logger)).toEqual([]);
  });

  it('cancelled while the deployment is created: no in_progress, straight to the final status', async () => {
    const controller = new AbortController();
    let created!: () => void;
    const createAfter = new Promise<void>((resolve) => (created = resolve));
    const { api, calls } = scriptedApi([]);
    const slow: DeploymentApi = {
      createDeployment: async (request, signal) => {
        await createAfter;
        return api.createDeployment(request, signal);
      },
      createStatus: api.createStatus,
    };
    const recorder = recorderFor(slow, memoryLogger(), controller.signal);
    const started = recorder.start();
    controller.abort();
    created();
    await started;
    await recorder.failed(new StoppedError('Cancelled', 'cancelled'), 'Cancelled');
    expect(calls.map((c) => c.kind)).toEqual(['create', 'error']);
    expect(recorder.state).toBe('error');
  });
});
