/**
 * The bundle link's life in a run. Generating a bundle again is always allowed, so a link that
 * expired before it was used, or that the storage refuses (slow runner, long queue, clock skew),
 * is replaced by a fresh one and the download tried once more. Then the link's lifetime is held
 * against the workflow's schedule: pods fetch the bundle when they start, so the next run must
 * come before the link expires.
 */
import type { ExportJob } from '../api/schemas.js';
import {
  everyRunRefreshes,
  keepAliveHolds,
  keepAliveWarning,
  readKeepAlive,
  type KeepAliveSchedule,
  longestGap,
  readSchedule,
  scheduleWarning,
  SIGN_BUNDLE_URL_LONGER,
} from '../github/schedule.js';
import { scheduleRuleNotices } from '../github/schedule-rules.js';
import { formatElapsed, formatSpan } from '../shared/duration.js';
import { UserError } from '../shared/errors.js';
import { formatBytes } from '../shared/text.js';
import { hostOf } from './domain.js';
import { downloadBundle, StorageRefusal, type Downloaded } from './download.js';
import { generateLink, step, type PublishedBundle, type RunContext } from './job.js';
import { valuesDisplay } from './values.js';

export type { PublishedBundle } from './job.js';

export interface FetchedBundle {
  bundle: PublishedBundle;
  download: Downloaded | undefined;
  /** The first link was replaced by a fresh one. */
  refreshed: boolean;
}

/** Links that expire sooner than this get a warning when the schedule cannot be read. */
const EXPIRY_WARNING_MS = 3_600_000;

/**
 * Makes sure the link about to be used works: refreshed first if it has already expired, then
 * downloaded when download-path is set, refreshed once more if the storage refuses it. `job` is
 * undefined for a mirror (bundle-url): nothing can refresh it.
 */
export async function fetchBundle(
  run: RunContext,
  job: ExportJob | undefined,
  first: PublishedBundle,
): Promise<FetchedBundle> {
  let bundle = first;
  let refreshed = false;
  const expiresAt = bundle.expiresAt ? Date.parse(bundle.expiresAt) : NaN;
  if (job && expiresAt <= run.clock.now()) {
    bundle = await refreshLink(run, job, `it expired at ${bundle.expiresAt}, before it was used`);
    refreshed = true;
  }
  if (!run.inputs.downloadPath) return { bundle, download: undefined, refreshed };
  if (run.inputs.dryRun) {
    run.reporter.notice('dry-run: the bundle was not downloaded.');
    return { bundle, download: undefined, refreshed };
  }
  try {
    return { bundle, download: await download(run, job, bundle), refreshed };
  } catch (error) {
    if (!(error instanceof StorageRefusal)) throw error;
    if (!job) throw mirrorRefused(error, valuesDisplay(run.inputs));
    if (refreshed) throw refusedAgain(error, valuesDisplay(run.inputs));
    bundle = await refreshLink(run, job, `${error.host} refused it (${answer(error)})`);
  }
  try {
    return { bundle, download: await download(run, job, bundle), refreshed: true };
  } catch (error) {
    throw error instanceof StorageRefusal ? refusedAgain(error, valuesDisplay(run.inputs)) : error;
  }
}

/** A fresh link for the same files, masked and reported; one line says why the first one went. */
async function refreshLink(run: RunContext, job: ExportJob, why: string): Promise<PublishedBundle> {
  const fresh = await generateLink(run, job);
  run.reporter.info(
    `Bundle link refreshed: the first link was not usable (${why}); the fresh one expires ${fresh.expiresAt ?? 'at a time nobody stated'}.`,
  );
  return fresh;
}

/** `HTTP 403: AccessDenied: Request has expired`: the storage's answer, in its own words. */
const answer = (error: StorageRefusal) =>
  `HTTP ${error.status}${error.said ? `: ${error.said}` : ''}`;

function mirrorRefused(error: StorageRefusal, display: string): UserError {
  return new UserError(
    `Downloading the bundle from bundle-url failed: ${error.host} refused it (${answer(error)}). Check that the file can be read without credentials (or that your presigned link is still valid); ${display} was not changed.`,
  );
}

