/**
 * The agent job's steps: look at the job, send the follow-up exactly once (or create the job), wait
 * for it by the contract's polling rule, and say how it ended. A final status counts only once the
 * job showed it took the message up (pickup.ts); until then what it shows is from before the
 * message. Each step turns a cancel or the time limit into the run's StoppedError (the one mapping
 * in shared/stop.ts), as the export's steps do.
 */
import type { ServiceClient } from '../api/client.js';
import { ApiError } from '../api/errors.js';
import { createAgentJob, getAgentJob, sendFollowUp } from '../api/agent.js';
import type { AgentJob } from '../api/schemas.js';
import { formatDuration } from '../shared/duration.js';
import { StoppedError, UserError } from '../shared/errors.js';
import type { Reporter } from '../shared/logger.js';
import {
  backoffSchedule,
  fixedSchedule,
  pollUntil,
  type Clock,
  type Schedule,
} from '../shared/poll.js';
import { translateStop, type StopReason } from '../shared/stop.js';
import type { FollowUpInputs } from './inputs.js';
import { FINAL, FollowUpUnconfirmed, Pickup, type OutsideSign } from './pickup.js';
import type { AgentState } from './state.js';

export { FINAL, FollowUpUnconfirmed } from './pickup.js';

/** How often the job is looked at while waiting for it to take the message up. */
const PICKUP_POLL_MS = 1500;
/** How often the caller's sign of a pickup (a GitHub call) is asked at most. */
const SIGN_EVERY_MS = 5000;

export interface AgentRunContext {
  inputs: FollowUpInputs;
  reporter: Reporter;
  client: ServiceClient;
  signal?: AbortSignal;
  clock: Clock;
  state: AgentState;
  /** Epoch ms: the timeout input, counted from the start of the run. */
  deadline: number;
}

/** Whether the instruction reached the service when the run stopped: the reply says so. */
export type SentWhenStopped = 'no' | 'maybe' | 'yes';

/**
 * A follow-up message got no answer (no response, a reset, a 5xx) and the job showed no sign of
 * taking it up within pickup-grace: it may have been delivered. Never sent again by itself.
 */
export class MaybeSent extends UserError {
  constructor(jobId: string, why: string) {
    super(
      `The follow-up message to agent job ${jobId} got no answer (${why}), and within pickup-grace the job showed no sign that it took it up: it may have been delivered. Look at the job in the dashboard; it is not sent again by itself. To send it again on purpose, send it as a new message.`,
      { jobId },
    );
  }
}

/**
 * Whether the service may have acted on a message whose call failed: the client's own rule
 * (ApiError.mayHaveReached), so that what the client did not repeat is what is settled here.
 */
export function mayHaveArrived(error: unknown): error is ApiError {
  return error instanceof ApiError && error.mayHaveReached;
}

/** A stop of an agent run, with how far its message got. */
export class AgentStopped extends StoppedError {
  constructor(
    message: string,
    reason: StopReason,
    jobId: string | undefined,
    readonly sent: SentWhenStopped,
  ) {
    super(message, reason, jobId);
  }
}

