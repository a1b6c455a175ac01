/**
 * Checks a values file's text before anything is started, so that a broken file costs no export:
 * valid YAML (else the line and column of the first error), one document, a mapping at the top,
 * and a values-key path that can be written (path.ts).
 */
import { isMap, type Document } from 'yaml';
import { documentsOf, firstDuplicateKey, toJSOnce } from '../shared/documents.js';
import { goUnreadableOnce, helmDocuments } from '../shared/go-yaml.js';
import { UserError } from '../shared/errors.js';
import { fileError, STATIC_EXPORT, type KeyPath } from './file.js';
import { describeNode, isEmpty, lineOf, walkPath } from './path.js';
import { columnOf } from './source.js';

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
    toJSOnce(doc);
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
  return docs[0]!;
}

/**
 * Every document of the text, none with an error (else the line and column of the first). The
 * documents are the run's document store's (shared/documents.ts): a text is parsed once however
 * many steps read it, and checked once (the check of a text is kept with its documents); each
 * message names the file it was read for.
 */
export function parseDocuments(text: string, display: string): readonly Document[] {
  const docs = documentsOf(text);
  let problem = problems.get(docs);
  if (problem === undefined) problems.set(docs, (problem = problemOf(text, docs) ?? null));
  if (problem) throw problem(display);
  return docs;
}

const problems = new WeakMap<readonly Document[], ((display: string) => UserError) | null>();

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

/** What makes the text no values file (a YAML error, a repeated key, what Helm refuses), or undefined. */
function problemOf(
  text: string,
  docs: readonly Document[],
): ((display: string) => UserError) | undefined {
  for (const doc of docs) {
    const error = doc.errors[0];
    if (error) {
      const pos = error.linePos?.[0];
      const first = error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
      if (pos) return (display) => new InvalidYaml(display, pos.line, pos.col, first);
      return (display) =>
        fileError(
          display,
          `is not valid YAML at an unknown position (${display}:0:0): ${first}`,
          'Fix the file: helm cannot read it either, so the chart would get none of its values. Nothing was sent.',
        );
    }
    const duplicate = firstDuplicateKey(doc);
    if (duplicate) {
      const line = lineOf(text, duplicate.range?.[0] ?? 0);
      const col = columnOf(text, duplicate) + 1;
      return (display) => new InvalidYaml(display, line, col, 'Map keys must be unique');
    }
  }
  // Once, over every document: a quoted string of one is not text of another.
  const unreadable = goUnreadableOnce(text, docs);
  if (!unreadable) return undefined;
  const { offset, why, fix } = unreadable;
  const col = offset - text.lastIndexOf('\n', offset - 1);
  const line = lineOf(text, offset);
  return (display) => new InvalidYaml(display, line, col, why, fix);
}
