/**
 * What each subcommand runs: the same input parser, pipeline and output names as its action
 * (publish/ for publish, agent/ for agent), wired to the command line's reporter.
 */
import { parseAgentInputs } from '../../agent/inputs.js';
import { AgentOutputs, agentOutputs } from '../../agent/outputs.js';
import { followUp, type AgentState } from '../../agent/pipeline.js';
import type { ServiceClient } from '../../api/client.js';
import type { ServiceInputs } from '../../api/inputs.js';
import { parsePublishInputs } from '../../publish/inputs.js';
import { planKeepAlive, refreshInputs } from '../../publish/keep-alive.js';
import { Outputs, publishedSource, publishOutputs, skippedOutputs } from '../../publish/outputs.js';
import { publish, type PublishResult, type PublishState } from '../../publish/pipeline.js';
import type { InputReader } from '../../shared/inputs.js';
import { redactLink, type Redactor } from '../../shared/secrets.js';
import type { CommandName } from './commands.js';
import type { Results } from './output.js';
import type { CliReporter } from './progress.js';

export interface Prepared {
  service: ServiceInputs;
  notices: string[];
  warnings: string[];
  /** Runs the pipeline; resolves to the results and a one-line account of what was done. */
  run(deps: RunDeps): Promise<{ results: Results; done: string }>;
  /** What is known when the run fails or is cancelled (the job to resume). */
  partial(): { results: Results; jobId: string | undefined };
}

export interface RunDeps {
  reporter: CliReporter;
  /** None when no key was given, which only --bundle-url allows (it asks nothing of the service). */
  client: ServiceClient | undefined;
  signal: AbortSignal;
  /** The command's redactor (the key): the pipeline adds the link's secrets to it. */
  redactor: Redactor;
}

/** Reads and checks every input (throws InputError), before any request. */
export function prepare(command: CommandName, read: InputReader, workspace: string): Prepared {
  return command === 'publish' ? preparePublish(read, workspace) : prepareAgent(read);
}

function preparePublish(read: InputReader, workspace: string): Prepared {
  const { inputs, notices, warnings } = parsePublishInputs(read, workspace);
  const state: PublishState = {};
  return {
    service: inputs,
    notices,
    warnings,
    run: async ({ reporter, client, signal, redactor }) => {
      const plan = await planKeepAlive(inputs, { now: Date.now(), signal });
      if (plan?.warn) reporter.warning(plan.why);
      else if (plan) reporter.info(plan.why);
      if (plan?.skip)
        return {
          results: skippedOutputs(inputs, plan),
          done: `Nothing to do: the deployed link expires ${plan.expiresAt!.toISOString()}, after refresh-before.`,
        };
      const effective = plan ? refreshInputs(inputs, plan) : inputs;
      const result = await publish(effective, { reporter, client, signal, state, redactor });
      const results = publishOutputs(result);
      // The link's query is a credential: only the values file gets it whole.
      results[Outputs.BundleUrl] = redactLink(result.link.bundle.bundleUrl);
      return { results, done: publishedLine(result) };
    },
    partial: () => ({
      results: known({ [Outputs.JobId]: state.jobId, [Outputs.Status]: state.status }),
      jobId: state.jobId,
    }),
  };
}

function publishedLine(result: PublishResult): string {
  const job = publishedSource(result);
  const helm = result.helm
    ? `; Helm release ${result.helm.release.name} is at revision ${result.helm.release.revision} (${result.helm.release.status})`
    : '';
  const files = result.values.files.map((file) => file.display).join(', ');
  if (result.dryRun)
    return `Dry run done: ${job}; ${files} ${result.values.changed ? 'would change' : 'would stay as it is'}, nothing was written${helm}.`;
  return `Published ${job} to ${files}${result.values.changed ? '' : ' (it already had these values)'}${helm}.`;
}

function prepareAgent(read: InputReader): Prepared {
  const { inputs, warnings } = parseAgentInputs(read);
  const state: AgentState = {};
  return {
    service: inputs,
    notices: [],
    warnings,
    run: async ({ reporter, client, signal }) => {
      // The agent's key is required (parseAgentInputs), so its client is always made.
      const result = await followUp(inputs, { reporter, client: client!, signal, state });
      const { job } = result;
      const pr = job.prLink ? `, pull request ${job.prLink}` : '';
      return {
        results: agentOutputs(job, result.outcome),
        done:
          result.outcome === 'sent'
            ? `Agent job ${job.id}: follow-up sent (not waited for: wait is false).`
            : `Agent job ${job.id} (${result.created ? 'new' : 'follow-up'}): ${job.status}${pr}.`,
      };
    },
    partial: () => ({
      results: known({ [AgentOutputs.JobId]: state.jobId, [AgentOutputs.Status]: state.status }),
      jobId: state.jobId,
    }),
  };
}

/** Drops the values not known (a failure before the job started has no job-id). */
function known(partial: Record<string, string | undefined>): Results {
  return Object.fromEntries(
    Object.entries(partial).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}
