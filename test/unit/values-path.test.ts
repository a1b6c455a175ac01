/**
 * The values-key path edit: the block under a dotted path, nested, created in the
 * file's own indentation and style, filled in from an empty value, reached through merge keys and
 * aliases, or refused with the path, the file and the line. Every expected text is written out in
 * full: everything outside the three keys must stay byte for byte.
 */
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { UserError } from '../../src/shared/errors.js';
import { planValuesEdit } from '../../src/values/edit.js';
import type { KeyPath, StaticExportValues } from '../../src/values/file.js';
import { readValuesFile } from '../../src/values/read.js';

const LINK = 'https://storage.example.com/b/site.tar.gz?X-Amz-Signature=0a1b';
const VALUES: StaticExportValues = { enabled: true, bundleUrl: LINK, version: '2026-11-22' };
const NO_VERSION: StaticExportValues = { ...VALUES, version: undefined };
const ENTERPRISE: KeyPath = ['enterprise', 'staticExport'];
const BLOCK = (pad: string) =>
  `${pad}enabled: true\n${pad}bundleUrl: "${LINK}"\n${pad}version: "2026-11-22"\n`;
const FLOW = `{enabled: true, bundleUrl: "${LINK}", version: "2026-11-22"}`;

function edit(text: string, at: KeyPath = ENTERPRISE, values = VALUES) {
  return planValuesEdit(text, values, 'values.yaml', at);
}

function refusal(text: string, at: KeyPath = ENTERPRISE, values = VALUES): UserError {
  try {
    edit(text, at, values);
  } catch (error) {
    expect(error).toBeInstanceOf(UserError);
    return error as UserError;
  }
  throw new Error('expected a refusal');
}

describe('values-key: a nested block', () => {
  it('updates the block where the path leads, nothing else (in the quotes the file uses)', () => {
    const text =
      "# umbrella\nenterprise:\n  replicaCount: 2 # two\n  staticExport:\n    enabled: false\n    bundleUrl: ''\nstaticExport:\n  enabled: false\n";
    const plan = edit(text);
    expect(plan.text).toBe(
      `# umbrella\nenterprise:\n  replicaCount: 2 # two\n  staticExport:\n    enabled: true\n    bundleUrl: '${LINK}'\n    version: '2026-11-22'\nstaticExport:\n  enabled: false\n`,
    );
    expect(plan.changes).toEqual(['enabled updated', 'bundleUrl updated', 'version added']);
  });

  it('three levels deep, with a stale version removed and a notice naming the path', () => {
    const text = 'docs:\n  mintlify:\n    staticExport: {enabled: false, version: v1}\n';
    const plan = edit(text, ['docs', 'mintlify', 'staticExport'], NO_VERSION);
    expect(plan.text).toBe(
      `docs:\n  mintlify:\n    staticExport: {enabled: true, bundleUrl: "${LINK}"}\n`,
    );
    expect(plan.notices.join()).toMatch(/stale docs\.mintlify\.staticExport\.version/);
  });

  it('is idempotent: a second edit with the same values changes nothing', () => {
    const once = edit('a: 1\n').text;
    const twice = edit(once);
    expect(twice.changed).toBe(false);
    expect(twice.text).toBe(once);
  });
});

