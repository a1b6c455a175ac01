/**
 * An abort signal for a time limit, joined with the caller's signal. Not AbortSignal.timeout
 * inside AbortSignal.any: Node holds such a timeout signal only weakly, may collect it before it
 * fires (nodejs/node#57736), and a transfer from a server that never answers then waits for ever.
 * Here the timer holds its controller until it fires or `clear` stops it; it is unref'd, so it
 * never keeps a finished process alive.
 */
export interface TimeLimit {
  /** Aborts when the caller's signal does, or when the time is up. */
  readonly signal: AbortSignal;
  /** The time ran out (not the caller's signal). */
  readonly expired: boolean;
  /** Stops the timer once the work is done (its controller is then free to be collected). */
  clear(): void;
}

export function timeLimit(ms: number, caller?: AbortSignal): TimeLimit {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('The operation timed out.', 'TimeoutError')),
    Math.max(1, ms),
  );
  timer.unref();
  return {
    signal: caller ? AbortSignal.any([caller, controller.signal]) : controller.signal,
    get expired() {
      return controller.signal.aborted;
    },
    clear: () => clearTimeout(timer),
  };
}
