import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors.js';
import { createAgentJob, getAgentJob, sendFollowUp } from '../../src/api/agent.js';
import { generateBundle, getExport, startExport } from '../../src/api/static-export.js';
import { ServiceClient } from '../../src/api/client.js';
import { sleep } from '../../src/shared/sleep.js';
import { startSimulator } from '../../simulator/server.js';
import { ManualClock } from '../helpers/clock.js';
import { caught, client, sim, wait } from '../helpers/sim.js';

const fast = { queuedMs: 50, runningMs: 200 };

/** The agent job once `until` holds, polled every 20 ms for up to 20 s (a loaded machine's margin). */
async function jobWhen(
  c: ServiceClient,
  projectId: string,
  id: string,
  until: (job: Awaited<ReturnType<typeof getAgentJob>>) => boolean,
) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const job = await getAgentJob(c, projectId, id);
    if (until(job) || Date.now() > deadline) return job;
    await wait(20);
  }
}

/** Until `done` holds, checked every 10 ms for up to 20 s (a loaded machine's margin). */
async function until(done: () => boolean) {
  const deadline = Date.now() + 20_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('the state waited for was not reached in 20 s');
    await wait(10);
  }
}

async function finishedJob(s: Awaited<ReturnType<typeof sim>>, c: ServiceClient) {
  const job = await startExport(c, { domain: 'docs.example.com' });
  await wait(fast.queuedMs + fast.runningMs + 30);
  return job;
}

function assertNoKey(error: unknown, key: string) {
  const text = `${String(error)} ${(error as Error).stack ?? ''} ${JSON.stringify(error)}`;
  expect(text).not.toContain(key);
}

describe('static export operations', () => {
  it('start → status → bundle, with version and paths, sending key and User-Agent', async () => {
    const s = await sim({ export: fast });
    const c = client(s);
    const started = await startExport(c, {
      domain: 'docs.example.com',
      version: '2026-11-22',
      paths: ['a', 'guides/b'],
    });
    expect(started.jobId).toMatch(/^se_[0-9a-f]{16}$/);
    expect(started.status).toBe('queued');
    await wait(300);
    const done = await getExport(c, started.jobId);
    expect(done).toMatchObject({ status: 'completed', progress: 100, pageCount: 2 });
    const bundle = await generateBundle(c, started.jobId);
    expect(bundle.bundleUrl.startsWith(s.storageUrl)).toBe(true);
    expect(Date.parse(bundle.expiresAt ?? '')).toBeGreaterThan(Date.now());
    const again = await generateBundle(c, started.jobId);
    expect(again.sizeBytes).toBe(bundle.sizeBytes);

    const start = s.requestsFor('start-export')[0]!;
    expect(start.body).toEqual({
      domain: 'docs.example.com',
      version: '2026-11-22',
      paths: ['a', 'guides/b'],
    });
    expect(start.authorization).toBe(`Bearer ${s.apiKey}`);
    expect(start.userAgent).toMatch(/^static-export-helm-action\/\d+\.\d+\.\d+/);
    const download = await fetch(bundle.bundleUrl);
    expect(download.status).toBe(200);
    expect(Number(download.headers.get('content-length'))).toBe(bundle.sizeBytes);
  });

  it('omits version and paths when not given', async () => {
    const s = await sim({ export: fast });
    await startExport(client(s), { domain: 'docs.example.com', paths: [] });
    expect(s.requestsFor('start-export')[0]!.body).toEqual({ domain: 'docs.example.com' });
  });

  it('reports a failed job through status and error', async () => {
    const s = await sim({
      export: { ...fast, outcome: 'failed', error: 'Build failed: bad frontmatter' },
    });
    const c = client(s);
    const job = await finishedJob(s, c);
    expect(await getExport(c, job.jobId)).toMatchObject({
      status: 'failed',
      error: 'Build failed: bad frontmatter',
    });
  });
});