function stoppedError(run: AgentRunContext, reason: StopReason, last?: AgentJob): StoppedError {
  const { state, inputs } = run;
  const id = state.jobId ?? inputs.jobId;
  const stop =
    reason === 'cancelled'
      ? 'Cancelled'
      : `Stopped at the timeout of ${formatDuration(inputs.timeoutMs)}`;
  const message = inputs.jobId
    ? `the follow-up to agent job ${inputs.jobId}`
    : 'the request to create the agent job';
  // Before the request went out (the read before a follow-up): nothing to resume.
  if (state.send === undefined)
    return new AgentStopped(
      `${stop} before ${message} was sent: nothing was sent.${reason === 'timeout' ? ' Raise timeout, then run again.' : ''}`,
      reason,
      id,
      'no',
    );
  // The request went out and no answer came: the service may have acted on it all the same.
  if (state.send === 'started')
    return new AgentStopped(
      `${stop} while ${message} was on its way, before the service answered: it may have been sent. Look at the job in the dashboard before running again, or it may be sent twice.`,
      reason,
      id,
      'maybe',
    );
  // Waiting for the pickup, what the job showed was its past, not a status of this message.
  const where =
    state.status === 'sent'
      ? ' (it had not yet shown that it took the message up)'
      : last
        ? ` (last status ${last.status})`
        : '';
  const after = ` The agent keeps working on the service; job-id: ${id}.`;
  return reason === 'cancelled'
    ? new AgentStopped(
        `Cancelled while waiting for agent job ${id}${where}.${after}`,
        'cancelled',
        id,
        'yes',
      )
    : new AgentStopped(
        `Agent job ${id} did not finish within the timeout of ${formatDuration(inputs.timeoutMs)}${where}.${after} Raise timeout; for this message's result, look at the job in the dashboard (a run with job-id sends the prompt again, as a new message).`,
        'timeout',
        id,
        'yes',
      );
}

async function step<T>(run: AgentRunContext, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw translateStop<AgentJob>(error, (reason, last) => stoppedError(run, reason, last), {
      signal: run.signal,
    });
  }
}

/**
 * An answer about another job than the one asked for: its state says nothing of this run's
 * message, and a new link in it would pass for the pickup. The run stops rather than report it.
 */
function sameJob(answer: AgentJob, asked: string, phase: 'read' | 'sent'): AgentJob {
  if (answer.id === asked) return answer;
  throw new UserError(
    `Asked about agent job ${asked}, the service answered about job ${answer.id}: nothing of that answer is reported as this run's. ${phase === 'read' ? 'Nothing was sent.' : `The message was sent to ${asked}; look at that job in the dashboard.`} If the job-id is right, report this to the vendor.`,
    { jobId: asked },
  );
}

/**
 * The job as it is before the follow-up: what a later answer is compared with, to tell the job's
 * past from this message's result. A job that does not exist fails here, before a message of the
 * hourly quota is spent.
 */
export function readBefore(run: AgentRunContext, jobId: string): Promise<AgentJob> {
  const call = { signal: run.signal, deadline: run.deadline };
  return step(run, async () => {
    const job = sameJob(
      await getAgentJob(run.client, run.inputs.projectId, jobId, call),
      jobId,
      'read',
    );
    run.state.jobId = job.id;
    if (!FINAL.has(job.status))
      run.reporter.info(
        `Agent job ${job.id} is ${job.status}: the follow-up waits behind its current work, and is only counted as taken up once the job shows it.`,
      );
    return job;
  });
}

/** Sends the prompt to the job named by job-id, or creates a job with it: never twice. */
export function sendOrCreate(run: AgentRunContext): Promise<AgentJob> {
  const { inputs, reporter, client, state } = run;
  const call = { signal: run.signal, deadline: run.deadline };
  return step(run, () =>
    reporter.group(
      inputs.jobId ? `Send a follow-up to agent job ${inputs.jobId}` : 'Create an agent job',
      async () => {
        state.send = 'started';
        if (inputs.jobId) {
          const sent = await sendFollowUp(
            client,
            inputs.projectId,
            inputs.jobId,
            inputs.prompt,
            call,
          );
          state.send = 'answered';
          // The answer to a message may still show the job as it was: not its result.
          state.status = 'sent';
          const answer = sameJob(sent, inputs.jobId, 'sent');
          state.jobId = answer.id;
          reporter.info(`Follow-up sent to agent job ${answer.id}.`);
          return answer;
        }
        const answer = await createAgentJob(client, inputs.projectId, inputs.prompt, call);
        state.send = 'answered';
        state.jobId = answer.id;
        state.status = answer.status;
        state.job = answer;
        reporter.info(
          `Agent job ${answer.id}: ${answer.status}${answer.source?.repository ? ` on ${answer.source.repository}` : ''}.`,
        );
        return answer;
      },
    ),
  );
}

