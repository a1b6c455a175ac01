/**
 * The values-key path in a values file: how much of it the file has, and why a path cannot be
 * written. Helm reads merge keys (`<<: *defaults`), so the path is followed as Helm follows it: a
 * key of the mapping itself, below every merge key, wins over a merged one (above one, it loses:
 * refused). The edit never writes into an anchor's target (every alias of it would change too); a
 * key that only a merge provides is written into the mapping itself, after its merge keys, where
 * it overrides the merged one, unless that would drop merged keys.
 */
import {
  isAlias,
  isMap,
  isScalar,
  isSeq,
  visit,
  type Document,
  type Node as YamlNode,
  type Pair,
  type YAMLMap,
} from 'yaml';
import { goYamlNode, isMergeKey } from '../shared/go-yaml.js';
import { fileError, KEYS, type KeyPath } from './file.js';
import { lineEnd } from './source.js';

/** How far the file has the path: the block exists when `depth` is the path's length. */
export interface PathWalk {
  /** The deepest mapping on the path: the top one when the file has none; null for no mapping. */
  map: YAMLMap | null;
  /** How many keys of the path lead from the top to `map`. */
  depth: number;
  /** The next key's pair, when the file has it with an empty value (`key:`, `~`, `null`). */
  empty?: Pair;
}

interface Walk {
  doc: Document;
  text: string;
  at: KeyPath;
  display: string;
  /** The document is read as kustomize reads it (kyaml): the mapping's own key wins anywhere. */
  ownKeysWin?: boolean;
}

/** Follows the path from `root` (the document's top, or the mapping of a manifest that holds the
 * chart values); throws a UserError (naming the path, the file and the line) if it cannot be
 * written. Expects a checked document: one mapping at the top, or nothing. */
export function walkPath(
  doc: Document,
  text: string,
  at: KeyPath,
  display: string,
  root: unknown = doc.contents,
  ownKeysWin = false,
): PathWalk {
  const walk: Walk = { doc, text, at, display, ownKeysWin };
  if (!isMap(root)) return { map: null, depth: 0 };
  let map: YAMLMap = root;
  for (let depth = 0; depth < at.length; depth++) {
    const pair = findPair(map, at[depth]!);
    const value = pair?.value as YamlNode | null | undefined;
    if (!pair) {
      refuseMerged(walk, map, depth);
      return { map, depth };
    }
    refuseMergeBelow(walk, map, pair, at.slice(0, depth + 1).join('.'));
    if (!value || isEmpty(value)) {
      if (value) refuseShared(walk, value, depth + 1);
      return { map, depth, empty: pair };
    }
    if (!isMap(value)) throw notMapping(walk, value, depth + 1);
    refuseShared(walk, value, depth + 1);
    map = value;
  }
  refuseAnchoredValues(walk, map);
  return { map, depth: at.length };
}

/** A scalar, a list or an alias where the path needs a mapping. */
function notMapping(walk: Walk, value: YamlNode, depth: number) {
  const { at, text, display } = walk;
  const name = at.slice(0, depth).join('.');
  const key = at[depth - 1]!;
  const where = depth < at.length ? ` (on the values-key path ${at.join('.')})` : '';
  const line = lineOf(text, value.range?.[0] ?? 0);
  if (isAlias(value)) {
    const target = value.resolve(walk.doc);
    const fix = isMap(target)
      ? `The values would have to be written into the anchor &${value.source}, which every *${value.source} shares, and this action never rewrites an anchor's target. Give ${name} a mapping of its own that merges the anchor ("${key}:" with "<<: *${value.source}" indented below) and run again.`
      : `Write ${name} as a mapping or remove it.`;
    return fileError(
      display,
      `has ${name}${where} as an alias (*${value.source}) at line ${line}, not a mapping`,
      fix,
    );
  }
  // values-key itself names a value of the chart (image.tag), not a block named staticExport: the
  // fix is values-key, not the file.
  if (!where && key.toLowerCase() !== 'staticexport')
    return fileError(
      display,
      `has ${name} as a ${describeNode(value)} at line ${line}, and values-key ${name} must name the mapping that holds enabled, bundleUrl and version`,
      `Set values-key to that mapping's path (staticExport, or enterprise.staticExport when the vendor chart is the dependency enterprise of an umbrella chart); ${name} is a value of its own, which this run never replaces.`,
    );
  return fileError(
    display,
    `has ${name}${where} as a ${describeNode(value)} at line ${line}, not a mapping`,
    `Write ${name} as a mapping (e.g. "${key}:" with "enabled: true" indented below) or remove it, or check values-key.`,
  );
}

