import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as undici from 'undici';
import { describe, expect, it } from 'vitest';
import { EnvHttpProxyAgent, fetch } from '../../src/shared/undici.js';

describe("undici's fetch and EnvHttpProxyAgent from their own files", () => {
  it('are the ones its index exports, and fetch through the proxy agent', async () => {
    expect(EnvHttpProxyAgent).toBe(undici.EnvHttpProxyAgent);
    // The index wraps fetch only to mend stack traces: both send the same request.
    expect(typeof fetch).toBe('function');
    const seen: string[] = [];
    const server = createServer((req, res) => {
      seen.push(`${req.method} ${req.url} ${String(req.headers['x-probe'])}`);
      res.setHeader('content-type', 'application/json');
      res.end('{"ok":true}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const agent = new EnvHttpProxyAgent();
    try {
      const response = await fetch(`http://127.0.0.1:${port}/v1/probe?x=1`, {
        method: 'POST',
        headers: { 'x-probe': 'yes' },
        body: '{}',
        dispatcher: agent,
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ ok: true });
      expect(seen).toEqual(['POST /v1/probe?x=1 yes']);
    } finally {
      await agent.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
