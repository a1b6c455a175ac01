/**
 * The proof through the composition the cluster applies (discover → build → merge → render →
 * check, the shape of flux-local): the entry points of the checkout are found, those whose tree
 * holds an edited file are built once each, parents first (a child Kustomization as its parent's
 * build produces it: an overlay may patch its path), with the edited files as this run would write
 * them; each target is then proven at the values level, and at the rendered level where its chart
 * is in reach (a folder of the checkout, or fetched from its repository or registry). A manifest
 * no entry point includes is orphaned, unless an ApplicationSet this run cannot expand reads it
 * (appset.ts; list and this repository's git generators are expanded, appset-expand.ts), or an
 * Application whose source is another repository names it (prove-argo.ts): out of reach then,
 * and said to be.
 */
import { parseAllDocuments } from 'yaml';
import { isObject, type Data } from '../values/site.js';
import { buildEntry, copyCheckout, entryTree, type Copy } from './build.js';
import { clustersOf, type Cluster } from './clusters.js';
import {
  discoverEntries,
  entryFile,
  entryLabel,
  checkoutGitRepositories,
  gitRepositoryUrls,
  outOfReach,
  type ArgoEntry,
  type Entry,
  type FluxEntry,
} from './discover.js';
import { openCheckout } from './checkout.js';
import { appSetReaders, appSetRecords } from './appset.js';
import { expandAppSets } from './argo/appset-expand.js';
import { operatorObjects, resourceSetReaders } from './flux/instance.js';
import {
  checkoutGitSources,
  fluxHeldBack,
  gitSources,
  heldOnly,
  mergedSources,
  markHeldBack,
  noteManualSync,
  type GitSource,
  type Landing,
} from './applies.js';
import { isYamlFile } from './files.js';
import { argoFiles, elsewhereRecords, proveApplication } from './prove-argo.js';
import { proveBuild } from './prove-flux.js';
import { unrenderedParents, withChildren } from './argo/app-of-apps.js';
import {
  chartNames,
  chartReaderFiles,
  proveAsWritten,
  proveChartReaders,
  ReaderGraph,
  type Built,
} from './readers.js';
import { NO_VARIABLES, variablesOf } from '../controllers/kustomize-controller.js';
import { join } from '../shared/repo-path.js';
import type { Checkout } from './tree.js';
import type { ProofContext, ProofRecord, ProofTarget, ProofTools } from './types.js';

export interface ProofResult {
  records: ProofRecord[];
  refusals: string[];
  /** Entry points found (none: the checkout shows nothing of what the cluster applies). */
  entries: number;
  /** Targets no entry point's tree includes: manifests, and plain values files. */
  orphans: { manifests: ProofTarget[]; plain: ProofTarget[] };
  /**
   * Targets only an ApplicationSet this run cannot expand, or an Application of another
   * repository, reads (out of reach), with why and what to do.
   */
  unreachable: { target: ProofTarget; reason: string }[];
  /** Apps of apps whose chart was not rendered, and why: their children were not looked at. */
  unrenderedParents: string[];
}

export interface ProofOptions {
  root: string;
  /** The checkout's tracked files (gitops/files.ts), when the caller has listed them already. */
  files?: readonly string[];
  targets: readonly ProofTarget[];
  /** The edited files as this run would write them (placeholder link), by checkout path. */
  edited: ReadonlyMap<string, string>;
  /** cluster-path: folders the cluster applies, as checkout paths. */
  clusterPaths: readonly string[];
  /** `owner/name` of this repository (GITHUB_REPOSITORY), when known. */
  repository?: string;
  /** Where this run's change lands (applies.ts landingOf). */
  landing?: Landing;
}

type Buildable = Exclude<Entry, { kind: 'argo' }>;

