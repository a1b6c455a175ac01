/**
 * What a recognised manifest offers (manifest.ts): its targets, each the place inside a document
 * where the chart's values live, and the helpers to find a node there and to name it.
 */
import { existsSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { isMap, isSeq, type Document, type Node as YamlNode } from 'yaml';
import { isObject, type Data } from '../shared/data.js';
import { findPair } from './path.js';

export { isObject, type Data };

/** The value at `path` in parsed data, or undefined where a key on the way is missing. */
export function valueAt(data: unknown, path: readonly string[]): unknown {
  let node = data;
  for (const key of path) {
    if (!isObject(node)) return undefined;
    node = node[key];
  }
  return node;
}

/** Where a target's chart values are, inside its document. */
export type ValuesSite =
  /** A mapping: `root` is the path (from the document's top) of a mapping that exists, `lead` the
   * keys from it to the chart values (created when missing): `spec` + `values`. */
  | { kind: 'map'; root: readonly (string | number)[]; lead: readonly string[] }
  /** YAML inside a string (Argo CD `helm.values: |`, a ConfigMap's `values.yaml`). */
  | { kind: 'string'; path: readonly (string | number)[] };

/** How the chart of a target can be found, for the render check (render.ts). */
export type ChartHint =
  | {
      kind: 'helmCharts';
      name: string;
      chartHome: string;
      version?: string;
      repo?: string;
      /** The entry's own values file (relative to the kustomization), under valuesInline. */
      valuesFile?: string;
      /**
       * How kustomize joins valuesInline with valuesFile: `override` (the default: inline wins),
       * `merge` (the file's set values win) or `replace` (the file is dropped).
       */
      valuesMerge?: string;
      /** Files kustomize passes to helm after valuesInline: they win over it. */
      additionalValuesFiles?: string[];
    }
  /**
   * A chart folder of this checkout (absolute; it holds a Chart.yaml), with the values files of
   * this checkout the controller passes before the manifest's own values (Argo CD valueFiles).
   */
  | {
      kind: 'path';
      path: string;
      valueFiles?: string[];
      unreadValueFiles?: string[];
      /** Flux chart valuesFiles (absolute): their merge replaces the chart's own values.yaml. */
      chartValues?: string[];
    }
  | {
      kind: 'remote';
      ref: string;
      version?: string;
      repo?: string;
      unreadValueFiles?: string[];
      /** An OCI digest the chart is pinned to; plain HTTP to the registry (Flux spec.insecure). */
      digest?: string;
      plainHttp?: boolean;
      /** The manifest that names the source: `HelmRepository docs/mintlify`. */
      origin?: string;
      /**
       * Flux chart valuesFiles of a repository chart: paths inside the chart package, whose merge
       * replaces its values.yaml in the artifact source-controller builds.
       */
      chartValuesIn?: string[];
    }
  /** A Flux HelmRelease's chart, resolved against the source objects (flux-source.ts). */
  | ({ kind: 'flux' } & FluxChart)
  | { kind: 'none'; reason: string };

/** What a HelmRelease says of its chart (manifest.ts), resolved against the objects later. */
export interface FluxChart {
  release: string;
  namespace?: string;
  /** spec.chart.spec: the chart (a name, or a path in a Git source), version, sourceRef. */
  chart?: Data;
  /** spec.chartRef: an OCIRepository or HelmChart. */
  chartRef?: Data;
}

export interface Target {
  /** The document's index in the file (counting every document, empty ones included). */
  doc: number;
  kind: string;
  name: string;
  namespace?: string;
  /** A helm source of a multi-source Application (its chart or path), a ConfigMap's data key. */
  part?: string;
  site: ValuesSite;
  /** Only a target when values-document names it (a ConfigMap key other than values.yaml). */
  namedOnly?: boolean;
  /** Checks that need values-key: throws a refusal (problem, fix) when the edit would be overridden. */
  refuse?: (valuesKey: readonly string[]) => Refusal | undefined;
  chart: ChartHint;
  /**
   * The release name and namespace the controller renders the chart with (a chart can branch on
   * them), when they are not the document's own `name` and `namespace`.
   */
  release?: { name: string; namespace?: string };
  /**
   * An overlay's patch of an object a base defines (a HelmRelease without a chart): the chart
   * and the values the patch merges over are the base's, known only from the overlay's build.
   */
  patch?: true;
}

export interface Refusal {
  problem: string;
  fix: string;
}

/** The node at a data path of `doc`, or undefined. */
export function nodeAt(doc: Document, path: readonly (string | number)[]): YamlNode | undefined {
  return nodeIn(doc.contents, path);
}

/** The node at a data path below `node` (keys of mappings, indexes of lists), or undefined. */
export function nodeIn(node: unknown, path: readonly (string | number)[]): YamlNode | undefined {
  for (const step of path) {
    if (typeof step === 'number') {
      if (!isSeq(node)) return undefined;
      node = node.items[step];
    } else {
      if (!isMap(node)) return undefined;
      node = findPair(node, step)?.value;
    }
  }
  return (node ?? undefined) as YamlNode | undefined;
}

/** `spec.sources[1].helm.values`, `data["values.yaml"]`. */
export function dotted(path: readonly (string | number)[]): string {
  return path
    .map((step, i) =>
      typeof step === 'number'
        ? `[${step}]`
        : /^[A-Za-z0-9_-]+$/.test(step)
          ? `${i === 0 ? '' : '.'}${step}`
          : `[${JSON.stringify(step)}]`,
    )
    .join('');
}

/**
 * A chart path of the repository being edited (Argo CD's source.path, Flux's chart path in a
 * GitRepository or Bucket), read in this checkout: against the top of the repository the manifest
 * is in (`root`: values/inputs.ts), as the controller reads it against the repository's. The
 * folder, when it holds a Chart.yaml; a path that leaves the checkout is no chart of it.
 */
export function chartInCheckout(path: string, root: string): string | undefined {
  const dir = checkoutFolder(path, root);
  return dir && existsSync(join(dir, 'Chart.yaml')) ? dir : undefined;
}

/** A repository path (a leading `/` is the top) as a folder of the checkout; undefined outside it. */
export function checkoutFolder(path: string, root: string): string | undefined {
  const top = resolve(root);
  const dir = resolve(top, path.replace(/^\/+/, ''));
  const rel = relative(top, dir);
  return rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel) ? undefined : dir;
}

