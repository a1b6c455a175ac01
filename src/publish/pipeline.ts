/**
 * The root action's pipeline: check the values files → the bundle (start or attach to an export,
 * poll it, generate a fresh link; or check the team's own copy named by bundle-url) → (download,
 * with a fresh link if the first one is refused) → hold the link's lifetime against the schedule →
 * write the values files → (roll the chart out) → (check the live site). It reports through a small
 * interface and does not import @actions/*, so tests and a command line can run it as the action
 * does.
 */
import type { ServiceClient } from '../api/client.js';
import type { ExportJob } from '../api/schemas.js';
import type { WorkflowContext } from '../github/schedule.js';
import { rollout, rolloutPreflight, type HelmReady, type RolloutResult } from '../helm/rollout.js';
import { StoppedError, UserError } from '../shared/errors.js';
import type { Reporter } from '../shared/logger.js';
import { systemClock, type Clock } from '../shared/poll.js';
import { querySecrets, redactLink, Redactor } from '../shared/secrets.js';
import { translateStop } from '../shared/stop.js';
import { trustedExpiry } from '../shared/expiry.js';
import { formatBytes } from '../shared/text.js';
import {
  bundlePages,
  expectPage,
  servedAlready,
  verifyLiveSite,
  type ExpectedSite,
  type Verification,
} from '../site/verify.js';
import { filesWere } from '../shared/text.js';
import type { Downloaded } from './download.js';
import type { PublishInputs } from './inputs.js';
import {
  generateLink,
  hideSecrets,
  startOrAttach,
  step,
  stoppedError,
  waitForExport,
  type PublishState,
  type RunContext,
} from './job.js';
import { fetchBundle, watchLifetime, type PublishedBundle } from './link.js';
import { checkMirror } from './mirror.js';
import { CheckoutScan } from './checkout.js';
import { checkRender, type RenderCheckResult } from './render.js';
import type { TargetInfo } from '../values/plan.js';
import { checkValuesFilesFirst, valuesDisplay, writeValues, type ValuesEdit } from './values.js';

export type { PublishState } from './job.js';
export type { PublishedBundle } from './job.js';

/** What a publish did, grouped by part: the export, the link, the values files, the checks. */
export interface PublishResult {
  domain: string | undefined;
  version: string;
  dryRun: boolean;
  /** The export job; undefined when bundle-url named a copy of the bundle (nothing exported). */
  job: ExportedJob | undefined;
  link: PublishedLink;
  values: ValuesOutcome;
  download?: { path: string; sha256: string; bytes: number };
  /** The render check: the chart renders the link (`true`), or some target could not be checked. */
  renderCheck: RenderCheckResult | undefined;
  /** The Helm rollout, when helm-release is set. */
  helm?: RolloutResult;
  /** The live-site check, when verify-url is set (not on a dry run). */
  verified?: Verification;
}

export interface ExportedJob {
  id: string;
  status: 'completed';
  pageCount: number | undefined;
  durationMs: number | undefined;
  /** Status checks sent while waiting. */
  polls: number;
}

/** The link written to the values files. */
export interface PublishedLink {
  bundle: PublishedBundle;
  /** The first link was replaced by a fresh one (it had expired, or the storage refused it). */
  refreshed: boolean;
  /** With refresh-before: from when a keep-alive run will replace this link. */
  refreshFrom?: string;
}

export interface ValuesOutcome {
  /** Each values file, in the order given. */
  files: ValuesResult[];
  /** True when any values file changed (or would, on a dry run). */
  changed: boolean;
}

export interface ValuesResult {
  display: string;
  /** `clusters/prod/docs.yaml (HelmRelease/docs)`: the file and its targets, for the summary. */
  label?: string;
  /** Where the link was written (the values-targets output). */
  targets?: TargetInfo[];
  changed: boolean;
  /** Created by this run (never on a dry run). */
  created: boolean;
  changes: string[];
  /** The values diff with the link's credential hidden (for logs and the summary). */
  diff: string;
}

