/**
 * The in-place edit of a Helm values file: only `staticExport.enabled`, `.bundleUrl` and
 * `.version` change. The new scalars are spliced into the source text at the parsed nodes'
 * ranges, so comments, blank lines, key order, quoting, anchors, flow collections, block scalars,
 * indentation, line endings and a byte-order mark elsewhere stay byte for byte; a replaced value
 * keeps its quote style (style.ts). Every edit is checked by parsing the result: its data must
 * equal the old data but for those keys.
 */
import { isDeepStrictEqual } from 'node:util';
import { isMap, isScalar, parseDocument } from 'yaml';
import type { Document, Node as YamlNode, Pair, YAMLMap } from 'yaml';
import { checkValues, findPair, locate } from './check.js';
import {
  fileError,
  KEYS,
  PARSE,
  STATIC_EXPORT,
  TO_JS,
  type EditPlan,
  type Key,
  type KeyPath,
  type StaticExportValues,
} from './file.js';
import {
  applySplices,
  columnOf,
  detectIndent,
  documentEnd,
  flowAppend,
  insertAfterColon,
  lineEnd,
  removal,
  replaceScalar,
  type Splice,
} from './source.js';
import { mostUsedQuote, readsBack, writeString, type QuoteStyle } from './style.js';

/** One edit in progress: what it writes, where, and the splices and words it has so far. */
interface Edit {
  text: string;
  values: StaticExportValues;
  display: string;
  at: KeyPath;
  /** `staticExport`, or the dotted path, for messages. */
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

/**
 * Plans the edit: returns the new text (unchanged when the values are already there). Pure: it
 * neither reads nor writes a file. `at` is where the block lives (`staticExport` at the top).
 */
export function planValuesEdit(
  text: string,
  values: StaticExportValues,
  display = 'values.yaml',
  at: KeyPath = STATIC_EXPORT,
): EditPlan {
  const doc = checkValues(text, display, at);
  const edit = startEdit(text, doc, values, display, at);
  const { parent, pair } = locate(doc, at);
  const block = pair?.value as YamlNode | null | undefined;
  if (!pair || (parent?.flow && !isMap(block))) addBlock(edit, doc, parent);
  else if (!isMap(block)) fillInBlock(edit, pair);
  else updateBlock(edit, block);
  const out = applySplices(text, edit.splices);
  verify(doc, out, edit);
  const changed = out !== text;
  return { text: out, changed, changes: changed ? edit.changes : [], notices: edit.notices };
}

function startEdit(
  text: string,
  doc: Document,
  values: StaticExportValues,
  display: string,
  at: KeyPath,
): Edit {
  return {
    text,
    values,
    display,
    at,
    name: at.join('.'),
    eol: text.includes('\r\n') ? '\r\n' : '\n',
    unit: isMap(doc.contents) ? detectIndent(doc.contents, text) : 2,
    quote: mostUsedQuote(doc),
    splices: [],
    changes: [],
    notices: [],
  };
}

/** The block is missing: add it inside a flow mapping at the top, or at the document's end. */
function addBlock(edit: Edit, doc: Document, parent: YAMLMap | null): void {
  if (edit.at.length > 1)
    throw new Error(`adding ${edit.name} below the top of the document is not supported`);
  const key = edit.at[0];
  if (parent?.flow) {
    const end = flowAppend(edit.text, parent);
    const sep = end.open || end.comma ? ' ' : ', ';
    const inner = flowPairs(edit, KEYS);
    edit.splices.push({ start: end.at, end: end.at, text: `${sep}${key}: {${inner}}` });
  } else {
    const end = documentEnd(edit.text, doc);
    const needsBreak = end > 0 && !edit.text.slice(0, end).endsWith('\n');
    const lines = blockLines(edit, KEYS, ' '.repeat(edit.unit));
    const text = `${needsBreak ? edit.eol : ''}${key}:${edit.eol}${lines}`;
    edit.splices.push({ start: end, end, text });
  }
  edit.changes.push(`${edit.name} added`);
}

/** `staticExport:` with no value, `~` or `null`: fill it in as a block. */
function fillInBlock(edit: Edit, pair: Pair): void {
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
  const indent = ' '.repeat(edit.unit + columnOf(text, key));
  edit.splices.push(
    { start: dropFrom, end: range[1], text: '' },
    {
      start: afterLine,
      end: afterLine,
      text: `${needsBreak ? edit.eol : ''}${blockLines(edit, KEYS, indent)}`,
    },
  );
  edit.changes.push(`${edit.name} filled in`);
}

/** The block is a mapping: set, replace or remove each key, then add the missing ones. */
function updateBlock(edit: Edit, block: YAMLMap): void {
  const missing: Key[] = [];
  let removed = 0;
  for (const key of KEYS) {
    const item = findPair(block, key);
    if (wantedValue(edit, key) === undefined) {
      if (item) {
        removeKey(edit, block, item, key);
        removed++;
      }
    } else if (!item) missing.push(key);
    else replaceValue(edit, block, item, key);
  }
  if (missing.length > 0) addKeys(edit, block, missing, removed === block.items.length);
}

function removeKey(edit: Edit, block: YAMLMap, item: Pair, key: Key): void {
  edit.splices.push(removal(edit.text, block, item));
  edit.changes.push(`${key} removed`);
  if (key === 'version')
    edit.notices.push(
      `Removed the stale ${edit.name}.version from ${edit.display}: the version input is empty.`,
    );
}

function replaceValue(edit: Edit, block: YAMLMap, item: Pair, key: Key): void {
  const node = item.value as YamlNode | null;
  const inFlow = block.flow === true;
  if (isUpToDate(edit, key, node, inFlow)) return;
  const value = valueText(edit, key, inFlow, node)!;
  edit.splices.push(
    node?.range
      ? replaceScalar(edit.text, node.range, value)
      : insertAfterColon(edit.text, item, value),
  );
  edit.changes.push(`${key} updated`);
}

/** Already the wanted value, written in a form that YAML 1.1 and 1.2 both read as such. */
function isUpToDate(edit: Edit, key: Key, node: YamlNode | null, inFlow: boolean): boolean {
  const wanted = wantedValue(edit, key);
  if (!isScalar(node) || node.value !== wanted || !node.range) return false;
  if (typeof wanted !== 'string') return node.source === 'true';
  return readsBack(edit.text.slice(node.range[0], node.range[1]), wanted, inFlow);
}

/** Adds the keys the block lacks, after its last pair. */
function addKeys(edit: Edit, block: YAMLMap, missing: Key[], allRemoved: boolean): void {
  const { text } = edit;
  if (block.flow && allRemoved) {
    // Every pair there was is being removed: the new ones go right after the brace (a
    // separator computed from the old text would be left dangling: `{, enabled: true}`).
    const open = block.range![0] + 1;
    edit.splices.push({ start: open, end: open, text: flowPairs(edit, missing) });
  } else if (block.flow) {
    const end = flowAppend(text, block);
    const lead = end.open ? '' : end.comma ? ' ' : ', ';
    edit.splices.push({ start: end.at, end: end.at, text: `${lead}${flowPairs(edit, missing)}` });
  } else {
    const firstKey = block.items[0]?.key;
    const indent = ' '.repeat(firstKey ? columnOf(text, firstKey) : edit.unit);
    const last = block.items[block.items.length - 1]!;
    const lastEnd = (last.value as YamlNode | null)?.range?.[1] ?? (last.key as YamlNode).range![1];
    // A block scalar's range ends after its line break: insert at the start of the next line.
    const at = text[lastEnd - 1] === '\n' ? lastEnd : lineEnd(text, lastEnd);
    const needsBreak = !text.slice(0, at).endsWith('\n');
    const lines = blockLines(edit, missing, indent);
    edit.splices.push({ start: at, end: at, text: `${needsBreak ? edit.eol : ''}${lines}` });
  }
  for (const key of missing) edit.changes.push(`${key} added`);
}

function wantedValue(edit: Edit, key: Key): true | string | undefined {
  return key === 'enabled' ? true : edit.values[key];
}

/** The YAML text of `key`'s new value, in the style of the scalar it replaces, if any. */
function valueText(edit: Edit, key: Key, inFlow: boolean, replaced?: unknown): string | undefined {
  const value = wantedValue(edit, key);
  if (typeof value !== 'string') return value === undefined ? undefined : 'true';
  return writeString(value, { replaced, quote: edit.quote, inFlow });
}

/** `key: value` pairs for a flow mapping, comma-separated; keys without a value are left out. */
function flowPairs(edit: Edit, keys: readonly Key[]): string {
  return newPairs(edit, keys, true)
    .map((pair) => pair.join(': '))
    .join(', ');
}

/** One `key: value` line per key for a block mapping at `indent`. */
function blockLines(edit: Edit, keys: readonly Key[], indent: string): string {
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

/** Reads the edited text back and checks it holds the original data (`before`, already parsed)
 * with only the block's three keys changed. */
function verify(before: Document, after: string, edit: Edit): void {
  const expected = (before.toJS(TO_JS) ?? {}) as Record<string, unknown>;
  const block = blockOf(expected, edit.at);
  block.enabled = true;
  block.bundleUrl = edit.values.bundleUrl;
  if (edit.values.version === undefined) delete block.version;
  else block.version = edit.values.version;
  const doc = parseDocument(after, PARSE);
  const actual = doc.errors.length === 0 ? doc.toJS(TO_JS) : undefined;
  if (!isDeepStrictEqual(actual, expected)) {
    throw fileError(
      edit.display,
      'could not be edited safely: the edited text would not read back as the intended values',
      `Please report this with the file attached; as a workaround, write the ${edit.name} block as a plain block mapping.`,
    );
  }
}

/** The object at `at` in the data, made (or copied, not to touch an alias's target) on the way. */
function blockOf(data: Record<string, unknown>, at: KeyPath): Record<string, unknown> {
  let map = data;
  for (const key of at) {
    const current = map[key];
    map[key] = current && typeof current === 'object' ? { ...(current as object) } : {};
    map = map[key] as Record<string, unknown>;
  }
  return map;
}
