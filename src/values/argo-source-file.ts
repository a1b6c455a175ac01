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
import { overrideFileNames, parametersOn, type OverrideFile } from '../controllers/argo-cd.js';
import { goYamlDocuments, utf8 } from '../shared/go-yaml.js';
import { checkoutFolder, isObject, type Data, type Refusal } from './site.js';
import { setOver } from './file.js';

/** Where the run writes in the source: its `helm.valuesObject` (kept or new), or `helm.values`. */
export type ArgoValuesSite = 'valuesObject' | 'values';

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
  return overrideFileNames(app)
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
 * The dotted path where a merge patch of `values` replaces or deletes what the run writes: a
 * non-mapping on the way to the block, the block itself, or one of its keys (file.ts setOver).
 */
function setAt(values: unknown, key: readonly string[]): string | undefined {
  const set = setOver(values, key);
  if (!set) return undefined;
  if (set.keys.length === 0) return set.path.length > 0 ? set.path.join('.') : 'itself';
  return [...set.path, set.keys[0]!].join('.');
}
