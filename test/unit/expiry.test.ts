import { describe, expect, it } from 'vitest';
import { earliest, linkExpiry, parseTimestamp, trustedExpiry } from '../../src/shared/expiry.js';

const iso = (date: Date | undefined) => date?.toISOString();

describe('parseTimestamp reads the times the contract leaves unshown', () => {
  it.each([
    ['2026-11-25T10:15:00Z', '2026-11-25T10:15:00.000Z'],
    ['2026-11-25t10:15:00z', '2026-11-25T10:15:00.000Z'],
    ['2026-11-25 10:15:00Z', '2026-11-25T10:15:00.000Z'],
    ['2026-11-25T10:15:00.123456789Z', '2026-11-25T10:15:00.123Z'],
    ['2026-11-25T10:15:00.5Z', '2026-11-25T10:15:00.500Z'],
    ['2026-11-25T11:15:00+01:00', '2026-11-25T10:15:00.000Z'],
    ['2026-11-25T05:45:00-04:30', '2026-11-25T10:15:00.000Z'],
    [' 2026-11-25T10:15:00Z ', '2026-11-25T10:15:00.000Z'],
  ])('RFC 3339 %j', (text, expected) => {
    expect(iso(parseTimestamp(text))).toBe(expected);
  });

  it.each([
    [1_795_601_700, '2026-11-25T10:15:00.000Z'],
    [1_795_601_700_000, '2026-11-25T10:15:00.000Z'],
    ['1795601700', '2026-11-25T10:15:00.000Z'],
    ['1795601700000', '2026-11-25T10:15:00.000Z'],
    [1_795_601_700.5, '2026-11-25T10:15:00.500Z'],
  ])('epoch seconds or milliseconds %j', (value, expected) => {
    expect(iso(parseTimestamp(value))).toBe(expected);
  });

  it.each([
    ['a time without an offset (the runner time zone would decide)', '2026-11-25T10:15:00'],
    ['a date alone', '2026-11-25'],
    ['a date not in the calendar', '2026-02-31T10:00:00Z'],
    ['hour 24', '2026-11-25T24:00:00Z'],
    ['month 13', '2026-13-01T00:00:00Z'],
    ['free text', 'tomorrow'],
    ['a placeholder', '<string>'],
    ['empty', ''],
    ['zero', 0],
    ['negative', -5],
    ['not finite', Number.POSITIVE_INFINITY],
    ['null', null],
    ['an object', { at: 1 }],
  ])('leaves %s unread', (_, value) => {
    expect(parseTimestamp(value)).toBeUndefined();
  });
});

