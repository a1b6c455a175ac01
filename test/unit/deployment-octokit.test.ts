/**
 * toApiError against a real HTTP server speaking to Octokit: an answer (status, rate limit, the
 * wait it asks for) told from no answer (a connection error, a time-out).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getOctokit } from '@actions/github';
import { describe, expect, it } from 'vitest';
import { toApiError } from '../../src/github/octokit.js';
import { settle } from '../helpers/clock.js';

describe('toApiError, from what Octokit really throws', () => {
  /** A server that answers each request from a list, and then hangs (calling `hung`). */
  async function server(
    answers: { status: number; headers?: Record<string, string>; body?: unknown }[],
    hung: () => void = () => undefined,
  ) {
    const http = createServer((req, res) => {
      req.resume();
      const answer = answers.shift();
      if (!answer) return hung();
      res
        .writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers })
        .end(JSON.stringify(answer.body ?? {}));
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const port = (http.address() as AddressInfo).port;
    return {
      baseUrl: `http://127.0.0.1:${port}`,
      close: () => new Promise<void>((r) => (http.closeAllConnections(), http.close(() => r()))),
    };
  }

  async function thrown(baseUrl: string, signal = AbortSignal.timeout(5000)) {
    const octokit = getOctokit('ghs_test', { baseUrl });
    try {
      await octokit.rest.repos.createDeploymentStatus({
        owner: 'acme',
        repo: 'docs',
        deployment_id: 1,
        state: 'success',
        request: { signal },
      });
    } catch (error) {
      return toApiError(error, signal);
    }
    throw new Error('no error thrown');
  }

  it('tells an answer (status, rate limit, wait) from no answer (code, timeout)', async () => {
    // The caller's time limit, ended as soon as the server has stopped answering.
    const limit = new AbortController();
    // Retry-After as an HTTP date (whole seconds) about 30 s from now.
    const retryAt = new Date(Date.now() + 30_000).toUTCString();
    const s = await server(
      [
        { status: 403, body: { message: 'Resource not accessible by integration' } },
        { status: 429, headers: { 'retry-after': '2' }, body: { message: 'slow down' } },
        {
          status: 403,
          headers: { 'retry-after': '3' },
          body: { message: 'You have exceeded a secondary rate limit.' },
        },
        { status: 500, body: { message: 'Server Error' } },
        { status: 429, headers: { 'retry-after': retryAt }, body: { message: 'slow down' } },
      ],
      () => limit.abort(new DOMException('The operation timed out.', 'TimeoutError')),
    );
    try {
      const refused = await thrown(s.baseUrl);
      expect([refused.status, refused.retryAfterMs, refused.message]).toEqual([
        403,
        undefined,
        'Resource not accessible by integration',
      ]);
      const limited = await thrown(s.baseUrl);
      expect([limited.status, limited.retryAfterMs]).toEqual([429, 2000]);
      const secondary = await thrown(s.baseUrl);
      expect([secondary.status, secondary.retryAfterMs]).toEqual([403, 3000]);
      const broken = await thrown(s.baseUrl);
      expect([broken.status, broken.retryAfterMs]).toEqual([500, undefined]);
      // The wait until that date, from the moment the answer was read: between the clock read
      // before the call and after it, whatever time the calls before it took on a loaded machine.
      const before = Date.now();
      const dated = await thrown(s.baseUrl);
      const after = Date.now();
      expect(dated.status).toBe(429);
      expect(dated.retryAfterMs).toBeGreaterThanOrEqual(Date.parse(retryAt) - after);
      expect(dated.retryAfterMs).toBeLessThanOrEqual(Date.parse(retryAt) - before);
      // The list is used up: the server hangs, the call is cut by its signal.
      const slow = await thrown(s.baseUrl, limit.signal);
      expect([slow.status, slow.message]).toEqual([undefined, 'no answer in time']);
    } finally {
      await s.close();
    }
    // Nobody listens there any more: Octokit says 500, but GitHub never answered. (The pooled
    // connections the server closed are seen closed first: a request on one would be a reset.)
    await settle();
    const down = await thrown(s.baseUrl);
    expect([down.status, down.message]).toEqual([undefined, 'ECONNREFUSED']);
  });
});
