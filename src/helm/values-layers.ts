/**
 * The values layers themselves can show that the link loses, whether or not a chart is in reach
 * to render: a later layer (a kustomize additionalValuesFiles entry, a valuesFile under
 * `valuesMerge: merge`, a later values file) that sets a key this run writes (`enabled`,
 * `bundleUrl`, `version`) to something else. helm merges the layers in order, a later one winning
 * key by key, and a null deleting the key. A render finds only the link: a stale `version` that a
 * later layer sets renders as well as the new one, so this check comes first.
 */
import { readFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { goYamlData, utf8 } from '../shared/go-yaml.js';
import { WRITTEN_KEYS } from '../shared/set-path.js';
import type { ValuesLayer } from '../controllers/helm.js';

/** A later layer that wins over what this run writes: named for a message, with what to do. */
export interface Overriding {
  by: string;
  /** The key it sets, dotted from the values' top (`staticExport.version`). */
  key: string;
  fix?: string;
  /**
   * Set when no layer this run could read holds the link: `by` names the layers it could not read,
   * and this says why. One of them may hold the link, so none is known to win: it is unchecked.
   */
  unchecked?: string;
  /** A later layer this run could not read as helm does: it may win (`render-check: off` trusts it). */
  unreadable?: true;
}

const UNREAD = Symbol('unread');

/**
 * The last layer whose value the chart would get at one of the keys this run writes, instead of
 * the value of the layer that holds `link` (the one this run writes); undefined when the written
 * values win. A layer this run cannot read but that is known to set every key (`unread`) wins
 * over the whole block when it comes later; so does a later one that is not YAML helm reads the
 * way this run does (several documents), or that cannot be read at all: nothing shows it leaves
 * the keys alone.
 */
export async function overridingLayer(
  layers: readonly ValuesLayer[],
  valuesKey: string,
  link: string,
): Promise<Overriding | undefined> {
  const block = valuesKey.split('.');
  const values: unknown[] = [];
  const failed = new Map<number, string>();
  for (const [index, layer] of layers.entries()) {
    if ('unread' in layer) {
      values.push(UNREAD);
      continue;
    }
    try {
      // Merge keys (<<) as helm applies them: where they stand.
      const text = 'file' in layer ? utf8(await readFile(layer.file)) : layer.yaml;
      if (text === undefined) throw new Error('it is not valid UTF-8');
      values.push(goYamlData(text));
    } catch (error) {
      values.push(undefined);
      const code = (error as NodeJS.ErrnoException).code;
      failed.set(
        index,
        code === 'ENOENT' ? 'it does not exist' : (error as Error).message.split('\n')[0]!,
      );
    }
  }
  const ours = values.findIndex((v) => valueAt(v, [...block, 'bundleUrl'])?.value === link);
  const name = (layer: ValuesLayer) =>
    'file' in layer ? relative(process.cwd(), layer.file) : layer.name;
  if (ours < 0 && failed.size > 0) {
    const unread = [...failed].map(([index, reason]) => ({ name: name(layers[index]!), reason }));
    return {
      by: unread.map((u) => u.name).join(', '),
      key: valuesKey,
      fix: 'Make each a single valid YAML document, so that this run can read it as helm does, or set render-check: off if you know the chart gets the link there.',
      unchecked: unread
        .map((u) => (unread.length > 1 ? `${u.name}: ${u.reason}` : u.reason))
        .join('; '),
    };
  }
  for (const [index, reason] of failed)
    if (index > ours)
      return {
        by: `${name(layers[index]!)} (which this run could not read as helm does: ${reason})`,
        key: valuesKey,
        fix: 'Make it a single valid YAML document, or set render-check: off if you know it leaves these keys alone.',
        unreadable: true,
      };
  // Without the link in any layer, only bundleUrl can be compared: the last one set must be it.
  const keys = ours < 0 ? (['bundleUrl'] as const) : WRITTEN_KEYS;
  for (const key of keys) {
    const path = [...block, key];
    const mine = ours < 0 ? { value: link } : valueAt(values[ours], path);
    if (!mine) continue;
    let last = -1;
    values.forEach((v, i) => {
      if (v === UNREAD ? i > ours : valueAt(v, path)) last = i;
    });
    if (last < 0 || (ours >= 0 && last <= ours)) continue;
    const theirs = values[last] === UNREAD ? undefined : valueAt(values[last], path);
    const same = (a: unknown, b: unknown) =>
      key === 'enabled' ? isDeepStrictEqual(asHelmBool(a), asHelmBool(b)) : isDeepStrictEqual(a, b);
    if (theirs && same(theirs.value, mine.value)) continue;
    const layer = layers[last]!;
    return {
      by: name(layer),
      key: values[last] === UNREAD ? valuesKey : path.join('.'),
      fix: 'fix' in layer ? layer.fix : undefined,
    };
  }
  return undefined;
}

/**
 * A boolean as helm reads values (YAML 1.1): `on`, `yes`, `y` are true, `off`, `no`, `n` false,
 * in any of their cases; this run's YAML 1.2 reader sees them as strings. Anything else as it is.
 */
function asHelmBool(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (/^(y|Y|yes|Yes|YES|on|On|ON|true|True|TRUE)$/.test(value)) return true;
  if (/^(n|N|no|No|NO|off|Off|OFF|false|False|FALSE)$/.test(value)) return false;
  return value;
}

/**
 * The value a layer sets at `path`, or undefined when it leaves it to earlier layers. Not
 * values/site.ts `valueAt`: here a null on the way is a value of its own (helm deletes the key),
 * and so is a scalar or a list where a mapping held the key (it replaces that mapping).
 */
function valueAt(values: unknown, path: readonly string[]): { value: unknown } | undefined {
  let node = values;
  for (const [i, key] of path.entries()) {
    if (!node || typeof node !== 'object' || Array.isArray(node))
      return i === 0 ? undefined : { value: undefined };
    if (!(key in node)) return undefined;
    node = (node as Record<string, unknown>)[key];
    // A null on the way deletes what earlier layers set there.
    if (node === null) return { value: undefined };
  }
  return { value: node };
}
