/**
 * kustomize's own rules, as `kubectl kustomize` (kustomize 5.4) applies them: which file of a
 * folder is its kustomization, which fields of a kustomization name files, which generator made a
 * ConfigMap or Secret, and how a build renames what it generates. One home for the readers'
 * graph and the build (gitops/tree.ts, gitops/build.ts) and the refusal of a `valuesFrom` name
 * the build changed (gitops/flux/values-from-missing.ts).
 *
 * Followed from kubernetes-sigs/kustomize: api/konfig/general.go (`RecognizedKustomizationFileNames`,
 * in that order), api/types/kustomization.go (the fields that name files: resources, components,
 * generators' `files`/`envs`, patches, replacements, `helmCharts` values files), and api/filters
 * prefix and suffix plus api/hasher (a generated name gets `namePrefix`, `nameSuffix`, then `-`
 * and a 10-character content hash; only the references the nameReference configuration knows are
 * rewritten, so a `configurations:` file is needed for a HelmRelease's `valuesFrom`). Pure rules:
 * data in, data out; the checkout's files are handed in, never read from disk here.
 */
import { posix } from 'node:path';
import { parse } from 'yaml';
import { isObject, type Data } from '../shared/data.js';
import { join } from '../shared/repo-path.js';
import { substitutedFrom } from './kustomize-controller.js';

export const KUSTOMIZATION_NAMES = ['kustomization.yaml', 'kustomization.yml', 'Kustomization'];

/** The files of a checkout, as the rules see it (gitops/tree.ts's `Checkout` is one). */
export interface FileList {
  readonly files: readonly string[];
}

/** A checkout's files and a reader of one file's text (as the run would write it). */
export interface FileReader extends FileList {
  read(path: string): string | undefined;
}

/** The kustomization file of a folder of the checkout, if it has one. */
export function kustomizationIn(checkout: FileList, dir: string): string | undefined {
  const set = fileSet(checkout);
  return KUSTOMIZATION_NAMES.map((name) => join(dir, name)).find((path) => set.has(path));
}

const sets = new WeakMap<readonly string[], Set<string>>();
/** The checkout's files as a set, made once per file list. */
export function fileSet(checkout: FileList): Set<string> {
  let set = sets.get(checkout.files);
  if (!set) sets.set(checkout.files, (set = new Set(checkout.files)));
  return set;
}

/** Every path a kustomization names: resources, components, patches, generators' files, charts. */
export function references(data: Data): string[] {
  const refs: string[] = [];
  const strings = (value: unknown) =>
    Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  for (const field of [
    'resources',
    'bases',
    'components',
    'crds',
    'transformers',
    'generators',
    'configurations',
    'validators',
  ])
    refs.push(...strings(data[field]));
  // patchesStrategicMerge entries are a path or an inline patch (YAML with a newline).
  refs.push(...strings(data.patchesStrategicMerge).filter((p) => !p.includes('\n')));
  for (const field of ['patches', 'patchesJson6902', 'replacements'])
    for (const entry of Array.isArray(data[field]) ? data[field] : [])
      if (isObject(entry) && typeof entry.path === 'string') refs.push(entry.path);
  for (const field of ['configMapGenerator', 'secretGenerator'])
    for (const entry of Array.isArray(data[field]) ? data[field] : []) {
      if (!isObject(entry)) continue;
      // `key=path` names the key; the file is after the first `=`.
      for (const file of strings(entry.files)) refs.push(file.slice(file.indexOf('=') + 1));
      refs.push(...strings(entry.envs));
      if (typeof entry.env === 'string') refs.push(entry.env);
    }
  for (const entry of Array.isArray(data.helmCharts) ? data.helmCharts : []) {
    if (!isObject(entry)) continue;
    if (typeof entry.valuesFile === 'string') refs.push(entry.valuesFile);
    refs.push(...strings(entry.additionalValuesFiles));
  }
  return refs;
}

