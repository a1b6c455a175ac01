/**
 * The service client's retries (which operations it repeats, and after what), Retry-After, the
 * per-request timeout, cancellation and the run's deadline, over HTTP against the simulator.
 */
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors.js';
import { sendFollowUp } from '../../src/api/agent.js';
import { generateBundle, getExport, startExport } from '../../src/api/static-export.js';
import { ServiceClient } from '../../src/api/client.js';
import { sleep } from '../../src/shared/sleep.js';
import { startSimulator } from '../../simulator/server.js';
import { ManualClock } from '../helpers/clock.js';
import { caught, client, sim, wait } from '../helpers/sim.js';
import { fast, finishedJob } from '../helpers/export-jobs.js';

/** Until `done` holds, checked every 10 ms for up to 20 s (a loaded machine's margin). */
async function until(done: () => boolean) {
  const deadline = Date.now() + 20_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('the state waited for was not reached in 20 s');
    await wait(10);
  }
}

describe('retries', () => {
  it('retries 5xx and resets on reads, then succeeds', async () => {
    const s = await sim({ export: fast });
    const c = client(s);
    const job = await finishedJob(c);
    s.inject(
      { op: 'get-export', fault: { type: 'status', status: 500 } },
      { op: 'get-export', after: 1, fault: { type: 'reset' } },
      { op: 'get-export', after: 2, fault: { type: 'status', status: 504 } },
    );
    expect((await getExport(c, job.jobId)).status).toBe('completed');
    expect(s.requestsFor('get-export').map((r) => r.status)).toEqual([500, 'reset', 504, 200]);
  });

  it('generate bundle is repeated after a reset (it is safe to repeat)', async () => {
    const s = await sim({ export: fast });
    const c = client(s);
    const job = await finishedJob(c);
    s.inject({ op: 'bundle', fault: { type: 'reset-after' } });
    const bundle = await generateBundle(c, job.jobId);
    expect(bundle.bundleUrl).toContain(job.jobId);
    expect(s.requestsFor('bundle')).toHaveLength(2);
  });

  it('never repeats a start that the service may have acted on (500, reset, timeout)', async () => {
    for (const fault of [
      { type: 'status', status: 500 },
      { type: 'reset-after' },
      { type: 'delay', ms: 600 },
    ] as const) {
      const s = await sim({ faults: [{ op: 'start-export', fault }] });
      const c = client(s, { requestTimeoutMs: 300 });
      const error = await caught<ApiError>(() => startExport(c, { domain: 'docs.example.com' }));
      expect(error).toBeInstanceOf(ApiError);
      expect(s.requestsFor('start-export')).toHaveLength(1);
      if (fault.type !== 'status') expect(error.message).toMatch(/may (still )?have acted on it/);
    }
  });

  it('repeats a start on 503 and 429, creating exactly one job', async () => {
    const s = await sim({
      faults: [
        { op: 'start-export', fault: { type: 'status', status: 503 } },
        { op: 'start-export', after: 1, fault: { type: 'status', status: 429, retryAfter: '0' } },
      ],
    });
    const job = await startExport(client(s), { domain: 'docs.example.com' });
    expect(s.requestsFor('start-export').map((r) => r.status)).toEqual([503, 429, 202]);
    expect([...s.exportJobs.keys()]).toEqual([job.jobId]);
  });

  it('repeats a start when the connection was refused (nothing was sent)', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    const c = new ServiceClient({
      baseUrl: `http://127.0.0.1:${port}`,
      apiKey: 'mint_sim_late',
      // Tries for up to about 30 s: the simulator may take seconds to listen on a loaded machine.
      retry: { baseDelayMs: 150, maxDelayMs: 300, maxAttempts: 100 },
    });
    const late = wait(250).then(() => startSimulator({ port, apiKey: 'mint_sim_late' }));
    try {
      const job = await startExport(c, { domain: 'docs.example.com' });
      const s = await late;
      expect([...s.exportJobs.keys()]).toEqual([job.jobId]);
      await s.close();
    } finally {
      await c.close();
      await late.then((s) => s.close()).catch(() => undefined);
    }
  });

  it("a port Node's fetch refuses (bad port): said as nothing sent, and not tried again", async () => {
    const c = new ServiceClient({
      baseUrl: 'http://127.0.0.1:6000',
      apiKey: 'mint_sim_badport',
      retry: { baseDelayMs: 10, maxDelayMs: 20, maxAttempts: 5 },
    });
    try {
      const error = await startExport(c, { domain: 'docs.example.com' }).then(
        () => undefined,
        (e: unknown) => e as Error,
      );
      expect(error?.message).toContain(
        "Node's fetch refuses that port before sending anything (the fetch standard blocks it: a port that speaks another protocol): 127.0.0.1:6000",
      );
      expect(error?.message).toContain('Nothing was sent. Use another port in base-url.');
      expect(error?.message).not.toMatch(/may (still )?have acted|after the request was sent/);
      // The review loop's rule reads the same: a follow-up refused here was not received.
      const follow = await sendFollowUp(c, 'proj', 'aj_x', 'x').catch((e: unknown) => e);
      expect(follow).toBeInstanceOf(ApiError);
      expect((follow as ApiError).mayHaveReached).toBe(false);
    } finally {
      await c.close();
    }
  });

  it('honours Retry-After in seconds and as an HTTP date', async () => {
    const s = await sim({ export: fast });
    const c = client(s);
    const job = await finishedJob(c);
    s.inject({ op: 'get-export', fault: { type: 'status', status: 429, retryAfter: '1' } });
    const t0 = Date.now();
    await getExport(c, job.jobId);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(950);

    // As a date (whole seconds): the retry is not sent before it, however long the first
    // request took to be answered.
    const retryAt = new Date(Date.now() + 2000).toUTCString();
    s.inject({ op: 'get-export', fault: { type: 'status', status: 503, retryAfter: retryAt } });
    await getExport(c, job.jobId);
    const [, dated, retried] = s.requestsFor('get-export').slice(-3);
    expect([dated?.status, retried?.status]).toEqual([503, 200]);
    // (A timer may fire a millisecond early: Node rounds to whole milliseconds.)
    expect(retried!.at).toBeGreaterThanOrEqual(Date.parse(retryAt) - 2);
  });

  it('does not wait out a Retry-After longer than it allows', async () => {
    const s = await sim({
      faults: [{ op: 'get-export', fault: { type: 'status', status: 429, retryAfter: '3600' } }],
    });
    const t0 = Date.now();
    const error = await caught<ApiError>(() => getExport(client(s), 'se_1'));
    // Refused at once: one request, and far less than the hour asked (a generous bound).
    expect(s.requestsFor('get-export')).toHaveLength(1);
    expect(Date.now() - t0).toBeLessThan(20_000);
    expect(error.message).toMatch(/asks to wait 3600 s/);
  });

  it('retries a slow read after the per-request timeout', async () => {
    const s = await sim({ export: fast });
    // A timeout long enough for any answer on a loaded machine, and a delay far past it: the
    // second request is answered in time, whatever the load.
    const c = client(s, { requestTimeoutMs: 2000 });
    const job = await finishedJob(c);
    s.inject({ op: 'get-export', fault: { type: 'delay', ms: 60_000 } });
    expect((await getExport(c, job.jobId)).status).toBe('completed');
    expect(s.requestsFor('get-export')).toHaveLength(2);
  });

  it('times out a body that drips slower than the limit', async () => {
    const s = await sim({
      faults: [
        // A byte a second: the whole body would take minutes.
        {
          op: 'get-export',
          times: Infinity,
          fault: { type: 'drip', bytesPerTick: 1, tickMs: 1000 },
        },
      ],
    });
    const c = client(s, {
      requestTimeoutMs: 300,
      retry: { maxAttempts: 2, baseDelayMs: 5, maxDelayMs: 5 },
    });
    const t0 = Date.now();
    const error = await caught<ApiError>(() => getExport(c, 'se_1'));
    expect(error.kind).toBe('timeout');
    expect(error.message).toMatch(/no complete answer within 300 ms; gave up after 2 attempts/);
    expect(s.requestsFor('get-export')).toHaveLength(2);
    expect(Date.now() - t0).toBeLessThan(20_000);
  });
});

