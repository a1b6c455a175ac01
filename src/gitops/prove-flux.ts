/**
 * The proof of the targets one build holds (a Flux Kustomization or a cluster-path folder): each
 * HelmRelease of the build that reads what this run writes (it came from the edited file, or holds
 * the placeholder, or reads a ConfigMap or Secret that does) gets its values merged as
 * helm-controller merges them (merge.ts). The values level: the placeholder is at values-key of
 * those values, or the layer that wins is named. The rendered level, where the chart is in reach
 * (a folder of this checkout, or pulled from its repository or registry): `helm template` with
 * them, then its postRenderers, must carry the link.
 */
import { overridingLayer } from '../helm/values-layers.js';
import { goYamlData } from '../shared/go-yaml.js';
import { sourcesIn } from '../values/source-objects.js';
import { isObject, valueAt, type Data } from '../values/site.js';
import { markWarning, unservedRelease } from './applies.js';
import { entryFile, entryLabel, type Entry } from './discover.js';
import { isYamlFile } from './files.js';
import { releaseChart, sourceCandidates } from './flux-chart.js';
import { entryNames, fluxLayers, valuesFromEntries } from '../controllers/helm-controller.js';
import { patchesTouching } from './overlay.js';
import { postRenderer } from './post-render.js';
import { substitutedFrom } from '../controllers/kustomize-controller.js';
import { generatedFrom } from '../controllers/kustomize.js';
import type { Checkout } from './tree.js';
import {
  laterWins,
  markReaderElsewhere,
  targetName,
  type ProofContext,
  type ProofRecord,
  type ProofTarget,
} from './types.js';
import type { ValuesLayer } from '../controllers/helm.js';
import { placedAt, renderForProof, renderedRecord, unrenderedRecord } from './render.js';
import { buildNames, missedReferences, missedText } from './flux/values-from-missing.js';

/** `HelmRelease/docs/docs`. */
const releaseName = (release: Data): string => {
  const meta = isObject(release.metadata) ? release.metadata : {};
  return `HelmRelease/${typeof meta.namespace === 'string' ? `${meta.namespace}/` : ''}${String(meta.name)}`;
};

/** `as apps/docs/kustomization.yaml builds it` (as written), `as Kustomization/… (file) builds it`. */
const asBuilds = (entry: Exclude<Entry, { kind: 'argo' }>): string =>
  `as ${entry.kind === 'as-written' ? entry.from : `${entryLabel(entry)} (${entry.from})`} builds it`;

/** The same from a record's entry text: `as written (file)` reads `as file builds it`. */
const asBuildsText = (entry: string): string =>
  `as ${entry.replace(/^as written \((.*)\)$/, '$1')} builds it`;

export async function proveBuild(
  ctx: ProofContext,
  entry: Exclude<Entry, { kind: 'argo' }>,
  tree: ReadonlySet<string>,
  objects: readonly Data[],
  targets: readonly ProofTarget[],
): Promise<void> {
  const { token } = ctx.tools.placeholder;
  // kustomize's origin annotations would say which file each object came from, but they make a
  // build of many patched resources many times slower: objects are matched by kind and name.
  const describe = () => `the build of ${entryLabel(entry)}`;
  const holds = (o: Data) => JSON.stringify(o).includes(token) || secretHolds(o, token);
  const releases = objects.filter(
    (o) => o.kind === 'HelmRelease' && String(o.apiVersion).startsWith('helm.toolkit.fluxcd.io/'),
  );
  for (const target of targets) {
    if (!tree.has(target.file)) continue;
    const chosen = target.chosen ?? [];
    // The chosen document by its own name when the build has it; else with an overlay's prefix
    // or suffix (namePrefix, nameSuffix): docs-preview beside docs is another release.
    const exact = (c: { kind: string; name: string }) =>
      objects.some((o) => o.kind === c.kind && isObject(o.metadata) && o.metadata.name === c.name);
    const named = (kind: string) => (o: Data) =>
      chosen.some(
        (c) =>
          c.kind === kind &&
          sameObject(o, c, entry) &&
          (!exact(c) || (isObject(o.metadata) && o.metadata.name === c.name)),
      );
    const sources = objects.filter(
      (o) =>
        (o.kind === 'ConfigMap' || o.kind === 'Secret') && (holds(o) || named(String(o.kind))(o)),
    );
    const readers = releases.filter((r) => {
      if (holds(r) || named('HelmRelease')(r)) return true;
      // valuesFrom reads from the release's own namespace: a ConfigMap of that name in another
      // namespace is another release's (docs in staging and in production).
      const namespace = isObject(r.metadata) ? r.metadata.namespace : undefined;
      return valuesFromEntries(r).some((e) => sources.some((s) => entryNames(e, s, namespace)));
    });
    const patched = readers;
    // A release that names a source of the target under the name before kustomize renamed it:
    // it would fail in the cluster (flux/values-from-missing.ts).
    const made = new Set(sources.map((s) => String((s.metadata as Data).name)));
    const names = buildNames(ctx.checkout, tree, entry);
    const missing = releases.flatMap((r) =>
      missedReferences(r, objects, names)
        .filter((m) => made.has(m.made))
        .map((m) => ({ release: r, m })),
    );
    if (patched.length === 0 && missing.length > 0) {
      for (const { release, m } of missing) {
        ctx.refusals.push(missedText(releaseName(release), [m], asBuilds(entry)));
        ctx.records.push({
          target: targetName(target),
          reader: releaseName(release),
          entry: entryLabel(entry),
          level: 'values',
          reason: `refused: valuesFrom ${m.kind}/${m.name} is not what the build makes`,
        });
      }
      continue;
    }
    if (patched.length === 0) {
      ctx.records.push(
        markReaderElsewhere({
          target: targetName(target),
          entry: entryLabel(entry),
          level: 'skipped',
          reason: `the build of ${entryLabel(entry)} reads ${target.display}, but no HelmRelease of it reads the link (it may be read by a HelmRelease another entry point applies)`,
        }),
      );
      continue;
    }
    for (const release of patched)
      ctx.records.push(await proveRelease(ctx, entry, tree, objects, target, release, describe));
  }
}

