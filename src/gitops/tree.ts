/**
 * Which files of the checkout a kustomize build of a folder reads, from the kustomization files
 * alone (no build): so that only the entry points whose tree holds an edited file are built, and a
 * manifest no tree holds is known to be orphaned. A folder without a kustomization is read as
 * kustomize-controller's generator reads it: every YAML file under it, and a sub-folder that has a
 * kustomization as that kustomization reads it.
 */
import { posix } from 'node:path';
import { parse } from 'yaml';
import { isObject, type Data } from '../values/site.js';
import { isYamlFile } from './files.js';
import { substitutedFrom } from './substitute.js';

export const KUSTOMIZATION_NAMES = ['kustomization.yaml', 'kustomization.yml', 'Kustomization'];

/** The checkout as the tree reader sees it: its file list and a reader of one file's text. */
export interface Checkout {
  root: string;
  files: readonly string[];
  /** The text of a file of the checkout (as this run would write it), or undefined. */
  read(path: string): string | undefined;
}

/** The kustomization file of a folder of the checkout, if it has one. */
export function kustomizationIn(checkout: Checkout, dir: string): string | undefined {
  const set = fileSet(checkout);
  return KUSTOMIZATION_NAMES.map((name) => join(dir, name)).find((path) => set.has(path));
}

const sets = new WeakMap<readonly string[], Set<string>>();
function fileSet(checkout: Checkout): Set<string> {
  let set = sets.get(checkout.files);
  if (!set) sets.set(checkout.files, (set = new Set(checkout.files)));
  return set;
}

/** `a/b` + `../c` → `c`; '' is the top; undefined for a path that leaves the checkout. */
export function join(dir: string, path: string): string {
  const joined = posix.normalize(posix.join(dir, path)).replace(/\/+$/, '');
  return joined === '.' ? '' : joined;
}

const leaves = (path: string) => path === '..' || path.startsWith('../');

/** The files a build of `dir` reads (relative to the checkout), the folder's own included. */
export function treeOf(checkout: Checkout, dir: string, seen = new Set<string>()): Set<string> {
  const out = new Set<string>();
  if (seen.has(dir) || leaves(dir)) return out;
  seen.add(dir);
  const kustomization = kustomizationIn(checkout, dir);
  const prefix = dir === '' ? '' : `${dir}/`;
  if (!kustomization) {
    for (const file of checkout.files) {
      if (!file.startsWith(prefix) || !isYamlFile(file)) continue;
      const sub = posix.dirname(file.slice(prefix.length));
      // A sub-folder with its own kustomization is read through it (the generator lists the folder).
      const owner = nearestKustomization(checkout, dir, sub);
      if (owner === undefined) out.add(file);
      else for (const f of treeOf(checkout, owner, seen)) out.add(f);
    }
    return out;
  }
  out.add(kustomization);
  let data: unknown;
  try {
    data = parse(checkout.read(kustomization) ?? '');
  } catch {
    return out;
  }
  if (!isObject(data)) return out;
  for (const ref of references(data)) {
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(ref) || ref.startsWith('github.com/')) continue;
    const path = join(dir, ref);
    if (leaves(path)) continue;
    if (fileSet(checkout).has(path)) out.add(path);
    else for (const f of treeOf(checkout, path, seen)) out.add(f);
  }
  return out;
}

/** The folder (between `dir` and `dir/sub`) nearest `dir` that has a kustomization, if any. */
function nearestKustomization(checkout: Checkout, dir: string, sub: string): string | undefined {
  if (sub === '.') return undefined;
  const parts = sub.split('/');
  for (let i = 1; i <= parts.length; i++) {
    const folder = join(dir, parts.slice(0, i).join('/'));
    if (kustomizationIn(checkout, folder)) return folder;
  }
  return undefined;
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
  checkout: Checkout,
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
