/**
 * The root action's pipeline: check the values file → start (or attach to) an export → poll it →
 * generate a fresh link → (download) → write the values file. It reports through a small
 * interface and does not import @actions/core, so tests and a CLI can run it as the action does.
 */
import { ApiError } from './api/errors.js';
import type { ServiceClient } from './api/client.js';
import { generateBundle, getExport, startExport } from './api/static-export.js';
import type { Bundle, ExportJob } from './api/schemas.js';
import { unifiedDiff } from './values/diff.js';
import { downloadBundle } from './download.js';
import { formatDuration, formatElapsed } from './duration.js';
import { StoppedError, UserError } from './errors.js';
import type { ActionInputs } from './inputs.js';
import type { Reporter } from './logger.js';
import {
  adaptiveSchedule,
  fixedSchedule,
  pollUntil,
  PollCancelled,
  PollTimeout,
  systemClock,
  type Clock,
} from './poll.js';
import { linkSecrets, redactLink } from './secrets.js';
import { planValuesEdit } from './values/edit.js';
import { checkWritable, readValuesFile } from './values/read.js';
import { writeValuesFile } from './values/write.js';
import { rollout, type RolloutResult } from './rollout.js';

/** What is known so far; filled in as the run goes, so a failure can still report the job. */
export interface PublishState {
  jobId?: string;
  status?: string;
  pageCount?: number;
  startedAt?: number;
}

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
}

const EXPIRY_WARNING_MS = 3_600_000;

