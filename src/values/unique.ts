/**
 * Duplicate keys, found in one pass. The yaml library's own check (`uniqueKeys`) compares each key
 * with every earlier one of its mapping: on a values file of a few thousand keys that took seconds
 * per parse, and a run parses a file several times. Files are parsed without it (`PARSE` in
 * file.ts) and checked here instead: once when read, and again on every read-back of an edit.
 */
import { isScalar, visit, type Document, type Node } from 'yaml';

/** The first key that repeats an earlier key of its mapping, or undefined. */
export function firstDuplicateKey(doc: Document): Node | undefined {
  let found: Node | undefined;
  visit(doc, {
    Map(_, map) {
      const seen = new Set<unknown>();
      for (const { key } of map.items) {
        // As the library compares them: a scalar by its value; a merge key (`<<`) may repeat.
        if (!isScalar(key) || key.value === '<<') continue;
        if (seen.has(key.value)) {
          found = key;
          return visit.BREAK;
        }
        seen.add(key.value);
      }
      return undefined;
    },
  });
  return found;
}