/**
 * The key is not in the mapping itself; if a merge key provides it, the key written here would
 * replace the merged value whole (a merge is shallow): refused when that would drop anything.
 */
function refuseMerged(walk: Walk, map: YAMLMap, depth: number): void {
  const { at, display, text } = walk;
  const merged = fromMerge(walk.doc, map, at[depth]!);
  if (!merged) return;
  const lost = lostKeys(merged.value, at.slice(depth + 1), at.slice(0, depth + 1).join('.'));
  if (lost.length === 0) return;
  const key = merged.pair.key as YamlNode;
  const line = lineOf(text, key.range?.[0] ?? 0);
  const source = text.slice(key.range![0], lineEnd(text, key.range![0])).trim();
  const name = at.slice(0, depth + 1).join('.');
  const owner = depth === 0 ? 'the top of the file' : at.slice(0, depth).join('.');
  throw fileError(
    display,
    `gets ${name} from the merge key "${source}" at line ${line}`,
    `Writing values-key ${at.join('.')} means writing ${at[depth]} into ${owner}, which replaces the whole merged value (a merge is shallow) and would drop ${lost.join(', ')}; this action never rewrites the anchor itself, which every alias of it shares. Write ${name} in full under ${owner}, or point values-key at the anchor's own path if every user of it should get the link.`,
  );
}

/** The value a merge key of `map` gives `key`, and the merge pair that gives it. */
export function fromMerge(
  doc: Document,
  map: YAMLMap,
  key: string,
): { value: unknown; pair: Pair } | undefined {
  for (const pair of map.items) {
    if (!isMergeKey(pair.key)) continue;
    const merged = mergedValue(doc, pair, key);
    if (merged) return { value: merged.value, pair };
  }
  return undefined;
}

/** The value one merge key (`<<: *a` or `<<: [*a, *b]`) gives `key`, if it gives one. */
function mergedValue(doc: Document, pair: Pair, key: string): { value: unknown } | undefined {
  const sources = isSeq(pair.value) ? pair.value.items : [pair.value];
  for (const source of sources) {
    const node = isAlias(source) ? source.resolve(doc) : source;
    if (!isMap(node)) continue;
    // As go-yaml builds it: a merge key inside the anchor applies where it stands too.
    const data = goYamlNode(node, doc) as Record<string, unknown>;
    if (Object.hasOwn(data, key)) return { value: data[key] };
  }
  return undefined;
}

/** The dotted names of what a mapping written for `rest` would not carry over from `value`. */
function lostKeys(value: unknown, rest: readonly string[], name: string): string[] {
  if (value === null || value === undefined) return [];
  if (typeof value !== 'object' || Array.isArray(value)) return [name];
  const allowed: readonly string[] = rest.length === 0 ? KEYS : [rest[0]!];
  const data = value as Record<string, unknown>;
  return Object.keys(data).flatMap((key) =>
    !allowed.includes(key)
      ? [`${name}.${key}`]
      : rest.length > 0
        ? lostKeys(data[key], rest.slice(1), `${name}.${key}`)
        : [],
  );
}

