/**
 * Checks a values file's text before anything is started, so that a broken file costs no export:
 * valid YAML (else the line and column of the first error), one document, a mapping at the top,
 * and a values-key path that can be written (path.ts).
 */
import { isMap, parseAllDocuments, parseDocument, type Document } from 'yaml';
import { goUnreadable, helmDocuments } from '../shared/go-yaml.js';
import { UserError } from '../shared/errors.js';
import { fileError, PARSE, STATIC_EXPORT, TO_JS, type KeyPath } from './file.js';
import { describeNode, isEmpty, lineOf, walkPath } from './path.js';
import { columnOf } from './source.js';
import { firstDuplicateKey } from './unique.js';

/** Validates the text; returns the parsed document. Throws a UserError naming line and column. */
export function checkValues(text: string, display: string, at: KeyPath = STATIC_EXPORT): Document {
  const doc = singleDocument(text, display);
  const root = doc.contents;
  if (root !== null && !isEmpty(root) && !isMap(root)) {
    const line = lineOf(text, root.range?.[0] ?? 0);
    throw fileError(
      display,
      `has a ${describeNode(root)} at the top (line ${line}), not a mapping of keys`,
      'A Helm values file is a mapping such as "replicaCount: 1".',
    );
  }
  try {
    doc.toJS(TO_JS);
  } catch (error) {
    throw fileError(
      display,
      `cannot be read as data (${(error as Error).message})`,
      'Check its anchors and aliases.',
    );
  }
  walkPath(doc, text, at, display);
  return doc;
}

/** Parses the text as exactly one YAML document (as Helm counts them: helmDocuments) without errors. */
function singleDocument(text: string, display: string): Document {
  const docs = helmDocuments(parseDocuments(text, display));
  if (docs.length > 1) {
    throw fileError(
      display,
      `contains ${docs.length} YAML documents (separated by ---)`,
      'A Helm values file is one document: split it into several files. (A file of manifests, such as a HelmRepository and a HelmRelease, is read as one; see values-document.)',
    );
  }
  return docs[0] ?? parseDocument(text, PARSE);
}

/**
 * The documents of the last few texts read. A run reads the same text in several places (the
 * check, the choice of targets, the edit's plan and read-back, the render check), and parsing a
 * values file of a few hundred kilobytes takes about half a second: a 278 KB file was parsed
 * seven times in one run. Keyed by the whole text, so an edited text is parsed afresh; only texts
 * without an error are kept, so each message names the file it was read for. The parsed form takes
 * about 120 times the text's size in memory: at most 4 texts and 2 MB of text are kept (the newest
 * always). Nothing that receives these Documents changes them (edits are made on the text, by
 * splices); a caller that needs to change one must parse its own.
 */
const recent = new Map<string, readonly Document[]>();
const RECENT = { texts: 4, chars: 2_000_000 } as const;

/** Every document of the text, none with an error (else the line and column of the first). */
export function parseDocuments(text: string, display: string): readonly Document[] {
  const known = recent.get(text);
  if (known) {
    // Used again: the last to go.
    recent.delete(text);
    recent.set(text, known);
    return known;
  }
  const docs = checkedDocuments(text, display);
  recent.set(text, docs);
  let chars = 0;
  for (const kept of recent.keys()) chars += kept.length;
  for (const oldest of recent.keys()) {
    if (recent.size <= 1 || (recent.size <= RECENT.texts && chars <= RECENT.chars)) break;
    recent.delete(oldest);
    chars -= oldest.length;
  }
  return docs;
}

/** The documents of an edited text as read back, or undefined if it is not valid YAML. */
export function readBackDocuments(text: string, display: string): readonly Document[] | undefined {
  try {
    return parseDocuments(text, display);
  } catch {
    return undefined;
  }
}

/**
 * A values text that YAML cannot read, with where (line and column of that text) and why: a
 * values file's own message, which the editor of a string inside a manifest re-words with the
 * file's own line (embedded.ts).
 */
export class InvalidYaml extends UserError {
  constructor(
    display: string,
    readonly line: number,
    readonly col: number,
    readonly reason: string,
    fix = 'Fix the file at that position: helm cannot read it either, so the chart would get none of its values. Nothing was sent.',
  ) {
    const error = fileError(
      display,
      `is not valid YAML at line ${line}, column ${col} (${display}:${line}:${col}): ${reason}`,
      fix,
    );
    super(error.message, error.details);
  }
}

function checkedDocuments(text: string, display: string): Document[] {
  const docs = parseAllDocuments(text, PARSE);
  // An empty stream (nothing but comments or white space) is not an array, or an empty one.
  if (!Array.isArray(docs) || docs.length === 0) return [parseDocument(text, PARSE)];
  for (const doc of docs) {
    const error = doc.errors[0];
    if (error) {
      const pos = error.linePos?.[0];
      const where = pos ? `line ${pos.line}, column ${pos.col}` : 'an unknown position';
      const first = error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
      if (pos) throw new InvalidYaml(display, pos.line, pos.col, first);
      throw fileError(
        display,
        `is not valid YAML at ${where} (${display}:0:0): ${first}`,
        'Fix the file at that position: helm cannot read it either, so the chart would get none of its values. Nothing was sent.',
      );
    }
    const duplicate = firstDuplicateKey(doc);
    if (duplicate) {
      const line = lineOf(text, duplicate.range?.[0] ?? 0);
      const col = columnOf(text, duplicate) + 1;
      throw new InvalidYaml(display, line, col, 'Map keys must be unique');
    }
  }
  // Once, over every document: a quoted string of one is not text of another.
  const unreadable = goUnreadable(text, docs);
  if (unreadable) {
    const { offset, why, fix } = unreadable;
    const col = offset - text.lastIndexOf('\n', offset - 1);
    throw new InvalidYaml(display, lineOf(text, offset), col, why, fix);
  }
  return docs;
}
