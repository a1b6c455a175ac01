/**
 * A chart folder's own values.yaml read by the Applications an ApplicationSet generates, where its
 * generators are a list generator or a git generator of this repository: expanded as Argo CD's
 * ApplicationSet controller expands them, each generated Application is a reader like any other.
 * Layouts: argoproj/argocd-example-apps' helm-guestbook (test/fixtures/gitops/argo-guestbook, the
 * chart replaced by the test chart), with its Application replaced by an ApplicationSet from
 * argoproj/argo-cd's applicationset/examples: list-generator/list-example.yaml (goTemplate, the
 * elements' `cluster`) and git-generator-directory/git-directories-example.yaml (the
 * cluster-addons directories generator, fasttemplate here: `{{path}}`, `{{path.basename}}`), their
 * repoURL this repository and path the chart folder. A parameter over the link is refused before
 * any request (every file byte for byte); without it the chart is rendered as Argo CD renders it
 * and the proof names the generated Application. A git generator whose `revision` (none or `HEAD`:
 * the default branch) is not the branch this run's change lands on generates its Applications
 * from another commit: refused before any request, as a `targetRevision` on another branch is.
 */
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clusterWorkspace, proofOf, publishIn, refusedIn } from '../helpers/cluster.js';
import { renderedLink, renderWith } from '../helpers/gitops.js';
import { CHART } from '../helpers/helm.js';

const TARGET = { 'values-file': 'helm-guestbook/values.yaml' };
const PARAMETERS = `        helm:
          parameters:
          - name: staticExport.bundleUrl
            value: https://old.example.com/site.tar.gz
`;

/** list-example.yaml: one Application per element, named after its cluster. */
const listSet = (helm: string) => `apiVersion: argoproj.io/v1alpha1
kind: ApplicationSet
metadata:
  name: guestbook
  namespace: argocd
spec:
  goTemplate: true
  generators:
  - list:
      elements:
      - cluster: engineering-dev
        url: https://kubernetes.default.svc
  template:
    metadata:
      name: '{{.cluster}}-guestbook'
    spec:
      project: default
      source:
        repoURL: https://github.com/acme/docs.git
        targetRevision: HEAD
        path: helm-guestbook
${helm}      destination:
        server: '{{.url}}'
        namespace: guestbook
`;

/** git-directories-example.yaml: every folder but apps/, each an Application of its name. */
const directorySet = (helm: string) => `apiVersion: argoproj.io/v1alpha1
kind: ApplicationSet
metadata:
  name: cluster-addons
  namespace: argocd
spec:
  generators:
  - git:
      repoURL: https://github.com/acme/docs.git
      revision: HEAD
      directories:
      - path: '*'
      - path: apps
        exclude: true
  template:
    metadata:
      name: '{{path.basename}}'
    spec:
      project: default
      source:
        repoURL: https://github.com/acme/docs.git
        targetRevision: HEAD
        path: '{{path}}'
${helm}      destination:
        server: https://kubernetes.default.svc
        namespace: '{{path.basename}}'
`;

/** A workflow run on a branch: GITHUB_REF names it. */
const onBranch = (branch: string) => ({
  GITHUB_REF: `refs/heads/${branch}`,
  GITHUB_REF_NAME: branch,
});

/** The event payload of a run, with the repository's default branch (Argo CD's HEAD). */
async function event(ws: string, defaultBranch: string): Promise<Record<string, string>> {
  const path = `${ws}.event.json`;
  await writeFile(path, JSON.stringify({ repository: { default_branch: defaultBranch } }));
  return { GITHUB_EVENT_PATH: path };
}

async function workspace(set: string): Promise<string> {
  const ws = await clusterWorkspace('argo-guestbook');
  await cp(CHART, join(ws, 'helm-guestbook'), { recursive: true });
  await rm(join(ws, 'apps/helm-guestbook.yaml'));
  await writeFile(join(ws, 'apps/guestbook-set.yaml'), set);
  return ws;
}