/** A node the edit writes into must not be an anchor that aliases elsewhere reuse. */
function refuseShared(walk: Walk, node: YamlNode, depth: number): void {
  const anchor = 'anchor' in node ? node.anchor : undefined;
  if (!anchor) return;
  const lines: number[] = [];
  visit(walk.doc, {
    Alias(_, alias) {
      if (alias.resolve(walk.doc) === node) lines.push(lineOf(walk.text, alias.range?.[0] ?? 0));
    },
  });
  if (lines.length === 0) return;
  const { at, text, display } = walk;
  const name = at.slice(0, depth).join('.');
  throw fileError(
    display,
    `has the anchor &${anchor} on ${name} at line ${lineOf(text, node.range?.[0] ?? 0)}, which *${anchor} at line ${lines.join(', ')} reuses`,
    `Writing ${at.join('.')} inside it would change ${lines.length === 1 ? 'that copy' : 'those copies'} too, and this action never rewrites an anchor's target. Move the anchor off the values-key path, or give ${name} a mapping of its own.`,
  );
}

/**
 * Helm reads values with go-yaml v2, which applies a merge key where it stands: a key of the
 * mapping written above `<<` loses to the merged one (the YAML spec, and this action's reader, let
 * the mapping's own key win wherever it is). A key of the path, or one the run writes, above a
 * merge that also provides it is refused: the chart would get the merged value. A key the run
 * adds goes below every merge key, where both readers agree. A Flux HelmRelease reaches the
 * cluster through kustomize-controller's build, whose reader (kyaml, go-yaml v3) resolves merge
 * keys as the spec does, the written key winning wherever it stands (`kubectl kustomize` shows
 * it): not refused there (`ownKeysWin`).
 */
function refuseMergeBelow(walk: Walk, map: YAMLMap, pair: Pair, name: string): void {
  if (walk.ownKeysWin) return;
  const key = (pair.key as { value: string }).value;
  const later = map.items.slice(map.items.indexOf(pair) + 1);
  const merge = later.find((item) => isMergeKey(item.key) && mergedValue(walk.doc, item, key));
  if (!merge) return;
  const { text, display } = walk;
  const at = (node: unknown) => lineOf(text, (node as YamlNode).range?.[0] ?? 0);
  // The merge key as written, up to its value's end (in a flow mapping, not the rest of the line).
  const start = (merge.key as YamlNode).range![0];
  const end = (merge.value as YamlNode | null)?.range?.[1] ?? lineEnd(text, start);
  const source = text.slice(start, Math.min(end, lineEnd(text, start))).trim();
  throw fileError(
    display,
    `has ${name} at line ${at(pair.key)} above the merge key "${source}" at line ${at(merge.key)}, which also sets ${key}`,
    `Helm (like kubectl and Argo CD) reads YAML with go-yaml, which applies a merge key where it stands: the merged ${key} wins over the one written above it, and the chart would not get what this run writes. Move the "<<" merge key to the start of its mapping, then run again.`,
  );
}

/** An anchored value this action rewrites would change every alias of it too. */
function refuseAnchoredValues(walk: Walk, block: YAMLMap): void {
  for (const key of KEYS) {
    const pair = findPair(block, key);
    if (pair) refuseMergeBelow(walk, block, pair, `${walk.at.join('.')}.${key}`);
    const node = pair?.value as YamlNode | null | undefined;
    if (node && 'anchor' in node && node.anchor) {
      throw fileError(
        walk.display,
        `has an anchor (&${node.anchor}) on ${walk.at.join('.')}.${key} at line ${lineOf(walk.text, node.range?.[0] ?? 0)}`,
        `This action rewrites that value, which would change every *${node.anchor} alias too: move the anchor to another key.`,
      );
    }
  }
}

/** `~`, `null` or nothing at all. */
export function isEmpty(node: unknown): boolean {
  return isScalar(node) && node.value === null;
}

export function describeNode(node: unknown): string {
  if (isScalar(node))
    return `${typeof node.value === 'string' ? 'string' : String(node.value === null ? 'null' : typeof node.value)} value`;
  if (isMap(node)) return 'mapping';
  if (isAlias(node)) return 'alias';
  return 'list';
}

export function findPair(map: YAMLMap, key: string): Pair | undefined {
  return map.items.find((p) => isScalar(p.key) && p.key.value === key);
}

export function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}
