/**
 * The proof through an Argo CD Application whose chart source is a folder of this checkout, or
 * whose values come from this checkout (`$ref/…` valueFiles of a multi-source Application, its
 * chart then pulled from its repoURL by the run's fetcher, as the render check pulls it), for
 * a plain values file it names among its valueFiles (globs included). Argo CD merges the
 * `.argocd-source*.yaml` files beside a source's path over it (values/argo-source-file.ts), then
 * passes valueFiles in order, then `values` or `valuesObject`, then parameters and
 * fileParameters; the layer that wins is named, an override file by its own name. The
 * Application as a target of its own is proven by the render check itself (publish/render.ts).
 * A source in another repository, an address, or a chart package's own file is out of reach: a
 * path source, or a `$ref` source, whose repoURL is not this repository (values/site.ts
 * ofThisRepository) is never read from this checkout's folder of the same name (a guess); the
 * files it would name are recorded as out of reach instead (elsewhereRecords).
 */
import { posix } from 'node:path';
import type { ChartInReach, ChartOutOfReach } from '../helm/render-target.js';
import type { ValuesLayer } from '../controllers/helm.js';
import { overridingLayer } from '../helm/values-layers.js';
import { argoRelease, helmAfterOverrides, parametersOn } from '../controllers/argo-cd.js';
import { sourceFiles } from '../values/argo-source-file.js';
import { argoChartHint, isOci, shownRepo } from '../values/manifest-argo.js';
import { chartInCheckout, isObject, ofThisRepository, type Data } from '../values/site.js';
import { argoHeldBack, markHeldBack } from './applies.js';
import { entryFile, entryLabel, type ArgoEntry } from './discover.js';
import { checkoutPath } from './files.js';
import { chartOf } from './flux-chart.js';
import { goPathMatch } from './glob.js';
import { argoLayers } from '../controllers/argo-cd.js';
import { join } from '../shared/repo-path.js';
import { treeOf, type Checkout } from './tree.js';
import {
  laterWins,
  targetName,
  type ProofContext,
  type ProofRecord,
  type ProofTarget,
} from './types.js';
import { placedAt, renderForProof, renderedRecord } from './render.js';

/** One chart source and the checkout files its valueFiles name, in Argo CD's order. */
interface SourceFiles {
  source: Data;
  /** Its helm block after the `.argocd-source*.yaml` files beside it (argo-source-file.ts). */
  helm: Data;
  /** The override file that last set each key of that block (`helm`: the whole block). */
  setBy: ReadonlyMap<string, string>;
  /**
   * Each valueFiles entry: the checkout files it names (a glob: several); `elsewhere`, the
   * repoURL of another repository it is read from (its paths then only the same-named files).
   */
  files: { entry: string; paths: string[]; elsewhere?: string }[];
  /** Files the Application's own valueFiles name that an override file took out. */
  dropped: string[];
  /** The chart folder in this checkout, if the chart is one. */
  chart?: string;
  /** A path source of another repository: its repoURL. */
  elsewhere?: string;
}

/**
 * The repoURL of a source when it is a path source (no `chart`) or a `$ref` source of another
 * repository than this one; undefined for this repository's (and for chart sources).
 */
function elsewhere(source: Data, repository: string | undefined): string | undefined {
  if (typeof source.chart === 'string' || typeof source.repoURL !== 'string') return undefined;
  if (typeof source.path !== 'string' && typeof source.ref !== 'string') return undefined;
  // An OCI source (Argo CD 3.1) is a registry's artifact, fetched like a chart: no repository.
  if (isOci(source)) return undefined;
  return ofThisRepository(source.repoURL, repository) ? undefined : shownRepo(source);
}

/** An Application's sources, each alone or in spec.sources. */
export const sourceList = (spec: Data): Data[] =>
  Array.isArray(spec.sources)
    ? spec.sources.filter(isObject)
    : isObject(spec.source)
      ? [spec.source]
      : [];

