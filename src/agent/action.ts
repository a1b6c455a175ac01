/** The agent/ sub-action: inputs → follow-up (or new job) → wait → outputs and summary. */
import * as core from '@actions/core';
import { ServiceClient } from '../api/client.js';
import { AgentOutputs } from '../shared/constants.js';
import { parseAgentInputs, type AgentActionInputs } from './inputs.js';
import { followUp, type AgentResult, type AgentState } from './pipeline.js';
import { actionsReporter, runEntry, runUrl, setOutputsQuietly, writeSummary } from '../action/runtime.js';

function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

/** The job summary: the prompt (first lines), job, status, repository and branch, pull request. */
export function agentSummary(
  prompt: string,
  result: AgentResult | undefined,
  state: AgentState,
  error: string | undefined,
  run: string | undefined,
): string {
  const lines = prompt.split(/\r?\n/);
  const shown = lines.slice(0, 3).join('\n') + (lines.length > 3 ? '\n…' : '');
  const job = result?.job;
  const rows: [string, string][] = [];
  rows.push([
    'Agent job',
    `\`${job?.id ?? state.jobId ?? '—'}\`${result ? (result.created ? ' (new)' : ' (follow-up)') : ''}`,
  ]);
  rows.push(['Status', job?.status ?? state.status ?? 'not started']);
  if (job?.source?.repository)
    rows.push([
      'Repository',
      `${job.source.repository}${job.source.ref ? ` @ \`${job.source.ref}\`` : ''}`,
    ]);
  if (job)
    rows.push([
      'Pull request',
      job.prLink ? `[${job.prLink}](${job.prLink})` : 'none (no files changed)',
    ]);
  if (job?.model) rows.push(['Model', job.model]);
  if (error) rows.push(['Error', error]);
  if (run) rows.push(['Run', `[workflow run](${run})`]);
  const title = error ? '### Agent follow-up failed' : '### Agent follow-up';
  const quoted = shown
    .split('\n')
    .map((l) => `> ${l}`)
    .join('\n');
  return `${title}\n\n${quoted}\n\n| | |\n|---|---|\n${rows.map(([k, v]) => `| ${k} | ${escapeCell(v)} |`).join('\n')}\n`;
}

export async function runAgent(): Promise<void> {
  const state: AgentState = {};
  let inputs: AgentActionInputs | undefined;
  await runEntry(
    async ({ signal, track }) => {
      const parsed = parseAgentInputs((name) => core.getInput(name));
      inputs = parsed.inputs;
      for (const warning of parsed.warnings) core.warning(warning);
      const client = track(
        new ServiceClient({
          baseUrl: inputs.baseUrl,
          apiKey: inputs.apiKey,
          logger: actionsReporter,
        }),
      );
      const result = await followUp(inputs, { reporter: actionsReporter, client, signal, state });
      const job = result.job;
      core.setOutput(AgentOutputs.JobId, job.id);
      core.setOutput(AgentOutputs.Status, job.status);
      core.setOutput(AgentOutputs.PrLink, job.prLink ?? '');
      core.setOutput(AgentOutputs.Model, job.model ?? '');
      core.setOutput(AgentOutputs.Repository, job.source?.repository ?? '');
      core.setOutput(AgentOutputs.Ref, job.source?.ref ?? '');
      await writeSummary(agentSummary(inputs.prompt, result, state, undefined, runUrl()));
    },
    async (message) => {
      setOutputsQuietly({ [AgentOutputs.JobId]: state.jobId, [AgentOutputs.Status]: state.status });
      if (inputs)
        await writeSummary(agentSummary(inputs.prompt, undefined, state, message, runUrl()));
    },
  );
}
