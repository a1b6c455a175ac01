/**
 * The in-place edit of a Helm values file: only `enabled`, `bundleUrl` and `version` of the block
 * at values-key (`staticExport` unless it says otherwise) change. The new scalars are spliced into
 * the source text at the parsed nodes' ranges, so comments, blank lines, key order, quoting,
 * anchors, flow collections, block scalars, indentation, line endings and a byte-order mark
 * elsewhere stay byte for byte; a replaced value keeps its quote style (style.ts). Every edit is
 * checked by parsing the result: its data must equal the old data but for those keys.
 */
import { isDeepStrictEqual } from 'node:util';
import { isMap, isScalar } from 'yaml';
import type { Document, Node as YamlNode, Pair, YAMLMap } from 'yaml';
import { toJSOnce } from '../shared/documents.js';
import { helmDocuments } from '../shared/go-yaml.js';
import { checkValues, readBackDocuments } from './check.js';
import {
  fileError,
  KEYS,
  STATIC_EXPORT,
  type EditPlan,
  type Key,
  type KeyPath,
  type StaticExportValues,
} from './file.js';
import {
  addPath,
  afterLastPair,
  blockLines,
  fillIn,
  flowPairs,
  valueText,
  wantedValue,
  type Edit,
} from './insert.js';
import { findPair, fromMerge, lineOf, walkPath } from './path.js';
import {
  applySplices,
  columnOf,
  detectIndent,
  flowAppend,
  insertAfterColon,
  removal,
  replaceScalar,
} from './source.js';
import { mostUsedQuote, readsBack } from './style.js';
import { provenBySwap, rememberVerified } from './swap.js';

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
  return planEditIn(text, doc, doc.contents, values, display, at, (out, edit, kept) =>
    verify(doc, out, edit, kept),
  );
}

/**
 * The edit from `root`, a mapping of `doc` (one document of `text`, which may hold several): the
 * path `at` is followed from there. `check` reads the result back (verify, or the manifest's own
 * check of every document).
 */
export function planEditIn(
  text: string,
  doc: Document,
  root: unknown,
  values: StaticExportValues,
  display: string,
  at: KeyPath,
  check: (out: string, edit: Edit, kept: KeptVersion | undefined) => void,
  name = at.join('.'),
  /** The document is built by kustomize, whose reader lets a mapping's own key win (path.ts). */
  ownKeysWin = false,
): EditPlan {
  const edit = startEdit(text, doc, values, display, at, name);
  const walk = walkPath(doc, text, at, display, root, ownKeysWin);
  let kept: KeptVersion | undefined;
  if (walk.depth === at.length) {
    kept = mergedVersion(edit, doc, walk.map!);
    updateBlock(edit, walk.map!);
  } else if (walk.empty) fillIn(edit, walk.empty, walk.map!, at.slice(walk.depth + 1));
  else addPath(edit, doc, walk.map, at.slice(walk.depth));
  const out = applySplices(text, edit.splices);
  check(out, edit, kept);
  const changed = out !== text;
  return { text: out, changed, changes: changed ? edit.changes : [], notices: edit.notices };
}

/** A version that a merge key gives the block, which Helm still reads when the input is empty. */
export interface KeptVersion {
  value: unknown;
}

function mergedVersion(edit: Edit, doc: Document, block: YAMLMap): KeptVersion | undefined {
  if (edit.values.version !== undefined) return undefined;
  const merged = fromMerge(doc, block, 'version');
  if (!merged) return undefined;
  const line = lineOf(edit.text, (merged.pair.key as YamlNode).range?.[0] ?? 0);
  edit.notices.push(
    `${edit.name}.version in ${edit.display} still reads ${JSON.stringify(merged.value)}: the version input is empty, but that version comes from the merge key at line ${line}, whose anchor this action does not rewrite.`,
  );
  return { value: merged.value };
}

