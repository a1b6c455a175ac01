/**
 * A chart folder's own values.yaml, read by a Flux HelmRelease whose chart is that folder of a
 * GitRepository of this repository: source-controller packages the chart with it as its defaults
 * when `spec.chart.spec.valuesFiles` is empty or lists it (their merge replaces values.yaml
 * otherwise; the deprecated `valuesFile` is ignored, as helm-controller ignores it:
 * controllers/source-controller.ts). helm-controller
 * then merges valuesFrom and spec.values over those defaults (controllers/helm-controller.ts): a layer of them that sets the
 * link wins over the file and is refused before any request; otherwise the chart is rendered with
 * them, then the release's postRenderers. The chart's GitRepository must follow the branch the
 * change lands on (applies.ts chartSourceHeldBack), or the cluster renders another ref's folder.
 */
import { isAbsolute, posix, relative, resolve, sep } from 'node:path';
import type { ValuesLayer } from '../../controllers/helm.js';
import { chartValuesFiles, releaseChartSpec } from '../../controllers/source-controller.js';
import { overridingLayer } from '../../helm/values-layers.js';
import { checkoutFolder, isObject, type Data } from '../../values/site.js';
import { suspendedNotice } from '../../values/target.js';
import {
  chartSourceHeldBack,
  checkoutGitSources,
  markHeldBack,
  mergedSources,
  type GitSource,
} from '../applies.js';
import { releaseChart, sourceCandidates } from '../flux-chart.js';
import { fluxLayers } from '../../controllers/helm-controller.js';
import { postRenderer } from '../post-render.js';
import { checkoutSources } from '../prove-flux.js';
import type { Checkout } from '../tree.js';
import {
  laterWins,
  targetName,
  type ProofContext,
  type ProofRecord,
  type ProofTarget,
} from '../types.js';
import { missedReferences, missedText } from './values-from-missing.js';
import { placedAt, renderForProof, renderedRecord, unrenderedRecord } from '../render.js';

/** A HelmRelease as one build (or the file, as written) gives it, with the objects beside it. */
export interface ReleaseSite {
  release: Data;
  objects: readonly Data[];
  /** The entry point's label, or `as written`. */
  entry: string;
  /** Where it came from, for messages: `apps/base/docs/release.yaml`, `the build of …`. */
  from: string;
  /** The checkout file that places it in a cluster: its entry point's file, or its own. */
  at: string;
}

/** `HelmRelease/<namespace>/<name>` (no namespace: its name alone). */
export function releaseLabel(release: Data): string {
  const meta = isObject(release.metadata) ? release.metadata : {};
  const ns = typeof meta.namespace === 'string' ? `${meta.namespace}/` : '';
  return `HelmRelease/${ns}${String(meta.name)}`;
}

/**
 * The files (checkout paths) whose merge is the chart's defaults as source-controller packages
 * it, or undefined when the release's chart is not `folder`.
 */
function defaultsOf(ctx: ProofContext, site: ReleaseSite, folder: string): string[] | undefined {
  const { checkout } = ctx;
  if (chartFolderOf(site.release, site.objects, checkout, ctx.repository) !== folder)
    return undefined;
  const listed = (path: string) => {
    const abs = checkoutFolder(path, checkout.root);
    return abs ? abs.slice(resolve(checkout.root).length + 1) : path;
  };
  const files = chartValuesFiles(releaseChartSpec(site.release));
  return files.length > 0 ? files.map(listed) : [posix.join(folder, 'values.yaml')];
}

/** The checkout's GitRepositories, read once per checkout. */
const checkoutGit = new WeakMap<Checkout, Map<string, GitSource>>();

/**
 * The GitRepositories a release's chart may name: as its build produces them (patched), named
 * by the checkout file that holds them, as for an entry point's source (proof.ts).
 */
function gitOf(ctx: ProofContext, site: ReleaseSite): Map<string, GitSource> {
  let found = checkoutGit.get(ctx.checkout);
  if (!found) checkoutGit.set(ctx.checkout, (found = checkoutGitSources(ctx.checkout)));
  return mergedSources(site.objects, site.from, found);
}

/** The chart folder (checkout path) of a release whose chart is a folder of this checkout. */
export function chartFolderOf(
  release: Data,
  objects: readonly Data[],
  checkout: Checkout,
  repository: string | undefined,
): string | undefined {
  const chart = releaseChart(
    release,
    sourceCandidates(objects, checkoutSources(checkout)),
    checkout.root,
    repository,
  );
  if (chart.kind !== 'chart' || !isAbsolute(chart.ref)) return undefined;
  const rel = relative(resolve(checkout.root), resolve(chart.ref)).split(sep).join('/');
  return rel.startsWith('..') ? undefined : rel;
}

