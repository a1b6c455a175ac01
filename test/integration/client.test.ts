/**
 * The service client over HTTP against the simulator: the static export and agent operations,
 * the error statuses (status, the service's text, a hint, never the key) and its configuration.
 * Retries, cancellation and the deadline: client-retries.test.ts; responses that break the
 * contract: client-responses.test.ts.
 */
import { createServer as createHttpServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors.js';
import { createAgentJob, getAgentJob, sendFollowUp } from '../../src/api/agent.js';
import { generateBundle, getExport, startExport } from '../../src/api/static-export.js';
import { ServiceClient } from '../../src/api/client.js';
import { caught, client, sim, wait } from '../helpers/sim.js';
import { fast, finishedJob } from '../helpers/export-jobs.js';

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
    const job = await finishedJob(c);
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