describe('values-key: mappings created along the path', () => {
  const cases: [string, string, KeyPath, string][] = [
    ['an empty file', '', ENTERPRISE, `enterprise:\n  staticExport:\n${BLOCK('    ')}`],
    [
      'at the end of the top mapping, after its closing comment',
      'replicaCount: 1\n# end\n',
      ENTERPRISE,
      `replicaCount: 1\n# end\nenterprise:\n  staticExport:\n${BLOCK('    ')}`,
    ],
    [
      'inside an existing mapping, at its own indentation (4 spaces)',
      'enterprise:\n    image:\n        tag: "1.0"\nother: 2\n',
      ENTERPRISE,
      `enterprise:\n    image:\n        tag: "1.0"\n    staticExport:\n${BLOCK('        ')}other: 2\n`,
    ],
    [
      'two levels inside a mapping',
      'docs:\n  replicaCount: 1\n',
      ['docs', 'mintlify', 'staticExport'],
      `docs:\n  replicaCount: 1\n  mintlify:\n    staticExport:\n${BLOCK('      ')}`,
    ],
    [
      'in a flow mapping, as flow mappings',
      'enterprise: {image: {tag: "1.0"}}\n',
      ENTERPRISE,
      `enterprise: {image: {tag: "1.0"}, staticExport: ${FLOW}}\n`,
    ],
    [
      'in an empty flow mapping',
      'enterprise: {}\n',
      ['enterprise', 'docs', 'staticExport'],
      `enterprise: {docs: {staticExport: ${FLOW}}}\n`,
    ],
    [
      'in a flow mapping at the top',
      '{replicaCount: 1}\n',
      ENTERPRISE,
      `{replicaCount: 1, enterprise: {staticExport: ${FLOW}}}\n`,
    ],
  ];
  for (const [what, text, at, expected] of cases) {
    it(what, () => {
      const plan = edit(text, at);
      expect(plan.text).toBe(expected);
      expect(plan.changes).toEqual([`${at.join('.')} added`]);
    });
  }

  it('keeps CRLF line endings and the byte-order mark', () => {
    const text = '\uFEFFa: 1\r\nenterprise:\r\n  b: 2\r\n';
    expect(edit(text).text).toBe(
      `\uFEFFa: 1\r\nenterprise:\r\n  b: 2\r\n  staticExport:\r\n${BLOCK('    ').replace(/\n/g, '\r\n')}`,
    );
  });
});

describe('values-key: an empty value becomes a mapping', () => {
  const cases: [string, string, string][] = [
    [
      'nothing',
      'enterprise:   # the vendor chart\nother: 1\n',
      `enterprise:   # the vendor chart\n  staticExport:\n${BLOCK('    ')}other: 1\n`,
    ],
    ['~', 'enterprise: ~\nother: 1\n', `enterprise:\n  staticExport:\n${BLOCK('    ')}other: 1\n`],
    ['null', 'enterprise: null\n', `enterprise:\n  staticExport:\n${BLOCK('    ')}`],
    [
      'null, last in the block, at 4 spaces',
      'x:\n    y: 1\nenterprise:\n    staticExport: null\n',
      `x:\n    y: 1\nenterprise:\n    staticExport:\n${BLOCK('        ')}`,
    ],
    ['~ in a flow mapping', '{enterprise: ~}\n', `{enterprise: {staticExport: ${FLOW}}}\n`],
    [
      'nothing in a flow mapping',
      '{a: 1, enterprise: }\n',
      `{a: 1, enterprise: {staticExport: ${FLOW}}}\n`,
    ],
    [
      'a bare key in a flow mapping',
      '{enterprise, a: 1}\n',
      `{enterprise: {staticExport: ${FLOW}}, a: 1}\n`,
    ],
  ];
  for (const [what, text, expected] of cases) {
    it(what, () => {
      const plan = edit(text);
      expect(plan.text).toBe(expected);
      expect(plan.changes).toEqual(['enterprise.staticExport filled in']);
    });
  }

  it('the block itself, empty in a flow mapping: filled in where it is, not added a second time', () => {
    expect(edit('{a: 1, staticExport: ~}\n', ['staticExport']).text).toBe(
      `{a: 1, staticExport: ${FLOW}}\n`,
    );
  });
});

