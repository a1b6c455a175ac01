/**
 * The one mapping from "the run was stopped" to its reason, for both pipelines: a cancel
 * (SIGINT/SIGTERM) or the time limit, whether it surfaced in the poller, in a service call, or
 * only as the aborted signal. Each pipeline words the resulting StoppedError itself.
 */
import { ApiError } from '../api/errors.js';
import type { StoppedError } from './errors.js';
import { PollCancelled, PollTimeout } from './poll.js';

export type StopReason = 'cancelled' | 'timeout';

/** Builds a pipeline's own StoppedError from the reason and the last status seen. */
export type Stopper<T> = (reason: StopReason, last?: T) => StoppedError;

/** The error to throw: the pipeline's StoppedError when the run was stopped, else `error` itself. */
export function translateStop<T>(
  error: unknown,
  stopped: Stopper<T>,
  options: { signal?: AbortSignal; last?: T } = {},
): unknown {
  // The poller knows the last status it saw; elsewhere the caller does.
  if (error instanceof PollCancelled) return stopped('cancelled', error.last as T | undefined);
  if (error instanceof PollTimeout) return stopped('timeout', error.last as T | undefined);
  if (error instanceof ApiError && error.kind === 'aborted')
    return stopped('cancelled', options.last);
  if (error instanceof ApiError && error.kind === 'deadline')
    return stopped('timeout', options.last);
  // A step that does not know about signals (a file write) may fail because of the cancel.
  if (options.signal?.aborted) return stopped('cancelled', options.last);
  return error;
}
