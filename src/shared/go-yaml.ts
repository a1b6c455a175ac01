/**
 * YAML data as Helm (and kubectl, Argo CD) get it: their reader is go-yaml v2 (through
 * sigs.k8s.io/yaml), which applies a merge key (`<<`) where it stands in its mapping. A key
 * written above `<<` is overwritten by the merged one, a key below it wins; of a list of sources
 * (`<<: [*a, *b]`) the first wins. The YAML spec, and `yaml`'s own toJS, let the mapping's own
 * keys win wherever they stand: a check that reads a file the spec's way can be fooled.
 */
import { isAlias, isMap, isScalar, isSeq, parseAllDocuments, type Document } from 'yaml';

/**
 * Each document of `text`, as go-yaml reads it (a duplicate key: the last wins); throws on a YAML
 * error. Readers differ on several documents: the caller decides.
 */
export function goYamlDocuments(text: string): unknown[] {
  const docs = parseAllDocuments(text, { merge: false, uniqueKeys: false });
  for (const doc of docs) if (doc.errors.length > 0) throw doc.errors[0]!;
  return docs.map((doc) => dataOf(doc.contents, doc, 0));
}

/** The one document of `text`, as go-yaml reads it; throws on a YAML error or several. */
export function goYamlData(text: string): unknown {
  const docs = goYamlDocuments(text);
  if (docs.length > 1)
    throw new Error(
      `it holds ${docs.length} YAML documents (helm 3 reads the first, helm 4 merges them)`,
    );
  return docs[0] ?? null;
}

/** A node of a parsed document, as go-yaml reads it. */
export const goYamlNode = (node: unknown, doc: Document): unknown => dataOf(node, doc, 0);

function dataOf(node: unknown, doc: Document, depth: number): unknown {
  // An alias that leads back into itself has no data go-yaml could build either.
  if (depth > 200) throw new Error('the YAML nests too deep (an alias into itself?)');
  if (isAlias(node)) return dataOf(node.resolve(doc), doc, depth + 1);
  if (isScalar(node)) return node.value;
  if (isSeq(node)) return node.items.map((item) => dataOf(item, doc, depth + 1));
  if (!isMap(node)) return node ?? null;
  const out: Record<string, unknown> = {};
  for (const pair of node.items) {
    const key = pair.key;
    // Parsed with `merge: true`, the library gives a merge key a symbol for its value.
    const merge =
      isScalar(key) &&
      ((key.value === '<<' && key.type === 'PLAIN') || typeof key.value === 'symbol');
    if (merge) {
      const sources = isSeq(pair.value) ? [...pair.value.items].reverse() : [pair.value];
      for (const source of sources) {
        const merged = dataOf(source, doc, depth + 1);
        if (merged && typeof merged === 'object' && !Array.isArray(merged))
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
