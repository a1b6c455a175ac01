/**
 * The render check with the real helm 3 and 4: the fixture chart (which stands for the vendor's
 * `enterprise` chart) and the umbrella chart that depends on it, rendered with a placeholder link
 * written where a run would write it.
 */
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, type TestContext } from 'vitest';
import { checkTarget } from '../../src/helm/render-check.js';
import { valueFlags } from '../../src/helm/set-flags.js';
import type { RenderTarget } from '../../src/helm/render-target.js';
import { runHelm } from '../../src/helm/helm.js';
import { planValuesEdit } from '../../src/values/edit.js';
import { planFileEdit } from '../../src/values/plan.js';
import { chooseTargets } from '../../src/values/target.js';
import { manifestTargets } from '../../src/publish/manifest-render.js';
import { buildUmbrella, CHART, HELMS, helmEnv } from '../helpers/helm.js';

/** A target like the pipeline builds: the file's text with the link written at valuesKey. */
function target(chart: string, text: string, valuesKey: string, version?: string): RenderTarget {
  const key = valuesKey.split('.') as [string, ...string[]];
  return {
    label: 'values.yaml',
    valuesKey,
    chart: { kind: 'chart', ref: chart, releaseName: 'docs' },
    values: (link) => [
      {
        name: 'values.yaml',
        yaml: planValuesEdit(text, { enabled: true, bundleUrl: link, version }, 'values.yaml', key)
          .text,
      },
    ],
  };
}

const options = (h: { helm: string; env: Record<string, string> }, helmArgs: string[] = []) => ({
  helm: h.helm,
  helmArgs,
  env: h.env,
  redact: (text: string) => text,
});

describe.concurrent.each(HELMS)('the render check with real %s', (name) => {
  it('an umbrella chart: a top-level staticExport is not read, and the path it reads is named', async () => {
    const h = await helmEnv(name);
    const ws = await mkdtemp(join(tmpdir(), 'render-'));
    const chart = await buildUmbrella(h, ws);
    const text = await readFile(join(chart, 'values.yaml'), 'utf8');
    const wrong = await checkTarget(target(chart, text, 'staticExport'), options(h));
    expect(wrong).toMatchObject({ kind: 'missing', readsAt: 'enterprise.staticExport' });
    expect((wrong as { rendered: number }).rendered).toBeGreaterThan(0);
    const right = await checkTarget(target(chart, text, 'enterprise.staticExport'), options(h));
    expect(right).toMatchObject({
      kind: 'found',
      label: 'values.yaml',
      documents: ['docs-platform/charts/enterprise/templates/deployment.yaml'],
      chart: { name: 'docs-platform', version: '0.3.0', from: 'a folder of the checkout' },
      rollout: 'pod-template',
    });
  });

  it('a --set in helm-args that overrides the link wins over the values file: overridden, named', async () => {
    const h = await helmEnv(name);
    const outcome = await checkTarget(
      target(CHART, '', 'staticExport'),
      options(h, ['--atomic', '--set', 'staticExport.bundleUrl=https://old.example/site.tar.gz']),
    );
    expect(outcome).toMatchObject({
      kind: 'overridden',
      by: 'a --set in helm-args',
      key: 'staticExport.bundleUrl',
      fix: expect.stringMatching(/^Remove that --set from helm-args/),
    });
  });

  it('a link that reaches the manifests only base64-encoded in a Secret still counts', async () => {
    const h = await helmEnv(name);
    const dir = await mkdtemp(join(tmpdir(), 'render-secret-'));
    const chart = join(dir, 'enterprise');
    await cp(CHART, chart, { recursive: true });
    // Only a Secret carries the link, encoded: the deployment reads it from there.
    await writeFile(
      join(chart, 'templates', 'deployment.yaml'),
      'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: plain\ndata:\n  replicas: "{{ .Values.replicaCount }}"\n',
    );
    await writeFile(
      join(chart, 'templates', 'secret.yaml'),
      'apiVersion: v1\nkind: Secret\nmetadata:\n  name: bundle\ndata:\n  url: {{ .Values.staticExport.bundleUrl | b64enc | quote }}\n',
    );
    const outcome = await checkTarget(target(chart, '', 'staticExport'), options(h));
    // No pod template follows the Secret: a new link goes live only when the pods restart.
    expect(outcome).toMatchObject({
      kind: 'found',
      label: 'values.yaml',
      documents: ['enterprise/templates/secret.yaml'],
      rollout: 'config-only',
    });
    // The same chart with a key one letter off: nothing renders it.
    const off = await checkTarget(target(chart, '', 'staticexport'), options(h));
    expect(off).toMatchObject({ kind: 'missing', readsAt: 'staticExport' });
  });

  it('a repository helm does not know is refused before any request; a broken local chart fails', async () => {
    const h = await helmEnv(name);
    await expect(
      checkTarget(target('nosuchrepo/enterprise', '', 'staticExport'), options(h)),
    ).rejects.toThrow(
      /^helm-chart nosuchrepo\/enterprise names the repository nosuchrepo, which helm does not know \(no repository was added\)\. Add it in a step before this one with `helm repo add nosuchrepo <its URL>`/,
    );
    // The vendor's repository has a known address: the step to add, not a placeholder.
    await expect(
      checkTarget(target('mintlify/enterprise', '', 'staticExport'), options(h)),
    ).rejects.toThrow(
      'helm-chart mintlify/enterprise names the repository mintlify, which helm does not know (no repository was added). Add it in a step before this one (or write helm-chart as oci://… or a path); nothing was sent:\n      - run: helm repo add mintlify https://helm.mintlify.com && helm repo update',
    );
    const dir = await mkdtemp(join(tmpdir(), 'render-broken-'));
    const broken = join(dir, 'enterprise');
    await cp(CHART, broken, { recursive: true });
    await mkdir(join(broken, 'templates'), { recursive: true });
    await writeFile(join(broken, 'templates', 'bad.yaml'), 'x: {{ .Values.nope.deeper.still }}\n');
    await expect(checkTarget(target(broken, '', 'staticExport'), options(h))).rejects.toThrow(
      /^The render check could not render chart .*enterprise for values\.yaml \(helm template failed\):\n[\s\S]*bad\.yaml[\s\S]*A rollout would fail the same way/,
    );
  });
});