/** The folders of an Application's path sources, with the repoURL of another repository's. */
export function sourceFolders(
  entry: ArgoEntry,
  repository: string | undefined,
): { path: string; elsewhere?: string }[] {
  return sourceList(entry.spec)
    .filter((s) => typeof s.path === 'string' && typeof s.chart !== 'string' && !isOci(s))
    .map((s) => {
      const away = elsewhere(s, repository);
      return {
        path: join('', String(s.path).replace(/^\/+/, '')),
        ...(away ? { elsewhere: away } : {}),
      };
    });
}

/**
 * The chart sources of an Application with the files of this checkout their valueFiles name,
 * after the override files Argo CD merges over each source before it renders.
 */
export function sourcesOf(
  checkout: Checkout,
  entry: ArgoEntry,
  repository: string | undefined,
): SourceFiles[] {
  const sources = sourceList(entry.spec);
  const out: SourceFiles[] = [];
  for (const source of sources) {
    const written = isObject(source.helm) ? source.helm : undefined;
    const away = elsewhere(source, repository);
    // The override files beside another repository's path are that repository's.
    const overrides = away ? [] : sourceFiles(source, entry, checkout.root);
    const { helm, setBy } = helmAfterOverrides(written, overrides, (file) =>
      checkoutPath(checkout.root, file),
    );
    if (!written && !helm) continue;
    // An OCI source's own valueFiles are files of its artifact, as a chart source's are.
    const base =
      typeof source.path === 'string' && !isOci(source)
        ? join('', source.path.replace(/^\/+/, ''))
        : undefined;
    const filesOf = (block: Data | undefined) =>
      (Array.isArray(block?.valueFiles) ? block.valueFiles : []).map(String).map((e) => {
        const ref = /^\$([^/]+)\/(.*)$/.exec(e);
        let path: string | undefined;
        let from: string | undefined = away;
        if (ref) {
          const named = sources.find((s) => s.ref === ref[1]);
          path = named ? join('', ref[2]!) : undefined;
          from = named && elsewhere(named, repository);
        } else if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(e) && base !== undefined)
          path = e.startsWith('/') ? join('', e.slice(1)) : join(base, e);
        const paths = path === undefined ? [] : matching(checkout, path);
        return { entry: e, paths, ...(from ? { elsewhere: from } : {}) };
      });
    const files = filesOf(helm);
    const read = new Set(files.flatMap((f) => f.paths));
    const dropped = filesOf(written)
      .flatMap((f) => (f.elsewhere ? [] : f.paths))
      .filter((p) => !read.has(p));
    const chart =
      base !== undefined && typeof source.chart !== 'string'
        ? chartInCheckout(base, checkout.root)
        : undefined;
    out.push({
      source,
      helm: helm ?? {},
      setBy,
      files,
      dropped,
      ...(chart && !away ? { chart } : {}),
      ...(away ? { elsewhere: away } : {}),
    });
  }
  return out;
}

