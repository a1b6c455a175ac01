/**
 * The clusters a checkout shows, read from its entry points without building them: an entry
 * point no other one builds is a cluster's root (a `flux bootstrap`'s flux-system Kustomization,
 * a FluxInstance's sync, an Argo CD app of apps, a cluster-path folder), and its cluster is every
 * file the entry points under it read. A file two roots read (a base both clusters build) is in
 * both clusters.
 *
 * What a cluster pins is what its controller runs (helm-majors.ts): a helm-controller image tag
 * in one cluster's gotk-components.yaml says nothing of another cluster's, nor of a release no
 * entry point of the checkout applies (its cluster's bootstrap is elsewhere). So a release's
 * controller is taken to run a pinned major only where every cluster that applies it pins it.
 */
import { argoFiles } from './prove-argo.js';
import { entryTree } from './build.js';
import { discoverEntries, entryFile, entryLabel, type Entry } from './discover.js';
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
  const entries = [
    ...discoverEntries(checkout, clusterPaths),
    ...expandAppSets(checkout, repository).entries,
    ...operatorObjects(checkout).entries,
  ];
  const files = new Map<Entry, Set<string>>(
    entries.map((e) => {
      const read =
        e.kind === 'argo' ? new Set(argoFiles(checkout, e, repository)) : entryTree(checkout, e);
      // A cluster-path is written nowhere in the checkout: its folder is all it reads.
      return [e, e.kind === 'cluster-path' ? read : read.add(entryFile(e))];
    }),
  );
  // A parent reads the file its child is written in (a Kustomization builds the file of the
  // next; flux-system's own file is in its own build, which makes it no child of itself).
  const writtenIn = new Map<string, Entry[]>();
  for (const e of entries)
    if (e.kind !== 'cluster-path')
      writtenIn.set(entryFile(e), [...(writtenIn.get(entryFile(e)) ?? []), e]);
  const children = new Map<Entry, Entry[]>(entries.map((e) => [e, []]));
  const hasParent = new Set<Entry>();
  for (const parent of entries)
    for (const file of files.get(parent)!)
      for (const child of writtenIn.get(file) ?? [])
        if (child !== parent) {
          children.get(parent)!.push(child);
          hasParent.add(child);
        }
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
      for (const f of files.get(e)!) all.add(f);
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
export function pinsAt(finds: PinFinds, clusters: readonly Cluster[], at: string): HelmPins {
  const holding = clusters.filter((c) => c.files.has(at));
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
        ? `${all[renderer].by} names the version of another cluster: ${bare.root} applies this release and pins none`
        : `${all[renderer].by} names the version of a cluster of this checkout, and no entry point of the checkout applies this release`;
    }
  }
  return pins;
}