describe.concurrent('the render check and the values layers after the one the run writes', () => {
  it('a later layer that sets an old version wins, though the chart renders the link: overridden', async () => {
    const h = await helmEnv('helm3');
    // The run writes version v2; values-prod.yaml comes after it, as a kustomize
    // additionalValuesFiles entry or a later values file does.
    const later = (version: string): RenderTarget => {
      const written = target(CHART, '', 'staticExport', 'v2');
      return {
        ...written,
        values: (link) => [
          ...written.values(link),
          { name: 'values-prod.yaml', yaml: `staticExport: {version: "${version}"}\n` },
        ],
      };
    };
    expect(await checkTarget(later('v2'), options(h))).toMatchObject({ kind: 'found' });
    expect(await checkTarget(later('2026-01-01'), options(h))).toEqual({
      kind: 'overridden',
      label: 'values.yaml',
      by: 'values-prod.yaml',
      key: 'staticExport.version',
      fix: undefined,
    });
  });
});

describe.concurrent('the render check, what it cannot see and what it must not print', () => {
  it("a repository address with a password: helm's error quoted without it", async () => {
    const h = await helmEnv('helm3');
    const skipped = await checkTarget(
      {
        ...target('enterprise', '', 'staticExport'),
        chart: { kind: 'chart', ref: 'enterprise', repo: 'http://deploy:s3cretTOKEN@127.0.0.1:9' },
      },
      options(h),
    );
    expect(skipped).toMatchObject({ kind: 'skipped' });
    expect(JSON.stringify(skipped)).not.toContain('s3cretTOKEN');
    expect((skipped as { reason: string }).reason).toContain('deploy:***@127.0.0.1:9');
    // A bare % in the password (no escape): helm refuses the address and quotes it whole.
    const odd = await checkTarget(
      {
        ...target('enterprise', '', 'staticExport'),
        chart: {
          kind: 'chart',
          ref: 'enterprise',
          repo: 'https://deploy:p%ss0rdSECRET@127.0.0.1:9/charts',
        },
      },
      options(h),
    );
    expect(odd).toMatchObject({ kind: 'skipped' });
    expect(JSON.stringify(odd)).toContain('deploy:***@127.0.0.1:9');
    expect(JSON.stringify(odd)).not.toContain('ss0rdSECRET');
    // An oci:// reference with a password: the run's own words name the chart, hidden there too.
    const oci = await checkTarget(
      {
        ...target('enterprise', '', 'staticExport'),
        chart: { kind: 'chart', ref: 'oci://deploy:s3cretTOKEN@127.0.0.1:9/charts/enterprise' },
      },
      options(h),
    ).catch((error: unknown) => error);
    expect(`${JSON.stringify(oci)} ${(oci as Error).message ?? ''}`).not.toContain('s3cretTOKEN');
  });

  it('a --set of an old version in helm-args wins over the values files: overridden', async () => {
    const h = await helmEnv('helm3');
    const written = target(CHART, '', 'staticExport', 'v2');
    expect(
      await checkTarget(written, options(h, ['--atomic', '--set', 'replicaCount=2'])),
    ).toMatchObject({ kind: 'found' });
    expect(
      await checkTarget(written, options(h, ['--set=replicaCount=2,staticExport.version=v1'])),
    ).toMatchObject({
      kind: 'overridden',
      by: 'a --set in helm-args',
      key: 'staticExport.version',
    });
    // Typed as helm types a --set: TRUE in any case is true, the value the run writes.
    expect(
      await checkTarget(written, options(h, ['--set', 'staticExport.enabled=tRUE'])),
    ).toMatchObject({ kind: 'found' });
    // A form this check does not read, on the block: counted as winning; on a sibling: not.
    expect(
      await checkTarget(written, options(h, ['--set-json', 'staticExport={"enabled":false}'])),
    ).toMatchObject({ kind: 'overridden', by: 'a --set-json in helm-args', key: 'staticExport' });
    expect(
      await checkTarget(written, options(h, ['--set-literal', 'staticExport.title=Docs'])),
    ).toMatchObject({ kind: 'found' });
  });

  it('values the controller passes first that the render cannot read: no link is skipped, not refused; a link found says so', async ({
    onTestFinished,
  }) => {
    const h = await helmEnv('helm3');
    const ws = await mkdtemp(join(tmpdir(), 'render-unread-'));
    onTestFinished(() => rm(ws, { recursive: true, force: true }));
    // The vendor subchart only where a values file this run cannot read turns it on.
    const chart = await buildUmbrella(h, ws, 'umbrella', { gated: true });
    const gated = target(chart, 'enterprise:\n  enabled: false\n', 'enterprise.staticExport');
    expect(await checkTarget(gated, options(h))).toMatchObject({ kind: 'missing' });
    const unread = 'its valueFiles $values/prod.yaml (not in this checkout)';
    expect(await checkTarget({ ...gated, unread }, options(h))).toEqual({
      kind: 'skipped',
      label: 'values.yaml',
      reason: `${unread} could turn on the part of the chart that reads the link; it rendered no link without them`,
    });
    // Found without them: they cannot win over the link, but could turn that part off.
    const open = target(chart, 'enterprise:\n  enabled: true\n', 'enterprise.staticExport');
    expect(await checkTarget({ ...open, unread }, options(h))).toMatchObject({
      kind: 'found',
      unread,
    });
  });
});

