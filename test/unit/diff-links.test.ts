/**
 * What the values diff hides besides the new link: the old links a values file holds (a value
 * that is a link, written over several lines, under any key) and any credential parameter, even
 * on a line without an address (the second line of a link wrapped in a comment).
 */
import { describe, expect, it } from 'vitest';
import { hideCredentialParams } from '../../src/shared/secrets.js';
import { bundleUrlsIn } from '../../src/values/links.js';

const SIGNED = 'https://storage.example.com/b/site.tar.gz?X-Amz-Credential=AKIA&X-Amz-Signature=';

describe('the old links of a values file, for the diff to hide', () => {
  it('each line of a link wrapped over several lines, under any key', () => {
    const text = `mirror:\n  url: "${SIGNED}AB\\\n    CD"\nstaticExport:\n  bundleUrl: >-\n    ${SIGNED}EF\n    GH\n`;
    expect(bundleUrlsIn(text).pieces).toEqual([
      `"${SIGNED}AB\\`,
      'CD"',
      '>-',
      `${SIGNED}EF`,
      'GH',
      '',
    ]);
  });

  it("not the lines of a block that holds other text beside a link: they may be the run's own", () => {
    const text = `notes: |\n  version: "2026-11-22"\n  ${SIGNED}XY\nstaticExport: {bundleUrl: ""}\n`;
    expect(bundleUrlsIn(text).pieces).toEqual([]);
  });
});

describe('credential parameters anywhere in a text', () => {
  it('hides their values, on a line with no address too; other parameters stay', () => {
    expect(
      hideCredentialParams(
        ' # was: https://s.example/b?X-Amz-Date=1&X-Amz-Credential=AKIA\n #   &X-Amz-Signature=SECRET1 sig=ab12 page=2\n',
      ),
    ).toBe(
      ' # was: https://s.example/b?X-Amz-Date=1&X-Amz-Credential=***\n #   &X-Amz-Signature=*** sig=*** page=2\n',
    );
  });

  it('hides a value wrapped onto the next comment line, where the line has no name to find', () => {
    expect(
      hideCredentialParams(
        ' # was: https://s.example/b?X-Amz-Signature=0123456789\n #   abcdef0123&page=2\n # next note\n',
      ),
    ).toBe(' # was: https://s.example/b?X-Amz-Signature=***\n #   ***&page=2\n # next note\n');
  });

  it("hides a value right after a diff line's + or - mark", () => {
    expect(hideCredentialParams('+sig=SECRET2\n-X-Amz-Signature=SECRET3\n')).toBe(
      '+sig=***\n-X-Amz-Signature=***\n',
    );
  });
});
