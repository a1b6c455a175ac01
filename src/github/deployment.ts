/**
 * Records a run as a GitHub deployment: created at the start (in_progress), finished with
 * success, failure or error. It never blocks the publish: when GitHub refuses (403/404: no
 * `deployments: write`, or a GitHub Enterprise Server without deployments) or cannot be reached,
 * it warns once and stands aside. It talks to GitHub through `DeploymentApi` (octokit.ts wires
 * Octokit to it) and does not import @actions/core.
 */
import { CANCELLED_REPORT_BUDGET_MS } from '../shared/constants.js';
import type { Logger } from '../shared/logger.js';
import { isTransient } from '../shared/errors.js';
import { systemClock, type Clock } from '../shared/poll.js';
import { describeGitHubFailure, GitHubApiError, WarnOnce } from './api-error.js';

export type DeploymentState = 'in_progress' | 'success' | 'failure' | 'error';

export interface CreateDeployment {
  ref: string;
  environment: string;
  description: string;
  payload: Record<string, string | null>;
}

export interface DeploymentStatus {
  state: DeploymentState;
  description: string;
  logUrl?: string;
  environmentUrl?: string;
}

/**
 * The two calls the recorder needs; each rejects with a GitHubApiError, and gives up when
 * `signal` aborts (the recorder's time limit for that call).
 */
export interface DeploymentApi {
  createDeployment: (request: CreateDeployment, signal: AbortSignal) => Promise<{ id: number }>;
  createStatus: (id: number, status: DeploymentStatus, signal: AbortSignal) => Promise<void>;
}

export interface DeploymentSpec {
  environment: string;
  environmentUrl: string | undefined;
  /** The commit deployed: GITHUB_SHA. */
  ref: string;
  /** The run's page, for the status's log link. */
  logUrl: string | undefined;
  domain: string | undefined;
  version: string | undefined;
  jobId: string | undefined;
}

/** GitHub keeps at most 140 characters of a status description. */
const MAX_DESCRIPTION = 140;
/** Each call to GitHub gets this long. */
const CALL_TIMEOUT_MS = 10_000;
/**
 * After a cancel the process exits soon after (HARD_EXIT_AFTER_CANCEL_MS): every call to GitHub
 * from then on, the one in flight included, must end within this budget, so that the last status
 * is sent (or given up on) before the exit.
 */
export const CANCELLED_BUDGET_MS = CANCELLED_REPORT_BUDGET_MS;
/** A status that could not be sent is tried up to this many times, time allowing. */
const STATUS_ATTEMPTS = 3;
/** A wait GitHub asks for (Retry-After) longer than this is not waited for. */
const MAX_RETRY_WAIT_MS = 5_000;

/** The first line of a text, cut to what GitHub keeps. */
export function statusDescription(text: string): string {
  const line = (text.split(/\r?\n/)[0] ?? '').replace(/\s+/g, ' ').trim();
  return line.length > MAX_DESCRIPTION ? `${line.slice(0, MAX_DESCRIPTION - 1)}…` : line;
}

/**
 * `failure` when the publish itself failed or was refused (the export failed, the service
 * refused the key or the plan, the values file or the rollout was refused); `error` when the run
 * could not finish (cancelled, timed out, the service or the network failed, a bug).
 */
export function outcomeOf(error: unknown): 'failure' | 'error' {
  return isTransient(error) ? 'error' : 'failure';
}

export interface DeploymentRecorderOptions {
  api: DeploymentApi;
  spec: DeploymentSpec;
  logger: Logger;
  /** Hides every secret known when it is called (the key, the link) from a text sent to GitHub. */
  redact: (text: string) => string;
  /** The run's cancellation: calls made or in flight after it are cut short, waits end at once. */
  cancel?: AbortSignal;
  /**
   * The time limits of calls and the waits between tries are read and waited on this clock (the
   * system's by default), so that a test can run the budgets on a clock of its own.
   */
  clock?: Clock;
}

