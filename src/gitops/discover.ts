/**
 * The entry points: where the cluster starts reading this checkout. Flux `Kustomization` objects
 * (`kustomize.toolkit.fluxcd.io`, any version) with their spec.path and what kustomize-controller
 * adds to the build (patches, images, prefixes, a target namespace, components, post-build
 * substitution); Argo CD `Application`s whose sources are paths of this checkout; and the folders
 * `cluster-path` names, for a bootstrap this checkout does not hold. What a document is comes
 * from its parsed apiVersion and kind; only YAML files with a line that starts `apiVersion:` one
 * of those groups are parsed (a values file that names the group in an annotation is not), so a
 * large checkout is scanned quickly, and each file is parsed once per run (shared/documents.ts).
 */
import { manifestsOf } from '../shared/go-yaml.js';
import { plainManifests } from '../shared/plain-yaml.js';
import { redactLink } from '../shared/secrets.js';
import { isObject, ofThisRepository, type Data } from '../values/site.js';
import { isYamlFile } from './files.js';
import { join } from '../shared/repo-path.js';
import type { Checkout } from './tree.js';
import type { RollingSync } from '../controllers/argo-cd.js';

const SOURCE_GROUP = 'source.toolkit.fluxcd.io/';

export interface FluxEntry {
  kind: 'flux';
  name: string;
  namespace: string;
  /** Where it was found: a file of the checkout, or the build of a parent entry point. */
  from: string;
  /** spec.path, relative to the checkout's top ('' for the top). */
  path: string;
  spec: Data;
}

export interface ArgoEntry {
  kind: 'argo';
  name: string;
  namespace: string;
  from: string;
  spec: Data;
  /**
   * For an Application an ApplicationSet generated (argo/appset-expand.ts): the ApplicationSet,
   * its git generator (whose `revision` is the commit the children come from) and what its
   * RollingSync strategy does to this Application (controllers/argo-cd.ts).
   */
  generatedBy?: { label: string; git?: Data; rollingSync?: RollingSync };
}

export interface ClusterPathEntry {
  /** `as-written`: a kustomization of a checkout without entry points, built as found (readers.ts). */
  kind: 'cluster-path' | 'as-written';
  name: string;
  from: string;
  path: string;
}

export type Entry = FluxEntry | ArgoEntry | ClusterPathEntry;

/** `Kustomization/flux-system/apps`, `Application/argocd/guestbook`, `cluster-path clusters/x`. */
export const entryLabel = (e: Entry): string =>
  e.kind === 'flux'
    ? `Kustomization/${e.namespace}/${e.name}`
    : e.kind === 'argo'
      ? `Application/${e.namespace}/${e.name}`
      : e.kind === 'as-written'
        ? `as written (${e.from})`
        : `cluster-path ${e.path || '.'}`;

/**
 * The file an entry point is written in, as a checkout path: a child an app of apps renders is
 * placed by its template (`charts/apps/templates/docs.yaml, rendered by …`); a cluster-path, which
 * is written nowhere, by its folder (no file has a folder's path). Where it sits says which
 * clusters apply it (clusters.ts).
 */
export const entryFile = (entry: Entry): string =>
  entry.kind === 'cluster-path' ? entry.path : entry.from.split(', rendered by ')[0]!;

const FLUX_GROUP = 'kustomize.toolkit.fluxcd.io/';
const ARGO_GROUP = 'argoproj.io/';

/** The manifests of the checkout's YAML files that are entry points, in file order. */
export function discoverEntries(checkout: Checkout, clusterPaths: readonly string[]): Entry[] {
  const entries: Entry[] = clusterPaths.map((path) => ({
    kind: 'cluster-path' as const,
    name: path,
    from: 'cluster-path',
    path,
  }));
  for (const file of checkout.files) {
    if (!isYamlFile(file)) continue;
    const text = checkout.read(file);
    if (!text || !ENTRY_LINE.test(text)) continue;
    // A chart's template is Go template text, applied only rendered (argo/app-of-apps.ts).
    if (inChartTemplates(checkout, file)) continue;
    // A plain file (most entry points) is read without the library's syntax tree (plain-yaml.ts).
    const plain = plainManifests(text, isEntryHead);
    entries.push(...(plain ? plain.flatMap((d) => entryOf(d, file) ?? []) : entriesIn(text, file)));
  }
  return entries;
}

/**
 * A top-level `apiVersion:` of a Flux Kustomization's or an Argo CD Application's group at the
 * start of a line (quoted or not): the cheap test of whether a file may hold an entry point.
 */
const ENTRY_LINE =
  /^["']?apiVersion["']?[ \t]*:[ \t]*["']?(kustomize\.toolkit\.fluxcd\.io|argoproj\.io)\//m;

const isEntryHead = (head: { apiVersion?: string; kind?: string }): boolean =>
  (head.kind === 'Kustomization' && !!head.apiVersion?.startsWith(FLUX_GROUP)) ||
  (head.kind === 'Application' && !!head.apiVersion?.startsWith(ARGO_GROUP));

