/**
 * The root action's pipeline: check the values file → the bundle (start or attach to an export,
 * poll it, generate a fresh link; or check the team's own copy named by bundle-url) → (download,
 * with a fresh link if the first one is refused) → hold the link's lifetime against the schedule →
 * write the values file → (roll the chart out) → (check the live site). It reports through a small
 * interface and does not import @actions/*, so tests and a command line can run it as the action
 * does.
 */
import type { ServiceClient } from '../api/client.js';
import type { ExportJob } from '../api/schemas.js';
import type { WorkflowContext } from '../github/schedule.js';
import { rollout, type RolloutResult } from '../helm/rollout.js';
import { StoppedError, UserError } from '../shared/errors.js';
import type { Reporter } from '../shared/logger.js';
import { systemClock, type Clock } from '../shared/poll.js';
import { querySecrets, redactLink, Redactor } from '../shared/secrets.js';
import { translateStop } from '../shared/stop.js';
import { formatBytes } from '../shared/text.js';
import {
  bundlePages,
  expectPage,
  verifyLiveSite,
  type ExpectedSite,
  type Verification,
} from '../site/verify.js';
import { unifiedDiff } from '../diff.js';
import {
  checkWritable,
  planValuesEdit,
  readValuesFile,
  writeFileAtomic,
  type EditPlan,
} from '../values-file.js';
import type { Downloaded } from './download.js';
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
import { fetchBundle, watchLifetime, type PublishedBundle } from './link.js';
import { checkMirror } from './mirror.js';

export type { PublishState } from './job.js';
export type { PublishedBundle } from './link.js';

export interface PublishResult {
  domain: string | undefined;
  /** The export job; undefined when bundle-url named a copy of the bundle (nothing exported). */
  jobId: string | undefined;
  status: 'completed' | undefined;
  pageCount: number | undefined;
  bundle: PublishedBundle;
  /** bundle-url: the team's own copy was published, not the service's link. */
  mirror: boolean;
  /** The first link was replaced by a fresh one (it had expired, or the storage refused it). */
  linkRefreshed: boolean;
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
  /** The live-site check, when verify-url is set (not on a dry run). */
  verified?: Verification;
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
  /** Where the run's workflow file is (the schedule watchdog); none outside a runner. */
  workflow?: WorkflowContext;
}

interface ValuesEdit {
  plan: EditPlan;
  diff: string;
  created: boolean;
  path: string;
}

/** Where the bundle comes from: an export job, or the team's own copy (no job). */
interface Source {
  job: ExportJob | undefined;
  bundle: PublishedBundle;
  polls: number;
  exportDurationMs: number | undefined;
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
    workflow: deps.workflow,
  };

  await checkValuesFileFirst(run);
  const source = inputs.bundleUrl
    ? await mirrorSource(run, inputs.bundleUrl)
    : await exportSource(run);
  const { bundle, download, refreshed } = await fetchBundle(run, source.job, source.bundle);
  await watchLifetime(run, bundle);
  const site = await expectedSite(run, download);
  if (run.signal?.aborted) throw stoppedError(run, 'cancelled', source.job);
  const edit = await writeValues(run, source.job, bundle);
  const helm = await rolloutIfAsked(run, bundle, edit);
  const verified = await verifyIfAsked(run, site, bundle, helm);

  return {
    domain: inputs.domain,
    jobId: source.job?.jobId,
    status: source.job ? 'completed' : undefined,
    pageCount: source.job ? (source.job.pageCount ?? 0) : undefined,
    bundle,
    mirror: source.job === undefined,
    linkRefreshed: refreshed,
    version: inputs.version ?? '',
    valuesFile: inputs.valuesFileInput,
    valuesChanged: edit.plan.changed,
    valuesCreated: edit.created && !inputs.dryRun,
    changes: edit.plan.changes,
    diff: edit.diff,
    download,
    helm,
    verified,
    exportDurationMs: source.exportDurationMs,
    polls: source.polls,
    dryRun: inputs.dryRun,
  };
}

/** Start (or attach to) the export, wait for it, and generate its link. */
async function exportSource(run: RunContext): Promise<Source> {
  const first = await startOrAttach(run);
  const startedAt = first.createdAt ? Date.parse(first.createdAt) : run.clock.now();
  run.state.startedAt = startedAt;
  const { job, polls } = await waitForExport(run, first);
  const completedAt = job.updatedAt ? Date.parse(job.updatedAt) : run.clock.now();
  const bundle = await generateLink(run, job);
  return {
    job,
    bundle,
    polls,
    exportDurationMs: Number.isNaN(completedAt - startedAt)
      ? undefined
      : Math.max(0, completedAt - startedAt),
  };
}

