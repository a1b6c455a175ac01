import { createServer } from 'node:http';
import { createProxy } from 'proxy';
import { afterEach, describe, expect, it } from 'vitest';
import { getExport, startExport } from '../../src/api/static-export.js';
import { client, sim } from '../helpers/sim.js';
import { listenOnLoopback } from '../../simulator/http.js';

const PROXY_VARS = [
  'HTTP_PROXY',
  'http_proxy',
  'HTTPS_PROXY',
  'https_proxy',
  'NO_PROXY',
  'no_proxy',
];
const saved = Object.fromEntries(PROXY_VARS.map((name) => [name, process.env[name]]));

afterEach(() => {
  for (const name of PROXY_VARS) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

/** A real forward proxy (the `proxy` package) that counts what goes through it. */
async function forwardProxy() {
  const seen: string[] = [];
  const server = createProxy(createServer());
  server.on('request', (req) => seen.push(`${req.method} ${req.url}`));
  server.on('connect', (req) => seen.push(`CONNECT ${req.url}`));
  return { ...(await listenOnLoopback(server)), seen };
}

for (const variable of ['HTTP_PROXY', 'http_proxy']) {
  describe(`with ${variable} set`, () => {
    it('sends requests through the proxy, key included, and they succeed', async () => {
      const s = await sim();
      const proxy = await forwardProxy();
      let c: ReturnType<typeof client> | undefined;
      try {
        for (const name of PROXY_VARS) delete process.env[name];
        process.env[variable] = proxy.url;
        c = client(s);
        const job = await startExport(c, { domain: 'docs.example.com' });
        await getExport(c, job.jobId);
        // undici tunnels through the proxy with CONNECT, for http targets too.
        const host = new URL(s.baseUrl).host;
        expect(proxy.seen.length).toBeGreaterThanOrEqual(1);
        expect(new Set(proxy.seen)).toEqual(new Set([`CONNECT ${host}`]));
        expect(s.requests.map((r) => r.op)).toEqual(['start-export', 'get-export']);
        expect(s.requests[0]!.authorization).toBe(`Bearer ${s.apiKey}`);
      } finally {
        // The client first: the proxy's close waits for the tunnel its idle connection holds.
        await c?.close();
        await proxy.close();
      }
    });
  });
}

describe('NO_PROXY', () => {
  it('bypasses the proxy for listed hosts', async () => {
    const s = await sim();
    const proxy = await forwardProxy();
    try {
      for (const name of PROXY_VARS) delete process.env[name];
      process.env.HTTP_PROXY = proxy.url;
      process.env.NO_PROXY = 'example.org,127.0.0.1';
      await startExport(client(s), { domain: 'docs.example.com' });
      expect(proxy.seen).toEqual([]);
      expect(s.requestsFor('start-export')).toHaveLength(1);
    } finally {
      await proxy.close();
    }
  });

  it('a proxy that is down is a network error naming the proxy settings', async () => {
    const s = await sim();
    for (const name of PROXY_VARS) delete process.env[name];
    process.env.HTTP_PROXY = 'http://127.0.0.1:1';
    const error: unknown = await getExport(
      client(s, { retry: { maxAttempts: 2, baseDelayMs: 5, maxDelayMs: 5 } }),
      'se_1',
    ).catch((e: unknown) => e);
    expect(String(error)).toMatch(/network error \(ECONNREFUSED\).*HTTPS_PROXY, NO_PROXY/);
  });
});