/** Whether a file is under the templates/ folder of a chart (a Chart.yaml beside that folder). */
function inChartTemplates(checkout: Checkout, file: string): boolean {
  const at = file.lastIndexOf('templates/');
  if (at < 0 || (at > 0 && file[at - 1] !== '/')) return false;
  return checkout.files.includes(`${file.slice(0, at)}Chart.yaml`);
}

/** The entry points among the documents of one text (a file, or a build's output). */
export function entriesIn(text: string, from: string): Entry[] {
  const found: Entry[] = [];
  for (const data of manifestsOf(text, isEntryHead)) {
    const entry = entryOf(data, from);
    if (entry) found.push(entry);
  }
  return found;
}

export function entryOf(data: unknown, from: string): Entry | undefined {
  if (!isObject(data) || typeof data.apiVersion !== 'string' || !isObject(data.spec))
    return undefined;
  const meta = isObject(data.metadata) ? data.metadata : {};
  const name = typeof meta.name === 'string' ? meta.name : '';
  // Flux applies a Kustomization without a namespace into flux-system (its bootstrap's).
  const namespace = typeof meta.namespace === 'string' ? meta.namespace : '';
  if (data.kind === 'Kustomization' && data.apiVersion.startsWith(FLUX_GROUP)) {
    const path = typeof data.spec.path === 'string' ? data.spec.path : '';
    return {
      kind: 'flux',
      name,
      namespace: namespace || 'flux-system',
      from,
      path: join('', path.replace(/^\/+/, '')),
      spec: data.spec,
    };
  }
  if (data.kind === 'Application' && data.apiVersion.startsWith(ARGO_GROUP))
    return { kind: 'argo', name, namespace: namespace || 'argocd', from, spec: data.spec };
  return undefined;
}

/**
 * Adds the url of each GitRepository among `objects` to `urls`, by `namespace/name`, and by name
 * alone for one written without a namespace (applied where its parent builds it).
 */
export function gitRepositoryUrls(
  objects: Iterable<unknown>,
  urls = new Map<string, string>(),
): Map<string, string> {
  for (const data of objects) {
    if (!isObject(data) || data.kind !== 'GitRepository' || !isObject(data.spec)) continue;
    if (typeof data.apiVersion !== 'string' || !data.apiVersion.startsWith(SOURCE_GROUP)) continue;
    const meta = isObject(data.metadata) ? data.metadata : {};
    if (typeof meta.name !== 'string' || typeof data.spec.url !== 'string') continue;
    const key = typeof meta.namespace === 'string' ? `${meta.namespace}/${meta.name}` : meta.name;
    urls.set(key, data.spec.url);
  }
  return urls;
}

/** The GitRepository urls of the checkout's YAML files (only those that name one are parsed). */
export function checkoutGitRepositories(checkout: Checkout): Map<string, string> {
  const urls = new Map<string, string>();
  for (const file of checkout.files) {
    if (!isYamlFile(file)) continue;
    const text = checkout.read(file);
    if (!text?.includes('GitRepository') || !text.includes(SOURCE_GROUP)) continue;
    gitRepositoryUrls(
      manifestsOf(text, (head) => head.kind === 'GitRepository'),
      urls,
    );
  }
  return urls;
}

/**
 * Why an entry point's sources are out of this run's reach, or undefined: a Flux Kustomization
 * built from an OCI artifact or a Bucket, or from a GitRepository whose url is another repository
 * (its path in this checkout would be a folder of the same name, proving nothing). A
 * GitRepository this run cannot find is taken for this repository, as a bootstrap's is.
 */
export function outOfReach(
  entry: Entry,
  gitUrls: ReadonlyMap<string, string> = new Map(),
  repository?: string,
): string | undefined {
  if (entry.kind !== 'flux') return undefined;
  const ref = isObject(entry.spec.sourceRef) ? entry.spec.sourceRef : {};
  if (ref.kind === 'OCIRepository' || ref.kind === 'Bucket')
    return `${entryLabel(entry)} builds from ${String(ref.kind)}/${String(ref.name)}, not from this repository`;
  if ((ref.kind ?? 'GitRepository') !== 'GitRepository' || typeof ref.name !== 'string')
    return undefined;
  const namespace = typeof ref.namespace === 'string' ? ref.namespace : entry.namespace;
  const exact = gitUrls.get(`${namespace}/${ref.name}`) ?? gitUrls.get(ref.name);
  // The Kustomization's namespace may come from where this run does not look (a kustomization's
  // `namespace:` over its file): then a GitRepository of that name in any namespace may be its
  // source, and one of another repository among them is not a guess this run can make.
  const candidates: [string, string][] =
    exact !== undefined
      ? [[`${namespace}/${ref.name}`, exact]]
      : [...gitUrls].filter(([key]) => key.endsWith(`/${String(ref.name)}`));
  const away = candidates.find(([, url]) => !ofThisRepository(url, repository));
  if (!away) return undefined;
  const [source, url] = away;
  return `${entryLabel(entry)} builds from GitRepository/${source} (${redactLink(url)}), another repository: out of reach of this checkout, whose folder of that path proves nothing. To prove the link, name the folder the cluster applies in cluster-path, or run the action in that repository`;
}