/**
 * The built object is the chosen document: the same name, or the name with the prefixes and
 * suffixes of the overlays (namePrefix, nameSuffix), in the same namespace unless a target
 * namespace moved it.
 */
function sameObject(
  object: Data,
  chosen: { name: string; namespace?: string },
  entry: Exclude<Entry, { kind: 'argo' }>,
): boolean {
  const meta = isObject(object.metadata) ? object.metadata : {};
  const name = String(meta.name);
  if (name !== chosen.name && !name.includes(chosen.name) && !substitutedFrom(chosen.name, name))
    return false;
  const moved = entry.kind === 'flux' && typeof entry.spec.targetNamespace === 'string';
  return (
    moved ||
    chosen.namespace === undefined ||
    meta.namespace === undefined ||
    meta.namespace === chosen.namespace
  );
}

function secretHolds(object: Data, token: string): boolean {
  if (object.kind !== 'Secret' || !isObject(object.data)) return false;
  return Object.values(object.data).some(
    (v) => typeof v === 'string' && Buffer.from(v, 'base64').toString('utf8').includes(token),
  );
}

async function proveRelease(
  ctx: ProofContext,
  entry: Exclude<Entry, { kind: 'argo' }>,
  tree: ReadonlySet<string>,
  objects: readonly Data[],
  target: ProofTarget,
  release: Data,
  describe: (o: Data) => string,
): Promise<ProofRecord> {
  const { valuesKey, placeholder } = ctx.tools;
  const meta = isObject(release.metadata) ? release.metadata : {};
  const name = String(meta.name);
  const label = `HelmRelease/${name}`;
  const chosen =
    (target.chosen ?? []).find((c) => c.kind === 'HelmRelease' && name === c.name) ??
    (target.chosen ?? []).find((c) => c.kind === 'HelmRelease' && name.includes(c.name)) ??
    (target.chosen ?? []).find((c) => c.kind === 'HelmRelease' && substitutedFrom(c.name, name));
  const record = {
    target: targetName(target, chosen?.label),
    // The release that reads it, through an entry point or as written (readers.ts).
    reader: releaseName(release),
    entry: entryLabel(entry),
  };
  const unserved = unservedRelease(release, `${label} ${asBuilds(entry)}`);
  if (unserved) return markWarning({ ...record, level: 'skipped', reason: unserved });
  const missed = missedReferences(release, objects, buildNames(ctx.checkout, tree, entry));
  if (missed.length > 0) {
    ctx.refusals.push(missedText(releaseName(release), missed, asBuilds(entry)));
    return { ...record, level: 'values', reason: 'refused: a valuesFrom reference fails' };
  }
  const { layers, unknown } = fluxLayers(release, objects, valuesKey, describe, (o, key) =>
    generatedFrom(ctx.checkout, tree, o, key),
  );
  const key = valuesKey.join('.');
  const over = await overridingLayer(layers, key, placeholder.link);
  const holder = layers.findIndex(
    (l) => 'yaml' in l && bundleUrlOf(l.yaml, valuesKey) === placeholder.link,
  );
  const patches = () =>
    patchesTouching(ctx.checkout, entry, tree, 'HelmRelease', name, [
      'spec',
      'values',
      ...valuesKey,
    ]);
  const base = `${label} ${asBuilds(entry)}`;
  if (over || holder < 0) {
    const patch = patches().at(-1);
    const specValues = over ? over.by.startsWith('spec.values of') : true;
    if (patch && specValues) {
      ctx.refusals.push(
        `${patch}, ${over ? `sets ${over.key}` : patch.startsWith('a replacement') ? `sets what it names under ${key}` : `removes ${key}`} after the base (${target.display}), so ${base} ${over ? 'does not get the link' : 'has no link'}. Remove ${key} from that patch, or point values-file at it so that the link is written there.`,
      );
      return { ...record, level: 'values', reason: 'refused: an overlay patch wins' };
    }
    if (laterWins(over, ctx.tools) && !over.unchecked) {
      ctx.refusals.push(
        `${over.by} sets ${over.key} after ${target.display} in the values helm-controller merges for ${base}, so the chart would get that value instead. ${over.fix ?? `Remove it there, or write the link there (name it in values-file).`}`,
      );
      return { ...record, level: 'values', reason: `refused: ${over.by} wins` };
    }
    const unknownNote = unknown.map((u) => u.what).join('; ');
    if (unknownNote || over?.unchecked)
      return {
        ...record,
        level: 'skipped',
        reason: `what ${unknownNote || over?.by} sets is unknown to this run`,
      };
    ctx.refusals.push(
      `${base} has no link at values-key ${key} in the values helm-controller merges (${layers.map((l) => ('file' in l ? l.file : l.name)).join(', ') || 'none'}): the build does not carry what this run writes in ${target.display}. Check the overlays of ${entry.path || '.'}, then run again.`,
    );
    return { ...record, level: 'values', reason: 'refused: the build drops the link' };
  }
  const later = unknown.filter((u) => u.at > holder);
  if (later.length > 0)
    return {
      ...record,
      level: 'skipped',
      reason: `${later.map((u) => u.what).join('; ')}: what it sets after the link is unknown`,
    };
  return renderRelease(ctx, release, objects, layers, record, label, entryFile(entry));
}

