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
    expect(hideCredentialParams('+sig=SECRET2\n-X-Amz-Signature=SECRET3\n-sig=SECRET4\n')).toBe(
      '+sig=***\n-X-Amz-Signature=***\n-sig=***\n',
    );
  });

  it('follows a wrapped value on each side of the diff: the old line does not end the new one', () => {
    const diff = [
      ' # was: https://s.example/b?X-Amz-Signature=0123456789',
      '-#   OLDabcdef&page=2',
      '+#   NEWabcdef&page=2',
    ].join('\n');
    expect(hideCredentialParams(diff)).toBe(
      [
        ' # was: https://s.example/b?X-Amz-Signature=***',
        '-#   ***&page=2',
        '+#   ***&page=2',
      ].join('\n'),
    );
  });

  it('hides a value wrapped right after its =, a long token opening a hunk, and keeps CRLF', () => {
    expect(hideCredentialParams(' # b?X-Amz-Signature=\n #   abcdef0123\n')).toBe(
      ' # b?X-Amz-Signature=***\n #   ***\n',
    );
    expect(hideCredentialParams('@@ -3,2 +3,2 @@\n #   abcdef0123456789abcdef\n x: 1\n')).toBe(
      '@@ -3,2 +3,2 @@\n #   ***\n x: 1\n',
    );
    expect(hideCredentialParams(' # b?sig=0123456789\r\n #   abcdef\r\n')).toBe(
      ' # b?sig=***\r\n #   ***\r\n',
    );
  });

  it('leaves a comment of words after a value alone, and a rule of dashes opening a hunk', () => {
    const text = ' # b?sig=0123456789\n # Keep this note\n';
    expect(hideCredentialParams(text)).toBe(' # b?sig=***\n # Keep this note\n');
    const rule = '@@ -3,2 +3,2 @@\n # ------------------------------\n # configuration-settings\n';
    expect(hideCredentialParams(rule)).toBe(rule);
  });
});
