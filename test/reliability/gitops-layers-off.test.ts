/**
 * `render-check: off` turns off the render, not the layers: a later layer that wins needs no
 * chart to be seen, so it is refused before any request (every file byte for byte) as under
 * `auto`. Layouts from argoproj/argocd-example-apps (test/fixtures/gitops/argo-guestbook) and
 * fluxcd/flux2-kustomize-helm-example (test/fixtures/gitops/flux-cluster), the charts replaced by
 * the test chart (test/fixtures/gitops/README.md). A layout where nothing wins publishes with no
 * proof reported (the render-check output stays empty), and a layer this run cannot read is no
 * refusal under `off` (turning the check off is the fix its message gives). An app of apps
 * (test/fixtures/gitops/argo-app-of-apps) has its own chart rendered to find its children, whose
 * layers count too; without helm the log names the parent whose children were not looked at.
 */
import { cp, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { clusterWorkspace, publishIn, refusedIn } from '../helpers/cluster.js';
import { renderedLink, renderWith } from '../helpers/gitops.js';
import { CHART } from '../helpers/helm.js';

const OFF = { 'render-check': 'off' };
const GUESTBOOK = { ...OFF, 'values-file': 'helm-guestbook/values.yaml' };
const PIN = 'staticExport:\n  bundleUrl: https://old.example.com/site.tar.gz\n';

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

/** argocd-example-apps' app of apps: `apps/` renders the helm-guestbook Application. */
async function appOfApps(childHelm: string): Promise<string> {
  const ws = await clusterWorkspace('argo-app-of-apps');
  await cp(CHART, join(ws, 'helm-guestbook'), { recursive: true });
  await append(join(ws, 'apps/templates/helm-guestbook.yaml'), childHelm);
  return ws;
}
const CHILD_PARAMETER =
  '    helm:\n      parameters:\n      - name: staticExport.bundleUrl\n        value: https://old.example.com/site.tar.gz\n';

async function append(file: string, text: string): Promise<void> {
  await writeFile(file, `${await readFile(file, 'utf8')}${text}`);
}

describe.concurrent('render-check: off still refuses a later layer that wins', () => {
  it("an Application's helm.parameters over the chart folder's values.yaml: refused before any request", async () => {
    const ws = await guestbook(
      '    helm:\n      parameters:\n      - name: staticExport.bundleUrl\n        value: https://old.example.com/site.tar.gz\n',
    );
    const error = await refusedIn(ws, GUESTBOOK);
    expect(error).toContain(
      'Application/helm-guestbook (apps/helm-guestbook.yaml) renders the chart helm-guestbook with its own values.yaml (helm-guestbook/values.yaml) as the defaults, and sets helm.parameters staticExport.bundleUrl',
    );
    expect(error).toContain('Remove that parameter from apps/helm-guestbook.yaml');
  });

  it('a later valueFiles entry setting the link: refused, naming that file', async () => {
    const ws = await guestbook();
    await append(join(ws, 'helm-guestbook/values-production.yaml'), PIN);
    const error = await refusedIn(ws, GUESTBOOK);
    expect(error).toContain(
      'helm-guestbook/values-production.yaml (helm.valueFiles of Application/helm-guestbook (apps/helm-guestbook.yaml)) sets staticExport.bundleUrl after helm-guestbook/values.yaml',
    );
  });

  it("a Flux overlay's spec.values over the chart folder's values.yaml: refused (the overlay built, no chart rendered)", async () => {
    const ws = await clusterWorkspace('flux-cluster');
    const release = join(ws, 'apps/base/docs/release.yaml');
    const chart = '      chart: ./charts/enterprise\n';
    const text = await readFile(release, 'utf8');
    expect(text).toContain(chart);
    await writeFile(release, text.replace(chart, `${chart}      reconcileStrategy: Revision\n`));
    await append(
      join(ws, 'apps/production/docs-values.yaml'),
      '    staticExport:\n      bundleUrl: https://old.example.com/site.tar.gz\n',
    );
    const error = await refusedIn(ws, { ...OFF, 'values-file': 'charts/enterprise/values.yaml' });
    expect(error).toContain(
      'spec.values of HelmRelease/docs (the build of Kustomization/flux-system/apps) sets staticExport.bundleUrl after charts/enterprise/values.yaml',
    );
  });
});

describe.concurrent('render-check: off and an app of apps', () => {
  it("its child's helm.parameters over the chart folder's values.yaml: refused (the parent's chart rendered to find the child)", async () => {
    const ws = await appOfApps(CHILD_PARAMETER);
    const error = await refusedIn(ws, GUESTBOOK);
    expect(error).toContain(
      'Application/helm-guestbook (apps/templates/helm-guestbook.yaml, rendered by Application/argocd/apps) renders the chart helm-guestbook',
    );
    expect(error).toContain('Remove that parameter from apps/templates/helm-guestbook.yaml');
  });

  it('no helm on PATH: published, and the log says whose children were not looked at', async () => {
    const ws = await appOfApps(CHILD_PARAMETER);
    // kubectl alone: the parent's chart cannot be rendered, so the child is not seen.
    const { run } = await publishIn(ws, GUESTBOOK, {
      PATH: `${dirname(inject('kubectl'))}:/usr/bin:/bin`,
    });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(
      /^::warning::render-check is off, and Application\/argocd\/apps \(argocd\/apps\.yaml\) is an app of apps, and helm is not on PATH to render its chart apps: a later layer of the Applications it renders \(their helm\.parameters, values, valueFiles\) was not checked\.$/m,
    );
  });
});

describe.concurrent('render-check: off, nothing known to win', () => {
  it('publishes; no proof is reported and render-check stays empty; Argo CD renders the link', async () => {
    const ws = await guestbook();
    const { run, h, s } = await publishIn(ws, GUESTBOOK);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(s.requests.length).toBeGreaterThan(0);
    expect(run.outputs['render-check']).toBe('');
    expect(run.outputs.proof).toBe('[]');
    expect(run.stdout).not.toContain('Proof:');
    const rendered = await renderWith(h, join(ws, 'helm-guestbook'), [
      await readFile(join(ws, 'helm-guestbook/values-production.yaml'), 'utf8'),
    ]);
    expect(renderedLink(rendered)).toBe(run.outputs['bundle-url']);
  });

  it('a later valueFiles entry this run cannot read as helm does: refused under auto, published under off', async () => {
    const two = async () => {
      const ws = await guestbook();
      // Two YAML documents: helm 3 reads the first, helm 4 merges both.
      await append(join(ws, 'helm-guestbook/values-production.yaml'), `---\n${PIN}`);
      return ws;
    };
    const error = await refusedIn(await two(), { ...GUESTBOOK, 'render-check': 'auto' });
    expect(error).toContain('helm-guestbook/values-production.yaml');
    const { run } = await publishIn(await two(), GUESTBOOK);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.outputs['render-check']).toBe('');
  });
});