/** The hint for a chart path: the folder in this checkout, or why it is out of reach. */
export function chartPathHint(
  path: string,
  root: string,
): Extract<ChartHint, { kind: 'path' | 'none' }> {
  const dir = chartInCheckout(path, root);
  return dir
    ? { kind: 'path', path: dir }
    : { kind: 'none', reason: `the chart path ${path} is not a chart in this checkout` };
}

/**
 * Whether a repository address names `repository` (`owner/name`, GITHUB_REPOSITORY):
 * `https://github.com/acme/docs(.git)`, `ssh://git@github.com/acme/docs`, `git@github.com:acme/docs`.
 */
export function sameRepository(url: string, repository: string): boolean {
  const path = url
    .replace(/\.git$/, '')
    .replace(/\/+$/, '')
    .replace(/^[a-z+]+:\/\/[^/]+\//i, '')
    .replace(/^[^@]+@[^:]+:/, '');
  return path.toLowerCase() === repository.toLowerCase();
}

/**
 * Whether a GitOps manifest's repoURL is this repository: the one `repository` names; without
 * it (no GITHUB_REPOSITORY), or with a templated address (`{{…}}`), it is taken to be this one.
 */
export function ofThisRepository(url: string, repository: string | undefined): boolean {
  return !repository || url.includes('{{') || sameRepository(url, repository);
}
