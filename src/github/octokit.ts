/**
 * GitHub through @actions/github (Octokit), for deployments and for the agent's pull requests: the
 * REST base URL comes from GITHUB_API_URL (GitHub Enterprise Server included), and proxies from
 * the runner's settings. Loaded only when a run talks to GitHub, so others do not pay for Octokit.
 * The agent's pull-request calls are in octokit-pull-requests.ts.
 */
import { context, getOctokit } from '@actions/github';
import { describeNetworkError } from '../shared/network.js';
import { parseRetryAfter } from '../shared/retry.js';
import { GitHubApiError } from './api-error.js';
import type { CreateDeployment, DeploymentApi, DeploymentStatus } from './deployment.js';
import { USER_AGENT } from '../shared/version.js';

/** What a RequestError of @octokit/request carries; `response` only when GitHub answered. */
interface OctokitError {
  status?: number;
  message?: string;
  response?: { status?: number; headers?: Record<string, string | undefined>; data?: unknown };
  cause?: unknown;
}

/**
 * Turns what Octokit throws into a GitHubApiError. Octokit reports a request that got no
 * answer (refused, reset, timed out) as status 500 without a `response`: only a `response` means
 * GitHub answered.
 */
export function toApiError(error: unknown, signal?: AbortSignal): GitHubApiError {
  if (error instanceof GitHubApiError) return error;
  const e = (error ?? {}) as OctokitError;
  const response = e.response;
  if (response && typeof e.status === 'number') {
    const data = response.data as { message?: unknown } | undefined;
    const said = typeof data?.message === 'string' ? data.message : (e.message ?? '');
    const headers = response.headers ?? {};
    const limited =
      e.status === 429 ||
      (e.status === 403 && (headers['x-ratelimit-remaining'] === '0' || /rate limit/i.test(said)));
    return new GitHubApiError(
      said.split('\n')[0]!.slice(0, 200),
      e.status,
      limited ? retryAfter(headers) : undefined,
    );
  }
  if (signal?.aborted) return new GitHubApiError('no answer in time');
  return new GitHubApiError(describeNetworkError(e.cause ?? error));
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

export function createOctokit(token: string) {
  return getOctokit(token, {
    // Read here, not only when @actions/github was loaded (it reads GITHUB_API_URL once then): a
    // process that loaded it before the variable was set, as the test runner's shared workers
    // do, would otherwise call github.com. Its proxy choice stays the one made at load, for the
    // URL it saw then: in a run, the same URL.
    baseUrl: process.env.GITHUB_API_URL || 'https://api.github.com',
    userAgent: USER_AGENT,
    // Octokit's own log lines are not for the user's log (and never carry the token).
    log: {
      debug: () => undefined,
      info: () => undefined,
      warn: () => undefined,
      error: () => undefined,
    },
  });
}

export function octokitDeploymentApi(token: string): DeploymentApi {
  const octokit = createOctokit(token);
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
          throw new GitHubApiError(
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