describe('error statuses carry the status, the service text and a hint', () => {
  it('401 for a wrong key, without the key in the message', async () => {
    const s = await sim();
    const key = 'mint_wrong_0123456789abcdef';
    const error = await caught<ApiError>(() =>
      startExport(client(s, { apiKey: key }), { domain: 'docs.example.com' }),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 401,
      kind: 'http',
      serviceMessage: 'Invalid API key',
      attempts: 1,
    });
    expect(error.message).toMatch(/HTTP 401 Unauthorized: "Invalid API key"/);
    expect(error.message).toMatch(/admin API key \(it starts with mint_, not mint_dsc_\)/);
    // A key that worked before and now gets 401 has most likely expired: say so, and where to go.
    expect(error.message).toContain(
      'If this key worked before, it has most likely expired (admin keys expire after 7, 30, 60 or 90 days, 90 by default, unless created to never expire): create a new one on the API keys page of the dashboard and update the secret.',
    );
    assertNoKey(error, key);
    expect(s.requests).toHaveLength(1);
  });

  it('a key the service quotes near the end of a long error is hidden before the text is cut short', async () => {
    const key = 'mint_abcdefabcdefabcdef0123';
    const s = await sim();
    s.inject({
      op: 'start-export',
      fault: {
        type: 'status',
        status: 401,
        body: JSON.stringify({ error: `Invalid API key. ${'x'.repeat(252)} received: ${key}` }),
      },
    });
    const error = await caught<ApiError>(() =>
      startExport(client(s, { apiKey: key }), { domain: 'docs.example.com' }),
    );
    expect(error.message).toContain('received: ***');
    // Not the key's first 20 characters either, which a cut at 300 would have left.
    expect(`${error.message} ${JSON.stringify(error)}`).not.toContain(key.slice(0, 12));
  });

  it('401 for an assistant key says so', async () => {
    const s = await sim();
    const key = 'mint_dsc_0123456789abcdef';
    const error = await caught<ApiError>(() => getExport(client(s, { apiKey: key }), 'se_1'));
    expect(error.message).toMatch(/public assistant key \(it starts with mint_dsc_\)/);
    assertNoKey(error, key);
  });

  it('403 when the organization lacks the Enterprise plan', async () => {
    const s = await sim();
    const error = await caught<ApiError>(() =>
      startExport(client(s, { apiKey: s.noPlanKey }), { domain: 'docs.example.com' }),
    );
    expect(error.status).toBe(403);
    expect(error.message).toMatch(/Static export is not enabled.*Enterprise plan/);
  });

  it('404 for an unknown job', async () => {
    const s = await sim();
    const error = await caught<ApiError>(() => getExport(client(s), 'se_nope'));
    expect(error).toMatchObject({ status: 404, attempts: 1 });
    expect(error.message).toMatch(/get export job se_nope: .*HTTP 404.*check the job-id input/);
  });

  it('409 while the job is not finished, not retried', async () => {
    const s = await sim({ export: { queuedMs: 5000 } });
    const c = client(s);
    const job = await startExport(c, { domain: 'docs.example.com' });
    const error = await caught<ApiError>(() => generateBundle(c, job.jobId));
    expect(error.status).toBe(409);
    expect(error.message).toMatch(/has not finished yet/);
    expect(s.requestsFor('bundle')).toHaveLength(1);
  });

  it('a 409 outside bundle generation gets no export-job hint (agent follow-up)', async () => {
    const server = createHttpServer((_req, res) => {
      res.writeHead(409, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'the job is busy' }));
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    try {
      const port = (server.address() as { port: number }).port;
      const c = new ServiceClient({
        baseUrl: new URL(`http://127.0.0.1:${port}`),
        apiKey: 'mint_x',
      });
      const error = await caught<ApiError>(() => sendFollowUp(c, 'proj_1', 'aj_1', 'Fix it'));
      expect(error.status).toBe(409);
      expect(error.message).toContain('the job is busy');
      expect(error.message).not.toMatch(/export/i);
      await c.close();
    } finally {
      server.close();
    }
  });

  it('400 with the service text, not retried', async () => {
    const s = await sim();
    const error = await caught<ApiError>(() =>
      startExport(client(s), { domain: 'https://docs.example.com/x' }),
    );
    expect(error.status).toBe(400);
    expect(error.serviceMessage).toMatch(/domain must be a host name/);
    expect(s.requests).toHaveLength(1);
  });

  it('a non-JSON error page from a proxy gives a clean message', async () => {
    const s = await sim({
      faults: [
        {
          op: 'get-export',
          times: Infinity,
          fault: {
            type: 'status',
            status: 502,
            contentType: 'text/html',
            body: '<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>',
          },
        },
      ],
    });
    const error = await caught<ApiError>(() =>
      getExport(client(s, { retry: { maxAttempts: 3, baseDelayMs: 5, maxDelayMs: 10 } }), 'se_1'),
    );
    expect(error.message).toMatch(
      /HTTP 502 Bad Gateway \(text\/html, \d+ bytes, titled "502 Bad Gateway"\); gave up after 3 attempts/,
    );
    expect(error.message).not.toContain('<html>');
    expect(s.requests).toHaveLength(3);
  });
});

