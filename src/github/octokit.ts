/**
 * The GitHub side of deployments, through @actions/github (Octokit): the REST base URL comes from
 * GITHUB_API_URL (GitHub Enterprise Server included), and proxies from the runner's settings.
 * Loaded only when the environment input is set, so runs without it do not pay for Octokit.
 */
import { context, getOctokit } from '@actions/github';
import { describeNetworkError } from '../api/errors.js';
import { parseRetryAfter } from '../api/retry.js';
import {
  DeploymentApiError,
  type CreateDeployment,
  type DeploymentApi,
  type DeploymentStatus,
} from './deployment.js';
import { USER_AGENT } from '../shared/version.js';

/** What a RequestError of @octokit/request carries; `response` only when GitHub answered. */
interface OctokitError {
  status?: number;
  message?: string;
  response?: { status?: number; headers?: Record<string, string | undefined>; data?: unknown };
  cause?: unknown;
}

/**
 * Turns what Octokit throws into a DeploymentApiError. Octokit reports a request that got no
 * answer (refused, reset, timed out) as status 500 without a `response`: only a `response` means
 * GitHub answered.
 */
export function toApiError(error: unknown, signal?: AbortSignal): DeploymentApiError {
  if (error instanceof DeploymentApiError) return error;
  const e = (error ?? {}) as OctokitError;
  const response = e.response;
  if (response && typeof e.status === 'number') {
    const data = response.data as { message?: unknown } | undefined;
    const said = typeof data?.message === 'string' ? data.message : (e.message ?? '');
    const headers = response.headers ?? {};
    const limited =
      e.status === 429 ||
      (e.status === 403 && (headers['x-ratelimit-remaining'] === '0' || /rate limit/i.test(said)));
    return new DeploymentApiError(
      said.split('\n')[0]!.slice(0, 200),
      e.status,
      limited ? retryAfter(headers) : undefined,
    );
  }
  if (signal?.aborted) return new DeploymentApiError('no answer in time');
  return new DeploymentApiError(describeNetworkError(e.cause ?? error));
}

/** Retry-After (seconds or a date), or the reset time of the limit, as a wait in ms; else 1 s. */
function retryAfter(headers: Record<string, string | undefined>): number {
  const now = Date.now();
  const after = parseRetryAfter(headers['retry-after'], now);
  if (after !== undefined) return after;
  const reset = Number(headers['x-ratelimit-reset']);
  if (Number.isFinite(reset) && reset > 0) return Math.max(0, reset * 1000 - now);
  return 1000;
}

export function octokitDeploymentApi(token: string): DeploymentApi {
  const octokit = getOctokit(token, {
    userAgent: USER_AGENT,
    // Octokit's own log lines are not for the user's log (and never carry the token).
    log: {
      debug: () => undefined,
      info: () => undefined,
      warn: () => undefined,
      error: () => undefined,
    },
  });
  const { owner, repo } = context.repo;
  return {
    async createDeployment(request: CreateDeployment, signal: AbortSignal) {
      try {
        const response = await octokit.rest.repos.createDeployment({
          owner,
          repo,
          ref: request.ref,
          environment: request.environment,
          description: request.description,
          payload: request.payload,
          auto_merge: false,
          required_contexts: [],
          request: { signal },
        });
        const id = (response.data as { id?: unknown }).id;
        if (typeof id !== 'number')
          throw new DeploymentApiError(
            `answered ${response.status} without a deployment id`,
            response.status,
          );
        return { id };
      } catch (error) {
        throw toApiError(error, signal);
      }
    },
    async createStatus(id: number, status: DeploymentStatus, signal: AbortSignal) {
      try {
        await octokit.rest.repos.createDeploymentStatus({
          owner,
          repo,
          deployment_id: id,
          state: status.state,
          description: status.description,
          ...(status.logUrl ? { log_url: status.logUrl } : {}),
          ...(status.environmentUrl ? { environment_url: status.environmentUrl } : {}),
          request: { signal },
        });
      } catch (error) {
        throw toApiError(error, signal);
      }
    },
  };
}
