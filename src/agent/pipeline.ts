/**
 * The agent/ sub-action's pipeline: send the follow-up message exactly once (or create a job),
 * then wait for the job with the shared poller, and announce it on its pull request; or, on a
 * comment event, run the review loop. No @actions/* here: GitHub comes in as `PullRequestSide`.
 */
import type { ServiceClient } from '../api/client.js';
import type { AgentJob } from '../api/schemas.js';
import type { AgentActionInputs, FollowUpInputs } from './inputs.js';
import { announce, type PullRequestSide } from './announce.js';
import type { CommentEvent } from './event.js';
import { reviewLoop } from './review-loop.js';
import { UserError } from '../shared/errors.js';
import type { Reporter } from '../shared/logger.js';
import { systemClock, type Clock } from '../shared/poll.js';
import {
  readBefore,
  reportOutcome,
  sendOrCreate,
  waitForAgent,
  type AgentRunContext,
} from './job.js';
import { Pickup } from './pickup.js';

export interface AgentState {
  jobId?: string;
  status?: string;
  /** The job as the service last showed it. */
  job?: AgentJob;
  /** The instruction sent: the prompt, or the comment's. */
  instruction?: string;
  /** The comment posted or edited on the pull request (the announce, or the reply). */
  commentUrl?: string;
}

export interface AgentResult {
  /** The job as last seen: its result for `final`; for `sent`, only the message's answer. */
  job: AgentJob;
  /**
   * `final`: completed, archived or failed, seen after the job took the message up; `sent`: a
   * follow-up not waited for (its answer may show the job's past, so nothing of it is reported);
   * `started`: a new job not waited for.
   */
  outcome: 'final' | 'sent' | 'started';
  /** Whether this run created the job (false: it sent a follow-up). */
  created: boolean;
  waited: boolean;
  polls: number;
}

export interface FollowUpDeps {
  reporter: Reporter;
  client: ServiceClient;
  signal?: AbortSignal;
  clock?: Clock;
  state?: AgentState;
  /**
   * Another sign that the job took the follow-up up, asked while it shows a final status that may
   * be its old one (the review loop: a new head commit on the pull request). Names the sign, or
   * undefined while there is none.
   */
  pickupSign?: () => Promise<string | undefined>;
}

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
  const first = await sendOrCreate(run);
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

export interface AgentRunDeps extends FollowUpDeps {
  side: PullRequestSide;
  /** The comment event the run is on, if any. */
  event: CommentEvent | undefined;
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
  if (loop.error !== undefined) throw loop.error;
  return { result: loop.result, commentUrl: loop.commentUrl };
}
