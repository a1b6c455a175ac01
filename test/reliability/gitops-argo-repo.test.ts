/**
 * An Argo CD Application whose path source is another repository: argoproj/argocd-example-apps'
 * helm-guestbook with values-production.yaml (test/fixtures/gitops/argo-guestbook), its repoURL
 * pointed at another repository than the run's (GITHUB_REPOSITORY acme/docs). This checkout's
 * helm-guestbook/ folder of the same name proves nothing of what the cluster gets: the proof says
 * the file is out of reach, with the fix, and goes on; with `render-check: required` the run is
 * refused before any request, every file byte for byte. The same for the values files of another
 * repository that a chart source of this one reads (`$ref/…`) after the run's file: what they set
 * over the link is unknown, whatever values files of that repository come before it.
 */
import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clusterWorkspace, proofOf, publishIn, refusedIn } from '../helpers/cluster.js';
import { CHART } from '../helpers/helm.js';

const OTHER = 'https://github.com/acme/platform.git';

async function guestbookElsewhere(): Promise<string> {
  const ws = await clusterWorkspace('argo-guestbook');
  await cp(CHART, join(ws, 'helm-guestbook'), { recursive: true });
  const app = join(ws, 'apps/helm-guestbook.yaml');
  const text = await readFile(app, 'utf8');
  expect(text).toContain('repoURL: https://github.com/acme/docs.git');
  await writeFile(app, text.replace('https://github.com/acme/docs.git', OTHER));
  return ws;
}

const TARGET = { 'values-file': 'helm-guestbook/values-production.yaml' };
const REASON = `Application/argocd/helm-guestbook (apps/helm-guestbook.yaml) names it, but its source is ${OTHER}, another repository: out of reach of this checkout`;

describe.concurrent('an Application whose path source is another repository', () => {
  it('is out of reach, said with the fix, never rendered from this checkout', async () => {
    const ws = await guestbookElsewhere();
    const { s, run } = await publishIn(ws, TARGET);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(proofOf(run)).toEqual([
      {
        target: 'helm-guestbook/values-production.yaml',
        entry: 'Application/argocd/helm-guestbook',
        level: 'skipped',
        reason: expect.stringContaining(REASON) as string,
      },
    ]);
    expect(run.stdout).toMatch(
      /^::warning::Out of the proof's reach: helm-guestbook\/values-production.yaml: .*another repository.*cluster-path, or run the action in that repository/m,
    );
    expect(run.stdout).not.toContain('no entry point of this checkout');
    expect(s.requests.length).toBeGreaterThan(0);
  });

  it('render-check required: refused before any request, every file as it was', async () => {
    const ws = await guestbookElsewhere();
    const error = await refusedIn(ws, { ...TARGET, 'render-check': 'required' });
    expect(error).toContain('render-check is required');
    expect(error).toContain(REASON);
    expect(error).toContain('Nothing was sent and no file was changed.');
  });
});

/** helm-guestbook as a multi-source Application: values files of another repository around ours. */
async function guestbookBetween(): Promise<string> {
  const ws = await clusterWorkspace('argo-guestbook');
  await cp(CHART, join(ws, 'helm-guestbook'), { recursive: true });
  const app = join(ws, 'apps/helm-guestbook.yaml');
  const text = await readFile(app, 'utf8');
  const single =
    '  source:\n    path: helm-guestbook\n    repoURL: https://github.com/acme/docs.git\n    targetRevision: HEAD\n    helm:\n      valueFiles:\n      - values-production.yaml\n';
  expect(text).toContain(single);
  await writeFile(
    app,
    text.replace(
      single,
      `  sources:\n  - path: helm-guestbook\n    repoURL: https://github.com/acme/docs.git\n    targetRevision: HEAD\n    helm:\n      valueFiles:\n      - $platform/docs/base.yaml\n      - values-production.yaml\n      - $platform/docs/prod.yaml\n  - repoURL: ${OTHER}\n    targetRevision: HEAD\n    ref: platform\n`,
    ),
  );
  return ws;
}

describe.concurrent("values files of another repository around the run's file", () => {
  it('a later one is unknown: skipped, naming it, even with an earlier one before the file', async () => {
    const { run } = await publishIn(await guestbookBetween(), TARGET);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(proofOf(run)).toEqual([
      expect.objectContaining({
        entry: 'Application/argocd/helm-guestbook',
        level: 'skipped',
        reason: expect.stringContaining(
          `a later valueFiles entry, $platform/docs/prod.yaml, is read from ${OTHER}`,
        ) as string,
      }),
    ]);
  });

  it('render-check required: refused before any request', async () => {
    const error = await refusedIn(await guestbookBetween(), {
      ...TARGET,
      'render-check': 'required',
    });
    expect(error).toContain('$platform/docs/prod.yaml');
  });
});
