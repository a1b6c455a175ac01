/**
 * GitOps manifests end to end: the built action under Node 24 against the simulator,
 * on the real manifests of test/fixtures/gitops, each proven by a real tool afterwards: what the
 * controller hands the chart is rendered by the real helm 3 (Flux `spec.values` and a ConfigMap's
 * `values.yaml`, Argo CD `valuesObject` and the `values` string), a kustomization by the real
 * `kubectl kustomize --enable-helm`, and the rendered Deployment fetches the run's link. Every
 * other document of the file stays byte for byte. Refusals send no request and change no file.
 *
 * The proof itself (test/helpers/gitops.ts) is checked in test/integration/gitops-render.test.ts.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorLine, newWorkspace, runPublish, type ActionRun } from '../helpers/action.js';
import {
  argoValues,
  fixture,
  fluxValues,
  gitopsWorkspace,
  kustomizeBuild,
  linkLine,
  manifest,
  renderedLink,
  renderWith,
} from '../helpers/gitops.js';
import { buildUmbrella, CHART, helmEnv } from '../helpers/helm.js';
import { sim } from '../helpers/sim.js';

const quick = { queuedMs: 50, runningMs: 400, pageCount: 5 };

/** The `values-targets` output, parsed. */
function targets(run: ActionRun): { file: string; document: string; path: string }[] {
  return JSON.parse(run.outputs['values-targets'] ?? 'null') as {
    file: string;
    document: string;
    path: string;
  }[];
}

/**
 * The lines a run removed (-) and added (+), the link's query cut: enough to show the change in
 * the closing note (the job summary has the real diff).
 */
function changed(before: string, after: string): string {
  const old = before.split('\n');
  const now = after.split('\n');
  const cut = (line: string) => line.replace(/\?\S*/, '?…');
  return [
    ...old.filter((line) => !now.includes(line)).map((line) => `-${cut(line)}`),
    ...now.filter((line) => !old.includes(line)).map((line) => `+${cut(line)}`),
  ].join('\n');
}

/** A fixture folder copied into a new workspace, and the simulator. */
async function setUp(...folders: string[]) {
  const ws = await newWorkspace();
  for (const folder of folders) await gitopsWorkspace(ws, folder);
  return { ws, s: await sim({ export: quick }) };
}

describe.concurrent('Flux HelmRelease with its HelmRepository in one file', () => {
  it('the link goes to spec.values; helm renders it; the HelmRepository stays byte for byte', async () => {
    const h = await helmEnv('helm3');
    const { ws, s } = await setUp('flux', 'flux-staging');
    const file = join(ws, 'flux', 'docs.yaml');
    const original = await readFile(file, 'utf8');
    const run = await runPublish(s, {
      workspace: ws,
      inputs: { version: '2026-11-25', 'values-file': 'flux/docs.yaml' },
    });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const link = run.outputs['bundle-url']!;
    const edited = await readFile(file, 'utf8');
    // The first document, its separator and the comments up to spec.values: as they were.
    const head = original.slice(0, original.indexOf('  values:\n'));
    expect(edited.startsWith(head)).toBe(true);
    expect(edited).not.toMatch(/^staticExport:/m);
    expect(manifest(edited, 'HelmRelease', 'docs').spec.values).toEqual({
      replicaCount: 2,
      image: { repository: 'mintlify/enterprise', tag: '2.14.1' },
      staticExport: { enabled: true, bundleUrl: link, version: '2026-11-25' },
    });
    expect(run.outputs['values-file']).toBe('flux/docs.yaml');
    expect(targets(run)).toEqual([
      expect.objectContaining({
        file: 'flux/docs.yaml',
        document: 'HelmRelease/docs',
        path: 'spec.values',
      }),
    ]);
    expect(run.summary).toContain('flux/docs.yaml (HelmRelease/docs)');
    // The chart is in a Helm repository the job has not added: the check is skipped, and says so.
    expect(run.outputs['render-check']).toBe('skipped');

    const rendered = await renderWith(
      h,
      CHART,
      fluxValues(manifest(edited, 'HelmRelease', 'docs')),
    );
    expect(renderedLink(rendered)).toBe(link);
    // The staging overlay (a patch of spec.values) keeps it.
    const staging = manifest(
      await kustomizeBuild(h, join(ws, 'flux-staging')),
      'HelmRelease',
      'docs',
    );
    expect(renderedLink(await renderWith(h, CHART, fluxValues(staging)))).toBe(link);
    console.log(
      `Flux flux/docs.yaml, lines the run changed:\n${changed(original, edited)}\n` +
        `helm template: ${linkLine(rendered)}`,
    );
  });

  it('two HelmReleases and no values-document: refused before any request, listing both', async () => {
    const { ws, s } = await setUp('flux');
    const file = join(ws, 'flux', 'docs.yaml');
    const one = await readFile(file, 'utf8');
    const two = `${one}---\n${one.slice(one.indexOf('apiVersion: helm.')).replace('name: docs\n  namespace', 'name: docs-preview\n  namespace')}`;
    await writeFile(file, two);
    const run = await runPublish(s, { workspace: ws, inputs: { 'values-file': 'flux/docs.yaml' } });
    expect(run.code).toBe(1);
    const error = errorLine(run.stdout);
    expect(error).toContain('values-document');
    expect(error).toContain('HelmRelease/docs');
    expect(error).toContain('HelmRelease/docs-preview');
    expect(s.requests).toHaveLength(0);
    expect(await readFile(file, 'utf8')).toBe(two);

    const chosen = await runPublish(await sim({ export: quick }), {
      workspace: ws,
      inputs: { 'values-file': 'flux/docs.yaml', 'values-document': 'HelmRelease/docs-preview' },
    });
    expect(chosen.code, chosen.stdout + chosen.stderr).toBe(0);
    const after = await readFile(file, 'utf8');
    expect(manifest(after, 'HelmRelease', 'docs').spec.values.staticExport).toBeUndefined();
    expect(manifest(after, 'HelmRelease', 'docs-preview').spec.values.staticExport.bundleUrl).toBe(
      chosen.outputs['bundle-url'],
    );
  });
});

