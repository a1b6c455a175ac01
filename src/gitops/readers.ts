/**
 * The readers of the edited files, found from each file up rather than down from the entry
 * points: one graph of what reads what, built from the scan the proof already makes (the entry
 * points, their builds, the checkout's files), and walked from each target to every release that
 * reads it. The edges:
 *
 * - a chart folder's values.yaml ← each Argo CD Application whose path source is that folder
 *   (children of an app of apps included: argo/app-of-apps.ts), and each Flux HelmRelease whose
 *   chart is that path of a GitRepository of this repository (flux/chart-values.ts);
 * - any file ← each top kustomization whose build reads it (tree.ts), where the checkout holds no
 *   entry point: the fleet repository that bootstraps the cluster is elsewhere, so each such
 *   build is proven as written (its HelmReleases, their valuesFrom and postRenderers, the sources
 *   beside them), as the cluster would get it were that folder applied.
 *
 * Each reader is proven as its controller renders it; the records say which reader, through
 * which entry point or `as written`.
 */
import { posix } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { isObject, type Data } from '../values/site.js';
import { isChartValues, proveArgoChartValues } from './argo/chart-values.js';
import { noteManualSync } from './applies.js';
import { buildEntry, copyCheckout, type Copy } from './build.js';
import {
  entryFile,
  entryLabel,
  type ArgoEntry,
  type ClusterPathEntry,
  type Entry,
} from './discover.js';
import { isYamlFile } from './files.js';
import { chartFolderOf, proveFluxChartValues, type ReleaseSite } from './flux/chart-values.js';
import { proveBuild } from './prove-flux.js';
import { NO_VARIABLES } from '../controllers/kustomize-controller.js';
import { KUSTOMIZATION_NAMES } from '../controllers/kustomize.js';
import { treeOf, type Checkout } from './tree.js';
import { isReaderElsewhere, type ProofContext, type ProofTarget } from './types.js';

/** One entry point's build, as the proof made it. */
export interface Built {
  entry: Exclude<Entry, { kind: 'argo' }>;
  tree: ReadonlySet<string>;
  objects: readonly Data[];
}

/** What reads what in one checkout, for the walk up from each edited file. */
export class ReaderGraph {
  private releases: ReleaseSite[] | undefined;
  private roots: Map<string, Set<string>> | undefined;

  constructor(
    private readonly checkout: Checkout,
    private readonly argo: readonly ArgoEntry[],
    private readonly built: readonly Built[],
    /** Only releases as written whose text names one of these (chart folders' names) count. */
    private readonly names?: ReadonlySet<string>,
  ) {}

  /** The Applications that may read a chart folder's values (their path sources are checked). */
  applications(): readonly ArgoEntry[] {
    return this.argo;
  }

  /**
   * Every HelmRelease of the checkout: as each build gives it, then as written in the files no
   * build read (no entry point applies them: the cluster gets them as written, if at all).
   */
  helmReleases(): ReleaseSite[] {
    if (this.releases) return this.releases;
    const named = this.names;
    const sites: ReleaseSite[] = [];
    const read = new Set<string>();
    for (const b of this.built) {
      for (const f of b.tree) read.add(f);
      for (const o of b.objects)
        if (isHelmRelease(o))
          sites.push({
            release: o,
            objects: b.objects,
            entry: entryLabel(b.entry),
            from: `the build of ${entryLabel(b.entry)}`,
            at: entryFile(b.entry),
          });
    }
    for (const file of this.checkout.files) {
      if (read.has(file) || !isYamlFile(file)) continue;
      const text = this.checkout.read(file);
      // One without `chart:` (an overlay's patch) has no chart of its own to read: not parsed.
      if (!text?.includes('helm.toolkit.fluxcd.io/') || !text.includes('chart:')) continue;
      if (named && ![...named].some((n) => text.includes(n))) continue;
      const objects = documents(text);
      for (const o of objects)
        if (isHelmRelease(o))
          sites.push({ release: o, objects, entry: 'as written', from: file, at: file });
    }
    return (this.releases = sites);
  }

  /**
   * The top kustomizations (folders no other kustomization of the checkout reads) whose build
   * reads `file`: each a root of what a cluster would be given.
   */
  kustomizationRoots(file: string): string[] {
    if (!this.roots) {
      const trees = new Map<string, Set<string>>();
      for (const f of this.checkout.files)
        if (KUSTOMIZATION_NAMES.includes(posix.basename(f))) {
          const dir = posix.dirname(f) === '.' ? '' : posix.dirname(f);
          trees.set(dir, treeOf(this.checkout, dir));
        }
      const inner = new Set<string>();
      for (const [dir, tree] of trees)
        for (const f of tree)
          if (KUSTOMIZATION_NAMES.includes(posix.basename(f)) && posix.dirname(f) !== (dir || '.'))
            inner.add(posix.dirname(f) === '.' ? '' : posix.dirname(f));
      this.roots = new Map([...trees].filter(([dir]) => !inner.has(dir)));
    }
    return [...this.roots].filter(([, tree]) => tree.has(file)).map(([dir]) => dir);
  }
}

const isHelmRelease = (o: unknown): o is Data =>
  isObject(o) &&
  o.kind === 'HelmRelease' &&
  typeof o.apiVersion === 'string' &&
  o.apiVersion.startsWith('helm.toolkit.fluxcd.io/');