/** bundle-url: nothing is exported; the URL must answer before it is written. */
async function mirrorSource(run: RunContext, url: string): Promise<Source> {
  const { reporter, inputs } = run;
  // It may be a presigned link of the team's own: masked before anything could print it.
  for (const secret of querySecrets(url)) reporter.secret(secret);
  const shown = redactLink(url);
  const check = await step(
    run,
    () => undefined,
    () =>
      reporter.group(`Check the bundle at ${shown}`, () =>
        checkMirror(url, {
          signal: run.signal,
          deadline: run.deadline,
          valuesDisplay: inputs.valuesFileInput,
        }),
      ),
  );
  reporter.info(
    `bundle-url ${shown} answered HTTP ${check.status} to ${check.method === 'HEAD' ? 'HEAD' : 'a GET of its first byte'}${check.sizeBytes !== undefined ? ` (${formatBytes(check.sizeBytes)})` : ''}: it is published as it is, and nothing is exported.`,
  );
  return {
    job: undefined,
    bundle: { bundleUrl: url, sizeBytes: check.sizeBytes, expiresAt: undefined },
    polls: 0,
    exportDurationMs: undefined,
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

/** Re-reads the values file (it may have changed meanwhile), edits it in place, writes it atomically. */
function writeValues(
  run: RunContext,
  job: ExportJob | undefined,
  bundle: PublishedBundle,
): Promise<ValuesEdit> {
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
    let diff = unifiedDiff(current.text, plan.text, display);
    for (const secret of querySecrets(bundle.bundleUrl))
      diff = diff.split(secret).join(redactLink(bundle.bundleUrl));
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
  job: ExportJob | undefined,
): Promise<string[]> {
  try {
    return await writeFileAtomic(path, text, mode, display);
  } catch (error) {
    if (!(error instanceof UserError) || !job) throw error;
    throw new UserError(
      `${error.message} Export job ${job.jobId} is complete: once this is fixed, run again with job-id: ${job.jobId} to publish it without a new export.`,
      { ...error.details, jobId: job.jobId },
    );
  }
}

/** Hides the link's credential (its query) from helm's output and the quoted page text. */
function linkRedactor(bundle: PublishedBundle): Redactor {
  const redactor = new Redactor();
  redactor.add(...querySecrets(bundle.bundleUrl));
  return redactor;
}

async function rolloutIfAsked(
  run: RunContext,
  bundle: PublishedBundle,
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
        redact: linkRedactor(bundle).redact,
        valuesPath: edit.path,
        valuesText: edit.plan.text,
        valuesDisplay: inputs.valuesFileInput,
      }),
  );
}

/**
 * The pages the live site must serve, from the downloaded bundle, checked before anything is
 * written; undefined when there is nothing to compare (no verify-url, no download, a dry run).
 */
async function expectedSite(
  run: RunContext,
  download: Downloaded | undefined,
): Promise<ExpectedSite | undefined> {
  const settings = run.inputs.verify;
  if (!settings || !download || run.inputs.dryRun) return undefined;
  const site = bundlePages(download.path);
  await expectPage(settings, site, run.inputs.valuesFileInput);
  return site;
}

/** After the rollout (or the write), the live site must serve the new export within verify-timeout. */
async function verifyIfAsked(
  run: RunContext,
  site: ExpectedSite | undefined,
  bundle: PublishedBundle,
  helm: RolloutResult | undefined,
): Promise<Verification | undefined> {
  const { inputs, reporter, state } = run;
  const settings = inputs.verify;
  if (!settings) return undefined;
  if (inputs.dryRun) {
    reporter.info(`dry-run: the live site at ${settings.url.href} is not checked.`);
    return undefined;
  }
  const done = `${inputs.valuesFileInput} was updated${helm ? ` and release ${helm.release.name} is at revision ${helm.release.revision}` : ''}`;
  try {
    const verified = await reporter.group(`Check the live site at ${settings.url.href}`, () =>
      verifyLiveSite(settings, site, {
        logger: reporter,
        signal: run.signal,
        clock: run.clock,
        redact: linkRedactor(bundle).redact,
      }),
    );
    state.verified = true;
    return verified;
  } catch (error) {
    const stopped = translateStop(
      error,
      (reason) =>
        new StoppedError(
          `${reason === 'cancelled' ? 'Cancelled' : 'Stopped'} while checking the live site at ${settings.url.href}; ${done}.`,
          reason,
          state.jobId,
        ),
      { signal: run.signal },
    );
    if (stopped !== error || !(error instanceof UserError)) throw stopped;
    state.verified = false;
    throw new UserError(`${error.message} (${done}.)`, { ...error.details, jobId: state.jobId });
  }
}