describe('cancellation and deadline', () => {
  it('an abort stops a slow request at once', async () => {
    // The answer would take a minute; the abort comes once the request has reached the service.
    const s = await sim({ faults: [{ op: 'get-export', fault: { type: 'delay', ms: 60_000 } }] });
    const controller = new AbortController();
    const t0 = Date.now();
    const pending = caught<ApiError>(() =>
      getExport(client(s), 'se_1', { signal: controller.signal }),
    );
    await until(() => s.requestsFor('get-export').length === 1);
    controller.abort();
    const error = await pending;
    expect(error.kind).toBe('aborted');
    expect(Date.now() - t0).toBeLessThan(20_000);
  });

  it('an abort stops a back-off wait at once', async () => {
    const s = await sim({
      // A wait of 100 s (the most the client allows is 120 s), aborted once the 503 was answered.
      faults: [{ op: 'get-export', fault: { type: 'status', status: 503, retryAfter: '100' } }],
    });
    // The client's own sleep, told when a wait starts: the abort comes during the back-off.
    const waits: number[] = [];
    const c = client(s, { sleep: (ms, signal) => (waits.push(ms), sleep(ms, signal)) });
    const controller = new AbortController();
    const t0 = Date.now();
    const pending = caught<ApiError>(() => getExport(c, 'se_1', { signal: controller.signal }));
    await until(() => waits.length === 1);
    expect(waits).toEqual([100_000]);
    controller.abort();
    const error = await pending;
    expect(error.kind).toBe('aborted');
    expect(Date.now() - t0).toBeLessThan(20_000);
    expect(s.requests).toHaveLength(1);
  });

  it('retries stop at the deadline', async () => {
    const s = await sim({
      faults: [{ op: 'get-export', times: Infinity, fault: { type: 'status', status: 503 } }],
    });
    // The client's clock moves only in its back-off waits (which pass at once): the deadline is
    // spent by those waits alone, whatever the load on the machine (a real 3 s deadline was
    // once cut by a slow answer under the whole fast tier, ending in a timeout, not a 503).
    const clock = new ManualClock({ auto: true });
    const c = client(s, {
      retry: { maxAttempts: 100, baseDelayMs: 200, maxDelayMs: 400 },
      now: clock.now,
      sleep: clock.sleep,
    });
    const deadline = clock.now() + 3000;
    const error = await caught<ApiError>(() => getExport(c, 'se_1', { deadline }));
    expect(clock.now()).toBeLessThanOrEqual(deadline);
    // Every wait ran its whole time and the next would not have fitted: 3 s of waits of 200 to
    // 400 ms each, one request after each.
    expect(clock.slept.reduce((a, b) => a + b, 0)).toBeGreaterThan(3000 - 400);
    expect(s.requestsFor('get-export')).toHaveLength(clock.slept.length + 1);
    expect(error.status).toBe(503);
    expect(error.message).toMatch(/no time left for another try before the deadline/);
  });

  it('a slow request is cut at the deadline', async () => {
    const s = await sim({ faults: [{ op: 'get-export', fault: { type: 'delay', ms: 60_000 } }] });
    const t0 = Date.now();
    const error = await caught<ApiError>(() =>
      getExport(client(s), 'se_1', { deadline: Date.now() + 300 }),
    );
    expect(error.kind).toBe('deadline');
    // Cut long before the minute the answer would take (a generous bound for a loaded machine).
    expect(Date.now() - t0).toBeLessThan(20_000);
  });
});
