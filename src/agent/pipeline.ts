/**
 * The agent/ sub-action's pipeline: send the follow-up message exactly once (or create a job),
 * then wait for the job with the shared poller, and announce it on its pull request; or, on a
 * comment event, run the review loop. No @actions/* here: GitHub comes in as `PullRequestSide`.
 */
import type { AgentActionInputs, FollowUpInputs } from './inputs.js';
import type { AgentResult, FollowUpDeps } from './state.js';
import { announce, type PullRequestSide } from './announce.js';
import type { AgentEvent } from './event.js';
import { reviewLoop } from './review-loop.js';
import { UserError } from '../shared/errors.js';
import { systemClock } from '../shared/poll.js';
import {
  FollowUpUnconfirmed,
  MaybeSent,
  mayHaveArrived,
  readBefore,
  reportOutcome,
  sendOrCreate,
  waitForAgent,
  type AgentRunContext,
} from './job.js';
import { Pickup } from './pickup.js';
import type { ApiError } from '../api/errors.js';
import type { AgentJob } from '../api/schemas.js';

export type { AgentResult, AgentState, FollowUpDeps } from './state.js';

export async function followUp(inputs: FollowUpInputs, deps: FollowUpDeps): Promise<AgentResult> {
  const clock = deps.clock ?? systemClock;
  const run: AgentRunContext = {
    ...deps,
    inputs,
    clock,
    state: deps.state ?? {},
    deadline: clock.now() + inputs.timeoutMs,
  };
  const before = inputs.jobId ? await readBefore(run, inputs.jobId) : undefined;
  let first: AgentJob;
  try {
    first = await sendOrCreate(run);
  } catch (error) {
    if (!before || !inputs.wait || !mayHaveArrived(error)) throw error;
    return settleUnanswered(run, before, error, deps.pickupSign);
  }
  const created = !inputs.jobId;
  if (!inputs.wait) {
    // Without waiting, a follow-up's answer says only that the message arrived.
    if (created) reportOutcome(run, first);
    return { job: first, created, waited: false, polls: 0, outcome: created ? 'started' : 'sent' };
  }
  const pickup = new Pickup(before, clock.now(), inputs.pickupGraceMs);
  const { job, polls } = await waitForAgent(run, first, pickup, deps.pickupSign);
  reportOutcome(run, job);
  return { job, created, waited: true, polls, outcome: 'final' };
}

/**
 * A message that got no answer, settled with the signs a follow-up already reads (the job going
 * active, a new link or branch, new commits of the agent): taken up, its result is this
 * follow-up's; no sign within pickup-grace, it may have been delivered (MaybeSent).
 */
async function settleUnanswered(
  run: AgentRunContext,
  before: AgentJob,
  error: ApiError,
  sign: FollowUpDeps['pickupSign'],
): Promise<AgentResult> {
  run.reporter.warning(
    `The follow-up message to agent job ${before.id} got no answer (${error.reason}); the service may have taken it. Looking for a sign that the job took it up (pickup-grace) rather than sending it again.`,
  );
  const pickup = new Pickup(before, run.clock.now(), run.inputs.pickupGraceMs);
  try {
    const { job, polls } = await waitForAgent(run, before, pickup, sign);
    reportOutcome(run, job);
    return { job, created: false, waited: true, polls, outcome: 'final' };
  } catch (failure) {
    if (failure instanceof FollowUpUnconfirmed) throw new MaybeSent(before.id, error.reason);
    throw failure;
  }
}

export interface AgentRunDeps extends FollowUpDeps {
  side: PullRequestSide;
  /** The comment or review event the run is on, if any. */
  event: AgentEvent | undefined;
  redact(text: string): string;
}

/** What a run did: nothing (a comment not for the agent), or a follow-up and its comment. */
export interface AgentRun {
  result?: AgentResult;
  commentUrl?: string;
}

/**
 * With a prompt: the follow-up (or new job), then the announce on its pull request. Without
 * (a comment event): the review loop, whose failures are thrown once the reply is posted.
 */
export async function runAgentPipeline(
  inputs: AgentActionInputs,
  deps: AgentRunDeps,
): Promise<AgentRun> {
  const state = deps.state ?? {};
  const followUpDeps = { ...deps, state };
  if (inputs.prompt !== undefined) {
    state.instruction = inputs.prompt;
    const result = await followUp({ ...inputs, prompt: inputs.prompt }, followUpDeps);
    // A follow-up not waited for (`sent`) has only the answer to the message, which may show the
    // job as it was before: the announce would show that old state as this follow-up's.
    if (result.outcome !== 'sent')
      state.commentUrl = await announce(result.job, deps.side, deps.reporter);
    return { result, commentUrl: state.commentUrl };
  }
  if (!deps.event)
    throw new UserError('Input "prompt" is empty. Write the instruction for the agent.');
  const loop = await reviewLoop(inputs, deps.event, {
    ...followUpDeps,
    send: (request, extra) => {
      state.instruction = request.prompt;
      return followUp(request, { ...followUpDeps, ...extra });
    },
  });
  // The follow-up's own failure, rethrown as it was caught.
  if (loop.error !== undefined) throw loop.error;
  return { result: loop.result, commentUrl: loop.commentUrl };
}