/** The checkout files a valueFiles entry names: itself, or what its glob matches (Go's Glob). */
function matching(checkout: Checkout, path: string): string[] {
  if (!/[*?[]/.test(path)) return [path];
  return checkout.files.filter((f) => goPathMatch(path, f));
}

export async function proveApplication(
  ctx: ProofContext,
  entry: ArgoEntry,
  targets: readonly ProofTarget[],
): Promise<void> {
  const { tools, checkout } = ctx;
  const key = tools.valuesKey.join('.');
  const app = `Application/${entry.name}`;
  for (const one of sourcesOf(checkout, entry, ctx.repository)) {
    for (const target of targets) {
      if (target.chosen) continue;
      const record = {
        target: targetName(target),
        reader: `Application/${entry.namespace}/${entry.name}`,
        entry: entryLabel(entry),
      };
      const own = `${app} (${entry.from})`;
      if (one.dropped.includes(target.file)) {
        const by = one.setBy.get('valueFiles') ?? one.setBy.get('helm') ?? '';
        ctx.refusals.push(
          `${by}, Argo CD's override file beside the chart of ${own}, ${one.setBy.has('valueFiles') ? 'replaces its helm.valueFiles' : 'removes its helm block'}, so Argo CD, which merges that file over the Application before it renders, does not pass ${target.display} to the chart. List ${target.display} in ${by} too, or remove that from it.`,
        );
        ctx.records.push({ ...record, level: 'values', reason: `refused: ${by} wins` });
        continue;
      }
      const at = one.files.findIndex((f) => !f.elsewhere && f.paths.includes(target.file));
      if (at === -1) continue;
      // The source the file is read from (a `$ref` entry: that source) must take this commit.
      const ref = /^\$([^/]+)\//.exec(one.files[at]!.entry)?.[1];
      const from = (ref && sourceList(entry.spec).find((s) => s.ref === ref)) || one.source;
      const held = ctx.landing && argoHeldBack(from, own, ctx.landing, entry.generatedBy);
      if (held) {
        ctx.records.push(markHeldBack({ ...record, level: 'skipped', reason: held }));
        continue;
      }
      // Any entry after the target read from another repository may set the link: unknown.
      const later = one.files.slice(at + 1).find((f) => f.elsewhere);
      if (later) {
        ctx.records.push({
          ...record,
          level: 'skipped',
          reason: `a later valueFiles entry, ${later.entry}, is read from ${later.elsewhere}, another repository: out of reach of this checkout, so what it sets after ${target.display} is unknown`,
        });
        continue;
      }
      // One before it cannot win over the link, but the chart is not rendered without it.
      const unknown = one.files.slice(0, at).find((f) => f.elsewhere);
      const hits = parametersOn(one.helm, tools.valuesKey);
      if (hits) {
        const by = one.setBy.get(hits.list) ?? one.setBy.get('helm');
        ctx.refusals.push(
          `${by ? `${by}, Argo CD's override file beside the chart of ${own},` : own} sets helm.${hits.list} ${hits.names.join(', ')}, which Argo CD passes after every values file, over ${target.display}. Remove those parameters${by ? ` from ${by}` : ''}, or set values-key to what they do not touch.`,
        );
        ctx.records.push({
          ...record,
          level: 'values',
          reason: `refused: ${by ?? `helm.${hits.list}`} wins`,
        });
        continue;
      }
      const files: ValuesLayer[] = one.files.flatMap((f) =>
        (f.elsewhere ? [] : f.paths).map((path) => {
          const text = checkout.read(path);
          return text === undefined
            ? { file: posix.join(checkout.root, path) }
            : { name: `${path} (helm.valueFiles of ${app})`, yaml: text };
        }),
      );
      // Values an override file sets are named after it: that is where to remove them.
      const valuesBy = one.setBy.get('valuesObject') ?? one.setBy.get('values');
      const layers = argoLayers(one.helm, files, valuesBy ? `${own} as ${valuesBy} sets it` : own);
      const over = await overridingLayer(layers, key, tools.placeholder.link);
      if (laterWins(over, tools)) {
        const fix = !over.by.startsWith('helm.')
          ? `Remove it there, or point values-file at ${over.by.split(' ')[0]} so that the link is written there.`
          : valuesBy
            ? `Remove it from ${valuesBy}.`
            : `Remove it there, or point values-file at ${entry.from} so that the link is written there.`;
        ctx.refusals.push(
          `${over.by} sets ${over.key} after ${target.display}, where Argo CD reads the values of ${own}, so the chart would get that value instead. ${fix}`,
        );
        ctx.records.push({ ...record, level: 'values', reason: `refused: ${over.by} wins` });
        continue;
      }
      const chart = sourceChart(one, entry, checkout.root);
      if (unknown || chart.kind === 'out-of-reach' || !tools.helm) {
        ctx.records.push({
          ...record,
          level: 'values',
          reason: unknown
            ? `its valueFiles entry ${unknown.entry} is read from ${unknown.elsewhere}, another repository, so the chart was not rendered`
            : chart.kind === 'out-of-reach'
              ? chart.reason
              : 'helm is not on PATH',
        });
        continue;
      }
      const outcome = await renderForProof(tools, {
        renderer: 'argo',
        at: placedAt(ctx.checkout.root, entryFile(entry)),
        label: `${record.target} through ${record.entry}`,
        valuesKey: key,
        chart,
        values: () => layers,
      });
      if (outcome.kind === 'found') ctx.records.push(renderedRecord(record, outcome));
      else if (outcome.kind === 'skipped')
        ctx.records.push({ ...record, level: 'values', reason: outcome.reason });
      else {
        ctx.refusals.push(
          outcome.kind === 'overridden'
            ? `${own} renders its chart with ${target.display} among its valueFiles, and ${outcome.by} sets ${outcome.key} after it. Remove it there, or write the link there (name it in values-file).`
            : `${own} renders its chart with ${target.display} among its valueFiles, and none of the documents the vendor chart renders holds the link at values-key ${key}.${outcome.kind === 'missing' && outcome.readsAt ? ` The chart reads it at ${outcome.readsAt}: set values-key: ${outcome.readsAt}.` : ' Check values-key.'}`,
        );
        ctx.records.push({
          ...record,
          level: 'values',
          reason: 'refused: the rendered chart does not carry the link',
        });
      }
    }
  }
}

/**
 * The chart a source renders, as the render check resolves an Application's (flux-chart.ts
 * chartOf): a folder of this checkout, or its repoURL and chart (a Helm repository or an OCI
 * registry), pulled by the run's fetcher; rendered as Argo CD names the release (argoRelease).
 */
function sourceChart(
  one: SourceFiles,
  entry: ArgoEntry,
  root: string,
): ChartInReach | ChartOutOfReach {
  const release = argoRelease(one.helm, { name: entry.name, destination: destination(entry) });
  if (one.elsewhere)
    return {
      kind: 'out-of-reach',
      reason: `its chart is in ${one.elsewhere}, another repository, so it was not rendered`,
    };
  if (one.chart) return chartOf({ kind: 'path', path: one.chart }, root, release);
  if (typeof one.source.chart === 'string' || isOci(one.source))
    return chartOf(argoChartHint(one.source, entry.name, root), root, release);
  return {
    kind: 'out-of-reach',
    reason: `the chart of Application/${entry.name} is neither a folder of this checkout nor a chart of a repository, so it was not rendered`,
  };
}

function destination(entry: ArgoEntry): string {
  const d = isObject(entry.spec.destination) ? entry.spec.destination : {};
  return typeof d.namespace === 'string' && d.namespace ? d.namespace : 'default';
}

/** The checkout files an Application reads: its valueFiles and its source folders. */
export function argoFiles(
  checkout: Checkout,
  entry: ArgoEntry,
  repository: string | undefined,
): string[] {
  return [
    ...sourcesOf(checkout, entry, repository).flatMap((s) => [
      ...s.files.flatMap((f) => (f.elsewhere ? [] : f.paths)),
      ...s.dropped,
    ]),
    ...sourceFolders(entry, repository)
      .filter((f) => !f.elsewhere)
      .flatMap((f) => [...treeOf(checkout, f.path)]),
  ];
}

/**
 * The targets an Application would read were its source this repository, when it is another
 * (a path source, or the `$ref` source of valueFiles): skipped records, saying so with the fix,
 * and the files among them, which this checkout's same-named files cannot prove.
 */
export function elsewhereRecords(
  checkout: Checkout,
  entry: ArgoEntry,
  repository: string | undefined,
  targets: readonly ProofTarget[],
): { records: ProofRecord[]; read: Map<string, string> } {
  const away = new Map<string, string>();
  const add = (paths: Iterable<string>, url: string) => {
    for (const p of paths) if (!away.has(p)) away.set(p, url);
  };
  for (const s of sourcesOf(checkout, entry, repository))
    for (const f of s.files) if (f.elsewhere) add(f.paths, f.elsewhere);
  for (const f of sourceFolders(entry, repository))
    if (f.elsewhere) add(treeOf(checkout, f.path), f.elsewhere);
  const records: ProofRecord[] = [];
  const read = new Map<string, string>();
  for (const target of targets) {
    const url = away.get(target.file);
    if (url === undefined) continue;
    const reason = `${entryLabel(entry)} (${entry.from}) names it, but its source is ${url}, another repository: out of reach of this checkout, whose file of that name proves nothing. To prove the link, name the folder the cluster applies in cluster-path, or run the action in that repository`;
    records.push({ target: target.display, entry: entryLabel(entry), level: 'skipped', reason });
    read.set(target.file, reason);
  }
  return { records, read };
}
