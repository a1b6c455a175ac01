/**
 * YAML data as Helm (and kubectl, Argo CD) get it: their reader is go-yaml v2 (through
 * sigs.k8s.io/yaml), which applies a merge key (`<<`) where it stands in its mapping. A key
 * written above `<<` is overwritten by the merged one, a key below it wins; of a list of sources
 * (`<<: [*a, *b]`) the first wins. The YAML spec, and `yaml`'s own toJS, let the mapping's own
 * keys win wherever they stand: a check that reads a file the spec's way can be fooled.
 */
import { isAlias, isMap, isScalar, isSeq, parseDocument, type Document } from 'yaml';

/** The first document of `text`, as go-yaml reads it; throws on a YAML error. */
export function goYamlData(text: string): unknown {
  const doc = parseDocument(text, { merge: false, uniqueKeys: false });
  if (doc.errors.length > 0) throw doc.errors[0]!;
  return dataOf(doc.contents, doc, 0);
}

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
    if (isScalar(key) && key.value === '<<' && key.type === 'PLAIN') {
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
