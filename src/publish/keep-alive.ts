/**
 * refresh-before: a keep-alive run. It first finds the link the pods use (with helm-release, the
 * deployed release's values; otherwise the link in the values files, the desired state a GitOps
 * controller applies) and when it expires (what the presigned link itself says: X-Amz-Date +
 * X-Amz-Expires, GCS, Azure SAS; shared/expiry.ts). A link that lives longer than refresh-before is
 * left alone: no request to the service, no write, no rollout, nothing recorded. One that expires
 * sooner, or whose expiry is unknown, is replaced: from the export job behind it when its path names
 * one (generate bundle again: no re-render), else by a new export that keeps the deployed version.
 */
import { readFile } from 'node:fs/promises';
import { chartValuesOf } from '../values/plan.js';
import { valueAt } from '../values/site.js';
import { refuseOverriddenSource } from '../values/flux-override.js';
import { refuseUnmatchedChoice, type ChosenTarget } from '../values/target.js';
import { SERVICE_ID_PATTERN } from '../shared/constants.js';
import { formatSpan } from '../shared/duration.js';
import { trustedExpiry } from '../shared/expiry.js';
import { redactLink } from '../shared/secrets.js';
import { findOnPath } from '../shared/which.js';
import { releaseStatus, runHelm, tail } from '../helm/helm.js';
import { printable } from '../shared/text.js';
import type { PublishInputs } from './inputs.js';
import { refuseWithManifest } from './values.js';

/** One link the pods use, where it was found, and when it stops working (undefined: unknown). */
interface DeployedLink {
  where: string;
  link: string;
  expiresAt: Date | undefined;
  /** Why the expiry is unknown, when it is. */
  unknown?: string;
  /** `staticExport.version` beside it: kept when a new export must replace a gone job. */
  version: string | undefined;
}

export interface KeepAlivePlan {
  /** The deployed link lives longer than refresh-before: nothing else happens. */
  skip: boolean;
  /** The earliest expiry among the deployed links; undefined when unknown or none. */
  expiresAt: Date | undefined;
  /** From when a run replaces the link: expiresAt − refresh-before. */
  refreshFrom: Date | undefined;
  /** The export job the deployed link's path names (`se_…`): the service confirms it on attach. */
  jobId: string | undefined;
  /** The deployed version, kept by a new export. */
  version: string | undefined;
  /** One line for the log: what was found and what happens. */
  why: string;
  /**
   * `why` is a warning: a deployed link whose expiry cannot be read is replaced by every run, a
   * rollout each time, which a keep-alive is there to avoid.
   */
  warn?: boolean;
}

/** An export job id as a path segment of the vendor's links: `/exports/se_3f9a…/site.tar.gz`. */
const JOB_SEGMENT = /^se_[A-Za-z0-9]{6,}$/;

