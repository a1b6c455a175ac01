/**
 * A values ConfigMap or Secret that a Flux HelmRelease reads through `valuesFrom` loses to that
 * HelmRelease's own `spec.values`: helm-controller merges `spec.values` after every valuesFrom
 * entry (ChartValuesFromReferences). Written into the ConfigMap, the link would lose to a link the
 * HelmRelease still carries, with nothing to render (the chart comes from a Flux source). So when
 * both are in the values files, such a HelmRelease is refused before anything is sent. So is a
 * HelmRelease that reads the chosen key only at a `targetPath`: helm-controller sets the key's whole
 * text there as one value, and the chart would find no link at its values' top.
 */
import { parseAllDocuments } from 'yaml';
import { fileError, type KeyPath } from './file.js';
import { isObject, valueAt } from './site.js';
import type { ChosenTarget } from './target.js';

/**
 * Refuses a HelmRelease in `files` whose spec.values sets the link over a chosen ConfigMap or
 * Secret it reads whole, and a chosen one that the HelmReleases in `files` read only at a
 * `targetPath`. Returns the chosen ones that no HelmRelease in `files` reads at all: the
 * HelmRelease that reads them was not seen, so not checked.
 */
export function refuseOverriddenSource(
  files: readonly { display: string; text: string }[],
  chosen: readonly ChosenTarget[],
  valuesKey: KeyPath,
): ChosenTarget[] {
  const sources = chosen.filter((c) => c.target.kind === 'ConfigMap' || c.target.kind === 'Secret');
  const unread = new Set(sources);
  const readWhole = new Set<ChosenTarget>();
  /** The first HelmRelease seen reading a chosen source at a targetPath, with that path. */
  const readAtPath = new Map<ChosenTarget, { where: string; name: string; path: string }>();
  for (const file of sources.length > 0 ? files : []) {
    for (const doc of parseAllDocuments(file.text)) {
      const data: unknown = doc.errors.length === 0 ? doc.toJS() : undefined;
      if (!isObject(data) || data.kind !== 'HelmRelease') continue;
      if (
        typeof data.apiVersion !== 'string' ||
        !data.apiVersion.startsWith('helm.toolkit.fluxcd.io/')
      )
        continue;
      const meta = isObject(data.metadata) ? data.metadata : {};
      const spec = isObject(data.spec) ? data.spec : {};
      const entries = Array.isArray(spec.valuesFrom) ? spec.valuesFrom.filter(isObject) : [];
      // valuesFrom reads from the HelmRelease's own namespace.
      const reads = (e: Record<string, unknown>, { target }: ChosenTarget) =>
        e.kind === target.kind &&
        e.name === target.name &&
        (e.valuesKey ?? 'values.yaml') === target.part &&
        (target.namespace === undefined ||
          meta.namespace === undefined ||
          target.namespace === meta.namespace);
      for (const source of sources) {
        const readers = entries.filter((e) => reads(e, source));
        if (readers.length > 0) unread.delete(source);
        if (readers.some((e) => e.targetPath === undefined)) readWhole.add(source);
        const atPath = readers.find((e) => e.targetPath !== undefined);
        if (atPath && !readAtPath.has(source))
          readAtPath.set(source, {
            where: file.display,
            name: String(meta.name),
            path: String(atPath.targetPath),
          });
      }
      // The first chosen source this HelmRelease reads whole: at the root, not at a targetPath.
      const source = sources.find((c) =>
        entries.some((e) => reads(e, c) && e.targetPath === undefined),
      );
      if (!source || !setsLink(spec.values, valuesKey)) continue;
      throw fileError(
        `${file.display} (HelmRelease/${String(meta.name)})`,
        `sets ${valuesKey.join('.')}.bundleUrl in spec.values, which helm-controller merges over its valuesFrom ${source.label}, where the link was chosen to go: the chart would get the value in spec.values`,
        `Remove ${valuesKey.join('.')}.bundleUrl from its spec.values, or choose HelmRelease/${String(meta.name)} with values-document.`,
      );
    }
  }
  for (const [source, { where, name, path }] of readAtPath) {
    if (readWhole.has(source)) continue;
    throw fileError(
      `${where} (HelmRelease/${name})`,
      `reads ${source.label}, where the link was chosen to go, only at targetPath ${path}: helm-controller sets that key's whole text there as one value, so the chart would not find ${valuesKey.join('.')}.bundleUrl in it`,
      `Read it without targetPath in the HelmRelease's valuesFrom, or choose HelmRelease/${name} with values-document.`,
    );
  }
  return [...unread];
}

function setsLink(values: unknown, valuesKey: KeyPath): boolean {
  const block = valueAt(values, valuesKey);
  return isObject(block) && 'bundleUrl' in block;
}
