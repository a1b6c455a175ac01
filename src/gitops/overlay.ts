/**
 * Which patch of a build changed what the edited file sets: a kustomize overlay's patches
 * (`patches`, `patchesStrategicMerge`, `patchesJson6902`, by file or inline) and `replacements`
 * (named by their source) in any kustomization or component of the entry's tree, and the Flux
 * Kustomization's own spec.patches. Named in the refusal, so
 * the user knows which file to change. Read from the patches alone: the build has shown that the
 * link lost; this only says where.
 */
import { parseAllDocuments } from 'yaml';
import { kustomizePatches } from '../controllers/kustomize-controller.js';
import { KUSTOMIZATION_NAMES } from '../controllers/kustomize.js';
import { join } from '../shared/repo-path.js';
import { WRITTEN_KEYS } from '../shared/set-path.js';
import { isObject, type Data } from '../values/site.js';
import { entryLabel, type Entry } from './discover.js';
import type { Checkout } from './tree.js';
import { posix } from 'node:path';

interface Patch {
  /** `apps/production/docs-values.yaml, an overlay patch`. */
  where: string;
  text: string;
  target?: Data;
  /** A replacement's fieldPaths on its target (`spec.values.staticExport.bundleUrl`). */
  fieldPaths?: string[];
}

/**
 * The patches of the tree that set or remove what lies at `path` (from the object's top, e.g.
 * spec.values.staticExport) on the object `kind`/`name`, outermost last.
 */
export function patchesTouching(
  checkout: Checkout,
  entry: Entry,
  tree: ReadonlySet<string>,
  kind: string,
  name: string,
  path: readonly string[],
): string[] {
  const patches: Patch[] = [];
  const own = entry.kind === 'argo' ? undefined : entry.path;
  const files = [...tree].filter((f) => KUSTOMIZATION_NAMES.includes(posix.basename(f)));
  // The entry's own kustomization is the outermost overlay: its patches apply last.
  files.sort((a, b) => Number(posix.dirname(a) === own) - Number(posix.dirname(b) === own));
  for (const file of files) patches.push(...patchesOf(checkout, file));
  if (entry.kind === 'flux') {
    const where = `a patch in spec.patches of ${entryLabel(entry)} (${entry.from})`;
    for (const p of kustomizePatches(entry.spec))
      patches.push({
        where,
        text: String(p.patch),
        target: isObject(p.target) ? p.target : undefined,
      });
  }
  return patches
    .filter(
      (p) =>
        aimsAt(p.target, kind, name) &&
        (p.fieldPaths
          ? p.fieldPaths.some((f) => pointerTouches(`/${f.split('.').join('/')}`, path))
          : touches(p.text, kind, name, path)),
    )
    .map((p) => p.where);
}

function patchesOf(checkout: Checkout, file: string): Patch[] {
  const dir = posix.dirname(file) === '.' ? '' : posix.dirname(file);
  let data: unknown;
  try {
    data = parseAllDocuments(checkout.read(file) ?? '')[0]?.toJS();
  } catch {
    return [];
  }
  if (!isObject(data)) return [];
  const out: Patch[] = [];
  const fromFile = (path: string, target?: Data) => {
    const at = join(dir, path);
    const text = checkout.read(at);
    if (text !== undefined) out.push({ where: `${at}, an overlay patch`, text, target });
  };
  const inline = (text: string, target?: Data) =>
    out.push({ where: `an inline patch in ${file}`, text, target });
  for (const field of ['patches', 'patchesJson6902'])
    for (const p of Array.isArray(data[field]) ? data[field] : []) {
      if (!isObject(p)) continue;
      const target = isObject(p.target) ? p.target : undefined;
      if (typeof p.path === 'string') fromFile(p.path, target);
      else if (typeof p.patch === 'string') inline(p.patch, target);
    }
  for (const p of Array.isArray(data.patchesStrategicMerge) ? data.patchesStrategicMerge : [])
    if (typeof p === 'string' && p.includes('\n')) inline(p);
    else if (typeof p === 'string') fromFile(p);
  out.push(...replacementsOf(checkout, file, dir, data));
  return out;
}

