import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { refusal } from '../helpers/refusal.js';
import { parse, parseAllDocuments } from 'yaml';
import { checkChoiceFiles, parseValuesDocument, type Selector } from '../../src/values/choice.js';
import type { KeyPath, StaticExportValues } from '../../src/values/file.js';
import { parseValuesFileInput } from '../../src/values/inputs.js';
import { chooseTargets, planManifestEdits } from '../../src/values/target.js';
import { resolveFluxChart } from '../../src/values/flux-source.js';

const VALUES: StaticExportValues = {
  enabled: true,
  bundleUrl: 'https://storage.example.com/b/se_1/site.tar.gz?X-Amz-Signature=0a1b2c',
  version: 'v2',
};
const KEY: KeyPath = ['staticExport'];
const FILE = { path: '/ws/clusters/prod/docs.yaml', display: 'clusters/prod/docs.yaml' };

function choices(text: string): Selector[] {
  return parseValuesDocument((spec) => (spec.name === 'values-document' ? text : ''), '/ws');
}

/** Chooses and plans, as a run does. */
function edit(text: string, choice = '', file = FILE, key = KEY) {
  const chosen = chooseTargets(text, file, choices(choice), key);
  if (!chosen) throw new Error('plain values');
  return { chosen, plan: planManifestEdits(text, file, chosen, VALUES, key) };
}

const docsOf = (text: string) => parseAllDocuments(text).map((d) => d.toJS() as unknown);

const HELM_REPOSITORY = `# the source
apiVersion: source.toolkit.fluxcd.io/v1
kind: HelmRepository
metadata:
  name: mintlify   # the vendor
  namespace: flux-system
spec:
  url: https://charts.example.com
`;
const HELM_RELEASE = `apiVersion: helm.toolkit.fluxcd.io/v2
kind: HelmRelease
metadata:
  name: docs
  namespace: docs
spec:
  interval: 10m
  chart:
    spec:
      chart: enterprise
      sourceRef: {kind: HelmRepository, name: mintlify}
`;

describe('a Flux HelmRelease', () => {
  it('suspended: written, with a notice that Flux applies it only once resumed', () => {
    const { plan } = edit(
      HELM_RELEASE.replace('  interval: 10m\n', '  interval: 10m\n  suspend: true\n'),
    );
    expect(plan.changed).toBe(true);
    expect(plan.notices).toContain(
      'clusters/prod/docs.yaml (HelmRelease/docs) has spec.suspend: true, so Flux does not reconcile it: the new link reaches the chart only once it is resumed (before the link expires).',
    );
    expect(edit(HELM_RELEASE).plan.notices).toEqual([]);
  });

  it('gets the link under spec.values, created when missing, and the HelmRepository beside it stays byte for byte', () => {
    const text = `\uFEFF${HELM_REPOSITORY}---\n# release\n${HELM_RELEASE}`;
    const { chosen, plan } = edit(text);
    expect(chosen.map((c) => c.label)).toEqual(['HelmRelease/docs']);
    expect(chosen[0]!.path).toBe('spec.values');
    const [repo, release] = docsOf(plan.text) as [unknown, { spec: { values: unknown } }];
    expect(release.spec.values).toEqual({
      staticExport: { enabled: true, bundleUrl: VALUES.bundleUrl, version: 'v2' },
    });
    expect(plan.text.startsWith(`\uFEFF${HELM_REPOSITORY}---\n# release\n${HELM_RELEASE}`)).toBe(
      true,
    );
    expect(repo).toEqual(parse(HELM_REPOSITORY));
    expect(plan.text).not.toMatch(/^staticExport:/m);
  });

  it('edits an existing spec.values in place, keeping CRLF line ends', () => {
    const text =
      `${HELM_RELEASE}  values:\n    replicaCount: 2\n    staticExport:\n      enabled: false\n`.replace(
        /\n/g,
        '\r\n',
      );
    const { plan } = edit(text);
    expect(plan.text).not.toMatch(/[^\r]\n/);
    expect((parse(plan.text) as { spec: { values: unknown } }).spec.values).toEqual({
      replicaCount: 2,
      staticExport: { enabled: true, bundleUrl: VALUES.bundleUrl, version: 'v2' },
    });
  });

  it('a valuesFrom targetPath on the same keys: the link still goes to spec.values, which Flux merges last', () => {
    const valuesFrom = `  valuesFrom:\n    - kind: ConfigMap\n      name: links\n      valuesKey: url\n      targetPath: staticExport.bundleUrl\n`;
    const { plan } = edit(`${HELM_RELEASE}${valuesFrom}`);
    const release = parse(plan.text) as { spec: { values: unknown; valuesFrom: unknown } };
    expect(release.spec.values).toEqual({
      staticExport: { enabled: true, bundleUrl: VALUES.bundleUrl, version: 'v2' },
    });
    expect(plan.text.startsWith(`${HELM_RELEASE}${valuesFrom}`)).toBe(true);
  });

  it("an overlay's patch (no spec.chart): a target, its spec.values written, its chart the base's", () => {
    // flux2-kustomize-helm-example, apps/production/podinfo-values.yaml: a patch of the base's
    // HelmRelease that holds only metadata and spec.values.
    const patch = `apiVersion: helm.toolkit.fluxcd.io/v2
kind: HelmRelease
metadata:
  name: docs
  namespace: docs
spec:
  values:
    replicaCount: 3
`;
    const { chosen, plan } = edit(patch);
    expect(chosen.map((c) => c.label)).toEqual(['HelmRelease/docs']);
    expect(chosen[0]!.target.chart).toMatchObject({ kind: 'none' });
    expect(chosen[0]!.target.patch).toBe(true);
    expect(docsOf(plan.text)[0]).toMatchObject({
      spec: { values: { replicaCount: 3, staticExport: VALUES } },
    });
  });

  it('is refused where a ${VAR} of Flux post-build substitution holds the link', () => {
    const text = `${HELM_RELEASE}  values:\n    staticExport:\n      bundleUrl: \${BUNDLE_URL}\n`;
    expect(refusal(() => edit(text))).toMatch(/post-build substitution/);
  });

  it('is refused when encrypted by SOPS', () => {
    const text = `${HELM_RELEASE}sops:\n  mac: ENC[AES256_GCM,data:abc]\n`;
    expect(refusal(() => edit(text))).toMatch(/SOPS/);
  });
});

