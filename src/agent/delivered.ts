/** The review loop's `delivered` output: what each item's follow-up delivered, as far as known. */
import type { ReviewLoopResult } from './follow-up.js';
import type { FollowUpItem } from './items.js';
import { AgentOutputs, agentOutputs, type DeliveredItem } from './outputs.js';
import type { AgentState } from './state.js';

/**
 * An item's entry in the `delivered` output, and its single-value outputs: undefined when its
 * message never went out (refused, not sent, nothing to send). A message that got no answer is
 * listed as `maybe-sent`, and its values are not the single outputs (nothing of it is known).
 */
export function deliveredOf(
  item: FollowUpItem,
  done: ReviewLoopResult,
  state: AgentState,
  jobId: string,
): { entry: DeliveredItem; outputs?: Record<string, string> } | undefined {
  const kind = done.outcome?.kind;
  if (done.instruction === undefined || kind === undefined) return undefined;
  if (kind === 'rate-limited' || kind === 'error') return undefined;
  const maybe = kind === 'not-sent';
  if (maybe && !(done.outcome as { maybe: boolean }).maybe) return undefined;
  const job = done.result?.job ?? state.job;
  const values: Record<string, string> = {
    [AgentOutputs.JobId]: jobId,
    [AgentOutputs.Status]: state.status ?? '',
    [AgentOutputs.PrLink]: '',
    // Unconfirmed: the job shows what it showed before the message, so its pull request and
    // branch are an earlier instruction's, not this one's: left empty.
    ...(job && !maybe
      ? agentOutputs(job, kind === 'unconfirmed' ? 'sent' : (done.result?.outcome ?? 'final'))
      : {}),
    ...(maybe ? { [AgentOutputs.Status]: 'maybe-sent' } : {}),
    ...(kind === 'unconfirmed' ? { [AgentOutputs.Status]: 'unconfirmed' } : {}),
    [AgentOutputs.CommentUrl]: done.commentUrl ?? '',
  };
  const entry: DeliveredItem = {
    url: item.url,
    kind: item.kind,
    id: item.id,
    'job-id': values[AgentOutputs.JobId] ?? jobId,
    status: values[AgentOutputs.Status] ?? '',
    'pr-link': values[AgentOutputs.PrLink] ?? '',
    'comment-url': values[AgentOutputs.CommentUrl] ?? '',
  };
  return maybe ? { entry } : { entry, outputs: values };
}