function documents(text: string): Data[] {
  return parseAllDocuments(text)
    .filter((d) => d.errors.length === 0)
    .map((d) => d.toJS() as unknown)
    .filter(isObject);
}

/** The chart folders of the targets that are a chart's values.yaml. */
const chartFolders = (targets: readonly ProofTarget[]): Set<string> =>
  new Set(
    targets
      .filter(isChartValues)
      .map((t) => (posix.dirname(t.file) === '.' ? '' : posix.dirname(t.file))),
  );

/** Their names: a release as written that names none of them cannot render one (not parsed). */
export const chartNames = (targets: readonly ProofTarget[]): Set<string> =>
  new Set([...chartFolders(targets)].map((f) => posix.basename(f)));

/**
 * The files holding a HelmRelease (as written) whose chart is the folder of a target that is a
 * chart's values.yaml: the entry points whose tree holds them are built, as for an edited file.
 */
export function chartReaderFiles(
  checkout: Checkout,
  targets: readonly ProofTarget[],
  repository: string | undefined,
): string[] {
  const folders = chartFolders(targets);
  if (folders.size === 0) return [];
  const sites = new ReaderGraph(checkout, [], [], chartNames(targets)).helmReleases();
  return sites
    .filter((s) => folders.has(chartFolderOf(s.release, s.objects, checkout, repository) ?? '\0'))
    .map((s) => s.from);
}

/**
 * Proves each target through the readers the walk up finds that the entry points' own proof
 * does not cover: a chart folder's values.yaml through the Applications and HelmReleases that
 * render that chart. Returns the targets some reader reads.
 */
export async function proveChartReaders(
  ctx: ProofContext,
  graph: ReaderGraph,
  targets: readonly ProofTarget[],
): Promise<Set<string>> {
  const read = new Set<string>();
  for (const target of targets.filter(isChartValues)) {
    for (const app of graph.applications()) {
      const from = ctx.records.length;
      if (await proveArgoChartValues(ctx, app, target)) read.add(target.file);
      noteManualSync(
        ctx.records.slice(from),
        app.spec,
        `${entryLabel(app)} (${app.from})`,
        app.generatedBy?.rollingSync,
      );
    }
    for (const site of graph.helmReleases())
      if (await proveFluxChartValues(ctx, site, target)) read.add(target.file);
  }
  return read;
}

/**
 * A checkout without entry points: each target proven through every top kustomization whose
 * build reads it, built as kustomize-controller would build it were that folder applied, with
 * the run's edits; a HelmRelease manifest in no kustomization, through its own folder. A build
 * that holds the file but no release that reads the link is no reader (nothing is recorded).
 */
export async function proveAsWritten(
  ctx: ProofContext,
  graph: ReaderGraph,
  edited: ReadonlyMap<string, string>,
  targets: readonly ProofTarget[],
): Promise<Set<string>> {
  const read = new Set<string>();
  const { checkout, tools } = ctx;
  const folders = new Map<string, ProofTarget[]>();
  for (const target of targets) {
    let roots = graph.kustomizationRoots(target.file);
    if (roots.length === 0 && target.chosen?.some((c) => c.kind === 'HelmRelease'))
      roots = [posix.dirname(target.file) === '.' ? '' : posix.dirname(target.file)];
    for (const root of roots) folders.set(root, [...(folders.get(root) ?? []), target]);
  }
  let copy: Copy | undefined;
  try {
    for (const [folder, held] of folders) {
      const own = KUSTOMIZATION_NAMES.map((n) => posix.join(folder, n)).find((f) =>
        checkout.files.includes(f),
      );
      const entry: ClusterPathEntry = {
        kind: 'as-written',
        name: folder,
        from: own ?? (folder || '.'),
        path: folder,
      };
      if (!tools.kubectl) {
        for (const t of held.filter((t) => t.chosen))
          ctx.records.push({
            target: t.display,
            entry: entryLabel(entry),
            level: 'skipped',
            reason: 'kubectl is not on PATH, so the kustomization was not built',
          });
        continue;
      }
      const tree = treeOf(checkout, folder);
      copy ??= await copyCheckout(checkout, edited, []);
      await copy.add(tree);
      let built = await buildEntry(checkout, copy, entry, tools.kubectl, () => NO_VARIABLES);
      if (built.kind === 'refused' && built.problem.startsWith('kubectl') && !copy.complete()) {
        await copy.add(checkout.files);
        built = await buildEntry(checkout, copy, entry, tools.kubectl, () => NO_VARIABLES);
      }
      if (built.kind === 'refused') {
        // Not a folder kustomize-controller could apply (helmCharts, values beside manifests):
        // no reader here, unless the target is a release, which then was not proven.
        for (const t of held.filter((t) => t.chosen?.some((c) => c.kind === 'HelmRelease')))
          ctx.records.push({
            target: t.display,
            entry: entryLabel(entry),
            level: 'skipped',
            reason: built.problem,
          });
        continue;
      }
      const before = ctx.records.length;
      await proveBuild(ctx, entry, new Set(tree), built.objects, held);
      const added = ctx.records.splice(before);
      for (const r of added.filter((r) => !isReaderElsewhere(r))) {
        ctx.records.push(r);
        for (const t of held) if (r.target.startsWith(t.display)) read.add(t.file);
      }
    }
  } finally {
    await copy?.remove();
  }
  return read;
}