/**
 * The file of the checkout a generated ConfigMap or Secret of the tree holds at `key`: of the
 * `configMapGenerator` (`secretGenerator`) entries of the kustomizations in `tree`, the one whose
 * name the object's name carries (kustomize adds prefixes, suffixes and a hash; the longest name
 * wins), and its `files:` entry for that key (`key=path`, or the file's own name). So a layer is
 * named by the file to change, not by the build. Undefined when no generator made it.
 */
export function generatedFrom(
  checkout: FileReader,
  tree: ReadonlySet<string>,
  object: Data,
  key: string,
): string | undefined {
  const field =
    object.kind === 'ConfigMap'
      ? 'configMapGenerator'
      : object.kind === 'Secret'
        ? 'secretGenerator'
        : undefined;
  const name = isObject(object.metadata) ? String(object.metadata.name) : '';
  if (!field) return undefined;
  let best: { name: string; file: string } | undefined;
  for (const kustomization of tree) {
    if (!KUSTOMIZATION_NAMES.includes(posix.basename(kustomization))) continue;
    let data: unknown;
    try {
      data = parse(checkout.read(kustomization) ?? '');
    } catch {
      continue;
    }
    if (!isObject(data) || !Array.isArray(data[field])) continue;
    for (const generator of data[field]) {
      if (!isObject(generator) || typeof generator.name !== 'string') continue;
      // A generator named after a post-build variable (`${APP}-values`) made the substituted name.
      const makes = name.includes(generator.name) || substitutedFrom(generator.name, name);
      if (!makes || generator.name.length <= (best?.name.length ?? 0)) continue;
      for (const entry of Array.isArray(generator.files) ? generator.files : []) {
        if (typeof entry !== 'string') continue;
        const eq = entry.indexOf('=');
        const path = entry.slice(eq + 1);
        if ((eq === -1 ? posix.basename(path) : entry.slice(0, eq)) === key)
          best = { name: generator.name, file: join(posix.dirname(kustomization), path) };
      }
    }
  }
  return best?.file;
}

/** One namePrefix or nameSuffix of a build, with the file that sets it. */
export interface Affix {
  value: string;
  file: string;
}

/**
 * The suffix kustomize appends to a generated name: `-` and ten characters of a hash of the
 * content, encoded by api/hasher `encode` (hex digits, with 0, 1, 3, a and e replaced by g, h, k,
 * m and t so that no word is spelt): a name like `grafana-dashboards` has no such suffix.
 */
export const NAME_HASH = /-[245-9bcdfghkmt]{10}$/;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * How `made` was made from `name`: its prefix, suffix and whether a hash ends it, or undefined
 * when it was not (with `names`, only from the build's own affixes, in any order and number).
 */
export function madeFrom(
  name: string,
  made: string,
  names: { prefixes: readonly Affix[]; suffixes: readonly Affix[] } | undefined,
): { prefix: string; suffix: string; hash: boolean } | undefined {
  const any = (affixes: readonly Affix[]) =>
    `(?:${affixes.map((a) => escape(a.value)).join('|')})*`;
  const shape = names
    ? `^(${names.prefixes.length ? any(names.prefixes) : ''})${escape(name)}(${names.suffixes.length ? any(names.suffixes) : ''})`
    : // Without the build, only a prefix ending in `-` (or a hash): a bare `-auth` after the name
      // is as likely another object (`redis-auth` beside `redis`) as a nameSuffix.
      `^((?:.+-)?)${escape(name)}()`;
  for (const hash of [true, false]) {
    const match = new RegExp(`${shape}${hash ? NAME_HASH.source : '$'}`).exec(made);
    if (!match) continue;
    const [, prefix = '', suffix = ''] = match;
    // The name itself, unchanged, is no miss; without the build, a "suffix" that is a hash is one.
    if (prefix || suffix || hash) return { prefix, suffix, hash };
  }
  return undefined;
}