export async function planKeepAlive(
  inputs: PublishInputs,
  deps: { now: number; signal?: AbortSignal },
): Promise<KeepAlivePlan | undefined> {
  const margin = inputs.refreshBeforeMs;
  if (margin === undefined) return undefined;
  // The files are read with helm-release too: what they rule out is refused before any skip.
  const files = await fileLinks(inputs);
  const { links, unread, without } = inputs.helm
    ? { ...(await releaseLinks(inputs, deps.signal)), without: undefined }
    : { ...files, unread: undefined };
  if (links.length === 0) {
    const none = inputs.helm
      ? `release ${inputs.helm.release} has none at values-key`
      : (without ?? 'the values files have none at values-key');
    return {
      skip: false,
      expiresAt: undefined,
      refreshFrom: undefined,
      jobId: undefined,
      version: undefined,
      why: unread
        ? `refresh-before: the deployed link could not be read (${unread}): an ordinary publish, which replaces it.`
        : `refresh-before: no link is deployed yet (${none}): an ordinary publish.`,
    };
  }
  const unknown = links.find((l) => l.expiresAt === undefined);
  const first = unknown ?? [...links].sort((a, b) => +a.expiresAt! - +b.expiresAt!)[0]!;
  const expiresAt = unknown ? undefined : first.expiresAt;
  const refreshFrom = expiresAt && new Date(+expiresAt - margin);
  const jobId = jobIdOf(first.link);
  const base = { expiresAt, refreshFrom, jobId, version: first.version };
  if (without === undefined && keepsLink(expiresAt, deps.now, margin)) {
    const expiry = expiresAt!;
    return {
      ...base,
      skip: true,
      why: `refresh-before: the link in ${first.where} (${redactLink(first.link)}) expires ${expiry.toISOString()}, in ${formatSpan(+expiry - deps.now)}: more than refresh-before (${formatSpan(margin)}). Nothing to do: no request was sent and nothing was changed. The next run from ${refreshFrom!.toISOString()} on replaces it.`,
    };
  }
  const when = expiresAt
    ? `expires ${expiresAt.toISOString()}, within refresh-before (${formatSpan(margin)})`
    : `has an unknown expiry (${first.unknown})`;
  const how = jobId
    ? `a fresh link from export job ${jobId}, which its path names (no new export)`
    : `a new export${first.version ? ` of version ${first.version}` : ''} (its path names no export job)`;
  return {
    ...base,
    skip: false,
    // A place without a link gets one now, from the same job or version as the others: the
    // keep-alive never changes what the site shows.
    why: without
      ? `refresh-before: ${without}, while ${first.where} has one: ${how}, written to every values file.`
      : `refresh-before: the link in ${first.where} ${when}: ${how}.${expiresAt ? '' : ' If the links the service issues carry no readable expiry either (temporary credentials), every keep-alive run replaces the link, with a rollout each time.'}`,
    ...(without === undefined && !expiresAt ? { warn: true } : {}),
  };
}

/**
 * The keep-alive's one decision: leave the link alone only while its known expiry is more than
 * refresh-before away. An unknown expiry is replaced. `npm run simulate` runs this very function.
 */
export function keepsLink(
  expiresAt: Date | undefined,
  now: number,
  refreshBeforeMs: number,
): boolean {
  return expiresAt !== undefined && +expiresAt - now > refreshBeforeMs;
}

function jobIdOf(link: string): string | undefined {
  try {
    return new URL(link).pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment))
      .find((segment) => JOB_SEGMENT.test(segment) && SERVICE_ID_PATTERN.test(segment));
  } catch {
    return undefined;
  }
}

