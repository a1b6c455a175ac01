import { describe, expect, it } from 'vitest';
import { refusal } from '../helpers/refusal.js';
import { parseValuesDocument } from '../../src/values/choice.js';
import type { KeyPath } from '../../src/values/file.js';
import { refuseOverriddenSource } from '../../src/values/flux-override.js';
import { chooseTargets } from '../../src/values/target.js';

const KEY: KeyPath = ['staticExport'];
/** Nothing left unchecked. */
const NONE = { unread: [], later: [], suspended: [] };
const FILE = { path: '/ws/clusters/prod/docs.yaml', display: 'clusters/prod/docs.yaml' };
const CONFIG_MAP = `apiVersion: v1
kind: ConfigMap
metadata: {name: docs-values, namespace: docs}
data:
  values.yaml: |
    replicaCount: 2
`;

/** A HelmRelease with these valuesFrom entries and spec.values lines. */
const release = (name: string, valuesFrom: string[], values = '    replicaCount: 1\n') =>
  `apiVersion: helm.toolkit.fluxcd.io/v2
kind: HelmRelease
metadata: {name: ${name}, namespace: docs}
spec:
  chart: {spec: {chart: enterprise, sourceRef: {kind: HelmRepository, name: mintlify}}}
  valuesFrom:
${valuesFrom.map((e) => `    - ${e}\n`).join('')}  values:
${values}`;

/** The run's check, with the ConfigMap of `files[0]` chosen as the target (or `choice`). */
function check(...texts: string[]) {
  return checkWith('ConfigMap/docs-values[values.yaml]', ...texts);
}

function checkWith(choice: string, ...texts: string[]) {
  const selectors = parseValuesDocument(
    (spec) => (spec.name === 'values-document' ? choice : ''),
    '/ws',
  );
  const chosen = chooseTargets(texts[0]!, FILE, selectors, KEY);
  if (!chosen) throw new Error('plain values');
  const files = texts.map((text, i) => ({
    display: i === 0 ? FILE.display : `other${i}.yaml`,
    text,
    targets: i === 0 ? chosen : [],
  }));
  return refuseOverriddenSource(files, KEY);
}

