/**
 * The proof through an Argo CD Application whose chart source is a folder of this checkout, or
 * whose values come from this checkout (`$ref/…` valueFiles of a multi-source Application), for
 * a plain values file it names among its valueFiles (globs included). Argo CD passes valueFiles
 * in order, then `values` or `valuesObject`, then parameters; the layer that wins is named. The
 * Application as a target of its own is proven by the render check itself (publish/render.ts).
 * A source in another repository, an address, or a chart package's own file is out of reach.
 */
import { posix } from 'node:path';
import { checkTarget } from '../helm/render-check.js';
import type { ValuesLayer } from '../helm/render-target.js';
import { overridingLayer } from '../helm/values-layers.js';
import { parameterNamesOn } from '../values/argo-source-file.js';
import { chartInCheckout, isObject, type Data } from '../values/site.js';
import { entryLabel, type ArgoEntry } from './discover.js';
import { goPathMatch } from './glob.js';
import { argoLayers } from './merge.js';
import { join, type Checkout } from './tree.js';
import { targetName, type ProofContext, type ProofTarget } from './types.js';

/** One chart source and the checkout files its valueFiles name, in Argo CD's order. */
interface SourceFiles {
  source: Data;
  helm: Data;
  /** Each valueFiles entry: the checkout files it names (a glob: several), or why not in reach. */
  files: { entry: string; paths: string[] }[];
  /** The chart folder in this checkout, if the chart is one. */
  chart?: string;
}

/** The chart sources of an Application with the files of this checkout their valueFiles name. */
export function sourcesOf(checkout: Checkout, entry: ArgoEntry): SourceFiles[] {
  const spec = entry.spec;
  const sources: Data[] = Array.isArray(spec.sources)
    ? spec.sources.filter(isObject)
    : isObject(spec.source)
      ? [spec.source]
      : [];
  const out: SourceFiles[] = [];
  for (const source of sources) {
    const helm = isObject(source.helm) ? source.helm : undefined;
    if (!helm) continue;
    const base =
      typeof source.path === 'string' ? join('', source.path.replace(/^\/+/, '')) : undefined;
    const files = (Array.isArray(helm.valueFiles) ? helm.valueFiles : []).map(String).map((e) => {
      const ref = /^\$([^/]+)\/(.*)$/.exec(e);
      let path: string | undefined;
      if (ref) {
        const from = sources.find((s) => s.ref === ref[1]);
        path = from ? join('', ref[2]!) : undefined;
      } else if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(e) && base !== undefined)
        path = e.startsWith('/') ? join('', e.slice(1)) : join(base, e);
      return { entry: e, paths: path === undefined ? [] : matching(checkout, path) };
    });
    const chart =
      base !== undefined && typeof source.chart !== 'string'
        ? chartInCheckout(base, checkout.root)
        : undefined;
    out.push({ source, helm, files, ...(chart ? { chart } : {}) });
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
  for (const one of sourcesOf(checkout, entry)) {
    for (const target of targets) {
      if (target.chosen || !one.files.some((f) => f.paths.includes(target.file))) continue;
      const record = { target: targetName(target), entry: entryLabel(entry) };
      const hits = parameterNamesOn(one.helm.parameters, tools.valuesKey);
      if (hits.length > 0) {
        ctx.refusals.push(
          `${app} (${entry.from}) sets helm.parameters ${hits.join(', ')}, which Argo CD passes after every values file, over ${target.display}. Remove those parameters, or set values-key to what they do not touch.`,
        );
        ctx.records.push({ ...record, level: 'values', reason: 'refused: parameters win' });
        continue;
      }
      const files: ValuesLayer[] = one.files.flatMap((f) =>
        f.paths.map((path) => {
          const text = checkout.read(path);
          return text === undefined
            ? { file: posix.join(checkout.root, path) }
            : { name: `${path} (helm.valueFiles of ${app})`, yaml: text };
        }),
      );
      const layers = argoLayers(one.helm, files, `${app} (${entry.from})`);
      const over = await overridingLayer(layers, key, tools.placeholder.link);
      if (over) {
        ctx.refusals.push(
          `${over.by} sets ${over.key} after ${target.display}, where Argo CD reads the values of ${app} (${entry.from}), so the chart would get that value instead. Remove it there, or point values-file at ${over.by.split(' ')[0]} so that the link is written there.`,
        );
        ctx.records.push({ ...record, level: 'values', reason: `refused: ${over.by} wins` });
        continue;
      }
      if (!one.chart || !tools.helm) {
        ctx.records.push({
          ...record,
          level: 'values',
          reason: one.chart
            ? 'helm is not on PATH'
            : `the chart of ${app} is not a folder of this checkout, so it was not rendered`,
        });
        continue;
      }
      const outcome = await checkTarget(
        {
          label: `${record.target} through ${record.entry}`,
          valuesKey: key,
          chart: {
            kind: 'chart',
            ref: one.chart,
            releaseName: entry.name,
            namespace: destination(entry),
          },
          values: () => layers,
        },
        {
          helm: tools.helm,
          helmArgs: [],
          signal: tools.signal,
          redact: tools.redact,
          placeholder: tools.placeholder,
        },
      );
      if (outcome.kind === 'found') ctx.records.push({ ...record, level: 'rendered' });
      else if (outcome.kind === 'skipped')
        ctx.records.push({ ...record, level: 'values', reason: outcome.reason });
      else {
        ctx.refusals.push(
          `${app} (${entry.from}) renders its chart with ${target.display} among its valueFiles, and none of the documents the vendor chart renders holds the link at values-key ${key}.${outcome.kind === 'missing' && outcome.readsAt ? ` The chart reads it at ${outcome.readsAt}: set values-key: ${outcome.readsAt}.` : ' Check values-key.'}`,
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

function destination(entry: ArgoEntry): string {
  const d = isObject(entry.spec.destination) ? entry.spec.destination : {};
  return typeof d.namespace === 'string' && d.namespace ? d.namespace : 'default';
}

/** The checkout files an Application reads: its own file, its valueFiles, its source folders. */
export function argoFiles(checkout: Checkout, entry: ArgoEntry): string[] {
  return sourcesOf(checkout, entry).flatMap((s) => s.files.flatMap((f) => f.paths));
}
