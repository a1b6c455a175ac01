/**
 * The clusters a checkout's entry points show, and the helm pins each holds. The Flux layout is
 * fluxcd/flux2-kustomize-helm-example's (clusters/production and clusters/staging, each with its
 * flux-system bootstrap and an apps Kustomization over apps/<cluster>, both building apps/base),
 * with a helm-controller image tag written only in production's gotk-components.yaml; the Argo CD
 * layout is an app of apps whose `argocd` child installs Argo CD from its release manifests.
 */
import { describe, expect, it } from 'vitest';
import { clustersOf, pinsAt } from '../../src/gitops/clusters.js';
import { pinFinds } from '../../src/gitops/helm-majors.js';
import type { Checkout } from '../../src/gitops/tree.js';

const checkout = (texts: Record<string, string>): Checkout => ({
  root: '/nowhere',
  files: Object.keys(texts).sort(),
  read: (p) => texts[p],
});

const flux = (name: string, path: string) => `apiVersion: kustomize.toolkit.fluxcd.io/v1
kind: Kustomization
metadata:
  name: ${name}
  namespace: flux-system
spec:
  interval: 10m0s
  path: ${path}
  prune: true
  sourceRef:
    kind: GitRepository
    name: flux-system
`;

const kustomization = (...resources: string[]) =>
  `apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources:\n${resources.map((r) => `  - ${r}\n`).join('')}`;

const components = (tag: string) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: helm-controller
  namespace: flux-system
spec:
  template:
    spec:
      containers:
        - name: manager
          image: ghcr.io/fluxcd/helm-controller:${tag}
`;

const RELEASE = `apiVersion: helm.toolkit.fluxcd.io/v2
kind: HelmRelease
metadata:
  name: docs
  namespace: docs
spec:
  chart:
    spec:
      chart: ./charts/enterprise
      sourceRef:
        kind: GitRepository
        name: flux-system
        namespace: flux-system