describe.concurrent('valueFlags: the helm-args a render uses', () => {
  it('keeps -f, --values and --set* (with their values), drops the rest', () => {
    expect(
      valueFlags([
        '--atomic',
        '--set',
        'a=b',
        '--set-string=c=d',
        '-f',
        'extra.yaml',
        '--wait',
        '--values=more.yaml',
        '--set-json',
        '{"x":1}',
        '-fthird.yaml',
        '--timeout=5m',
      ]),
    ).toEqual([
      '--set',
      'a=b',
      '--set-string=c=d',
      '-f',
      'extra.yaml',
      '--values=more.yaml',
      '--set-json',
      '{"x":1}',
      '-fthird.yaml',
    ]);
  });
});

describe.concurrent('the release a controller renders with, with the real helm 3', () => {
  // A chart that reads the link only in the release and namespace the controller installs. The
  // test's own onTestFinished: these tests run at the same time, and the global one would belong
  // to whichever test ran last.
  async function gatedCheckout({ onTestFinished }: TestContext): Promise<string> {
    const root = await mkdtemp(join(tmpdir(), 'render-release-'));
    onTestFinished(() => rm(root, { recursive: true, force: true }));
    const chart = join(root, 'charts', 'enterprise');
    await cp(CHART, chart, { recursive: true });
    const template = join(chart, 'templates', 'deployment.yaml');
    const text = await readFile(template, 'utf8');
    await writeFile(
      template,
      `{{- if and (eq .Release.Name "docs") (eq .Release.Namespace "docs") }}\n${text}{{- end }}\n`,
    );
    return root;
  }

  async function check(root: string, manifest: string) {
    const h = await helmEnv('helm3');
    const file = { path: join(root, 'apps', 'docs.yaml'), display: 'apps/docs.yaml', root };
    const chosen = chooseTargets(manifest, file, [], ['staticExport'])!;
    const plan = (link: string) =>
      planFileEdit(
        manifest,
        file,
        { enabled: true, bundleUrl: link, version: undefined },
        ['staticExport'],
        [],
      );
    const [one] = manifestTargets(file, chosen, 'staticExport', plan);
    return checkTarget(one!, options(h));
  }

  it("Argo CD: helm.releaseName in the destination's namespace, not the Application's own", async (context) => {
    const root = await gatedCheckout(context);
    const app = (releaseName: string) =>
      `apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata: {name: docs-site, namespace: argocd}\nspec:\n  destination: {server: https://kubernetes.default.svc, namespace: docs}\n  source:\n    repoURL: https://git.example.com/platform.git\n    path: charts/enterprise\n    helm:\n${releaseName}      valuesObject: {}\n`;
    expect(await check(root, app('      releaseName: docs\n'))).toMatchObject({ kind: 'found' });
    // Without helm.releaseName, Argo CD installs the release under the Application's name.
    expect(await check(root, app(''))).toMatchObject({ kind: 'missing' });
  });

  it('Flux: <targetNamespace>-<name> in the targetNamespace, or spec.releaseName', async (context) => {
    const root = await gatedCheckout(context);
    const release = (spec: string) =>
      `apiVersion: helm.toolkit.fluxcd.io/v2\nkind: HelmRelease\nmetadata: {name: site, namespace: flux-system}\nspec:\n  interval: 10m\n${spec}  chart:\n    spec:\n      chart: ./charts/enterprise\n      sourceRef: {kind: GitRepository, name: platform}\n`;
    expect(
      await check(root, release('  releaseName: docs\n  targetNamespace: docs\n')),
    ).toMatchObject({ kind: 'found' });
    expect(await check(root, release('  targetNamespace: docs\n'))).toMatchObject({
      kind: 'missing',
    });
  });
});

describe.concurrent('merge keys as Helm reads them, with the real helm 3', () => {
  // Why a key above a merge key that also sets it is refused (values/path.ts): go-yaml applies
  // the merge where it stands, so the merged value wins, as the YAML spec would not have it.
  it('a bundleUrl written above "<<" loses to the merged one', async ({ onTestFinished }) => {
    const h = await helmEnv('helm3');
    const ws = await mkdtemp(join(tmpdir(), 'merge-order-'));
    onTestFinished(() => rm(ws, { recursive: true, force: true }));
    const values = join(ws, 'values.yaml');
    await writeFile(
      values,
      'old: &old\n  bundleUrl: https://old.example.com/site.tar.gz\nstaticExport:\n  enabled: true\n  bundleUrl: https://new.example.com/site.tar.gz\n  <<: *old\n',
    );
    const run = await runHelm(h.helm, ['template', 'docs', CHART, '--values', values], {
      env: h.env,
    });
    expect(run.stdout).toContain('value: "https://old.example.com/site.tar.gz"');
    expect(run.stdout).not.toContain('new.example.com');
  });
});
