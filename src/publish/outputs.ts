/** The root action's outputs: names (as action.yml spells them) and their values for a result. */
import type { PublishInputs } from './inputs.js';
import type { KeepAlivePlan } from './keep-alive.js';
import type { PublishResult } from './pipeline.js';
import type { RenderCheckResult } from './render.js';

export const Outputs = {
  JobId: 'job-id',
  Status: 'status',
  PageCount: 'page-count',
  BundleUrl: 'bundle-url',
  ExpiresAt: 'expires-at',
  SizeBytes: 'size-bytes',
  Version: 'version',
  ValuesFile: 'values-file',
  ValuesTargets: 'values-targets',
  ValuesChanged: 'values-changed',
  BundlePath: 'bundle-path',
  BundleSha256: 'bundle-sha256',
  HelmRevision: 'helm-revision',
  HelmVersion: 'helm-version',
  DeploymentId: 'deployment-id',
  RefreshBy: 'refresh-by',
  Verified: 'verified',
  RenderCheck: 'render-check',
  Proof: 'proof',
  RenderedCharts: 'rendered-charts',
  Skipped: 'skipped',
  RefreshFrom: 'refresh-from',
} as const;

/**
 * Every output of a finished publish (deployment-id is set by the entry point that records it).
 * With bundle-url nothing is exported: job-id, status and page-count are empty, expires-at and
 * refresh-by are the expiry a presigned bundle-url names (else empty), and size-bytes is what the
 * mirror said (or empty).
 */
export function publishOutputs(result: PublishResult): Record<string, string> {
  const text = (value: string | number | undefined) => (value === undefined ? '' : String(value));
  const { job, link } = result;
  return {
    [Outputs.JobId]: text(job?.id),
    [Outputs.Status]: text(job?.status),
    [Outputs.PageCount]: text(job?.pageCount),
    [Outputs.BundleUrl]: link.bundle.bundleUrl,
    [Outputs.ExpiresAt]: text(link.bundle.expiresAt),
    // The workflow must run again by then, or pods that start later cannot fetch the bundle.
    [Outputs.RefreshBy]: text(link.bundle.expiresAt),
    [Outputs.SizeBytes]: text(link.bundle.sizeBytes),
    [Outputs.Version]: result.version,
    [Outputs.ValuesFile]: result.values.files.map((file) => file.display).join('\n'),
    [Outputs.ValuesTargets]: JSON.stringify(
      result.values.files.flatMap((file) => file.targets ?? []),
    ),
    [Outputs.ValuesChanged]: String(result.values.changed),
    [Outputs.BundlePath]: result.download?.path ?? '',
    [Outputs.BundleSha256]: result.download?.sha256 ?? '',
    // A dry run's revision is one helm would make, not one that exists.
    [Outputs.HelmRevision]:
      result.helm && !result.dryRun ? String(result.helm.release.revision) : '',
    [Outputs.HelmVersion]: result.helm?.helm.version ?? '',
    [Outputs.Verified]: result.verified ? 'true' : '',
    // `false` never leaves a run green: a link the chart does not read stops the run.
    [Outputs.RenderCheck]: result.renderCheck?.outcome ?? '',
    // Per target and entry point of the cluster: the level the proof reached, and why not further.
    [Outputs.Proof]: JSON.stringify(result.renderCheck?.proof ?? []),
    [Outputs.RenderedCharts]: result.renderCheck ? renderedCharts(result.renderCheck) : '',
    [Outputs.Skipped]: 'false',
    [Outputs.RefreshFrom]: text(link.refreshFrom),
  };
}

/**
 * Every output of a keep-alive run that found the deployed link fresh enough: nothing was
 * exported, written or rolled out. skipped is true; expires-at and refresh-by are the deployed
 * link's expiry, refresh-from when a run will replace it; version is the deployed one; values-file
 * lists the files (unchanged); the rest is empty (bundle-url too: the link is not printed).
 */
export function skippedOutputs(inputs: PublishInputs, plan: KeepAlivePlan): Record<string, string> {
  const expiry = plan.expiresAt?.toISOString() ?? '';
  return {
    [Outputs.JobId]: '',
    [Outputs.Status]: 'skipped',
    [Outputs.PageCount]: '',
    [Outputs.BundleUrl]: '',
    [Outputs.ExpiresAt]: expiry,
    [Outputs.RefreshBy]: expiry,
    [Outputs.SizeBytes]: '',
    [Outputs.Version]: plan.version ?? '',
    [Outputs.ValuesFile]: inputs.valuesFiles.map((file) => file.display).join('\n'),
    // Nothing was written: no target to name.
    [Outputs.ValuesTargets]: '[]',
    [Outputs.ValuesChanged]: 'false',
    [Outputs.BundlePath]: '',
    [Outputs.BundleSha256]: '',
    [Outputs.HelmRevision]: '',
    [Outputs.HelmVersion]: '',
    [Outputs.Verified]: '',
    [Outputs.RenderCheck]: '',
    [Outputs.Proof]: '[]',
    [Outputs.RenderedCharts]: '',
    [Outputs.Skipped]: 'true',
    [Outputs.RefreshFrom]: plan.refreshFrom?.toISOString() ?? '',
  };
}

/**
 * Per target, what the render check rendered (chart, version, where from, whether a new link rolls
 * the pods, the helm majors rendered and not), or why it was skipped: JSON for a later step.
 */
function renderedCharts(check: RenderCheckResult): string {
  return JSON.stringify(
    check.outcomes.map((o) =>
      o.kind === 'found' && o.chart
        ? {
            target: o.label,
            chart: o.chart.name,
            version: o.chart.version,
            source: o.chart.from,
            ...(o.chart.origin ? { origin: o.chart.origin } : {}),
            rollout: o.rollout ?? '',
            // As the proof records have them: the majors rendered, and those not.
            ...(o.helm ? { helm: o.helm.rendered } : {}),
            ...(o.helm && o.helm.unrendered.length > 0
              ? { helmUnrendered: o.helm.unrendered }
              : {}),
          }
        : { target: o.label, skipped: o.kind === 'skipped' ? o.reason : o.kind },
    ),
  );
}

/**
 * What a publish put out, in the one-line accounts of a run (the command line's last line, the
 * GitHub deployment's status): `export job se_… (42 pages)`, or the team's own copy.
 */
export function publishedSource(result: PublishResult): string {
  return result.job
    ? `export job ${result.job.id} (${result.job.pageCount ?? 'an unknown number of'} pages)`
    : 'the bundle from bundle-url';
}

/**
 * The successful deployment status's description: what was published, rolled out, checked. It
 * claims no more than the run did: without helm-release the run only wrote the values files (a
 * push or a GitOps sync rolls them out later), and without a download the live site was not
 * compared with the bundle. Worded to fit GitHub's 140 characters, which would cut the end: the
 * longest case (a job of unknown page count, values written, a site not compared) is 135 with
 * the service's 19-character job ids.
 */
export function deploymentDescription(result: PublishResult): string {
  const rollout = result.helm
    ? `, Helm revision ${result.helm.release.revision}`
    : result.values.changed
      ? ', values written, not rolled out'
      : ', values unchanged';
  const site = !result.verified
    ? ''
    : !result.verified.page
      ? ', live site answered, not compared'
      : result.verified.servedBefore
        ? ', live site serves it (it did before)'
        : ', live site verified';
  return `Published ${publishedSource(result)}${rollout}${site}`;
}
