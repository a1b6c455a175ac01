/**
 * The root action: inputs → (GitHub deployment) → pipeline → outputs and summary. Every thrown
 * value ends in core.setFailed with a message that names what to fix.
 */
import * as core from '@actions/core';
import { ServiceClient } from '../api/client.js';
import { Outputs } from '../shared/constants.js';
import { DeploymentRecorder } from '../github/deployment.js';
import { StoppedError } from '../shared/errors.js';
import { parseInputs, type ActionInputs } from '../shared/inputs.js';
import type { Reporter } from '../shared/logger.js';
import { publish, type PublishState } from '../export/pipeline.js';
import { actionsReporter, runEntry, runUrl, setOutputsQuietly, writeSummary } from './runtime.js';
import { failureSummary, successSummary } from '../export/summary.js';

export async function run(): Promise<void> {
  const state: PublishState = {};
  let inputs: ActionInputs | undefined;
  let deployment: DeploymentRecorder | undefined;
  // Every value masked in the log is also kept out of what is sent to GitHub.
  const secrets: string[] = [];
  const reporter: Reporter = {
    ...actionsReporter,
    secret: (value) => {
      secrets.push(value);
      actionsReporter.secret(value);
    },
  };
  const redact = (text: string) =>
    [...secrets]
      .filter((secret) => secret.length >= 4)
      .sort((a, b) => b.length - a.length)
      .reduce((out, secret) => out.split(secret).join('***'), text);
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
      const parsed = parseInputs(
        (name) => core.getInput(name),
        process.env.GITHUB_WORKSPACE || process.cwd(),
      );
      inputs = parsed.inputs;
      secrets.push(inputs.apiKey, ...(inputs.deployment ? [inputs.deployment.token] : []));
      for (const notice of parsed.notices) core.notice(notice);
      for (const warning of parsed.warnings) core.warning(warning);
      deployment = await startDeployment(inputs, reporter, redact, signal);
      const client = track(
        new ServiceClient({
          baseUrl: inputs.baseUrl,
          apiKey: inputs.apiKey,
          logger: actionsReporter,
        }),
      );
      const result = await publish(inputs, { reporter, client, signal, state });

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
      await deployment?.succeeded(
        `Published export ${result.jobId} (${result.pageCount} pages)${result.helm ? `, Helm revision ${result.helm.release.revision}` : ''}`,
      );
      await writeSummary(
        successSummary(result, Date.now(), { url: runUrl(), deployment: deployed() }),
      );
    },
    async (message, error) => {
      setOutputsQuietly({ [Outputs.JobId]: state.jobId, [Outputs.Status]: state.status });
      await deployment?.failed(error, message);
      if (error instanceof StoppedError && state.jobId)
        core.info(`To resume: job-id: ${state.jobId}`);
      await writeSummary(
        failureSummary(message, state, inputs?.domain, {
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
