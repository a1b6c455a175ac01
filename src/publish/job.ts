/**
 * The export job's steps: start one (or attach to `job-id`), wait for it, and generate a fresh
 * bundle link. Each step takes the run's context and throws the pipeline's StoppedError when the
 * run is cancelled or out of time. Operations are kept to one call each (see `api/`), so that
 * another export flow could be added beside these steps.
 */
import { ApiError } from '../api/errors.js';
import type { ServiceClient } from '../api/client.js';
import { generateBundle, getExport, startExport } from '../api/static-export.js';
import type { Bundle, ExportJob } from '../api/schemas.js';
import type { WorkflowContext } from '../github/schedule.js';
import { formatDuration } from '../shared/duration.js';
import { linkExpiry } from '../shared/expiry.js';
import { InputError, StoppedError, UserError } from '../shared/errors.js';
import { reportProgress, type Reporter } from '../shared/logger.js';
import {
  adaptiveSchedule,
  fixedSchedule,
  pollUntil,
  type Clock,
  type Schedule,
} from '../shared/poll.js';
import { linkSecrets, redactLink, type Redactor } from '../shared/secrets.js';
import { translateStop, type StopReason } from '../shared/stop.js';
import { filesWere, formatBytes } from '../shared/text.js';
import type { CheckoutScan } from './checkout.js';
import type { PublishInputs } from './inputs.js';

/** What is known so far; filled in as the run goes, so a failure can still report the job. */
export interface PublishState {
  jobId?: string;
  status?: string;
  pageCount?: number;
  startedAt?: number;
  /** The live-site check's verdict, once it has one. */
  verified?: boolean;
}

/** One publish run: its inputs, where it reports, and its limits. */
export interface RunContext {
  inputs: PublishInputs;
  reporter: Reporter;
  /** None when the key was left out, which only bundle-url allows (it asks nothing of the service). */
  client: ServiceClient | undefined;
  signal: AbortSignal | undefined;
  clock: Clock;
  state: PublishState;
  /** Epoch ms: the timeout input, counted from the start of the run. */
  deadline: number;
  /** The run's one redactor: the entry point's secrets, and the link's once it is known. */
  redactor: Redactor;
  /** Where the run's workflow file may be read (for the schedule watchdog); none outside a runner. */
  workflow: WorkflowContext | undefined;
  /** What the run reads of the checkouts it writes in, read once for every step. */
  checkout: CheckoutScan;
}

/** The StoppedError of a publish: what was left as it was, and how to resume. */
export function stoppedError(run: RunContext, reason: StopReason, last?: ExportJob): StoppedError {
  const { inputs, state } = run;
  const files = filesWere(inputs.valuesFiles.map((file) => file.display));
  const id = state.jobId;
  const where = last
    ? ` (last status ${last.status}${typeof last.progress === 'number' ? `, ${Math.floor(last.progress)}%` : ''})`
    : '';
  const resume = id
    ? ` The job may still be running on the service: resume with job-id: ${id}`
    : '';
  return reason === 'cancelled'
    ? new StoppedError(
        `Cancelled${id ? ` while waiting for export job ${id}` : ''}${where}; ${files} not changed.${resume}`,
        'cancelled',
        id,
      )
    : new StoppedError(
        `The export${id ? ` job ${id}` : ''} did not finish within the timeout of ${formatDuration(inputs.timeoutMs)}${where}; ${files} not changed.${resume ? `${resume} (re-run with the job-id input), or raise timeout.` : ' Raise timeout.'}`,
        'timeout',
        id,
      );
}

/**
 * Runs one step; a cancel or the time limit inside it becomes the publish's StoppedError, naming
 * the last status seen (`last` is read when the step fails: the wait updates it as it goes).
 */
export async function step<T>(
  run: RunContext,
  last: () => ExportJob | undefined,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw translateStop<ExportJob>(error, (reason, seen) => stoppedError(run, reason, seen), {
      signal: run.signal,
      last: last(),
    });
  }
}

const callOptions = (run: RunContext) => ({ signal: run.signal, deadline: run.deadline });

/**
 * Reads the job named by job-id. When refresh-before took it from the deployed link's path and the
 * service no longer has it (404, 410), a new export of the domain replaces it, keeping the deployed
 * version (never silently un-pinning it); any other refusal fails as usual.
 */
