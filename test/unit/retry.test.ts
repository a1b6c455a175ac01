import { describe, expect, it } from 'vitest';
import { backoffDelay, DEFAULT_RETRY, parseRetryAfter } from '../../src/shared/retry.js';
import { seededRandom } from '../../simulator/random.js';

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  it('reads delay-seconds', () => {
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('1.5', now)).toBe(1500);
  });
  it('reads an HTTP date', () => {
    expect(parseRetryAfter('Sun, 22 Nov 2026 12:00:07 GMT', now)).toBe(7000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 11:00:00 GMT', now)).toBe(0);
  });
  it('ignores what it cannot read', () => {
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('', now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('-1', now)).toBeUndefined();
  });
});

describe('backoffDelay', () => {
  it('stays within the exponential cap (full jitter)', () => {
    const random = seededRandom(7);
    for (let retry = 1; retry <= 10; retry++) {
      const cap = Math.min(DEFAULT_RETRY.maxDelayMs, DEFAULT_RETRY.baseDelayMs * 2 ** (retry - 1));
      for (let i = 0; i < 200; i++) {
        const d = backoffDelay(retry, DEFAULT_RETRY, random);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeLessThan(cap);
      }
    }
  });
  it('uses the whole range, not a fixed delay', () => {
    expect(backoffDelay(3, DEFAULT_RETRY, () => 0)).toBe(0);
    expect(backoffDelay(3, DEFAULT_RETRY, () => 0.999)).toBe(1998);
  });
});