`;

/** Two clusters over one base; production's bootstrap names helm-controller `prodTag`. */
function twoClusters(prodTag: string, stagingTag?: string): Record<string, string> {
  const cluster = (name: string, tag?: string): Record<string, string> => ({
    [`clusters/${name}/flux-system/gotk-sync.yaml`]: flux('flux-system', `./clusters/${name}`),
    [`clusters/${name}/flux-system/kustomization.yaml`]: kustomization(
      'gotk-sync.yaml',
      ...(tag ? ['gotk-components.yaml'] : []),
    ),
    ...(tag ? { [`clusters/${name}/flux-system/gotk-components.yaml`]: components(tag) } : {}),
    [`clusters/${name}/apps.yaml`]: flux('apps', `./apps/${name}`),
    [`apps/${name}/kustomization.yaml`]: kustomization('../base/docs'),
  });
  return {
    ...cluster('production', prodTag),
    ...cluster('staging', stagingTag),
    'apps/base/docs/kustomization.yaml': kustomization('release.yaml'),
    'apps/base/docs/release.yaml': RELEASE,
    'charts/enterprise/values.yaml': 'replicaCount: 1\n',
  };
}

const files = (texts: Record<string, string>) =>
  Object.entries(texts).map(([path, text]) => ({ path, text }));

function pinsFor(texts: Record<string, string>, at: string) {
  return pinsAt(pinFinds(files(texts)), clustersOf(checkout(texts), [], 'acme/docs'), at);
}

describe('clusters: what each bootstrap of the checkout builds', () => {
  it('each flux-system Kustomization roots one cluster, its apps and the shared base included', () => {
    const texts = twoClusters('v1.5.1');
    const clusters = clustersOf(checkout(texts), [], 'acme/docs');
    expect(clusters.map((c) => c.root)).toEqual([
      'Kustomization/flux-system/flux-system (clusters/production/flux-system/gotk-sync.yaml)',
      'Kustomization/flux-system/flux-system (clusters/staging/flux-system/gotk-sync.yaml)',
    ]);
    const [production, staging] = clusters;
    expect(production!.files).toContain('clusters/production/flux-system/gotk-components.yaml');
    expect(production!.files).toContain('apps/base/docs/release.yaml');
    expect(production!.files).not.toContain('clusters/staging/apps.yaml');
    expect(staging!.files).toContain('apps/base/docs/release.yaml');
    expect(staging!.files).not.toContain('clusters/production/flux-system/gotk-components.yaml');
  });

  it('a cluster-path folder is a cluster of its own', () => {
    const texts = { 'deploy/docs/release.yaml': RELEASE };
    const clusters = clustersOf(checkout(texts), ['deploy'], undefined);
    expect(clusters).toEqual([
      {
        root: 'cluster-path deploy (cluster-path)',
        files: new Set(['deploy/docs/release.yaml', 'deploy']),
      },
    ]);
  });

  it('two Kustomizations that build each other make one cluster, read once', () => {
    const texts = {
      'a/ks.yaml': flux('a', './b'),
      'b/ks.yaml': flux('b', './a'),
    };
    const clusters = clustersOf(checkout(texts), [], undefined);
    expect(clusters).toHaveLength(1);
    expect([...clusters[0]!.files].sort()).toEqual(['a/ks.yaml', 'b/ks.yaml']);
  });
});

describe('clusters: what is one cluster and what is not', () => {
  it('two bootstraps written in one file that nothing builds are two clusters, not one', () => {
    const texts: Record<string, string> = {
      'bootstrap/clusters.yaml': `${flux('prod', './clusters/prod')}---\n${flux('staging', './clusters/staging')}`,
      'clusters/prod/flux-system/gotk-components.yaml': components('v1.4.3'),
      'clusters/prod/apps.yaml': flux('apps', './apps/prod'),
      'clusters/staging/apps.yaml': flux('apps', './apps/staging'),
      'apps/prod/release.yaml': RELEASE,
      'apps/staging/release.yaml': RELEASE,
    };
    expect(clustersOf(checkout(texts), [], undefined).map((c) => c.root)).toEqual([
      'Kustomization/flux-system/prod (bootstrap/clusters.yaml)',
      'Kustomization/flux-system/staging (bootstrap/clusters.yaml)',
    ]);
    expect(pinsFor(texts, 'apps/prod/release.yaml').flux?.majors).toEqual([3]);
    expect(pinsFor(texts, 'clusters/staging/apps.yaml').flux).toBeUndefined();
    expect(pinsFor(texts, 'apps/staging/release.yaml').flux).toBeUndefined();
  });

  it('a cluster-path places what it builds by its folder: its pin holds for the proof too', () => {
    const texts = {
      'deploy/flux-system/gotk-components.yaml': components('v1.4.3'),
      'deploy/docs/release.yaml': RELEASE,
    };
    const clusters = clustersOf(checkout(texts), ['deploy'], undefined);
    const finds = pinFinds(files(texts));
    // The render check places the release by its file, the proof by the entry point's folder.
    expect(pinsAt(finds, clusters, 'deploy/docs/release.yaml').flux?.majors).toEqual([3]);
    expect(pinsAt(finds, clusters, 'deploy').flux?.majors).toEqual([3]);
    expect(pinsAt(finds, clusters, undefined).flux).toBeUndefined();
  });

  it("a Kustomization built from another repository reads nothing of this checkout's folder", () => {
    const texts = {
      'clusters/prod/flux-system/gotk-sync.yaml': flux('flux-system', './clusters/prod'),
      'clusters/prod/flux-system/gotk-components.yaml': components('v1.4.3'),
      'clusters/prod/fleet.yaml': flux('fleet', './apps').replace(
        'name: flux-system\n',
        'name: fleet\n',
      ),
      'clusters/prod/fleet-source.yaml': `apiVersion: source.toolkit.fluxcd.io/v1
kind: GitRepository
metadata:
  name: fleet
  namespace: flux-system
spec:
  url: https://github.com/acme/fleet.git
`,
      'apps/release.yaml': RELEASE,
    };
    expect(pinsFor(texts, 'apps/release.yaml').flux).toBeUndefined();
  });

  it('the Applications of one ApplicationSet are one Argo CD: its self-install pins its siblings', () => {
    const texts = {
      'appsets/apps.yaml': `apiVersion: argoproj.io/v1alpha1
kind: ApplicationSet
metadata:
  name: apps
  namespace: argocd
spec:
  generators:
    - list:
        elements:
          - name: argocd
          - name: docs
  template:
    metadata:
      name: '{{name}}'
    spec:
      project: default
      source:
        repoURL: https://github.com/acme/docs.git
        targetRevision: HEAD
        path: '{{name}}'
      destination:
        server: https://kubernetes.default.svc
        namespace: '{{name}}'
