/**
 * YAML data as Helm (and kubectl, Argo CD) get it: their reader is go-yaml v2 (through
 * sigs.k8s.io/yaml), which applies a merge key (`<<`) where it stands in its mapping. A key
 * written above `<<` is overwritten by the merged one, a key below it wins; of a list of sources
 * (`<<: [*a, *b]`) the first wins. The YAML spec, and `yaml`'s own toJS, let the mapping's own
 * keys win wherever they stand: a check that reads a file the spec's way can be fooled.
 */
import {
  isAlias,
  isCollection,
  isMap,
  isScalar,
  isSeq,
  visit,
  type Document,
  type Node as YamlNode,
} from 'yaml';
import { documentsOf, firstDuplicateKey, headOf } from './documents.js';

/**
 * Each document of `text`, as go-yaml reads it (a duplicate key: the last wins); throws on a YAML
 * error. Readers differ on several documents: the caller decides. The documents are the store's
 * (shared/documents.ts): the text is parsed once for every view of it.
 */
export function goYamlDocuments(text: string): unknown[] {
  const docs = documentsOf(text);
  for (const doc of docs) if (doc.errors.length > 0) throw doc.errors[0]!;
  const refused = goUnreadableOnce(text, docs);
  if (refused) throw new Error(refused.why);
  return helmDocuments(docs).map((doc) => dataOf(doc.contents, doc, 0));
}

/**
 * The manifests of `text` that `wanted` accepts by their top-level apiVersion and kind, as the
 * controllers read them (go-yaml); only those are converted to data. A document with a YAML error
 * or a repeated key is none (the controllers refuse it), nor is one go-yaml cannot read.
 */
export function manifestsOf(
  text: string,
  wanted: (head: { apiVersion?: string; kind?: string }) => boolean,
): Record<string, unknown>[] {
  const found: Record<string, unknown>[] = [];
  for (const doc of documentsOf(text)) {
    if (doc.errors.length > 0 || !wanted(headOf(doc))) continue;
    if (firstDuplicateKey(doc)) continue;
    try {
      const data = dataOf(doc.contents, doc, 0);
      if (data && typeof data === 'object' && !Array.isArray(data))
        found.push(data as Record<string, unknown>);
    } catch {
      // A merge of something other than a mapping, or an alias into itself: not read.
    }
  }
  return found;
}

/**
 * The documents Helm reads values from. A later one that holds nothing (a file ending in `---`, or
 * in `---` and a comment) is none, for Helm 3 and 4. The first one is one even when it is empty:
 * Helm 3 reads it (nothing), while Helm 4 merges the next one in (tried with both).
 */
export const helmDocuments = <T extends { contents: unknown }>(docs: readonly T[]): T[] =>
  docs.filter((doc, i) => i === 0 || !isNothing(doc.contents));

/** The one document of `text`, as go-yaml reads it; throws on a YAML error or several. */
export function goYamlData(text: string): unknown {
  // A later null document (`---` then `~`) adds nothing to the values, in Helm 3 and 4; a null
  // first one is all Helm 3 reads.
  const docs = goYamlDocuments(text).filter((data, i) => i === 0 || data !== null);
  if (docs.length > 1)
    throw new Error(
      `it holds ${docs.length} YAML documents (helm 3 reads the first, helm 4 merges them)`,
    );
  return docs[0] ?? null;
}

/** A node of a parsed document, as go-yaml reads it. */
export const goYamlNode = (node: unknown, doc: Document): unknown => dataOf(node, doc, 0);

/** A document's contents when it holds nothing: no node, or an empty null where text would be. */
const isNothing = (contents: unknown): boolean =>
  contents === null ||
  (isScalar(contents) && contents.value === null && contents.range?.[0] === contents.range?.[1]);

const MERGE_NOT_MAP = 'a merge key (<<) of something other than a mapping';

/** A merge key: `<<` written plain (parsed with `merge: true`, the library gives it a symbol). */
export const isMergeKey = (key: unknown): boolean =>
  isScalar(key) && ((key.value === '<<' && key.type === 'PLAIN') || typeof key.value === 'symbol');

function dataOf(node: unknown, doc: Document, depth: number): unknown {
  // goUnreadable refuses an alias inside its own anchor's value first; this guards the rest.
  if (depth > 200) throw new Error('the YAML nests too deep (an alias into itself?)');
  if (isAlias(node)) return dataOf(node.resolve(doc), doc, depth + 1);
  if (isScalar(node)) return node.value;
  if (isSeq(node)) return node.items.map((item) => dataOf(item, doc, depth + 1));
  if (!isMap(node)) return node ?? null;
  const out: Record<string, unknown> = {};
  for (const pair of node.items) {
    const key = pair.key;
    if (isMergeKey(key)) {
      const sources = isSeq(pair.value) ? [...pair.value.items].reverse() : [pair.value];
      for (const source of sources) {
        const merged = dataOf(source, doc, depth + 1);
        // go-yaml stops there: "map merge requires map or sequence of maps".
        if (!merged || typeof merged !== 'object' || Array.isArray(merged))
          throw new Error(MERGE_NOT_MAP);
        Object.assign(out, merged);
      }
      continue;
    }
    out[String(isScalar(key) ? key.value : dataOf(key, doc, depth + 1))] = dataOf(
      pair.value,
      doc,
      depth + 1,
    );
  }
  return out;
}

