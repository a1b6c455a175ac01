/**
 * Whether the cluster applies this commit. On flux-local's test cluster (test/fixtures/gitops/
 * flux-local: its bootstrap GitRepository follows `main`) and argocd-example-apps' helm-guestbook
 * (test/fixtures/gitops/argo-guestbook: no automated sync, targetRevision HEAD): a reader whose
 * only entry point is suspended, or whose source follows another ref than the branch the change
 * lands on (the branch the workflow runs on, a pull request's base), is refused before any
 * request, every file byte for byte, under `auto` too; the same layout on the branch the source
 * follows is rendered. An Application synced by hand is proven and said to be, and `required`
 * refuses it; a v2beta1 HelmRelease is said to be one, never proven as v2.
 */
import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  clusterWorkspace,
  kustomizeFlux,
  proofOf,
  publishIn,
  refusedIn,
} from '../helpers/cluster.js';
import { fluxValues, manifest, renderedLink, renderWith } from '../helpers/gitops.js';
import { CHART } from '../helpers/helm.js';

type Record_ = { target: string; entry: string; level: string; reason?: string };
const records = (run: Parameters<typeof proofOf>[0]) => proofOf(run) as Record_[];

/** A workflow run on a branch (schedule, workflow_dispatch, push): GITHUB_REF names it. */
const onBranch = (branch: string) => ({
  GITHUB_REF: `refs/heads/${branch}`,
  GITHUB_REF_NAME: branch,
});
/** A pull_request run: GITHUB_REF is the merge ref, GITHUB_BASE_REF the branch it lands on. */
const pullRequestInto = (base: string) => ({
  GITHUB_EVENT_NAME: 'pull_request',
  GITHUB_REF: 'refs/pull/7/merge',
  GITHUB_REF_NAME: '7/merge',
  GITHUB_HEAD_REF: 'docs/static-export-link',
  GITHUB_BASE_REF: base,
});

const SYNC = 'clusters/prod/flux-system/gotk-sync.yaml';
const APPS = 'clusters/prod/apps.yaml';
const RELEASE = { 'values-file': 'apps/base/docs/release.yaml' };

/** flux-local's cluster with its bootstrap GitRepository's `ref:` block replaced by `ref`. */
async function fluxLocal(ref?: string): Promise<string> {
  const ws = await clusterWorkspace('flux-local');
  const sync = join(ws, SYNC);
  const text = await readFile(sync, 'utf8');
  expect(text).toContain('  ref:\n    branch: main\n');
  if (ref !== undefined) await writeFile(sync, text.replace('  ref:\n    branch: main\n', ref));
  return ws;
}

async function edit(ws: string, file: string, from: string, to: string): Promise<void> {
  const text = await readFile(join(ws, file), 'utf8');
  expect(text).toContain(from);
  await writeFile(join(ws, file), text.replace(from, to));
}

describe.concurrent(
  'a Flux GitRepository ref and the branch the change lands on',
  { timeout: 90_000 },
  () => {
    it('a run on the branch the GitRepository follows (main): rendered', async () => {
      const ws = await fluxLocal();
      const { h, run } = await publishIn(ws, RELEASE, onBranch('main'));
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(records(run)).toEqual([
        expect.objectContaining({ entry: 'Kustomization/flux-system/apps', level: 'rendered' }),
      ]);
      const built = manifest(await kustomizeFlux(join(ws, 'apps/prod')), 'HelmRelease', 'docs');
      expect(renderedLink(await renderWith(h, CHART, fluxValues(built)))).toBe(
        run.outputs['bundle-url'],
      );
    });

    it('the GitRepository follows branch production, the run is on main: refused, naming it', async () => {
      const ws = await fluxLocal('  ref:\n    branch: production\n');
      const error = await refusedIn(ws, RELEASE, onBranch('main'));
      expect(error).toContain(
        `Kustomization/flux-system/apps (${APPS}) builds from GitRepository/flux-system/flux-system (${SYNC}), which follows branch production (spec.ref.branch), while this run's change lands on main (the branch this workflow runs on)`,
      );
      expect(error).toContain('Run the workflow on the branch the cluster follows');
    });

    it('a pull request into production, which the GitRepository follows: rendered', async () => {
      const ws = await fluxLocal('  ref:\n    branch: production\n');
      const { run } = await publishIn(ws, RELEASE, pullRequestInto('production'));
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(records(run).map((r) => r.level)).toEqual(['rendered']);
    });

    it('a pull request into main while the GitRepository follows production: refused', async () => {
      const ws = await fluxLocal('  ref:\n    branch: production\n');
      const error = await refusedIn(ws, RELEASE, pullRequestInto('main'));
      expect(error).toContain("lands on main (the pull request's base branch)");
    });

    it('no ref: source-controller follows master, so a run on main is refused', async () => {
      const ws = await fluxLocal('');
      const error = await refusedIn(ws, RELEASE, onBranch('main'));
      expect(error).toContain(
        "follows branch master (no spec.ref, so source-controller's default), while this run's change lands on main",
      );
    });

    it('a tag beside the branch wins (source-controller clones the tag): refused, with no branch known', async () => {
      const ws = await fluxLocal('  ref:\n    branch: main\n    tag: v1.4.0\n');
      const error = await refusedIn(ws, RELEASE);
      expect(error).toContain('which follows tag v1.4.0 (spec.ref.tag), which no new commit moves');
    });

    it('a commit wins over a semver range and the branch: refused', async () => {
      const sha = '8c4b1a1f4a3c2d6e0e51b2c3d4e5f60718293a4b';
      const ws = await fluxLocal(
        `  ref:\n    branch: main\n    semver: ">=1.0.0"\n    commit: ${sha}\n`,
      );
      const error = await refusedIn(ws, RELEASE, onBranch('main'));
      expect(error).toContain(`follows commit ${sha} (spec.ref.commit)`);
    });

    it('a ref name refs/heads/main follows main: rendered', async () => {
      const ws = await fluxLocal('  ref:\n    name: refs/heads/main\n');
      const { run } = await publishIn(ws, RELEASE, onBranch('main'));
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(records(run).map((r) => r.level)).toEqual(['rendered']);
    });
  },
);

