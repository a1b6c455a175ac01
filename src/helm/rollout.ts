/**
 * The rollout step: `helm upgrade --install` with the values the pipeline wrote, after checking
 * that no earlier run left the release stuck. Helm's output is streamed with the presigned link
 * hidden; its JSON result gives the revision.
 */
import { rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { StoppedError, UserError } from '../shared/errors.js';
import { filesWere } from '../shared/text.js';
import {
  detectHelmVersion,
  findHelm,
  historyArgs,
  parseRelease,
  PENDING_STATUSES,
  runHelm,
  releaseStatus,
  stuckAdvice,
  tail,
  upgradeArgs,
  type HelmRollout,
  type HelmVersion,
  type ReleaseInfo,
} from './helm.js';
import { silentLogger, type Logger } from '../shared/logger.js';
import { diskScratch } from '../shared/scratch.js';

export interface RolloutResult {
  helm: HelmVersion;
  release: ReleaseInfo;
  /** The argument list as printed (values path as the user named it). */
  command: string;
}

export interface RolloutOptions {
  dryRun: boolean;
  logger: Logger;
  signal?: AbortSignal;
  /** Hides secrets (the presigned link) in anything printed or thrown. */
  redact: (text: string) => string;
  /** The values files to pass, in order; on a dry run, their texts go to temporary copies. */
  values: readonly RolloutValues[];
}

export interface RolloutValues {
  path: string;
  text: string;
  /** As the user named it, for the command shown and messages. */
  display: string;
}

/** Shows an argument vector the way a person would type it (display only: helm gets argv). */
export function displayCommand(args: string[]): string {
  return ['helm', ...args]
    .map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`))
    .join(' ');
}

/** The helm a rollout runs, found and checked before the export. */
export interface HelmReady {
  helm: string;
  version: HelmVersion;
}

/**
 * What a rollout needs that can be checked before the export is started, so that a rollout that
 * cannot run costs no export and leaves the values files as they were: helm on PATH, Helm 3 or 4,
 * the cluster readable, and the release not left pending by an earlier run. The rollout checks the
 * release again: the export takes minutes.
 */
export async function rolloutPreflight(
  spec: HelmRollout,
  options: Pick<RolloutOptions, 'logger' | 'signal' | 'redact'>,
): Promise<HelmReady> {
  const helm = await findHelm();
  const version = await detectHelmVersion(helm, options.signal);
  options.logger.info(`Using helm ${version.version} (${helm}).`);
  await checkNotStuck(helm, spec, options);
  return { helm, version };
}

export async function rollout(
  spec: HelmRollout,
  options: RolloutOptions,
  ready?: HelmReady,
): Promise<RolloutResult> {
  const { logger, signal, redact } = options;
  const { helm, version } = ready ?? (await rolloutPreflight(spec, options));
  const files = filesWere(options.values.map((file) => file.display));
  // Checked again (quietly after the preflight): an earlier run may have left it pending since.
  let existed: boolean;
  try {
    existed = await checkNotStuck(
      helm,
      spec,
      ready ? { ...options, logger: silentLogger } : options,
    );
  } catch (error) {
    if (!(error instanceof UserError) || error instanceof StoppedError) throw error;
    throw new UserError(
      `${error.message} ${files} ${options.dryRun ? 'not changed (dry run)' : 'updated; the release was not'}.`,
    );
  }
  const copies = options.dryRun ? await temporaryCopies(options.values) : undefined;
  try {
    const paths = copies?.paths ?? options.values.map((file) => file.path);
    const args = upgradeArgs(version, spec, paths, { dryRun: options.dryRun });
    const shown = displayCommand(args.map((a) => shownAs(a, paths, options)));
    logger.info(redact(shown));
    const run = await runHelm(helm, args, {
      signal,
      onStderrLine: (line) => line && logger.info(redact(line)),
    });
    if (signal?.aborted) throw cancelledDuringUpgrade(spec, options, existed);
    if (run.code !== 0) {
      const reason =
        redact(tail(run.stderr || run.stdout)) || `exit code ${run.code ?? run.signal}`;
      throw new UserError(
        `helm upgrade of release ${spec.release} failed (helm ${version.version}, exit ${run.code ?? run.signal}):\n${reason}\n${files} ${options.dryRun ? 'not changed (dry run)' : 'updated; the release was not'}${spec.rollbackOnFailure ? ' (rolled back)' : ''}. Fix the cause above and run again.`,
      );
    }
    const release = parseRelease(run.stdout);
    if (!release) {
      throw new UserError(
        `helm upgrade of release ${spec.release} succeeded, but its output could not be read as a release (helm ${version.version}). Check the helm-args input: it must not change --output.`,
      );
    }
    logger.info(
      `Release ${release.name} revision ${release.revision}: ${release.status}${release.chart ? ` (chart ${release.chart})` : ''}${options.dryRun ? ', dry run' : ''}.`,
    );
    if (release.notes) logger.info(redact(release.notes.trimEnd()));
    return { helm: version, release, command: redact(shown) };
  } finally {
    if (copies) await rm(copies.dir, { recursive: true, force: true });
  }
}

/** A dry run changes no file: helm reads the planned texts from private temporary copies. */
async function temporaryCopies(
  values: readonly RolloutValues[],
): Promise<{ dir: string; paths: string[] }> {
  const dir = (await diskScratch('static-export-values')).dir;
  const paths: string[] = [];
  for (const [index, file] of values.entries()) {
    // Numbered: two files may share a name (values.yaml in two folders).
    const path = join(dir, `${index + 1}-${basename(file.path)}`);
    await writeFile(path, file.text, { mode: 0o600 });
    paths.push(path);
  }
  return { dir, paths };
}

/** An argument as printed: a values path as the user named it. */
function shownAs(arg: string, paths: readonly string[], options: RolloutOptions): string {
  const index = paths.indexOf(arg);
  if (index === -1) return arg;
  const display = options.values[index]!.display;
  return options.dryRun ? `<temporary copy of ${display}>` : display;
}

/**
 * Checks that no earlier run left the release pending (the upgrade would wait on Helm's lock).
 * Returns whether the release exists, which decides what a cancelled upgrade leaves behind.
 */
async function checkNotStuck(
  helm: string,
  spec: HelmRollout,
  { logger, signal, redact }: Pick<RolloutOptions, 'logger' | 'signal' | 'redact'>,
): Promise<boolean> {
  const status = await releaseStatus(helm, spec, { signal, timeoutMs: 120_000 });
  if (signal?.aborted)
    throw new StoppedError(
      `Cancelled before the helm upgrade of ${spec.release}; nothing was rolled out.`,
      'cancelled',
    );
  if (status.kind === 'unread')
    throw new UserError(
      `helm could not read the status of release ${spec.release}: ${redact(tail(status.stderr)) || `exit ${status.code}`}. Check the cluster credentials (KUBECONFIG, or a step that logs in to the cluster) and the helm-namespace input.`,
    );
  if (status.kind === 'none') {
    logger.info(`Release ${spec.release} does not exist yet: it will be installed.`);
    return false;
  }
  const current = status.release;
  if (current && PENDING_STATUSES.has(current.status)) {
    const lastGood = await lastGoodRevision(helm, spec, signal);
    throw new UserError(stuckAdvice(spec, current.status, current.revision, lastGood));
  }
  if (current)
    logger.info(`Release ${spec.release} is at revision ${current.revision} (${current.status}).`);
  return true;
}

async function lastGoodRevision(
  helm: string,
  spec: HelmRollout,
  signal: AbortSignal | undefined,
): Promise<number | undefined> {
  const history = await runHelm(helm, historyArgs(spec), { signal, timeoutMs: 120_000 });
  try {
    const entries = JSON.parse(history.stdout) as { revision: number; status: string }[];
    return entries
      .filter((e) => e.status === 'deployed' || e.status === 'superseded')
      .map((e) => e.revision)
      .sort((a, b) => b - a)[0];
  } catch {
    return undefined;
  }
}

/** What a cancel during the upgrade leaves: a dry run leaves nothing; a real one may leave a lock. */
function cancelledDuringUpgrade(
  spec: HelmRollout,
  options: RolloutOptions,
  existed: boolean,
): StoppedError {
  if (options.dryRun)
    return new StoppedError(
      `Cancelled during the helm dry run of ${spec.release}; helm was stopped. Nothing was rolled out, and ${filesWere(options.values.map((file) => file.display))} not changed (dry run).`,
      'cancelled',
    );
  const status = `helm status ${spec.release}${spec.namespace ? ` -n ${spec.namespace}` : ''}`;
  return new StoppedError(
    `Cancelled during the helm upgrade of ${spec.release}; helm was stopped. The release may be left in ${existed ? 'pending-upgrade' : 'pending-install'}: check "${status}" before the next run. ${filesWere(options.values.map((file) => file.display))} already updated.`,
    'cancelled',
  );
}
