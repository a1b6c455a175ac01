/**
 * The root action's pipeline: check the values files → start (or attach to) an export → poll it →
 * generate a fresh link → (download) → write the values files → (roll the chart out). It reports
 * through a small interface and does not import @actions/*, so tests and a command line can run
 * it as the action does.
 */
import type { ServiceClient } from '../api/client.js';
import type { Bundle, ExportJob } from '../api/schemas.js';
import { rollout, type RolloutResult } from '../helm/rollout.js';
import { formatElapsed } from '../shared/duration.js';
import type { Reporter } from '../shared/logger.js';
import { systemClock, type Clock } from '../shared/poll.js';
import { Redactor } from '../shared/secrets.js';
import { formatBytes } from '../shared/text.js';
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
import { checkValuesFilesFirst, writeValues, type ValuesEdit } from './values.js';

export type { PublishState } from './job.js';

export interface PublishResult {
  domain: string | undefined;
  jobId: string;
  status: 'completed';
  pageCount: number;
  bundle: Bundle;
  version: string;
  /** Each values file, in the order given. */
  values: ValuesResult[];
  /** True when any values file changed (or would, on a dry run). */
  valuesChanged: boolean;
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

export interface ValuesResult {
  display: string;
  changed: boolean;
  /** Created by this run (never on a dry run). */
  created: boolean;
  changes: string[];
  /** The values diff with the link's credential hidden (for logs and the summary). */
  diff: string;
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

  await checkValuesFilesFirst(run);
  const first = await startOrAttach(run);
  run.state.startedAt = first.createdAt ? Date.parse(first.createdAt) : started;
  const { job, polls } = await waitForExport(run, first);
  const completedAt = job.updatedAt ? Date.parse(job.updatedAt) : clock.now();
  const bundle = await generateLink(run, job);
  const download = await downloadIfAsked(run, job, bundle);
  if (run.signal?.aborted) throw stoppedError(run, 'cancelled', job);
  const edits = await writeValues(run, job, bundle);
  const helm = await rolloutIfAsked(run, bundle, edits);

  return {
    domain: inputs.domain,
    jobId: job.jobId,
    status: 'completed',
    pageCount: job.pageCount ?? 0,
    bundle,
    version: inputs.version ?? '',
    values: edits.map((edit) => ({
      display: edit.display,
      changed: edit.plan.changed,
      created: edit.created && !inputs.dryRun,
      changes: edit.plan.changes,
      diff: edit.diff,
    })),
    valuesChanged: edits.some((edit) => edit.plan.changed),
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

async function rolloutIfAsked(
  run: RunContext,
  bundle: Bundle,
  edits: readonly ValuesEdit[],
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
        values: edits.map((edit) => ({
          path: edit.path,
          text: edit.plan.text,
          display: edit.display,
        })),
      }),
  );
}
