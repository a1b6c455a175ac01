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
  /** Part of the running phase (the most recent; at least 3 figures) the line is fitted through. */
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
  // No progress figure: a gentle back-off.
  const stalled = backoffSchedule<ProgressSample>(2000, 1.5, 10_000);
  /** The progress figures of the running phase so far (a return to the queue starts afresh). */
  let samples: Sample[] = [];
  /** The first look (the start's answer): when, and the progress then (0 while queued). */
  let first: Sample | undefined;
  const estimate = (now: number) => {
    const line = fitLine(samples, o.windowFraction);
    return line && estimateFinish(line, samples[samples.length - 1]!, now, o);
  };

  return {
    eta: (now) => estimate(now)?.remaining,
    next(job, now) {
      first ??= { t: now, p: job.status === 'running' ? (job.progress ?? 0) : 0 };
      const elapsed = now - first.t;
      if (job.status === 'queued') {
        samples = [];
        return queuedWait(elapsed, o.queuedChecksMs);
      }
      if (typeof job.progress !== 'number')
        return elapsed <= 0 ? POLL_FLOOR_MS : stalled.next(job, now);
      samples.push({ t: now, p: job.progress });
      const est = estimate(now);
      return est ? approachWait(est, o) : warmupWait(job.progress, elapsed, first.p, o);
    },
  };
}

/** One progress figure (p, 0..100) and when it was seen (t, ms). */
interface Sample {
  t: number;
  p: number;
}

/** A queued job is checked at the planned times after the first look, then every ceiling. */
function queuedWait(elapsed: number, plannedMs: readonly number[]): number {
  const at = plannedMs.find((t) => t > elapsed);
  // Never less than the floor: a slow answer can end just before the next planned check.
  return at === undefined ? POLL_CEILING_MS : Math.max(POLL_FLOOR_MS, at - elapsed);
}

/**
 * No line yet. The first check comes after 1 s; after that, a job that would finish soon at its
 * pace since the first look is checked again within `paceFraction` of that time, others after
 * `warmupMs`. The pace counts progress since the first look, so attaching to a job that is
 * already far along does not make it look fast.
 */
function warmupWait(
  progress: number,
  elapsed: number,
  firstProgress: number,
  o: AdaptiveOptions,
): number {
  if (elapsed <= 0) return POLL_FLOOR_MS;
  const gained = progress - firstProgress;
  if (!(gained > 0)) return o.warmupMs;
  const needs = ((100 - progress) * elapsed) / gained;
  return Math.round(Math.min(o.warmupMs, Math.max(POLL_FLOOR_MS, needs * o.paceFraction)));
}

/** A straight line through progress figures, with how far its slope and the figures can be off. */
interface Line {
  /** Progress points per ms. */
  slope: number;
  /** The slope's standard error over the slope. */
  relativeError: number;
  /** The figures' scatter about the line, in progress points. */
  sigma: number;
  at(t: number): number;
}

/**
 * Least-squares line through the most recent part (windowFraction) of the running phase, or none
 * while the figures span less than 1.5 s or do not rise.
 */
function fitLine(samples: readonly Sample[], windowFraction: number): Line | undefined {
  if (samples.length < 2) return undefined;
  const window = recentWindow(samples, windowFraction);
  if (window[window.length - 1]!.t - window[0]!.t < 1500) return undefined;
  const fit = leastSquares(window);
  if (!(fit.slope > 0)) return undefined;
  const slope = lastStretchSlope(samples, fit.slope);
  const at = (t: number) => fit.mp + slope * (t - fit.mt);
  // Residual spread (at least 1 point: two samples fit any line) → relative error of the slope.
  const rawSigma = residualSpread(window, at);
  const sigma = Math.max(1, rawSigma);
  return { slope, relativeError: sigma / Math.sqrt(fit.sxx) / slope, sigma: rawSigma, at };
}

/** The samples in the last `fraction` of the time they span; at least the last 3. */
function recentWindow(samples: readonly Sample[], fraction: number): readonly Sample[] {
  const oldest = samples[0]!;
  const last = samples[samples.length - 1]!;
  const since = last.t - (last.t - oldest.t) * fraction;
  const window = samples.filter((s) => s.t >= since);
  return window.length < 3 ? samples.slice(-3) : window;
}

/** Ordinary least squares: the mean time and progress, the slope, and the times' sum of squares. */
function leastSquares(window: readonly Sample[]) {
  const n = window.length;
  const mt = window.reduce((a, s) => a + s.t, 0) / n;
  const mp = window.reduce((a, s) => a + s.p, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (const s of window) {
    sxy += (s.t - mt) * (s.p - mp);
    sxx += (s.t - mt) ** 2;
  }
  return { mt, mp, slope: sxy / sxx, sxx };
}

/** The figures' standard deviation about the line; 2 points for two figures (they fit any line). */
function residualSpread(window: readonly Sample[], at: (t: number) => number): number {
  let residuals = 0;
  for (const s of window) residuals += (s.p - at(s.t)) ** 2;
  return window.length > 2 ? Math.sqrt(residuals / (window.length - 2)) : 2;
}

/** Progress that speeds up near the end: trust the last stretch when it is clearly faster. */
function lastStretchSlope(samples: readonly Sample[], fitted: number): number {
  const recent = samples.slice(-3);
  const dp = recent[recent.length - 1]!.p - recent[0]!.p;
  const dt = recent[recent.length - 1]!.t - recent[0]!.t;
  return recent.length === 3 && dp >= 4 && dt > 0 ? Math.max(fitted, dp / dt) : fitted;
}

interface Estimate {
  /** Time until the line reaches 100 %, in ms. */
  remaining: number;
  relativeError: number;
  /** The time the progress figure's own scatter stands for: a figure can lag the work. */
  levelMs: number;
}

/**
 * How long until 100 % at the line's slope, from the line's current progress (with trustLine
 * off, from the last figure when that is higher).
 */
function estimateFinish(line: Line, last: Sample, now: number, o: AdaptiveOptions): Estimate {
  const current = o.trustLine ? Math.min(99.9, line.at(now)) : Math.max(line.at(now), last.p);
  return {
    remaining: Math.max(0, (100 - current) / line.slope),
    relativeError: line.relativeError,
    levelMs: (Math.max(0.5, line.sigma) * o.levelSigmas) / line.slope,
  };
}

/**
 * Sleep until shortly before the estimated finish. The margin covers the estimate's error
 * (errorMultiplier standard errors of the slope), a share of the remaining time (marginFraction)
 * for progress that speeds up near the end, and the figures' own scatter.
 */
function approachWait(est: Estimate, o: AdaptiveOptions): number {
  const margin = Math.max(
    POLL_FLOOR_MS,
    est.remaining * Math.min(0.9, o.marginFraction + o.errorMultiplier * est.relativeError) +
      est.levelMs,
  );
  return Math.round(Math.min(POLL_CEILING_MS, Math.max(POLL_FLOOR_MS, est.remaining - margin)));
}