export class DeploymentRecorder {
  #id: number | undefined;
  /** The last state GitHub accepted. */
  #state: DeploymentState | undefined;
  #off = false;
  #finished = false;
  /** When the run was cancelled: from then on, calls share CANCELLED_BUDGET_MS. */
  #cancelledAt: number | undefined;
  readonly #warnings: WarnOnce;
  private readonly api: DeploymentApi;
  private readonly spec: DeploymentSpec;
  private readonly logger: Logger;
  private readonly redact: (text: string) => string;
  private readonly cancel: AbortSignal | undefined;
  private readonly clock: Clock;

  constructor(options: DeploymentRecorderOptions) {
    this.api = options.api;
    this.spec = options.spec;
    this.logger = options.logger;
    this.redact = options.redact;
    this.cancel = options.cancel;
    this.clock = options.clock ?? systemClock;
    this.#warnings = new WarnOnce(this.logger);
    if (this.cancel?.aborted) this.#cancelledAt = this.clock.now();
    else this.cancel?.addEventListener('abort', () => this.#cancelled(), { once: true });
  }

  /** Whether the run was cancelled; notes when, the first time it is seen. */
  #cancelled(): boolean {
    if (this.#cancelledAt === undefined && this.cancel?.aborted)
      this.#cancelledAt = this.clock.now();
    return this.#cancelledAt !== undefined;
  }

  get id(): number | undefined {
    return this.#id;
  }

  /** The last state GitHub accepted for the deployment (undefined: none). */
  get state(): DeploymentState | undefined {
    return this.#state;
  }

  /** Creates the deployment and marks it in_progress. */
  async start(): Promise<void> {
    const { spec } = this;
    const what = spec.domain ? `static export of ${spec.domain}` : 'static export';
    const description = statusDescription(
      this.redact(
        `Publish the ${what}${spec.version ? ` (version ${spec.version})` : ''}${spec.jobId ? ` from export job ${spec.jobId}` : ''}`,
      ),
    );
    try {
      const { id } = await this.#call((signal) =>
        this.api.createDeployment(
          {
            ref: spec.ref,
            environment: spec.environment,
            description,
            payload: {
              domain: spec.domain ?? null,
              version: spec.version ?? null,
              ...(spec.jobId ? { jobId: spec.jobId } : {}),
            },
          },
          signal,
        ),
      );
      this.#id = id;
    } catch (error) {
      this.#standAside('create a deployment', error, true);
      return;
    }
    this.logger.info(
      `GitHub deployment ${this.#id} to environment "${spec.environment}" created for ${spec.ref.slice(0, 12)}.`,
    );
    // Cancelled meanwhile: the time left is for the final status.
    if (this.#cancelled()) return;
    await this.#status({ state: 'in_progress', description, logUrl: spec.logUrl });
  }

  /** Marks the deployment success. */
  async succeeded(summary: string): Promise<void> {
    await this.#finish({
      state: 'success',
      description: statusDescription(this.redact(summary)),
      logUrl: this.spec.logUrl,
      environmentUrl: this.spec.environmentUrl,
    });
  }

  /** Marks the deployment failure or error (see outcomeOf), with the reason's first line. */
  async failed(error: unknown, message: string): Promise<void> {
    await this.#finish({
      state: outcomeOf(error),
      description: statusDescription(this.redact(message)),
      logUrl: this.spec.logUrl,
    });
  }

  async #finish(status: DeploymentStatus): Promise<void> {
    if (this.#finished) return;
    this.#finished = true;
    if (await this.#status(status))
      this.logger.info(`GitHub deployment ${this.#id}: ${status.state}.`);
  }

  /** When a call started at `started` must end: its own limit, or the end of the cancel budget. */
  #deadline(started: number): number {
    const limit = started + CALL_TIMEOUT_MS;
    return this.#cancelled() ? Math.min(limit, this.#cancelledAt! + CANCELLED_BUDGET_MS) : limit;
  }

  /** Runs one call with its time limit, shortened if the run is cancelled while it is in flight. */
  async #call<T>(call: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const started = this.clock.now();
    const controller = new AbortController();
    // The limit is a wait on the clock, ended early (and armed again) when the deadline moves.
    let timer: AbortController | undefined;
    const arm = () => {
      timer?.abort();
      const current = (timer = new AbortController());
      this.clock
        .sleep(Math.max(0, this.#deadline(started) - this.clock.now()), current.signal)
        .then(
          () => controller.abort(new GitHubApiError('no answer in time')),
          () => undefined,
        );
    };
    arm();
    this.cancel?.addEventListener('abort', arm);
    try {
      return await call(controller.signal);
    } finally {
      timer?.abort();
      this.cancel?.removeEventListener('abort', arm);
    }
  }

  /**
   * Sends a status (safe to send twice). GitHub down, a 5xx or a short rate limit: tried again,
   * time allowing. 401/403/404: the token or the deployment is refused, nothing later would be
   * accepted, so every later call is skipped. Any other refusal (422: a state GitHub will not
   * take now), or a rate limit that lasts longer than MAX_RETRY_WAIT_MS, skips only this status:
   * the final one is still worth sending. After a cancel, in_progress is dropped: the time left
   * is for the final status.
   */
  async #status(status: DeploymentStatus): Promise<boolean> {
    const id = this.#id;
    const final = status.state !== 'in_progress';
    for (let attempt = 1; ; attempt++) {
      if (this.#off || id === undefined || (!final && this.#cancelled())) return false;
      try {
        await this.#call((signal) => this.api.createStatus(id, status, signal));
        this.#state = status.state;
        return true;
      } catch (error) {
        const e = error instanceof GitHubApiError ? error : undefined;
        const limited = e?.retryAfterMs !== undefined;
        const refused = !limited && (e?.status === 401 || e?.status === 403 || e?.status === 404);
        const again =
          !refused &&
          (limited
            ? e.retryAfterMs <= MAX_RETRY_WAIT_MS
            : e?.status === undefined || e.status >= 500);
        const pause = e?.retryAfterMs ?? 1000;
        const now = this.clock.now();
        const timeLeft = this.#deadline(now) - now;
        if (!again || attempt >= STATUS_ATTEMPTS || timeLeft < pause + 1000) {
          if (!final && this.#cancelled()) return false;
          this.#standAside(`set the deployment's status to ${status.state}`, error, refused, final);
          return false;
        }
        // A cancel ends the wait at once: the loop then drops in_progress or sends the final status.
        await this.clock.sleep(pause, this.cancel).catch(() => undefined);
      }
    }
  }

  /**
   * Says why GitHub did not take a call, and makes every later call a no-op with `stop`. A warning
   * (one per run, later ones logged only) when the record stops or its final status is lost; a
   * lost in_progress is only logged, as the final status may still land. The publish goes on
   * either way.
   */
  #standAside(what: string, error: unknown, stop: boolean, final = true): void {
    if (stop) this.#off = true;
    const created = this.#id !== undefined;
    const { answer, fix } = describeGitHubFailure(
      error,
      created
        ? 'The token was refused for this deployment (was the deployment deleted, or its permission withdrawn?).'
        : 'Add "permissions: deployments: write" to the job (a 404 can also mean GitHub Enterprise Server without deployments, or a token that cannot see the repository).',
      (text) => statusDescription(this.redact(text)),
    );
    const left = !created
      ? ' The publish goes on without a deployment record.'
      : this.#finished || stop
        ? ` Deployment ${this.#id} is left ${this.#state === undefined ? 'without a status' : this.#state}: set its status by hand if it matters. The publish goes on.`
        : ' The publish goes on; the final status will still be sent.';
    const message = `Could not ${what} for environment "${this.spec.environment}": ${answer}. ${fix}${left}`;
    if (!stop && !final) this.logger.info(message);
    else this.#warnings.say(message);
  }
}
