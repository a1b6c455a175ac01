/**
 * The agent job's steps: send the follow-up exactly once (or create the job), wait for it, and
 * say how it ended. Each step turns a cancel or the time limit into the run's StoppedError (the
 * one mapping in shared/stop.ts), as the export's steps do.
 */
import type { ServiceClient } from '../api/client.js';
import { createAgentJob, getAgentJob, sendFollowUp } from '../api/agent.js';
import type { AgentJob } from '../api/schemas.js';
import { formatDuration } from '../shared/duration.js';
import { StoppedError, UserError } from '../shared/errors.js';
import type { Reporter } from '../shared/logger.js';
import { backoffSchedule, fixedSchedule, pollUntil, type Clock } from '../shared/poll.js';
import { translateStop, type StopReason } from '../shared/stop.js';
import type { FollowUpInputs } from './inputs.js';
import type { AgentState } from './pipeline.js';

/** The statuses after which a job does no more work. */
export const FINAL = new Set(['completed', 'archived', 'failed']);

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

function stoppedError(run: AgentRunContext, reason: StopReason, last?: AgentJob): StoppedError {
  const id = run.state.jobId;
  const where = last ? ` (last status ${last.status})` : '';
  const after = id ? ` The agent keeps working on the service; job-id: ${id}` : '';
  return reason === 'cancelled'
    ? new StoppedError(
        `Cancelled${id ? ` while waiting for agent job ${id}` : ''}${where}.${after}`,
        'cancelled',
        id,
      )
    : new StoppedError(
        `Agent job ${id ?? ''} did not finish within the timeout of ${formatDuration(run.inputs.timeoutMs)}${where}.${after} Raise timeout, or run with wait: false and check the job later.`,
        'timeout',
        id,
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

/** Sends the prompt to the job named by job-id, or creates a job with it: never twice. */
export function sendOrCreate(run: AgentRunContext): Promise<AgentJob> {
  const { inputs, reporter, client, state } = run;
  const call = { signal: run.signal, deadline: run.deadline };
  return step(run, () =>
    reporter.group(
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
    ),
  );
}

/** Polls the job until it is completed, archived or failed, printing each change of status. */
export async function waitForAgent(
  run: AgentRunContext,
  job: AgentJob,
): Promise<{ job: AgentJob; polls: number }> {
  const { inputs, reporter, client, state } = run;
  const schedule =
    inputs.pollInterval === 'auto'
      ? backoffSchedule<AgentJob>(2000, 1.5, 15_000)
      : fixedSchedule<AgentJob>(inputs.pollInterval);
  let shown = job.status;
  const result = await step(run, () =>
    reporter.group(`Wait for agent job ${job.id}`, () =>
      pollUntil<AgentJob>({
        initial: job,
        check: (c) => getAgentJob(client, inputs.projectId, job.id, c),
        isDone: (j) => FINAL.has(j.status),
        schedule,
        deadline: run.deadline,
        signal: run.signal,
        clock: run.clock,
        onResult: (j) => {
          state.status = j.status;
          state.job = j;
          if (j.status !== shown) reporter.info(`Agent job ${j.id}: ${shown} → ${j.status}`);
          shown = j.status;
        },
      }),
    ),
  );
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
