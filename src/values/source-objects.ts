/**
 * The Flux source objects (HelmRepository, OCIRepository, HelmChart, GitRepository, Bucket) a
 * HelmRelease can name, as candidates for flux-source.ts: the documents of the values files (as
 * this run reads them) and of the checkout's tracked YAML files (the run's one `git ls-files`: what the cluster
 * can be given, not a build folder or a vendored copy). Only files that mention the source group
 * are parsed. Outside a git checkout, the values files alone.
 *
 * When a values ConfigMap or Secret is written (`readers`), also what decides the values its
 * HelmRelease gets (values/flux-override.ts `readersOf`; publish/render.ts `fluxSources` and
 * `generatedTarget`): the HelmReleases, ConfigMaps and Secrets of those files, and
 * the ConfigMaps and Secrets a kustomization's configMapGenerator or secretGenerator makes of a
 * file (each with the file it was made of).
 */
import { readFile, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { isObject, type Data } from './site.js';

const GROUP = 'source.toolkit.fluxcd.io/';
const RELEASES = 'helm.toolkit.fluxcd.io/';
/** A manifest file larger than this is no hand-written source definition: not read. */
const MAX_BYTES = 1024 * 1024;

/** A ConfigMap or Secret a kustomize generator makes, and the file (absolute) of each key. */
export interface Generated {
  object: Data;
  files: Map<string, string>;
}

export interface CheckoutObjects {
  objects: Data[];
  generated: Generated[];
}

const isValuesObject = (value: Data): boolean =>
  (value.kind === 'ConfigMap' || value.kind === 'Secret') && value.apiVersion === 'v1';

export function sourcesIn(text: string, readers = false): Data[] {
  const wanted =
    text.includes(GROUP) ||
    (readers && (text.includes(RELEASES) || /^kind:\s*(ConfigMap|Secret)\b/m.test(text)));
  if (!wanted) return [];
  const objects: Data[] = [];
  for (const doc of parseAllDocuments(text)) {
    if (doc.errors.length > 0) continue;
    const value: unknown = doc.toJS();
    if (!isObject(value) || typeof value.apiVersion !== 'string') continue;
    if (
      value.apiVersion.startsWith(GROUP) ||
      (readers && (value.apiVersion.startsWith(RELEASES) || isValuesObject(value)))
    )
      objects.push(value);
  }
  return objects;
}

/**
 * The manifest files among the checkout's tracked files: what `git ls-files -- '*.yaml' '*.yml'
 * Kustomization '*'/Kustomization` lists (a pathspec's `*` crosses folders), from the run's one
 * listing of the checkout.
 */
export const isManifestFile = (file: string): boolean =>
  /\.ya?ml$/.test(file) || file === 'Kustomization' || file.endsWith('/Kustomization');

/**
 * The source objects of `texts` (the values files), then of `tracked`, the checkout's tracked
 * files (relative to `root`; none outside a git checkout); with `readers`, the HelmReleases,
 * ConfigMaps and Secrets too, and what the generators make.
 */
export async function sourceObjects(
  texts: Iterable<string>,
  root: string,
  tracked: readonly string[],
  readers = false,
): Promise<CheckoutObjects> {
  const objects = [...texts].flatMap((text) => sourcesIn(text, readers));
  const generated: Generated[] = [];
  for (const file of tracked.filter(isManifestFile)) {
    const path = join(root, file);
    try {
      if ((await stat(path)).size > MAX_BYTES) continue;
      const text = await readFile(path, 'utf8');
      objects.push(...sourcesIn(text, readers));
      if (readers && /^(kustomization\.ya?ml|Kustomization)$/.test(basename(file)))
        generated.push(...(await generatedBy(text, dirname(path))));
    } catch {
      // Deleted in the work tree, or unreadable: not something the cluster gets from here.
    }
  }
  // Another valuesFrom entry may read one of them too.
  objects.push(...generated.map((g) => g.object));
  return { objects, generated };
}

/**
 * The ConfigMaps and Secrets a kustomization's generators make of files (`files: [key=]path`,
 * read against its folder), named and namespaced as written: a HelmRelease's valuesFrom names
 * the generator's name (kustomize's hash suffix is either turned off or rewritten into it).
 */
async function generatedBy(text: string, dir: string): Promise<Generated[]> {
  if (!/(configMap|secret)Generator/.test(text)) return [];
  const data: unknown = parseAllDocuments(text)[0]?.toJS();
  if (!isObject(data)) return [];
  const made: Generated[] = [];
  for (const [field, kind] of [
    ['configMapGenerator', 'ConfigMap'],
    ['secretGenerator', 'Secret'],
  ] as const)
    for (const entry of Array.isArray(data[field]) ? data[field] : []) {
      if (!isObject(entry) || typeof entry.name !== 'string') continue;
      const files = new Map<string, string>();
      const stringData: Record<string, string> = {};
      for (const spec of Array.isArray(entry.files) ? entry.files : []) {
        if (typeof spec !== 'string') continue;
        const at = spec.indexOf('=');
        const path = resolve(dir, spec.slice(at + 1));
        const key = at === -1 ? basename(path) : spec.slice(0, at);
        try {
          if ((await stat(path)).size > MAX_BYTES) continue;
          stringData[key] = await readFile(path, 'utf8');
          files.set(key, path);
        } catch {
          // A file the build would miss: kustomize fails there, not this run.
        }
      }
      if (files.size === 0) continue;
      const namespace = typeof entry.namespace === 'string' ? entry.namespace : data.namespace;
      made.push({
        object: {
          apiVersion: 'v1',
          kind,
          metadata: { name: entry.name, ...(typeof namespace === 'string' ? { namespace } : {}) },
          stringData,
        },
        files,
      });
    }
  return made;
}
