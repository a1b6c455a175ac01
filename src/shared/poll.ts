import { sleep as realSleep } from './sleep.js';

export interface Clock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: Clock = { now: () => Date.now(), sleep: realSleep };

/** Decides how long to wait before the next check, from what the last check returned. */
export interface Schedule<T> {
  next(value: T, now: number): number;
}

export interface PollOptions<T> {
  /** One check; it receives the overall deadline and the cancellation signal. */
  check: (call: { signal?: AbortSignal; deadline: number }) => Promise<T>;
  isDone: (value: T) => boolean;
  schedule: Schedule<T>;
  /** Epoch milliseconds. */
  deadline: number;
  signal?: AbortSignal;
  clock?: Clock;
  /** Called with every result, in order. */
  onResult?: (value: T, at: number) => void;
  /** A result already in hand (the start call's answer), so no check is spent on it. */
  initial?: T;
}

export class PollTimeout<T> extends Error {
  override readonly name = 'PollTimeout';
  constructor(
    readonly last: T | undefined,
    readonly polls: number,
  ) {
    super('the deadline passed before the job finished');
  }
}

export class PollCancelled<T> extends Error {
  override readonly name = 'PollCancelled';
  constructor(
    readonly last: T | undefined,
    readonly polls: number,
  ) {
    super('cancelled');
  }
}

/**
 * Checks until `isDone`, waiting as the schedule says, never past the deadline. A cancellation
 * ends the wait at once. The number of checks sent is returned with the final value.
 */
export async function pollUntil<T>(options: PollOptions<T>): Promise<{ value: T; polls: number }> {
  const clock = options.clock ?? systemClock;
  let polls = 0;
  let last = options.initial;
  const stop = () => {
    if (options.signal?.aborted) throw new PollCancelled(last, polls);
    if (clock.now() >= options.deadline) throw new PollTimeout(last, polls);
  };
  if (last !== undefined) {
    options.onResult?.(last, clock.now());
    if (options.isDone(last)) return { value: last, polls };
  }
  for (;;) {
    if (last !== undefined) {
      stop();
      const wait = Math.min(
        options.schedule.next(last, clock.now()),
        options.deadline - clock.now(),
      );
      try {
        await clock.sleep(Math.max(0, wait), options.signal);
      } catch (error) {
        if (options.signal?.aborted) throw new PollCancelled(last, polls);
        throw error;
      }
    }
    stop();
    polls++;
    last = await options.check({ signal: options.signal, deadline: options.deadline });
    options.onResult?.(last, clock.now());
    if (options.isDone(last)) return { value: last, polls };
  }
}

export function fixedSchedule<T>(ms: number): Schedule<T> {
  return { next: () => ms };
}

/** Starts at `initial` and grows by `factor` after each check, up to `max`. */
export function backoffSchedule<T>(initial = 2000, factor = 1.5, max = 30_000): Schedule<T> {
  let delay = initial;
  return {
    next: () => {
      const current = delay;
      delay = Math.min(max, delay * factor);
      return current;
    },
  };
}

export interface ProgressSample {
  status: string;
  progress?: number | null;
}

export const POLL_FLOOR_MS = 1000;
export const POLL_CEILING_MS = 30_000;

export interface AdaptiveOptions {
  /**
   * When a job that is still queued is checked, in ms after the start; then every ceiling. The
   * first check comes after 1 s whatever the start answered, so that an export of a second or
   * two is not noticed seconds late.
   */
  queuedChecksMs: readonly number[];
  /** Wait while there are too few samples for an estimate, unless the job looks short. */
  warmupMs: number;
  /**
   * Until there is an estimate: the part of the time the job still needs at its pace so far
   * (progress since the first look over time since then) that is slept, within 1 s and warmupMs.
   */
  paceFraction: number;
  /** Part of the estimated remaining time always kept as margin. */
  marginFraction: number;
  /** Standard errors of the slope added to the margin. */
  errorMultiplier: number;
  /** Part of the running phase (the most recent) that the line is fitted through. */
  windowFraction: number;
  /** Read the current progress off the fitted line, not the last (noisy) figure. */
  trustLine: boolean;
  /** Standard deviations of the progress figures' scatter kept as margin (in time). */
  levelSigmas: number;
}

export const ADAPTIVE_DEFAULTS: AdaptiveOptions = {
  queuedChecksMs: [1000, 9000, 21_000, 45_000, 75_000],
  warmupMs: 6000,
  paceFraction: 0.5,
  marginFraction: 0.07,
  errorMultiplier: 2,
  windowFraction: 0.2,
  trustLine: true,
  levelSigmas: 2,
};

/**
 * The adaptive schedule for export jobs. The first check comes 1 s after the start. While the job
 * is queued it backs off (checks at 9, 21, 45 and 75 s, then every 30 s). While it runs, it fits a
 * line through the progress figures it has seen, estimates when the job reaches 100 %, and sleeps
 * until a little before that, so the last checks land about a second apart around the finish;
 * before there are enough figures for a line, a job that moves fast is checked again within half
 * the time it would still need at its pace so far. Floor 1 s, ceiling 30 s.
 */
