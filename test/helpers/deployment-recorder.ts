/**
 * The deployment recorder's unit tests share these: a GitHub that answers from a script (the
 * errors toApiError makes of what Octokit throws, checked against a real server in
 * test/unit/deployment-octokit.test.ts), a recorder whose waits pass at once, the spec.
 */
import {
  DeploymentRecorder,
  type DeploymentApi,
  type DeploymentStatus,
} from '../../src/github/deployment.js';
import { GitHubApiError } from '../../src/github/api-error.js';
import { memoryLogger } from '../../src/shared/logger.js';
import { ManualClock } from './clock.js';

export type Answer = 'ok' | 'down' | number | { status: number; retryAfterMs: number };

/**
 * A GitHub that answers from a script: each call takes the next answer. The errors are the ones
 * toApiError makes of what Octokit throws (checked against a real server further down).
 */
export function scriptedApi(answers: Answer[]) {
  const calls: { kind: string; body: unknown }[] = [];
  const next = () => {
    const answer = answers.shift() ?? 'ok';
    if (answer === 'down') throw new GitHubApiError('ECONNREFUSED');
    if (typeof answer === 'object')
      throw new GitHubApiError('API rate limit exceeded', answer.status, answer.retryAfterMs);
    if (answer !== 'ok') throw new GitHubApiError('Resource not accessible by integration', answer);
  };
  const api: DeploymentApi = {
    createDeployment: async (request) => {
      calls.push({ kind: 'create', body: request });
      next();
      return { id: 7 };
    },
    createStatus: async (_id, status: DeploymentStatus) => {
      calls.push({ kind: status.state, body: status });
      next();
    },
  };
  return { api, calls };
}

/**
 * A recorder whose every wait passes at once (its clock jumps to the wait's end) and is noted in
 * `clock.slept`. A call's time limit is a wait too, but never reached: every call is answered.
 */
export function recorderFor(
  api: DeploymentApi,
  logger = memoryLogger(),
  cancel?: AbortSignal,
  clock = new ManualClock({ auto: true }),
) {
  return new DeploymentRecorder({ api, spec, logger, redact: (t) => t, cancel, clock });
}

export const warningsOf = (logger: ReturnType<typeof memoryLogger>) =>
  logger.lines.filter((l) => l.startsWith('warning:'));

export const spec = {
  environment: 'docs-production',
  environmentUrl: 'https://docs.example.com',
  ref: 'abc123def4567890',
  logUrl: 'https://github.com/acme/docs/actions/runs/1',
  domain: 'docs.example.com',
  version: undefined,
  jobId: undefined,
};
