/**
 * Recognises the GitOps manifests a values-file may be: a Flux HelmRelease, an Argo CD
 * Application, a kustomize Kustomization (or Component) with helmCharts, a ConfigMap or Secret
 * holding values under a data key. Each supported document yields its targets: where, inside it, the chart's
 * values live. Every other document is either plain values (a file with no manifest shape) or a
 * kind this action must not write into, refused with the reason: a top-level `staticExport` in a
 * manifest is read by no controller, and the run would otherwise exit 0 with a site that never
 * changes.
 */
import { KUSTOMIZATION_NAMES } from '../controllers/kustomize.js';
import { basename } from 'node:path';
import { isMap, isScalar, type Document } from 'yaml';
import { fluxRelease } from '../controllers/helm-controller.js';
import { topLevelOf } from '../shared/documents.js';
import { helmfileRefusal, isHelmfileDocument } from './helmfile.js';
import { targetsOfApplication } from './manifest-argo.js';
import { isObject, type ChartHint, type Data, type Refusal, type Target } from './site.js';

export type Classified =
  | { kind: 'values' }
  | { kind: 'empty' }
  | { kind: 'manifest'; type: string; name: string; namespace?: string; targets: Target[] }
  | { kind: 'refused'; type: string; name: string; namespace?: string; refusal: Refusal };

export const SUPPORTED_KINDS =
  'a Flux HelmRelease, an Argo CD Application, a kustomize Kustomization (or Component) with helmCharts, a ConfigMap or Secret (stringData) with a values.yaml key';

/** `v1`, `apps/v1`, `helm.toolkit.fluxcd.io/v2beta1`. */
const API_VERSION = /^(?:([a-z0-9]([a-z0-9.-]*[a-z0-9])?)\/)?v\d+(?:(?:alpha|beta)\d+)?$/;

const KUSTOMIZATION_FILES = new Set(KUSTOMIZATION_NAMES);

/**
 * Classifies one document of `file` (its path, for the kustomization name rule); `root` is the
 * checkout, where an Argo CD source's chart path is read.
 */
export function classify(doc: Document, index: number, file: string, root: string): Classified {
  if (doc.contents === null || (isScalar(doc.contents) && doc.contents.value === null))
    return { kind: 'empty' };
  if (!isMap(doc.contents)) return { kind: 'values' };
  // The top-level keys, each converted when read: a large plain values file is not converted.
  const data = topLevelOf(doc) as Data;
  const base = basename(file);
  const sops = isObject(data.sops) ? data.sops : undefined;
  const shape = manifestShape(data);
  if (/^Chart\.ya?ml$/.test(base) || (!shape && isChartYaml(data)))
    return refused('Chart.yaml', typeof data.name === 'string' ? data.name : '', {
      problem: "is a chart's Chart.yaml (the chart's metadata), not values",
      fix: 'Point values-file at the values.yaml beside it.',
    });
  if (!shape && isHelmfileDocument(file, data))
    return refused('helmfile', '', helmfileRefusal(data, file, root));
  const kustomizeByName = !shape && KUSTOMIZATION_FILES.has(base);
  if (!shape && !kustomizeByName) {
    if (sops) return refused('values', '', sopsRefusal());
    return { kind: 'values' };
  }
  const type = shape?.kind ?? 'Kustomization';
  const meta = isObject(data.metadata) ? data.metadata : {};
  const name = typeof meta.name === 'string' ? meta.name : '';
  const namespace = typeof meta.namespace === 'string' ? meta.namespace : undefined;
  const fail = (refusal: Refusal): Classified => ({
    kind: 'refused',
    type,
    name,
    namespace,
    refusal,
  });
  if (sops) return fail(sopsRefusal());
  const group = shape?.group ?? 'kustomize.config.k8s.io';
  const targets = (() => {
    if (group === 'helm.toolkit.fluxcd.io' && type === 'HelmRelease')
      return targetsOfHelmRelease(data, index, name, namespace);
    if (group === 'argoproj.io' && type === 'Application')
      return targetsOfApplication(data, index, name, namespace, root);
    if (group === 'argoproj.io' && type === 'ApplicationSet')
      return {
        problem:
          'is an Argo CD ApplicationSet: its Applications are generated from templates, and an edit there would reach every generated Application, or none',
        fix: 'Point values-file at a values file the template names, or at the chart values of one Application.',
      };
    if (group === 'kustomize.toolkit.fluxcd.io' && type === 'Kustomization')
      return {
        problem:
          'is a Flux Kustomization (kustomize.toolkit.fluxcd.io), which applies a folder of manifests and holds no chart values',
        fix: 'Point values-file at the HelmRelease or the kustomization.yaml inside the folder its spec.path names.',
      };
    // A Component (v1alpha1) inflates its helmCharts like the Kustomization that lists it.
    if (group === 'kustomize.config.k8s.io' && (type === 'Kustomization' || type === 'Component'))
      return targetsOfKustomization(data, index, name, namespace);
    if (group === '' && (type === 'ConfigMap' || type === 'Secret'))
      return targetsOfConfigMap(data, index, type, name, namespace);
    return {
      problem: `is a ${type} manifest (${shape?.apiVersion ?? ''}), which no controller reads chart values from`,
      fix: `A top-level staticExport there would be read by nothing. Point values-file at ${SUPPORTED_KINDS}, or at a plain Helm values file.`,
    };
  })();
  if (!Array.isArray(targets)) return fail(targets);
  return { kind: 'manifest', type, name, namespace, targets };
}

