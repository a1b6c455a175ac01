/**
 * The clusters a checkout shows, read from its entry points without building them: an entry
 * point no other one builds is a cluster's root (a `flux bootstrap`'s flux-system Kustomization,
 * a FluxInstance's sync, an Argo CD app of apps, a cluster-path folder), and its cluster is every
 * file the entry points under it read, and the files they are written in. A file two roots read
 * (a base both clusters build) is in both clusters. An entry point built from another repository
 * is left out, as the proof leaves it out. The children of an app of apps' chart are not read
 * here (that takes helm): their templates are in the parent's cluster, so they place a release
 * there, but a pin only they would build is not seen (both majors, the safe side).
 *
 * What a cluster pins is what its controller runs (helm-majors.ts): a helm-controller image tag
 * in one cluster's gotk-components.yaml says nothing of another cluster's, nor of a release no
 * entry point of the checkout applies (its cluster's bootstrap is elsewhere). So a release's
 * controller is taken to run a pinned major only where every cluster that applies it pins it.
 */
import { argoFiles } from './prove-argo.js';
import { entryTree } from './build.js';
import {
  checkoutGitRepositories,
  discoverEntries,
  entryFile,
  entryLabel,
  gitRepositoryUrls,
  outOfReach,
  type Entry,
} from './discover.js';
import { expandAppSets } from './argo/appset-expand.js';
import { operatorObjects } from './flux/instance.js';
import { pinsWithin, type PinFinds } from './helm-majors.js';
import type { HelmPin, HelmPins } from '../helm/majors.js';
import type { Checkout } from './tree.js';

export interface Cluster {
  /** Its root entry point, for messages: `Kustomization/flux-system/flux-system (clusters/prod/…)`. */
  root: string;
  /** The checkout files its entry points read, and the files they are written in. */
  files: ReadonlySet<string>;
}

/** The clusters of `checkout` (cluster-path folders included), from their roots down. */
export function clustersOf(
  checkout: Checkout,
  clusterPaths: readonly string[],
  repository: string | undefined,
): Cluster[] {
  const operator = operatorObjects(checkout);
  const gitUrls = gitRepositoryUrls(
    operator.sources.map((s) => s.object),
    checkoutGitRepositories(checkout),
  );
  // An entry point built from another repository reads nothing of this checkout (proof.ts).
  const entries = [
    ...discoverEntries(checkout, clusterPaths),
    ...expandAppSets(checkout, repository).entries,
    ...operator.entries,
  ].filter((e) => !outOfReach(e, gitUrls, repository));
  const trees = new Map<Entry, ReadonlySet<string>>(
    entries.map((e) => [
      e,
      e.kind === 'argo' ? new Set(argoFiles(checkout, e, repository)) : entryTree(checkout, e),
    ]),
  );
  // A parent's build reads the file its child is written in (flux-system's own file is in its
  // own build, which makes it no child of itself). Two entry points written in one file that no
  // build reads are two roots: the file is where they are written, not what they build.
  const writtenIn = new Map<string, Entry[]>();
  for (const e of entries) writtenIn.set(entryFile(e), [...(writtenIn.get(entryFile(e)) ?? []), e]);
  const children = new Map<Entry, Entry[]>(entries.map((e) => [e, []]));
  const hasParent = new Set<Entry>();
  const adopt = (parent: Entry, child: Entry) => {
    children.get(parent)!.push(child);
    hasParent.add(child);
  };
  for (const parent of entries)
    for (const file of trees.get(parent)!)
      for (const child of writtenIn.get(file) ?? []) if (child !== parent) adopt(parent, child);
  // The Applications one ApplicationSet generates are rendered by one Argo CD: one cluster.
  const generated = new Map<string, Entry[]>();
  for (const e of entries)
    if (e.kind === 'argo' && e.generatedBy)
      generated.set(e.generatedBy.label, [...(generated.get(e.generatedBy.label) ?? []), e]);
  for (const [first, ...rest] of generated.values()) for (const e of rest) adopt(first!, e);
  const clusters: Cluster[] = [];
  const reached = new Set<Entry>();
  const gather = (root: Entry) => {
    const all = new Set<string>();
    const stack = [root];
    const seen = new Set<Entry>();
    while (stack.length > 0) {
      const e = stack.pop()!;
      if (seen.has(e)) continue;
      seen.add(e);
      reached.add(e);
      for (const f of trees.get(e)!) all.add(f);
      all.add(entryFile(e));
      stack.push(...children.get(e)!);
    }
    clusters.push({ root: `${entryLabel(root)} (${root.from})`, files: all });
  };
  for (const e of entries) if (!hasParent.has(e)) gather(e);
  // Entry points that build each other in a ring have no root: the first of each ring is one.
  for (const e of entries) if (!reached.has(e)) gather(e);
  return clusters;
}

/**
 * The pins for a release placed at `at` (the checkout file of its manifest, or of the entry point
 * that builds it): for each controller, the majors every cluster holding that file pins, added
 * up; none where a cluster holding it pins nothing, or no cluster does. `outside` names the pins
 * left out that way, for the message that both majors render.
 */
export function pinsAt(
  finds: PinFinds,
  clusters: readonly Cluster[],
  at: string | undefined,
): HelmPins {
  const holding = at === undefined ? [] : clusters.filter((c) => c.files.has(at));
  const each = holding.map((c) => pinsWithin(finds, (path) => c.files.has(path)));
  const all = pinsWithin(finds);
  const pins: HelmPins = {};
  for (const renderer of ['flux', 'argo'] as const) {
    const found = each.map((p) => p[renderer]);
    if (found.length > 0 && found.every((p): p is HelmPin => p !== undefined)) {
      const majors = [...new Set(found.flatMap((p) => p.majors))].sort();
      pins[renderer] = { majors, by: [...new Set(found.map((p) => p.by))].join('; ') };
    } else if (all[renderer]) {
      const bare = holding.find((_, i) => !found[i]);
      (pins.outside ??= {})[renderer] = bare
        ? `${all[renderer].by} is not read by every cluster that applies this release: ${bare.root} applies it and pins no version`
        : `${all[renderer].by} is not read by a cluster that applies this release: no entry point of the checkout applies it`;
    }
  }
  return pins;
}
