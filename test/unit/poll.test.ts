import { describe, expect, it } from 'vitest';
import {
  adaptiveSchedule,
  backoffSchedule,
  fixedSchedule,
  pollUntil,
  PollCancelled,
  PollTimeout,
  type Clock,
} from '../../src/shared/poll.js';
import { randomJob, runVirtual } from '../../bench/poll-model.js';
import {
  parseDuration,
  formatDuration,
  formatElapsed,
  toGoDuration,
} from '../../src/shared/duration.js';

const median = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!;

function virtualClock(): Clock & { t: number } {
  const clock = {
    t: 0,
    now: () => clock.t,
    sleep: async (ms: number, signal?: AbortSignal) => {
      if (signal?.aborted) throw signal.reason;
      clock.t += ms;
    },
  };
  return clock;
}

describe('pollUntil', () => {
  it('checks until done, waiting as the schedule says', async () => {
    const clock = virtualClock();
    const seen: number[] = [];
    const { value, polls } = await pollUntil<number>({
      check: async () => clock.t,
      isDone: (t) => t >= 5000,
      schedule: fixedSchedule(2000),
      deadline: 60_000,
      clock,
      onResult: (_v, at) => seen.push(at),
    });
    expect(value).toBe(6000);
    expect(polls).toBe(4);
    expect(seen).toEqual([0, 2000, 4000, 6000]);
  });

  it('uses the initial value without a check', async () => {
    const clock = virtualClock();
    const result = await pollUntil<string>({
      initial: 'done',
      check: async () => 'x',
      isDone: (v) => v === 'done',
      schedule: fixedSchedule(1),
      deadline: 1,
      clock,
    });
    expect(result).toEqual({ value: 'done', polls: 0 });
  });

  it('never sleeps past the deadline, and reports the last value', async () => {
    const clock = virtualClock();
    const error = await pollUntil<number>({
      initial: 0,
      check: async () => clock.t,
      isDone: () => false,
      schedule: fixedSchedule(30_000),
      deadline: 45_000,
      clock,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PollTimeout);
    // The last check was at 30 s; the sleep was cut at the deadline, where it stops.
    expect((error as PollTimeout<number>).last).toBe(30_000);
    expect(clock.t).toBe(45_000);
  });

  it('stops at once when cancelled', async () => {
    const controller = new AbortController();
    const clock = virtualClock();
    const error = await pollUntil<number>({
      initial: 0,
      check: async () => {
        controller.abort();
        return 1;
      },
      isDone: () => false,
      schedule: fixedSchedule(1000),
      deadline: 1e9,
      clock,
      signal: controller.signal,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PollCancelled);
    expect(clock.t).toBe(1000);
  });

  it('a real sleep is interrupted by cancellation', async () => {
    const controller = new AbortController();
    // Cancelled as soon as the poll sleeps (10 s): only the cancel can end that sleep in time.
    setImmediate(() => controller.abort());
    const t0 = Date.now();
    const error = await pollUntil<number>({
      initial: 0,
      check: async () => 0,
      isDone: () => false,
      schedule: fixedSchedule(10_000),
      deadline: Date.now() + 60_000,
      signal: controller.signal,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PollCancelled);
    expect(Date.now() - t0).toBeLessThan(1000);
  });
});

describe('schedules', () => {
  it('backoff grows to its ceiling', () => {
    const s = backoffSchedule<unknown>(2000, 2, 10_000);
    expect([1, 2, 3, 4, 5].map(() => s.next(undefined, 0))).toEqual([
      2000, 4000, 8000, 10_000, 10_000,
    ]);
  });

  it('adaptive: first check 1 s after the start, then backs off while queued, stays within 1 s and 30 s', () => {
    const s = adaptiveSchedule();
    const at: number[] = [];
    for (let t = 0; at.length < 7; t += s.next({ status: 'queued', progress: 0 }, t)) at.push(t);
    // The start's answer at 0, the first check after 1 s, then the back-off it always had.
    expect(at).toEqual([0, 1000, 9000, 21_000, 45_000, 75_000, 105_000]);
    for (let t = 0; t < 100; t++) {
      const d = s.next({ status: 'running', progress: Math.min(99, t) }, 110_000 + t * 1000);
      expect(d).toBeGreaterThanOrEqual(1000);
      expect(d).toBeLessThanOrEqual(30_000);
    }
  });

  it('adaptive: a slow answer just before a planned check still waits the 1 s floor', () => {
    const s = adaptiveSchedule();
    s.next({ status: 'queued', progress: 0 }, 0);
    expect(s.next({ status: 'queued', progress: 0 }, 8995)).toBe(1000);
  });

  it('adaptive: a start that answers running 0 % is checked again after 1 s', () => {
    expect(adaptiveSchedule().next({ status: 'running', progress: 0 }, 5000)).toBe(1000);
    expect(adaptiveSchedule().next({ status: 'running', progress: null }, 5000)).toBe(1000);
  });

  it('adaptive: a job moving fast is checked again soon; a slow one, or one attached to far along, after the warm-up', () => {
    const fast = adaptiveSchedule();
    fast.next({ status: 'running', progress: 0 }, 0);
    // 30 % in the first second: about 2.3 s to go at that pace, so not the 6 s warm-up.
    const d = fast.next({ status: 'running', progress: 30 }, 1000);
    expect(d).toBeGreaterThanOrEqual(1000);
    expect(d).toBeLessThan(2000);
    const slow = adaptiveSchedule();
    slow.next({ status: 'running', progress: 0 }, 0);
    expect(slow.next({ status: 'running', progress: 1 }, 1000)).toBe(6000);
    const attached = adaptiveSchedule();
    attached.next({ status: 'running', progress: 40 }, 0);
    expect(attached.next({ status: 'running', progress: 40.5 }, 1000)).toBe(6000);
  });

  it('adaptive: aims near the estimated finish of a linear job', () => {
    const s = adaptiveSchedule();
    // 1 % per second: at 40 % after 40 s, the finish is 60 s away.
    let delay = 0;
    for (let t = 0; t <= 40; t += 10) delay = s.next({ status: 'running', progress: t }, t * 1000);
    expect(s.eta(40_000)).toBeCloseTo(60_000, -3);
    expect(delay).toBeGreaterThan(25_000);
    expect(delay).toBeLessThanOrEqual(30_000);
    for (let t = 70; t <= 95; t += 5) delay = s.next({ status: 'running', progress: t }, t * 1000);
    expect(delay).toBeLessThan(5000);
    expect(delay).toBeGreaterThanOrEqual(1000);
  });

  it('adaptive notices a simulated 2-minute job within about a second, with no more checks than every 10 s', async () => {
    const delays: number[] = [];
    const requests: number[] = [];
    const fixed: number[] = [];
    for (let seed = 1; seed <= 100; seed++) {
      const auto = await runVirtual(randomJob(120_000, seed), adaptiveSchedule());
      delays.push(auto.delayMs);
      requests.push(auto.requests);
      fixed.push((await runVirtual(randomJob(120_000, seed), fixedSchedule(10_000))).requests);
    }
    expect(median(delays)).toBeLessThanOrEqual(1000);
    expect(median(requests)).toBeLessThanOrEqual(median(fixed) + 3);
  });

  // Status checks the schedule needed for these jobs before the first check moved to 1 s (median
  // over the same seeds: 1, 1 and 3), plus the 3 more allowed for noticing them within a second.
  it.each([
    { length: 1000, maxChecks: 1 + 3 },
    { length: 3000, maxChecks: 1 + 3 },
    { length: 10_000, maxChecks: 3 + 3 },
  ])(
    'adaptive notices a short export ($length ms ± 25 %, half started without a queue) within a second',
    async ({ length, maxChecks }) => {
      const delays: number[] = [];
      const requests: number[] = [];
      for (let seed = 1; seed <= 100; seed++) {
        const job = randomJob(length, seed, { spread: 0.25, runningAtStart: 0.5 });
        const run = await runVirtual(job, adaptiveSchedule());
        delays.push(run.delayMs);
        requests.push(run.requests);
      }
      expect(median(delays)).toBeLessThanOrEqual(1000);
      expect(median(requests)).toBeLessThanOrEqual(maxChecks);
    },
  );
});

describe('durations', () => {
  it('parses what the inputs accept', () => {
    expect(parseDuration('90s')).toBe(90_000);
    expect(parseDuration('30m')).toBe(1_800_000);
    expect(parseDuration('1h30m')).toBe(5_400_000);
    expect(parseDuration('90')).toBe(90_000);
    expect(parseDuration('1.5h')).toBe(5_400_000);
    expect(parseDuration('500ms')).toBe(500);
    expect(parseDuration('-5s')).toBeUndefined();
    expect(parseDuration('5 minutes')).toBeUndefined();
    expect(parseDuration('')).toBeUndefined();
  });
  it('formats for people and for Helm', () => {
    expect(formatDuration(70_000)).toBe('1m10s');
    expect(formatDuration(5_400_000)).toBe('1h30m');
    expect(formatDuration(500)).toBe('0.5s');
    expect(formatElapsed(342)).toBe('0.342s');
    expect(formatElapsed(12_050)).toBe('12.050s');
    expect(formatElapsed(123_000)).toBe('2m03s');
    expect(toGoDuration(300_000)).toBe('5m');
    expect(toGoDuration(90_000)).toBe('90s');
  });
});