function refusedAgain(error: StorageRefusal, display: string): UserError {
  return new UserError(
    `Downloading the bundle failed: ${error.host} refused a freshly generated link too (${answer(error)}). The storage refuses fresh links when its clock is far off or it does not accept the service's signature: run again later, and if it persists, report it with this message. ${display} was not changed.`,
  );
}

async function download(
  run: RunContext,
  job: ExportJob | undefined,
  bundle: PublishedBundle,
): Promise<Downloaded> {
  const { inputs, reporter } = run;
  const dest = inputs.downloadPath!;
  const expected = bundle.sizeBytes;
  if (expected === undefined) {
    throw new UserError(
      `download-path "${inputs.downloadPathInput}": bundle-url did not say how large the bundle is (no Content-Length), so a download could not be checked. Download it in the job that exports (as the mirror example does), or serve it with a Content-Length.`,
    );
  }
  return step(
    run,
    () => job,
    () =>
      reporter.group(`Download the bundle to ${inputs.downloadPathInput}`, async () => {
        const got = await downloadBundle(bundle.bundleUrl, dest, expected, {
          signal: run.signal,
          deadline: run.deadline,
          logger: reporter,
          display: inputs.downloadPathInput,
          source: job ? 'export' : 'bundle-url',
        });
        const perSecond = Math.round(got.bytes / Math.max(0.001, got.durationMs / 1000));
        reporter.info(
          `Downloaded ${formatBytes(got.bytes)} in ${formatElapsed(got.durationMs)} (${formatBytes(perSecond)}/s), sha256 ${got.sha256}.`,
        );
        return got;
      }),
  );
}

/**
 * Holds the link's lifetime against the workflow's schedule: one warning when the longest gap
 * between scheduled runs outlives the link. Without a schedule to read (not on a runner, the
 * repository not checked out, no `on.schedule`) a debug line says so, and only a link that
 * expires within the hour gets a warning.
 */
export async function watchLifetime(run: RunContext, bundle: PublishedBundle): Promise<void> {
  const { reporter, workflow } = run;
  if (!bundle.expiresAt) {
    reporter.debug(
      run.inputs.bundleUrl
        ? 'Schedule watchdog: no expiry is known for bundle-url (not a presigned link, or one whose expiry cannot be read), so the schedule is not checked.'
        : "Schedule watchdog: the link's expiry is unknown (warned above), so the schedule is not checked.",
    );
    return;
  }
  const now = run.clock.now();
  const lifetime = Date.parse(bundle.expiresAt) - now;
  // How long a new link lives from its issue: what a keep-alive's refresh-before is set against.
  const whole = Date.parse(bundle.expiresAt) - (bundle.issuedAt ?? now);
  const keptAliveBy = run.inputs.keepAliveWorkflow;
  if (keptAliveBy && workflow)
    return watchKeepAlive(
      run,
      bundle.expiresAt,
      whole,
      await readKeepAlive(
        workflow.workspace,
        keptAliveBy,
        {
          domain: run.inputs.domain,
          'helm-release': run.inputs.helm?.release,
          'values-file': run.inputs.valuesFiles[0]?.display,
        },
        hostOf,
      ),
    );
  const schedule = workflow ? await readSchedule(workflow) : { none: 'not on a runner' };
  if ('none' in schedule) {
    reporter.debug(`Schedule watchdog: nothing to check (${schedule.none}).`);
    if (lifetime < EXPIRY_WARNING_MS)
      reporter.warning(
        `The bundle link expires in ${formatSpan(Math.max(0, lifetime))} (at ${bundle.expiresAt}). Pods fetch the bundle when they start: any pod that starts after that cannot. ${run.inputs.bundleUrl ? `${SIGN_BUNDLE_URL_LONGER}.` : 'Run this workflow more often than the link lives, or mirror the bundle and publish it with bundle-url.'}`,
      );
    return;
  }
  const { gap, unreadable } = await longestGap(schedule.crons, now);
  if (unreadable.length > 0)
    reporter.debug(`Schedule watchdog: cron ${unreadable.join(', ')} of ${schedule.file} skipped.`);
  if (!gap) {
    reporter.debug(`Schedule watchdog: no readable cron in ${schedule.file}.`);
    return;
  }
  // What the scheduler does that no workflow file shows: default branch only, 60 days public.
  for (const notice of await scheduleRuleNotices({
    workflowRef: workflow?.workflowRef,
    eventPath: workflow?.eventPath,
  }))
    reporter.notice(notice);
  const refreshBefore = run.inputs.refreshBeforeMs;
  if (refreshBefore !== undefined) {
    // A keep-alive: the link is only replaced by a run in the last refresh-before of its life.
    if (!keepAliveHolds(gap.ms, refreshBefore, lifetime)) {
      reporter.warning(keepAliveWarning(schedule, gap, refreshBefore, lifetime, bundle.expiresAt));
      return;
    }
    const often = everyRunRefreshes(schedule.file, gap.ms, refreshBefore, whole);
    if (often) reporter.warning(often);
    reporter.debug(
      `Schedule watchdog: ${schedule.file} runs at least every ${formatSpan(gap.ms)}, and a run replaces the link within ${formatSpan(Math.min(refreshBefore, lifetime))} of its expiry: room for GitHub's delays.`,
    );
    return;
  }
  if (gap.ms > lifetime) {
    reporter.warning(
      scheduleWarning(
        schedule,
        gap,
        lifetime,
        bundle.expiresAt,
        run.inputs.bundleUrl !== undefined,
      ),
    );
    return;
  }
  reporter.debug(
    `Schedule watchdog: ${schedule.file} runs at least every ${formatSpan(gap.ms)}, within the link's lifetime of ${formatSpan(lifetime)}.`,
  );
}

