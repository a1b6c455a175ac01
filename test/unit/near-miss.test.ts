import { parseDocument } from 'yaml';
import { describe, expect, it } from 'vitest';
import { refuseNearMiss } from '../../src/values/near-miss.js';
import type { KeyPath } from '../../src/values/file.js';

const key = (text: string) => text.split('.') as unknown as KeyPath;
const guard = (text: string, at: string, chartYaml?: string) => () =>
  refuseNearMiss(parseDocument(text).contents, text, 'values.yaml', key(at), chartYaml);

const UMBRELLA_CHART =
  'apiVersion: v2\nname: docs-platform\ndependencies:\n  - name: enterprise\n    version: 1.4.0\n';

describe('the near-miss guard', () => {
  it.each([
    [
      'one letter off',
      'replicaCount: 1\nstaticExport:\n  enabled: false\n',
      'staticexport',
      'staticExport (line 2)',
    ],
    [
      'dashes for camel case',
      'staticExport: {enabled: false}\n',
      'static-export',
      'staticExport (line 1)',
    ],
    [
      'the top level while the block is nested',
      'enterprise:\n  staticExport:\n    enabled: false\n',
      'staticExport',
      'enterprise.staticExport (line 2)',
    ],
    [
      'under another parent',
      'docs:\n  static_export: {}\nweb: {}\n',
      'web.staticExport',
      'docs.static_export (line 2)',
    ],
    [
      'a block under a list item',
      'apps:\n  - name: docs\n    staticExport:\n      enabled: false\n',
      'staticExport',
      'apps[0].staticExport (line 3)',
    ],
    [
      'a parent one letter off (an alias mistyped)',
      'enterprize:\n  replicaCount: 2\n',
      'enterprise.staticExport',
      'enterprize (line 1)',
    ],
    [
      'a parent in another case',
      'Enterprise:\n  replicaCount: 2\n',
      'enterprise.staticExport',
      'Enterprise (line 1)',
    ],
  ])('refuses %s, naming what exists', (_, text, at, named) => {
    expect(guard(text, at)).toThrow(
      new RegExp(
        `has no mapping at values-key ${at}, which this run would create, but has ${named.replace(/[.()[\]]/g, '\\$&')}`,
      ),
    );
  });

  it('a block under a list: named, with the fix that values-key cannot name it', () => {
    expect(guard('apps:\n  - staticExport: {}\n', 'staticExport')).toThrow(
      /apps\[0\]\.staticExport \(line 2\)\. A new block next to the one the chart reads is read by nothing: apps\[0\]\.staticExport is inside a list, which values-key cannot name/,
    );
  });

  it.each([
    ['a first write into an empty file', '', 'staticExport'],
    ['a file with other keys only', 'replicaCount: 2\nimage: {tag: x}\n', 'staticExport'],
    ['the block where values-key points', 'staticExport:\n  enabled: false\n', 'staticExport'],
    [
      'the nested block where values-key points',
      'enterprise:\n  staticExport: {}\n',
      'enterprise.staticExport',
    ],
    ['a scalar of that name (not a block)', 'staticexport: true\n', 'staticExport'],
    ['a short parent a letter off (another chart)', 'dogs: {a: 1}\n', 'docs.staticExport'],
    ['a list of scalars', 'hosts: [a, b]\n', 'staticExport'],
  ])('lets %s through', (_, text, at) => {
    expect(guard(text, at)).not.toThrow();
  });

  it('refuses a top-level write beside an umbrella Chart.yaml, naming the dependency path', () => {
    expect(guard('ingress: {}\n', 'staticExport', UMBRELLA_CHART)).toThrow(
      /sits beside a Chart\.yaml that has the vendor chart as a dependency, so Helm hands it only the values under enterprise; .* Set values-key: enterprise\.staticExport\./,
    );
    const aliased = UMBRELLA_CHART.replace('version: 1.4.0', 'version: 1.4.0\n    alias: docs');
    expect(guard('ingress: {}\n', 'staticExport', aliased)).toThrow(/under the alias docs/);
    expect(guard('ingress: {}\n', 'enterprise.staticExport', UMBRELLA_CHART)).not.toThrow();
    expect(guard('', 'staticExport', 'apiVersion: v2\nname: enterprise\n')).not.toThrow();
  });
});
