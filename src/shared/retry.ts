export interface RetryPolicy {
  /** Requests per operation at most, the first one included. */
  maxAttempts: number;
  /** The back-off cap grows as baseDelayMs * 2^(retry-1), up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this is not waited out: the error is reported instead. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = {
  maxAttempts: 5,
  baseDelayMs: 500,
  maxDelayMs: 15_000,
  maxRetryAfterMs: 120_000,
};

/** "Full jitter" back-off: a uniform delay between 0 and the exponential cap. */
export function backoffDelay(retry: number, policy: RetryPolicy, random: () => number): number {
  const cap = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, retry - 1));
  return Math.floor(random() * cap);
}

/**
 * Reads a Retry-After header: delay-seconds or an HTTP date. Returns milliseconds from `now`,
 * or undefined when the header is absent or unreadable.
 */
export function parseRetryAfter(value: string | null | undefined, now: number): number | undefined {
  if (value == null) return undefined;
  const text = value.trim();
  if (text === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  if (!/^[a-z]{3},/i.test(text)) return undefined; // IMF-fixdate: "Sun, 06 Nov 1994 08:49:37 GMT"
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}