async function attachOrRestart(run: RunContext, jobId: string): Promise<ExportJob> {
  const { inputs, reporter } = run;
  const client = serviceOf(run);
  try {
    return await getExport(client, jobId, callOptions(run));
  } catch (error) {
    const gone = error instanceof ApiError && (error.status === 404 || error.status === 410);
    if (!gone || !inputs.jobFromLink) throw error;
    if (!inputs.domain)
      throw new UserError(
        `Export job ${jobId}, which the deployed link names, is gone (HTTP ${error.status}), and no domain is set to export again. Set the domain input, then run again.`,
      );
    reporter.info(
      `Export job ${jobId}, which the deployed link names, is gone (HTTP ${error.status}): a new export of ${inputs.domain}${inputs.version ? ` keeps version ${inputs.version}` : ''}.`,
    );
    return startExport(
      client,
      { domain: inputs.domain, version: inputs.version, paths: inputs.paths },
      callOptions(run),
    );
  }
}

/** The service client: a run without a key is a bundle-url run, which never asks for it. */
function serviceOf(run: RunContext): ServiceClient {
  if (run.client) return run.client;
  throw new InputError(
    'api-key',
    'is empty',
    'Pass the admin API key from a secret: `api-key: ${{ secrets.MINTLIFY_ADMIN_KEY }}` (only bundle-url publishes without one).',
  );
}

/** Starts an export of the domain, or reads the job named by job-id. */
export function startOrAttach(run: RunContext): Promise<ExportJob> {
  const { inputs, reporter, state } = run;
  const client = serviceOf(run);
  return step(
    run,
    () => undefined,
    () =>
      reporter.group(
        inputs.jobId ? `Attach to export job ${inputs.jobId}` : `Start export of ${inputs.domain}`,
        async () => {
          const first = inputs.jobId
            ? await attachOrRestart(run, inputs.jobId)
            : await startExport(
                client,
                { domain: inputs.domain!, version: inputs.version, paths: inputs.paths },
                callOptions(run),
              );
          state.jobId = first.jobId;
          state.status = first.status;
          reporter.info(
            `Export job ${first.jobId}: ${first.status}${inputs.jobId ? '' : ` (to resume or republish later: job-id: ${first.jobId})`}`,
          );
          return first;
        },
      ),
  );
}

/** Polls the job until it is completed or failed, printing progress when it changes. */
export async function waitForExport(
  run: RunContext,
  job: ExportJob,
): Promise<{ job: ExportJob; polls: number }> {
  const { inputs, reporter, state } = run;
  const client = serviceOf(run);
  const { schedule, eta } = exportSchedule(inputs.pollInterval);
  let last = job;
  let shown = '';
  const done = await step(
    run,
    () => last,
    () =>
      reporter.group(`Wait for export job ${job.jobId}`, () =>
        pollUntil<ExportJob>({
          initial: job,
          check: (call) => getExport(client, job.jobId, call),
          isDone: (j) => j.status === 'completed' || j.status === 'failed',
          schedule,
          deadline: run.deadline,
          signal: run.signal,
          clock: run.clock,
          onResult: (j, now) => {
            last = j;
            state.status = j.status;
            state.pageCount = j.pageCount;
            const key = `${j.status}|${Math.floor(j.progress ?? 0)}|${j.pageCount ?? ''}`;
            if (key !== shown) reportProgress(reporter, progressLine(j, eta?.(now)));
            shown = key;
          },
        }),
      ),
  );
  if (done.value.status === 'failed') {
    const why = done.value.error?.trim() || 'the service gave no reason';
    throw new UserError(
      `Export job ${done.value.jobId} failed: ${why}. Fix the cause in the documentation (or the export's domain, version and paths) and run again; ${filesWere(inputs.valuesFiles.map((file) => file.display))} not changed.`,
      { jobId: done.value.jobId },
    );
  }
  return { job: done.value, polls: done.polls };
}

/** Only the adaptive schedule models the export's progress, and so has an eta to show. */
function exportSchedule(interval: 'auto' | number): {
  schedule: Schedule<ExportJob>;
  eta?: (now: number) => number | undefined;
} {
  if (interval !== 'auto') return { schedule: fixedSchedule<ExportJob>(interval) };
  const adaptive = adaptiveSchedule();
  return { schedule: adaptive, eta: (now) => adaptive.eta(now) };
}

function progressLine(j: ExportJob, eta: number | undefined): string {
  if (j.status !== 'running' && j.status !== 'completed') return `Export ${j.status}`;
  const progress = j.progress ?? (j.status === 'completed' ? 100 : undefined);
  // A figure that could not be read is not shown as 0 %: the status alone is.
  const percent = progress !== undefined ? `${Math.floor(progress)}%` : j.status;
  const etaText =
    j.status === 'running' && eta !== undefined ? ` · eta ${formatDuration(eta)}` : '';
  return `Export ${percent}${j.pageCount !== undefined ? ` · ${j.pageCount} pages` : ''}${etaText}`;
}