describe('values-key: merge keys and aliases', () => {
  it('a block only a merge key provides is written into the mapping itself, never the anchor', () => {
    const text =
      'defaults: &defaults\n  staticExport: {enabled: false, version: "1"}\nenterprise:\n  <<: *defaults\n  replicaCount: 2\n';
    const plan = edit(text, ENTERPRISE, NO_VERSION);
    expect(plan.text).toBe(`${text}  staticExport:\n    enabled: true\n    bundleUrl: "${LINK}"\n`);
    // As Helm reads it: the merged block is replaced, the anchor and its other users are not.
    const data = parse(plan.text, { merge: true }) as Record<string, Record<string, unknown>>;
    expect(data.enterprise!.staticExport).toEqual({ enabled: true, bundleUrl: LINK });
    expect(data.defaults!.staticExport).toEqual({ enabled: false, version: '1' });
  });

  it('a key the block merges in is overridden in the block; the anchor is untouched', () => {
    const text =
      'base: &base\n  bundleUrl: ""\n  pullPolicy: Always\nstaticExport:\n  <<: *base\n  enabled: false\n';
    const plan = edit(text, ['staticExport']);
    expect(plan.text).toBe(
      `base: &base\n  bundleUrl: ""\n  pullPolicy: Always\nstaticExport:\n  <<: *base\n  enabled: true\n  bundleUrl: "${LINK}"\n  version: "2026-11-22"\n`,
    );
  });

  it('a version merged in from an anchor stays, with a notice saying why', () => {
    const text = 'base: &base\n  version: "9"\nstaticExport:\n  <<: *base\n  enabled: false\n';
    const plan = edit(text, ['staticExport'], NO_VERSION);
    expect(plan.text).toBe(
      `base: &base\n  version: "9"\nstaticExport:\n  <<: *base\n  enabled: true\n  bundleUrl: "${LINK}"\n`,
    );
    expect(plan.notices).toEqual([
      'staticExport.version in values.yaml still reads "9": the version input is empty, but that version comes from the merge key at line 4, whose anchor this action does not rewrite.',
    ]);
  });

  it('refuses to override a merged mapping that holds more than the path, naming what would be lost', () => {
    const text =
      'base: &base\n  staticExport:\n    enabled: false\n    pullPolicy: Always\nenterprise:\n  <<: *base\n';
    const error = refusal(text);
    expect(error.message).toBe(
      'values-file "values.yaml" gets enterprise.staticExport from the merge key "<<: *base" at line 6. Writing values-key enterprise.staticExport means writing staticExport into enterprise, which replaces the whole merged value (a merge is shallow) and would drop enterprise.staticExport.pullPolicy; this action never rewrites the anchor itself, which every alias of it shares. Write enterprise.staticExport in full under enterprise, or point values-key at the anchor\'s own path if every user of it should get the link. The file was not changed.',
    );
  });

  it('refuses a path through an alias, saying why and how to give it its own mapping', () => {
    const error = refusal('base: &base\n  image: x\nenterprise: *base\n');
    expect(error.message).toMatch(
      /^values-file "values.yaml" has enterprise \(on the values-key path enterprise\.staticExport\) as an alias \(\*base\) at line 3, not a mapping\. The values would have to be written into the anchor &base, which every \*base shares, and this action never rewrites an anchor's target\. Give enterprise a mapping of its own that merges the anchor \("enterprise:" with "<<: \*base" indented below\)/,
    );
  });

  it('refuses to write inside an anchored mapping that aliases reuse, naming their lines', () => {
    const text = 'enterprise: &ent\n  image: x\nmirror:\n  <<: *ent\ncopy: *ent\n';
    expect(refusal(text).message).toMatch(
      /has the anchor &ent on enterprise at line 2, which \*ent at line 4, 5 reuses\. Writing enterprise\.staticExport inside it would change those copies too/,
    );
  });

  it('refuses a key the run writes, or one of the path, above a merge key that also sets it (Helm applies the merge where it stands)', () => {
    const above =
      'd: &d\n  enabled: false\nstaticExport:\n  enabled: false\n  <<: *d\n  other: 1\n';
    expect(refusal(above, ['staticExport']).message).toBe(
      'values-file "values.yaml" has staticExport.enabled at line 4 above the merge key "<<: *d" at line 5, which also sets enabled. Helm (like kubectl and Argo CD) reads YAML with go-yaml, which applies a merge key where it stands: the merged enabled wins over the one written above it, and the chart would not get what this run writes. Move the "<<" merge key to the start of its mapping, then run again. The file was not changed.',
    );
    const path =
      'b: &b\n  staticExport: {enabled: false}\nenterprise:\n  staticExport: {enabled: false}\n  <<: [*b]\n';
    expect(refusal(path).message).toMatch(
      /has enterprise\.staticExport at line 4 above the merge key "<<: \[\*b\]" at line 5, which also sets staticExport\./,
    );
  });

  it('what a merge brings is read as go-yaml builds it, a merge inside the anchor applying where it stands', () => {
    const text =
      'base: &base\n  staticExport: {bundleUrl: b, extra: keep}\nmid: &mid\n  staticExport: {bundleUrl: a}\n  <<: *base\nenterprise:\n  <<: *mid\n';
    expect(refusal(text).message).toMatch(/would drop enterprise\.staticExport\.extra;/);
  });

  it('in a flow mapping, quotes the merge key alone', () => {
    expect(
      refusal('d: &d {version: "1"}\nstaticExport: {version: "0", <<: *d}\n', ['staticExport'])
        .message,
    ).toMatch(/above the merge key "<<: \*d" at line 2/);
  });

  it('a key above a merge key that does not set it is edited where it is', () => {
    const text = 'd: &d\n  title: Docs\nstaticExport:\n  enabled: false\n  <<: *d\n';
    expect(edit(text, ['staticExport']).text).toBe(
      `d: &d\n  title: Docs\nstaticExport:\n  enabled: true\n  <<: *d\n  bundleUrl: "${LINK}"\n  version: "2026-11-22"\n`,
    );
  });

  it('an anchor nobody aliases is no reason to refuse', () => {
    expect(edit('enterprise: &ent\n  image: x\n').text).toBe(
      `enterprise: &ent\n  image: x\n  staticExport:\n${BLOCK('    ')}`,
    );
  });
});

