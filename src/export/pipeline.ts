/**
 * The root action's pipeline: check the values file → start (or attach to) an export → poll it →
 * generate a fresh link → (download) → write the values file → (roll the chart out). It reports
 * through a small interface and does not import @actions/*, so tests and a command line can run
 * it as the action does.
 */
import type { ServiceClient } from '../api/client.js';
import type { Bundle, ExportJob } from '../api/schemas.js';
import { rollout, type RolloutResult } from '../helm/rollout.js';
import { formatElapsed } from '../shared/duration.js';
import { UserError } from '../shared/errors.js';
import type { Reporter } from '../shared/logger.js';
import { systemClock, type Clock } from '../shared/poll.js';
import { linkSecrets, redactLink, Redactor } from '../shared/secrets.js';
import { formatBytes } from '../shared/text.js';
import { unifiedDiff } from '../values/diff.js';
import { planValuesEdit } from '../values/edit.js';
import type { EditPlan } from '../values/file.js';
import { checkWritable, readValuesFile } from '../values/read.js';
import { writeValuesFile } from '../values/write.js';
import { downloadBundle } from './download.js';
import type { ActionInputs } from './inputs.js';
import {
  generateLink,
  startOrAttach,
  step,
  stoppedError,
  waitForExport,
  type PublishState,
  type RunContext,
} from './job.js';

export type { PublishState } from './job.js';

export interface PublishResult {
  domain: string | undefined;
  jobId: string;
  status: 'completed';
  pageCount: number;
  bundle: Bundle;
  version: string;
  valuesFile: string;
  valuesChanged: boolean;
  valuesCreated: boolean;
  changes: string[];
  /** The values diff with the link's credential hidden (for logs and the summary). */
  diff: string;
  download?: { path: string; sha256: string; bytes: number };
  /** The Helm rollout, when helm-release is set. */
  helm?: RolloutResult;
  exportDurationMs: number | undefined;
  /** Status checks sent while waiting. */
  polls: number;
  dryRun: boolean;
}

export interface PublishDeps {
  reporter: Reporter;
  client: ServiceClient;
  signal?: AbortSignal;
  clock?: Clock;
  state?: PublishState;
  /** The entry point's redactor (key, tokens); a run without one gets its own. */
  redactor?: Redactor;
}

interface ValuesEdit {
  plan: EditPlan;
  diff: string;
  created: boolean;
  path: string;
}

export async function publish(inputs: ActionInputs, deps: PublishDeps): Promise<PublishResult> {
  const clock = deps.clock ?? systemClock;
  const run: RunContext = {
    inputs,
    reporter: deps.reporter,
    client: deps.client,
    signal: deps.signal,
    clock,
    state: deps.state ?? {},
    deadline: clock.now() + inputs.timeoutMs,
    redactor: deps.redactor ?? new Redactor(),
  };
  const started = clock.now();

  await checkValuesFileFirst(run);
  const first = await startOrAttach(run);
  run.state.startedAt = first.createdAt ? Date.parse(first.createdAt) : started;
  const { job, polls } = await waitForExport(run, first);
  const completedAt = job.updatedAt ? Date.parse(job.updatedAt) : clock.now();
  const bundle = await generateLink(run, job);
  const download = await downloadIfAsked(run, job, bundle);
  if (run.signal?.aborted) throw stoppedError(run, 'cancelled', job);
  const edit = await writeValues(run, job, bundle);
  const helm = await rolloutIfAsked(run, bundle, edit);

  return {
    domain: inputs.domain,
    jobId: job.jobId,
    status: 'completed',
    pageCount: job.pageCount ?? 0,
    bundle,
    version: inputs.version ?? '',
    valuesFile: inputs.valuesFileInput,
    valuesChanged: edit.plan.changed,
    valuesCreated: edit.created && !inputs.dryRun,
    changes: edit.plan.changes,
    diff: edit.diff,
    download,
    helm,
    exportDurationMs:
      run.state.startedAt !== undefined && !Number.isNaN(completedAt)
        ? Math.max(0, completedAt - run.state.startedAt)
        : undefined,
    polls,
    dryRun: inputs.dryRun,
  };
}

