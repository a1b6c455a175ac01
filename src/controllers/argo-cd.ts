/**
 * Argo CD's rules for a Helm source: the values its repo server hands Helm, in its order (later
 * wins). One home for the writer (values/manifest-argo.ts: where the link goes, what it refuses)
 * and the proof (gitops/prove-argo.ts, gitops/argo/: what the chart renders with).
 *
 * Followed from argo-cd's reposerver/repository/repository.go (`helmTemplate`, which passes each
 * `valueFiles` entry as `--values`, then `values`/`valuesObject` as one more values file, then
 * `parameters` as `--set` and `fileParameters` as `--set-file`) and pkg/apis/application/v1alpha1
 * `ApplicationSourceHelm.ValuesYAML` (a non-empty `valuesObject` replaces `values`); the
 * `.argocd-source*.yaml` files from reposerver's `mergeSourceParameters` (each an RFC 7396 merge
 * patch over the source, folder's file first). Pure rules: data in, data out, no I/O (reading
 * the override files is values/argo-source-file.ts).
 */
import { stringify } from 'yaml';
import { isObject, type Data } from '../shared/data.js';
import { overlaps } from '../shared/set-path.js';
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

/** An override file, read once: its data as Argo CD reads it, or why it cannot be read. */
export type OverrideFile = { file: string } & ({ data: unknown } | { error: string });

/**
 * The override files Argo CD reads in a source's folder, in its order (reposerver
 * `mergeSourceParameters`): the folder's own, then the Application's (named `<name>`, or
 * `<namespace>_<name>` for an Application outside Argo CD's own namespace, which this run cannot
 * tell: both are listed).
 */
export function overrideFileNames(app: { name: string; namespace: string | undefined }): string[] {
  const names = ['.argocd-source.yaml', `.argocd-source-${app.name}.yaml`];
  if (app.namespace) names.push(`.argocd-source-${app.namespace}_${app.name}.yaml`);
  return names;
}

/**
 * The release Argo CD renders a source as: helm.releaseName (else the Application's name) into
 * helm.namespace (else the destination's namespace), after the override files beside the source
 * (`files`; none when `helm` is already the block after them) set them: each may set (or, with a
 * null, delete) helm.releaseName and helm.namespace. A file that cannot be read is left to
 * sourceFileOverride, which refuses it.
 */
export function argoRelease(
  helm: Data,
  app: { name: string; destination: string | undefined },
  files: readonly OverrideFile[] = [],
): { name: string; namespace?: string } {
  const out = helmAfterOverrides(helm, files, (file) => file).helm ?? {};
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
  const namespace = text(out.namespace) ?? app.destination;
  return { name: text(out.releaseName) ?? app.name, ...(namespace ? { namespace } : {}) };
}

/**
 * The first of a helm block's parameters (`--set`) and fileParameters (`--set-file`) that sets the
 * keys at `key` (the block or above), with the names that do: Argo CD passes them after every
 * values source, so they win over all.
 */
export function parametersOn(
  helm: Data | undefined,
  key: readonly string[],
): { list: 'parameters' | 'fileParameters'; names: string[] } | undefined {
  for (const list of ['parameters', 'fileParameters'] as const) {
    const entries = helm?.[list];
    if (!Array.isArray(entries)) continue;
    const names = entries
      .filter((p): p is Data => isObject(p) && typeof p.name === 'string' && overlaps(p.name, key))
      .map((p) => String(p.name));
    if (names.length > 0) return { list, names };
  }
  return undefined;
}

/**
 * A source's helm block after its override files, as the repo server merges each over the source
 * (an RFC 7396 merge patch), with the file (as `shown` names it) that last set each of its keys;
 * a key no file set is the Application's own. A file that cannot be read is left out (refused
 * where the Application is a target: sourceFileOverride).
 */
export function helmAfterOverrides(
  helm: Data | undefined,
  files: readonly OverrideFile[],
  shown: (file: string) => string,
): { helm: Data | undefined; setBy: Map<string, string> } {
  let merged: unknown = helm;
  const setBy = new Map<string, string>();
  for (const read of files) {
    if (!('data' in read) || !isObject(read.data) || !('helm' in read.data)) continue;
    const patch = read.data.helm;
    merged = mergePatch(merged, patch);
    for (const key of isObject(patch) ? Object.keys(patch) : ['helm'])
      setBy.set(key, shown(read.file));
  }
  return { helm: isObject(merged) ? merged : undefined, setBy };
}

/** RFC 7396: a mapping merges key by key (a null deletes), anything else replaces. */
function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return patch;
  const out: Data = isObject(target) ? { ...target } : {};
  for (const [k, v] of Object.entries(patch))
    if (v === null) delete out[k];
    else out[k] = mergePatch(out[k], v);
  return out;
}
