/** The agent/ sub-action on a runner: inputs → follow-up (or new job) → wait → outputs and summary. */
import * as core from '@actions/core';
import {
  actionsReporter,
  runEntry,
  runUrl,
  setOutputsQuietly,
  writeSummary,
} from '../action/runtime.js';
import { ServiceClient } from '../api/client.js';
import { parseAgentInputs, type AgentActionInputs } from './inputs.js';
import { AgentOutputs, agentOutputs } from './outputs.js';
import { followUp, type AgentState } from './pipeline.js';
import { agentSummary } from './summary.js';

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
      for (const [name, value] of Object.entries(agentOutputs(result.job)))
        core.setOutput(name, value);
      await writeSummary(agentSummary(inputs.prompt, result, state, undefined, runUrl()));
    },
    async (message) => {
      setOutputsQuietly({ [AgentOutputs.JobId]: state.jobId, [AgentOutputs.Status]: state.status });
      if (inputs)
        await writeSummary(agentSummary(inputs.prompt, undefined, state, message, runUrl()));
    },
  );
}
