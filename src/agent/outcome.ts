/**
 * How a follow-up of the review loop ended, as the reply tells it: the job's last status, the
 * service's refusal or the stop, and for a completed job what became of the pull request.
 */
import { ApiError } from '../api/errors.js';
import {
  pullRequestNumber,
  type CommentWriter,
  type PullRequest,
  type RepositoryContext,
} from '../github/pull-request.js';
import { StoppedError } from '../shared/errors.js';
import type { FollowUpOutcome } from './comment.js';
import { AgentStopped, MaybeSent } from './job.js';
import { FollowUpUnconfirmed } from './pickup.js';
import type { AgentResult, AgentState } from './state.js';

/** What the follow-up gave: its result, or what it threw (as an Error, to be thrown again). */
export async function settle(
  sending: Promise<AgentResult>,
): Promise<{ result?: AgentResult; error?: Error }> {
  try {
    return { result: await sending };
  } catch (error) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }
}

/**
 * The outcomes after which the items after it wait, untaken, for a later run: the job has not
 * shown the result of this one (not taken up, still working, or perhaps never received), so its
 * next pickup could be this one's.
 */
export const HOLDS_THE_REST = new Set<FollowUpOutcome['kind']>([
  'unconfirmed',
  'timeout',
  'not-sent',
]);

/** The outcomes that earn the comment a +1 (the others a -1). */
export const WELL = new Set<FollowUpOutcome['kind']>(['completed', 'sent']);

/** How the follow-up ended, for the reply; for a completed job, what became of the pull request. */
export async function outcomeOf(
  sent: { result?: AgentResult; error?: Error },
  context: {
    jobId: string;
    timeoutMs: number;
    pickupGraceMs: number;
    /** The pull request before the follow-up. */
    pull: PullRequest;
    writer: CommentWriter;
    /** The job the follow-up last saw (a failed job's reason). */
    state: AgentState;
    side: { repo: RepositoryContext };
    redact(text: string): string;
    now?: () => number;
  },
): Promise<FollowUpOutcome> {
  const { jobId, state } = context;
  const { result, error } = sent;
  if (result?.outcome === 'sent') return { kind: 'sent', job: result.job };
  if (result) return finished(result, context.pull, context.writer, context.side.repo);
  if (error instanceof FollowUpUnconfirmed)
    return {
      kind: 'unconfirmed',
      job: error.job,
      graceMs: context.pickupGraceMs,
      asBefore: error.asBefore,
    };
  // The one rule (ApiError.mayHaveReached): a message that never left was not sent.
  if (error instanceof ApiError && error.neverSent)
    return { kind: 'not-sent', jobId, reason: 'unreachable', maybe: false };
  if (error instanceof MaybeSent)
    return { kind: 'not-sent', jobId, reason: 'no-answer', maybe: true };
  // Stopped before the instruction reached the service, or with no answer to it: not "working".
  if (error instanceof AgentStopped && error.sent !== 'yes')
    return { kind: 'not-sent', jobId, reason: error.reason, maybe: error.sent === 'maybe' };
  if (error instanceof StoppedError)
    return error.reason === 'timeout'
      ? { kind: 'timeout', jobId, timeoutMs: context.timeoutMs }
      : { kind: 'cancelled', jobId };
  if (error instanceof ApiError && error.status === 429)
    return {
      kind: 'rate-limited',
      retryAfterMs: error.retryAfterMs,
      now: (context.now ?? Date.now)(),
    };
  if (state.job?.status === 'failed') return { kind: 'failed', job: state.job };
  const message =
    error instanceof ApiError
      ? error.reason
      : error instanceof Error
        ? error.message
        : String(error);
  return { kind: 'error', jobId, message: context.redact(message) };
}

async function finished(
  result: AgentResult,
  before: PullRequest,
  writer: CommentWriter,
  repo: RepositoryContext,
): Promise<FollowUpOutcome> {
  const { job } = result;
  if (job.status === 'archived') return { kind: 'archived', job };
  if (job.status !== 'completed') return { kind: 'sent', job };
  if (!job.prLink) return { kind: 'completed', job, change: { pr: 'none' } };
  if (pullRequestNumber(job.prLink, repo) !== before.number)
    return { kind: 'completed', job, change: { pr: 'other', link: job.prLink } };
  const after = await writer.attempt(`read pull request #${before.number}`, (api) =>
    api.pullRequest(before.number),
  );
  if (!after) return { kind: 'completed', job, change: { pr: 'unknown' } };
  return {
    kind: 'completed',
    job,
    change:
      after.headSha !== before.headSha
        ? { pr: 'updated', before: before.headSha, after: after.headSha }
        : { pr: 'unchanged' },
  };
}