describe.concurrent('Flux valuesFrom: a ConfigMap holding values.yaml', () => {
  it('the link goes inside the values.yaml string, kept a literal block; helm renders it', async () => {
    const h = await helmEnv('helm3');
    const { ws, s } = await setUp('flux-configmap');
    const file = join(ws, 'flux-configmap', 'docs-values.yaml');
    const original = await readFile(file, 'utf8');
    const run = await runPublish(s, {
      workspace: ws,
      inputs: { 'values-file': 'flux-configmap/docs-values.yaml' },
    });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const edited = await readFile(file, 'utf8');
    expect(edited.slice(0, edited.indexOf('    staticExport:'))).toBe(
      original.slice(0, original.indexOf('    staticExport:')),
    );
    expect(edited).toContain('  values.yaml: |\n');
    const release = manifest(await fixture('flux-configmap/release.yaml'), 'HelmRelease', 'docs');
    expect(renderedLink(await renderWith(h, CHART, fluxValues(release, [edited])))).toBe(
      run.outputs['bundle-url'],
    );
    expect(targets(run)).toEqual([
      expect.objectContaining({
        file: 'flux-configmap/docs-values.yaml',
        document: 'ConfigMap/docs-values[values.yaml]',
        path: 'data["values.yaml"]',
      }),
    ]);
  });
});