/**
 * A kustomization's `replacements` (inline, or a file of them by `path`), each target as a patch
 * of the fields it writes, named by the replacement's source: that is what pins the value.
 */
function replacementsOf(checkout: Checkout, file: string, dir: string, data: Data): Patch[] {
  const out: Patch[] = [];
  const add = (replacement: unknown, where: string) => {
    if (!isObject(replacement)) return;
    const source = isObject(replacement.source) ? replacement.source : {};
    const text = (v: unknown, or = '') => (typeof v === 'string' ? v : or);
    const from = `${text(source.kind)}/${text(source.name)} ${text(source.fieldPath, 'metadata.name')}`;
    for (const target of Array.isArray(replacement.targets) ? replacement.targets : []) {
      if (!isObject(target) || !Array.isArray(target.fieldPaths)) continue;
      out.push({
        where: `a replacement in ${where} from ${from}`,
        text: '',
        target: isObject(target.select) ? target.select : undefined,
        fieldPaths: target.fieldPaths.filter((f): f is string => typeof f === 'string'),
      });
    }
  };
  for (const entry of Array.isArray(data.replacements) ? data.replacements : []) {
    if (isObject(entry) && typeof entry.path === 'string') {
      const at = join(dir, entry.path);
      for (const doc of parseAllDocuments(checkout.read(at) ?? '')) {
        const list = doc.errors.length === 0 ? (doc.toJS() as unknown) : undefined;
        for (const one of Array.isArray(list) ? list : [list])
          add(one, `${at} (replacements of ${file})`);
      }
    } else add(entry, file);
  }
  return out;
}

/** A patch's target selector matches the object (kind exactly, name as a regular expression). */
function aimsAt(target: Data | undefined, kind: string, name: string): boolean {
  if (!target) return true;
  if (typeof target.kind === 'string' && target.kind !== kind) return false;
  if (typeof target.name === 'string') {
    try {
      return new RegExp(`^(?:${target.name})$`).test(name);
    } catch {
      return target.name === name;
    }
  }
  return true;
}

/** Whether a patch text (strategic merge documents, or JSON 6902 operations) touches `path`. */
function touches(text: string, kind: string, name: string, path: readonly string[]): boolean {
  for (const doc of parseAllDocuments(text)) {
    if (doc.errors.length > 0) continue;
    const data = doc.toJS() as unknown;
    if (Array.isArray(data)) {
      if (data.some((op) => isObject(op) && op.op !== 'test' && pointerTouches(op.path, path)))
        return true;
      continue;
    }
    if (!isObject(data)) continue;
    if (data.kind !== undefined && data.kind !== kind) continue;
    const meta = isObject(data.metadata) ? data.metadata : {};
    const own = typeof meta.name === 'string' ? meta.name : undefined;
    if (own !== undefined && own !== name && !name.includes(own)) continue;
    if (mergeTouches(data, path)) return true;
  }
  return false;
}

function pointerTouches(pointer: unknown, path: readonly string[]): boolean {
  if (typeof pointer !== 'string') return false;
  const parts = pointer
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  const n = Math.min(parts.length, path.length);
  if (parts.slice(0, n).some((p, i) => p !== path[i])) return false;
  // Above the block or the block itself; below it, one of the keys the run writes.
  return (
    parts.length <= path.length || (WRITTEN_KEYS as readonly string[]).includes(parts[path.length]!)
  );
}

function mergeTouches(data: Data, path: readonly string[]): boolean {
  let node: unknown = data;
  for (const step of path) {
    if (!isObject(node)) return true;
    if (node.$patch === 'replace' || node.$patch === 'delete') return true;
    if (!(step in node)) return false;
    node = node[step];
    if (node === null) return true;
  }
  if (!isObject(node)) return true;
  const block = node;
  return block.$patch !== undefined || WRITTEN_KEYS.some((k) => k in block);
}
