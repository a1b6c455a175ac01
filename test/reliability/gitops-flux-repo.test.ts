/**
 * A Flux Kustomization whose GitRepository is another repository: flux-local's test cluster
 * (test/fixtures/gitops/flux-local) with its flux-system GitRepository pointed at another
 * repository than the run's (GITHUB_REPOSITORY acme/docs). This checkout's folders of the same
 * paths prove nothing of what the cluster gets: each entry point is skipped, naming the
 * GitRepository, and the run goes on; with `render-check: required` it is refused before any
 * request, every file byte for byte.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clusterWorkspace, proofOf, publishIn, refusedIn } from '../helpers/cluster.js';

async function sourcedElsewhere(): Promise<string> {
  const ws = await clusterWorkspace('flux-local');
  const sync = join(ws, 'clusters/prod/flux-system/gotk-sync.yaml');
  const text = await readFile(sync, 'utf8');
  expect(text).toContain('url: ssh://git@github.com/acme/docs');
  await writeFile(sync, text.replace('github.com/acme/docs', 'github.com/acme/platform'));
  return ws;
}

const TARGET = { 'values-file': 'apps/base/docs/release.yaml' };
const REASON =
  'builds from GitRepository/flux-system/flux-system (ssh://github.com/acme/platform), another repository: out of reach of this checkout';

describe.concurrent('a Flux Kustomization whose GitRepository is another repository', () => {
  it('is skipped, naming the GitRepository, and never built from this checkout', async () => {
    const ws = await sourcedElsewhere();
    const { run } = await publishIn(ws, TARGET);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const records = proofOf(run) as { level: string; reason?: string }[];
    expect(records.length).toBeGreaterThan(0);
    for (const record of records) {
      expect(record.level).toBe('skipped');
      expect(record.reason).toContain(REASON);
    }
  });

  it('render-check required: refused before any request, every file as it was', async () => {
    const ws = await sourcedElsewhere();
    const error = await refusedIn(ws, { ...TARGET, 'render-check': 'required' });
    expect(error).toContain('render-check is required');
    expect(error).toContain(REASON);
    expect(error).toContain('Nothing was sent and no file was changed.');
  });
});

/**
 * The same fixture with a second cluster beside it: a staging Kustomization of apps/prod whose
 * GitRepository is another repository. This checkout proves the link for prod, not for staging.
 */
async function twoClusters(): Promise<string> {
  const ws = await clusterWorkspace('flux-local');
  await writeFile(
    join(ws, 'clusters/staging.yaml'),
    'apiVersion: source.toolkit.fluxcd.io/v1\nkind: GitRepository\nmetadata:\n  name: platform\n  namespace: flux-system\nspec:\n  interval: 1m\n  ref:\n    branch: main\n  url: https://github.com/acme/platform\n---\napiVersion: kustomize.toolkit.fluxcd.io/v1\nkind: Kustomization\nmetadata:\n  name: apps-staging\n  namespace: flux-system\nspec:\n  interval: 10m\n  path: ./apps/prod\n  prune: true\n  sourceRef:\n    kind: GitRepository\n    name: platform\n',
  );
  return ws;
}

describe.concurrent('two clusters apply the release, one built from another repository', () => {
  it('auto: rendered through this repository, skipped through the other, said; exit 0', async () => {
    const { run } = await publishIn(await twoClusters(), TARGET);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const records = proofOf(run) as { entry: string; level: string; reason?: string }[];
    expect(records).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ entry: 'Kustomization/flux-system/apps', level: 'rendered' }),
        expect.objectContaining({
          entry: 'Kustomization/flux-system/apps-staging',
          level: 'skipped',
          reason: expect.stringContaining('https://github.com/acme/platform'),
        }),
      ]),
    );
  });

  it('render-check required: refused, naming the cluster it cannot prove, though the other renders', async () => {
    const error = await refusedIn(await twoClusters(), { ...TARGET, 'render-check': 'required' });
    expect(error).toContain('render-check is required');
    expect(error).toContain('through Kustomization/flux-system/apps-staging');
    expect(error).toContain('Nothing was sent and no file was changed.');
  });
});
