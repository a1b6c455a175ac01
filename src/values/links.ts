/**
 * The links a values file holds, so that the diff can hide them: every text value of a `bundleUrl`
 * key, wherever it is (an anchor included, an alias followed to it, and inside values written as
 * YAML in a string), and the lines of any presigned link written over several lines. The file's
 * own text is read from the run's document store (shared/documents.ts): the run has parsed it.
 */
import { isAlias, isScalar, visit } from 'yaml';
import { documentsOf } from '../shared/documents.js';
import { querySecrets } from '../shared/secrets.js';

export interface OldLinks {
  /** The links, without the line break a block scalar ends them with. */
  links: string[];
  /**
   * Each line of a presigned link the file writes over several lines (a quoted string wrapped with
   * `\`, a folded one): no line of the diff holds the whole link, so each of them is hidden.
   */
  pieces: string[];
}

export function bundleUrlsIn(text: string, depth = 0): OldLinks {
  const found: OldLinks = { links: [], pieces: [] };
  // The file's documents, or a string's inside it, from the run's document store.
  for (const doc of documentsOf(text)) {
    visit(doc, {
      Pair(_, pair) {
        if (!isScalar(pair.key) || pair.key.value !== 'bundleUrl') return;
        const value = isAlias(pair.value) ? pair.value.resolve(doc) : pair.value;
        if (isScalar(value) && typeof value.value === 'string')
          found.links.push(value.value.trim());
      },
      Scalar(_, node) {
        if (typeof node.value !== 'string') return;
        // A presigned link written over several lines (wrapped with `\`, folded, plain), under
        // any key: each of its lines. Only a value that is the link: the lines of a block that
        // holds other text too (an Argo CD values string, notes) may be the run's own.
        const [start, end] = node.range ?? [];
        const source = start === undefined ? '' : text.slice(start, end);
        const value = node.value.trim();
        if (source.includes('\n') && /^https?:\/\//i.test(value) && querySecrets(value).length > 0)
          found.pieces.push(...source.split('\n').map((line) => line.trim()));
        // Values written as YAML inside a string (Argo CD helm.values, a ConfigMap key).
        if (depth === 0 && node.value.includes('bundleUrl')) {
          const inner = bundleUrlsIn(node.value, 1);
          found.links.push(...inner.links);
          found.pieces.push(...inner.pieces);
        }
      },
    });
  }
  return found;
}
