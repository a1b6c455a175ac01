/**
 * Argo CD's rules for a Helm source: the values its repo server hands Helm, in its order (later
 * wins). One home for the writer (values/manifest-argo.ts: where the link goes, what it refuses)
 * and the proof (gitops/prove-argo.ts, gitops/argo/: what the chart renders with).
 *
 * Followed from argo-cd's reposerver/repository/repository.go (`helmTemplate`, which passes each
 * `valueFiles` entry as `--values`, then `values`/`valuesObject` as one more values file, then
 * `parameters` as `--set` and `fileParameters` as `--set-file`) and pkg/apis/application/v1alpha1
 * `ApplicationSourceHelm.ValuesYAML` (a non-empty `valuesObject` replaces `values`). Pure rules:
 * data in, data out, no I/O.
 */
import { stringify } from 'yaml';
import { type Data } from '../shared/data.js';
import type { ValuesLayer } from './helm.js';

/** Argo CD's layers for one chart source: valueFiles (texts given), then values or valuesObject. */
export function argoLayers(
  helm: Data,
  valueFiles: readonly ValuesLayer[],
  application: string,
): ValuesLayer[] {
  const layers = [...valueFiles];
  if (helm.valuesObject !== undefined && helm.valuesObject !== null)
    layers.push({
      name: `helm.valuesObject of ${application}`,
      yaml: stringify(helm.valuesObject),
    });
  else if (typeof helm.values === 'string')
    layers.push({ name: `helm.values of ${application}`, yaml: helm.values });
  return layers;
}
