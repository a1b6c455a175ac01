/**
 * A values ConfigMap or Secret that a Flux HelmRelease reads through `valuesFrom` loses to that
 * HelmRelease's own `spec.values`: helm-controller merges `spec.values` after every valuesFrom
 * entry (ChartValuesFromReferences). Written into the ConfigMap, the link would lose to a link the
 * HelmRelease still carries, with nothing to render (the chart comes from a Flux source). So when
 * both are in the values files, such a HelmRelease is refused before anything is sent.
 */
import { parseAllDocuments } from 'yaml';
import { fileError, type KeyPath } from './file.js';
import { isObject, valueAt } from './site.js';
import type { ChosenTarget } from './target.js';

/**
 * Refuses a HelmRelease in `files` whose spec.values sets the link over a chosen ConfigMap or
 * Secret it reads whole. Returns the chosen ones that no HelmRelease in `files` reads at all (a
 * `targetPath` entry counts): the HelmRelease that reads them was not seen, so not checked.
 */
export function refuseOverriddenSource(
  files: readonly { display: string; text: string }[],
  chosen: readonly ChosenTarget[],
  valuesKey: KeyPath,
): ChosenTarget[] {
  const sources = chosen.filter((c) => c.target.kind === 'ConfigMap' || c.target.kind === 'Secret');
  const unread = new Set(sources);
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
      /** The chosen sources that an entry reads, `whole`: at the root, not at a targetPath. */
      const readBy = (whole: boolean) =>
        sources.filter(({ target }) =>
          entries.some(
            (e) =>
              e.kind === target.kind &&
              e.name === target.name &&
              (e.valuesKey ?? 'values.yaml') === target.part &&
              (!whole || e.targetPath === undefined) &&
              // valuesFrom reads from the HelmRelease's own namespace.
              (target.namespace === undefined ||
                meta.namespace === undefined ||
                target.namespace === meta.namespace),
          ),
        );
      for (const source of readBy(false)) unread.delete(source);
      const source = readBy(true)[0];
      if (!source || !setsLink(spec.values, valuesKey)) continue;
      throw fileError(
        `${file.display} (HelmRelease/${String(meta.name)})`,
        `sets ${valuesKey.join('.')}.bundleUrl in spec.values, which helm-controller merges over its valuesFrom ${source.label}, where the link was chosen to go: the chart would get the value in spec.values`,
        `Remove ${valuesKey.join('.')}.bundleUrl from its spec.values, or choose HelmRelease/${String(meta.name)} with values-document.`,
      );
    }
  }
  return [...unread];
}

function setsLink(values: unknown, valuesKey: KeyPath): boolean {
  const block = valueAt(values, valuesKey);
  return isObject(block) && 'bundleUrl' in block;
}
