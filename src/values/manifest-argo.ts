/**
 * The targets of an Argo CD Application: the chart source (`spec.source`, or each chart source of
 * `spec.sources[]`), its `helm.valuesObject` if present, else the `helm.values` string, edited
 * inside it. A chart source that only names valueFiles is refused once chosen (the link belongs
 * in that file: no new valuesObject behind the team's back); it stays a candidate, so a second
 * chart source is never chosen in its place without a word. helm.parameters and
 * helm.fileParameters on the same keys are refused too (they override every values source), and
 * so is an `.argocd-source*.yaml` beside a chart path that wins over them (argo-source-file.ts).
 *
 * A chart source is one with `chart`, a `helm` block, or a `path` to a chart: a folder with a
 * Chart.yaml, as Argo CD detects Helm. The path is read in this checkout: the source's repoURL is
 * assumed to be the repository being edited. Such a source, like a chart source without a helm
 * block, gets `helm.valuesObject` created: it has no values the team keeps elsewhere (valueFiles
 * are refused), just as Flux's spec.values is created when missing.
 */
import {
  chartInCheckout,
  chartPathHint,
  isObject,
  type ChartHint,
  type Data,
  type Refusal,
  type Target,
} from './site.js';
import { KUSTOMIZATION_NAMES } from '../controllers/kustomize.js';
import { existsSync } from 'node:fs';
import { isAbsolute, join, posix, relative, resolve } from 'node:path';
import { redactLink } from '../shared/secrets.js';
import { argoRelease, parametersOn } from '../controllers/argo-cd.js';
import { sourceFileOverride, sourceFiles, type ArgoValuesSite } from './argo-source-file.js';

export function targetsOfApplication(
  data: Data,
  doc: number,
  name: string,
  namespace: string | undefined,
  root: string,
): Target[] | Refusal {
  const spec = isObject(data.spec) ? data.spec : {};
  const sources: unknown[] = Array.isArray(spec.sources) ? spec.sources : [];
  const destination =
    isObject(spec.destination) && typeof spec.destination.namespace === 'string'
      ? spec.destination.namespace || undefined
      : undefined;
  const of = { doc, name, namespace, root, sources, destination };
  if (isObject(spec.source) && Array.isArray(spec.sources) && spec.sources.length > 0)
    return {
      problem: `is an Argo CD Application (${name}) with both spec.source and spec.sources: Argo CD ignores spec.source when spec.sources is set`,
      fix: 'Remove spec.source (Argo CD reads only spec.sources), then run again.',
    };
  if (isObject(spec.source)) {
    const one = sourceTarget(spec.source, ['spec', 'source'], of, undefined);
    return one ? [one] : notChart(name);
  }
  if (!Array.isArray(spec.sources)) return notChart(name);
  const targets: Target[] = [];
  spec.sources.forEach((source, i) => {
    if (!isObject(source)) return;
    const part =
      typeof source.chart === 'string'
        ? source.chart
        : typeof source.path === 'string'
          ? source.path
          : `sources[${i}]`;
    const target = sourceTarget(source, ['spec', 'sources', i], of, part);
    if (target) targets.push(target);
  });
  return targets.length > 0 ? targets : notChart(name);
}

function notChart(name: string): Refusal {
  return {
    problem: `is an Argo CD Application (${name}) without a Helm chart source (spec.source or spec.sources[] with chart, helm, or a path to a folder with a Chart.yaml in this checkout)`,
    fix: 'Point values-file at the Application that installs the chart, or at the values file its helm.valueFiles names.',
  };
}