/**
 * The rendered level: the chart as the render check resolves it (flux-chart.ts: a folder of this
 * checkout, or a HelmRepository, OCIRepository or HelmChart of the build, else of the checkout),
 * fetched with the run's fetcher, rendered with the merged values, then its postRenderers. A
 * release with postRenderers that cannot be rendered (or patched: no kubectl) is `skipped`, not
 * proven at the values level: they may patch the link away after the values.
 */
async function renderRelease(
  ctx: ProofContext,
  release: Data,
  objects: readonly Data[],
  layers: ValuesLayer[],
  record: { target: string; entry: string },
  label: string,
  /** The file of the entry point that built it: which clusters apply it (clusters.ts). */
  at: string,
): Promise<ProofRecord> {
  const { tools, checkout } = ctx;
  const spec = isObject(release.spec) ? release.spec : {};
  const chart = releaseChart(
    release,
    sourceCandidates(objects, checkoutSources(checkout)),
    checkout.root,
    ctx.repository,
  );
  const post = Array.isArray(spec.postRenderers) && spec.postRenderers.length > 0;
  const unrendered = (why: string): ProofRecord => unrenderedRecord(record, post, why);
  if (chart.kind === 'out-of-reach') return unrendered(chart.reason);
  if (!tools.helm) return unrendered('helm is not on PATH');
  if (post && !tools.kubectl) return unrendered('kubectl is not on PATH');
  const outcome = await renderForProof(tools, {
    renderer: 'flux',
    at: placedAt(checkout.root, at),
    label: `${record.target} through ${record.entry}`,
    valuesKey: tools.valuesKey.join('.'),
    chart,
    values: () => layers,
    postRender: tools.kubectl
      ? postRenderer(release, tools.kubectl, label, tools.signal)
      : undefined,
  });
  if (outcome.kind === 'found') return renderedRecord(record, outcome);
  if (outcome.kind === 'skipped') return unrendered(outcome.reason);
  ctx.refusals.push(
    outcome.kind === 'missing'
      ? `${label} ${asBuildsText(record.entry)}: ${post ? 'after its postRenderers, ' : ''}none of the ${outcome.rendered} documents the chart renders holds the link.${post ? ` Its spec.postRenderers patch it away: remove that patch of the link, or set values-key to what the chart reads.` : outcome.readsAt ? ` The chart reads it at ${outcome.readsAt}: set values-key: ${outcome.readsAt}.` : ' Check values-key.'}`
      : `${label} ${asBuildsText(record.entry)}: ${outcome.by} sets ${outcome.key} after the values this run writes (${record.target}). Remove it there, or write the link there (name it in values-file).`,
  );
  return {
    ...record,
    level: 'values',
    reason: 'refused: the rendered chart does not carry the link',
  };
}

/** The Flux source objects of the checkout's tracked YAML files (as the render check reads them). */
const sources = new WeakMap<Checkout, Data[]>();
export function checkoutSources(checkout: Checkout): Data[] {
  let found = sources.get(checkout);
  if (!found) {
    found = checkout.files.filter(isYamlFile).flatMap((f) => sourcesIn(checkout.read(f) ?? ''));
    sources.set(checkout, found);
  }
  return found;
}

function bundleUrlOf(yaml: string, valuesKey: readonly string[]): unknown {
  try {
    return valueAt(goYamlData(yaml), [...valuesKey, 'bundleUrl']);
  } catch {
    return undefined;
  }
}