describe.concurrent('a suspended Flux Kustomization', { timeout: 90_000 }, () => {
  it('the only entry point that applies the release is suspended: refused, naming it', async () => {
    const ws = await fluxLocal();
    await edit(ws, APPS, '  interval: 10m0s\n', '  interval: 10m0s\n  suspend: true\n');
    const error = await refusedIn(ws, RELEASE);
    expect(error).toContain(
      `Nothing applies the link written to apps/base/docs/release.yaml: Kustomization/flux-system/apps (${APPS}) has spec.suspend: true, so kustomize-controller applies no new commit through it. Resume it (flux resume kustomization apps -n flux-system`,
    );
  });

  /** A second cluster, staging, applies the same release through a suspended Kustomization. */
  async function stagingSuspended(): Promise<string> {
    const ws = await fluxLocal();
    await writeFile(
      join(ws, 'clusters/staging.yaml'),
      'apiVersion: kustomize.toolkit.fluxcd.io/v1\nkind: Kustomization\nmetadata:\n  name: apps-staging\n  namespace: flux-system\nspec:\n  interval: 10m\n  suspend: true\n  path: ./apps/prod\n  prune: true\n  sourceRef:\n    kind: GitRepository\n    name: flux-system\n',
    );
    return ws;
  }

  it('another entry point applies it: rendered there, the suspended one said in a warning', async () => {
    const { run } = await publishIn(await stagingSuspended(), RELEASE);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(records(run)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ entry: 'Kustomization/flux-system/apps', level: 'rendered' }),
        expect.objectContaining({
          entry: 'Kustomization/flux-system/apps-staging',
          level: 'skipped',
          reason: expect.stringContaining('has spec.suspend: true'),
        }),
      ]),
    );
    expect(run.stdout).toMatch(/^::warning::Proof: .*apps-staging.*spec\.suspend: true/m);
  });

  it('render-check required: the suspended cluster refuses the run', async () => {
    const error = await refusedIn(await stagingSuspended(), {
      ...RELEASE,
      'render-check': 'required',
    });
    expect(error).toContain('through Kustomization/flux-system/apps-staging');
  });
});

describe.concurrent('HelmRelease API versions Flux no longer serves', { timeout: 90_000 }, () => {
  async function v2beta1(): Promise<string> {
    const ws = await fluxLocal();
    for (const file of ['apps/base/docs/release.yaml', 'apps/prod/docs-values.yaml'])
      await edit(ws, file, 'helm.toolkit.fluxcd.io/v2\n', 'helm.toolkit.fluxcd.io/v2beta1\n');
    return ws;
  }

  it('v2beta1: said to be one, not proven as v2 (auto: exit 0 with a warning)', async () => {
    const { run } = await publishIn(await v2beta1(), RELEASE);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(records(run)).toEqual([
      expect.objectContaining({
        level: 'skipped',
        reason: expect.stringContaining(
          'is helm.toolkit.fluxcd.io/v2beta1, which Flux no longer serves since 2.7',
        ),
      }),
    ]);
    expect(run.stdout).toMatch(/^::warning::Proof: .*no longer serves/m);
  });

  it('v2beta1 under render-check required: refused', async () => {
    const error = await refusedIn(await v2beta1(), { ...RELEASE, 'render-check': 'required' });
    expect(error).toContain('Migrate it to helm.toolkit.fluxcd.io/v2');
  });
});

/** argocd-example-apps' helm-guestbook, its chart swapped for the test chart. */
async function guestbook(): Promise<string> {
  const ws = await clusterWorkspace('argo-guestbook');
  await cp(CHART, join(ws, 'helm-guestbook'), { recursive: true });
  return ws;
}
const APP = 'apps/helm-guestbook.yaml';
const VALUES = { 'values-file': 'helm-guestbook/values-production.yaml' };
/** The event payload of a run, with the repository's default branch (Argo CD's HEAD). */
async function event(ws: string, defaultBranch: string): Promise<Record<string, string>> {
  const path = `${ws}.event.json`;
  await writeFile(path, JSON.stringify({ repository: { default_branch: defaultBranch } }));
  return { GITHUB_EVENT_PATH: path };
}
const AUTOMATED = '  syncPolicy:\n    automated:\n      prune: true\n';