function refused(type: string, name: string, refusal: Refusal): Classified {
  return { kind: 'refused', type, name, refusal };
}

function sopsRefusal(): Refusal {
  return {
    problem:
      'is encrypted by SOPS (it has a sops: block): any edit breaks its message authentication code, and the controller would refuse to decrypt it',
    fix: 'Keep the link in a file that is not encrypted (e.g. a plain values file or a HelmRelease beside the secret), or write it with sops --set.',
  };
}

/** apiVersion group/version, kind and metadata: a manifest. A values file's own `kind:` is not. */
function manifestShape(
  data: Data,
): { group: string; kind: string; apiVersion: string } | undefined {
  const { apiVersion, kind } = data;
  if (typeof apiVersion !== 'string' || typeof kind !== 'string') return undefined;
  const match = API_VERSION.exec(apiVersion);
  if (!match || !/^[A-Z][A-Za-z0-9]*$/.test(kind)) return undefined;
  const group = match[1] ?? '';
  // A kustomization often has no metadata: its group is shape enough.
  if (!isObject(data.metadata) && group !== 'kustomize.config.k8s.io') return undefined;
  return { group, kind, apiVersion };
}

function isChartYaml(data: Data): boolean {
  return (
    (data.apiVersion === 'v1' || data.apiVersion === 'v2') &&
    typeof data.name === 'string' &&
    data.version !== undefined &&
    data.kind === undefined
  );
}

function targetsOfHelmRelease(
  data: Data,
  doc: number,
  name: string,
  namespace: string | undefined,
): Target[] | Refusal {
  const spec = isObject(data.spec) ? data.spec : {};
  // Without spec.chart or spec.chartRef it is an overlay's patch of the HelmRelease a base
  // defines (kustomize merges it over the base, by kind and name): its spec.values are the
  // release's values after the build, so it is a target, and its chart is the base's, which
  // only the build of the overlay shows. Else the chart is resolved against the source objects
  // when the render check runs (flux-source.ts).
  const patch = spec.chart === undefined && spec.chartRef === undefined;
  const chart = fluxChartOf(data);
  return [
    {
      doc,
      kind: 'HelmRelease',
      name,
      namespace,
      site: { kind: 'map', root: ['spec'], lead: ['values'] },
      chart,
      release: fluxRelease(spec, name, namespace),
      ...(patch ? { patch: true as const } : {}),
      // No valuesFrom entry overrides spec.values, not even one with a targetPath on these keys:
      // helm-controller merges spec.values after every entry (ChartValuesFromReferences).
    },
  ];
}