/**
 * A fresh link for a completed job, masked before anything is printed. A 409 right after
 * completion is the service catching up: it is tried again briefly.
 */
/** What is published: the export's presigned link, or the team's own copy (bundle-url). */
export interface PublishedBundle {
  bundleUrl: string;
  /** Bytes, when known: the service says so for its link; a mirror's answer may. */
  sizeBytes: number | undefined;
  /** When the link stops working; undefined for a mirror. */
  expiresAt: string | undefined;
  /** When the service issued it (epoch ms): its whole lifetime counts from there. */
  issuedAt?: number;
}

/** A link the service issued, with its expiry read (undefined: neither the service nor the link says). */
export interface IssuedBundle {
  bundleUrl: string;
  sizeBytes: number;
  expiresAt: string | undefined;
  issuedAt: number;
}

export async function generateLink(run: RunContext, job: ExportJob): Promise<IssuedBundle> {
  const { reporter, clock } = run;
  const client = serviceOf(run);
  const bundle = await step(
    run,
    () => job,
    () =>
      reporter.group('Generate the bundle link', async () => {
        for (let attempt = 1; ; attempt++) {
          try {
            return await generateBundle(client, job.jobId, callOptions(run));
          } catch (error) {
            const notReady = error instanceof ApiError && error.status === 409;
            if (!notReady || attempt >= 10 || clock.now() + 1000 >= run.deadline) throw error;
            reporter.debug(`generate bundle: the job is not ready yet (409); trying again in 1s`);
            await clock.sleep(1000, run.signal);
          }
        }
      }),
  );
  // The link is a credential: mask it, and its signature in every encoding, before anything else.
  hideSecrets(run, linkSecrets(bundle.bundleUrl));
  const issued: IssuedBundle = {
    bundleUrl: bundle.bundleUrl,
    sizeBytes: bundle.sizeBytes,
    expiresAt: expiryOf(run, bundle),
    issuedAt: clock.now(),
  };
  reportExpiry(run, issued);
  return issued;
}

/**
 * When the link expires: the service's expiresAt (any form the one reader takes), else what the
 * presigned link itself says. Neither: unknown, which never fails the publish (the link works now),
 * but is warned about, naming expiresAt, since nothing can tell when pods stop being able to start.
 */
function expiryOf(run: RunContext, bundle: Bundle): string | undefined {
  const signed = linkExpiry(bundle.bundleUrl);
  const own = signed.expiresAt;
  if (bundle.expiresAt) {
    // A later keep-alive reads only the deployed link's signature (one with temporary
    // credentials it counts as of unknown expiry, and replaces): it must not promise more.
    const extra = own && !signed.temporaryCredentials ? +own - Date.parse(bundle.expiresAt) : 0;
    if (extra > 60_000)
      run.reporter.warning(
        `The service says the link expires ${bundle.expiresAt}, but its signature says ${own!.toISOString()}: a keep-alive (refresh-before) reads only the deployed link's signature, so it counts this link as living ${formatDuration(Math.ceil(extra / 60_000) * 60_000)} longer than it does. With a keep-alive, add that to its refresh-before, or report this to the vendor.`,
      );
    return bundle.expiresAt;
  }
  run.reporter.warning(
    `The service's answer to generate bundle has no readable expiresAt (missing, or not a date-time with a time zone or an epoch time)${own ? `: the link's own signature says it expires ${own.toISOString()}, which is used instead` : ', and the link does not say either: its expiry is unknown, so the schedule cannot be checked against it'}. The link is published.`,
  );
  return own?.toISOString();
}

/**
 * Hides a link's secrets from now on, in both places: the front door's log (masked, or redacted on
 * a terminal) and the run's redactor, which cleans what the run quotes from elsewhere (helm's
 * output, a page of the live site).
 */
export function hideSecrets(run: RunContext, secrets: readonly string[]): void {
  for (const secret of secrets) {
    run.reporter.secret(secret);
    run.redactor.add(secret);
  }
}

function reportExpiry(run: RunContext, bundle: IssuedBundle): void {
  const expires = bundle.expiresAt
    ? `link expires ${bundle.expiresAt} (in ${formatDuration(Math.max(0, Date.parse(bundle.expiresAt) - run.clock.now()))})`
    : 'link expiry unknown';
  run.reporter.info(
    `Bundle: ${formatBytes(bundle.sizeBytes)} at ${redactLink(bundle.bundleUrl)}, ${expires}.`,
  );
}