function startEdit(
  text: string,
  doc: Document,
  values: StaticExportValues,
  display: string,
  at: KeyPath,
  name: string,
): Edit {
  return {
    text,
    values,
    display,
    at,
    name,
    eol: text.includes('\r\n') ? '\r\n' : '\n',
    unit: isMap(doc.contents) ? detectIndent(doc.contents, text) : 2,
    quote: mostUsedQuote(doc),
    splices: [],
    changes: [],
    notices: [],
  };
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
      ? replaceScalar(edit.text, [tagStart(edit.text, node) ?? node.range[0], node.range[1]], value)
      : insertAfterColon(edit.text, item, value),
  );
  edit.changes.push(`${key} updated`);
}

/**
 * Where an explicit tag on the old value starts (`!!null ~`, `!!int 3`): it goes with the value,
 * or it would type the new one (go-yaml then refuses the whole file). The range starts after it.
 */
function tagStart(text: string, node: YamlNode): number | undefined {
  if (!node.tag || !node.range) return undefined;
  const before = text.slice(0, node.range[0]);
  const tag = /!\S*[ \t]+$/.exec(before.slice(before.lastIndexOf('\n') + 1));
  return tag ? node.range[0] - tag[0].length : undefined;
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
    const at = afterLastPair(text, block);
    const needsBreak = !text.slice(0, at).endsWith('\n');
    const lines = blockLines(edit, missing, indent);
    edit.splices.push({ start: at, end: at, text: `${needsBreak ? edit.eol : ''}${lines}` });
  }
  for (const key of missing) edit.changes.push(`${key} added`);
}

/**
 * Proves the edited text holds the original data (`before`, already parsed) with only the block's
 * three keys changed: by the swap of one token of an edit already read back (swap.ts), else by
 * reading the edited text back whole.
 */
function verify(before: Document, after: string, edit: Edit, kept?: KeptVersion): void {
  // The store's data of the file (converted once), copied at the top: blockOf copies the rest.
  const expected = { ...((toJSOnce(before) ?? {}) as Record<string, unknown>) };
  setBlock(blockOf(expected, edit.at), edit, kept);
  // What the intended data depends on but the link: an edit read back whole with another link
  // (the run's placeholder) proves this one when the texts differ by that one token (swap.ts).
  const key = { at: edit.at, version: edit.values.version, kept };
  const link = edit.values.bundleUrl;
  if (provenBySwap(before, key, link, after)) return;
  const read = readBackDocuments(after, edit.display);
  const docs = read && helmDocuments(read);
  // A warning is a text other readers may take otherwise (a tag that does not fit its value).
  const actual: unknown =
    docs?.length === 1 && docs[0]!.warnings.length === 0 ? toJSOnce(docs[0]!) : undefined;
  if (!isDeepStrictEqual(actual, expected)) throw unsafeEdit(edit);
  rememberVerified(before, { key, link, text: after, doc: docs![0]!, expected });
}

export function unsafeEdit(edit: Pick<Edit, 'display' | 'name'>) {
  return fileError(
    edit.display,
    'could not be edited safely: the edited text would not read back as the intended values',
    `Please report this with the file attached; as a workaround, write the ${edit.name} block as a plain block mapping.`,
  );
}

/** The block's keys as this edit leaves them. */
export function setBlock(block: Record<string, unknown>, edit: Edit, kept?: KeptVersion): void {
  block.enabled = true;
  block.bundleUrl = edit.values.bundleUrl;
  if (edit.values.version !== undefined) block.version = edit.values.version;
  else if (kept) block.version = kept.value;
  else delete block.version;
}

/** The object at `at` in the data, made (or copied, not to touch an alias's target) on the way. */
export function blockOf(data: Record<string, unknown>, at: KeyPath): Record<string, unknown> {
  let map = data;
  for (const key of at) {
    const current = map[key];
    map[key] = current && typeof current === 'object' ? { ...current } : {};
    map = map[key] as Record<string, unknown>;
  }
  return map;
}
