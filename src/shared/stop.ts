/**
 * The one mapping from "the run was stopped" to its reason, for both pipelines: a cancel
 * (SIGINT/SIGTERM) or the time limit, whether it surfaced in the poller, in a service call, or
 * only as the aborted signal. Each pipeline words the resulting StoppedError itself.
 */
import type { StoppedError } from './errors.js';
import { PollCancelled, PollTimeout } from './poll.js';

export type StopReason = 'cancelled' | 'timeout';

/**
 * An error that knows whether it ended a call because the run was stopped: the service client's
 * ApiError says 'cancelled' when the caller's signal aborted the call and 'timeout' when the
 * caller's deadline passed. This layer reads the property, so it needs no feature's error types.
 */
export interface StopCause {
  readonly stopReason?: StopReason | undefined;
}

/** The reason an error carries as a StopCause, if it carries one. */
export function stopReasonOf(error: unknown): StopReason | undefined {
  if (!(error instanceof Error) || !('stopReason' in error)) return undefined;
  const reason = (error as StopCause).stopReason;
  return reason === 'cancelled' || reason === 'timeout' ? reason : undefined;
}

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
  // A service call cut short by the cancel or the deadline (ApiError kind 'aborted', 'deadline').
  const reason = stopReasonOf(error);
  if (reason) return stopped(reason, options.last);
  // A step that does not know about signals (a file write) may fail because of the cancel.
  if (options.signal?.aborted) return stopped('cancelled', options.last);
  return error;
}