describe.concurrent('Argo CD Application', () => {
  it('valuesObject of the umbrella chart in the repository: the subchart renders the link', async () => {
    const h = await helmEnv('helm3');
    const { ws, s } = await setUp('argo');
    // The Application's source path, charts/docs-platform, in the workspace (the repository).
    const chart = await buildUmbrella(h, join(ws, 'charts'), 'docs-platform');
    const file = join(ws, 'argo', 'values-object.yaml');
    const original = await readFile(file, 'utf8');
    const run = await runPublish(s, {
      workspace: ws,
      inputs: {
        'values-file': 'argo/values-object.yaml',
        'values-key': 'enterprise.staticExport',
      },
    });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const edited = await readFile(file, 'utf8');
    const app = manifest(edited, 'Application', 'docs');
    expect(app.spec.source.helm.valuesObject.enterprise.staticExport).toEqual({
      enabled: true,
      bundleUrl: run.outputs['bundle-url'],
    });
    const rendered = await renderWith(h, chart, argoValues(app));
    expect(renderedLink(rendered)).toBe(run.outputs['bundle-url']);
    console.log(
      `Argo CD argo/values-object.yaml, lines the run changed:\n${changed(original, edited)}\n` +
        `helm template: ${linkLine(rendered)}`,
    );
  });

  it('a wrong values-key on the umbrella chart: refused by the render check before any request', async () => {
    const h = await helmEnv('helm3');
    const { ws, s } = await setUp('argo');
    await buildUmbrella(h, join(ws, 'charts'), 'docs-platform');
    const file = join(ws, 'argo', 'values-object.yaml');
    // No staticExport in the file at all: the near-miss guard has nothing to compare with, so only
    // rendering the chart can tell that it reads enterprise.staticExport.
    const original = (await readFile(file, 'utf8')).replace(
      '          staticExport:\n            enabled: false\n',
      '',
    );
    expect(original).not.toContain('staticExport');
    await writeFile(file, original);
    const run = await runPublish(s, {
      workspace: ws,
      env: h.env,
      inputs: { 'values-file': 'argo/values-object.yaml', 'values-key': 'staticExport' },
    });
    expect(run.code).toBe(1);
    const error = errorLine(run.stdout);
    expect(error).toContain('values-key');
    expect(error).toContain('enterprise.staticExport');
    expect(s.requests).toHaveLength(0);
    expect(await readFile(file, 'utf8')).toBe(original);
    console.log(`Refused wrong values-key (Argo CD valuesObject, umbrella chart):\n${error}`);
  });

  it('the values string is edited inside, a literal block still; helm renders it', async () => {
    const h = await helmEnv('helm3');
    const { ws, s } = await setUp('argo');
    const file = join(ws, 'argo', 'values-string.yaml');
    const run = await runPublish(s, {
      workspace: ws,
      // The chart comes from https://helm.mintlify.com, which the render check would fetch: these
      // tests have no network. The rendering below, from the local chart, is the proof here.
      inputs: { 'values-file': 'argo/values-string.yaml', 'render-check': 'off' },
    });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const edited = await readFile(file, 'utf8');
    expect(edited).toContain('      values: |\n        replicaCount: 2\n        staticExport:\n');
    const rendered = await renderWith(
      h,
      CHART,
      argoValues(manifest(edited, 'Application', 'docs')),
    );
    expect(renderedLink(rendered)).toBe(run.outputs['bundle-url']);
  });

  it('multi-source: the chart source gets the link, the ref source is untouched', async () => {
    const h = await helmEnv('helm3');
    const { ws, s } = await setUp('argo');
    const file = join(ws, 'argo', 'multi-source.yaml');
    const original = await readFile(file, 'utf8');
    const run = await runPublish(s, {
      workspace: ws,
      inputs: { 'values-file': 'argo/multi-source.yaml', 'render-check': 'off' }, // as above
    });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const edited = await readFile(file, 'utf8');
    const ref = original.slice(original.indexOf('    - repoURL: https://github.com/acme'));
    expect(edited.endsWith(ref)).toBe(true);
    const rendered = await renderWith(
      h,
      CHART,
      argoValues(manifest(edited, 'Application', 'docs')),
    );
    expect(renderedLink(rendered)).toBe(run.outputs['bundle-url']);
  });
});

describe.concurrent('kustomize helmCharts', () => {
  it('valuesInline gets the link; the render check proves it first; kubectl kustomize renders it', async () => {
    const h = await helmEnv('helm3');
    const { ws, s } = await setUp('kustomize/docs');
    const dir = join(ws, 'kustomize', 'docs');
    const run = await runPublish(s, {
      workspace: ws,
      env: h.env,
      inputs: { 'values-file': 'kustomize/docs/kustomization.yaml' },
    });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.outputs['render-check']).toBe('true');
    expect(targets(run)).toEqual([
      expect.objectContaining({
        file: 'kustomize/docs/kustomization.yaml',
        document: 'helmCharts/docs',
        path: 'helmCharts[0].valuesInline',
      }),
    ]);
    const rendered = await kustomizeBuild(h, dir);
    expect(renderedLink(rendered)).toBe(run.outputs['bundle-url']);
    expect(await readFile(join(dir, 'namespace.yaml'), 'utf8')).toBe(
      await fixture('kustomize/docs/namespace.yaml'),
    );
  });

  it('a values-key the chart does not read: refused before any request, the file untouched', async () => {
    const h = await helmEnv('helm3');
    const { ws, s } = await setUp('kustomize/docs');
    const file = join(ws, 'kustomize', 'docs', 'kustomization.yaml');
    const original = await readFile(file, 'utf8');
    const run = await runPublish(s, {
      workspace: ws,
      env: h.env,
      inputs: {
        'values-file': 'kustomize/docs/kustomization.yaml',
        'values-key': 'enterprise.staticExport',
      },
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^::error::.*values-key enterprise\.staticExport/m);
    expect(s.requests).toHaveLength(0);
    expect(await readFile(file, 'utf8')).toBe(original);
  });
});
