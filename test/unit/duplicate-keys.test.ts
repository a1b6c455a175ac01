import { parseDocument } from 'yaml';
import { describe, expect, it } from 'vitest';
import { checkValues } from '../../src/values/check.js';
import { PARSE } from '../../src/values/file.js';
import { firstDuplicateKey } from '../../src/shared/documents.js';

const duplicateIn = (text: string) => {
  const key = firstDuplicateKey(parseDocument(text, PARSE));
  return key && text.slice(key.range![0], key.range![1]);
};

describe('a values file with a repeated key', () => {
  it('is found at any depth, naming the second of the two', () => {
    expect(duplicateIn('a: 1\nb:\n  c: 1\n  d: 2\n  c: 3\n')).toBe('c');
    expect(duplicateIn('a: 1\nb: 2\na: 3\n')).toBe('a');
    expect(duplicateIn('list:\n  - x: 1\n    x: 2\n')).toBe('x');
  });

  it('is not a repeated merge key, nor 1 beside "1", as the YAML library reads them', () => {
    expect(duplicateIn('a: &a {x: 1}\nb: &b {y: 1}\nc:\n  <<: *a\n  <<: *b\n')).toBeUndefined();
    expect(duplicateIn('1: a\n"1": b\n')).toBeUndefined();
    expect(duplicateIn('same: 1\nother:\n  same: 2\n')).toBeUndefined();
  });

  it('is refused, naming the line and column of the repeat', () => {
    expect(() => checkValues('a: 1\nb:\n  c: 1\n  c: 2\n', 'values.yaml')).toThrow(
      /at line 4, column 3 \(values\.yaml:4:3\): Map keys must be unique/,
    );
  });
});