const APP = `apiVersion: argoproj.io/v1alpha1
kind: Application
metadata:
  name: docs
  namespace: argocd
spec:
  destination: {server: https://kubernetes.default.svc, namespace: docs}
  source:
    repoURL: https://charts.example.com
    chart: enterprise
    targetRevision: 1.2.3
    helm:
`;

/** The head of a multi-source Application named docs, up to its `spec.sources` key. */
const SOURCES = `apiVersion: argoproj.io/v1alpha1
kind: Application
metadata: {name: docs}
spec:
  sources:
`;

describe('an Argo CD Application', () => {
  it('edits the values string inside it, keeping the literal block, its chomping and indentation', () => {
    const text = `${APP}      releaseName: docs\n      values: |-\n        # chart values\n        replicaCount: 2\n      passCredentials: false\n`;
    const { plan } = edit(text);
    expect(plan.text).toContain(
      '      values: |-\n        # chart values\n        replicaCount: 2\n        staticExport:\n          enabled: true\n',
    );
    const source = (parse(plan.text) as { spec: { source: { helm: { values: string } } } }).spec
      .source;
    expect(source.helm.values.endsWith('\n')).toBe(false);
    expect(parse(source.helm.values)).toEqual({
      replicaCount: 2,
      staticExport: { enabled: true, bundleUrl: VALUES.bundleUrl, version: 'v2' },
    });
    expect(plan.text.endsWith('      passCredentials: false\n')).toBe(true);
  });

  it('writes every line of the values string outside the edited block back byte for byte', () => {
    // A blank line holding spaces (fewer, and exactly as many as the indentation), a tab in a
    // comment, trailing spaces: the YAML inside reads the same without them, but the file keeps
    // them as the team wrote them.
    const head = `${APP}      values: |\n        # chart values\t(vendor defaults)\n        replicaCount: 2   \n    \n        \n        staticExport:\n          enabled: false\n`;
    const tail = `        \n        image:\t# pinned\n          tag: v1  \n\n      passCredentials: false\n`;
    const { plan } = edit(head + tail);
    const at = plan.text.indexOf('        staticExport:\n');
    expect(plan.text.slice(0, at)).toBe(head.slice(0, head.indexOf('        staticExport:\n')));
    expect(plan.text.endsWith(tail)).toBe(true);
    expect(plan.text.slice(at, -tail.length)).toMatch(
      /^ {8}staticExport:\n {10}enabled: true\n {10}bundleUrl: \S+\n {10}version: \S+\n$/,
    );
    const values = (parse(plan.text) as { spec: { source: { helm: { values: string } } } }).spec
      .source.helm.values;
    expect(parse(values)).toEqual({
      replicaCount: 2,
      staticExport: { enabled: true, bundleUrl: VALUES.bundleUrl, version: 'v2' },
      image: { tag: 'v1' },
    });
  });

  it('keeps the lines of a kept (|+) values string and its CRLF line ends when the block is added at the end', () => {
    const before =
      `${APP}      values: |+\n        replicaCount: 2 \t\n          \n        # end\n\n`.replace(
        /\n/g,
        '\r\n',
      );
    const after = '      passCredentials: false\r\n';
    const { plan } = edit(before + after);
    const lines = plan.text.split('\r\n');
    expect(plan.text.includes('\n') && !/[^\r]\n/.test(plan.text)).toBe(true);
    expect(lines).toContain('        replicaCount: 2 \t');
    expect(lines).toContain('          ');
    expect(plan.text.startsWith(before.slice(0, before.indexOf('        # end')))).toBe(true);
    expect(plan.text.endsWith(`\r\n\r\n${after}`)).toBe(true);
    const values = (parse(plan.text) as { spec: { source: { helm: { values: string } } } }).spec
      .source.helm.values;
    expect(values.endsWith('\n\n')).toBe(true);
    expect(parse(values)).toMatchObject({ replicaCount: 2, staticExport: { enabled: true } });
  });

  it('a values string that ends the file without a line break keeps its other lines byte for byte', () => {
    // The last line of the file is the string's last line: no line break after it.
    const head = `${APP}      values: |\n        # chart values\t(vendor defaults)\n        replicaCount: 2   \n        \n`;
    const tail = '        staticExport:\n          enabled: false';
    const { plan } = edit(head + tail);
    expect(plan.text.startsWith(head)).toBe(true);
    expect(plan.text.slice(head.length)).toMatch(
      /^ {8}staticExport:\n {10}enabled: true\n {10}bundleUrl: \S+\n {10}version: \S+$/,
    );
    const values = (parse(plan.text) as { spec: { source: { helm: { values: string } } } }).spec
      .source.helm.values;
    expect(parse(values)).toEqual({
      replicaCount: 2,
      staticExport: { enabled: true, bundleUrl: VALUES.bundleUrl, version: 'v2' },
    });
  });

  it('a CRLF file whose values string ends it without a line break: no stray CR at the end', () => {
    const text =
      `${APP}      values: |\n        replicaCount: 2   \n        staticExport:\n          enabled: false`.replace(
        /\n/g,
        '\r\n',
      );
    const { plan } = edit(text);
    expect(plan.text.startsWith(text.slice(0, text.indexOf('        staticExport:')))).toBe(true);
    expect(plan.text.endsWith('\r')).toBe(false);
    expect(plan.text.split('\r\n').at(-1)).toMatch(/^ {10}version: \S+$/);
    expect(/[^\r]\n/.test(plan.text)).toBe(false);
  });

  it('a chart path is read against the repository a manifest is in, within the workspace', () => {
    const ws = mkdtempSync(join(tmpdir(), 'repo-top-'));
    onTestFinished(() => rmSync(ws, { recursive: true, force: true }));
    // A GitOps repository checked out into a folder of the workspace (actions/checkout path:).
    mkdirSync(join(ws, 'deploy', '.git'), { recursive: true });
    mkdirSync(join(ws, 'deploy', 'charts', 'docs'), { recursive: true });
    writeFileSync(
      join(ws, 'deploy', 'charts', 'docs', 'Chart.yaml'),
      'apiVersion: v2\nname: docs\nversion: 1.0.0\n',
    );
    const read = (values: string) =>
      parseValuesFileInput((spec) => (spec.name === 'values-file' ? values : ''), ws)[0]!.root;
    expect(read('deploy/apps/docs.yaml')).toBe(join(ws, 'deploy'));
    expect(read('other/docs.yaml')).toBe(ws);
    const file = {
      path: join(ws, 'deploy', 'apps', 'docs.yaml'),
      display: 'deploy/apps/docs.yaml',
      root: read('deploy/apps/docs.yaml'),
    };
    const app = `${APP.replace('chart: enterprise', 'path: charts/docs')}      releaseName: docs\n`;
    expect(edit(app, '', file).chosen[0]!.target.chart).toEqual({
      kind: 'path',
      path: join(ws, 'deploy', 'charts', 'docs'),
    });
  });

  it('takes valuesObject when present', () => {
    const text = `${APP}      valuesObject:\n        replicaCount: 1\n      values: |\n        ignored: true\n`;
    const { chosen, plan } = edit(text);
    expect(chosen[0]!.path).toBe('spec.source.helm.valuesObject');
    expect(plan.text).toContain('      values: |\n        ignored: true\n');
  });

  it('takes the values string when valuesObject is null, as Argo CD does', () => {
    const text = `${APP}      valuesObject:\n      values: |\n        replicaCount: 3\n`;
    const { chosen, plan } = edit(text);
    expect(chosen[0]!.path).toBe('spec.source.helm.values');
    const app = parse(plan.text) as { spec: { source: { helm: { values: string } } } };
    expect(parse(app.spec.source.helm.values)).toMatchObject({
      replicaCount: 3,
      staticExport: { enabled: true },
    });
  });

  it('refuses both spec.source and spec.sources, as Argo CD then ignores spec.source', () => {
    const text = `${APP}      values: |\n        a: 1\n  sources:\n    - {repoURL: https://charts.example.com, chart: enterprise, targetRevision: 3.2.0, helm: {valuesObject: {a: 2}}}\n`;
    expect(refusal(() => edit(text))).toMatch(
      /with both spec\.source and spec\.sources: Argo CD ignores spec\.source when spec\.sources is set.*Remove spec\.source/,
    );
  });

  it('refuses folded and quoted strings', () => {
    expect(refusal(() => edit(`${APP}      values: >\n        a: 1\n`))).toMatch(/folded/);
    expect(refusal(() => edit(`${APP}      values: "a: 1"\n`))).toMatch(/quoted/);
  });

  it('refuses a values string that is not valid YAML, naming the file, document and key, and the line in the string and in the file', () => {
    // The string's first line is the file's line 14 (APP ends with line 12, the header is 13).
    const message = refusal(() => edit(`${APP}      values: |\n        ok: 1\n        a: {b: 1\n`));
    expect(message).toMatch(
      /clusters\/prod\/docs\.yaml \(Application\/docs\) spec\.source\.helm\.values" is not valid YAML at line \d+, column \d+ of the string, line \d+ of the file \(clusters\/prod\/docs\.yaml:\d+:\d+\): .*\. Fix the YAML inside spec\.source\.helm\.values\. The file was not changed\./,
    );
    const [, line, col, fileLine, fileLine2, fileCol] =
      /at line (\d+), column (\d+) of the string, line (\d+) of the file \([^:]+:(\d+):(\d+)\)/.exec(
        message,
      )!;
    expect(Number(fileLine)).toBe(Number(line) + 13);
    expect(fileLine2).toBe(fileLine);
    expect(Number(fileCol)).toBe(Number(col) + 8);
    expect(message).not.toContain('delete it');
  });

  it('without automated sync: written, with a notice that Argo CD applies it once someone syncs', () => {
    const text = `${APP}      values: |\n        a: 1\n`;
    const synced = (policy: string) => `${text}  syncPolicy:\n${policy}`;
    const notice = (why: string) =>
      `clusters/prod/docs.yaml (Application/docs) has ${why}, so Argo CD does not sync it on its own: the new link reaches the chart only once someone syncs it (before the link expires).`;
    expect(edit(text).plan.notices).toEqual([notice('no spec.syncPolicy.automated')]);
    expect(edit(synced('    automated:\n')).plan.notices).toEqual([
      notice('no spec.syncPolicy.automated'),
    ]);
    expect(edit(synced('    automated: {enabled: false, prune: true}\n')).plan.notices).toEqual([
      notice('spec.syncPolicy.automated.enabled: false'),
    ]);
    expect(edit(synced('    automated: {}\n')).plan.notices).toEqual([]);
    expect(edit(synced('    automated: {enabled: true, selfHeal: true}\n')).plan.notices).toEqual(
      [],
    );
  });

  it('with the skip-reconcile annotation: written, with a notice that Argo CD does not process it', () => {
    const text = `${APP}      values: |\n        a: 1\n  syncPolicy: {automated: {}}\n`.replace(
      '  namespace: argocd\n',
      '  namespace: argocd\n  annotations: {argocd.argoproj.io/skip-reconcile: "true"}\n',
    );
    expect(edit(text).plan.notices).toEqual([
      'clusters/prod/docs.yaml (Application/docs) has the annotation argocd.argoproj.io/skip-reconcile: "true", so Argo CD does not process it: the new link reaches the chart only once that annotation is removed (before the link expires).',
    ]);
  });

  it('refuses an Application that only names valueFiles, naming them', () => {
    expect(refusal(() => edit(`${APP}      valueFiles:\n        - values-prod.yaml\n`))).toMatch(
      /valueFiles \(values-prod\.yaml\) and has no values of its own/,
    );
  });

  describe('the valueFiles refusal says where Argo CD reads the last file', () => {
    const MULTI = `${SOURCES}    - repoURL: https://charts.example.com
      chart: enterprise
      targetRevision: 1.2.3
      helm:
        valueFiles:
          - $values/base/values.yaml
          - $values/envs/prod/values.yaml
    - repoURL: https://bot:s3cret@git.example.com/org/gitops.git
      targetRevision: main
      ref: values
`;

    it('a $ref file: its path in the repository of the source with that ref, without credentials', () => {
      const message = refusal(() => edit(MULTI));
      expect(message).toMatch(
        /Point values-file at envs\/prod\/values\.yaml in the repository of the source with ref: values \(https:\/\/git\.example\.com\/org\/gitops\.git\), the last of them/,
      );
      expect(message).not.toContain('s3cret');
    });

    it('a $ref source with an ssh address: shown with its host, not "null"', () => {
      const message = refusal(() =>
        edit(
          MULTI.replace(
            'https://bot:s3cret@git.example.com/org/gitops.git',
            'ssh://git@git.example.com/org/gitops.git',
          ),
        ),
      );
      expect(message).toContain('(ssh://git.example.com/org/gitops.git)');
      expect(message).not.toContain('null/');
    });

    it('a $ref that names no source: not a file to point at', () => {
      expect(refusal(() => edit(MULTI.replace('ref: values', 'ref: config')))).toMatch(
        /\$values\/envs\/prod\/values\.yaml, whose \$values names no source with ref: values, which this run cannot edit: add an empty valuesObject: \{\} to spec\.sources\[0\]\.helm/,
      );
    });

    it("a chart package's own file: add a valuesObject, as no checkout holds that file", () => {
      expect(refusal(() => edit(`${APP}      valueFiles:\n        - values-prod.yaml\n`))).toMatch(
        /values-prod\.yaml inside the chart package enterprise, which this run cannot edit: add an empty valuesObject: \{\} to spec\.source\.helm/,
      );
    });

    it("a path source's file: read against the source's folder, or the repository's top for /", () => {
      const app = (file: string) =>
        `apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata: {name: docs}\nspec:\n  source:\n    repoURL: https://git.example.com/org/site.git\n    path: charts/docs\n    helm:\n      valueFiles: [${file}]\n`;
      expect(refusal(() => edit(app('../envs/prod.yaml')))).toMatch(
        /Point values-file at charts\/envs\/prod\.yaml in https:\/\/git\.example\.com\/org\/site\.git/,
      );
      expect(refusal(() => edit(app('/envs/prod.yaml')))).toMatch(
        /Point values-file at envs\/prod\.yaml in https/,
      );
    });

    it('an address: fetched, so not edited here, and shown without its query', () => {
      const message = refusal(() =>
        edit(
          `${APP}      valueFiles:\n        - https://cfg.example.com/v.yaml?token=abcdef123456\n`,
        ),
      );
      expect(message).toMatch(/a file fetched from https:\/\/cfg\.example\.com\/v\.yaml\?…/);
      expect(message).not.toContain('abcdef123456');
    });
  });

  it('refuses helm.parameters that set the same keys', () => {
    const text = `${APP}      parameters:\n        - name: staticExport.enabled\n          value: "false"\n      values: |\n        a: 1\n`;
    expect(refusal(() => edit(text))).toMatch(/parameters staticExport\.enabled/);
  });

  it('a parameter on a sibling key of the block leaves the link alone: accepted', () => {
    const text = `${APP}      fileParameters:\n        - name: staticExport.title\n          path: title.txt\n      parameters:\n        - name: staticExport.theme\n          value: dark\n      values: |\n        a: 1\n`;
    expect(edit(text).plan.changed).toBe(true);
  });

  it('refuses helm.fileParameters that set the same keys (--set-file wins too)', () => {
    const text = `${APP}      fileParameters:\n        - name: staticExport.bundleUrl\n          path: url.txt\n      values: |\n        a: 1\n`;
    expect(refusal(() => edit(text))).toMatch(
      /has spec\.source\.helm\.fileParameters staticExport\.bundleUrl, which set the values at values-key staticExport and override every values source/,
    );
  });

  it('asks which chart source of a multi-source Application, then edits the one named', () => {
    const text = `${SOURCES}    - repoURL: https://charts.example.com
      chart: enterprise
      helm:
        valuesObject: {replicaCount: 1}
    - repoURL: https://charts.example.com
      chart: other
      helm:
        valuesObject: {}
    - repoURL: https://git.example.com/values.git
      ref: values
`;
    expect(refusal(() => edit(text))).toMatch(
      /values-document.*Application\/docs\[enterprise\], Application\/docs\[other\]/,
    );
    const { plan } = edit(text, 'Application/docs[enterprise]');
    const sources = (
      parse(plan.text) as { spec: { sources: { helm?: { valuesObject: object } }[] } }
    ).spec.sources;
    expect(sources[0]!.helm!.valuesObject).toMatchObject({ replicaCount: 1, staticExport: {} });
    expect(sources[1]!.helm!.valuesObject).toEqual({});
  });

  it('a chart source with only valueFiles beside another chart source: a candidate, refused once named, never passed over', () => {
    const text = `${SOURCES}    - repoURL: https://git.example.com/platform.git
      path: charts/docs
      helm: {valueFiles: [values-prod.yaml]}
    - repoURL: https://charts.example.com
      chart: redis
      helm: {valuesObject: {architecture: standalone}}
`;
    expect(refusal(() => edit(text))).toMatch(
      /2 places the link could go: Application\/docs\[charts\/docs\], Application\/docs\[redis\]/,
    );
    expect(refusal(() => edit(text, 'Application/docs[charts/docs]'))).toMatch(
      /\(Application\/docs\[charts\/docs\]\).*takes its chart values from spec\.sources\[0\]\.helm\.valueFiles \(values-prod\.yaml\).*Point values-file at charts\/docs\/values-prod\.yaml/,
    );
    const { plan } = edit(text, 'Application/docs[redis]');
    const sources = (parse(plan.text) as { spec: { sources: { helm: object }[] } }).spec.sources;
    expect(sources[0]!.helm).toEqual({ valueFiles: ['values-prod.yaml'] });
    expect(sources[1]!.helm).toMatchObject({ valuesObject: { staticExport: { enabled: true } } });
  });
});

