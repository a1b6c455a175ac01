/**
 * The values file at scale: a repeated key among 20 000 is found in one pass over the keys, not by
 * comparing every pair (test/unit/duplicate-keys.test.ts has the rule itself). A scale test, so in
 * the reliability tier: its two parses of the file take about two seconds of CPU.
 */
import { parseDocument } from 'yaml';
import { describe, expect, it } from 'vitest';
import { checkValues } from '../../src/values/check.js';
import { PARSE } from '../../src/values/file.js';
import { firstDuplicateKey } from '../../src/shared/documents.js';

describe('a values file with a repeated key, at scale', () => {
  it('is found among 20 000 keys in one pass, the file refused naming its line', () => {
    const text = `${Array.from({ length: 20_000 }, (_, i) => `key${i}: ${i}`).join('\n')}\nkey7: again\n`;
    // The check alone is timed, the parse (linear, about a second here) outside it: comparing every
    // pair of keys (2e8 comparisons) took about 3 s, one pass takes milliseconds.
    const doc = parseDocument(text, PARSE);
    const started = performance.now();
    const key = firstDuplicateKey(doc);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(key && text.slice(key.range![0], key.range![1])).toBe('key7');
    expect(() => checkValues(text, 'values.yaml')).toThrow(
      /at line 20001, column 1 .*Map keys must be unique/,
    );
  });
});
