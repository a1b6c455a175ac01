/**
 * Records a run as a GitHub deployment: created at the start (in_progress), finished with
 * success, failure or error. It never blocks the publish: when GitHub refuses (403/404: no
 * `deployments: write`, or a GitHub Enterprise Server without deployments) or cannot be reached,
 * it warns once and stands aside. It talks to GitHub through `DeploymentApi` (src/github.ts wires
 * Octokit to it) and does not import @actions/core.
 */
import type { Logger } from './logger.js';
import { StoppedError, UserError } from './errors.js';

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

/** The two calls the recorder needs; each rejects with a DeploymentApiError. */
export interface DeploymentApi {
  createDeployment(request: CreateDeployment, timeoutMs: number): Promise<{ id: number }>;
  createStatus(id: number, status: DeploymentStatus, timeoutMs: number): Promise<void>;
}

export class DeploymentApiError extends Error {
  override readonly name = 'DeploymentApiError';
  constructor(
    message: string,
    /** The HTTP status, when GitHub answered. */
    readonly status?: number,
  ) {
    super(message);
  }
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
const CALL_TIMEOUT_MS = 10_000;
/** After a cancel the process has a few seconds left: the last status must fit in them. */
const CANCELLED_TIMEOUT_MS = 2_500;

/** The first line of a text, cut to what GitHub keeps. */
export function statusDescription(text: string): string {
  const line = (text.split(/\r?\n/)[0] ?? '').replace(/\s+/g, ' ').trim();
  return line.length > MAX_DESCRIPTION ? `${line.slice(0, MAX_DESCRIPTION - 1)}…` : line;
}

/**
 * `failure` when the publish itself failed (the export failed, the values file or the rollout
 * was refused); `error` when the run could not finish (cancelled, timed out, the service or the
 * network failed, a bug).
 */
export function outcomeOf(error: unknown): 'failure' | 'error' {
  if (error instanceof StoppedError) return 'error';
  if (error instanceof UserError) return 'failure';
  return 'error';
}

export class DeploymentRecorder {
  #id: number | undefined;
  #off = false;
  #warned = false;
  #finished = false;

  constructor(
    private readonly api: DeploymentApi,
    private readonly spec: DeploymentSpec,
    private readonly logger: Logger,
    /** Hides every secret known when it is called (the key, the link) from a text sent to GitHub. */
    private readonly redact: (text: string) => string,
  ) {}

  get id(): number | undefined {
    return this.#id;
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
      const { id } = await this.api.createDeployment(
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
        CALL_TIMEOUT_MS,
      );
      this.#id = id;
    } catch (error) {
      this.#standAside('create a deployment', error);
      return;
    }
    this.logger.info(
      `GitHub deployment ${this.#id} to environment "${spec.environment}" created for ${spec.ref.slice(0, 12)}.`,
    );
    await this.#status({ state: 'in_progress', description, logUrl: spec.logUrl }, CALL_TIMEOUT_MS);
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

  /** Marks the deployment failure or error, with the reason's first line. */
  async failed(error: unknown, message: string, cancelled = false): Promise<void> {
    await this.#finish(
      {
        state: outcomeOf(error),
        description: statusDescription(this.redact(message)),
        logUrl: this.spec.logUrl,
      },
      cancelled ? CANCELLED_TIMEOUT_MS : CALL_TIMEOUT_MS,
    );
  }

  async #finish(status: DeploymentStatus, timeoutMs = CALL_TIMEOUT_MS): Promise<void> {
    if (this.#finished) return;
    this.#finished = true;
    if (await this.#status(status, timeoutMs))
      this.logger.info(`GitHub deployment ${this.#id}: ${status.state}.`);
  }

  /** Sends a status; a failure is retried once (a status is safe to send twice). */
  async #status(status: DeploymentStatus, timeoutMs: number): Promise<boolean> {
    if (this.#off || this.#id === undefined) return false;
    for (let attempt = 1; ; attempt++) {
      try {
        await this.api.createStatus(this.#id, status, timeoutMs);
        return true;
      } catch (error) {
        const status4xx =
          error instanceof DeploymentApiError &&
          error.status !== undefined &&
          error.status >= 400 &&
          error.status < 500;
        if (attempt >= 2 || status4xx) {
          // Refused: nothing later would be accepted either. Unreachable: the final status is
          // still worth a try, so that the deployment is not left in_progress.
          this.#standAside(`set the deployment's status to ${status.state}`, error, status4xx);
          return false;
        }
      }
    }
  }

  /** Warns once (and, with `stop`, makes every later call a no-op): the publish goes on. */
  #standAside(what: string, error: unknown, stop = true): void {
    if (stop) this.#off = true;
    if (this.#warned) return;
    this.#warned = true;
    const status = error instanceof DeploymentApiError ? error.status : undefined;
    const said = statusDescription(
      this.redact(error instanceof Error ? error.message : String(error)),
    );
    const answer = status
      ? `GitHub answered ${status} (${said})`
      : `GitHub could not be reached (${said})`;
    const fix =
      status === 403 || status === 404
        ? 'Add "permissions: deployments: write" to the job (a 404 can also mean GitHub Enterprise Server without deployments, or a token that cannot see the repository).'
        : 'Check the status of GitHub and GITHUB_API_URL.';
    this.logger.warning(
      `Could not ${what} for environment "${this.spec.environment}": ${answer}. ${fix} The publish goes on${this.#id === undefined ? ' without a deployment record' : ''}.`,
    );
  }
}