describe('an Argo CD source with only a path', () => {
  // A real checkout: the path is read there (the source's repoURL is this repository).
  const root = mkdtempSync(join(tmpdir(), 'argo-path-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  mkdirSync(join(root, 'charts', 'docs'), { recursive: true });
  writeFileSync(
    join(root, 'charts', 'docs', 'Chart.yaml'),
    'apiVersion: v2\nname: docs\nversion: 1.0.0\n',
  );
  mkdirSync(join(root, 'manifests', 'web'), { recursive: true });
  const file = { path: join(root, 'apps', 'docs.yaml'), display: 'apps/docs.yaml', root };
  const multi = (second: string) => `${SOURCES}    - repoURL: https://git.example.com/platform.git
      targetRevision: main
      path: manifests/web
${second}`;

  it('is the chart source when its folder in the checkout holds a Chart.yaml, and gets helm.valuesObject created', () => {
    const text = multi(
      '    - repoURL: https://git.example.com/platform.git   # this repository\n      targetRevision: main\n      path: charts/docs\n',
    );
    const { chosen, plan } = edit(text, '', file);
    expect(chosen.map((c) => [c.label, c.path])).toEqual([
      ['Application/docs[charts/docs]', 'spec.sources[1].helm.valuesObject'],
    ]);
    expect(chosen[0]!.target.chart).toEqual({ kind: 'path', path: join(root, 'charts', 'docs') });
    expect(plan.text.startsWith(multi(''))).toBe(true);
    const sources = (parse(plan.text) as { spec: { sources: Record<string, unknown>[] } }).spec
      .sources;
    expect(sources[0]).toEqual({
      repoURL: 'https://git.example.com/platform.git',
      targetRevision: 'main',
      path: 'manifests/web',
    });
    expect(sources[1]).toEqual({
      repoURL: 'https://git.example.com/platform.git',
      targetRevision: 'main',
      path: 'charts/docs',
      helm: { valuesObject: { staticExport: { ...VALUES } } },
    });
  });

  it('is also the chart source of a single-source Application', () => {
    const text = `apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata: {name: docs}\nspec:\n  source:\n    repoURL: https://git.example.com/platform.git\n    path: ./charts/docs\n  destination: {namespace: docs}\n`;
    const { chosen, plan } = edit(text, '', file);
    expect(chosen[0]!.path).toBe('spec.source.helm.valuesObject');
    expect((parse(plan.text) as { spec: { source: { helm: unknown } } }).spec.source.helm).toEqual({
      valuesObject: { staticExport: { ...VALUES } },
    });
    expect(plan.text.endsWith('  destination: {namespace: docs}\n')).toBe(true);
  });

  it('is no chart source when its folder holds no Chart.yaml, leaves the checkout, or names another tool', () => {
    for (const source of [
      '    - repoURL: https://git.example.com/platform.git\n      path: manifests/missing\n',
      '    - repoURL: https://git.example.com/platform.git\n      path: ../charts/docs\n',
      '    - repoURL: https://git.example.com/platform.git\n      path: charts/docs\n      kustomize: {}\n',
      '    - repoURL: https://git.example.com/platform.git\n      path: charts/docs\n      directory: {recurse: true}\n',
    ])
      expect(refusal(() => edit(multi(source), '', file))).toMatch(
        /without a Helm chart source .*a path to a folder with a Chart\.yaml in this checkout/,
      );
  });

  it('its valueFiles for the render: those of this checkout ($ref to a source of the same repoURL too), the others named as unread', () => {
    mkdirSync(join(root, 'envs'), { recursive: true });
    writeFileSync(join(root, 'envs', 'prod.yaml'), 'enterprise: {enabled: true}\n');
    const app = (refRepo: string) =>
      `${SOURCES}    - repoURL: https://git.example.com/platform.git\n      path: charts/docs\n      helm:\n        valueFiles: [$values/envs/prod.yaml, https://cfg.example.com/v.yaml?token=abcdef123456]\n        valuesObject: {}\n    - repoURL: ${refRepo}\n      ref: values\n`;
    expect(
      edit(app('https://git.example.com/platform.git'), '', file).chosen[0]!.target.chart,
    ).toEqual({
      kind: 'path',
      path: join(root, 'charts', 'docs'),
      valueFiles: [join(root, 'envs', 'prod.yaml')],
      unreadValueFiles: ['https://cfg.example.com/v.yaml?…'],
    });
    expect(
      edit(app('https://git.example.com/config.git'), '', file).chosen[0]!.target.chart,
    ).toEqual({
      kind: 'path',
      path: join(root, 'charts', 'docs'),
      unreadValueFiles: ['$values/envs/prod.yaml', 'https://cfg.example.com/v.yaml?…'],
    });
  });

  it('a valueFiles entry of this checkout that is not there: passed on (helm fails, as Argo CD does), unless ignoreMissingValueFiles', () => {
    const app = (ignore: string) =>
      `${SOURCES}    - repoURL: https://git.example.com/platform.git\n      path: charts/docs\n      helm:\n        valueFiles: [values-gone.yaml]\n${ignore}        valuesObject: {}\n`;
    expect(edit(app(''), '', file).chosen[0]!.target.chart).toEqual({
      kind: 'path',
      path: join(root, 'charts', 'docs'),
      valueFiles: [join(root, 'charts', 'docs', 'values-gone.yaml')],
    });
    expect(
      edit(app('        ignoreMissingValueFiles: true\n'), '', file).chosen[0]!.target.chart,
    ).toEqual({ kind: 'path', path: join(root, 'charts', 'docs') });
  });

  it('is no chart source when its folder holds a kustomization too: Argo CD renders it with kustomize', () => {
    const dir = join(root, 'charts', 'both');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'Chart.yaml'), 'apiVersion: v2\nname: both\nversion: 1.0.0\n');
    const source = '    - repoURL: https://git.example.com/platform.git\n      path: charts/both\n';
    expect(edit(multi(source), '', file).chosen[0]!.label).toBe('Application/docs[charts/both]');
    writeFileSync(join(dir, 'kustomization.yaml'), 'resources: []\n');
    expect(refusal(() => edit(multi(source), '', file))).toMatch(/without a Helm chart source/);
  });

  it('one rule for every chart path of this repository: read against the checkout, whatever the manifest folder', () => {
    // A helm block with a path, and a Flux HelmRelease's chart in a GitRepository: the folder
    // under the checkout's top, as Argo CD and Flux read it against the repository's.
    const argo = multi(
      '    - repoURL: https://git.example.com/platform.git\n      path: charts/docs\n      helm: {releaseName: docs}\n',
    );
    const flux = `apiVersion: helm.toolkit.fluxcd.io/v2\nkind: HelmRelease\nmetadata: {name: docs}\nspec:\n  chart:\n    spec:\n      chart: ./charts/docs\n      sourceRef: {kind: GitRepository, name: platform}\n`;
    const deep = { ...file, path: join(root, 'clusters', 'prod', 'apps', 'docs.yaml') };
    // A Flux chart is resolved against the source objects (none here: the GitRepository is this one).
    const chartOf = (text: string) => {
      const hint = edit(text, '', deep).chosen[0]!.target.chart;
      return hint.kind === 'flux' ? resolveFluxChart(hint, [], root) : hint;
    };
    for (const text of [argo, flux]) {
      expect(chartOf(text)).toEqual({
        kind: 'path',
        path: join(root, 'charts', 'docs'),
      });
      // Not a chart of the checkout: out of reach, with the reason the render check shows.
      const missing = text.replace('charts/docs', 'charts/gone');
      expect(chartOf(missing)).toEqual({
        kind: 'none',
        reason: `the chart path ${missing.includes('./charts/gone') ? './charts/gone' : 'charts/gone'} is not a chart in this checkout`,
      });
    }
  });

  it('an OCI source with a path is no folder of this checkout, even where one of that name exists; its top (.) is the chart', () => {
    const oci = `${APP.replace('repoURL: https://charts.example.com', 'repoURL: oci://registry.example.com/charts').replace('chart: enterprise', 'path: charts/docs')}      releaseName: docs\n`;
    expect(edit(oci, '', file).chosen[0]!.target.chart).toEqual({
      kind: 'none',
      reason:
        'Application/docs takes its chart from the folder charts/docs of an OCI artifact (oci://registry.example.com/charts), which this run does not unpack',
    });
    // Argo CD 3.1's OCI source with `path: .`: the artifact is the chart, fetched from the registry.
    const top = oci.replace('path: charts/docs', 'path: .');
    expect(edit(top, '', file).chosen[0]!.target.chart).toMatchObject({
      kind: 'remote',
      ref: 'oci://registry.example.com/charts',
    });
    // Without a helm block, such a source is no chart source at all.
    const bare = multi(
      '    - repoURL: oci://registry.example.com/charts\n      targetRevision: 1.0.0\n      path: charts/docs\n',
    );
    expect(refusal(() => edit(bare, '', file))).toMatch(/without a Helm chart source/);
  });

  it('with several chart paths asks which, naming each by its path', () => {
    mkdirSync(join(root, 'charts', 'cache'), { recursive: true });
    writeFileSync(
      join(root, 'charts', 'cache', 'Chart.yaml'),
      'apiVersion: v2\nname: cache\nversion: 1.0.0\n',
    );
    const text = multi(
      '    - repoURL: https://git.example.com/platform.git\n      path: charts/docs\n    - repoURL: https://git.example.com/platform.git\n      path: charts/cache\n',
    );
    expect(refusal(() => edit(text, '', file))).toMatch(
      /Application\/docs\[charts\/docs\], Application\/docs\[charts\/cache\]/,
    );
    const { plan } = edit(text, 'Application/docs[charts/cache]', file);
    const sources = (parse(plan.text) as { spec: { sources: { helm?: unknown }[] } }).spec.sources;
    expect(sources.map((s) => s.helm !== undefined)).toEqual([false, false, true]);
  });
});

