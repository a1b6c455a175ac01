import type { Clock } from '../../src/shared/poll.js';

/** Lets every promise that can settle now settle (the I/O phase included). */
export function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

interface Timer {
  at: number;
  ms: number;
  resolve: () => void;
}

/**
 * A clock that moves only when the test moves it: a unit test checks a time budget exactly, and
 * without waiting for it. `sleep` ends when `advance` passes its time, or at once (rejected with
 * the signal's reason) when its signal aborts, like the real one (shared/sleep.ts).
 *
 * With `auto`, a sleep still running once everything else has settled is over at once (the clock
 * jumps to its end): for code whose every wait should simply pass, its waits noted in `slept`.
 */
export class ManualClock implements Clock {
  #now: number;
  #timers: Timer[] = [];
  readonly #auto: boolean;
  /** The length of each sleep that ran its full time, in the order they ended. */
  readonly slept: number[] = [];

  constructor(options: { start?: number; auto?: boolean } = {}) {
    this.#now = options.start ?? Date.parse('2026-11-24T00:00:00Z');
    this.#auto = options.auto ?? false;
  }

  now = (): number => this.#now;

  sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const timer: Timer = {
        at: this.#now + Math.max(0, ms),
        ms,
        resolve: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      const onAbort = () => {
        this.#timers = this.#timers.filter((t) => t !== timer);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#timers.push(timer);
      if (this.#auto) setImmediate(() => this.#next());
    });

  /** Ends the earliest sleep, moving the clock to its end. */
  #next(): void {
    const due = this.#timers.sort((a, b) => a.at - b.at).shift();
    if (!due) return;
    this.#now = Math.max(this.#now, due.at);
    this.slept.push(due.ms);
    due.resolve();
  }

  /** Sleeps not yet over. */
  get sleeping(): number {
    return this.#timers.length;
  }

  /**
   * Moves the clock `ms` on, ending each sleep due by then in time order; what a wake-up starts
   * (a new sleep, say) settles before the next one is looked at.
   */
  async advance(ms: number): Promise<void> {
    const until = this.#now + ms;
    await settle();
    for (;;) {
      const due = this.#timers.filter((t) => t.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.#next();
      await settle();
    }
    this.#now = until;
    await settle();
  }
}