describe('retries', () => {
  it('retries 5xx and resets on reads, then succeeds', async () => {
    const s = await sim({ export: fast });
    const c = client(s);
    const job = await finishedJob(s, c);
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
    const job = await finishedJob(s, c);
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
    const job = await finishedJob(s, c);
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
    const job = await finishedJob(s, c);
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

describe('bad responses', () => {
  it('truncated JSON is a clear error naming the operation', async () => {
    const s = await sim({ faults: [{ op: 'get-export', fault: { type: 'malformed-json' } }] });
    const error = await caught<ApiError>(() => getExport(client(s), 'se_1'));
    expect(error.kind).toBe('invalid-response');
    expect(error.message).toMatch(
      /^get export job se_1: the service answered HTTP 200 with a body that is not valid JSON/,
    );
  });

  it('wrong and missing fields are named', async () => {
    const s = await sim({
      faults: [
        { op: 'get-export', fault: { type: 'json', body: { jobId: 5, status: 'paused' } } },
        {
          op: 'bundle',
          fault: {
            type: 'json',
            body: { jobId: 'se_1', sizeBytes: 10, expiresAt: '2026-11-22T10:00:00Z' },
          },
        },
      ],
    });
    const c = client(s);
    const e1 = await caught<ApiError>(() => getExport(c, 'se_1'));
    expect(e1.message).toMatch(/field "jobId" expected string, got 5/);
    // A status the contract does not show is a job still working, not a refusal of the answer.
    expect(e1.message).not.toMatch(/status/);
    const e2 = await caught<ApiError>(() => generateBundle(c, 'se_1'));
    expect(e2.message).toMatch(
      /^generate bundle for export job se_1: unexpected response from the service: field "bundleUrl" is missing/,
    );
  });

  it('refuses an id that could smuggle a workflow command into the log, and flattens service text', async () => {
    const s = await sim({
      faults: [
        {
          op: 'get-export',
          fault: { type: 'json', body: { jobId: 'se_1\n::error::x', status: 'running' } },
        },
      ],
    });
    const c = client(s);
    const error = await caught<ApiError>(() => getExport(c, 'se_1'));
    expect(error.message).toMatch(/field "jobId" must be an id of letters, digits/);
    expect(error.message).not.toMatch(/\n/);
    s.inject({
      op: 'get-export',
      fault: {
        type: 'json',
        body: { jobId: 'se_1', status: 'failed', error: 'broken\n::add-mask::x\r\n' },
      },
    });
    expect((await getExport(c, 'se_1')).error).toBe('broken ::add-mask::x');
  });

  it('accepts extra fields, fractional progress and float counts', async () => {
    const s = await sim({
      faults: [
        {
          op: 'get-export',
          fault: {
            type: 'json',
            body: {
              jobId: 'se_1',
              status: 'running',
              progress: 42.37,
              pageCount: 12.0,
              shard: 'eu-1',
              error: null,
            },
          },
        },
      ],
    });
    expect(await getExport(client(s), 'se_1')).toMatchObject({
      progress: 42.37,
      pageCount: 12,
      shard: 'eu-1',
    });
  });

  it('refuses a huge body without buffering it', async () => {
    const s = await sim({
      faults: [{ op: 'get-export', fault: { type: 'huge-body', bytes: 64 * 1024 * 1024 } }],
    });
    const error = await caught<ApiError>(() => getExport(client(s), 'se_1'));
    expect(error.message).toMatch(/larger than 1048576 bytes/);
  });

  it('does not follow a redirect, so the key never reaches another host', async () => {
    const s = await sim();
    s.inject({
      op: 'get-export',
      fault: { type: 'redirect', location: `${s.storageUrl}/steal?x=1` },
    });
    const error = await caught<ApiError>(() => getExport(client(s), 'se_1'));
    expect(error.kind).toBe('redirect');
    expect(error.message).toContain(`${s.storageUrl}/steal`);
    expect(error.message).not.toContain('x=1');
    expect(s.requestsFor('download')).toHaveLength(0);
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

describe('agent operations', () => {
  it('create → completed with a pull request; a follow-up makes it active again', async () => {
    const s = await sim({ agent: { activeMs: 100, pickupMs: 2000 } });
    const c = client(s);
    const job = await createAgentJob(c, s.projectId, 'Document the new flags');
    expect(job).toMatchObject({ status: 'active', prLink: null });
    const done = await jobWhen(c, s.projectId, job.id, (j) => j.status !== 'active');
    expect(done.status).toBe('completed');
    expect(done.prLink).toMatch(/^https:\/\/github\.com\/acme\/docs\/pull\/\d+$/);
    // The follow-up's work lasts long enough that the job is seen active however loaded the
    // machine: the test waits for that state, not for a moment in time.
    s.agentScenario.activeMs = 60_000;
    const again = await sendFollowUp(c, s.projectId, job.id, 'Also the config file');
    // Taken up asynchronously: the answer still shows the job as it was; a later get-job shows it
    // active.
    expect(again).toMatchObject({ status: 'completed', prLink: done.prLink });
    const taken = await jobWhen(c, s.projectId, job.id, (j) => j.status !== 'completed');
    expect(taken).toMatchObject({ status: 'active', prLink: null });
  });

  it('a job never takes a message up when pickupMs is Infinity: it keeps its old answer', async () => {
    const s = await sim({ agent: { activeMs: 10, pickupMs: Number.POSITIVE_INFINITY } });
    const c = client(s);
    const job = await createAgentJob(c, s.projectId, 'x');
    const done = await jobWhen(c, s.projectId, job.id, (j) => j.status !== 'active');
    expect(done.status).toBe('completed');
    await sendFollowUp(c, s.projectId, job.id, 'again');
    await wait(50);
    expect(await getAgentJob(c, s.projectId, job.id)).toEqual(done);
  });

  it('429 on a follow-up is reported at once, with the quota, and sent once', async () => {
    const s = await sim({ messageLimit: 1, agent: { activeMs: 10 } });
    const c = client(s);
    const job = await createAgentJob(c, s.projectId, 'x');
    await sendFollowUp(c, s.projectId, job.id, 'one');
    const error = await caught<ApiError>(() => sendFollowUp(c, s.projectId, job.id, 'two'));
    expect(error.status).toBe(429);
    expect(error.message).toMatch(/100 follow-up messages per project per hour/);
    expect(s.requestsFor('message')).toHaveLength(2);
  });

  it('404 names the project and job inputs', async () => {
    const s = await sim();
    const error = await caught<ApiError>(() => getAgentJob(client(s), s.projectId, 'aj_missing'));
    expect(error.message).toMatch(
      /No agent job has this id in project proj_sim: check the job-id and project-id/,
    );
    const e2 = await caught<ApiError>(() =>
      sendFollowUp(client(s), s.projectId, 'aj_missing', 'hi'),
    );
    expect(e2.status).toBe(404);
  });

  it('400 for an empty prompt', async () => {
    const s = await sim();
    const error = await caught<ApiError>(() => createAgentJob(client(s), s.projectId, ''));
    expect(error).toMatchObject({ status: 400, serviceMessage: 'prompt is required' });
  });

  it('a failed agent job has no pull request', async () => {
    const s = await sim({ agent: { activeMs: 20, outcome: 'failed' } });
    const c = client(s);
    const job = await createAgentJob(c, s.projectId, 'x');
    await wait(50);
    expect(await getAgentJob(c, s.projectId, job.id)).toMatchObject({
      status: 'failed',
      prLink: null,
    });
  });
});

describe('configuration', () => {
  it('refuses an empty key and a key with a line break, without echoing it', () => {
    expect(() => new ServiceClient({ baseUrl: 'https://api.mintlify.com', apiKey: '  ' })).toThrow(
      /API key is empty/,
    );
    let error: unknown;
    try {
      new ServiceClient({ baseUrl: 'https://api.mintlify.com', apiKey: 'mint_abc\nmint_def' });
    } catch (e) {
      error = e;
    }
    expect(String(error)).toMatch(/line break/);
    expect(String(error)).not.toContain('mint_abc');
  });
});
