/**
 * The agent/ sub-action's pipeline: send the follow-up message exactly once (or create a job),
 * then wait for the job with the shared poller, and announce it on its pull request; or, on a
 * comment event, run the review loop. No @actions/* here: GitHub comes in as `PullRequestSide`.
 */
import type { ServiceClient } from '../api/client.js';
import { createAgentJob, getAgentJob, sendFollowUp } from '../api/agent.js';
import type { AgentJob } from '../api/schemas.js';
import type { AgentActionInputs, FollowUpInputs } from './inputs.js';
import { announce, type PullRequestSide } from './announce.js';
import type { CommentEvent } from './event.js';
import { reviewLoop } from './review-loop.js';
import { formatDuration } from '../shared/duration.js';
import { StoppedError, UserError } from '../shared/errors.js';
import type { Reporter } from '../shared/logger.js';
import {
  backoffSchedule,
  fixedSchedule,
  pollUntil,
  systemClock,
  type Clock,
} from '../shared/poll.js';
import { translateStop } from '../shared/stop.js';

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
  job: AgentJob;
  /** Whether this run created the job (false: it sent a follow-up). */
  created: boolean;
  waited: boolean;
  polls: number;
}

const FINAL = new Set(['completed', 'archived', 'failed']);

export interface FollowUpDeps {
  reporter: Reporter;
  client: ServiceClient;
  signal?: AbortSignal;
  clock?: Clock;
  state?: AgentState;
}

export async function followUp(inputs: FollowUpInputs, deps: FollowUpDeps): Promise<AgentResult> {
  const { reporter, client, signal } = deps;
  const clock = deps.clock ?? systemClock;
  const state = deps.state ?? {};
  const deadline = clock.now() + inputs.timeoutMs;
  const call = { signal, deadline };

  const stopped = (reason: 'cancelled' | 'timeout', last?: AgentJob) => {
    const id = state.jobId;
    const where = last ? ` (last status ${last.status})` : '';
    const after = id ? ` The agent keeps working on the service; job-id: ${id}` : '';
    return reason === 'cancelled'
      ? new StoppedError(
          `Cancelled${id ? ` while waiting for agent job ${id}` : ''}${where}.${after}`,
          'cancelled',
          id,
        )
      : new StoppedError(
          `Agent job ${id ?? ''} did not finish within the timeout of ${formatDuration(inputs.timeoutMs)}${where}.${after} Raise timeout, or run with wait: false and check the job later.`,
          'timeout',
          id,
        );
  };

  let job: AgentJob;
  try {
    job = await reporter.group(
      inputs.jobId ? `Send a follow-up to agent job ${inputs.jobId}` : 'Create an agent job',
      async () => {
        const answer = inputs.jobId
          ? await sendFollowUp(client, inputs.projectId, inputs.jobId, inputs.prompt, call)
          : await createAgentJob(client, inputs.projectId, inputs.prompt, call);
        state.jobId = answer.id;
        state.status = answer.status;
        state.job = answer;
        reporter.info(
          `Agent job ${answer.id}: ${answer.status}${answer.source?.repository ? ` on ${answer.source.repository}` : ''}.`,
        );
        return answer;
      },
    );
  } catch (error) {
    throw translateStop<AgentJob>(error, stopped, { signal });
  }

  let polls = 0;
  if (inputs.wait && !FINAL.has(job.status)) {
    const schedule =
      inputs.pollInterval === 'auto'
        ? backoffSchedule<AgentJob>(2000, 1.5, 15_000)
        : fixedSchedule<AgentJob>(inputs.pollInterval);
    try {
      const result = await reporter.group(`Wait for agent job ${job.id}`, () => {
        let shown = job.status;
        return pollUntil<AgentJob>({
          initial: job,
          check: (c) => getAgentJob(client, inputs.projectId, job.id, c),
          isDone: (j) => FINAL.has(j.status),
          schedule,
          deadline,
          signal,
          clock,
          onResult: (j) => {
            state.status = j.status;
            state.job = j;
            if (j.status !== shown) reporter.info(`Agent job ${j.id}: ${shown} → ${j.status}`);
            shown = j.status;
          },
        });
      });
      job = result.value;
      polls = result.polls;
    } catch (error) {
      throw translateStop<AgentJob>(error, stopped, { signal });
    }
  }

  if (job.status === 'failed') {
    throw new UserError(
      `Agent job ${job.id} failed${job.source?.repository ? ` on ${job.source.repository}` : ''}.${job.error ? ` The service says: "${job.error}".` : ''} Look at the job in the dashboard, then send a clearer prompt (job-id: ${job.id}) or start a new job.`,
      { jobId: job.id },
    );
  }
  if (job.status === 'archived')
    reporter.warning(
      `Agent job ${job.id} was archived${job.prLink ? '' : ' without a pull request'}.`,
    );
  if (job.status === 'completed' && !job.prLink)
    reporter.notice(`Agent job ${job.id} completed with no pull request: no files changed.`);
  if (job.prLink) reporter.info(`Pull request: ${job.prLink}`);
  return { job, created: !inputs.jobId, waited: inputs.wait, polls };
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
    send: (request) => {
      state.instruction = request.prompt;
      return followUp(request, followUpDeps);
    },
  });
  if (loop.error !== undefined) throw loop.error;
  return { result: loop.result, commentUrl: loop.commentUrl };
}
