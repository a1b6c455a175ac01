/**
 * The render targets of a file of manifests: each chosen target's chart, where it is in reach
 * (a kustomize helmCharts entry's chart under its chartHome, or its repo; a chart path of the
 * checkout; an Argo CD chart with its repository's address), rendered with the chart values the
 * controller would pass (the target's values after the edit, in memory), layered as the
 * controller layers them. Out of reach: skipped, with the reason (its layers are still checked,
 * by render-check.ts).
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { stringify } from 'yaml';
import type { ChartInReach, ChartOutOfReach, RenderTarget } from '../helm/render-target.js';
import type { ValuesLayer } from '../controllers/helm.js';
import type { FilePlan } from '../values/plan.js';
import { fluxLayers, readersOf, type ValuesSource } from '../controllers/helm-controller.js';
import { resolveFluxChart } from '../values/flux-source.js';
import { chartOf, releaseChart } from '../gitops/flux-chart.js';
import type { Generated } from '../values/source-objects.js';
import { isObject, type ChartHint, type Data } from '../values/site.js';
import type { ChosenTarget } from '../values/target.js';

/**
 * Where a Flux source reference is resolved: the candidate objects (the values files' documents
 * and the checkout's tracked manifests; an entry point's build may pass its own), the checkout's
 * top and this repository's `owner/name` (a GitRepository of another one is out of reach).
 */
export interface SourceObjects {
  objects: readonly Data[];
  /** What kustomize generators make of files (values/source-objects.ts). */
  generated?: readonly Generated[];
  root: string;
  repository?: string;
}

export function manifestTargets(
  file: { path: string; display: string; root?: string },
  chosen: readonly ChosenTarget[],
  valuesKey: string,
  plan: (link: string) => FilePlan,
  sources: SourceObjects = { objects: [], root: file.root ?? dirname(file.path) },
): RenderTarget[] {
  return chosen.map((one, index) => {
    const { target } = one;
    if ((target.kind === 'ConfigMap' || target.kind === 'Secret') && target.part)
      return valuesFromTarget(
        `${file.display} (${one.label})`,
        { kind: target.kind, name: target.name, namespace: target.namespace, key: target.part },
        (link) => stringify(plan(link).manifest?.values[index] ?? {}),
        valuesKey,
        sources,
        file.display,
      );
    const written = one.target.chart;
    const hint =
      written.kind === 'flux'
        ? resolveFluxChart(written, sources.objects, sources.root, sources.repository)
        : written;
    const chart = chartOf(hint, file.path, one.target.release ?? one.target);
    const unread =
      (hint.kind === 'path' || hint.kind === 'remote') && hint.unreadValueFiles
        ? `its valueFiles ${hint.unreadValueFiles.join(', ')} (not in this checkout)`
        : undefined;
    return {
      label: `${file.display} (${one.label})`,
      valuesKey,
      chart,
      ...(unread ? { unread } : {}),
      values: (link: string): ValuesLayer[] => {
        const values = plan(link).manifest?.values[index] ?? {};
        const inline: ValuesLayer = {
          name: `${file.display} (${one.label})`,
          yaml: stringify(values),
        };
        const layers =
          hint.kind === 'helmCharts'
            ? kustomizeLayers(hint, file.path, chart, inline)
            : [
                ...(hint.kind === 'path' ? (hint.valueFiles ?? []) : []).map((f) => ({ file: f })),
                inline,
              ];
        // kustomize passes additionalValuesFiles to helm after the merged values, so a link one
        // of them overrides must fail the render check as it would fail the site.
        if (hint.kind === 'helmCharts')
          for (const extra of hint.additionalValuesFiles ?? [])
            layers.push({ file: resolve(dirname(file.path), extra) });
        return layers;
      },
    };
  });
}

/**
 * valuesInline and the entry's valuesFile as kustomize joins them (its HelmChartInflationGenerator):
 * `override`, the default, merges inline over the file; `replace` drops the file; `merge` keeps
 * every value the file sets (without valuesFile, the chart's own values.yaml), so a link written
 * inline loses to one the file holds. Layered for helm, where a later file wins, the `merge` order
 * lets an empty value in the file win too: a stricter check than kustomize, never a looser one.
 */
