/**
 * The root action: inputs → pipeline → outputs and summary. Every thrown value ends in
 * core.setFailed with a message that names what to fix.
 */
import * as core from '@actions/core';
import { ServiceClient } from './api/client.js';
import { ApiError } from './api/errors.js';
import { Inputs, Outputs } from './constants.js';
import { StoppedError, UserError } from './errors.js';
import { parseInputs, type ActionInputs } from './inputs.js';
import { publish, type PublishState, type Reporter } from './pipeline.js';
import { failureSummary, successSummary } from './summary.js';

export const actionsReporter: Reporter = {
  debug: (m) => core.debug(m),
  info: (m) => core.info(m),
  notice: (m) => core.notice(m),
  warning: (m) => core.warning(m),
  group: (name, fn) => core.group(name, fn),
  secret: (value) => core.setSecret(value),
};

export function runUrl(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const { GITHUB_SERVER_URL, GITHUB_REPOSITORY, GITHUB_RUN_ID } = env;
  if (!GITHUB_SERVER_URL || !GITHUB_REPOSITORY || !GITHUB_RUN_ID) return undefined;
  return `${GITHUB_SERVER_URL}/${GITHUB_REPOSITORY}/actions/runs/${GITHUB_RUN_ID}`;
}

/**
 * Cancels on SIGINT/SIGTERM (what a runner sends when a run is cancelled). If the work does not
 * wind down within a few seconds, the process exits anyway.
 */
export function cancelOnSignals(controller: AbortController): () => void {
  const handler = (signal: NodeJS.Signals) => {
    if (controller.signal.aborted) return;
    core.info(`Received ${signal}: stopping.`);
    controller.abort(new Error(`received ${signal}`));
    setTimeout(() => process.exit(process.exitCode ?? 1), 3000).unref();
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
  return () => {
    process.off('SIGINT', handler);
    process.off('SIGTERM', handler);
  };
}

export function describeFailure(error: unknown): string {
  if (error instanceof UserError || error instanceof ApiError) return error.message;
  if (error instanceof Error)
    return `Unexpected error: ${error.message}. Please report it with the log of this run.`;
  return `Unexpected error: ${String(error)}.`;
}

export async function run(): Promise<void> {
  const controller = new AbortController();
  const release = cancelOnSignals(controller);
  const state: PublishState = {};
  let inputs: ActionInputs | undefined;
  let client: ServiceClient | undefined;
  try {
    // Mask the key before anything else is printed, even if it is refused below.
    const rawKey = core.getInput(Inputs.ApiKey);
    if (rawKey.trim()) core.setSecret(rawKey.trim());
    const parsed = parseInputs(
      (name) => core.getInput(name),
      process.env.GITHUB_WORKSPACE || process.cwd(),
    );
    inputs = parsed.inputs;
    for (const notice of parsed.notices) core.notice(notice);
    for (const warning of parsed.warnings) core.warning(warning);
    client = new ServiceClient({
      baseUrl: inputs.baseUrl,
      apiKey: inputs.apiKey,
      logger: actionsReporter,
    });
    const result = await publish(inputs, {
      reporter: actionsReporter,
      client,
      signal: controller.signal,
      state,
    });

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
  } catch (error) {
    const message = describeFailure(error);
    try {
      if (state.jobId) core.setOutput(Outputs.JobId, state.jobId);
      if (state.status) core.setOutput(Outputs.Status, state.status);
    } catch {
      // No GITHUB_OUTPUT file (not on a runner): the failure below is what matters.
    }
    if (error instanceof StoppedError && state.jobId)
      core.info(`To resume: job-id: ${state.jobId}`);
    await writeSummary(failureSummary(message, state, inputs?.domain, { url: runUrl() }));
    core.setFailed(message);
  } finally {
    release();
    await client?.close();
  }
}

async function writeSummary(markdown: string): Promise<void> {
  if (!process.env.GITHUB_STEP_SUMMARY) return;
  try {
    await core.summary.addRaw(markdown).write();
  } catch (error) {
    core.warning(`Could not write the job summary: ${(error as Error).message}`);
  }
}
