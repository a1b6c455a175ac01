/**
 * The root action: inputs → (GitHub deployment) → pipeline → outputs and summary. Every thrown
 * value ends in core.setFailed with a message that names what to fix.
 */
import * as core from '../runner-core.js';
import { ServiceClient } from '../../api/client.js';
import { ExportInputs, parsePublishInputs, type PublishInputs } from '../../publish/inputs.js';
import { planKeepAlive, refreshInputs, type KeepAlivePlan } from '../../publish/keep-alive.js';
import {
  deploymentDescription,
  Outputs,
  publishOutputs,
  skippedOutputs,
} from '../../publish/outputs.js';
import {
  publish as publishExport,
  type PublishResult,
  type PublishState,
} from '../../publish/pipeline.js';
import {
  failureSummary,
  skipSummary,
  successSummary,
  type RunLink,
} from '../../publish/summary.js';
import { DeploymentRecorder } from '../../github/deployment.js';
import { StoppedError } from '../../shared/errors.js';
import type { Reporter } from '../../shared/logger.js';
import { querySecrets, Redactor } from '../../shared/secrets.js';
import {
  actionsReporter,
  maskingReporter,
  runNotes,
  runOnRunner,
  runUrl,
  setOutputsQuietly,
  writeSummary,
} from '../runner.js';

export async function main(): Promise<void> {
  const root = new RootRun();
  await runOnRunner(
    async ({ signal, track }) => {
      const read = root.readInputs();
      // refresh-before: a link that lives long enough is left alone, before anything is recorded.
      const plan = await planKeepAlive(read, { now: Date.now(), signal });
      if (plan?.warn) actionsReporter.warning(plan.why);
      else if (plan) core.info(plan.why);
      if (plan?.skip) return root.reportSkip(read, plan);
      const inputs = plan ? refreshInputs(read, plan) : read;
      await root.recordDeployment(inputs, signal);
      // bundle-url asks nothing of the service: without a key, no client is made.
      const client = inputs.apiKey ? track(serviceClient(inputs)) : undefined;
      const result = await root.publish(inputs, client, signal);
      await root.reportSuccess(result);
    },
    (message, error) => root.reportFailure(message, error),
    (text) => root.redact(text),
  );
}

/** One run of the root action: what its steps learn is kept for the report of a failure. */
class RootRun {
  /** How far the pipeline got (the job to resume, its status). */
  private readonly state: PublishState = {};
  // Every value masked in the log is also kept out of what is sent to GitHub.
  private readonly redactor = new Redactor();
  private readonly reporter = maskingReporter(this.redactor);
  private inputs: PublishInputs | undefined;
  private workspace = '';
  private deployment: DeploymentRecorder | undefined;

  /** The run's redactor, for the failure line (the runner masks it too; this does not rely on it). */
  redact(text: string): string {
    return this.redactor.redact(text);
  }

  /** Masks what must not be printed, parses the inputs, then shows their notices and warnings. */
  readInputs(): PublishInputs {
    // bundle-url may be a presigned link of the team's own: masked before anything is checked.
    for (const secret of querySecrets(core.getInput(ExportInputs.BundleUrl.name).trim()))
      this.reporter.secret(secret);
    this.workspace = process.env.GITHUB_WORKSPACE || process.cwd();
    const parsed = parsePublishInputs((name) => core.getInput(name), this.workspace);
    const inputs = (this.inputs = parsed.inputs);
    this.redactor.add(inputs.apiKey, ...(inputs.deployment ? [inputs.deployment.token] : []));
    for (const notice of parsed.notices) actionsReporter.notice(notice);
    for (const warning of parsed.warnings) actionsReporter.warning(warning);
    return inputs;
  }

  async recordDeployment(inputs: PublishInputs, signal: AbortSignal): Promise<void> {
    this.deployment = await startDeployment(inputs, this.reporter, this.redactor.redact, signal);
  }

  publish(inputs: PublishInputs, client: ServiceClient | undefined, signal: AbortSignal) {
    return publishExport(inputs, {
      reporter: this.reporter,
      client,
      signal,
      state: this.state,
      redactor: this.redactor,
      workflow: {
        workflowRef: process.env.GITHUB_WORKFLOW_REF,
        workspace: this.workspace,
        eventPath: process.env.GITHUB_EVENT_PATH,
      },
    });
  }

  async reportSuccess(result: PublishResult): Promise<void> {
    for (const [name, value] of Object.entries(publishOutputs(result))) core.setOutput(name, value);
    // Only now, after the live-site check when there is one, is the deployment a success.
    await this.deployment?.succeeded(deploymentDescription(result));
    await writeSummary(successSummary(result, Date.now(), this.runLink()));
  }

  /** A keep-alive run with nothing to do: its outputs and a one-line summary. */
  async reportSkip(inputs: PublishInputs, plan: KeepAlivePlan): Promise<void> {
    for (const [name, value] of Object.entries(skippedOutputs(inputs, plan)))
      core.setOutput(name, value);
    await writeSummary(skipSummary(plan.why.replace(/^refresh-before: /, ''), this.runLink()));
  }

  async reportFailure(message: string, error: unknown): Promise<void> {
    setOutputsQuietly({
      [Outputs.JobId]: this.state.jobId,
      [Outputs.Status]: this.state.status,
      [Outputs.Verified]: this.state.verified === false ? 'false' : undefined,
    });
    await this.deployment?.failed(error, message);
    if (error instanceof StoppedError && this.state.jobId)
      core.info(`To resume: job-id: ${this.state.jobId}`);
    const summary = failureSummary(
      this.redactor.redact(message),
      this.state,
      this.inputs?.domain,
      this.runLink(),
    );
    await writeSummary(summary);
  }

  /** The run's link, and its deployment as GitHub accepted it, not as it was asked. */
  private runLink(): RunLink {
    const { deployment, inputs } = this;
    // A refused status is not shown as recorded.
    const recorded =
      deployment?.id !== undefined && inputs?.deployment
        ? {
            id: deployment.id,
            environment: inputs.deployment.environment,
            state: deployment.state ?? 'created, no status accepted',
          }
        : undefined;
    const redact = (text: string) => this.redactor.redact(text);
    const notes = {
      warnings: runNotes.warnings.map(redact),
      notices: runNotes.notices.map(redact),
    };
    return { url: runUrl(), deployment: recorded, notes };
  }
}

function serviceClient(inputs: PublishInputs): ServiceClient {
  return new ServiceClient({
    baseUrl: inputs.baseUrl,
    apiKey: inputs.apiKey,
    logger: actionsReporter,
  });
}

/**
 * Records the run as a GitHub deployment when the environment input is set (not on a dry run).
 * Octokit is loaded only then.
 */
async function startDeployment(
  inputs: PublishInputs,
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
  const { octokitDeploymentApi } = await import('../../github/octokit.js');
  const recorder = new DeploymentRecorder({
    api: octokitDeploymentApi(spec.token),
    spec: {
      environment: spec.environment,
      environmentUrl: spec.environmentUrl,
      ref: sha,
      logUrl: runUrl(),
      domain: inputs.domain,
      version: inputs.version,
      jobId: inputs.jobId,
    },
    logger: reporter,
    redact,
    cancel: signal,
  });
  await recorder.start();
  if (recorder.id !== undefined) core.setOutput(Outputs.DeploymentId, String(recorder.id));
  return recorder;
}