function sourceTarget(
  source: Data,
  at: (string | number)[],
  of: {
    doc: number;
    name: string;
    namespace: string | undefined;
    root: string;
    sources: unknown[];
    destination: string | undefined;
  },
  part: string | undefined,
): Target | undefined {
  const { doc, name, namespace } = of;
  const helm = isObject(source.helm) ? source.helm : undefined;
  const chartDir =
    helm || typeof source.chart === 'string' ? undefined : chartPath(source, of.root);
  if (typeof source.chart !== 'string' && !helm && !chartDir) return undefined;
  const where =
    `${at.map((s) => (typeof s === 'number' ? `[${s}]` : `.${s}`)).join('')}.helm`.slice(1);
  const chart = withValueFiles(
    chartDir ? { kind: 'path', path: chartDir } : argoChartHint(source, name, of.root),
    helm?.valueFiles,
    { root: of.root, source, sources: of.sources },
  );
  const overrides = sourceFiles(source, { name, namespace }, of.root);
  const release = argoRelease(helm ?? {}, { name, destination: of.destination }, overrides);
  const base = { doc, kind: 'Application', name, namespace, part, chart, release };
  // A null valuesObject is none: Argo CD then reads the values string.
  const site: ArgoValuesSite =
    helm &&
    (helm.valuesObject === undefined || helm.valuesObject === null) &&
    typeof helm.values === 'string'
      ? 'values'
      : 'valuesObject';
  const refuse = (key: readonly string[]) =>
    parametersOverride(helm, key, where) ?? sourceFileOverride(overrides, site, key, of.root);
  if (site === 'values')
    return { ...base, site: { kind: 'string', path: [...at, 'helm', 'values'] }, refuse };
  if (helm && helm.valuesObject !== undefined && helm.valuesObject !== null)
    return { ...base, site: { kind: 'map', root: at, lead: ['helm', 'valuesObject'] }, refuse };
  const files = Array.isArray(helm?.valueFiles) ? helm.valueFiles.map(String) : [];
  if (files.length > 0) {
    const last = valueFilePlace(files[files.length - 1]!, source, of.sources);
    const keep = `add an empty valuesObject: {} to ${where} to keep the link in the Application (it wins over valueFiles)`;
    const refusal: Refusal = {
      problem: `takes its chart values from ${where}.valueFiles (${files.map(shownFile).join(', ')}) and has no values of its own`,
      fix: last.editable
        ? `Point values-file at ${last.place}, the last of them (it wins), instead of the Application; or ${keep}.`
        : `The last of them is ${last.place}, which this run cannot edit: ${keep}, then run again.`,
    };
    // A candidate all the same, refused once chosen: beside another chart source, it must not be
    // passed over in silence, with the link written into that other chart's values.
    return {
      ...base,
      site: { kind: 'map', root: at, lead: ['helm', 'valuesObject'] },
      refuse: () => refusal,
    };
  }
  return { ...base, site: { kind: 'map', root: at, lead: ['helm', 'valuesObject'] }, refuse };
}

/**
 * A chart of this checkout gets the valueFiles Argo CD passes before the Application's own values
 * (they can turn on the subchart that reads the link), those it can read here: an entry against
 * the chart's folder, or the checkout's top for `/`, and a `$ref/` entry whose source has the
 * chart source's own repoURL (this checkout too). The others (another repository, an address, a
 * chart package's own file) are named as unread: a render without them proves nothing either way.
 */
function withValueFiles(
  chart: ChartHint,
  entries: unknown,
  of: { root: string; source: Data; sources: unknown[] },
): ChartHint {
  if (!Array.isArray(entries) || entries.length === 0) return chart;
  // A chart package's own files (and any other entry) are not passed to this run's render.
  if (chart.kind === 'remote')
    return { ...chart, unreadValueFiles: entries.map(String).map(shownFile) };
  if (chart.kind !== 'path') return chart;
  const top = resolve(of.root);
  const valueFiles: string[] = [];
  const unread: string[] = [];
  const helm = isObject(of.source.helm) ? of.source.helm : {};
  for (const entry of entries.map(String)) {
    const file = checkoutFile(entry, chart.path, top, of);
    if (!file) unread.push(shownFile(entry));
    // A file of this checkout that is not there: Argo CD leaves it out only when told to
    // (ignoreMissingValueFiles); otherwise its render fails, and so does this run's, naming it.
    else if (existsSync(file) || helm.ignoreMissingValueFiles !== true) valueFiles.push(file);
  }
  return {
    ...chart,
    ...(valueFiles.length > 0 ? { valueFiles } : {}),
    ...(unread.length > 0 ? { unreadValueFiles: unread } : {}),
  };
}

/** Where a valueFiles entry is in this checkout; undefined when it is not in it. */
function checkoutFile(
  entry: string,
  chartDir: string,
  top: string,
  of: { source: Data; sources: unknown[] },
): string | undefined {
  if (URL_LIKE.test(entry)) return undefined;
  let file: string;
  const ref = /^\$([^/]+)\/(.*)$/.exec(entry);
  if (ref) {
    const from = of.sources.find((s): s is Data => isObject(s) && s.ref === ref[1]);
    if (!from || from.repoURL !== of.source.repoURL) return undefined;
    file = join(top, ref[2]!);
  } else file = entry.startsWith('/') ? join(top, entry) : resolve(chartDir, entry);
  const rel = relative(top, file);
  return rel.startsWith('..') || isAbsolute(rel) ? undefined : file;
}

/**
 * A source with only a `path` (no chart, no helm block) is a chart source when that folder of
 * the checkout holds a Chart.yaml and no other tool is named (Argo CD's own detection): its
 * absolute path, else undefined. A path leaving the checkout is no chart of it.
 */
function chartPath(source: Data, root: string): string | undefined {
  if (typeof source.path !== 'string' || source.path.trim() === '') return undefined;
  if (['kustomize', 'directory', 'plugin'].some((tool) => source[tool] !== undefined))
    return undefined;
  if (isOci(source)) return undefined;
  const dir = chartInCheckout(source.path, root);
  // A folder with a kustomization too is rendered by kustomize: Argo CD's detection picks it
  // over Helm, and a helm block added there would switch the Application to Helm.
  if (dir && KUSTOMIZATION_FILES.some((name) => existsSync(join(dir, name)))) return undefined;
  return dir;
}