export async function proveComposition(
  options: ProofOptions,
  tools: ProofTools,
): Promise<ProofResult> {
  const checkout = await openCheckout(options.root, options.edited, options.files);
  const { repository, landing = {} } = options;
  const ctx: ProofContext = {
    checkout,
    tools,
    records: [],
    refusals: [],
    landing,
    ...(repository ? { repository } : {}),
  };
  // Read only where a choice needs it: several GitRepositories of one name (clusters.ts).
  let clusters: Cluster[] | undefined;
  ctx.sameCluster = (a, b) =>
    (clusters ??= clustersOf(checkout, options.clusterPaths, repository)).some(
      (c) => c.files.has(a) && c.files.has(b),
    );
  const operator = operatorObjects(checkout);
  // With the Applications of the ApplicationSets expanded as their controller would (appset-expand.ts).
  const entries = [
    ...discoverEntries(checkout, options.clusterPaths),
    ...expandAppSets(checkout, repository).entries,
    // A FluxInstance's sync: the Kustomization the Flux Operator generates (flux/instance.ts).
    ...operator.entries,
  ];
  const generated = appSetRecords(appSetReaders(checkout, repository), options.targets);
  // Files out of reach (a reason each): read by an ApplicationSet not expanded, or from another
  // repository.
  const away = new Map(generated.read);
  const result: ProofResult = {
    records: ctx.records,
    refusals: ctx.refusals,
    entries: entries.length,
    orphans: { manifests: [], plain: [] },
    unreachable: [],
    unrenderedParents: [],
  };
  ctx.records.push(...generated.records);
  const unreached = (targets: readonly ProofTarget[]) => {
    for (const target of targets) {
      // A ResourceSet's templates may read it: out of reach, never "no reader" (flux/instance.ts).
      const generatedBy = away.has(target.file) ? [] : resourceSetReaders(operator, target.file);
      for (const why of generatedBy) {
        const entry = why.slice(0, why.indexOf(' ('));
        ctx.records.push({ target: target.display, entry, level: 'skipped', reason: why });
      }
      if (generatedBy[0] !== undefined) away.set(target.file, generatedBy[0]);
      const reason = away.get(target.file);
      if (reason !== undefined) result.unreachable.push({ target, reason });
      else (target.chosen ? result.orphans.manifests : result.orphans.plain).push(target);
    }
  };
  if (entries.length === 0) {
    // No entry point here (the cluster's bootstrap is elsewhere): each reader as written.
    const open = options.targets.filter((t) => !generated.read.has(t.file));
    const graph = new ReaderGraph(checkout, [], [], chartNames(open));
    await proveChartReaders(ctx, graph, open);
    await proveAsWritten(ctx, graph, options.edited, open);
    unreached(options.targets.filter((t) => generated.read.has(t.file)));
    // A reader whose chart's GitRepository follows another branch (flux/chart-values.ts).
    ctx.refusals.push(...heldOnly(ctx.records, open));
    return result;
  }
  const buildable = entries.filter((e): e is Buildable => e.kind !== 'argo');
  const trees = new Map<Buildable, Set<string>>(buildable.map((e) => [e, entryTree(checkout, e)]));
  // With the files of the releases that read an edited chart's values.yaml (readers.ts).
  const editedFiles = new Set([
    ...options.targets.map((t) => t.file),
    ...chartReaderFiles(checkout, options.targets, repository),
  ]);
  const relevant = relevantEntries(buildable, trees, editedFiles);
  let copy: Copy | undefined;
  const built: Built[] = [];
  // Entry points that do not apply this commit (suspended, another ref): why, by label.
  const heldEntries = new Map<string, string>();
  try {
    const done = new Set<Buildable>();
    const parentObjects: Data[] = [];
    // The checkout's GitRepositories, read once; the builds' are added as they come.
    let checkoutGit: Map<string, string> | undefined;
    let checkoutSources: Map<string, GitSource> | undefined;
    while (done.size < relevant.length) {
      // Parents first: an entry whose file the tree of another not yet built holds waits for it.
      const next =
        relevant.find(
          (e) =>
            !done.has(e) &&
            !relevant.some((p) => p !== e && !done.has(p) && trees.get(p)!.has(e.from)),
        ) ?? relevant.find((e) => !done.has(e))!;
      done.add(next);
      checkoutGit ??= gitRepositoryUrls(
        operator.sources.map((s) => s.object),
        checkoutGitRepositories(checkout),
      );
      const gitUrls = gitRepositoryUrls(parentObjects, new Map(checkoutGit));
      const reach = outOfReach(next, gitUrls, repository);
      if (reach) {
        for (const t of options.targets.filter((t) => trees.get(next)!.has(t.file)))
          ctx.records.push({
            target: t.display,
            entry: entryLabel(next),
            level: 'skipped',
            reason: reach,
          });
        continue;
      }
      // A reader this entry point does not apply this commit through proves nothing (applies.ts);
      // a parent is still built, for the children its build produces, and the releases it makes
      // that read a chart folder's values.yaml are held back after the readers' walk (below).
      if (!checkoutSources) {
        checkoutSources = checkoutGitSources(checkout);
        for (const s of operator.sources) gitSources([s.object], s.from, checkoutSources);
      }
      const sources = mergedSources(parentObjects, "a parent's build", checkoutSources);
      const placed = (from: string) => ctx.sameCluster!(entryFile(next), from);
      const held = fluxHeldBack(next, sources, landing, placed);
      if (held) heldEntries.set(entryLabel(next), held);
      const holds = options.targets.filter((t) => trees.get(next)!.has(t.file));
      if (held && holds.length > 0) {
        for (const t of holds)
          ctx.records.push(
            markHeldBack({
              target: t.display,
              entry: entryLabel(next),
              level: 'skipped',
              reason: held,
            }),
          );
        continue;
      }
      if (!tools.kubectl) {
        for (const t of options.targets.filter((t) => trees.get(next)!.has(t.file)))
          ctx.records.push({
            target: t.display,
            entry: entryLabel(next),
            level: 'skipped',
            reason: 'kubectl is not on PATH, so the entry point was not built',
          });
        continue;
      }
      copy ??= await copyCheckout(checkout, options.edited, []);
      await copy.add(trees.get(next)!);
      const variables = (e: Entry) =>
        e.kind === 'flux'
          ? variablesOf(e.spec, (name) => configMapData(checkout, parentObjects, name))
          : NO_VARIABLES;
      const build = async (on: Copy) =>
        buildEntry(checkout, on, next, tools.kubectl!, variables, tools.signal);
      let result = await build(copy);
      // The tree reader may have missed a file the build reads: a failure counts on a full copy.
      if (result.kind === 'refused' && result.problem.startsWith('kubectl') && !copy.complete()) {
        await copy.add(checkout.files);
        result = await build(copy);
      }
      if (result.kind === 'refused') {
        if (!tools.layersOnly && [...editedFiles].some((f) => trees.get(next)!.has(f)))
          ctx.refusals.push(`${result.problem}. ${result.fix}`);
        continue;
      }
      parentObjects.push(...result.objects);
      built.push({ entry: next, tree: trees.get(next)!, objects: result.objects });
      adoptChildren(result.objects, relevant, done, trees, checkout);
      await proveBuild(ctx, next, trees.get(next)!, result.objects, options.targets);
    }
  } finally {
    await copy?.remove();
  }
  // An app of apps' children exist once its chart is rendered as Argo CD renders it.
  const { entries: argo, missing } = await withChildren(
    checkout,
    entries.filter((e): e is ArgoEntry => e.kind === 'argo'),
    tools.helm ?? tools.parentsHelm,
    repository,
    tools.signal,
  );
  ctx.records.push(...unrenderedParents(missing, options.targets));
  result.unrenderedParents = missing.map(
    ({ parent, reason }) =>
      `${entryLabel(parent)} (${parent.from}) is an app of apps, and ${reason}`,
  );
  for (const entry of argo) {
    const from = ctx.records.length;
    await proveApplication(ctx, entry, options.targets);
    noteManualSync(
      ctx.records.slice(from),
      entry.spec,
      `${entryLabel(entry)} (${entry.from})`,
      entry.generatedBy?.rollingSync,
    );
  }
  const included = new Set<string>();
  for (const tree of trees.values()) for (const f of tree) included.add(f);
  for (const entry of argo) {
    included.add(entry.from);
    for (const f of argoFiles(checkout, entry, repository)) included.add(f);
    const other = elsewhereRecords(checkout, entry, repository, options.targets);
    ctx.records.push(...other.records);
    for (const [file, reason] of other.read) if (!away.has(file)) away.set(file, reason);
  }
  // From each edited file up: the readers the entry points' proof does not walk to.
  const graph = new ReaderGraph(checkout, argo, built, chartNames(options.targets));
  const fromReaders = ctx.records.length;
  for (const f of await proveChartReaders(ctx, graph, options.targets)) included.add(f);
  // A chart folder's values.yaml is not in an entry point's tree, yet a release its build makes
  // reads it: through an entry point held back, that reader proves nothing either.
  for (const r of ctx.records.slice(fromReaders)) {
    const held = heldEntries.get(r.entry);
    if (held && r.level !== 'skipped' && !r.reason?.startsWith('refused'))
      markHeldBack(Object.assign(r, { level: 'skipped' as const, reason: held }));
  }
  unreached(options.targets.filter((t) => !included.has(t.file)));
  ctx.refusals.push(...heldOnly(ctx.records, options.targets));
  return result;
}

