/**
 * Messages that say what is true and what to run: each read from a real file or a real request,
 * word for word where a user acts on it.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readValuesFile } from '../../src/values/read.js';

function file(text: string): { path: string; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'messages-'));
  writeFileSync(join(dir, 'values.yaml'), text);
  return { path: join(dir, 'values.yaml'), dir };
}

describe('messages a user acts on', () => {
  it('a YAML syntax error in a values file: fix it there, never "delete it"', async () => {
    const text = 'image:\n  tag: "1.0\nstaticExport:\n  enabled: true\n';
    const { path } = file(text);
    const error = await readValuesFile(path, 'charts/docs/values.yaml').catch((e: Error) => e);
    expect((error as Error).message).toMatch(
      /^values-file "charts\/docs\/values\.yaml" is not valid YAML at line \d+, column \d+ \(charts\/docs\/values\.yaml:\d+:\d+\): .*\. Fix the file at that position: helm cannot read it either, so the chart would get none of its values\. Nothing was sent\. The file was not changed\.$/,
    );
    expect((error as Error).message).not.toMatch(/delete/i);
    expect(readFileSync(path, 'utf8')).toBe(text);
  });

  it('values-key naming a string of the chart (image.tag): the fix is values-key, not the file', async () => {
    const { path } = file('image:\n  tag: "1.0"\n');
    const error = await readValuesFile(path, 'values.yaml', ['image', 'tag']).catch(
      (e: Error) => e,
    );
    expect((error as Error).message).toBe(
      'values-file "values.yaml" has image.tag as a string value at line 2, and values-key image.tag must name the mapping that holds enabled, bundleUrl and version. Set values-key to that mapping\'s path (staticExport, or enterprise.staticExport when the vendor chart is the dependency enterprise of an umbrella chart); image.tag is a value of its own, which this run never replaces. The file was not changed.',
    );
    // A block named staticExport written as a string is still the file's to fix.
    const own = file('staticExport: "https://x"\n');
    await expect(readValuesFile(own.path, 'values.yaml')).rejects.toThrow(
      /has staticExport as a string value at line 1, not a mapping\. Write staticExport as a mapping/,
    );
  });
});
