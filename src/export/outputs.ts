/** The root action's outputs: names (as action.yml spells them) and their values for a result. */
import type { PublishResult } from './pipeline.js';

export const Outputs = {
  JobId: 'job-id',
  Status: 'status',
  PageCount: 'page-count',
  BundleUrl: 'bundle-url',
  ExpiresAt: 'expires-at',
  SizeBytes: 'size-bytes',
  Version: 'version',
  ValuesFile: 'values-file',
  ValuesChanged: 'values-changed',
  BundlePath: 'bundle-path',
  BundleSha256: 'bundle-sha256',
  HelmRevision: 'helm-revision',
  HelmVersion: 'helm-version',
  DeploymentId: 'deployment-id',
} as const;

/** Every output of a finished publish (deployment-id is set by the entry point that records it). */
export function publishOutputs(result: PublishResult): Record<string, string> {
  return {
    [Outputs.JobId]: result.jobId,
    [Outputs.Status]: result.status,
    [Outputs.PageCount]: String(result.pageCount),
    [Outputs.BundleUrl]: result.bundle.bundleUrl,
    [Outputs.ExpiresAt]: result.bundle.expiresAt,
    [Outputs.SizeBytes]: String(result.bundle.sizeBytes),
    [Outputs.Version]: result.version,
    [Outputs.ValuesFile]: result.values.map((file) => file.display).join('\n'),
    [Outputs.ValuesChanged]: String(result.valuesChanged),
    [Outputs.BundlePath]: result.download?.path ?? '',
    [Outputs.BundleSha256]: result.download?.sha256 ?? '',
    [Outputs.HelmRevision]: result.helm ? String(result.helm.release.revision) : '',
    [Outputs.HelmVersion]: result.helm?.helm.version ?? '',
  };
}