export interface PublishDeps {
  reporter: Reporter;
  /** None when api-key was left out, which only bundle-url allows. */
  client: ServiceClient | undefined;
  signal?: AbortSignal;
  clock?: Clock;
  state?: PublishState;
  /** Where the run's workflow file is (the schedule watchdog); none outside a runner. */
  workflow?: WorkflowContext;
  /**
   * The entry point's redactor (key, tokens), which the run adds the link's secrets to: every front
   * door passes its own, so that what it prints and what the run quotes are cleaned alike. A run
   * without one (a test) gets its own.
   */
  redactor?: Redactor;
}

/** Where the bundle comes from: an export job, or the team's own copy (no job). */
interface Source {
  job: ExportJob | undefined;
  bundle: PublishedBundle;
  polls: number;
  exportDurationMs: number | undefined;
}

export async function publish(inputs: PublishInputs, deps: PublishDeps): Promise<PublishResult> {
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
    redactor: deps.redactor ?? new Redactor(),
    checkout: new CheckoutScan(),
  };

  await checkValuesFilesFirst(run);
  const renderCheck = await checkRender(run);
  const helmReady = await helmPreflight(run);
  const source = inputs.bundleUrl
    ? await mirrorSource(run, inputs.bundleUrl)
    : await exportSource(run);
  const { bundle, download, refreshed } = await fetchBundle(run, source.job, source.bundle);
  await watchLifetime(run, bundle);
  const expected = await expectedSite(run, download);
  if (run.signal?.aborted) throw stoppedError(run, 'cancelled', source.job);
  const edits = await writeValues(run, source.job, bundle);
  const helm = await rolloutIfAsked(run, edits, helmReady);
  const verified = await verifyIfAsked(run, expected, helm);

  return {
    domain: inputs.domain,
    version: inputs.version ?? '',
    dryRun: inputs.dryRun,
    job: source.job && {
      id: source.job.jobId,
      status: 'completed',
      // Unknown (absent, or a figure the service wrote that could not be read) stays unknown: the
      // page-count output is empty then, not 0.
      pageCount: source.job.pageCount,
      durationMs: source.exportDurationMs,
      polls: source.polls,
    },
    link: {
      bundle,
      refreshed,
      // A keep-alive's next refresh: from the new link's expiry less refresh-before.
      refreshFrom:
        inputs.refreshBeforeMs !== undefined && bundle.expiresAt
          ? new Date(Date.parse(bundle.expiresAt) - inputs.refreshBeforeMs).toISOString()
          : undefined,
    },
    values: {
      files: edits.map((edit) => ({
        display: edit.display,
        label: edit.plan.label,
        targets: edit.plan.targets,
        changed: edit.plan.changed,
        created: edit.created && !inputs.dryRun,
        changes: edit.plan.changes,
        diff: edit.diff,
      })),
      changed: edits.some((edit) => edit.plan.changed),
    },
    download,
    renderCheck,
    helm,
    verified,
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
  // It may be a presigned link of the team's own: hidden before anything could print it.
  hideSecrets(run, querySecrets(url));
  const shown = redactLink(url);
  const check = await step(
    run,
    () => undefined,
    () =>
      reporter.group(`Check the bundle at ${shown}`, () =>
        checkMirror(url, {
          signal: run.signal,
          deadline: run.deadline,
          valuesDisplay: valuesDisplay(inputs),
        }),
      ),
  );
  reporter.info(
    `bundle-url ${shown} answered HTTP ${check.status} with gzip data${check.sizeBytes !== undefined ? ` (${formatBytes(check.sizeBytes)})` : ''}: it is published as it is, and nothing is exported.`,
  );
  // A presigned link of the team's own dies like the service's: its expiry is held against the
  // schedule and given as expires-at, instead of a link that silently stops working.
  const own = trustedExpiry(url);
  const expiresAt = own.expiresAt?.toISOString();
  if (expiresAt)
    reporter.info(`bundle-url is a presigned link: it expires at ${expiresAt}, as its query says.`);
  else if (own.signed)
    reporter.warning(
      `bundle-url is a presigned link whose expiry is unknown (${own.unknown}), so the schedule cannot be checked against it: pods that start after it dies cannot fetch the site. Sign it with credentials that outlive the link (not a CI session's), or publish an address that does not expire.`,
    );
  return {
    job: undefined,
    bundle: { bundleUrl: url, sizeBytes: check.sizeBytes, expiresAt },
    polls: 0,
    exportDurationMs: undefined,
  };
}

