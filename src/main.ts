/**
 * The root action: inputs → pipeline → outputs and summary. Every thrown value ends in
 * core.setFailed with a message that names what to fix.
 */
import * as core from '@actions/core';
import { ServiceClient } from './api/client.js';
import { Outputs } from './constants.js';
import { StoppedError } from './errors.js';
import { parseInputs, type ActionInputs } from './inputs.js';
import { publish, type PublishState } from './pipeline.js';
import { actionsReporter, runEntry, runUrl, setOutputsQuietly, writeSummary } from './runtime.js';
import { failureSummary, successSummary } from './summary.js';

export async function run(): Promise<void> {
  const state: PublishState = {};
  let inputs: ActionInputs | undefined;
  await runEntry(
    async ({ signal, track }) => {
      const parsed = parseInputs(
        (name) => core.getInput(name),
        process.env.GITHUB_WORKSPACE || process.cwd(),
      );
      inputs = parsed.inputs;
      for (const notice of parsed.notices) core.notice(notice);
      for (const warning of parsed.warnings) core.warning(warning);
      const client = track(
        new ServiceClient({
          baseUrl: inputs.baseUrl,
          apiKey: inputs.apiKey,
          logger: actionsReporter,
        }),
      );
      const result = await publish(inputs, { reporter: actionsReporter, client, signal, state });

      core.setOutput(Outputs.JobId, result.jobId);
      core.setOutput(Outputs.Status, result.status);
      core.setOutput(Outputs.PageCount, String(result.pageCount));
      core.setOutput(Outputs.BundleUrl, result.bundle.bundleUrl);
      core.setOutput(Outputs.ExpiresAt, result.bundle.expiresAt);
      core.setOutput(Outputs.SizeBytes, String(result.bundle.sizeBytes));
      core.setOutput(Outputs.Version, result.version);
      core.setOutput(Outputs.ValuesFile, result.valuesFile);
      core.setOutput(Outputs.ValuesChanged, String(result.valuesChanged));
      core.setOutput(Outputs.BundlePath, result.download?.path ?? '');
      core.setOutput(Outputs.BundleSha256, result.download?.sha256 ?? '');
      core.setOutput(Outputs.HelmRevision, result.helm ? String(result.helm.release.revision) : '');
      core.setOutput(Outputs.HelmVersion, result.helm?.helm.version ?? '');
      await writeSummary(successSummary(result, Date.now(), { url: runUrl() }));
    },
    async (message, error) => {
      setOutputsQuietly({ [Outputs.JobId]: state.jobId, [Outputs.Status]: state.status });
      if (error instanceof StoppedError && state.jobId)
        core.info(`To resume: job-id: ${state.jobId}`);
      await writeSummary(failureSummary(message, state, inputs?.domain, { url: runUrl() }));
    },
  );
}
