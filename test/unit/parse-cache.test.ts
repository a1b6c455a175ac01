/**
 * The values parse cache (src/values/check.ts): a run parses a text once, errors are not kept (each
 * message names the file it was read for), and what is kept is bounded.
 */
import { describe, expect, it } from 'vitest';
import { parseDocuments } from '../../src/values/check.js';

const text = (n: number) => `replicaCount: ${n}\nstaticExport:\n  enabled: false\n`;

describe('parseDocuments keeps the last texts it parsed', () => {
  it('the same text is parsed once: the same documents come back', () => {
    const first = parseDocuments(text(1), 'a.yaml');
    expect(parseDocuments(`${text(1)}`, 'b.yaml')).toBe(first);
    expect(parseDocuments(text(2), 'a.yaml')).not.toBe(first);
  });

  it('an invalid text is not kept: each read names its own file', () => {
    const bad = 'a: 1\na: 2\n';
    expect(() => parseDocuments(bad, 'one.yaml')).toThrow(/values-file "one\.yaml".*line 2/);
    expect(() => parseDocuments(bad, 'two.yaml')).toThrow(/values-file "two\.yaml".*line 2/);
  });

  it('an empty text and a text of comments read as one empty document', () => {
    for (const empty of ['', '# nothing yet\n']) {
      const docs = parseDocuments(empty, 'new.yaml');
      expect(docs).toHaveLength(1);
      expect(docs[0]!.contents).toBeNull();
    }
  });

  it('at most 4 texts are kept, the least recently used goes first', () => {
    const first = parseDocuments(text(10), 'a.yaml');
    const eleven = parseDocuments(text(11), 'a.yaml');
    parseDocuments(text(12), 'a.yaml');
    parseDocuments(text(10), 'a.yaml'); // used again: now the newest
    parseDocuments(text(13), 'a.yaml');
    parseDocuments(text(14), 'a.yaml'); // text(11) goes
    expect(parseDocuments(text(10), 'a.yaml')).toBe(first);
    expect(parseDocuments(text(11), 'a.yaml')).not.toBe(eleven);
  });

  it('at most 2 MB of text: a large text pushes the others out, and is kept alone', () => {
    const small = parseDocuments(text(20), 'a.yaml');
    // Few long values rather than many short ones: the same size, a quarter of the parse.
    const large = `${Array.from({ length: 2_000 }, (_, i) => `k${i}: "${'x'.repeat(1030)}"`).join('\n')}\n`;
    expect(large.length).toBeGreaterThan(2_000_000);
    const docs = parseDocuments(large, 'big.yaml');
    expect(parseDocuments(large, 'big.yaml')).toBe(docs);
    expect(parseDocuments(text(20), 'a.yaml')).not.toBe(small);
  });
});