export function adaptiveSchedule(
  options: Partial<AdaptiveOptions> = {},
): Schedule<ProgressSample> & { eta(now: number): number | undefined } {
  const o = { ...ADAPTIVE_DEFAULTS, ...options };
  let stalledDelay = 2000;
  let samples: { t: number; p: number }[] = [];
  /** The first look (the start's answer): when, and the progress then (0 while queued). */
  let first: { t: number; p: number } | undefined;

  /** Least-squares line through the most recent part (windowFraction) of the running phase. */
  const fit = () => {
    if (samples.length < 2) return undefined;
    const oldest = samples[0]!;
    const lastSample = samples[samples.length - 1]!;
    const since = lastSample.t - (lastSample.t - oldest.t) * o.windowFraction;
    let window = samples.filter((s) => s.t >= since);
    if (window.length < 3) window = samples.slice(-3);
    const n = window.length;
    const span = window[n - 1]!.t - window[0]!.t;
    if (span < 1500) return undefined;
    const mt = window.reduce((a, s) => a + s.t, 0) / n;
    const mp = window.reduce((a, s) => a + s.p, 0) / n;
    let num = 0;
    let den = 0;
    for (const s of window) {
      num += (s.t - mt) * (s.p - mp);
      den += (s.t - mt) ** 2;
    }
    let slope = num / den;
    if (!(slope > 0)) return undefined;
    // Progress that speeds up near the end: trust the last stretch when it is clearly faster.
    const recent = samples.slice(-3);
    const dp = recent[recent.length - 1]!.p - recent[0]!.p;
    const dt = recent[recent.length - 1]!.t - recent[0]!.t;
    if (recent.length === 3 && dp >= 4 && dt > 0) slope = Math.max(slope, dp / dt);
    // Residual spread (at least 1 point: two samples fit any line) → relative error of the slope.
    let residuals = 0;
    for (const s of window) residuals += (s.p - (mp + slope * (s.t - mt))) ** 2;
    const rawSigma = n > 2 ? Math.sqrt(residuals / (n - 2)) : 2;
    const sigma = Math.max(1, rawSigma);
    const relativeError = sigma / Math.sqrt(den) / slope;
    return { slope, relativeError, sigma: rawSigma, at: (t: number) => mp + slope * (t - mt) };
  };

  /**
   * No line yet. The first check comes after 1 s; after that, a job that would finish soon at its
   * pace since the first look is checked again within `paceFraction` of that time, others after
   * `warmupMs`. The pace counts progress since the first look, so attaching to a job that is
   * already far along does not make it look fast.
   */
  const warmupWait = (progress: number, elapsed: number, firstProgress: number) => {
    if (elapsed <= 0) return POLL_FLOOR_MS;
    const gained = progress - firstProgress;
    if (!(gained > 0)) return o.warmupMs;
    const needs = ((100 - progress) * elapsed) / gained;
    return Math.round(Math.min(o.warmupMs, Math.max(POLL_FLOOR_MS, needs * o.paceFraction)));
  };

  const estimate = (now: number) => {
    const line = fit();
    if (!line) return undefined;
    const last = samples[samples.length - 1]!;
    const current = o.trustLine ? Math.min(99.9, line.at(now)) : Math.max(line.at(now), last.p);
    return {
      remaining: Math.max(0, (100 - current) / line.slope),
      relativeError: line.relativeError,
      /** The time the progress figure's own scatter stands for: a figure can lag the work. */
      levelMs: (Math.max(0.5, line.sigma) * o.levelSigmas) / line.slope,
    };
  };

  return {
    eta: (now) => estimate(now)?.remaining,
    next(job, now) {
      first ??= { t: now, p: job.status === 'running' ? (job.progress ?? 0) : 0 };
      const elapsed = now - first.t;
      if (job.status === 'queued') {
        samples = [];
        const at = o.queuedChecksMs.find((t) => t > elapsed);
        // Never less than the floor: a slow answer can end just before the next planned check.
        return at === undefined ? POLL_CEILING_MS : Math.max(POLL_FLOOR_MS, at - elapsed);
      }
      if (typeof job.progress !== 'number') {
        // No progress figure: a gentle back-off.
        if (elapsed <= 0) return POLL_FLOOR_MS;
        const delay = stalledDelay;
        stalledDelay = Math.min(10_000, stalledDelay * 1.5);
        return delay;
      }
      samples.push({ t: now, p: job.progress });
      const est = estimate(now);
      if (!est) return warmupWait(job.progress, elapsed, first.p);
      // Sleep until shortly before the estimated finish. The margin covers the estimate's error
      // (errorMultiplier standard errors of the slope), a share of the remaining time
      // (marginFraction) for progress that speeds up near the end, and the figures' own scatter.
      const margin = Math.max(
        POLL_FLOOR_MS,
        est.remaining * Math.min(0.9, o.marginFraction + o.errorMultiplier * est.relativeError) +
          est.levelMs,
      );
      return Math.round(Math.min(POLL_CEILING_MS, Math.max(POLL_FLOOR_MS, est.remaining - margin)));
    },
  };
}
