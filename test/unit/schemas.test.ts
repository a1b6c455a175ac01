import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { BundleSchema, describeIssues, ExportJobSchema } from '../../src/api/schemas.js';

const refusal = (schema: v.GenericSchema, body: unknown) => {
  const result = v.safeParse(schema, body);
  if (result.success) throw new Error('accepted');
  return describeIssues(result.issues);
};

describe('describeIssues', () => {
  it('names the field and shows what was received', () => {
    expect(refusal(ExportJobSchema, { jobId: 7, status: 'queued' })).toBe(
      'field "jobId" expected string, got 7',
    );
    expect(refusal(ExportJobSchema, { status: 'queued' })).toBe('field "jobId" is missing');
    expect(refusal(ExportJobSchema, { jobId: 'se_1' })).toBe('field "status" is missing');
  });

  it('never shows a malformed link: it still carries its signature', () => {
    const link = 'https://storage.example/b.tar.gz?X-Amz-Signature=0123456789abcdef secret';
    const said = refusal(BundleSchema, {
      bundleUrl: link,
      sizeBytes: 10,
      expiresAt: '2026-11-22T10:00:00Z',
    });
    expect(said).toBe('field "bundleUrl" must be an http(s) link without spaces');
    expect(said).not.toContain('0123456789abcdef');
    // The other fields of the same body are still shown.
    expect(
      refusal(BundleSchema, {
        bundleUrl: link,
        sizeBytes: 'ten',
        expiresAt: '2026-11-22T10:00:00Z',
      }),
    ).toBe(
      'field "bundleUrl" must be an http(s) link without spaces; field "sizeBytes" expected number, got "ten"',
    );
  });
});

describe('what the contract leaves unshown is read tolerantly', () => {
  const read = <T extends v.GenericSchema>(schema: T, body: unknown) => v.parse(schema, body);

  it('replays the vendor reference example payloads (placeholders only where not acted on)', () => {
    // The reference shows these shapes; "<string>" stands only in fields the client prints or
    // ignores (timestamps of a job), never in one it acts on (jobId, status, bundleUrl).
    const job = read(ExportJobSchema, {
      jobId: 'se_3f9a2c1b8e7d4a06',
      status: 'running',
      progress: 123,
      pageCount: 123,
      createdAt: '<string>',
      updatedAt: '<string>',
      error: '<string>',
    });
    expect(job).toMatchObject({ jobId: 'se_3f9a2c1b8e7d4a06', status: 'running', pageCount: 123 });
    // 123 % is out of range: unknown, not a failure.
    expect(job.progress).toBeUndefined();
    const bundle = read(BundleSchema, {
      jobId: 'se_3f9a2c1b8e7d4a06',
      bundleUrl:
        'https://storage.example.com/exports/se_3f9a2c1b8e7d4a06/site.tar.gz?X-Amz-Signature=abc',
      sizeBytes: 123,
      expiresAt: '2023-11-07T05:31:56Z',
    });
    expect(bundle.expiresAt).toBe('2023-11-07T05:31:56.000Z');
  });

  it.each([
    ['a numeric string', '128', 128],
    ['a float', 127.6, 128],
    ['a negative figure', -3, undefined],
    ['text', 'many', undefined],
    ['null', null, undefined],
  ])('pageCount as %s', (_, pageCount, expected) => {
    expect(read(ExportJobSchema, { jobId: 'se_1', status: 'running', pageCount }).pageCount).toBe(
      expected,
    );
  });

  it.each([
    ['in range', 42.5, 42.5],
    ['a numeric string', '42', 42],
    ['over 100', 250, undefined],
    ['below 0', -1, undefined],
    ['not a number', 'half', undefined],
  ])('progress %s', (_, progress, expected) => {
    expect(read(ExportJobSchema, { jobId: 'se_1', status: 'running', progress }).progress).toBe(
      expected,
    );
  });

  it('an export status the contract does not show is kept as text (a job still working)', () => {
    expect(read(ExportJobSchema, { jobId: 'se_1', status: 'rendering' }).status).toBe('rendering');
  });

  it.each([
    ['RFC 3339 with an offset', '2026-11-25T11:15:00+01:00', '2026-11-25T10:15:00.000Z'],
    ['a space and a lower-case z', '2026-11-25 10:15:00z', '2026-11-25T10:15:00.000Z'],
    ['epoch seconds', 1795601700, '2026-11-25T10:15:00.000Z'],
    ['epoch milliseconds as text', '1795601700000', '2026-11-25T10:15:00.000Z'],
    ['no offset (would depend on the runner)', '2026-11-25T10:15:00', undefined],
    ['missing', undefined, undefined],
  ])('expiresAt as %s', (_, expiresAt, expected) => {
    const bundle = read(BundleSchema, {
      bundleUrl: 'https://storage.example.com/site.tar.gz',
      sizeBytes: 1,
      expiresAt,
    });
    expect(bundle.expiresAt).toBe(expected);
  });

  it('jobId and bundleUrl stay strict', () => {
    expect(refusal(ExportJobSchema, { jobId: '<string>', status: 'running' })).toMatch(
      /field "jobId" must be an id/,
    );
    expect(refusal(BundleSchema, { bundleUrl: '<string>', sizeBytes: 1 })).toMatch(
      /field "bundleUrl" must be an http\(s\) link/,
    );
  });
});