/**
 * A character YAML does not allow, which go-yaml refuses anywhere in a file: a C0 or C1 control
 * other than tab, line feed, carriage return and NEL, DEL, U+FFFE and U+FFFF.
 */
export const NOT_YAML =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u0084\u0086-\u009f\ufffe\uffff]/;

/** Where a text is one Helm cannot read, why, and what to do. */
export interface GoUnreadable {
  offset: number;
  why: string;
  fix: string;
}

/** goUnreadable of the store's documents of a text, worked out once per parse. */
const unreadable = new WeakMap<readonly Document[], GoUnreadable | null>();
export function goUnreadableOnce(
  text: string,
  docs: readonly Document[],
): GoUnreadable | undefined {
  let found = unreadable.get(docs);
  if (found === undefined) unreadable.set(docs, (found = goUnreadable(text, docs) ?? null));
  return found ?? undefined;
}

/**
 * What go-yaml (Helm's reader, kubectl's, Argo CD's) or Helm 4 refuses where the `yaml` library
 * reads on: a character YAML does not allow (a C0 or C1 control other than tab and line ends, DEL,
 * U+FFFE, U+FFFF), a NEL, LS or PS outside quotes with text after it on its line (go-yaml breaks
 * the line there), a `%YAML` directive, content after `---` on its line, an alias inside its own
 * anchor's value, a null or collection as a key, a merge of something other than a mapping. Helm
 * fails on the whole file then.
 */
export function goUnreadable(text: string, docs: readonly Document[]): GoUnreadable | undefined {
  const char = NOT_YAML.exec(text);
  if (char)
    return {
      offset: char.index,
      why: `character U+${hex(char[0])} is not allowed in YAML (Helm refuses the file)`,
      fix: 'Remove that character.',
    };
  const breaks = [...text.matchAll(/[\u0085\u2028\u2029](?=[^\n\r#]*[^\s\u0085#])/g)];
  // The quoted scalars' spans only when there is such a character (a walk of every document).
  const quoted = breaks.length > 0 ? quotedSpans(docs) : [];
  for (const m of breaks)
    if (!quoted.some(([start, end]) => m.index >= start && m.index < end))
      return {
        offset: m.index,
        why: `character U+${hex(m[0])} with text after it on its line: Helm reads it as a line break there`,
        fix: 'Remove that character, or end the line at it.',
      };
  const directive = /^%YAML\b/m.exec(text);
  if (directive)
    return {
      offset: directive.index,
      why: 'a %YAML directive, which Helm 4 refuses (Helm 3 too for 1.2)',
      fix: 'Remove the %YAML line.',
    };
  const marker = /^---[ \t]+[^\s#]/m.exec(text);
  if (marker)
    return {
      offset: marker.index,
      why: 'content on the --- line, which Helm 4 and kustomize refuse',
      fix: 'Move what follows --- to the next line.',
    };
  for (const doc of docs) {
    let found: GoUnreadable | undefined;
    visit(doc, {
      Alias(_, alias) {
        const [start, end] = alias.resolve(doc)?.range ?? [0, 0];
        const at = alias.range?.[0] ?? 0;
        if (at < start || at >= end) return undefined;
        found = {
          offset: at,
          why: `the alias *${alias.source} inside the value of its own anchor, which Helm refuses (anchor '${alias.source}' value contains itself)`,
          fix: 'Point the alias at another anchor, or remove it.',
        };
        return visit.BREAK;
      },
      Pair(_, pair) {
        const key = pair.key as YamlNode | null;
        if (key === null || (isScalar(key) && key.value === null) || isCollection(key)) {
          found = {
            offset: (key ?? (pair.value as YamlNode | null))?.range?.[0] ?? 0,
            why: 'a null or a list/mapping as a key, which Helm cannot read into its values',
            fix: 'Give that entry a text key, or remove it.',
          };
          return visit.BREAK;
        }
        if (isMergeKey(key)) {
          const sources = isSeq(pair.value) ? pair.value.items : [pair.value];
          const notMap = sources.some((s) => !isMap(isAlias(s) ? s.resolve(doc) : s));
          if (notMap) {
            found = {
              offset: key.range?.[0] ?? 0,
              why: MERGE_NOT_MAP,
              fix: "Merge a mapping's anchor (<<: *defaults), or remove the << line.",
            };
            return visit.BREAK;
          }
        }
        return undefined;
      },
    });
    if (found) return found;
  }
  return undefined;
}

function quotedSpans(docs: readonly Document[]): [number, number][] {
  const quoted: [number, number][] = [];
  for (const doc of docs)
    visit(doc, {
      Scalar(_, node) {
        if ((node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE') && node.range)
          quoted.push([node.range[0], node.range[1]]);
      },
    });
  return quoted;
}

const hex = (char: string): string =>
  char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');

/**
 * The bytes as UTF-8 text; undefined when they are not UTF-8 (Node would put U+FFFD in their
 * place, where Helm and kustomize refuse the file).
 */
export function utf8(bytes: Buffer): string | undefined {
  const text = bytes.toString('utf8');
  return Buffer.compare(Buffer.from(text, 'utf8'), bytes) === 0 ? text : undefined;
}
