/**
 * The chart a Flux HelmRelease installs, resolved as source-controller resolves it, from a list of
 * candidate Kubernetes objects (today the documents of the values files and of the checkout's
 * tracked YAML files; an entry point's build can pass its own): `spec.chart.spec.sourceRef` to a
 * HelmRepository (an HTTP index, or `type: oci`), a GitRepository of this repository (a chart path
 * of the checkout) or a Bucket; `spec.chartRef` to an OCIRepository (tag, semver, digest) or a
 * HelmChart. A reference is matched by kind, name and namespace (the release's own by default):
 * two clusters often define `HelmRepository/mintlify` with different URLs.
 */
import {
  chartPathHint,
  checkoutFolder,
  isObject,
  sameRepository,
  type ChartHint,
  type Data,
  type FluxChart,
} from './site.js';
import { chartValuesFiles, ociRepositoryRef } from '../controllers/source-controller.js';
import { redactLink } from '../shared/secrets.js';

/** A chart hint with its Flux source resolved. */
export type ResolvedHint = Exclude<ChartHint, { kind: 'flux' }>;

const SOURCE_GROUP = 'source.toolkit.fluxcd.io';

interface Ref {
  kind: string;
  name: string;
  namespace?: string;
}

function refOf(data: unknown, namespace: string | undefined): Ref | undefined {
  if (!isObject(data) || typeof data.kind !== 'string' || typeof data.name !== 'string')
    return undefined;
  const ns = typeof data.namespace === 'string' ? data.namespace : namespace;
  return { kind: data.kind, name: data.name, ...(ns ? { namespace: ns } : {}) };
}

const shown = (ref: Ref) => `${ref.kind} ${ref.namespace ? `${ref.namespace}/` : ''}${ref.name}`;

/**
 * The source object `ref` names among the candidates. One without a namespace is applied into
 * the namespace its Kustomization gives it, which a file cannot tell: it matches any. Several with
 * different specs: the entry point's build decides, not a guess.
 */
function findSource(ref: Ref, objects: readonly Data[]): Data | string {
  const matches = objects.filter((o) => {
    const meta = isObject(o.metadata) ? o.metadata : {};
    const group = typeof o.apiVersion === 'string' ? o.apiVersion.split('/', 1)[0] : '';
    return (
      group === SOURCE_GROUP &&
      o.kind === ref.kind &&
      meta.name === ref.name &&
      (meta.namespace === undefined ||
        ref.namespace === undefined ||
        meta.namespace === ref.namespace)
    );
  });
  const specs = new Set(matches.map((o) => JSON.stringify(o.spec ?? null)));
  if (matches.length === 0)
    return `the ${shown(ref)} it names is not among the manifests of this checkout`;
  if (specs.size > 1)
    return `${specs.size} different ${shown(ref)} are among the manifests of this checkout (which one the cluster applies depends on its entry point)`;
  return matches[0]!;
}

/** The HelmRelease's chart as a render-check hint: in reach (remote or a path), or why not. */
export function resolveFluxChart(
  flux: FluxChart,
  objects: readonly Data[],
  root: string,
  repository?: string,
): ResolvedHint {
  const none = (why: string): ResolvedHint => ({
    kind: 'none',
    reason: `the chart of HelmRelease/${flux.release} is out of reach: ${why}`,
  });
  if (flux.chartRef) {
    const ref = refOf(flux.chartRef, flux.namespace);
    if (!ref) return none('spec.chartRef names no kind and name');
    const source = findSource(ref, objects);
    if (typeof source === 'string') return none(source);
    const spec = isObject(source.spec) ? source.spec : {};
    if (ref.kind === 'OCIRepository') return ociRepository(spec, ref, none);
    if (ref.kind === 'HelmChart')
      return fromChartSpec(spec, sourceNamespace(source, ref), objects, root, repository, none);
    return none(`spec.chartRef names a ${ref.kind}, which holds no chart`);
  }
  const spec = isObject(flux.chart) ? flux.chart : {};
  return fromChartSpec(spec, flux.namespace, objects, root, repository, none);
}

const sourceNamespace = (source: Data, ref: Ref): string | undefined =>
  isObject(source.metadata) && typeof source.metadata.namespace === 'string'
    ? source.metadata.namespace
    : ref.namespace;

