/**
 * Where no chart is in reach to render, the values layers themselves can still show that the
 * link loses: a later layer (a kustomize additionalValuesFiles entry, a valuesFile under
 * `valuesMerge: merge`) that sets the link's key after the values this run writes. helm merges
 * the layers in order, a later one winning key by key, and a null deleting the key.
 */
import { readFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { parse } from 'yaml';
import type { ValuesLayer } from './render-target.js';

/**
 * The layer whose value the chart would get at `<valuesKey>.bundleUrl` instead of `link`, named
 * for a message; undefined when the link wins, or when a layer cannot be read (nothing is known).
 */
export async function overridingLayer(
  layers: readonly ValuesLayer[],
  valuesKey: string,
  link: string,
): Promise<string | undefined> {
  const path = [...valuesKey.split('.'), 'bundleUrl'];
  let last: { value: unknown; layer: ValuesLayer } | undefined;
  for (const layer of layers) {
    let values: unknown;
    try {
      values = parse('file' in layer ? await readFile(layer.file, 'utf8') : layer.yaml);
    } catch {
      return undefined;
    }
    const set = valueAt(values, path);
    if (set) last = { value: set.value, layer };
  }
  if (!last || last.value === link) return undefined;
  return 'file' in last.layer ? relative(process.cwd(), last.layer.file) : last.layer.name;
}

/**
 * The value a layer sets at `path`, or undefined when it leaves it to earlier layers. Not
 * values/site.ts `valueAt`: here a null on the way is a value of its own (helm deletes the key).
 */
function valueAt(values: unknown, path: readonly string[]): { value: unknown } | undefined {
  let node = values;
  for (const key of path) {
    if (!node || typeof node !== 'object' || Array.isArray(node)) return undefined;
    if (!(key in node)) return undefined;
    node = (node as Record<string, unknown>)[key];
    // A null on the way deletes what earlier layers set there.
    if (node === null) return { value: undefined };
  }
  return { value: node };
}