/**
 * A content publish whose link another workflow keeps alive (keep-alive-workflow): that
 * workflow's schedule and refresh-before are held to the keep-alive's rule. A file that cannot be
 * read is a warning, not a debug line: a misspelt name must not silence the watchdog.
 */
async function watchKeepAlive(
  run: RunContext,
  expiresAt: string,
  whole: number,
  keepAlive: KeepAliveSchedule | { none: string },
): Promise<void> {
  const { reporter } = run;
  if ('none' in keepAlive) {
    reporter.warning(
      `Input "keep-alive-workflow": ${keepAlive.none}, so the schedule that keeps the bundle link alive (it expires ${expiresAt}) is not checked. Name the workflow that runs this action with refresh-before for this site (a duration such as 6h, and an on.schedule), and check the repository out before this step.`,
    );
    return;
  }
  const now = run.clock.now();
  const lifetime = Date.parse(expiresAt) - now;
  const { gap, unreadable } = await longestGap(keepAlive.crons, now);
  if (unreadable.length > 0)
    reporter.debug(
      `Schedule watchdog: cron ${unreadable.join(', ')} of ${keepAlive.file} skipped.`,
    );
  if (!gap) {
    reporter.warning(
      `Input "keep-alive-workflow": ${keepAlive.file} has no cron the watchdog can read${unreadable.length > 0 ? ` (${unreadable.join(', ')})` : ''}, so the schedule that keeps the bundle link alive is not checked. Give it a five-field cron such as '7,37 * * * *'.`,
    );
    return;
  }
  const refreshBefore = keepAlive.refreshBeforeMs;
  if (!keepAliveHolds(gap.ms, refreshBefore, lifetime)) {
    reporter.warning(keepAliveWarning(keepAlive, gap, refreshBefore, lifetime, expiresAt));
    return;
  }
  const often = everyRunRefreshes(keepAlive.file, gap.ms, refreshBefore, whole);
  if (often) reporter.warning(`Input "keep-alive-workflow": ${often}`);
  reporter.debug(
    `Schedule watchdog: the link is kept alive by ${keepAlive.file}, which runs at least every ${formatSpan(gap.ms)} and replaces the link within ${formatSpan(Math.min(refreshBefore, lifetime))} of its expiry: room for GitHub's delays.`,
  );
}
