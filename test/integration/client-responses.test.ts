/**
 * Responses that break the service contract, over HTTP against the simulator: truncated JSON,
 * wrong and missing fields, text that could smuggle a workflow command, huge bodies, redirects.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors.js';
import { generateBundle, getExport } from '../../src/api/static-export.js';
import { caught, client, sim } from '../helpers/sim.js';

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
