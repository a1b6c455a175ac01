import { describe, expect, it } from 'vitest';
import { ApiError, type ApiErrorKind } from '../../src/api/errors.js';
import { StoppedError } from '../../src/shared/errors.js';
import { PollCancelled, PollTimeout } from '../../src/shared/poll.js';
import { translateStop, type StopReason } from '../../src/shared/stop.js';

/** The stopper each pipeline passes: here it records the reason and the last status it got. */
const stopper = (reason: StopReason, last?: string) =>
  new StoppedError(`stopped (${reason}, last ${last ?? 'none'})`, reason);

const apiError = (kind: ApiErrorKind) =>
  new ApiError({ operation: 'get the export', kind, message: 'failed' });

describe('translateStop', () => {
  const stopping: [ApiErrorKind, StopReason][] = [
    ['aborted', 'cancelled'],
    ['deadline', 'timeout'],
  ];
  it.each(stopping)('maps a service call ended as %s to %s', (kind, reason) => {
    for (const error of [apiError(kind), apiError(kind).withNote('no time left')]) {
      const result = translateStop(error, stopper, { last: 'running' });
      expect(result).toBeInstanceOf(StoppedError);
      expect((result as StoppedError).reason).toBe(reason);
      expect((result as StoppedError).message).toBe(`stopped (${reason}, last running)`);
    }
  });

  const others: ApiErrorKind[] = [
    'config',
    'http',
    'network',
    'timeout',
    'redirect',
    'invalid-response',
  ];
  it.each(others)('returns a service error of kind %s as it is', (kind) => {
    const error = apiError(kind);
    expect(error.stopReason).toBeUndefined();
    expect(translateStop(error, stopper, { last: 'running' })).toBe(error);
  });

  it('maps any error once the signal has aborted, with the last status the caller saw', () => {
    const error = apiError('network');
    const signal = AbortSignal.abort();
    const result = translateStop(error, stopper, { signal, last: 'queued' }) as StoppedError;
    expect(result.reason).toBe('cancelled');
    expect(result.message).toBe('stopped (cancelled, last queued)');
  });

  it("takes the poller's last status over the caller's", () => {
    const cancelled = translateStop(new PollCancelled('building', 3), stopper, { last: 'queued' });
    const timedOut = translateStop(new PollTimeout('building', 3), stopper, { last: 'queued' });
    expect((cancelled as StoppedError).message).toBe('stopped (cancelled, last building)');
    expect((timedOut as StoppedError).message).toBe('stopped (timeout, last building)');
  });

  it('leaves an error that only looks like a stop alone', () => {
    // A plain object, or an Error whose stopReason is not one of the two reasons.
    const fake = Object.assign(new Error('x'), { stopReason: 'paused' });
    expect(translateStop(fake, stopper)).toBe(fake);
    const plain = { stopReason: 'cancelled' };
    expect(translateStop(plain, stopper)).toBe(plain);
  });
});