describe('linkExpiry reads a presigned link', () => {
  it('S3 SigV4: X-Amz-Date plus X-Amz-Expires', () => {
    const link =
      'https://bucket.s3.eu-west-1.amazonaws.com/exports/se_1/site.tar.gz?X-Amz-Algorithm=AWS4-HMAC-SHA256' +
      '&X-Amz-Credential=AKIAEXAMPLE%2F20261125%2Feu-west-1%2Fs3%2Faws4_request&X-Amz-Date=20261125T101500Z' +
      '&X-Amz-Expires=3600&X-Amz-SignedHeaders=host&X-Amz-Signature=abc123';
    expect(linkExpiry(link)).toEqual({
      expiresAt: new Date('2026-11-25T11:15:00Z'),
      scheme: 'aws-sigv4',
      temporaryCredentials: false,
    });
  });

  it('S3 SigV4 with a session token: the time is read, and the temporary credentials said', () => {
    const link =
      'https://b.s3.amazonaws.com/k?X-Amz-Date=20261125T101500Z&X-Amz-Expires=604800&X-Amz-Security-Token=FwoG&X-Amz-Signature=x';
    const read = linkExpiry(link);
    expect(iso(read.expiresAt)).toBe('2026-12-02T10:15:00.000Z');
    expect(read.temporaryCredentials).toBe(true);
  });

  it('GCS V4: X-Goog-Date plus X-Goog-Expires', () => {
    const link =
      'https://storage.googleapis.com/bucket/site.tar.gz?X-Goog-Algorithm=GOOG4-RSA-SHA256' +
      '&X-Goog-Credential=sa%40p.iam.gserviceaccount.com%2F20261125%2Fauto%2Fstorage%2Fgoog4_request' +
      '&X-Goog-Date=20261125T101500Z&X-Goog-Expires=900&X-Goog-SignedHeaders=host&X-Goog-Signature=ff';
    expect(iso(linkExpiry(link).expiresAt)).toBe('2026-11-25T10:30:00.000Z');
    expect(linkExpiry(link).scheme).toBe('gcs-v4');
  });

  it('Azure SAS: se, bounded by a user-delegation key that ends sooner (ske)', () => {
    const sas = (se: string, ske?: string) =>
      `https://acct.blob.core.windows.net/c/site.tar.gz?sv=2022-11-02&sr=b&sp=r&se=${encodeURIComponent(se)}` +
      (ske ? `&skoid=o&ske=${encodeURIComponent(ske)}` : '') +
      '&sig=abc%3D';
    expect(iso(linkExpiry(sas('2026-11-26T10:15:00Z')).expiresAt)).toBe('2026-11-26T10:15:00.000Z');
    expect(iso(linkExpiry(sas('2026-11-26T10:15Z')).expiresAt)).toBe('2026-11-26T10:15:00.000Z');
    expect(iso(linkExpiry(sas('2026-11-26T10:15:00Z', '2026-11-25T12:00:00Z')).expiresAt)).toBe(
      '2026-11-25T12:00:00.000Z',
    );
  });

  it('S3 and GCS V2: Expires in epoch seconds', () => {
    expect(
      linkExpiry('https://b.s3.amazonaws.com/k?AWSAccessKeyId=A&Expires=1795601700&Signature=s'),
    ).toMatchObject({ scheme: 'aws-sigv2', expiresAt: new Date('2026-11-25T10:15:00Z') });
    expect(
      linkExpiry(
        'https://storage.googleapis.com/b/k?GoogleAccessId=g&Expires=1795601700&Signature=s',
      ),
    ).toMatchObject({ scheme: 'gcs-v2' });
  });

  it.each([
    ['not a URL', 'not a url'],
    ['no signature parameters', 'https://cdn.example.com/site.tar.gz'],
    ['X-Amz-Date without X-Amz-Expires', 'https://b/k?X-Amz-Date=20261125T101500Z'],
    ['a malformed X-Amz-Date', 'https://b/k?X-Amz-Date=2026-11-25&X-Amz-Expires=60'],
    ['a non-numeric X-Amz-Expires', 'https://b/k?X-Amz-Date=20261125T101500Z&X-Amz-Expires=1h'],
    ['an unreadable se', 'https://a.blob.core.windows.net/c/b?se=soon&sig=x'],
    ['an Expires that is not a number', 'https://b/k?Expires=tomorrow&Signature=s'],
  ])('%s: unknown, never a crash', (_, link) => {
    expect(linkExpiry(link).expiresAt).toBeUndefined();
  });
});

describe('trustedExpiry: a link nothing else dates', () => {
  const signed = 'X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Date=20261125T101500Z&X-Amz-Expires=600';
  it('a presigned link: its own expiry', () => {
    expect(trustedExpiry(`https://b.example/a.tar.gz?${signed}&X-Amz-Signature=ab`)).toEqual({
      expiresAt: new Date('2026-11-25T10:25:00Z'),
      unknown: undefined,
      signed: true,
    });
  });
  it('signed with a session token (STS, a CI role): unknown, it dies with the session', () => {
    const read = trustedExpiry(
      `https://b.example/a.tar.gz?${signed}&X-Amz-Security-Token=tok&X-Amz-Signature=ab`,
    );
    expect(read.expiresAt).toBeUndefined();
    expect(read.signed).toBe(true);
    expect(read.unknown).toMatch(/temporary credentials \(X-Amz-Security-Token\)/);
  });
  it('a signature whose expiry cannot be read: unknown, yet signed', () => {
    expect(trustedExpiry('https://b.example/a.tar.gz?X-Amz-Signature=ab&X-Amz-Expires=60')).toEqual(
      {
        expiresAt: undefined,
        unknown: 'the link states no expiry the action can read',
        signed: true,
      },
    );
  });
  it('no signature: not signed, it may never expire', () => {
    expect(trustedExpiry('https://b.example/docs/a.tar.gz?v=3').signed).toBe(false);
  });
});

describe('earliest', () => {
  it('takes the earliest known time and ignores unknowns', () => {
    const a = new Date('2026-11-25T10:00:00Z');
    const b = new Date('2026-11-25T09:00:00Z');
    expect(earliest(undefined, a, b, undefined)).toBe(b);
    expect(earliest(undefined)).toBeUndefined();
  });
});
