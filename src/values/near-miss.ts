/**
 * The near-miss guard, for when no chart is in reach to render: a values-key that would create a
 * new mapping while the file already has one of (almost) the same name elsewhere is most likely a
 * typo (`staticexport` for `staticExport`) or the wrong level (`staticExport` in an umbrella
 * chart's values, which hands the vendor chart only `enterprise.*`). Both would write a block no
 * template reads, and the run would exit 0: refused before any request, naming what exists.
 */
import { isMap, isScalar, isSeq } from 'yaml';
import { parse } from 'yaml';
import { fileError, type KeyPath } from './file.js';
import { findPair, lineOf } from './path.js';
import { nodeIn } from './site.js';
import { nearest } from '../shared/text.js';
import { VENDOR_CHART, vendorValuesKey } from '../shared/vendor-chart.js';

/** The vendor's chart, as a dependency of an umbrella chart, is named `enterprise`. */

/** `staticExport`, `static-export`, `static_export` and `StaticExport` are the same name to a person. */
const fold = (key: string) => key.toLowerCase().replace(/[-_]/g, '');

/**
 * Refuses a values-key whose last mapping does not exist yet while one of the same folded name does
 * (anywhere in the file), or that disagrees with the umbrella chart beside the file (its
 * Chart.yaml text, when there is one). `root` is the chart values' node (the checked document's
 * top, or the mapping of a manifest that holds them) in `text`.
 */
export function refuseNearMiss(
  root: unknown,
  text: string,
  display: string,
  at: KeyPath,
  chartYaml: string | undefined,
): void {
  const wanted = at.join('.');
  if (!exists(root, at)) {
    const last = fold(at[at.length - 1]!);
    const near = [
      ...mappingsNamed(root, last, []).filter((m) => m.path !== wanted),
      ...nearParents(root, at),
    ];
    if (near.length > 0) {
      const first = near.find((m) => !m.listed) ?? near[0]!;
      const fix = first.listed
        ? `${first.path} is inside a list, which values-key cannot name: check which block the chart reads, and remove the other.`
        : `set values-key: ${first.path} if that is the block, or remove it first.`;
      throw fileError(
        display,
        `has no mapping at values-key ${wanted}, which this run would create, but has ${near.map((m) => `${m.path} (line ${lineOf(text, m.offset)})`).join(' and ')}`,
        `A new block next to the one the chart reads is read by nothing: ${fix} Nothing was sent.`,
      );
    }
  }
  const reads = chartYaml === undefined ? undefined : vendorPath(chartYaml);
  if (reads && at[0] !== reads && at.length === 1) {
    throw fileError(
      display,
      `sits beside a Chart.yaml that has the vendor chart as a dependency${reads === VENDOR_CHART ? '' : ` under the alias ${reads}`}, so Helm hands it only the values under ${reads}; values-key ${wanted} writes at the top, which it never sees`,
      `Set values-key: ${reads}.${wanted}. Nothing was sent.`,
    );
  }
}

const exists = (root: unknown, at: KeyPath): boolean => isMap(nodeIn(root, at));

interface Near {
  path: string;
  offset: number;
  /** Under a list item: a path values-key cannot name. */
  listed?: boolean;
}

/**
 * Every mapping whose key folds to `name`, with its dotted path and where it starts; list items
 * are searched too (`extraApps[0].staticExport`), as a block there is as likely the one meant.
 */
function mappingsNamed(node: unknown, name: string, path: string[], listed = false): Near[] {
  if (isSeq(node))
    return node.items.flatMap((item, i) =>
      mappingsNamed(item, name, [...path.slice(0, -1), `${path.at(-1) ?? ''}[${i}]`], true),
    );
  if (!isMap(node)) return [];
  const found: Near[] = [];
  for (const pair of node.items) {
    if (!isScalar(pair.key) || typeof pair.key.value !== 'string') continue;
    const here = [...path, pair.key.value];
    if (isMap(pair.value) && fold(pair.key.value) === name)
      found.push({ path: here.join('.'), offset: pair.key.range?.[0] ?? 0, listed });
    found.push(...mappingsNamed(pair.value, name, here, listed));
  }
  return found;
}

/**
 * A parent of a values-key of several keys that is missing while a mapping beside it has almost
 * its name (`Enterprise`, `enterprize` for `enterprise.staticExport`): the run would create a
 * second parent, which no chart reads. A short key must fold to the same name; a longer one may
 * be a letter or two off.
 */
function nearParents(root: unknown, at: KeyPath): Near[] {
  let node: unknown = root;
  for (const [i, key] of at.slice(0, -1).entries()) {
    if (!isMap(node)) return [];
    const pair = findPair(node, key);
    if (pair) {
      node = pair.value;
      continue;
    }
    const names = node.items.flatMap((item) =>
      isScalar(item.key) && typeof item.key.value === 'string' && isMap(item.value)
        ? [{ name: item.key.value, offset: item.key.range?.[0] ?? 0 }]
        : [],
    );
    const close = names.filter(
      (n) => fold(n.name) === fold(key) || (key.length >= 6 && nearest(key, [n.name]) === n.name),
    );
    return close.map((n) => ({ path: [...at.slice(0, i), n.name].join('.'), offset: n.offset }));
  }
  return [];
}

/** The key an umbrella chart hands the vendor chart its values under (alias, else name). */
function vendorPath(chartYaml: string): string | undefined {
  let meta: unknown;
  try {
    meta = parse(chartYaml);
  } catch {
    return undefined;
  }
  return vendorValuesKey(meta);
}