const KUSTOMIZATION_FILES = KUSTOMIZATION_NAMES;

/** An OCI source's path is inside its artifact, not a folder of this checkout. */
export const isOci = (source: Data): boolean =>
  typeof source.repoURL === 'string' && source.repoURL.startsWith('oci://');

/** Where an Application source's chart is: its repoURL and chart, else a folder of the checkout. */
export function argoChartHint(
  source: Data,
  name: string,
  root: string,
): Exclude<ChartHint, { kind: 'flux' }> {
  const version = typeof source.targetRevision === 'string' ? source.targetRevision : undefined;
  const repo = typeof source.repoURL === 'string' ? source.repoURL : undefined;
  if (typeof source.chart === 'string') {
    if (repo && /^https?:\/\//.test(repo))
      return { kind: 'remote', ref: source.chart, version, repo };
    // Argo CD reads a repoURL with a chart as an OCI registry when it says oci://, or has no
    // scheme at all (`ghcr.io/acme/charts`).
    if (repo && (repo.startsWith('oci://') || !/^[a-z][a-z0-9+.-]*:/i.test(repo)))
      return {
        kind: 'remote',
        ref: `oci://${repo.replace(/^oci:\/\//, '').replace(/\/+$/, '')}/${source.chart}`,
        version,
      };
    return {
      kind: 'none',
      reason: `Application/${name} names its chart (${source.chart}) in a repository this run does not add`,
    };
  }
  if (typeof source.path === 'string') {
    if (!isOci(source)) return chartPathHint(source.path, root);
    // Argo CD 3.1's OCI source: the artifact at repoURL:targetRevision, its `path` a folder of
    // it. A Helm chart pushed with `helm push` is such an artifact, its chart at the top (`.`).
    const inside = source.path.replace(/^(\.\/)+|^\.$/, '').replace(/\/+$/, '');
    return inside === ''
      ? { kind: 'remote', ref: repo!.replace(/\/+$/, ''), version }
      : {
          kind: 'none',
          reason: `Application/${name} takes its chart from the folder ${source.path} of an OCI artifact (${repo}), which this run does not unpack`,
        };
  }
  return { kind: 'none', reason: `Application/${name} names no chart` };
}

/** helm.parameters and helm.fileParameters override values, valuesObject and valueFiles alike. */
function parametersOverride(
  helm: Data | undefined,
  key: readonly string[],
  where: string,
): Refusal | undefined {
  const hits = parametersOn(helm, key);
  if (!hits) return undefined;
  return {
    problem: `has ${where}.${hits.list} ${hits.names.join(', ')}, which set the values at values-key ${key.join('.')} and override every values source`,
    fix: 'Remove those parameters (the link goes into the values this action edits), or set values-key to the path they do not touch.',
  };
}

/**
 * Where Argo CD reads a valueFiles entry, in words a user can act on: `$ref/path` is a path in the
 * repository of the source with that `ref`; an http(s) address is fetched; any other entry is
 * read against the chart's folder: for a `path` source a folder of its repository (a leading `/`
 * is the repository's top), for a `chart` source a file inside the chart's package, which
 * no checkout holds.
 */
function valueFilePlace(
  entry: string,
  source: Data,
  sources: unknown[],
): { place: string; editable: boolean } {
  const ref = /^\$([^/]+)\/(.*)$/.exec(entry);
  if (ref) {
    const [, name, path] = ref;
    const from = sources.find((s): s is Data => isObject(s) && s.ref === name);
    return from
      ? {
          place: `${path} in the repository of the source with ref: ${name} (${shownRepo(from)})`,
          editable: true,
        }
      : { place: `${entry}, whose $${name} names no source with ref: ${name}`, editable: false };
  }
  if (URL_LIKE.test(entry))
    return { place: `a file fetched from ${redactLink(entry)}`, editable: false };
  if (typeof source.chart === 'string')
    return { place: `${entry} inside the chart package ${source.chart}`, editable: false };
  const base = typeof source.path === 'string' ? source.path : '.';
  const path = entry.startsWith('/') ? entry.slice(1) : posix.join(base, entry);
  return { place: `${posix.normalize(path)} in ${shownRepo(source)}`, editable: true };
}

/** An address among the valueFiles may carry a token in its query: shown without it. */
const shownFile = (entry: string): string => (URL_LIKE.test(entry) ? redactLink(entry) : entry);

const URL_LIKE = /^[a-z][a-z0-9+.-]*:\/\//i;

/** A source's repoURL without the user part or query an address may carry; its own words else. */
export function shownRepo(source: Data): string {
  if (typeof source.repoURL !== 'string') return 'the repository of the Application';
  return URL_LIKE.test(source.repoURL) ? redactLink(source.repoURL) : source.repoURL;
}