/** The entries whose tree holds an edited file, and their parents (whose tree holds their file). */
function relevantEntries(
  entries: readonly Buildable[],
  trees: ReadonlyMap<Buildable, Set<string>>,
  edited: ReadonlySet<string>,
): Buildable[] {
  const relevant = new Set(entries.filter((e) => [...edited].some((f) => trees.get(e)!.has(f))));
  for (let grew = true; grew;) {
    grew = false;
    for (const e of entries)
      if (!relevant.has(e) && [...relevant].some((c) => trees.get(e)!.has(c.from))) {
        relevant.add(e);
        grew = true;
      }
  }
  return entries.filter((e) => relevant.has(e));
}

/**
 * A child Kustomization as the parent's build produces it (patched, substituted) replaces the
 * one read from its file; so does its tree, and so whether it is relevant.
 */
function adoptChildren(
  objects: readonly Data[],
  relevant: Buildable[],
  built: ReadonlySet<Buildable>,
  trees: Map<Buildable, Set<string>>,
  checkout: Checkout,
): void {
  for (const [i, entry] of relevant.entries()) {
    if (entry.kind !== 'flux' || built.has(entry)) continue;
    const object = objects.find(
      (o) =>
        o.kind === 'Kustomization' &&
        String(o.apiVersion).startsWith('kustomize.toolkit.fluxcd.io/') &&
        (o.metadata as Data | undefined)?.name === entry.name,
    );
    if (!object || typeof (object.spec as Data | undefined)?.path !== 'string') continue;
    const spec = object.spec as Data;
    const child: FluxEntry = {
      ...entry,
      spec,
      path: join('', String(spec.path).replace(/^\/+/, '')),
      from: entry.from,
    };
    trees.set(child, entryTree(checkout, child));
    trees.delete(entry);
    relevant[i] = child;
  }
}

/** A ConfigMap's data for post-build variables: from a parent's build, else the checkout. */
function configMapData(
  checkout: Checkout,
  built: readonly Data[],
  name: string,
): Record<string, string> | undefined {
  const named = (o: unknown): o is Data =>
    isObject(o) && o.kind === 'ConfigMap' && isObject(o.metadata) && o.metadata.name === name;
  const found =
    built.find(named) ??
    checkout.files
      .filter((f) => isYamlFile(f) && (checkout.read(f) ?? '').includes(name))
      .flatMap((f) => parseAllDocuments(checkout.read(f) ?? '').map((d) => d.toJS() as unknown))
      .find(named);
  return found && isObject(found.data) ? (found.data as Record<string, string>) : undefined;
}
