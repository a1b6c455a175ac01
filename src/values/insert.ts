/**
 * New text for the values file, in the file's own style: the values' pairs, and the mappings of
 * the values-key path that the file lacks, nested in block style at the file's indentation step,
 * or in flow style inside a flow mapping. An empty value (`key:`, `~`, `null`) on the path becomes
 * a mapping in place.
 */
import type { Document, Node as YamlNode, Pair, YAMLMap } from 'yaml';
import { KEYS, type Key, type KeyPath, type StaticExportValues } from './file.js';
import { columnOf, documentEnd, flowAppend, lineEnd, type Splice } from './source.js';
import { writeString, type QuoteStyle } from './style.js';

/** One edit in progress: what it writes, where, and the splices and words it has so far. */
export interface Edit {
  text: string;
  values: StaticExportValues;
  display: string;
  at: KeyPath;
  /** The values-key path, for messages: `staticExport`, `enterprise.staticExport`. */
  name: string;
  eol: string;
  /** The indentation step of the file. */
  unit: number;
  /** For new values and for those whose style cannot carry the new value. */
  quote: QuoteStyle;
  splices: Splice[];
  changes: string[];
  notices: string[];
}

/** The keys `rest` (and the block at their end) are missing from `map`: add them. */
export function addPath(
  edit: Edit,
  doc: Document,
  map: YAMLMap | null,
  rest: readonly string[],
): void {
  const { text } = edit;
  if (map?.flow) {
    const end = flowAppend(text, map);
    const sep = end.open ? '' : end.comma ? ' ' : ', ';
    const pair = `${rest[0]}: ${nestedFlow(edit, rest.slice(1))}`;
    edit.splices.push({ start: end.at, end: end.at, text: `${sep}${pair}` });
  } else if (!map || map === doc.contents) {
    // At the top: at the document's end, after any closing comments.
    const end = documentEnd(text, doc);
    const needsBreak = end > 0 && !text.slice(0, end).endsWith('\n');
    const lines = nestedBlock(edit, rest, 0);
    edit.splices.push({ start: end, end, text: `${needsBreak ? edit.eol : ''}${lines}` });
  } else {
    const at = afterLastPair(text, map);
    const needsBreak = !text.slice(0, at).endsWith('\n');
    const lines = nestedBlock(edit, rest, columnOf(text, map.items[0]!.key));
    edit.splices.push({ start: at, end: at, text: `${needsBreak ? edit.eol : ''}${lines}` });
  }
  edit.changes.push(`${edit.name} added`);
}

/** `key:` with no value, `~` or `null` on the path: it becomes the mapping of `rest` and the block. */
export function fillIn(edit: Edit, pair: Pair, map: YAMLMap, rest: readonly string[]): void {
  if (map.flow) fillInFlow(edit, pair, rest);
  else fillInBlock(edit, pair, rest);
  edit.changes.push(`${edit.name} filled in`);
}

function fillInBlock(edit: Edit, pair: Pair, rest: readonly string[]): void {
  const { text } = edit;
  const key = pair.key as YamlNode;
  const value = pair.value as YamlNode | null;
  const range = value?.range ?? [key.range![1], key.range![1]];
  const afterLine = lineEnd(text, range[1]);
  const needsBreak = !text.slice(0, afterLine).endsWith('\n');
  // Drop the `~` or `null` token, and the blanks before it when nothing but a line end follows.
  let dropFrom = range[0];
  if (range[1] > range[0] && /^[ \t]*(\r?\n|$)/.test(text.slice(range[1]))) {
    while (dropFrom > 0 && (text[dropFrom - 1] === ' ' || text[dropFrom - 1] === '\t')) dropFrom--;
  }
  const lines = nestedBlock(edit, rest, edit.unit + columnOf(text, key));
  edit.splices.push(
    { start: dropFrom, end: range[1], text: '' },
    { start: afterLine, end: afterLine, text: `${needsBreak ? edit.eol : ''}${lines}` },
  );
}

/** In a flow mapping: `{a: ~}` → `{a: {...}}`, `{a: }` → `{a: {...}}`, `{a}` → `{a: {...}}`. */
function fillInFlow(edit: Edit, pair: Pair, rest: readonly string[]): void {
  const key = pair.key as YamlNode;
  const range = (pair.value as YamlNode | null)?.range;
  const mapping = nestedFlow(edit, rest);
  if (range && range[1] > range[0]) {
    edit.splices.push({ start: range[0], end: range[1], text: mapping });
    return;
  }
  const afterKey = key.range![1];
  const colon = /^[ \t]*:( ?)/.exec(edit.text.slice(afterKey));
  const at = afterKey + (colon ? colon[0].length : 0);
  const lead = colon ? (colon[1] ? '' : ' ') : ': ';
  edit.splices.push({ start: at, end: at, text: `${lead}${mapping}` });
}

/** Where a line after a block mapping's last pair starts. */
export function afterLastPair(text: string, block: YAMLMap): number {
  const last = block.items[block.items.length - 1]!;
  const lastEnd = (last.value as YamlNode | null)?.range?.[1] ?? (last.key as YamlNode).range![1];
  // A block scalar's range ends after its line break: insert at the start of the next line.
  return text[lastEnd - 1] === '\n' ? lastEnd : lineEnd(text, lastEnd);
}

/** Block lines for the mappings `rest`, each one step deeper, then the block's keys. */
function nestedBlock(edit: Edit, rest: readonly string[], indent: number): string {
  const keys = rest.map((key, i) => `${' '.repeat(indent + i * edit.unit)}${key}:${edit.eol}`);
  return keys.join('') + blockLines(edit, KEYS, ' '.repeat(indent + rest.length * edit.unit));
}

/** The flow mapping of `rest`, nested, around the block: `{staticExport: {enabled: true, ...}}`. */
function nestedFlow(edit: Edit, rest: readonly string[]): string {
  let value = `{${flowPairs(edit, KEYS)}}`;
  for (const key of [...rest].reverse()) value = `{${key}: ${value}}`;
  return value;
}

export function wantedValue(edit: Edit, key: Key): true | string | undefined {
  return key === 'enabled' ? true : edit.values[key];
}

/** The YAML text of `key`'s new value, in the style of the scalar it replaces, if any. */
export function valueText(
  edit: Edit,
  key: Key,
  inFlow: boolean,
  replaced?: unknown,
): string | undefined {
  const value = wantedValue(edit, key);
  if (typeof value !== 'string') return value === undefined ? undefined : 'true';
  return writeString(value, { replaced, quote: edit.quote, inFlow });
}

/** `key: value` pairs for a flow mapping, comma-separated; keys without a value are left out. */
export function flowPairs(edit: Edit, keys: readonly Key[]): string {
  return newPairs(edit, keys, true)
    .map((pair) => pair.join(': '))
    .join(', ');
}

/** One `key: value` line per key for a block mapping at `indent`. */
export function blockLines(edit: Edit, keys: readonly Key[], indent: string): string {
  return newPairs(edit, keys, false)
    .map(([key, value]) => `${indent}${key}: ${value}${edit.eol}`)
    .join('');
}

function newPairs(edit: Edit, keys: readonly Key[], inFlow: boolean): [Key, string][] {
  return keys.flatMap((key) => {
    const value = valueText(edit, key, inFlow);
    return value === undefined ? [] : [[key, value] as [Key, string]];
  });
}
