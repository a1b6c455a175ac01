import { describe, expect, it } from 'vitest';
import { KEYS } from '../../src/values/file.js';
import { overlaps } from '../../src/shared/set-path.js';

// Whether a --set path (a Flux targetPath, an Argo CD parameter) sets what the run writes at
// values-key enterprise.staticExport, as Helm's strvals reads the path.
const KEY = ['enterprise', 'staticExport'];

describe('a --set path against the keys the run writes', () => {
  it.each([
    ['enterprise', true],
    ['enterprise.staticExport', true],
    ['enterprise.staticExport.bundleUrl', true],
    ['enterprise.staticExport.bundleUrl.x', true],
    ['enterprise.staticExport.version[1]', true],
    // A list index on the way turns that mapping into a list.
    ['enterprise[0]', true],
    ['enterprise[0].other', true],
    ['enterprise.staticExport[0].title', true],
    // A backslash escapes the next character: static\Export is staticExport.
    ['enterprise.static\\Export.bundleUrl', true],
    ['enterprise.other', false],
    ['enterprise.staticExport.title', false],
    ['enterprise.staticExport.title[0]', false],
    ['other.staticExport.bundleUrl', false],
    // An escaped dot is part of one key: a sibling named "staticExport.bundleUrl".
    ['enterprise.staticExport\\.bundleUrl', false],
  ])('%s: %s', (path, sets) => {
    expect(overlaps(path, KEY, KEYS)).toBe(sets);
  });
});