describe('a kustomization', () => {
  const file = {
    path: '/ws/overlays/prod/kustomization.yaml',
    display: 'overlays/prod/kustomization.yaml',
  };
  const text = `resources:\n  - ns.yaml\nhelmCharts:\n  - name: enterprise\n    repo: https://charts.example.com\n    version: 1.2.3\n    releaseName: docs\n    valuesInline:\n      replicaCount: 1\n  - name: redis\n    releaseName: cache\n`;

  it('is recognised by its file name, and names its helmCharts entries by releaseName', () => {
    expect(refusal(() => edit(text, '', file))).toMatch(/helmCharts\/docs, helmCharts\/cache/);
    const { plan } = edit(text, 'docs', file);
    const charts = (parse(plan.text) as { helmCharts: { valuesInline?: unknown }[] }).helmCharts;
    expect(charts[0]!.valuesInline).toMatchObject({
      replicaCount: 1,
      staticExport: { enabled: true },
    });
    expect(charts[1]!.valuesInline).toBeUndefined();
  });

  it('writes two targets of one file in one plan', () => {
    const { plan } = edit(text, `${file.display}: docs\n${file.display}: helmCharts/cache`, file);
    const charts = (parse(plan.text) as { helmCharts: { valuesInline?: unknown }[] }).helmCharts;
    expect(charts[0]!.valuesInline).toMatchObject({ staticExport: { enabled: true } });
    expect(charts[1]!.valuesInline).toMatchObject({ staticExport: { enabled: true } });
  });

  it('with a name other than kustomization.yaml and no apiVersion is plain values', () => {
    expect(chooseTargets(text, FILE, [], KEY)).toBeUndefined();
  });

  it('a kustomize Component with helmCharts is a target like a Kustomization', () => {
    const component = `apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\n${text}`;
    const { chosen, plan } = edit(component, 'docs', { ...file, path: '/ws/c/docs.yaml' });
    expect(chosen.map((c) => c.label)).toEqual(['helmCharts/docs']);
    expect(
      plan.text.startsWith('apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\n'),
    ).toBe(true);
    const charts = (parse(plan.text) as { helmCharts: { valuesInline?: unknown }[] }).helmCharts;
    expect(charts[0]!.valuesInline).toMatchObject({ staticExport: { enabled: true } });
  });
});

