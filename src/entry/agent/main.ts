/**
 * The agent/ sub-action on a runner: inputs → follow-up (or new job) → wait → announce, or the
 * review loop on a comment event → outputs and summary. Octokit is loaded only when a run writes
 * on a pull request.
 */
import * as core from '../runner-core.js';
import {
  maskingReporter,
  runOnRunner,
  runUrl,
  setOutputsQuietly,
  writeSummary,
} from '../runner.js';
import { ServiceClient } from '../../api/client.js';
import { CommentWriter } from '../../github/pull-request.js';
import { UserError } from '../../shared/errors.js';
import { printable } from '../../shared/text.js';
import type { Reporter } from '../../shared/logger.js';
import { Redactor } from '../../shared/secrets.js';
import type { PullRequestSide } from '../../agent/announce.js';
import { isCommentEvent, isForkReview, readCommentEvent } from '../../agent/event.js';
import { AgentInputs, parseAgentInputs, type AgentActionInputs } from '../../agent/inputs.js';
import { AgentOutputs, agentOutputs } from '../../agent/outputs.js';
import { runAgentPipeline, type AgentState } from '../../agent/pipeline.js';
import { runFromEnv } from '../../agent/run-mark.js';
import { agentSummary } from '../../agent/summary.js';

const FORK_REVIEW =
  'This pull_request_review run is on a pull request from a fork: GitHub gives it no secrets and a read-only token, so it sends nothing and claims nothing. The review waits, untaken, for the next run of the review loop on this pull request that can send it (a comment in its conversation starts one with the secrets).';

export async function main(): Promise<void> {
  const state: AgentState = {};
  // Every value masked in the log is also kept out of what is written on GitHub.
  const redactor = new Redactor();
  const reporter = maskingReporter(redactor);
  await runOnRunner(
    async ({ signal, track }) => {
      // Before the inputs: such a run has an empty api-key, which is no mistake of the workflow.
      if (core.getInput(AgentInputs.Prompt.name).trim() === '' && isForkReview(process.env)) {
        core.warning(FORK_REVIEW);
        return;
      }
      const parsed = parseAgentInputs((name) => core.getInput(name), {
        commentEvent: isCommentEvent(process.env.GITHUB_EVENT_NAME),
      });
      const inputs = parsed.inputs;
      // The token is kept out of comments at once, and masked in the log once it is used.
      redactor.add(inputs.apiKey, inputs.githubToken ?? '');
      for (const warning of parsed.warnings) core.warning(warning);
      const event = inputs.prompt === undefined ? readCommentEvent(process.env) : undefined;
      const client = track(
        new ServiceClient({ baseUrl: inputs.baseUrl, apiKey: inputs.apiKey, logger: reporter }),
      );
      const run = await runAgentPipeline(inputs, {
        reporter,
        client,
        signal,
        state,
        event,
        side: pullRequestSide(inputs, reporter, redactor.redact),
        redact: redactor.redact,
      });
      if (run.result)
        for (const [name, value] of Object.entries(
          agentOutputs(run.result.job, run.result.outcome),
        ))
          core.setOutput(name, value);
      if (run.commentUrl) core.setOutput(AgentOutputs.CommentUrl, run.commentUrl);
      // The review loop: the last item delivered, not a later one that sent nothing.
      if (event) setOutputsQuietly(loopOutputs(state));
      if (run.result)
        await writeSummary(
          agentSummary(state.instruction ?? '', run.result, state, undefined, runUrl()),
        );
    },
    async (message) => {
      setOutputsQuietly({
        [AgentOutputs.JobId]: state.jobId,
        [AgentOutputs.Status]: state.status,
        [AgentOutputs.CommentUrl]: state.commentUrl,
        ...(state.delivered ? loopOutputs(state) : {}),
      });
      if (state.instruction !== undefined)
        await writeSummary(agentSummary(state.instruction, undefined, state, message, runUrl()));
    },
    redactor.redact,
  );
}

/** The review loop's outputs: what it delivered, and the single values of the last delivery. */
function loopOutputs(state: AgentState): Record<string, string> {
  return {
    ...state.outputs,
    [AgentOutputs.Delivered]: JSON.stringify(state.delivered ?? []),
  };
}

/** GITHUB_REPOSITORY as the runner sets it, `owner/name`: the repository the agent comments on. */
function checkRepository(repository: string): void {
  if (/^[^/\s]+\/[^/\s]+$/.test(repository)) return;
  const what =
    repository === ''
      ? 'is not set (is this a GitHub Actions runner?)'
      : `is "${printable(repository)}", which is not owner/name`;
  throw new UserError(
    `GITHUB_REPOSITORY ${what}: the agent cannot tell which repository to comment on. The runner sets it to the workflow's repository, e.g. acme/docs: do not set it in the workflow's env.`,
  );
}

/** The repository's pull requests, written through Octokit with github-token (loaded on first use). */
function pullRequestSide(
  inputs: AgentActionInputs,
  reporter: Reporter,
  redact: (text: string) => string,
): PullRequestSide {
  const repo = {
    serverUrl: process.env.GITHUB_SERVER_URL || 'https://github.com',
    repository: process.env.GITHUB_REPOSITORY ?? '',
  };
  const load = async (): Promise<CommentWriter | undefined> => {
    const token = inputs.githubToken;
    if (!token) return undefined;
    checkRepository(repo.repository);
    reporter.secret(token);
    const { octokitPullRequestApi } = await import('../../github/octokit-pull-requests.js');
    return new CommentWriter(octokitPullRequestApi(token), reporter, redact);
  };
  let writer: Promise<CommentWriter | undefined> | undefined;
  return {
    repo,
    links: { run: runUrl() },
    run: runFromEnv(process.env),
    command: inputs.command,
    writer: () => (writer ??= load()),
  };
}
