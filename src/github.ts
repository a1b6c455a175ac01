/**
 * The GitHub side of deployments, through @actions/github (Octokit): the REST base URL comes from
 * GITHUB_API_URL (GitHub Enterprise Server included), and proxies from the runner's settings.
 * Loaded only when the environment input is set, so runs without it do not pay for Octokit.
 */
import { context, getOctokit } from '@actions/github';
import {
  DeploymentApiError,
  type CreateDeployment,
  type DeploymentApi,
  type DeploymentStatus,
} from './deployment.js';
import { USER_AGENT } from './version.js';

interface OctokitError {
  status?: number;
  message?: string;
  response?: { data?: { message?: string } };
}

function toApiError(error: unknown): DeploymentApiError {
  const e = error as OctokitError;
  if (typeof e?.status === 'number' && e.status > 0) {
    const said = e.response?.data?.message ?? e.message ?? '';
    return new DeploymentApiError(said.split('\n')[0]!.slice(0, 200), e.status);
  }
  const name = (error as Error)?.name;
  if (name === 'TimeoutError' || name === 'AbortError')
    return new DeploymentApiError('no answer in time');
  const cause = (error as { cause?: { code?: string } })?.cause?.code;
  return new DeploymentApiError(cause ?? (error instanceof Error ? error.message : String(error)));
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
    async createDeployment(request: CreateDeployment, timeoutMs: number) {
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
          request: { signal: AbortSignal.timeout(timeoutMs) },
        });
        const id = (response.data as { id?: unknown }).id;
        if (typeof id !== 'number')
          throw new DeploymentApiError(
            `answered ${response.status} without a deployment id`,
            response.status,
          );
        return { id };
      } catch (error) {
        throw error instanceof DeploymentApiError ? error : toApiError(error);
      }
    },
    async createStatus(id: number, status: DeploymentStatus, timeoutMs: number) {
      try {
        await octokit.rest.repos.createDeploymentStatus({
          owner,
          repo,
          deployment_id: id,
          state: status.state,
          description: status.description,
          ...(status.logUrl ? { log_url: status.logUrl } : {}),
          ...(status.environmentUrl ? { environment_url: status.environmentUrl } : {}),
          request: { signal: AbortSignal.timeout(timeoutMs) },
        });
      } catch (error) {
        throw toApiError(error);
      }
    },
  };
}