describe.concurrent("a chart folder's values.yaml read by an ApplicationSet's Applications", () => {
  it('list generator, helm.parameters over the link: refused before any request, naming the generated Application and its file', async () => {
    for (const mode of ['auto', 'required']) {
      const ws = await workspace(listSet(PARAMETERS));
      const error = await refusedIn(ws, { ...TARGET, 'render-check': mode });
      expect(error).toContain(
        'Application/engineering-dev-guestbook (apps/guestbook-set.yaml) renders the chart helm-guestbook with its own values.yaml (helm-guestbook/values.yaml) as the defaults, and sets helm.parameters staticExport.bundleUrl',
      );
      expect(error).toContain('Remove that parameter from apps/guestbook-set.yaml');
    }
  });

  it('git directories generator, helm.parameters over the link: refused before any request', async () => {
    const ws = await workspace(directorySet(PARAMETERS));
    const error = await refusedIn(ws, TARGET);
    expect(error).toContain(
      'Application/helm-guestbook (apps/guestbook-set.yaml) renders the chart helm-guestbook with its own values.yaml (helm-guestbook/values.yaml) as the defaults, and sets helm.parameters staticExport.bundleUrl',
    );
  });

  it('nothing after it sets the link: rendered through each generated Application, which the proof names', async () => {
    for (const [set, app] of [
      [listSet(''), 'engineering-dev-guestbook'],
      [directorySet(''), 'helm-guestbook'],
    ] as const) {
      // Synced by Argo CD itself: without it, `required` refuses (applied only once someone syncs).
      const ws = await workspace(`${set}      syncPolicy:\n        automated: {}\n`);
      const { run, h } = await publishIn(ws, { ...TARGET, 'render-check': 'required' });
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(proofOf(run)).toEqual([
        {
          target: 'helm-guestbook/values.yaml',
          reader: `Application/argocd/${app}`,
          entry: `Application/argocd/${app}`,
          level: 'rendered',
          // Rendered with the one helm on PATH: Helm 4 is said not to be.
          helm: [3],
          helmUnrendered: [4],
        },
      ]);
      expect(run.outputs['render-check']).toBe('true');
      // What Argo CD renders: the chart with its values.yaml as the run wrote it.
      const rendered = await renderWith(h, join(ws, 'helm-guestbook'), []);
      expect(renderedLink(rendered)).toBe(run.outputs['bundle-url']);
      expect(await readFile(join(ws, 'helm-guestbook/values.yaml'), 'utf8')).toContain(
        run.outputs['bundle-url'],
      );
    }
  });

  it("a git generator whose revision is another branch: refused before any request under auto, naming the generator's revision", async () => {
    const set = directorySet('').replace('      revision: HEAD\n', '      revision: production\n');
    expect(set).toContain('revision: production');
    const ws = await workspace(`${set}      syncPolicy:\n        automated: {}\n`);
    const error = await refusedIn(ws, TARGET, onBranch('main'));
    expect(error).toContain(
      "Application/helm-guestbook (apps/guestbook-set.yaml) is generated by ApplicationSet/argocd/cluster-addons, whose git generator reads https://github.com/acme/docs.git, which follows production (revision: production), while this run's change lands on main (the branch this workflow runs on): the ApplicationSet controller does not generate it from this commit.",
    );
    expect(error).toContain(
      "point the git generator's revision of ApplicationSet/argocd/cluster-addons at main",
    );
  });

  it('a git generator at HEAD, the default branch production, its Application listing a values file: refused', async () => {
    // The template's own source follows main: only the generator's HEAD reads another branch.
    const set = directorySet(
      '        helm:\n          valueFiles:\n          - values-production.yaml\n',
    ).replace('        targetRevision: HEAD\n', '        targetRevision: main\n');
    const ws = await workspace(`${set}      syncPolicy:\n        automated: {}\n`);
    const error = await refusedIn(
      ws,
      { 'values-file': 'helm-guestbook/values-production.yaml' },
      { ...onBranch('main'), ...(await event(ws, 'production')) },
    );
    expect(error).toContain(
      'is generated by ApplicationSet/argocd/cluster-addons, whose git generator reads https://github.com/acme/docs.git, which follows the default branch production (revision: HEAD)',
    );
  });

  it('a git generator at HEAD, the default branch the run is on: rendered through the generated Application', async () => {
    const set = directorySet('').replace(
      '        targetRevision: HEAD\n',
      '        targetRevision: main\n',
    );
    const ws = await workspace(`${set}      syncPolicy:\n        automated: {}\n`);
    const { run } = await publishIn(
      ws,
      { ...TARGET, 'render-check': 'required' },
      { ...onBranch('main'), ...(await event(ws, 'main')) },
    );
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(proofOf(run)).toEqual([
      expect.objectContaining({ reader: 'Application/argocd/helm-guestbook', level: 'rendered' }),
    ]);
  });

  it('RollingSync: a step selects the Application, synced in its turn (a note, not a hand); maxUpdate: 0 or no step: required refuses', async () => {
    /** list-example.yaml with a label and argo-cd's Progressive-Syncs steps over it. */
    const rolling = (steps: string) =>
      `${listSet('')
        .replace(
          "      name: '{{.cluster}}-guestbook'\n",
          "      name: '{{.cluster}}-guestbook'\n      labels:\n        envLabel: env-dev\n",
        )
        .replace(
          '  goTemplate: true\n',
          `  goTemplate: true\n  strategy:\n    type: RollingSync\n    rollingSync:\n      steps:\n${steps}`,
        )}      syncPolicy:\n        automated: {}\n`;
    const step = (values: string, maxUpdate = '') =>
      `      - matchExpressions:\n        - key: envLabel\n          operator: In\n          values:\n          - ${values}\n${maxUpdate}`;
    const ws = await workspace(rolling(step('env-dev')));
    expect(await readFile(join(ws, 'apps/guestbook-set.yaml'), 'utf8')).toContain(
      'envLabel: env-dev',
    );
    const { run } = await publishIn(ws, { ...TARGET, 'render-check': 'required' });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(proofOf(run)).toEqual([
      expect.objectContaining({
        reader: 'Application/argocd/engineering-dev-guestbook',
        level: 'rendered',
        reason: expect.stringContaining(
          'ApplicationSet/argocd/guestbook has strategy RollingSync: where progressive syncs are enabled, the ApplicationSet controller syncs this Application in step 1',
        ),
      }),
    ]);
    for (const [steps, said] of [
      [
        step('env-dev', '        maxUpdate: 0\n'),
        'step 1, which selects this Application, has maxUpdate: 0',
      ],
      [step('env-prod'), 'no step selects this Application'],
    ] as const) {
      const error = await refusedIn(await workspace(rolling(steps)), {
        ...TARGET,
        'render-check': 'required',
      });
      expect(error).toContain('reaches the chart only once someone syncs it');
      expect(error).toContain(said);
    }
  });

  it('a clusters generator: out of reach, named with why, never "no reader"', async () => {
    const set = listSet('').replace(
      '  - list:\n      elements:\n      - cluster: engineering-dev\n        url: https://kubernetes.default.svc\n',
      '  - clusters: {}\n',
    );
    expect(set).toContain('clusters: {}');
    const ws = await workspace(set);
    const error = await refusedIn(ws, { ...TARGET, 'render-check': 'required' });
    expect(error).toContain('ApplicationSet/argocd/guestbook (apps/guestbook-set.yaml) reads it');
    expect(error).toContain('its clusters generator lists the clusters Argo CD knows');
  });
});
