/**
 * Files baked into a chart artifact. Flux's source-controller packages a chart from a path of a
 * GitRepository or Bucket (a HelmRelease's `spec.chart.spec.chart: ./charts/docs`) into an
 * artifact, its `values.yaml` (or the merge of `spec.chart.spec.valuesFiles`, which replaces it:
 * controllers/source-controller.ts) inside. With `reconcileStrategy: ChartVersion`, the default,
 * it builds a new artifact only when the version in Chart.yaml changes (source-controller,
 * HelmChart reconcile), so a link written into such a file reaches no cluster until someone bumps
 * the chart's version: the run would exit 0 and the site keep its old link. With `Revision` every new commit makes a new artifact.
 */
import { join, relative } from 'node:path';
import {
  chartValuesFiles,
  reconcileStrategy,
  releaseChartSpec,
} from '../controllers/source-controller.js';
import { chartInCheckout, checkoutFolder, isObject, type Data, type Refusal } from './site.js';

/** A HelmRelease of the checkout: its data, and the file it is in (absolute). */
export interface CheckoutRelease {
  file: string;
  data: Data;
}

/** The chart of a HelmRelease from a path of this repository, as source-controller builds it. */
export interface PathChart {
  /** The chart folder (absolute). */
  dir: string;
  /** `spec.chart.spec.valuesFiles`, absolute: their merge replaces values.yaml. */
  valuesFiles?: string[];
  strategy: string;
  source: string;
}

/**
 * The chart a HelmRelease installs from a GitRepository or Bucket (taken to be this repository,
 * as values/site.ts takes every chart path), read against `root`; undefined for any other source.
 */
export function pathChartOf(data: Data, root: string): PathChart | undefined {
  const chartSpec = releaseChartSpec(data);
  const ref = isObject(chartSpec.sourceRef) ? chartSpec.sourceRef : {};
  if (ref.kind !== 'GitRepository' && ref.kind !== 'Bucket') return undefined;
  if (typeof chartSpec.chart !== 'string') return undefined;
  const dir = chartInCheckout(chartSpec.chart, root);
  if (!dir) return undefined;
  const files = chartValuesFiles(chartSpec);
  // valuesFiles name paths of the source, the repository's top (source-controller, local builder).
  return {
    dir,
    ...(files.length > 0
      ? { valuesFiles: files.flatMap((f) => checkoutFolder(f, root) ?? []) }
      : {}),
    strategy: reconcileStrategy(chartSpec),
    source: `${String(ref.kind)}/${typeof ref.name === 'string' ? ref.name : ''}`,
  };
}

/** Whether a HelmRelease of `releases` reads `path` from its chart artifact, whatever its strategy. */
export function readByPathRelease(
  path: string,
  releases: readonly CheckoutRelease[],
  root: string,
): boolean {
  return releases.some((release) => {
    const chart = pathChartOf(release.data, root);
    return chart !== undefined && artifactValues(chart).includes(path);
  });
}

/** The values files an artifact bakes in: the chart's values.yaml, or its valuesFiles instead. */
const artifactValues = (chart: PathChart): string[] =>
  chart.valuesFiles ?? [join(chart.dir, 'values.yaml')];

/**
 * The refusal for a values file (`path`, absolute) that one of `releases` reads from inside its
 * chart artifact while source-controller rebuilds that artifact only for a new chart version.
 */
export function bakedIntoArtifact(
  path: string,
  releases: readonly CheckoutRelease[],
  root: string,
): Refusal | undefined {
  for (const release of releases) {
    const chart = pathChartOf(release.data, root);
    if (!chart || chart.strategy === 'Revision') continue;
    if (!artifactValues(chart).includes(path)) continue;
    const meta = isObject(release.data.metadata) ? release.data.metadata : {};
    const name = `HelmRelease/${typeof meta.name === 'string' ? meta.name : ''}`;
    const where = relative(root, release.file);
    const chartYaml = relative(root, join(chart.dir, 'Chart.yaml'));
    return {
      problem: `is baked into the chart artifact Flux builds for ${name} (${where}) from ${chart.source} with reconcileStrategy ${chart.strategy}${chart.strategy === 'ChartVersion' ? ' (the default)' : ''}: source-controller reuses that artifact until the version in ${chartYaml} changes, so the new link would reach no cluster`,
      fix: `Set spec.chart.spec.reconcileStrategy: Revision on ${name} in ${where} (a new artifact for every commit), or write the link into its spec.values instead (values-file: ${where}).`,
    };
  }
  return undefined;
}

/** Whether a file may hold a HelmRelease worth reading for the rule above (a cheap text test). */
export function mayHoldPathRelease(text: string): boolean {
  return text.includes('HelmRelease') && /GitRepository|Bucket/.test(text);
}