function deployed(where: string, block: unknown): DeployedLink | undefined {
  if (!block || typeof block !== 'object') return undefined;
  const { bundleUrl, version } = block as { bundleUrl?: unknown; version?: unknown };
  if (typeof bundleUrl !== 'string' || !/^https?:\/\//i.test(bundleUrl)) return undefined;
  const { expiresAt, unknown } = trustedExpiry(bundleUrl);
  return {
    where,
    link: bundleUrl,
    expiresAt,
    unknown,
    version:
      typeof version === 'string' || typeof version === 'number' ? String(version) : undefined,
  };
}

/**
 * The links in the values files at values-key, and the first file or target without one, said as
 * a phrase (a file that is missing or unreadable has none): a keep-alive leaves the links alone
 * only when every place the chart reads holds one, so a file or target added later gets its link
 * at once, and a broken file is named by the publish that follows. A values-document line that
 * chooses nothing in any file, or a chosen ConfigMap whose link a later layer of a HelmRelease's
 * values overrides (or that it reads only at a targetPath), is refused here, as the publish would
 * refuse it.
 */
async function fileLinks(
  inputs: PublishInputs,
): Promise<{ links: DeployedLink[]; without: string | undefined }> {
  const links: DeployedLink[] = [];
  const texts: { display: string; text: string; targets: ChosenTarget[] }[] = [];
  let without: string | undefined;
  for (const file of inputs.valuesFiles) {
    let found: ReturnType<typeof chartValuesOf>;
    try {
      const text = await readFile(file.path, 'utf8');
      found = chartValuesOf(text, file, inputs.valuesKey, inputs.valuesDocuments);
      texts.push({
        display: file.display,
        text,
        targets: found.flatMap((one) => one.chosen ?? []),
      });
    } catch {
      without ??= `${file.display} cannot be read (the publish names why)`;
      continue;
    }
    const labels = found.flatMap((one) => (one.chosen ? [one.chosen.label] : []));
    if (labels.length > 0) refuseWithManifest(inputs, file.display, labels.join(', '));
    for (const { label, values } of found) {
      const link = deployed(label, valueAt(values, inputs.valuesKey));
      if (link) links.push(link);
      else without ??= `${label} has no link at values-key`;
    }
  }
  // A misspelt values-document line would otherwise let a skip say "nothing to do" while the
  // document it meant never gets a link. (With a file unread, the publish that follows refuses it.)
  if (without === undefined) {
    refuseUnmatchedChoice(
      inputs.valuesDocuments,
      texts.flatMap((file) => file.targets),
    );
    // Nor may a fresh link in a ConfigMap pass when a later layer of the HelmRelease's values
    // (spec.values, a later valuesFrom entry) overrides it, or when the HelmRelease reads the
    // ConfigMap only at a targetPath. What it could not check gets its notices from the publish
    // that replaces the link; a skip stays quiet.
    refuseOverriddenSource(texts, inputs.valuesKey);
  }
  return { links, without };
}

/**
 * The link the release was deployed with (`helm get values`): none for a release that does not
 * exist yet; `unread` says why when helm could not tell (not on PATH, no access to the cluster, a
 * newest revision that is not deployed), so the log does not claim that nothing is deployed and a
 * skip never rests on a link the pods may not have.
 */
async function releaseLinks(
  inputs: PublishInputs,
  signal?: AbortSignal,
): Promise<{ links: DeployedLink[]; unread?: string }> {
  const helm = inputs.helm!;
  const binary = await findOnPath('helm');
  if (!binary) return { links: [], unread: 'helm is not on PATH' };
  // `helm get values` reads the newest revision, whatever its status: after a failed or cancelled
  // upgrade that holds a link the pods never got, so only a deployed newest revision is read.
  const status = await releaseStatus(binary, helm, { signal, timeoutMs: 60_000 });
  if (status.kind === 'none') return { links: [] };
  if (status.kind === 'unread')
    return {
      links: [],
      unread: `helm status ${helm.release} failed: ${printable(tail(status.stderr, 1))}`,
    };
  const current = status.release;
  if (current?.status !== 'deployed')
    return {
      links: [],
      unread: current
        ? `release ${helm.release} is at revision ${current.revision}, which is ${printable(current.status)}, not deployed: the pods may run an earlier revision's link`
        : `helm status ${helm.release} did not print a release`,
    };
  const args = ['get', 'values', helm.release, '--output', 'json'];
  if (helm.namespace) args.push('--namespace', helm.namespace);
  const run = await runHelm(binary, args, { signal, timeoutMs: 60_000 });
  if (run.code !== 0) {
    const said = tail(run.stderr, 1);
    return /release: not found/i.test(said)
      ? { links: [] }
      : { links: [], unread: `helm get values ${helm.release} failed: ${printable(said)}` };
  }
  let values: unknown;
  try {
    values = JSON.parse(run.stdout);
  } catch {
    return { links: [], unread: `helm get values ${helm.release} did not print JSON` };
  }
  const link = deployed(`release ${helm.release}`, valueAt(values, inputs.valuesKey));
  return { links: link ? [link] : [] };
}

/** The inputs of the refresh: attach to the link's job (a gone one falls back), keep the version. */
export function refreshInputs(inputs: PublishInputs, plan: KeepAlivePlan): PublishInputs {
  return {
    ...inputs,
    jobId: inputs.jobId ?? plan.jobId,
    jobFromLink: inputs.jobId === undefined && plan.jobId !== undefined,
    version: inputs.version ?? plan.version,
  };
}