`,
      'argocd/kustomization.yaml': kustomization(
        'https://raw.githubusercontent.com/argoproj/argo-cd/v3.4.1/manifests/install.yaml',
      ),
      'docs/Chart.yaml': 'apiVersion: v2\nname: docs\nversion: 0.1.0\n',
      'docs/values.yaml': 'replicaCount: 1\n',
    };
    expect(pinsFor(texts, 'appsets/apps.yaml').argo?.majors).toEqual([3]);
  });
});

describe('pinsAt: the majors the clusters that apply a release pin', () => {
  it("a release only production applies: production's helm-controller tag", () => {
    const pins = pinsFor(twoClusters('v1.5.1'), 'clusters/production/apps.yaml');
    expect(pins.flux).toEqual({
      majors: [4],
      by: 'clusters/production/flux-system/gotk-components.yaml: helm-controller v1.5',
    });
    expect(pins.outside).toBeUndefined();
  });

  it('a release staging applies too, where nothing pins Flux: both majors, naming the pin left out', () => {
    const pins = pinsFor(twoClusters('v1.5.1'), 'apps/base/docs/release.yaml');
    expect(pins.flux).toBeUndefined();
    expect(pins.outside?.flux).toBe(
      'clusters/production/flux-system/gotk-components.yaml: helm-controller v1.5 is not read by every cluster that applies this release: Kustomization/flux-system/flux-system (clusters/staging/flux-system/gotk-sync.yaml) applies it and pins no version',
    );
    // Staging's own apps: not production's pin either.
    expect(pinsFor(twoClusters('v1.5.1'), 'clusters/staging/apps.yaml').flux).toBeUndefined();
  });

  it('both clusters pinned, to Helm 3 and Helm 4: the shared release renders with both', () => {
    const pins = pinsFor(twoClusters('v1.5.1', 'v1.4.3'), 'apps/base/docs/release.yaml');
    expect(pins.flux?.majors).toEqual([3, 4]);
    expect(pinsFor(twoClusters('v1.5.1', 'v1.4.3'), 'clusters/staging/apps.yaml').flux).toEqual({
      majors: [3],
      by: 'clusters/staging/flux-system/gotk-components.yaml: helm-controller v1.4',
    });
  });

  it('a file no entry point reads: no pin, and why', () => {
    const pins = pinsFor(twoClusters('v1.5.1'), 'charts/enterprise/values.yaml');
    expect(pins.flux).toBeUndefined();
    expect(pins.outside?.flux).toContain(
      'helm-controller v1.5 is not read by a cluster that applies this release: no entry point of the checkout applies it',
    );
  });

  const ROOT = `apiVersion: argoproj.io/v1alpha1
kind: Application
metadata:
  name: root
  namespace: argocd
spec:
  project: default
  source:
    repoURL: https://github.com/acme/docs.git
    targetRevision: HEAD
    path: apps
  destination:
    server: https://kubernetes.default.svc
    namespace: argocd
`;
  const app = (name: string, path: string) =>
    ROOT.replace('name: root', `name: ${name}`).replace('path: apps', `path: ${path}`);
  const argo = (selfManaged: boolean): Record<string, string> => ({
    'bootstrap/root.yaml': ROOT,
    'apps/docs.yaml': app('docs', 'charts/docs'),
    ...(selfManaged ? { 'apps/argocd.yaml': app('argocd', 'argocd') } : {}),
    'argocd/kustomization.yaml': kustomization(
      'https://raw.githubusercontent.com/argoproj/argo-cd/v3.4.1/manifests/install.yaml',
    ),
    'charts/docs/Chart.yaml': 'apiVersion: v2\nname: docs\nversion: 0.1.0\n',
    'charts/docs/values.yaml': 'replicaCount: 1\n',
  });

  it("Argo CD: an app of apps whose child installs Argo CD pins its siblings' major", () => {
    expect(pinsFor(argo(true), 'apps/docs.yaml').argo).toEqual({
      majors: [3],
      by: 'argocd/kustomization.yaml: Argo CD v3.4',
    });
  });

  it('Argo CD installed from a folder no Application builds: both majors', () => {
    const pins = pinsFor(argo(false), 'apps/docs.yaml');
    expect(pins.argo).toBeUndefined();
    expect(pins.outside?.argo).toContain(
      'argocd/kustomization.yaml: Argo CD v3.4 is not read by every cluster that applies this release: Application/argocd/root (bootstrap/root.yaml) applies it and pins no version',
    );
  });
});
