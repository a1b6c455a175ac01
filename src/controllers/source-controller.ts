/**
 * source-controller's rules: what it packages a chart with, when it builds a new chart artifact,
 * and which commit a GitRepository follows. One home for the writer (values/chart-artifact.ts,
 * values/flux-source.ts) and the proof (gitops/flux/chart-values.ts, gitops/applies.ts).
 *
 * Followed from fluxcd/source-controller's code, not its docs:
 * - The values files: helm-controller's `buildHelmChartFromTemplate` (internal/reconcile/
 *   helmchart_template.go) copies only `valuesFiles` (and `ignoreMissingValuesFiles`) from a
 *   HelmRelease's `spec.chart.spec` into the HelmChart it makes; the deprecated `valuesFile` was
 *   dropped with the v1 HelmChart API (helm-controller 1.0, Flux 2.3), and api/v2 has no such
 *   field, so the cluster ignores it. When the list is not empty, source-controller's chart
 *   builder merges the files in order and their merge replaces the chart's own values.yaml; when
 *   it is empty, values.yaml stays.
 * - `reconcileStrategy`: `ChartVersion` when omitted (a new artifact only for a new version in
 *   Chart.yaml), `Revision` (one for every new revision of the source).
 * - An OCIRepository's ref as its reconciler (`getArtifactRef`) ranks it: `digest`, then `semver`,
 *   then `tag` (`latest` when none is set).
 * - A GitRepository's ref as fluxcd/pkg git/gogit `Client.Clone` resolves it: `commit`, then
 *   `name`, then `tag`, then `semver`, then `branch`, and `master` (git.DefaultBranch) when none
 *   is set; only a branch (or a `name` of refs/heads/…) moves with new commits.
 * Pure rules: data in, data out, no I/O.
 */
import { isObject, type Data } from '../shared/data.js';

/**
 * The values files source-controller packages a chart with, in order, as written (paths of the
 * source for a GitRepository or Bucket chart, paths inside the package for a repository's):
 * `valuesFiles`, never the deprecated `valuesFile` (see above). Empty: the chart's own values.yaml
 * is its defaults. `chartSpec` is a HelmRelease's `spec.chart.spec` or a HelmChart's `spec`.
 */
export function chartValuesFiles(chartSpec: Data): string[] {
  const text = (value: unknown): value is string => typeof value === 'string' && value !== '';
  return Array.isArray(chartSpec.valuesFiles) ? chartSpec.valuesFiles.filter(text) : [];
}

/** A HelmRelease's `spec.chart.spec` (empty when it has none: a `spec.chartRef`). */
export function releaseChartSpec(release: Data): Data {
  const spec = isObject(release.spec) ? release.spec : {};
  return isObject(spec.chart) && isObject(spec.chart.spec) ? spec.chart.spec : {};
}

/** When source-controller builds a new artifact for the chart: `ChartVersion` unless set. */
export const reconcileStrategy = (chartSpec: Data): string =>
  typeof chartSpec.reconcileStrategy === 'string' && chartSpec.reconcileStrategy
    ? chartSpec.reconcileStrategy
    : 'ChartVersion';

/** The ref a GitRepository follows, as source-controller resolves its spec.ref. */
export interface GitRef {
  kind: 'commit' | 'name' | 'tag' | 'semver' | 'branch';
  value: string;
  /** Where it is written: `spec.ref.branch`, or `no spec.ref` for the default. */
  field: string;
}

export function gitRepositoryRef(spec: Data): GitRef {
  const ref = isObject(spec.ref) ? spec.ref : {};
  const set = (key: string) =>
    typeof ref[key] === 'string' && ref[key] !== '' ? ref[key] : undefined;
  for (const kind of ['commit', 'name', 'tag', 'semver'] as const) {
    const value = set(kind);
    if (value === undefined) continue;
    const head = kind === 'name' ? /^refs\/heads\/(.+)$/.exec(value) : null;
    return {
      kind: head ? 'branch' : kind,
      value: head ? head[1]! : value,
      field: `spec.ref.${kind}`,
    };
  }
  const branch = set('branch');
  return branch
    ? { kind: 'branch', value: branch, field: 'spec.ref.branch' }
    : { kind: 'branch', value: 'master', field: "no spec.ref, so source-controller's default" };
}

/** What an OCIRepository pulls, from its spec.ref. */
export interface OciRef {
  digest?: string;
  semver?: string;
  /** The tag, `latest` when none is written (without a digest it may carry). */
  tag: string;
  /** Whether spec.ref.tag is written. */
  tagWritten: boolean;
}

/**
 * An OCIRepository's ref as source-controller ranks it: digest, then semver (the one constraint),
 * then the tag, pulled as it is (`latest` when none is set): never the highest version in its
 * place. A tag may carry its digest (`1.4.0@sha256:…`), which then decides.
 */
export function ociRepositoryRef(spec: Data): OciRef {
  const pin = isObject(spec.ref) ? spec.ref : {};
  const str = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
  const semver = str(pin.semver);
  const [tag = 'latest', tagDigest] = (str(pin.tag) ?? 'latest').split('@');
  const digest = str(pin.digest) ?? (semver ? undefined : tagDigest);
  return {
    ...(digest ? { digest } : {}),
    ...(semver ? { semver } : {}),
    tag,
    tagWritten: str(pin.tag) !== undefined,
  };
}
