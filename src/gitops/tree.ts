/**
 * Which files of the checkout a kustomize build of a folder reads, from the kustomization files
 * alone (no build): so that only the entry points whose tree holds an edited file are built, and a
 * manifest no tree holds is known to be orphaned. A folder without a kustomization is read as
 * kustomize-controller's generator reads it: every YAML file under it, and a sub-folder that has a
 * kustomization as that kustomization reads it.
 */
import { posix } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { fileSet, kustomizationIn, references } from '../controllers/kustomize.js';
import { plainManifests } from '../shared/plain-yaml.js';
import { join } from '../shared/repo-path.js';
import { isObject } from '../values/site.js';
import { isYamlFile } from './files.js';

/** The checkout as the tree reader sees it: its file list and a reader of one file's text. */
export interface Checkout {
  root: string;
  files: readonly string[];
  /** The text of a file of the checkout (as this run would write it), or undefined. */
  read(path: string): string | undefined;
}

const leaves = (path: string) => path === '..' || path.startsWith('../');

/** Each kustomization parsed once per checkout: a base many overlays build is read by each tree. */
const parsed = new WeakMap<Checkout, Map<string, unknown>>();
function parsedOnce(checkout: Checkout, path: string): unknown {
  let known = parsed.get(checkout);
  if (!known) parsed.set(checkout, (known = new Map<string, unknown>()));
  if (!known.has(path)) {
    const text = checkout.read(path) ?? '';
    // Most kustomizations are plain block YAML, read without the library's syntax tree; of
    // several documents, kustomize reads the first.
    const plain = /^---/m.test(text) ? undefined : plainManifests(text, () => true);
    let data: unknown = plain?.length === 1 ? plain[0] : undefined;
    if (data === undefined)
      try {
        const first = parseAllDocuments(text)[0];
        data = first && first.errors.length === 0 ? first.toJS() : undefined;
      } catch {
        data = undefined;
      }
    known.set(path, data);
  }
  return known.get(path);
}

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
  const data = parsedOnce(checkout, kustomization);
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