describe.concurrent('Argo CD: targetRevision and sync policy', { timeout: 90_000 }, () => {
  it('no automated sync: rendered, and the proof says it applies only once someone syncs', async () => {
    const ws = await guestbook();
    const { run } = await publishIn(ws, VALUES, onBranch('main'));
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(records(run)).toEqual([
      {
        target: 'helm-guestbook/values-production.yaml',
        reader: 'Application/argocd/helm-guestbook',
        entry: 'Application/argocd/helm-guestbook',
        level: 'rendered',
        // Rendered with the one helm on PATH: Helm 4 is said not to be.
        helm: [3],
        helmUnrendered: [4],
        reason: `Application/argocd/helm-guestbook (${APP}) has no spec.syncPolicy.automated: Argo CD applies this change only once someone syncs it (before the link expires)`,
      },
    ]);
    expect(run.stdout).toMatch(/^::warning::Proof: .*only once someone syncs it/m);
  });

  it('no automated sync under render-check required: refused, naming the fix', async () => {
    const error = await refusedIn(await guestbook(), { ...VALUES, 'render-check': 'required' });
    expect(error).toContain('reaches the chart only once someone syncs it');
    expect(error).toContain('Set spec.syncPolicy.automated on the Application');
  });

  it('automated sync, HEAD the default branch main, a run on main: rendered, nothing to add', async () => {
    const ws = await guestbook();
    await writeFile(join(ws, APP), `${await readFile(join(ws, APP), 'utf8')}${AUTOMATED}`);
    const { run } = await publishIn(
      ws,
      { ...VALUES, 'render-check': 'required' },
      { ...onBranch('main'), ...(await event(ws, 'main')) },
    );
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(records(run)).toEqual([
      {
        target: 'helm-guestbook/values-production.yaml',
        reader: 'Application/argocd/helm-guestbook',
        entry: 'Application/argocd/helm-guestbook',
        level: 'rendered',
        // Rendered with the one helm on PATH: Helm 4 is said not to be.
        helm: [3],
        helmUnrendered: [4],
      },
    ]);
  });

  it('HEAD is the default branch production while the run is on main: refused', async () => {
    const ws = await guestbook();
    const error = await refusedIn(ws, VALUES, {
      ...onBranch('main'),
      ...(await event(ws, 'production')),
    });
    expect(error).toContain(
      `Application/helm-guestbook (${APP}) reads https://github.com/acme/docs.git, which follows the default branch production (targetRevision: HEAD), while this run's change lands on main`,
    );
  });

  it('targetRevision production, a pull request into main: refused under auto', async () => {
    const ws = await guestbook();
    await edit(ws, APP, 'targetRevision: HEAD', 'targetRevision: production');
    const error = await refusedIn(ws, VALUES, pullRequestInto('main'));
    expect(error).toContain('which follows production (targetRevision: production)');
    expect(error).toContain('Argo CD does not apply this commit through it');
  });

  it("targetRevision production, the chart folder's own values.yaml (found from the file up): refused under required", async () => {
    const ws = await guestbook();
    await edit(ws, APP, 'targetRevision: HEAD', 'targetRevision: production');
    await writeFile(join(ws, APP), `${await readFile(join(ws, APP), 'utf8')}${AUTOMATED}`);
    const error = await refusedIn(
      ws,
      { 'values-file': 'helm-guestbook/values.yaml', 'render-check': 'required' },
      onBranch('main'),
    );
    expect(error).toContain('which follows production (targetRevision: production)');
    expect(error).toContain('Argo CD does not apply this commit through it');
  });

  /** A multi-source Application: the chart folder of this repository, values from a `$ref` source. */
  async function refSource(revision: string): Promise<string> {
    const ws = await guestbook();
    await writeFile(
      join(ws, APP),
      `apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata:\n  name: helm-guestbook\n  namespace: argocd\nspec:\n  destination:\n    namespace: helm-guestbook\n    server: https://kubernetes.default.svc\n  project: default\n  sources:\n    - path: helm-guestbook\n      repoURL: https://github.com/acme/docs.git\n      targetRevision: main\n      helm:\n        valueFiles:\n          - $values/helm-guestbook/values-production.yaml\n    - repoURL: https://github.com/acme/docs.git\n      targetRevision: ${revision}\n      ref: values\n${AUTOMATED}`,
    );
    return ws;
  }

  it('a $ref values file follows its own source: main, a run on main: rendered', async () => {
    const { run } = await publishIn(await refSource('main'), VALUES, onBranch('main'));
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(records(run).map((r) => r.level)).toEqual(['rendered']);
  });

  it('a $ref values file whose source follows a pinned commit: refused, the chart source main', async () => {
    const sha = '0c5f3e2a6b8d9e1f2a3b4c5d6e7f8091a2b3c4d5';
    const error = await refusedIn(await refSource(sha), VALUES, onBranch('main'));
    expect(error).toContain(`which follows commit ${sha} (targetRevision: ${sha})`);
  });
});
