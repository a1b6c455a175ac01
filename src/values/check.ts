/**
 * Checks a values file's text before anything is started, so that a broken file costs no export:
 * valid YAML (else the line and column of the first error), one document, a mapping at the top,
 * the static-export block absent or a mapping, none of the values this action rewrites anchored.
 */
import {
  isAlias,
  isMap,
  isScalar,
  parseAllDocuments,
  parseDocument,
  type Document,
  type Node as YamlNode,
  type Pair,
  type YAMLMap,
} from 'yaml';
import { fileError, KEYS, PARSE, STATIC_EXPORT, TO_JS, type KeyPath } from './file.js';

/** Validates the text; returns the parsed document. Throws a UserError naming line and column. */
export function checkValues(text: string, display: string, at: KeyPath = STATIC_EXPORT): Document {
  const doc = singleDocument(text, display);
  const root = doc.contents;
  if (root !== null && !isEmpty(root) && !isMap(root)) {
    const line = lineOf(text, (root as YamlNode).range?.[0] ?? 0);
    throw fileError(
      display,
      `has a ${describeNode(root)} at the top (line ${line}), not a mapping of keys`,
      'A Helm values file is a mapping such as "replicaCount: 1".',
    );
  }
  if (isMap(root)) checkBlock(text, root, at, display);
  try {
    doc.toJS(TO_JS);
  } catch (error) {
    throw fileError(
      display,
      `cannot be read as data (${(error as Error).message})`,
      'Check its anchors and aliases.',
    );
  }
  return doc;
}

/** Parses the text as exactly one YAML document without errors. */
function singleDocument(text: string, display: string): Document {
  const docs = parseAllDocuments(text, PARSE);
  // An empty stream (nothing but comments or white space) is not an array.
  if (!Array.isArray(docs)) return parseDocument(text, PARSE);
  for (const doc of docs) {
    const error = doc.errors[0];
    if (error) {
      const pos = error.linePos?.[0];
      const where = pos ? `line ${pos.line}, column ${pos.col}` : 'an unknown position';
      const first = error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
      throw fileError(
        display,
        `is not valid YAML at ${where} (${display}:${pos?.line ?? 0}:${pos?.col ?? 0}): ${first}`,
        'Fix the file, or delete it to start a new one.',
      );
    }
  }
  if (docs.length > 1) {
    throw fileError(
      display,
      `contains ${docs.length} YAML documents (separated by ---)`,
      'A Helm values file is one document: split it into several files.',
    );
  }
  return docs[0] ?? parseDocument(text, PARSE);
}

/** Every mapping on the way to the block, and the block itself, must be a mapping or empty. */
function checkBlock(text: string, root: YAMLMap, at: KeyPath, display: string): void {
  let map = root;
  for (let depth = 1; depth <= at.length; depth++) {
    const name = at.slice(0, depth).join('.');
    const value = findPair(map, at[depth - 1]!)?.value as YamlNode | null | undefined;
    if (!value || isEmpty(value)) return;
    if (!isMap(value)) {
      const line = lineOf(text, value.range?.[0] ?? 0);
      throw fileError(
        display,
        `has ${name} as ${isAlias(value) ? `an alias (*${value.source})` : `a ${describeNode(value)}`} at line ${line}, not a mapping`,
        `Write ${name} as a mapping (e.g. "${at[depth - 1]}:" with "enabled: true" indented below) or remove it.`,
      );
    }
    map = value;
  }
  refuseAnchors(text, map, at, display);
}

/** An anchored value this action rewrites would change every alias of it too. */
function refuseAnchors(text: string, block: YAMLMap, at: KeyPath, display: string): void {
  for (const key of KEYS) {
    const node = findPair(block, key)?.value as YamlNode | null | undefined;
    if (node && 'anchor' in node && node.anchor) {
      throw fileError(
        display,
        `has an anchor (&${node.anchor}) on ${at.join('.')}.${key} at line ${lineOf(text, node.range?.[0] ?? 0)}`,
        `This action rewrites that value, which would change every *${node.anchor} alias too: move the anchor to another key.`,
      );
    }
  }
}

/**
 * Finds the block in a checked document: `parent` is the mapping that holds (or will hold) its
 * last key, null when there is none yet; `pair` is the block's key and value, if present.
 */
export function locate(doc: Document, at: KeyPath): { parent: YAMLMap | null; pair?: Pair } {
  let parent = isMap(doc.contents) ? doc.contents : null;
  for (const key of at.slice(0, -1)) {
    const value = parent && findPair(parent, key)?.value;
    parent = isMap(value) ? value : null;
  }
  return { parent, pair: parent ? findPair(parent, at[at.length - 1]!) : undefined };
}

/** `~`, `null` or nothing at all. */
export function isEmpty(node: unknown): boolean {
  return isScalar(node) && node.value === null;
}

function describeNode(node: unknown): string {
  if (isScalar(node))
    return `${typeof node.value === 'string' ? 'string' : String(node.value === null ? 'null' : typeof node.value)} value`;
  if (isMap(node)) return 'mapping';
  if (isAlias(node)) return 'alias';
  return 'list';
}

export function findPair(map: YAMLMap, key: string): Pair | undefined {
  return map.items.find((p) => isScalar(p.key) && p.key.value === key) as Pair | undefined;
}

function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}