function kustomizeLayers(
  hint: Extract<ChartHint, { kind: 'helmCharts' }>,
  path: string,
  chart: ChartInReach | ChartOutOfReach,
  inline: ValuesLayer,
): ValuesLayer[] {
  const file = hint.valuesFile && { file: resolve(dirname(path), hint.valuesFile) };
  if (hint.valuesMerge === 'replace') return [inline];
  if (hint.valuesMerge !== 'merge') return file ? [file, inline] : [inline];
  if (file) return [inline, file];
  // kustomize reads the chart's own values.yaml as the valuesFile: the vendor chart's declares
  // every key this run writes, so under merge they win over valuesInline, read here or not.
  const fix =
    'Remove valuesMerge: merge (override, the default, lets valuesInline win), or name a valuesFile and write the link there.';
  const defaults =
    chart.kind === 'chart' && chart.repo === undefined ? join(chart.ref, 'values.yaml') : undefined;
  if (defaults && existsSync(defaults)) return [inline, { file: defaults, fix }];
  return [
    inline,
    {
      name: `chart ${hint.name}'s own values.yaml (valuesMerge: merge, no valuesFile)`,
      unread: true,
      fix,
    },
  ];
}

/**
 * A ConfigMap or Secret (a manifest's, or one a kustomize generator makes of a values file) that
 * a HelmRelease reads through valuesFrom: the chart is that HelmRelease's, resolved as for a
 * HelmRelease target, and its values are the layers helm-controller merges (gitops/merge.ts: each
 * valuesFrom entry in order, then spec.values), with `text(link)` at `source`'s key.
 */
export function valuesFromTarget(
  label: string,
  source: ValuesSource,
  text: (link: string) => string,
  valuesKey: string,
  sources: SourceObjects,
  where: string,
): RenderTarget {
  const shown = `${source.kind}/${source.name}[${source.key}]`;
  const readers = readersOf(source, sources.objects);
  const alone = (link: string): ValuesLayer[] => [{ name: label, yaml: text(link) }];
  const none = (reason: string): RenderTarget => ({
    label,
    valuesKey,
    chart: { kind: 'out-of-reach', reason },
    values: alone,
  });
  if (readers.length === 0)
    return none(
      `no HelmRelease among the manifests of this checkout reads ${shown} through valuesFrom, so its chart is unknown`,
    );
  if (readers.length > 1)
    return none(
      `${readers.length} HelmReleases read ${shown} through valuesFrom (${readers.map(releaseName).join(', ')}), each with its own chart and values: which one applies depends on the entry point`,
    );
  const reader = readers[0]!;
  const layers = (link: string) => {
    const written: Data = {
      apiVersion: 'v1',
      kind: source.kind,
      metadata: { name: source.name, ...(source.namespace ? { namespace: source.namespace } : {}) },
      stringData: { [source.key]: text(link) },
    };
    // The written one first: the file as it is is among the checkout's objects too.
    return fluxLayers(reader, [written, ...sources.objects], valuesKey.split('.'), (o) =>
      o === written ? where : 'the manifests of this checkout',
    );
  };
  const probe = 'https://probe.invalid/';
  const { layers: probed, unknown } = layers(probe);
  const holder = probed.findIndex((l) => 'yaml' in l && l.yaml.includes(probe));
  const after = unknown.filter((u) => u.at > holder).map((u) => u.what);
  const before = unknown.filter((u) => u.at <= holder).map((u) => u.what);
  const chart = releaseChart(reader, sources.objects, sources.root, sources.repository);
  if (chart.kind === 'chart')
    chart.origin = `${chart.origin ? `${chart.origin}, ` : ''}for ${releaseName(reader)}`;
  return {
    label,
    valuesKey,
    chart:
      after.length > 0
        ? {
            kind: 'out-of-reach',
            reason: `${after.join('; ')}: what it sets after the link is unknown to this run`,
          }
        : chart,
    ...(before.length > 0 ? { unread: before.join('; ') } : {}),
    values: (link) => layers(link).layers,
  };
}

const releaseName = (release: Data): string => {
  const meta = isObject(release.metadata) ? release.metadata : {};
  return `HelmRelease ${typeof meta.namespace === 'string' ? `${meta.namespace}/` : ''}${String(meta.name)}`;
};