/** Proves `target` through one HelmRelease; false when it does not read it. */
export async function proveFluxChartValues(
  ctx: ProofContext,
  site: ReleaseSite,
  target: ProofTarget,
): Promise<boolean> {
  const { checkout, tools } = ctx;
  const folder = posix.dirname(target.file) === '.' ? '' : posix.dirname(target.file);
  const defaults = defaultsOf(ctx, site, folder);
  if (!defaults?.includes(target.file)) return false;
  const label = releaseLabel(site.release);
  const record = { target: targetName(target), reader: label, entry: site.entry };
  // The chart's own GitRepository must follow the branch this change lands on, as an entry
  // point's must: otherwise the cluster renders another ref's chart folder.
  const held =
    ctx.landing &&
    chartSourceHeldBack(
      site.release,
      `${label} (${site.from})`,
      gitOf(ctx, site),
      ctx.landing,
      (from) => ctx.sameCluster?.(site.at, from) ?? false,
    );
  if (held) {
    ctx.records.push(markHeldBack({ ...record, level: 'skipped', reason: held }));
    return true;
  }
  // A suspended release is not reconciled: nothing of it is proven, and the notice says why (a
  // later resume applies this commit, so it is not held back like another ref's source).
  const spec = isObject(site.release.spec) ? site.release.spec : {};
  if (spec.suspend === true) {
    const reason = suspendedNotice(`${label} (${site.from})`, `the link written to ${target.file}`);
    ctx.records.push({ ...record, level: 'skipped', reason });
    return true;
  }
  const missed = missedReferences(site.release, site.objects);
  if (missed.length > 0) {
    ctx.refusals.push(missedText(`${label} (${site.from})`, missed));
    ctx.records.push({
      ...record,
      level: 'values',
      reason: 'refused: a valuesFrom reference fails',
    });
    return true;
  }
  const { layers, unknown } = fluxLayers(
    site.release,
    site.objects,
    tools.valuesKey,
    () => site.from,
  );
  const all: ValuesLayer[] = [
    ...defaults.map((file) =>
      file === target.file
        ? { name: target.display, yaml: checkout.read(file) ?? '' }
        : {
            name: `${file} (spec.chart.spec.valuesFiles of ${label})`,
            yaml: checkout.read(file) ?? '',
          },
    ),
    ...layers,
  ];
  const key = tools.valuesKey.join('.');
  const over = await overridingLayer(all, key, tools.placeholder.link);
  if (laterWins(over, tools) && !over.unchecked) {
    ctx.refusals.push(
      `${over.by} sets ${over.key} after ${target.display}, the values.yaml source-controller packages with the chart of ${label} (${site.from}), so helm-controller gives the chart that value instead of the link. ${over.fix ?? 'Remove it there, or write the link there (point values-file at the file that sets it).'}`,
    );
    ctx.records.push({ ...record, level: 'values', reason: `refused: ${over.by} wins` });
    return true;
  }
  if (unknown.length > 0) {
    ctx.records.push({
      ...record,
      level: 'skipped',
      reason: `${unknown.map((u) => u.what).join('; ')}: what it sets over the chart's values is unknown`,
    });
    return true;
  }
  ctx.records.push(await render(ctx, site, all, record));
  return true;
}

async function render(
  ctx: ProofContext,
  site: ReleaseSite,
  layers: ValuesLayer[],
  record: { target: string; reader: string; entry: string },
): Promise<ProofRecord> {
  const { tools, checkout } = ctx;
  const spec = isObject(site.release.spec) ? site.release.spec : {};
  const post = Array.isArray(spec.postRenderers) && spec.postRenderers.length > 0;
  const unrendered = (why: string): ProofRecord => unrenderedRecord(record, post, why);
  if (!tools.helm) return unrendered('helm is not on PATH');
  if (post && !tools.kubectl) return unrendered('kubectl is not on PATH');
  const found = releaseChart(
    site.release,
    sourceCandidates(site.objects, checkoutSources(checkout)),
    checkout.root,
    ctx.repository,
  );
  if (found.kind !== 'chart') return unrendered(found.reason);
  // Its packaged defaults are the first layers above: not passed twice.
  const chart = { ...found, chartValues: undefined };
  const outcome = await renderForProof(tools, {
    renderer: 'flux',
    at: placedAt(checkout.root, site.at),
    label: `${record.target} through ${record.reader}`,
    valuesKey: tools.valuesKey.join('.'),
    chart,
    values: () => layers,
    postRender: tools.kubectl
      ? postRenderer(site.release, tools.kubectl, record.reader, tools.signal)
      : undefined,
  });
  if (outcome.kind === 'found') return renderedRecord(record, outcome);
  if (outcome.kind === 'skipped') return unrendered(outcome.reason);
  ctx.refusals.push(
    `${record.reader} (${site.from}) renders its chart with ${record.target} as the defaults, and ${outcome.kind === 'overridden' ? `${outcome.by} sets ${outcome.key} after it` : `none of the documents it renders${post ? ' after its postRenderers' : ''} holds the link at values-key ${tools.valuesKey.join('.')}`}. ${post ? 'Check its spec.postRenderers and values-key.' : 'Check values-key.'}`,
  );
  return {
    ...record,
    level: 'values',
    reason: 'refused: the rendered chart does not carry the link',
  };
}