/** A HelmRelease's chart, to be resolved against the source objects (flux-source.ts). */
export function fluxChartOf(data: Data): ChartHint {
  const spec = isObject(data.spec) ? data.spec : {};
  const meta = isObject(data.metadata) ? data.metadata : {};
  const name = typeof meta.name === 'string' ? meta.name : '';
  const namespace = typeof meta.namespace === 'string' ? meta.namespace : undefined;
  if (spec.chart === undefined && spec.chartRef === undefined)
    return {
      kind: 'none',
      reason: `HelmRelease/${name} is an overlay patch without spec.chart: its chart is that of the HelmRelease it patches, in the base the overlay builds on`,
    };
  return {
    kind: 'flux',
    release: name,
    ...(namespace ? { namespace } : {}),
    ...(isObject(spec.chart) && isObject(spec.chart.spec) ? { chart: spec.chart.spec } : {}),
    ...(isObject(spec.chartRef) ? { chartRef: spec.chartRef } : {}),
  };
}

function targetsOfKustomization(
  data: Data,
  doc: number,
  name: string,
  namespace: string | undefined,
): Target[] | Refusal {
  const charts = Array.isArray(data.helmCharts) ? data.helmCharts : [];
  const chartHome =
    isObject(data.helmGlobals) && typeof data.helmGlobals.chartHome === 'string'
      ? data.helmGlobals.chartHome
      : 'charts';
  const targets: Target[] = [];
  charts.forEach((entry, i) => {
    if (!isObject(entry)) return;
    const chartName = typeof entry.name === 'string' ? entry.name : `helmCharts[${i}]`;
    const release = typeof entry.releaseName === 'string' ? entry.releaseName : chartName;
    const chartNamespace = typeof entry.namespace === 'string' ? entry.namespace : undefined;
    targets.push({
      doc,
      kind: 'helmCharts',
      name: release,
      namespace: chartNamespace ?? namespace,
      // kustomize runs `helm template` with the entry's releaseName (helm's own release-name
      // without one) and its namespace; the kustomization's namespace is set on the output after.
      release: {
        name: typeof entry.releaseName === 'string' ? entry.releaseName : 'release-name',
        ...(chartNamespace ? { namespace: chartNamespace } : {}),
      },
      site: { kind: 'map', root: ['helmCharts', i], lead: ['valuesInline'] },
      chart: {
        kind: 'helmCharts',
        name: chartName,
        chartHome,
        version: typeof entry.version === 'string' ? entry.version : undefined,
        repo: typeof entry.repo === 'string' ? entry.repo : undefined,
        valuesFile: typeof entry.valuesFile === 'string' ? entry.valuesFile : undefined,
        valuesMerge: typeof entry.valuesMerge === 'string' ? entry.valuesMerge : undefined,
        additionalValuesFiles: Array.isArray(entry.additionalValuesFiles)
          ? entry.additionalValuesFiles.filter((f): f is string => typeof f === 'string')
          : undefined,
      },
    });
  });
  if (targets.length === 0)
    return {
      problem: `is a kustomization${name ? ` (${name})` : ''} without helmCharts`,
      fix: 'Point values-file at the kustomization that inflates the chart (its helmCharts entry), or at the HelmRelease or values file the chart reads.',
    };
  return targets;
}

function targetsOfConfigMap(
  data: Data,
  doc: number,
  type: string,
  name: string,
  namespace: string | undefined,
): Target[] | Refusal {
  const field = type === 'Secret' ? 'stringData' : 'data';
  const map = isObject(data[field]) ? data[field] : undefined;
  if (type === 'Secret' && !map)
    return {
      problem: `is a Secret without stringData (its data is base64, which this action does not rewrite)`,
      fix: 'Write the values under stringData (key values.yaml), or point values-file at the HelmRelease.',
    };
  const keys = Object.keys(map ?? {}).filter((key) => typeof map![key] === 'string');
  // The API server refuses any change to an immutable one's data: the new link would never apply.
  const refuse = () =>
    data.immutable === true
      ? {
          problem: `is an immutable ${type} (immutable: true): the cluster refuses any change to its data, so the new link would never be applied`,
          fix: `Remove immutable: true, or give the ${type} a new name with each change (as a kustomize generator does) and point values-file at what it is generated from.`,
        }
      : undefined;
  return keys.map((key) => ({
    refuse,
    doc,
    kind: type,
    name,
    namespace,
    part: key,
    namedOnly: key !== 'values.yaml',
    site: { kind: 'string', path: [field, key] },
    chart: {
      kind: 'none',
      reason: `${type}/${name} is read by a HelmRelease's valuesFrom, whose chart this run does not fetch`,
    },
  }));
}
