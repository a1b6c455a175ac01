/**
 * A chart folder's own values.yaml, found from the file up: the Argo CD Applications whose path
 * source is that folder read it as the chart's defaults, whatever their valueFiles list, and pass
 * their valueFiles, values and parameters after it. Layouts from argoproj/argocd-example-apps
 * (test/fixtures/gitops/argo-guestbook, and argo-app-of-apps: `apps/` rendering helm-guestbook's
 * Application, test/fixtures/gitops/README.md), the guestbook chart replaced by the test chart.
 * A parameter setting the link is refused before any request (every file byte for byte) under
 * any render-check mode; without one, the chart is rendered as Argo CD renders it, and the proof
 * names the Application as the reader.
 */
import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clusterWorkspace, proofOf, publishIn, refusedIn } from '../helpers/cluster.js';
import { renderedLink, renderWith } from '../helpers/gitops.js';
import { CHART } from '../helpers/helm.js';

const TARGET = { 'values-file': 'helm-guestbook/values.yaml' };
const PARAMETER =
  '    helm:\n      parameters:\n      - name: staticExport.bundleUrl\n        value: https://old.example.com/site.tar.gz\n';

const AUTOMATED = '  syncPolicy:\n    automated:\n      prune: true\n';

/** The Application at `file` with automated sync: Argo CD applies each commit by itself. */
async function synced(ws: string, file: string): Promise<void> {
  await writeFile(join(ws, file), `${await readFile(join(ws, file), 'utf8')}${AUTOMATED}`);
}

/** argocd-example-apps' helm-guestbook Application, with the test chart in its folder. */
async function guestbook(helm?: string): Promise<string> {
  const ws = await clusterWorkspace('argo-guestbook');
  await cp(CHART, join(ws, 'helm-guestbook'), { recursive: true });
  if (helm !== undefined) {
    const app = join(ws, 'apps/helm-guestbook.yaml');
    const text = await readFile(app, 'utf8');
    const block = '    helm:\n      valueFiles:\n      - values-production.yaml\n';
    expect(text).toContain(block);
    await writeFile(app, text.replace(block, helm));
  }
  return ws;
}

/** The app of apps: `apps/` renders the helm-guestbook Application (its template, as written). */
async function appOfApps(child?: (template: string) => string): Promise<string> {
  const ws = await clusterWorkspace('argo-app-of-apps');
  await cp(CHART, join(ws, 'helm-guestbook'), { recursive: true });
  if (child) {
    const template = join(ws, 'apps/templates/helm-guestbook.yaml');
    await writeFile(template, child(await readFile(template, 'utf8')));
  }
  return ws;
}

describe.concurrent("a chart folder's values.yaml read by an Application's path source", () => {
  it('helm.parameters set the link after it: refused before any request, naming the Application file and the parameter', async () => {
    for (const mode of ['auto', 'required']) {
      const ws = await guestbook(PARAMETER);
      const error = await refusedIn(ws, { ...TARGET, 'render-check': mode });
      expect(error).toContain(
        'Application/helm-guestbook (apps/helm-guestbook.yaml) renders the chart helm-guestbook with its own values.yaml (helm-guestbook/values.yaml) as the defaults, and sets helm.parameters staticExport.bundleUrl, which Argo CD passes after every values file',
      );
      expect(error).toContain(
        'Remove that parameter from apps/helm-guestbook.yaml: they win over every values source',
      );
      if (mode === 'auto') console.log(`Refused chart values.yaml under parameters: ${error}`);
    }
  });

  it('valueFiles leaving values.yaml implicit, a later values file setting the link: refused', async () => {
    const ws = await guestbook();
    const prod = join(ws, 'helm-guestbook/values-production.yaml');
    await writeFile(
      prod,
      `${await readFile(prod, 'utf8')}staticExport:\n  bundleUrl: https://old.example.com/site.tar.gz\n`,
    );
    const error = await refusedIn(ws, TARGET);
    expect(error).toContain(
      'helm-guestbook/values-production.yaml (helm.valueFiles of Application/helm-guestbook (apps/helm-guestbook.yaml)) sets staticExport.bundleUrl after helm-guestbook/values.yaml',
    );
  });

  it('valuesObject set after it: refused', async () => {
    const ws = await guestbook(
      '    helm:\n      valuesObject:\n        staticExport:\n          bundleUrl: https://old.example.com/site.tar.gz\n',
    );
    const error = await refusedIn(ws, TARGET);
    expect(error).toContain(
      'helm.valuesObject of Application/helm-guestbook (apps/helm-guestbook.yaml) sets staticExport.bundleUrl after helm-guestbook/values.yaml',
    );
  });

  it('nothing after it sets the link: rendered through the Application, which the proof names', async () => {
    const ws = await guestbook();
    await synced(ws, 'apps/helm-guestbook.yaml');
    const { run, h } = await publishIn(ws, { ...TARGET, 'render-check': 'required' });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(proofOf(run)).toEqual([
      {
        target: 'helm-guestbook/values.yaml',
        reader: 'Application/argocd/helm-guestbook',
        entry: 'Application/argocd/helm-guestbook',
        level: 'rendered',
        // Rendered with the one helm on PATH: Helm 4 is said not to be.
        helm: [3],
        helmUnrendered: [4],
      },
    ]);
    expect(run.outputs['render-check']).toBe('true');
    // What Argo CD renders: the chart's values.yaml (as the run wrote it), then valueFiles.
    const rendered = await renderWith(h, join(ws, 'helm-guestbook'), [
      await readFile(join(ws, 'helm-guestbook/values-production.yaml'), 'utf8'),
    ]);
    expect(renderedLink(rendered)).toBe(run.outputs['bundle-url']);
  });
});

