/**
 * A virtual-time model of an export job and a driver that runs the real poller against it with
 * an injected clock: exact, and fast (no real waiting).
 */
import { pollUntil, type Schedule, type ProgressSample } from '../src/shared/poll.js';
import { seededRandom } from '../simulator/random.js';

export interface JobModel {
  queuedMs: number;
  runningMs: number;
  /** progress(t) for t in the running phase, 0..1 fraction of runningMs → 0..100 */
  progressAt(elapsedRunning: number): number;
}

export interface JobShape {
  /** How much the length varies either way (fraction); 0.03 unless given. */
  spread?: number;
  /** Part of the jobs that the start answers as `running 0%` (no queue); 0 unless given. */
  runningAtStart?: number;
}

/**
 * A queued phase of random length, then progress rising roughly linearly, with noise. `shape`
 * draws its random numbers only when given, so the default jobs stay the same for each seed.
 */
export function randomJob(totalMs: number, seed: number, shape: JobShape = {}): JobModel {
  const random = seededRandom(seed);
  // The length varies (±3 % unless `spread` says otherwise) so that completion does not line up
  // with a fixed interval.
  const spread = shape.spread ?? 0.03;
  const length = totalMs * (1 - spread + random() * 2 * spread);
  const queued = random() * Math.min(0.2 * length, 60_000);
  const queuedMs =
    shape.runningAtStart !== undefined && random() < shape.runningAtStart ? 0 : queued;
  const runningMs = length - queuedMs;
  // A gentle curve (speed varies by up to ±25 % over the job) and up to 2 points of noise.
  const bend = (random() - 0.5) * 0.5;
  return {
    queuedMs,
    runningMs,
    progressAt(elapsed) {
      const x = Math.min(1, elapsed / runningMs);
      const curve = x + bend * x * (1 - x);
      // A counter of finished pages lags the work by up to 2 points; it never runs ahead.
      const lag = random() * 2;
      return Math.max(0, Math.min(99.9, curve * 100 - lag));
    },
  };
}

export interface PollRun {
  /** Delay between completion and its detection. */
  delayMs: number;
  /** Status checks sent (the start call not included). */
  requests: number;
}

/** Runs the real pollUntil with a virtual clock against a job model. */
export async function runVirtual(
  job: JobModel,
  schedule: Schedule<ProgressSample>,
): Promise<PollRun> {
  let now = 0;
  let lastProgress = 0;
  const total = job.queuedMs + job.runningMs;
  const view = (t: number): ProgressSample => {
    if (t < job.queuedMs) return { status: 'queued', progress: 0 };
    if (t >= total) return { status: 'completed', progress: 100 };
    lastProgress = Math.max(lastProgress, job.progressAt(t - job.queuedMs));
    return { status: 'running', progress: Math.round(lastProgress * 10) / 10 };
  };
  const { polls } = await pollUntil<ProgressSample>({
    initial: view(0),
    check: () => Promise.resolve(view(now)),
    isDone: (v) => v.status === 'completed',
    schedule,
    deadline: Number.MAX_SAFE_INTEGER,
    clock: {
      now: () => now,
      sleep: (ms) => {
        now += ms;
        return Promise.resolve();
      },
    },
  });
  return { delayMs: now - total, requests: polls };
}