/**
 * A chart path of this checkout, with its `valuesFiles` (paths of the source, its top; the
 * deprecated `valuesFile` is ignored, as helm-controller 1.0 and later ignore it): their merge
 * replaces the chart's values.yaml in the artifact source-controller builds.
 */
function pathHint(chart: string, spec: Data, root: string): ResolvedHint {
  const hint = chartPathHint(chart, root);
  const files = chartValuesFiles(spec);
  if (hint.kind !== 'path' || files.length === 0) return hint;
  return { ...hint, chartValues: files.flatMap((f) => checkoutFolder(f, root) ?? []) };
}

/** A HelmRelease's spec.chart.spec, or a HelmChart's spec: chart, version, sourceRef. */
function fromChartSpec(
  spec: Data,
  namespace: string | undefined,
  objects: readonly Data[],
  root: string,
  repository: string | undefined,
  none: (why: string) => ResolvedHint,
): ResolvedHint {
  const chart = typeof spec.chart === 'string' ? spec.chart : undefined;
  const version = typeof spec.version === 'string' ? spec.version : undefined;
  const ref = refOf(spec.sourceRef, namespace);
  if (!chart || !ref) return none('spec.chart.spec names no chart or no sourceRef');
  // A Bucket is read as a folder of this checkout, as before (its contents are synced from it).
  if (ref.kind === 'Bucket') return pathHint(chart, spec, root);
  const source = findSource(ref, objects);
  if (ref.kind === 'GitRepository') {
    // A GitRepository not among the manifests is taken to be this repository, as before.
    const url =
      typeof source === 'string' ? undefined : isObject(source.spec) ? source.spec.url : undefined;
    if (typeof url === 'string' && repository && !sameRepository(url, repository))
      // Without a password an address may carry (`https://user:token@…`): the reason is printed.
      return none(
        `its chart is in ${shown(ref)} (${redactLink(url)}), another repository than this checkout`,
      );
    return pathHint(chart, spec, root);
  }
  if (ref.kind !== 'HelmRepository') return none(`spec.chart.spec.sourceRef names a ${ref.kind}`);
  if (typeof source === 'string') return none(source);
  const repo = isObject(source.spec) ? source.spec : {};
  const url = typeof repo.url === 'string' ? repo.url : undefined;
  if (!url) return none(`${shown(ref)} has no spec.url`);
  const origin = shown({ ...ref, namespace: sourceNamespace(source, ref) });
  // valuesFiles apply to every chart source: for a repository's, paths inside its package.
  const files = chartValuesFiles(spec);
  const inChart = files.length > 0 ? { chartValuesIn: files } : {};
  if (repo.type === 'oci')
    return {
      kind: 'remote',
      ref: `${url.replace(/\/+$/, '')}/${chart}`,
      version,
      plainHttp: repo.insecure === true,
      origin,
      ...inChart,
    };
  return { kind: 'remote', ref: chart, version, repo: url, origin, ...inChart };
}

function ociRepository(spec: Data, ref: Ref, none: (why: string) => ResolvedHint): ResolvedHint {
  const url = typeof spec.url === 'string' ? spec.url : undefined;
  if (!url?.startsWith('oci://')) return none(`${shown(ref)} has no oci:// spec.url`);
  const { digest, semver, tag, tagWritten } = ociRepositoryRef(spec);
  const version = digest ? undefined : (semver ?? tag);
  // helm pulls a tag only as a version (`--version 1.4.0`): one that is none (`latest`, `main`)
  // it reads as a constraint and fails, so the chart behind it cannot be known here.
  if (version === tag && !HELM_VERSION.test(tag))
    return none(
      `${shown(ref)} pulls the tag ${tag}${tagWritten ? '' : ' (no spec.ref: the default)'}, which helm cannot pull (it pulls a chart by a version tag or a digest): set spec.ref.semver, spec.ref.digest or a version tag to have it rendered`,
    );
  return {
    kind: 'remote',
    ref: url,
    version,
    ...(digest ? { digest } : {}),
    plainHttp: spec.insecure === true,
    origin: shown(ref),
  };
}

/** A version as helm reads one (Masterminds semver's NewVersion): `1.4.0`, `v1.4`, `2.0.0-rc.1`. */
const HELM_VERSION = /^v?\d+(\.\d+){0,2}(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$/;