/** The values file is checked before anything is started: a broken file costs no export. */
async function checkValuesFileFirst(run: RunContext): Promise<void> {
  const { inputs, reporter } = run;
  const display = inputs.valuesFileInput;
  const before = await readValuesFile(inputs.valuesFile, display);
  if (!inputs.dryRun) await checkWritable(before);
  reporter.info(
    before.exists
      ? `Values file ${display} checked.`
      : `Values file ${display} does not exist yet; it will be created.`,
  );
}

async function downloadIfAsked(
  run: RunContext,
  job: ExportJob,
  bundle: Bundle,
): Promise<PublishResult['download']> {
  const { inputs, reporter } = run;
  if (!inputs.downloadPath) return undefined;
  if (inputs.dryRun) {
    reporter.notice('dry-run: the bundle was not downloaded.');
    return undefined;
  }
  const dest = inputs.downloadPath;
  return step(
    run,
    () => job,
    () =>
      reporter.group(`Download the bundle to ${inputs.downloadPath}`, async () => {
        const got = await downloadBundle(bundle.bundleUrl, dest, bundle.sizeBytes, {
          signal: run.signal,
          deadline: run.deadline,
          logger: reporter,
          display: inputs.downloadPathInput,
        });
        const perSecond = Math.round(got.bytes / Math.max(0.001, got.durationMs / 1000));
        reporter.info(
          `Downloaded ${formatBytes(got.bytes)} in ${formatElapsed(got.durationMs)} (${formatBytes(perSecond)}/s), sha256 ${got.sha256}.`,
        );
        return got;
      }),
  );
}

/** Re-reads the values file (it may have changed meanwhile), edits it in place, writes it atomically. */
function writeValues(run: RunContext, job: ExportJob, bundle: Bundle): Promise<ValuesEdit> {
  const { inputs, reporter } = run;
  const display = inputs.valuesFileInput;
  return reporter.group(`Update ${display}`, async () => {
    const current = await readValuesFile(inputs.valuesFile, display);
    const plan = planValuesEdit(
      current.text,
      { enabled: true, bundleUrl: bundle.bundleUrl, version: inputs.version },
      display,
    );
    for (const notice of plan.notices) reporter.notice(notice);
    // The diff shows where the link goes, with its credential hidden.
    const linkRedactor = new Redactor(redactLink(bundle.bundleUrl));
    linkRedactor.add(...linkSecrets(bundle.bundleUrl));
    const diff = linkRedactor.redact(unifiedDiff(current.text, plan.text, display));
    if (!plan.changed) {
      reporter.info(`${display} already has these values: nothing to write.`);
    } else if (inputs.dryRun) {
      reporter.info(`dry-run: ${display} would change (${plan.changes.join(', ')}):\n${diff}`);
    } else {
      const stale = await writeOrExplain(current.path, plan.text, current.mode, display, job);
      if (stale.length > 0) {
        reporter.info(
          `Removed ${stale.length === 1 ? 'a temporary file' : `${stale.length} temporary files`} left next to ${display} by an interrupted run: ${stale.join(', ')}.`,
        );
      }
      reporter.info(
        `${current.exists ? 'Updated' : 'Created'} ${display}: ${plan.changes.join(', ')}.`,
      );
    }
    return { plan, diff, created: !current.exists, path: current.path };
  });
}

/** The write; when it fails, the export is done and paid for: say how to publish it without another. */
async function writeOrExplain(
  path: string,
  text: string,
  mode: number,
  display: string,
  job: ExportJob,
): Promise<string[]> {
  try {
    return await writeValuesFile(path, text, mode, display);
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
    throw new UserError(
      `${error.message} Export job ${job.jobId} is complete: once this is fixed, run again with job-id: ${job.jobId} to publish it without a new export.`,
      { ...error.details, jobId: job.jobId },
    );
  }
}

async function rolloutIfAsked(
  run: RunContext,
  bundle: Bundle,
  edit: ValuesEdit,
): Promise<RolloutResult | undefined> {
  const { inputs, reporter } = run;
  const spec = inputs.helm;
  if (!spec) return undefined;
  return reporter.group(
    `Helm upgrade of release ${spec.release}${inputs.dryRun ? ' (dry run)' : ''}`,
    () =>
      rollout(spec, {
        dryRun: inputs.dryRun,
        logger: reporter,
        signal: run.signal,
        redact: run.redactor.redact,
        valuesPath: edit.path,
        valuesText: edit.plan.text,
        valuesDisplay: inputs.valuesFileInput,
      }),
  );
}
