/**
 * The links a values file holds: every text value of a `bundleUrl` key, wherever it is (an anchor
 * included, and inside values written as YAML in a string), so that the diff can hide their
 * queries. The file's own text is read through the parse cache (check.ts): the run has parsed it.
 */
import { isScalar, parseAllDocuments, visit, type Document } from 'yaml';
import { readBackDocuments } from './check.js';
import { PARSE } from './file.js';

export function bundleUrlsIn(text: string, depth = 0): string[] {
  const found: string[] = [];
  for (const doc of documentsOf(text, depth)) {
    visit(doc, {
      Pair(_, pair) {
        const { key, value } = pair;
        if (isScalar(key) && key.value === 'bundleUrl' && isScalar(value))
          if (typeof value.value === 'string') found.push(value.value);
      },
      // Values written as YAML inside a string (Argo CD helm.values, a ConfigMap key).
      Scalar(_, node) {
        if (depth === 0 && typeof node.value === 'string' && node.value.includes('bundleUrl'))
          found.push(...bundleUrlsIn(node.value, 1));
      },
    });
  }
  return found;
}

/** The file's documents from the cache; a string inside it (or a text with errors) parsed here. */
function documentsOf(text: string, depth: number): readonly Document[] {
  const cached = depth === 0 ? readBackDocuments(text, '') : undefined;
  if (cached) return cached;
  const docs = parseAllDocuments(text, PARSE);
  return Array.isArray(docs) ? docs : [];
}