describe('a ConfigMap of values', () => {
  it('refuses an immutable one when chosen: the cluster would refuse the change', () => {
    const text = `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: docs-values\nimmutable: true\ndata:\n  values.yaml: |\n    replicaCount: 1\n`;
    expect(refusal(() => edit(text))).toMatch(
      /\(ConfigMap\/docs-values\[values\.yaml\]\)" is an immutable ConfigMap \(immutable: true\): the cluster refuses any change to its data/,
    );
  });

  it('edits the values.yaml key inside it', () => {
    const text = `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: docs-values\ndata:\n  values.yaml: |\n    replicaCount: 1\n`;
    const { chosen, plan } = edit(text);
    expect(chosen[0]!.label).toBe('ConfigMap/docs-values[values.yaml]');
    const data = (parse(plan.text) as { data: Record<string, string> }).data;
    expect(parse(data['values.yaml']!)).toMatchObject({ staticExport: { enabled: true } });
  });

  it('keeps the lines around the edited block byte for byte, a tab-indented comment and blank lines with spaces included', () => {
    const head = `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: docs-values\ndata:\n  values.yaml: |-\n    # \tvendor\n    \n  \n    staticExport:\n      enabled: false\n`;
    const tail = `      \n    web: {replicas: 2}   \n  other: x\n`;
    const { plan } = edit(head + tail);
    expect(plan.text.startsWith(head.slice(0, head.indexOf('    staticExport:')))).toBe(true);
    expect(plan.text.endsWith(tail)).toBe(true);
    const data = (parse(plan.text) as { data: Record<string, string> }).data;
    expect(data['values.yaml']!.endsWith('\n')).toBe(false);
    expect(parse(data['values.yaml']!)).toMatchObject({
      staticExport: { enabled: true, bundleUrl: VALUES.bundleUrl },
      web: { replicas: 2 },
    });
  });
});

