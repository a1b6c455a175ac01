/**
 * An app of apps whose chart cannot be rendered hides the Applications it renders: the proof says
 * so (a skipped record naming the parent and helm's error, a warning, `render-check: skipped`),
 * never silently nothing; `required` refuses it before any request, every file byte for byte.
 * Layout from argoproj/argocd-example-apps (`apps/` rendering helm-guestbook's Application,
 * test/fixtures/gitops/argo-app-of-apps), the guestbook chart replaced by the test chart, and the
 * child's destination server taken with `required` from a value the parent's values.yaml lacks.
 */
import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clusterWorkspace, proofOf, publishIn, refusedIn } from '../helpers/cluster.js';
import { CHART } from '../helpers/helm.js';

const TARGET = { 'values-file': 'helm-guestbook/values.yaml' };
const SERVER = 'server: {{ .Values.spec.destination.server }}';

async function appOfApps(broken: boolean): Promise<string> {
  const ws = await clusterWorkspace('argo-app-of-apps');
  await cp(CHART, join(ws, 'helm-guestbook'), { recursive: true });
  if (broken) {
    const template = join(ws, 'apps/templates/helm-guestbook.yaml');
    const text = await readFile(template, 'utf8');
    expect(text).toContain(SERVER);
    await writeFile(
      template,
      text.replace(
        SERVER,
        'server: {{ required "spec.destination.cluster is required" .Values.spec.destination.cluster }}',
      ),
    );
  }
  return ws;
}

describe.concurrent('an app of apps whose chart cannot be rendered', () => {
  it('is reported on the proof (skipped, a warning), and render-check is not true', async () => {
    const ws = await appOfApps(true);
    const { run } = await publishIn(ws, TARGET);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(proofOf(run)).toEqual([
      {
        target: 'helm-guestbook/values.yaml',
        entry: 'Application/argocd/apps',
        level: 'skipped',
        reason: expect.stringMatching(
          /^Application\/argocd\/apps \(argocd\/apps\.yaml\) is an app of apps, and helm template of apps failed: .*spec\.destination\.cluster is required.*: the Applications it renders, which may read helm-guestbook\/values\.yaml, were not proven$/,
        ) as string,
      },
    ]);
    expect(run.outputs['render-check']).toBe('skipped');
    expect(run.stdout).toContain(
      '::warning::Proof: helm-guestbook/values.yaml through Application/argocd/apps: skipped',
    );
  });

  it('render-check: required refuses it before any request, naming the parent', async () => {
    const ws = await appOfApps(true);
    const error = await refusedIn(ws, { ...TARGET, 'render-check': 'required' });
    expect(error).toContain('render-check is required');
    expect(error).toContain('Application/argocd/apps (argocd/apps.yaml) is an app of apps');
  });

  it('the same layout with the chart rendering: the child is the reader, rendered', async () => {
    const ws = await appOfApps(false);
    // The child synced by Argo CD itself: without it, `required` refuses (only once someone syncs).
    const template = join(ws, 'apps/templates/helm-guestbook.yaml');
    await writeFile(
      template,
      `${await readFile(template, 'utf8')}  syncPolicy:\n    automated:\n      prune: true\n`,
    );
    const { run } = await publishIn(ws, { ...TARGET, 'render-check': 'required' });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(proofOf(run)).toEqual([
      expect.objectContaining({ reader: 'Application/argocd/helm-guestbook', level: 'rendered' }),
    ]);
  });
});