describe('a values ConfigMap chosen as the target, and the HelmReleases that read it', () => {
  it('read whole: accepted, and no notice is due', () => {
    expect(
      check(`${release('docs', ['{kind: ConfigMap, name: docs-values}'])}---\n${CONFIG_MAP}`),
    ).toEqual(NONE);
  });

  it('read only at a targetPath: refused, naming the HelmRelease and the path', () => {
    const text = `${release('docs', ['{kind: ConfigMap, name: docs-values, targetPath: site.config}'])}---\n${CONFIG_MAP}`;
    expect(refusal(() => check(text))).toBe(
      `values-file "clusters/prod/docs.yaml (HelmRelease/docs)" reads ConfigMap/docs-values[values.yaml], where the link was chosen to go, only at targetPath site.config: helm-controller sets that key's whole text there as one value, so the chart would not find staticExport.bundleUrl in it. Read it without targetPath in the HelmRelease's valuesFrom, choose HelmRelease/docs with values-document, or list in values-file the file of a HelmRelease that reads it whole. The file was not changed.`,
    );
  });

  it('read at a targetPath by one HelmRelease and whole by another in another file: accepted', () => {
    const atPath = `${release('docs', ['{kind: ConfigMap, name: docs-values, targetPath: site.config}'])}---\n${CONFIG_MAP}`;
    const whole = release('docs-canary', ['{kind: ConfigMap, name: docs-values}']);
    expect(check(atPath, whole)).toEqual(NONE);
  });

  it('another key of it read at a targetPath does not count as reading the chosen key', () => {
    const text = `${release('docs', ['{kind: ConfigMap, name: docs-values, valuesKey: url, targetPath: site.url}'])}---\n${CONFIG_MAP}`;
    expect(check(text).unread.map(({ source }) => source.label)).toEqual([
      'ConfigMap/docs-values[values.yaml]',
    ]);
  });

  it('read whole by a HelmRelease whose spec.values sets the link: refused, as that link wins', () => {
    const text = `${release('docs', ['{kind: ConfigMap, name: docs-values}'], '    staticExport: {bundleUrl: "https://old.example.com/x"}\n')}---\n${CONFIG_MAP}`;
    expect(refusal(() => check(text))).toMatch(
      /^values-file "clusters\/prod\/docs\.yaml \(HelmRelease\/docs\)" sets staticExport\.bundleUrl in spec\.values, which helm-controller merges over its valuesFrom ConfigMap\/docs-values\[values\.yaml\]/,
    );
  });

  it.each([
    ['enabled: false', '{enabled: false}', 'staticExport.enabled'],
    ['a null block', 'null', 'staticExport to something other than a mapping'],
    [
      'an old version and link',
      '{version: v1, bundleUrl: ""}',
      'staticExport.bundleUrl, staticExport.version',
    ],
  ])(
    'read whole by a HelmRelease whose spec.values sets %s: refused, as spec.values wins',
    (_, block, set) => {
      const text = `${release('docs', ['{kind: ConfigMap, name: docs-values}'], `    staticExport: ${block}\n`)}---\n${CONFIG_MAP}`;
      expect(refusal(() => check(text))).toContain(
        `(HelmRelease/docs)" sets ${set} in spec.values, which helm-controller merges over its valuesFrom ConfigMap/docs-values[values.yaml]`,
      );
    },
  );

  it('an empty staticExport in spec.values sets nothing: accepted', () => {
    const text = `${release('docs', ['{kind: ConfigMap, name: docs-values}'], '    staticExport: {}\n')}---\n${CONFIG_MAP}`;
    expect(check(text)).toEqual(NONE);
  });

  it('a later valuesFrom entry that sets the keys: refused, naming it; an earlier one: accepted', () => {
    const secret = `apiVersion: v1\nkind: Secret\nmetadata: {name: docs-secret, namespace: docs}\nstringData:\n  values.yaml: |\n    staticExport: {bundleUrl: "https://old.example.com/x"}\n`;
    const after = `${release('docs', ['{kind: ConfigMap, name: docs-values}', '{kind: Secret, name: docs-secret}'])}---\n${CONFIG_MAP}---\n${secret}`;
    expect(refusal(() => check(after))).toBe(
      `values-file "clusters/prod/docs.yaml (HelmRelease/docs)" reads Secret/docs-secret[values.yaml] after ConfigMap/docs-values[values.yaml], where the link was chosen to go, and it sets staticExport.bundleUrl: helm-controller merges each valuesFrom entry over the ones before it. Remove staticExport.bundleUrl from it, or list ConfigMap/docs-values[values.yaml] after it in valuesFrom. The file was not changed.`,
    );
    const before = `${release('docs', ['{kind: Secret, name: docs-secret}', '{kind: ConfigMap, name: docs-values}'])}---\n${CONFIG_MAP}---\n${secret}`;
    expect(check(before)).toEqual(NONE);
  });

  it('a later entry whose values are not in the files, or are encrypted: returned, for a notice', () => {
    const entries = ['{kind: ConfigMap, name: docs-values}', '{kind: Secret, name: docs-secret}'];
    const absent = `${release('docs', entries)}---\n${CONFIG_MAP}`;
    const later = (text: string) =>
      check(text).later.map(({ where, entry, source }) => [where, entry, source.label]);
    expect(later(absent)).toEqual([
      [
        'clusters/prod/docs.yaml (HelmRelease/docs)',
        'Secret/docs-secret[values.yaml]',
        'ConfigMap/docs-values[values.yaml]',
      ],
    ]);
    const sops = `apiVersion: v1\nkind: Secret\nmetadata: {name: docs-secret}\nstringData:\n  values.yaml: ENC[AES256_GCM,data:Tr7o=,iv:1=,tag:2=,type:str]\n`;
    expect(later(`${absent}---\n${sops}`)).toHaveLength(1);
    const empty = `apiVersion: v1\nkind: Secret\nmetadata: {name: docs-secret}\nstringData:\n  values.yaml: ""\n`;
    expect(later(`${absent}---\n${empty}`)).toEqual([]);
  });

  it('a later entry with a targetPath on the keys: refused; on another path: accepted', () => {
    const on = `${release('docs', ['{kind: ConfigMap, name: docs-values}', '{kind: ConfigMap, name: links, valuesKey: url, targetPath: staticExport.bundleUrl}'])}---\n${CONFIG_MAP}`;
    expect(refusal(() => check(on))).toContain(
      `values-file "clusters/prod/docs.yaml (HelmRelease/docs)" reads ConfigMap/links[url] at targetPath staticExport.bundleUrl after ConfigMap/docs-values[values.yaml], where the link was chosen to go: helm-controller sets that key's text at staticExport.bundleUrl, over what ConfigMap/docs-values[values.yaml] holds there. Remove that valuesFrom entry, or point its targetPath away from staticExport.enabled, staticExport.bundleUrl, staticExport.version and the keys above them. The file was not changed.`,
    );
    const off = on.replace('targetPath: staticExport.bundleUrl', 'targetPath: site.url');
    expect(check(off)).toEqual(NONE);
  });

  it('an empty or null targetPath and valuesKey are none, as helm-controller reads them', () => {
    for (const entry of [
      '{kind: ConfigMap, name: docs-values, targetPath: ""}',
      '{kind: ConfigMap, name: docs-values, targetPath: null, valuesKey: null}',
    ])
      expect(check(`${release('docs', [entry])}---\n${CONFIG_MAP}`)).toEqual(NONE);
  });

  it('a later targetPath on a sibling key of the block leaves the link alone: accepted', () => {
    const text = `${release('docs', ['{kind: ConfigMap, name: docs-values}', '{kind: ConfigMap, name: title, valuesKey: t, targetPath: staticExport.title}'])}---\n${CONFIG_MAP}`;
    expect(check(text)).toEqual(NONE);
  });

  it('the chosen ConfigMap read again later at a targetPath on the block, or through a list index: refused', () => {
    for (const path of ['staticExport', 'staticExport[0]', 'staticExport[0].title']) {
      const text = `${release('docs', ['{kind: ConfigMap, name: docs-values}', `{kind: ConfigMap, name: docs-values, targetPath: "${path}"}`])}---\n${CONFIG_MAP}`;
      expect(refusal(() => check(text))).toContain(
        `reads ConfigMap/docs-values[values.yaml] at targetPath ${path} after ConfigMap/docs-values[values.yaml]`,
      );
    }
  });

  it('the chosen ConfigMap read whole again after a layer that sets the keys: the last read wins, accepted', () => {
    const over = `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: over, namespace: docs}\ndata:\n  values.yaml: |\n    staticExport: {bundleUrl: "https://old.example.com/x"}\n`;
    const entries = ['{kind: ConfigMap, name: docs-values}', '{kind: ConfigMap, name: over}'];
    const text = `${release('docs', [...entries, entries[0]!])}---\n${CONFIG_MAP}---\n${over}`;
    expect(check(text)).toEqual(NONE);
    // Without the last read, `over` wins.
    expect(
      refusal(() => check(`${release('docs', entries)}---\n${CONFIG_MAP}---\n${over}`)),
    ).toContain('reads ConfigMap/over[values.yaml] after ConfigMap/docs-values[values.yaml]');
  });

  it('a later ConfigMap of that name in another namespace is not the one read', () => {
    const over = (namespace: string, values: string) =>
      `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: over, namespace: ${namespace}}\ndata:\n  values.yaml: |\n    ${values}\n`;
    const head = `${release('docs', ['{kind: ConfigMap, name: docs-values}', '{kind: ConfigMap, name: over}'])}---\n${CONFIG_MAP}`;
    const staging = over('staging', 'staticExport: {bundleUrl: "https://old.example.com/x"}');
    expect(check(`${head}---\n${staging}---\n${over('docs', 'replicaCount: 3')}`)).toEqual(NONE);
    expect(
      refusal(() =>
        check(
          `${head}---\n${over('staging', 'replicaCount: 3')}---\n${over('docs', 'staticExport: {version: v1}')}`,
        ),
      ),
    ).toContain('and it sets staticExport.version:');
  });

  it('enabled: true in spec.values is what the run writes too: accepted', () => {
    const text = `${release('docs', ['{kind: ConfigMap, name: docs-values}'], '    staticExport: {enabled: true}\n')}---\n${CONFIG_MAP}`;
    expect(check(text)).toEqual(NONE);
  });

  it('a HelmRelease chosen too gets the same link in its spec.values: accepted', () => {
    const text = `${release('docs', ['{kind: ConfigMap, name: docs-values, targetPath: site.config}'], '    staticExport: {bundleUrl: ""}\n')}---\n${CONFIG_MAP}`;
    expect(checkWith('HelmRelease/docs\nConfigMap/docs-values[values.yaml]', text)).toEqual(NONE);
  });

  it('a HelmRelease of the same name chosen in another file does not exempt this one', () => {
    const a = `${release('docs', ['{kind: ConfigMap, name: docs-values}'], '    staticExport: {bundleUrl: ""}\n').replace(', namespace: docs}', '}')}---\n${CONFIG_MAP}`;
    const b = release('docs', []).replace('namespace: docs', 'namespace: prod');
    const selectors = parseValuesDocument(
      (spec) =>
        spec.name === 'values-document'
          ? 'ConfigMap/docs-values[values.yaml]\nprod/HelmRelease/docs'
          : '',
      '/ws',
    );
    const B = { path: '/ws/b.yaml', display: 'b.yaml' };
    const files = [
      { display: FILE.display, text: a, targets: chooseTargets(a, FILE, selectors, KEY)! },
      { display: B.display, text: b, targets: chooseTargets(b, B, selectors, KEY)! },
    ];
    expect(files.map((f) => f.targets.map((t) => t.label))).toEqual([
      ['ConfigMap/docs-values[values.yaml]'],
      ['HelmRelease/docs'],
    ]);
    expect(refusal(() => refuseOverriddenSource(files, KEY))).toContain(
      '(HelmRelease/docs)" sets staticExport.bundleUrl in spec.values',
    );
  });

  it('read by a suspended HelmRelease: returned, for a notice (none when that HelmRelease is chosen too)', () => {
    const text = `${release('docs', ['{kind: ConfigMap, name: docs-values}']).replace('spec:\n', 'spec:\n  suspend: true\n')}---\n${CONFIG_MAP}`;
    expect(check(text).suspended.map(({ where, source }) => [where, source.label])).toEqual([
      ['clusters/prod/docs.yaml (HelmRelease/docs)', 'ConfigMap/docs-values[values.yaml]'],
    ]);
    expect(checkWith('HelmRelease/docs\nConfigMap/docs-values[values.yaml]', text)).toEqual(NONE);
  });

  it('a block that is no mapping is named as such in the refusal', () => {
    const text = `${release('docs', ['{kind: ConfigMap, name: docs-values}'], '    staticExport: "off"\n')}---\n${CONFIG_MAP}`;
    expect(refusal(() => check(text))).toContain(
      'sets staticExport to something other than a mapping in spec.values, which helm-controller merges over its valuesFrom ConfigMap/docs-values[values.yaml], where the link was chosen to go: the chart would get the value in spec.values. Make staticExport a mapping in its spec.values,',
    );
  });

  it('read by no HelmRelease in the values files: returned with its file, for the notice', () => {
    expect(check(CONFIG_MAP).unread.map(({ file, source }) => `${file}: ${source.label}`)).toEqual([
      'clusters/prod/docs.yaml: ConfigMap/docs-values[values.yaml]',
    ]);
  });
});