/**
 * With helm-release, what the rollout needs is checked before the export (rolloutPreflight): a
 * missing helm or a stuck release costs no export and leaves the values files as they were.
 */
async function helmPreflight(run: RunContext): Promise<HelmReady | undefined> {
  const { inputs, reporter } = run;
  const spec = inputs.helm;
  if (!spec) return undefined;
  return reporter.group(`Helm: release ${spec.release} checked before the export`, () =>
    rolloutPreflight(spec, { logger: reporter, signal: run.signal, redact: run.redactor.redact }),
  );
}

async function rolloutIfAsked(
  run: RunContext,
  edits: readonly ValuesEdit[],
  ready: HelmReady | undefined,
): Promise<RolloutResult | undefined> {
  const { inputs, reporter } = run;
  const spec = inputs.helm;
  if (!spec) return undefined;
  return reporter.group(
    `Helm upgrade of release ${spec.release}${inputs.dryRun ? ' (dry run)' : ''}`,
    () =>
      rollout(
        spec,
        {
          dryRun: inputs.dryRun,
          logger: reporter,
          signal: run.signal,
          redact: run.redactor.redact,
          values: edits.map((edit) => ({
            path: edit.path,
            text: edit.plan.text,
            display: edit.display,
          })),
        },
        ready,
      ),
  );
}

/**
 * The pages the live site must serve, from the downloaded bundle, checked before anything is
 * written; undefined when there is nothing to compare (no verify-url, no download, a dry run).
 */
async function expectedSite(
  run: RunContext,
  download: Downloaded | undefined,
): Promise<{ site: ExpectedSite; servedBefore: boolean } | undefined> {
  const settings = run.inputs.verify;
  if (!settings || !download || run.inputs.dryRun) return undefined;
  const site = bundlePages(download.path, run.inputs.bundleUrl ? 'bundle-url' : 'export');
  await expectPage(settings, site, valuesDisplay(run.inputs));
  const servedBefore = await servedAlready(settings, site, {
    logger: run.reporter,
    signal: run.signal,
    redact: run.redactor.redact,
  });
  if (servedBefore)
    run.reporter.info(
      `${settings.url.href} already serves the new export's page, before anything is written (the same content as the last publish): the live-site check will show the content is live, not which link the site fetched it from.`,
    );
  return { site, servedBefore };
}

/** After the rollout (or the write), the live site must serve the new export within verify-timeout. */
async function verifyIfAsked(
  run: RunContext,
  expected: { site: ExpectedSite; servedBefore: boolean } | undefined,
  helm: RolloutResult | undefined,
): Promise<Verification | undefined> {
  const { inputs, reporter, state } = run;
  const settings = inputs.verify;
  if (!settings) return undefined;
  if (inputs.dryRun) {
    reporter.info(`dry-run: the live site at ${settings.url.href} is not checked.`);
    return undefined;
  }
  const done = `${filesWere(inputs.valuesFiles.map((file) => file.display))} updated${helm ? ` and release ${helm.release.name} is at revision ${helm.release.revision}` : ''}`;
  try {
    const verified = await reporter.group(`Check the live site at ${settings.url.href}`, () =>
      verifyLiveSite(settings, expected?.site, {
        servedBefore: expected?.servedBefore,
        logger: reporter,
        signal: run.signal,
        clock: run.clock,
        redact: run.redactor.redact,
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
