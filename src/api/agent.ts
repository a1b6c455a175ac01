/** The agent job operations, one service call each (contract: docs/service.md, "Agent jobs"). */
import type { CallOptions, ServiceClient } from './client.js';
import { AgentJobSchema, type AgentJob } from './schemas.js';

const RATE_LIMIT_HINT =
  'The service allows 100 follow-up messages per project per hour; this run does not retry, so no more of the quota is used. Wait for the hour to pass, then run again.';

function hints(projectId: string) {
  return {
    notFoundHint: `No agent job has this id in project ${projectId}: check the job-id and project-id inputs (the project id is shown on the API keys page of the dashboard).`,
    forbiddenHint: `The key may not use agent jobs of project ${projectId}: check the project-id and the api-key.`,
    rateLimitHint: RATE_LIMIT_HINT,
  };
}

function base(projectId: string): string {
  return `v2/agent/${encodeURIComponent(projectId)}/job`;
}

/** Creates an agent job. Not idempotent: a retry could start a second job. */
export function createAgentJob(
  client: ServiceClient,
  projectId: string,
  prompt: string,
  call?: CallOptions,
): Promise<AgentJob> {
  return client.request(
    {
      name: 'create agent job',
      method: 'POST',
      path: base(projectId),
      body: { prompt },
      schema: AgentJobSchema,
      idempotent: false,
      hints: {
        ...hints(projectId),
        rateLimitHint:
          'The service is rate limiting agent jobs for this project: wait a while and run again.',
      },
    },
    call,
  );
}

export function getAgentJob(
  client: ServiceClient,
  projectId: string,
  jobId: string,
  call?: CallOptions,
): Promise<AgentJob> {
  return client.request(
    {
      name: `get agent job ${jobId}`,
      method: 'GET',
      path: `${base(projectId)}/${encodeURIComponent(jobId)}`,
      schema: AgentJobSchema,
      idempotent: true,
      hints: hints(projectId),
    },
    call,
  );
}

/**
 * Sends a follow-up message. Each call uses one of the project's 100 messages an hour, so a 429
 * is reported at once instead of being waited out. Sent at most once: a message that may have
 * reached the service (a 5xx included, as the service may have recorded it) is never repeated;
 * only one that never left (connection refused, host not found) is.
 */
export function sendFollowUp(
  client: ServiceClient,
  projectId: string,
  jobId: string,
  prompt: string,
  call?: CallOptions,
): Promise<AgentJob> {
  return client.request(
    {
      name: `send follow-up message to agent job ${jobId}`,
      method: 'POST',
      path: `${base(projectId)}/${encodeURIComponent(jobId)}/message`,
      body: { prompt },
      schema: AgentJobSchema,
      idempotent: false,
      atMostOnce: true,
      retryOn429: false,
      hints: hints(projectId),
    },
    call,
  );
}
