/** The agent/ sub-action's outputs: names (as agent/action.yml spells them) and a job's values. */
import type { AgentJob } from '../api/schemas.js';

export const AgentOutputs = {
  JobId: 'job-id',
  Status: 'status',
  PrLink: 'pr-link',
  Model: 'model',
  Repository: 'repository',
  Ref: 'ref',
  /** The comment on the pull request: the announce, or the reply of the review loop. */
  CommentUrl: 'comment-url',
} as const;

export function agentOutputs(job: AgentJob): Record<string, string> {
  return {
    [AgentOutputs.JobId]: job.id,
    [AgentOutputs.Status]: job.status,
    [AgentOutputs.PrLink]: job.prLink ?? '',
    [AgentOutputs.Model]: job.model ?? '',
    [AgentOutputs.Repository]: job.source?.repository ?? '',
    [AgentOutputs.Ref]: job.source?.ref ?? '',
  };
}
