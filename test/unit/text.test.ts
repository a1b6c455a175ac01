import { describe, expect, it } from 'vitest';
import { escapeInvisible } from '../../src/agent/context.js';
import { invisibleName } from '../../src/agent/invisible.js';
import { codePoint, printable } from '../../src/shared/text.js';

describe('a character named by its code point, one notation everywhere', () => {
  it('U+ and at least four upper-case hex digits, astral ones included', () => {
    expect(['\u0007', '\u200b', '\u{E0041}', '\u{1F600}'].map(codePoint)).toEqual([
      'U+0007',
      'U+200B',
      'U+E0041',
      'U+1F600',
    ]);
  });

  it('printable writes the same code point as an escape, and cuts at 80 characters', () => {
    expect(printable('a\u001b[31mb\u200bc\u2028d\u{E0041}')).toBe(
      'a\\u001b[31mb\\u200bc\\u2028d\\ue0041',
    );
    expect(printable('x'.repeat(81))).toBe(`${'x'.repeat(80)}…`);
  });

  it('the diff context and the visible-text rule name it the same way', () => {
    expect(escapeInvisible('a\u200bb\u00adc')).toBe('a<U+200B>b<U+00AD>c');
    expect([invisibleName('\u200b'), invisibleName('\u{E0041}')]).toEqual([
      'U+200B',
      'tag characters',
    ]);
  });
});
