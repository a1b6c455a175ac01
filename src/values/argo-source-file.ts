/**
 * Argo CD's parameter overrides kept in the repository: `.argocd-source.yaml`, then
 * `.argocd-source-<app>.yaml`, in a source's folder. Its repo server merges each over the
 * Application's source (an RFC 7396 merge patch: a mapping merges key by key, anything else
 * replaces, a null deletes) before it renders (mergeSourceParameters); argocd-image-updater's
 * git write-back keeps its image tags there. One that sets a key this run writes, or replaces the
 * values it edits, wins over the Application: the chart would never get the link. Only a source
 * whose folder is in this checkout has such files to read.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { goYamlDocuments, utf8 } from '../shared/go-yaml.js';
import { checkoutFolder, isObject, type Data, type Refusal } from './site.js';
import { overlaps } from '../shared/set-path.js';
import { KEYS, setOver } from './file.js';

/** Where the run writes in the source: its `helm.valuesObject` (kept or new), or `helm.values`. */
export type ArgoValuesSite = 'valuesObject' | 'values';

/** An override file, read once: its data as Argo CD reads it, or why it cannot be read. */
export type OverrideFile = { file: string } & ({ data: unknown } | { error: string });

/**
 * The override files Argo CD would read for this source, in its order: the folder's own, then the
 * Application's (named `<name>`, or `<namespace>_<name>` for an Application outside Argo CD's own
 * namespace, which this run cannot tell: both are read).
 */
export function sourceFiles(
  source: Data,
  app: { name: string; namespace: string | undefined },
  root: string,
): OverrideFile[] {
  if (typeof source.path !== 'string' || typeof source.chart === 'string') return [];
  if (typeof source.repoURL === 'string' && source.repoURL.startsWith('oci://')) return [];
  const dir = checkoutFolder(source.path, root);
  if (!dir) return [];
  const names = ['.argocd-source.yaml', `.argocd-source-${app.name}.yaml`];
  if (app.namespace) names.push(`.argocd-source-${app.namespace}_${app.name}.yaml`);
  return names
    .map((name) => join(dir, name))
    .filter((file) => isFile(file))
    .map((file) => {
      try {
        return { file, data: readOverride(file) };
      } catch (error) {
        return { file, error: (error as Error).message.split('\n')[0]! };
      }
    });
}

const isFile = (file: string): boolean => existsSync(file) && statSync(file).isFile();

/** The first override file that wins over what the run writes at `key`, as a refusal. */
export function sourceFileOverride(
  files: readonly OverrideFile[],
  site: ArgoValuesSite,
  key: readonly string[],
  root: string,
): Refusal | undefined {
  for (const read of files) {
    const shown = relative(resolve(root), read.file);
    if ('error' in read)
      return {
        problem: `has Argo CD's override file ${shown} beside its chart, which is not valid YAML (${read.error})`,
        fix: `Fix ${shown} (Argo CD cannot render the Application with it either), then run again.`,
      };
    const wins = overrideIn(read.data, site, key);
    if (wins)
      return {
        problem: `has Argo CD's override file ${shown} beside its chart, which ${wins}; Argo CD merges that file over the Application before it renders, so the chart would not get the link`,
        fix: `Remove that from ${shown} (keep the link in the Application), then run again.`,
      };
  }
  return undefined;
}

/**
 * One override file's data as Argo CD reads it: yaml.YAMLToJSON (go-yaml) takes the first
 * document, and applies a merge key where it stands.
 */
function readOverride(file: string): unknown {
  const text = utf8(readFileSync(file));
  if (text === undefined) throw new Error('it is not valid UTF-8');
  return goYamlDocuments(text)[0] ?? null;
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

/** What in one override file wins over the values at `key`, in words; undefined if nothing. */
function overrideIn(
  data: unknown,
  site: ArgoValuesSite,
  key: readonly string[],
): string | undefined {
  if (!isObject(data) || !('helm' in data)) return undefined;
  const helm = data.helm;
  if (!isObject(helm)) return helm === null ? 'removes the helm block (helm: null)' : undefined;
  const hits = parametersOn(helm, key);
  if (hits) return `sets helm.${hits.list} ${hits.names.join(', ')}`;
  if (site === 'values') {
    if ('values' in helm) return 'replaces the helm.values string this run edits';
    if (helm.valuesObject !== undefined && helm.valuesObject !== null)
      return 'sets helm.valuesObject, which Argo CD reads instead of the helm.values string this run edits';
    return undefined;
  }
  if (!('valuesObject' in helm)) return undefined;
  if (helm.valuesObject === null) return 'removes helm.valuesObject (valuesObject: null)';
  const at = setAt(helm.valuesObject, key);
  return at ? `sets helm.valuesObject.${at}` : undefined;
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
      .filter(
        (p): p is Data => isObject(p) && typeof p.name === 'string' && overlaps(p.name, key, KEYS),
      )
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

/**
 * The dotted path where a merge patch of `values` replaces or deletes what the run writes: a
 * non-mapping on the way to the block, the block itself, or one of its keys (file.ts setOver).
 */
function setAt(values: unknown, key: readonly string[]): string | undefined {
  const set = setOver(values, key);
  if (!set) return undefined;
  if (set.keys.length === 0) return set.path.length > 0 ? set.path.join('.') : 'itself';
  return [...set.path, set.keys[0]!].join('.');
}
