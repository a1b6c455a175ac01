import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  AgentJobSchema,
  BundleSchema,
  ErrorBodySchema,
  ExportJobSchema,
} from '../../src/api/schemas.js';
import { sim, wait } from '../helpers/sim.js';

/** Raw HTTP against the simulator, checked with the client's own schemas (no client code). */
describe('the simulator answers in the form the client reads', () => {
  it('static export operations and their errors', async () => {
    // Queued long enough for the first poll to see it on a loaded machine (30 ms was not).
    const s = await sim({ export: { queuedMs: 250, runningMs: 250, pageCount: 5 } });
    const call = async (method: string, path: string, body?: unknown, key = s.apiKey) => {
      const res = await fetch(`${s.baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, json: await res.json() };
    };
    const start = await call('POST', '/v1/static-export/jobs', {
      domain: 'docs.example.com',
      version: 'v2',
    });
    expect(start.status).toBe(202);
    const job = v.parse(ExportJobSchema, start.json);
    const statuses = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const got = await call('GET', `/v1/static-export/jobs/${job.jobId}`);
      expect(got.status).toBe(200);
      const parsed = v.parse(ExportJobSchema, got.json);
      statuses.add(parsed.status);
      if (parsed.status === 'running') expect(parsed.progress).toBeGreaterThanOrEqual(0);
      if (parsed.status === 'completed') break;
      await wait(10);
    }
    expect([...statuses]).toEqual(['queued', 'running', 'completed']);
    const bundle = await call('POST', `/v1/static-export/jobs/${job.jobId}/bundle`);
    expect(bundle.status).toBe(200);
    v.parse(BundleSchema, bundle.json);

    for (const [status, method, path, body, key] of [
      [401, 'GET', `/v1/static-export/jobs/${job.jobId}`, undefined, 'mint_wrong'],
      [403, 'POST', '/v1/static-export/jobs', { domain: 'docs.example.com' }, s.noPlanKey],
      [400, 'POST', '/v1/static-export/jobs', { domain: 'https://x.com/docs' }, s.apiKey],
      [404, 'GET', '/v1/static-export/jobs/se_none', undefined, s.apiKey],
    ] as const) {
      const got = await call(method, path, body, key);
      expect(got.status).toBe(status);
      v.parse(ErrorBodySchema, got.json);
    }
  });

  it('a bundle answers 409 before completion', async () => {
    const s = await sim({ export: { queuedMs: 5000 } });
    const headers = { authorization: `Bearer ${s.apiKey}`, 'content-type': 'application/json' };
    const start = await fetch(`${s.baseUrl}/v1/static-export/jobs`, {
      method: 'POST',
      headers,
      body: '{"domain":"a.example.com"}',
    });
    const { jobId } = v.parse(ExportJobSchema, await start.json());
    const res = await fetch(`${s.baseUrl}/v1/static-export/jobs/${jobId}/bundle`, {
      method: 'POST',
      headers,
    });
    expect(res.status).toBe(409);
    v.parse(ErrorBodySchema, await res.json());
  });

  it('agent operations and their errors', async () => {
    const s = await sim({ agent: { activeMs: 50 }, messageLimit: 1 });
    const headers = { authorization: `Bearer ${s.apiKey}`, 'content-type': 'application/json' };
    const base = `${s.baseUrl}/v2/agent/${s.projectId}/job`;
    const created = await fetch(base, { method: 'POST', headers, body: '{"prompt":"hi"}' });
    expect(created.status).toBe(201);
    const job = v.parse(AgentJobSchema, await created.json());
    await wait(70);
    const got = v.parse(
      AgentJobSchema,
      await (await fetch(`${base}/${job.id}`, { headers })).json(),
    );
    expect(got.status).toBe('completed');
    const msg = await fetch(`${base}/${job.id}/message`, {
      method: 'POST',
      headers,
      body: '{"prompt":"more"}',
    });
    expect(msg.status).toBe(200);
    v.parse(AgentJobSchema, await msg.json());
    const limited = await fetch(`${base}/${job.id}/message`, {
      method: 'POST',
      headers,
      body: '{"prompt":"more"}',
    });
    expect(limited.status).toBe(429);
    v.parse(ErrorBodySchema, await limited.json());
    const empty = await fetch(`${base}/${job.id}/message`, {
      method: 'POST',
      headers,
      body: '{"prompt":""}',
    });
    expect(empty.status).toBe(400);
    const missing = await fetch(`${base}/aj_none`, { headers });
    expect(missing.status).toBe(404);
    v.parse(ErrorBodySchema, await missing.json());
  });

  it('presigned links: a different origin, signature and expiry checked, no Authorization accepted', async () => {
    const s = await sim({ export: { queuedMs: 0, runningMs: 10 }, bundleTtlMs: 1500 });
    const headers = { authorization: `Bearer ${s.apiKey}`, 'content-type': 'application/json' };
    const start = await fetch(`${s.baseUrl}/v1/static-export/jobs`, {
      method: 'POST',
      headers,
      body: '{"domain":"a.example.com"}',
    });
    const { jobId } = v.parse(ExportJobSchema, await start.json());
    await wait(30);
    const res = await fetch(`${s.baseUrl}/v1/static-export/jobs/${jobId}/bundle`, {
      method: 'POST',
      headers,
    });
    const bundle = v.parse(BundleSchema, await res.json());
    const link = new URL(bundle.bundleUrl);
    expect(link.origin).not.toBe(new URL(s.baseUrl).origin);
    expect((await fetch(link)).status).toBe(200);
    expect((await fetch(link, { headers: { authorization: `Bearer ${s.apiKey}` } })).status).toBe(
      400,
    );
    const forged = new URL(link);
    forged.searchParams.set('X-Amz-Signature', '0'.repeat(64));
    expect((await fetch(forged)).status).toBe(403);
    await wait(1600);
    const expired = await fetch(link);
    expect(expired.status).toBe(403);
    expect(await expired.text()).toMatch(/Request has expired/);
  });
});