describe('values-key: refused paths name the path, the file and the line', () => {
  const cases: [string, string, KeyPath, RegExp][] = [
    [
      'a scalar on the way',
      'a: 1\nenterprise: "2.0"\n',
      ENTERPRISE,
      /^values-file "values.yaml" has enterprise \(on the values-key path enterprise\.staticExport\) as a string value at line 2, not a mapping\. Write enterprise as a mapping .* or check values-key\. The file was not changed\.$/,
    ],
    [
      'a list on the way',
      'enterprise:\n  - a\n',
      ENTERPRISE,
      /has enterprise \(on the values-key path enterprise\.staticExport\) as a list at line 2, not a mapping/,
    ],
    [
      'a number deeper down',
      'a:\n  b: 1\n',
      ['a', 'b', 'c'],
      /has a\.b \(on the values-key path a\.b\.c\) as a number value at line 2/,
    ],
    [
      'the block itself a scalar',
      'enterprise:\n  staticExport: true\n',
      ENTERPRISE,
      /has enterprise\.staticExport as a boolean value at line 2, not a mapping/,
    ],
  ];
  for (const [what, text, at, message] of cases) {
    it(what, () => expect(refusal(text, at).message).toMatch(message));
  }

  it('when the file is read, before any request: readValuesFile refuses with the path', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'values-path-'));
    const path = join(dir, 'values.yaml');
    const text = 'enterprise: [a, b]\n';
    await writeFile(path, text);
    const error = await readValuesFile(path, 'charts/values.yaml', ENTERPRISE).catch(
      (e: unknown) => e,
    );
    expect((error as Error).message).toMatch(
      /^values-file "charts\/values.yaml" has enterprise \(on the values-key path enterprise\.staticExport\) as a list at line 1/,
    );
    // The default path does not go through enterprise: the same file reads fine.
    await expect(readValuesFile(path, 'charts/values.yaml')).resolves.toMatchObject({ text });
    expect(await readFile(path, 'utf8')).toBe(text);
  });
});