describe("Argo CD's override files beside a chart path (.argocd-source*.yaml)", () => {
  // Argo CD merges them over the Application's source before it renders: a real checkout.
  const root = mkdtempSync(join(tmpdir(), 'argo-source-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const chart = join(root, 'charts', 'docs');
  mkdirSync(chart, { recursive: true });
  writeFileSync(join(chart, 'Chart.yaml'), 'apiVersion: v2\nname: docs\nversion: 1.0.0\n');
  const file = { path: join(root, 'apps', 'docs.yaml'), display: 'apps/docs.yaml', root };
  const app = (helm: string) =>
    `apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata: {name: docs, namespace: argocd}\nspec:\n  source:\n    repoURL: https://git.example.com/platform.git\n    path: charts/docs\n    helm:\n${helm}`;
  const OBJECT = app('      valuesObject:\n        replicaCount: 2\n');
  const STRING = app('      values: |\n        replicaCount: 2\n');
  function withOverride(name: string, text: string) {
    writeFileSync(join(chart, name), text);
    onTestFinished(() => rmSync(join(chart, name), { force: true }));
  }

  it("an image updater's parameters on other keys, or enabled: true, leave the link alone: accepted", () => {
    withOverride(
      '.argocd-source-docs.yaml',
      'helm:\n  parameters:\n  - name: image.tag\n    value: v2.1.0\n    forcestring: true\n',
    );
    expect(edit(STRING, '', file).plan.changed).toBe(true);
    withOverride(
      '.argocd-source.yaml',
      'helm:\n  valuesObject:\n    staticExport: {enabled: true, title: Docs}\n',
    );
    expect(edit(OBJECT, '', file).plan.changed).toBe(true);
  });

  it('refuses one whose parameters set the keys, naming the file', () => {
    withOverride(
      '.argocd-source-docs.yaml',
      'helm:\n  parameters:\n  - name: staticExport.bundleUrl\n    value: https://old.example.com/site.tar.gz\n',
    );
    expect(refusal(() => edit(OBJECT, '', file))).toMatch(
      /has Argo CD's override file charts\/docs\/\.argocd-source-docs\.yaml beside its chart, which sets helm\.parameters staticExport\.bundleUrl; Argo CD merges that file over the Application/,
    );
  });

  it('refuses one whose valuesObject sets a key the run writes, or deletes the block', () => {
    withOverride(
      '.argocd-source.yaml',
      'helm:\n  valuesObject:\n    staticExport:\n      version: "2026-01-01"\n',
    );
    expect(refusal(() => edit(OBJECT, '', file))).toMatch(
      /\.argocd-source\.yaml beside its chart, which sets helm\.valuesObject\.staticExport\.version/,
    );
    withOverride('.argocd-source.yaml', 'helm:\n  valuesObject:\n    staticExport: null\n');
    expect(refusal(() => edit(OBJECT, '', file))).toMatch(/sets helm\.valuesObject\.staticExport;/);
  });

  it('refuses a valuesObject or values there when the run edits the values string', () => {
    withOverride('.argocd-source.yaml', 'helm:\n  valuesObject: {replicaCount: 3}\n');
    expect(refusal(() => edit(STRING, '', file))).toMatch(
      /sets helm\.valuesObject, which Argo CD reads instead of the helm\.values string this run edits/,
    );
    withOverride('.argocd-source.yaml', 'helm:\n  values: "replicaCount: 3"\n');
    expect(refusal(() => edit(STRING, '', file))).toMatch(
      /replaces the helm\.values string this run edits/,
    );
  });

  it("another Application's file is not read; one that is not valid YAML is refused, naming it", () => {
    withOverride(
      '.argocd-source-other.yaml',
      'helm:\n  parameters:\n  - name: staticExport.bundleUrl\n    value: x\n',
    );
    expect(edit(OBJECT, '', file).plan.changed).toBe(true);
    withOverride('.argocd-source.yaml', 'helm: [unclosed\n');
    expect(refusal(() => edit(OBJECT, '', file))).toMatch(
      /override file charts\/docs\/\.argocd-source\.yaml beside its chart, which is not valid YAML .*Fix charts\/docs\/\.argocd-source\.yaml/,
    );
  });
});

describe('refused documents', () => {
  it.each([
    [
      'an ApplicationSet',
      'apiVersion: argoproj.io/v1alpha1\nkind: ApplicationSet\nmetadata: {name: a}\nspec: {}\n',
      /ApplicationSet/,
    ],
    [
      'a Flux Kustomization',
      'apiVersion: kustomize.toolkit.fluxcd.io/v1\nkind: Kustomization\nmetadata: {name: a}\nspec: {path: ./apps}\n',
      /Flux Kustomization.*spec\.path/,
    ],
    [
      'a Deployment',
      'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec: {}\n',
      /Deployment manifest.*HelmRelease/,
    ],
  ])('%s, with the reason', (_, text, reason) => {
    expect(refusal(() => edit(text))).toMatch(reason);
  });

  it('a Chart.yaml', () => {
    const file = { path: '/ws/chart/Chart.yaml', display: 'chart/Chart.yaml' };
    expect(
      refusal(() => chooseTargets('apiVersion: v2\nname: docs\nversion: 1.0.0\n', file, [], KEY)),
    ).toMatch(/Chart\.yaml/);
  });

  it('a values file with a top-level kind key stays a values file', () => {
    expect(chooseTargets('kind: docs\nreplicaCount: 1\n', FILE, [], KEY)).toBeUndefined();
  });

  it('a choice matching nothing lists the candidates', () => {
    expect(refusal(() => edit(HELM_RELEASE, 'HelmRelease/web'))).toMatch(
      /values-document.*matches no document.*HelmRelease\/docs/,
    );
  });
});

describe('values-document', () => {
  it('reads KIND/NAME, NAME, NAMESPACE/KIND/NAME, [KEY] and a FILE: prefix, one per line', () => {
    expect(
      choices(
        'HelmRelease/docs\ndocs\nprod/HelmRelease/docs\nConfigMap/v[values.yaml]\n\nclusters/prod/docs.yaml: helmCharts/docs\n',
      ).map(({ kind, name, namespace, part, file }) => ({ kind, name, namespace, part, file })),
    ).toEqual([
      { kind: 'HelmRelease', name: 'docs', namespace: undefined, part: undefined, file: undefined },
      { kind: undefined, name: 'docs', namespace: undefined, part: undefined, file: undefined },
      { kind: 'HelmRelease', name: 'docs', namespace: 'prod', part: undefined, file: undefined },
      { kind: 'ConfigMap', name: 'v', namespace: undefined, part: 'values.yaml', file: undefined },
      {
        kind: 'helmCharts',
        name: 'docs',
        namespace: undefined,
        part: undefined,
        file: '/ws/clusters/prod/docs.yaml',
      },
    ]);
  });

  it('skips comments, on their own line or after a choice, as the documented example writes them', () => {
    expect(
      choices(
        '# the release\nHelmRelease/docs   # in every values file\nclusters/prod/docs.yaml: helmCharts/docs # there only\n',
      ).map(({ kind, name, file }) => ({ kind, name, file })),
    ).toEqual([
      { kind: 'HelmRelease', name: 'docs', file: undefined },
      { kind: 'helmCharts', name: 'docs', file: '/ws/clusters/prod/docs.yaml' },
    ]);
  });

  it('refuses a FILE: prefix that names no values file, listing the values files', () => {
    const files = [FILE, { path: '/ws/b.yaml', display: 'b.yaml' }];
    expect(() => checkChoiceFiles(choices(`${FILE.display}: docs`), files)).not.toThrow();
    expect(refusal(() => checkChoiceFiles(choices('clusters/prod/doc.yaml: docs'), files))).toMatch(
      /values-document.*not one of the values files.*clusters\/prod\/docs\.yaml, b\.yaml/,
    );
  });

  it.each(['a/b/c/d', 'HelmRelease/', 'Helm Release/docs', 'x[]'])(
    'refuses "%s", naming the input and the line',
    (line) => {
      expect(refusal(() => choices(line))).toMatch(/values-document.*line 1/);
    },
  );

  it('a FILE: line for another file does not choose in this one', () => {
    const text = `${HELM_RELEASE}---\n${HELM_RELEASE.replace('name: docs', 'name: web')}`;
    expect(refusal(() => edit(text, 'other.yaml: HelmRelease/docs'))).toMatch(
      /HelmRelease\/docs, HelmRelease\/web/,
    );
    expect(edit(text, `${FILE.display}: HelmRelease/web`).chosen.map((c) => c.label)).toEqual([
      'HelmRelease/web',
    ]);
  });

  it('a plain values file named in a FILE: line is refused', () => {
    expect(
      refusal(() =>
        chooseTargets('replicaCount: 1\n', FILE, choices(`${FILE.display}: docs`), KEY),
      ),
    ).toMatch(/plain Helm values/);
  });
});