describe.concurrent('an Application that Argo CD syncs only by hand', () => {
  it('rendered, and the proof says it applies only once someone syncs; required refuses it', async () => {
    const ws = await guestbook();
    const { run } = await publishIn(ws, TARGET);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(proofOf(run)).toEqual([
      {
        target: 'helm-guestbook/values.yaml',
        reader: 'Application/argocd/helm-guestbook',
        entry: 'Application/argocd/helm-guestbook',
        level: 'rendered',
        // Rendered with the one helm on PATH: Helm 4 is said not to be.
        helm: [3],
        helmUnrendered: [4],
        reason:
          'Application/argocd/helm-guestbook (apps/helm-guestbook.yaml) has no spec.syncPolicy.automated: Argo CD applies this change only once someone syncs it (before the link expires)',
      },
    ]);
    expect(run.stdout).toMatch(/^::warning::Proof: .*only once someone syncs it/m);
    const error = await refusedIn(await guestbook(), { ...TARGET, 'render-check': 'required' });
    expect(error).toContain('reaches the chart only once someone syncs it');
    expect(error).toContain('Set spec.syncPolicy.automated on the Application');
  });
});

describe.concurrent('a child of an app of apps', () => {
  it('its chart rendered as Argo CD renders it, the child reads values.yaml: rendered', async () => {
    const ws = await appOfApps((t) => `${t}${AUTOMATED}`);
    const { run, h } = await publishIn(ws, { ...TARGET, 'render-check': 'required' });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(proofOf(run)).toEqual([
      {
        target: 'helm-guestbook/values.yaml',
        reader: 'Application/argocd/helm-guestbook',
        entry: 'Application/argocd/helm-guestbook',
        level: 'rendered',
        // Rendered with the one helm on PATH: Helm 4 is said not to be.
        helm: [3],
        helmUnrendered: [4],
      },
    ]);
    expect(renderedLink(await renderWith(h, join(ws, 'helm-guestbook'), []))).toBe(
      run.outputs['bundle-url'],
    );
  });

  it('the child sets helm.parameters on the link: refused before any request, naming its template', async () => {
    const ws = await appOfApps(
      (t) =>
        `${t}    helm:\n      parameters:\n      - name: staticExport.bundleUrl\n        value: https://old.example.com/site.tar.gz\n`,
    );
    const error = await refusedIn(ws, TARGET);
    expect(error).toContain(
      'Application/helm-guestbook (apps/templates/helm-guestbook.yaml, rendered by Application/argocd/apps) renders the chart helm-guestbook',
    );
    expect(error).toContain('helm.parameters staticExport.bundleUrl');
    expect(error).toContain('Remove that parameter from apps/templates/helm-guestbook.yaml');
  });
});