/**
 * Polls the job until it is completed, archived or failed after taking the message up, printing
 * each change of status. `pickup` holds the job as it was before the message; `sign` is another
 * way to see the pickup (the review loop: a new head commit on the pull request), asked while the
 * job shows a final status that may be its old one. Throws FollowUpUnconfirmed when the grace
 * passes without a sign.
 */
export async function waitForAgent(
  run: AgentRunContext,
  job: AgentJob,
  pickup: Pickup,
  sign?: OutsideSign,
): Promise<{ job: AgentJob; polls: number }> {
  const { inputs, reporter, client, state } = run;
  const usual =
    inputs.pollInterval === 'auto'
      ? backoffSchedule<AgentJob>(2000, 1.5, 15_000)
      : fixedSchedule<AgentJob>(inputs.pollInterval);
  // Within the grace the job is looked at every 1.5 s (or the fixed interval, if shorter): the
  // pickup usually comes within seconds, and an old final status must not be taken for the result.
  const schedule: Schedule<AgentJob> = {
    next: (last, now) =>
      pickup.waiting(now)
        ? Math.min(
            PICKUP_POLL_MS,
            inputs.pollInterval === 'auto' ? PICKUP_POLL_MS : inputs.pollInterval,
          )
        : usual.next(last, now),
  };
  if (!pickup.confirmed)
    reporter.info(
      `Agent job ${job.id} shows ${job.status}${job.prLink ? ` (pull request ${job.prLink})` : ''} from before the message; waiting up to ${formatDuration(inputs.pickupGraceMs)} (pickup-grace) for it to take the follow-up up.`,
    );
  let shown = pickup.confirmed ? job.status : undefined;
  let signAskedAt = -Infinity;
  const see = async (j: AgentJob, now: number) => {
    const was = pickup.confirmed;
    const busy = !pickup.busyEnded;
    pickup.see(j, now);
    // The work the job was busy with at the send has just ended: its commits are not ours, so
    // the sign compares from here on. Otherwise the sign is asked at most every SIGN_EVERY_MS: it
    // is a GitHub call, and the job is looked at every 1.5 s.
    if (!pickup.confirmed && sign && busy && pickup.busyEnded) {
      signAskedAt = now;
      await sign(true);
    } else if (
      !pickup.confirmed &&
      sign &&
      FINAL.has(j.status) &&
      now - signAskedAt >= SIGN_EVERY_MS
    ) {
      signAskedAt = now;
      const seen = await sign();
      if (seen) pickup.confirm(seen);
    }
    if (!was && pickup.confirmed)
      reporter.info(
        `Agent job ${j.id} took the follow-up up (${pickup.sign}) after ${formatDuration(now - pickup.sentAt)}.`,
      );
    if (!pickup.confirmed) return;
    state.status = j.status;
    state.job = j;
    if (shown !== undefined && j.status !== shown)
      reporter.info(`Agent job ${j.id}: ${shown} → ${j.status}`);
    shown = j.status;
  };
  await see(job, run.clock.now());
  const result = await step(run, () =>
    reporter.group(`Wait for agent job ${job.id}`, () =>
      pollUntil<AgentJob>({
        initial: job,
        check: async (c) => {
          const j = sameJob(await getAgentJob(client, inputs.projectId, job.id, c), job.id, 'sent');
          await see(j, run.clock.now());
          return j;
        },
        isDone: (j) => pickup.done(j, run.clock.now()),
        schedule,
        deadline: run.deadline,
        signal: run.signal,
        clock: run.clock,
      }),
    ),
  );
  if (!pickup.confirmed) {
    state.status = 'unconfirmed';
    throw new FollowUpUnconfirmed(result.value, inputs.pickupGraceMs, pickup.reference);
  }
  return { job: result.value, polls: result.polls };
}

/** A failed job fails the step; an archived one or one without a pull request is said. */
export function reportOutcome(run: AgentRunContext, job: AgentJob): void {
  const { reporter } = run;
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
}
