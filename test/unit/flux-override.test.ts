import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/shared/errors.js';
import { parseValuesDocument } from '../../src/values/choice.js';
import type { KeyPath } from '../../src/values/file.js';
import { refuseOverriddenSource } from '../../src/values/flux-override.js';
import { chooseTargets } from '../../src/values/target.js';

const KEY: KeyPath = ['staticExport'];
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

/** The run's check, with the ConfigMap of `files[0]` chosen as the target. */
function check(...texts: string[]) {
  const selectors = parseValuesDocument(
    (spec) => (spec.name === 'values-document' ? 'ConfigMap/docs-values[values.yaml]' : ''),
    '/ws',
  );
  const chosen = chooseTargets(texts[0]!, FILE, selectors, KEY);
  if (!chosen) throw new Error('plain values');
  const files = texts.map((text, i) => ({
    display: i === 0 ? FILE.display : `other${i}.yaml`,
    text,
  }));
  return refuseOverriddenSource(files, chosen, KEY);
}

/** The refusal of `fn`, a UserError (whose message is what the user reads). */
function refusal(fn: () => unknown): string {
  const error = (() => {
    try {
      fn();
    } catch (caught) {
      return caught;
    }
  })();
  expect(error).toBeInstanceOf(UserError);
  return (error as UserError).message;
}

describe('a values ConfigMap chosen as the target, and the HelmReleases that read it', () => {
  it('read whole: accepted, and no notice is due', () => {
    expect(
      check(`${release('docs', ['{kind: ConfigMap, name: docs-values}'])}---\n${CONFIG_MAP}`),
    ).toEqual([]);
  });

  it('read only at a targetPath: refused, naming the HelmRelease and the path', () => {
    const text = `${release('docs', ['{kind: ConfigMap, name: docs-values, targetPath: site.config}'])}---\n${CONFIG_MAP}`;
    expect(refusal(() => check(text))).toBe(
      `values-file "clusters/prod/docs.yaml (HelmRelease/docs)" reads ConfigMap/docs-values[values.yaml], where the link was chosen to go, only at targetPath site.config: helm-controller sets that key's whole text there as one value, so the chart would not find staticExport.bundleUrl in it. Read it without targetPath in the HelmRelease's valuesFrom, or choose HelmRelease/docs with values-document. The file was not changed.`,
    );
  });

  it('read at a targetPath by one HelmRelease and whole by another in another file: accepted', () => {
    const atPath = `${release('docs', ['{kind: ConfigMap, name: docs-values, targetPath: site.config}'])}---\n${CONFIG_MAP}`;
    const whole = release('docs-canary', ['{kind: ConfigMap, name: docs-values}']);
    expect(check(atPath, whole)).toEqual([]);
  });

  it('another key of it read at a targetPath does not count as reading the chosen key', () => {
    const text = `${release('docs', ['{kind: ConfigMap, name: docs-values, valuesKey: url, targetPath: site.url}'])}---\n${CONFIG_MAP}`;
    expect(check(text).map((c) => c.label)).toEqual(['ConfigMap/docs-values[values.yaml]']);
  });

  it('read whole by a HelmRelease whose spec.values sets the link: refused, as that link wins', () => {
    const text = `${release('docs', ['{kind: ConfigMap, name: docs-values}'], '    staticExport: {bundleUrl: "https://old.example.com/x"}\n')}---\n${CONFIG_MAP}`;
    expect(refusal(() => check(text))).toMatch(
      /^values-file "clusters\/prod\/docs\.yaml \(HelmRelease\/docs\)" sets staticExport\.bundleUrl in spec\.values, which helm-controller merges over its valuesFrom ConfigMap\/docs-values\[values\.yaml\]/,
    );
  });

  it('read by no HelmRelease in the values files: returned, for the notice', () => {
    expect(check(CONFIG_MAP).map((c) => c.label)).toEqual(['ConfigMap/docs-values[values.yaml]']);
  });
});
