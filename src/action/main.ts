/**
 * The root action: inputs → (GitHub deployment) → pipeline → outputs and summary. Every thrown
 * value ends in core.setFailed with a message that names what to fix.
 */
import * as core from '@actions/core';
import { ServiceClient } from '../api/client.js';
import { ExportInputs, parseInputs, type ActionInputs } from '../export/inputs.js';
import { Outputs, publishOutputs } from '../export/outputs.js';
import { publish, type PublishState } from '../export/pipeline.js';
import { DeploymentRecorder } from '../github/deployment.js';
import { StoppedError } from '../shared/errors.js';
import type { Reporter } from '../shared/logger.js';
import { querySecrets, Redactor } from '../shared/secrets.js';
import {
  actionsReporter,
  maskingReporter,
  runEntry,
  runUrl,
  setOutputsQuietly,
  writeSummary,
} from './runtime.js';
import { failureSummary, successSummary } from '../export/summary.js';

export async function run(): Promise<void> {
  const state: PublishState = {};
  let inputs: ActionInputs | undefined;
  let deployment: DeploymentRecorder | undefined;
  // Every value masked in the log is also kept out of what is sent to GitHub.
  const redactor = new Redactor();
  const reporter = maskingReporter(redactor);
  // What GitHub accepted, not what was asked: a refused status is not shown as recorded.
  const deployed = () =>
    deployment?.id !== undefined && inputs?.deployment
      ? {
          id: deployment.id,
          environment: inputs.deployment.environment,
          state: deployment.state ?? 'created, no status accepted',
        }
      : undefined;

  await runEntry(
    async ({ signal, track }) => {
      // bundle-url may be a presigned link of the team's own: masked before anything is checked.
      for (const secret of querySecrets(core.getInput(ExportInputs.BundleUrl.name).trim()))
        reporter.secret(secret);
      const workspace = process.env.GITHUB_WORKSPACE || process.cwd();
      const parsed = parseInputs((name) => core.getInput(name), workspace);
      inputs = parsed.inputs;
      redactor.add(inputs.apiKey, ...(inputs.deployment ? [inputs.deployment.token] : []));
      for (const notice of parsed.notices) core.notice(notice);
      for (const warning of parsed.warnings) core.warning(warning);
      deployment = await startDeployment(inputs, reporter, redactor.redact, signal);
      const client = track(
        new ServiceClient({
          baseUrl: inputs.baseUrl,
          apiKey: inputs.apiKey,
          logger: actionsReporter,
        }),
      );
      const result = await publish(inputs, {
        reporter,
        client,
        signal,
        state,
        redactor,
        workflow: { workflowRef: process.env.GITHUB_WORKFLOW_REF, workspace },
      });

      for (const [name, value] of Object.entries(publishOutputs(result)))
        core.setOutput(name, value);
      // Only now, after the live-site check when there is one, is the deployment a success.
      await deployment?.succeeded(
        `${result.jobId ? `Published export ${result.jobId} (${result.pageCount} pages)` : 'Published the bundle from bundle-url'}${result.helm ? `, Helm revision ${result.helm.release.revision}` : ''}${result.verified ? ', live site verified' : ''}`,
      );
      await writeSummary(
        successSummary(result, Date.now(), { url: runUrl(), deployment: deployed() }),
      );
    },
    async (message, error) => {
      setOutputsQuietly({
        [Outputs.JobId]: state.jobId,
        [Outputs.Status]: state.status,
        [Outputs.Verified]: state.verified === false ? 'false' : undefined,
      });
      await deployment?.failed(error, message);
      if (error instanceof StoppedError && state.jobId)
        core.info(`To resume: job-id: ${state.jobId}`);
      await writeSummary(
        failureSummary(redactor.redact(message), state, inputs?.domain, {
          url: runUrl(),
          deployment: deployed(),
        }),
      );
    },
  );
}

/**
 * Records the run as a GitHub deployment when the environment input is set (not on a dry run).
 * Octokit is loaded only then.
 */
async function startDeployment(
  inputs: ActionInputs,
  reporter: Reporter,
  redact: (text: string) => string,
  signal: AbortSignal,
): Promise<DeploymentRecorder | undefined> {
  const spec = inputs.deployment;
  if (!spec) return undefined;
  core.setSecret(spec.token);
  if (inputs.dryRun) {
    reporter.info(
      `dry-run: no GitHub deployment is recorded for environment "${spec.environment}".`,
    );
    return undefined;
  }
  const { GITHUB_SHA: sha, GITHUB_REPOSITORY: repository } = process.env;
  if (!sha || !repository?.includes('/')) {
    reporter.warning(
      `Input "environment" is set, but GITHUB_SHA or GITHUB_REPOSITORY is not (is this a GitHub Actions runner?): no deployment is recorded.`,
    );
    return undefined;
  }
  const { octokitDeploymentApi } = await import('../github/octokit.js');
  const recorder = new DeploymentRecorder(
    octokitDeploymentApi(spec.token),
    {
      environment: spec.environment,
      environmentUrl: spec.environmentUrl,
      ref: sha,
      logUrl: runUrl(),
      domain: inputs.domain,
      version: inputs.version,
      jobId: inputs.jobId,
    },
    reporter,
    redact,
    signal,
  );
  await recorder.start();
  if (recorder.id !== undefined) core.setOutput(Outputs.DeploymentId, String(recorder.id));
  return recorder;
}
