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
  /** The review loop: the items this run delivered, with their results (JSON). */
  Delivered: 'delivered',
} as const;

/** One item the review loop delivered, as the `delivered` output lists it. */
export interface DeliveredItem {
  url: string;
  kind: 'comment' | 'review';
  id: number;
  'job-id': string;
  /** The job's status as the single output says it; `maybe-sent` when no answer settled it. */
  status: string;
  'pr-link': string;
  'comment-url': string;
}

/**
 * A job's values. For a follow-up not waited for (`sent`), the answer may show the job as it was
 * before the message: its status, pull request and branch are not reported as this follow-up's.
 */
export function agentOutputs(
  job: AgentJob,
  outcome: 'final' | 'sent' | 'started' = 'final',
): Record<string, string> {
  const sent = outcome === 'sent';
  return {
    [AgentOutputs.JobId]: job.id,
    [AgentOutputs.Status]: sent ? 'sent' : job.status,
    [AgentOutputs.PrLink]: sent ? '' : (job.prLink ?? ''),
    [AgentOutputs.Model]: job.model ?? '',
    [AgentOutputs.Repository]: job.source?.repository ?? '',
    [AgentOutputs.Ref]: sent ? '' : (job.source?.ref ?? ''),
  };
}
