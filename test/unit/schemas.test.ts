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
    expect(refusal(ExportJobSchema, { jobId: 'se_1', status: 'paused' })).toBe(
      'field "status" must be one of queued, running, completed, failed, got "paused"',
    );
    expect(refusal(ExportJobSchema, { status: 'queued' })).toBe('field "jobId" is missing');
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