export async function publish(inputs: ActionInputs, deps: PublishDeps): Promise<PublishResult> {
  const { reporter, client, signal } = deps;
  const clock = deps.clock ?? systemClock;
  const state = deps.state ?? {};
  const started = clock.now();
  const deadline = started + inputs.timeoutMs;
  const call = { signal, deadline };
  const display = inputs.valuesFileInput;

  // 1. The values file is checked before anything is started: a broken file costs no export.
  const before = await readValuesFile(inputs.valuesFile, display);
  if (!inputs.dryRun) await checkWritable(before);
  reporter.info(
    before.exists
      ? `Values file ${display} checked.`
      : `Values file ${display} does not exist yet; it will be created.`,
  );

  const stopped = (reason: 'cancelled' | 'timeout', last?: ExportJob) => {
    const id = state.jobId;
    const where = last
      ? ` (last status ${last.status}${typeof last.progress === 'number' ? `, ${Math.floor(last.progress)}%` : ''})`
      : '';
    const resume = id
      ? ` The job may still be running on the service: resume with job-id: ${id}`
      : '';
    return reason === 'cancelled'
      ? new StoppedError(
          `Cancelled${id ? ` while waiting for export job ${id}` : ''}${where}; ${display} was not changed.${resume}`,
          'cancelled',
          id,
        )
      : new StoppedError(
          `The export${id ? ` job ${id}` : ''} did not finish within the timeout of ${formatDuration(inputs.timeoutMs)}${where}; ${display} was not changed.${resume ? `${resume} (re-run with the job-id input), or raise timeout.` : ' Raise timeout.'}`,
          'timeout',
          id,
        );
  };
  const translate = (error: unknown, last?: ExportJob): unknown => {
    if (error instanceof PollCancelled)
      return stopped('cancelled', error.last as ExportJob | undefined);
    if (error instanceof PollTimeout)
      return stopped('timeout', error.last as ExportJob | undefined);
    if (error instanceof ApiError && error.kind === 'aborted') return stopped('cancelled', last);
    if (error instanceof ApiError && error.kind === 'deadline') return stopped('timeout', last);
    if (signal?.aborted) return stopped('cancelled', last);
    return error;
  };

  // 2. Start an export, or attach to the one named by job-id.
  let job: ExportJob;
  try {
    job = await reporter.group(
      inputs.jobId ? `Attach to export job ${inputs.jobId}` : `Start export of ${inputs.domain}`,
      async () => {
        const first = inputs.jobId
          ? await getExport(client, inputs.jobId, call)
          : await startExport(
              client,
              { domain: inputs.domain!, version: inputs.version, paths: inputs.paths },
              call,
            );
        state.jobId = first.jobId;
        state.status = first.status;
        reporter.info(
          `Export job ${first.jobId}: ${first.status}${inputs.jobId ? '' : ` (to resume or republish later: job-id: ${first.jobId})`}`,
        );
        return first;
      },
    );
  } catch (error) {
    throw translate(error);
  }
  state.startedAt = job.createdAt ? Date.parse(job.createdAt) : started;

  // 3. Wait for it.
  const schedule =
    inputs.pollInterval === 'auto'
      ? adaptiveSchedule()
      : fixedSchedule<ExportJob>(inputs.pollInterval);
  let polls = 0;
  let last = job;
  try {
    const done = await reporter.group(`Wait for export job ${job.jobId}`, async () => {
      let shown = '';
      let shownStatus = '';
      const result = await pollUntil<ExportJob>({
        initial: job,
        check: (c) => getExport(client, job.jobId, c),
        isDone: (j) => j.status === 'completed' || j.status === 'failed',
        schedule,
        deadline,
        signal,
        clock,
        onResult: (j, now) => {
          last = j;
          state.status = j.status;
          state.pageCount = j.pageCount ?? undefined;
          const eta =
            'eta' in schedule
              ? (schedule as ReturnType<typeof adaptiveSchedule>).eta(now)
              : undefined;
          const line =
            j.status === 'running' || j.status === 'completed'
              ? `Export ${Math.floor(j.progress ?? (j.status === 'completed' ? 100 : 0))}% · ${j.pageCount ?? 0} pages${j.status === 'running' && eta !== undefined ? ` · eta ${formatDuration(eta)}` : ''}`
              : `Export ${j.status}`;
          const key = `${j.status}|${Math.floor(j.progress ?? 0)}|${j.pageCount ?? 0}`;
          if (key !== shown || j.status !== shownStatus) reporter.info(line);
          shown = key;
          shownStatus = j.status;
        },
      });
      polls = result.polls;
      return result.value;
    });
    job = done;
  } catch (error) {
    throw translate(error, last);
  }
  const completedAt = job.updatedAt ? Date.parse(job.updatedAt) : clock.now();
  if (job.status === 'failed') {
    const why = job.error?.trim() || 'the service gave no reason';
    throw new UserError(
      `Export job ${job.jobId} failed: ${why}. Fix the cause in the documentation (or the export's domain, version and paths) and run again; ${display} was not changed.`,
      { jobId: job.jobId },
    );
  }

  // 4. A fresh link. A 409 right after completion is the service catching up: wait briefly.
  let bundle: Bundle;
  try {
    bundle = await reporter.group('Generate the bundle link', async () => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await generateBundle(client, job.jobId, call);
        } catch (error) {
          if (
            !(error instanceof ApiError) ||
            error.status !== 409 ||
            attempt >= 10 ||
            clock.now() + 1000 >= deadline
          )
            throw error;
          reporter.debug(`generate bundle: the job is not ready yet (409); trying again in 1s`);
          await clock.sleep(1000, signal);
        }
      }
    });
  } catch (error) {
    throw translate(error, job);
  }
  // The link is a credential: mask it, and its signature in every encoding, before anything else.
  for (const secret of linkSecrets(bundle.bundleUrl)) reporter.secret(secret);
  const expiresIn = Date.parse(bundle.expiresAt) - clock.now();
  reporter.info(
    `Bundle: ${formatBytes(bundle.sizeBytes)} at ${redactLink(bundle.bundleUrl)}, link expires ${bundle.expiresAt} (in ${formatDuration(Math.max(0, expiresIn))}).`,
  );
  if (expiresIn < EXPIRY_WARNING_MS) {
    reporter.warning(
      `The bundle link expires in ${formatDuration(Math.max(0, expiresIn))} (at ${bundle.expiresAt}). Pods fetch the bundle when they start: any pod that starts after that cannot. Run this workflow more often than the link lives.`,
    );
  }

  // 5. Download, if asked.
  let download: PublishResult['download'];
  if (inputs.downloadPath) {
    if (inputs.dryRun) {
      reporter.notice('dry-run: the bundle was not downloaded.');
    } else {
      try {
        download = await reporter.group(
          `Download the bundle to ${inputs.downloadPath}`,
          async () => {
            const got = await downloadBundle(
              bundle.bundleUrl,
              inputs.downloadPath!,
              bundle.sizeBytes,
              {
                signal,
                deadline,
                logger: reporter,
                display: inputs.downloadPathInput,
              },
            );
            reporter.info(
              `Downloaded ${formatBytes(got.bytes)} in ${formatElapsed(got.durationMs)} (${formatBytes(Math.round(got.bytes / Math.max(0.001, got.durationMs / 1000)))}/s), sha256 ${got.sha256}.`,
            );
            return got;
          },
        );
      } catch (error) {
        throw translate(error, job);
      }
    }
  }

  // 6. The values file: re-read (it may have changed meanwhile), edit in place, write atomically.
  if (signal?.aborted) throw stopped('cancelled', job);
  const edit = await reporter.group(`Update ${display}`, async () => {
    const current = await readValuesFile(inputs.valuesFile, display);
    const plan = planValuesEdit(
      current.text,
      { enabled: true, bundleUrl: bundle.bundleUrl, version: inputs.version },
      display,
    );
    for (const notice of plan.notices) reporter.notice(notice);
    let shownDiff = unifiedDiff(current.text, plan.text, display);
    for (const secret of linkSecrets(bundle.bundleUrl))
      shownDiff = shownDiff.split(secret).join(redactLink(bundle.bundleUrl));
    if (!plan.changed) {
      reporter.info(`${display} already has these values: nothing to write.`);
    } else if (inputs.dryRun) {
      reporter.info(`dry-run: ${display} would change (${plan.changes.join(', ')}):\n${shownDiff}`);
    } else {
      let stale: string[];
      try {
        stale = await writeValuesFile(current.path, plan.text, current.mode, display);
      } catch (error) {
        // The export is done and paid for: say how to publish it without another one.
        if (error instanceof UserError)
          throw new UserError(
            `${error.message} Export job ${job.jobId} is complete: once this is fixed, run again with job-id: ${job.jobId} to publish it without a new export.`,
            { ...error.details, jobId: job.jobId },
          );
        throw error;
      }
      if (stale.length > 0) {
        reporter.info(
          `Removed ${stale.length === 1 ? 'a temporary file' : `${stale.length} temporary files`} left next to ${display} by an interrupted run: ${stale.join(', ')}.`,
        );
      }
      reporter.info(
        `${current.exists ? 'Updated' : 'Created'} ${display}: ${plan.changes.join(', ')}.`,
      );
    }
    return { plan, diff: shownDiff, created: !current.exists, path: current.path };
  });

  // 7. Roll the chart out, if asked.
  let helm: RolloutResult | undefined;
  if (inputs.helm) {
    const secrets = linkSecrets(bundle.bundleUrl);
    const redact = (text: string) =>
      secrets.reduce((out, secret) => out.split(secret).join('***'), text);
    const spec = inputs.helm;
    helm = await reporter.group(
      `Helm upgrade of release ${spec.release}${inputs.dryRun ? ' (dry run)' : ''}`,
      () =>
        rollout(spec, {
          dryRun: inputs.dryRun,
          logger: reporter,
          signal,
          redact,
          valuesPath: edit.path,
          valuesText: edit.plan.text,
          valuesDisplay: display,
        }),
    );
  }

  return {
    domain: inputs.domain,
    jobId: job.jobId,
    status: 'completed',
    pageCount: job.pageCount ?? 0,
    bundle,
    version: inputs.version ?? '',
    valuesFile: display,
    valuesChanged: edit.plan.changed,
    valuesCreated: edit.created && !inputs.dryRun,
    changes: edit.plan.changes,
    diff: edit.diff,
    download,
    helm,
    exportDurationMs:
      state.startedAt !== undefined && !Number.isNaN(completedAt)
        ? Math.max(0, completedAt - state.startedAt)
        : undefined,
    polls,
    dryRun: inputs.dryRun,
  };
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value >= 100 ? 0 : 1)} ${units[unit]}`;
}
