/**
 * The helm major a controller renders with, where the checkout pins the controller's version:
 * a FluxInstance's distribution.version (the Flux Operator installs the newest release its
 * constraint allows), a helm-controller image tag (gotk-components.yaml), an Argo CD image tag or
 * install manifest address. Flux 2.8 / helm-controller 1.5 and Argo CD 3.5 are the first on Helm 4.
 */
import { describe, expect, it } from 'vitest';
import { fluxVersionMajor, pinFinds, pinsWithin } from '../../src/gitops/helm-majors.js';

/** The pins of the files read as one cluster (gitops/clusters.ts scopes them in a run). */
const helmPins = (files: { path: string; text: string }[]) => pinsWithin(pinFinds(files));

const instance = (version: string, name = 'flux') => `apiVersion: fluxcd.controlplane.io/v1
kind: FluxInstance
metadata:
  name: ${name}
  namespace: flux-system
spec:
  distribution:
    version: "${version}"
    registry: "ghcr.io/fluxcd"
`;

describe('fluxVersionMajor: a FluxInstance version constraint', () => {
  it.each([
    ['2.7.x', 3],
    ['2.7.3', 3],
    ['v2.7.3', 3],
    ['~2.7', 3],
    ['2.6', 3],
    ['2.8.x', 4],
    ['2.8.0', 4],
    ['2.9.x', 4],
    ['>=2.8', 4],
    ['^2.8', 4],
    ['~2.8', 4],
    ['>2.7', 4],
    ['>= 2.8.0, < 3.0.0', 4],
    ['<2.8', 3],
    ['<=2.7.9', 3],
    ['>=2.6 <2.8', 3],
    ['2.6.x || 2.7.x', 3],
    ['2.5 - 2.7', 3],
    // A pre-release is of its own line; `!=` takes out one version and moves no bound.
    ['2.8.0-rc.1', 4],
    ['>=2.8.0-rc.1', 4],
    ['~2.8.0-rc.1', 4],
    ['2.7.0-rc.1', 3],
    ['>=2.8, !=2.8.1', 4],
    ['=>2.8', 4],
    ['~>2.7', 3],
  ] as const)('%s: Helm %i', (version, major) => {
    expect(fluxVersionMajor(version)).toBe(major);
  });

  // The operator resolves a range to the newest Flux it knows, which may be 2.7 or 2.8 and later.
  it.each(['2.x', '*', '^2.7', '>=2.6', '>=2.6.0', '~2', '2.7.x || 2.8.x', '>2.7.3'])(
    '%j spans 2.8: no pin (both majors)',
    (version) => {
      expect(fluxVersionMajor(version)).toBeUndefined();
    },
  );

  it.each(['latest', '', '2.8.x ||', '!=2.7.0'])('%j: not read, so no pin', (version) => {
    expect(fluxVersionMajor(version)).toBeUndefined();
  });
});

describe('helmPins: what the checkout says of its controllers', () => {
  it('a FluxInstance on 2.7.x pins Flux to Helm 3, naming it', () => {
    expect(helmPins([{ path: 'clusters/prod/flux.yaml', text: instance('2.7.x') }])).toEqual({
      flux: {
        majors: [3],
        by: 'FluxInstance flux-system/flux (clusters/prod/flux.yaml: distribution.version 2.7.x)',
      },
    });
  });

  it('two clusters on 2.7 and 2.8: both majors', () => {
    const pins = helmPins([
      { path: 'clusters/a/flux.yaml', text: instance('2.7.x', 'a') },
      { path: 'clusters/b/flux.yaml', text: instance('2.8.x', 'b') },
    ]);
    expect(pins.flux?.majors).toEqual([3, 4]);
    expect(pins.argo).toBeUndefined();
  });

  it('gotk-components.yaml: the helm-controller image tag', () => {
    const text = '      containers:\n        - image: ghcr.io/fluxcd/helm-controller:v1.4.3\n';
    expect(helmPins([{ path: 'clusters/prod/flux-system/gotk-components.yaml', text }])).toEqual({
      flux: {
        majors: [3],
        by: 'clusters/prod/flux-system/gotk-components.yaml: helm-controller v1.4',
      },
    });
    const newer = text.replace('v1.4.3', 'v1.5.5');
    expect(helmPins([{ path: 'gotk.yaml', text: newer }]).flux?.majors).toEqual([4]);
  });

  it('Argo CD: an image tag, or the install manifest a kustomization names', () => {
    expect(
      helmPins([{ path: 'argocd/install.yaml', text: 'image: quay.io/argoproj/argocd:v3.4.1\n' }])
        .argo,
    ).toEqual({ majors: [3], by: 'argocd/install.yaml: Argo CD v3.4' });
    const remote =
      'resources:\n  - https://raw.githubusercontent.com/argoproj/argo-cd/v3.5.0/manifests/install.yaml\n';
    expect(helmPins([{ path: 'argocd/kustomization.yaml', text: remote }]).argo?.majors).toEqual([
      4,
    ]);
    const ref =
      'resources:\n  - github.com/argoproj/argo-cd/manifests/cluster-install?ref=v2.14.2\n';
    expect(helmPins([{ path: 'k.yaml', text: ref }]).argo?.majors).toEqual([3]);
  });

  it("a kustomization's images: override adds its version to the manifests' (the scan does not follow which manifests it builds); a digest or newName alone unpins", () => {
    const kustomization = (image: string) =>
      `apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources:\n  - https://raw.githubusercontent.com/argoproj/argo-cd/v3.4.1/manifests/install.yaml\nimages:\n  - name: quay.io/argoproj/argocd\n${image}`;
    expect(
      helmPins([{ path: 'argocd/kustomization.yaml', text: kustomization('    newTag: v3.5.1\n') }])
        .argo,
    ).toEqual({
      majors: [3, 4],
      by: 'argocd/kustomization.yaml: Argo CD v3.4; argocd/kustomization.yaml: images Argo CD v3.5',
    });
    const digest = kustomization('    digest: sha256:' + '0'.repeat(64) + '\n');
    expect(helmPins([{ path: 'argocd/kustomization.yaml', text: digest }])).toEqual({});
    const renamed = kustomization('    newName: registry.example.com/argocd\n');
    expect(helmPins([{ path: 'argocd/kustomization.yaml', text: renamed }])).toEqual({});
    // A Flux Kustomization's spec.images, in another file than the image tag it overrides.
    const gotk = { path: 'gotk.yaml', text: 'image: ghcr.io/fluxcd/helm-controller:v1.4.3\n' };
    const sync = `apiVersion: kustomize.toolkit.fluxcd.io/v1\nkind: Kustomization\nmetadata: {name: flux-system}\nspec:\n  images:\n    - name: ghcr.io/fluxcd/helm-controller\n      newTag: v1.5.0\n`;
    expect(helmPins([gotk, { path: 'clusters/prod/sync.yaml', text: sync }]).flux?.majors).toEqual([
      3, 4,
    ]);
  });

  it('a controller named without a version anywhere in the checkout leaves its major open', () => {
    const pinned = { path: 'b/gotk.yaml', text: 'image: ghcr.io/fluxcd/helm-controller:v1.4.3\n' };
    expect(helmPins([pinned]).flux?.majors).toEqual([3]);
    // Another cluster's FluxInstance whose version spans Flux 2.7 and 2.8.
    expect(helmPins([pinned, { path: 'a/flux.yaml', text: instance('2.x') }]).flux).toBeUndefined();
    const argo = (tag: string) => ({
      path: `${tag}/argo.yaml`,
      text: `image: quay.io/argoproj/argocd:${tag}\n`,
    });
    expect(helmPins([argo('v3.4.1')]).argo?.majors).toEqual([3]);
    expect(helmPins([argo('v3.4.1'), argo('latest')]).argo).toBeUndefined();
  });

  it('nothing of the kind, or a FluxInstance without a version it reads: no pin (both majors)', () => {
    expect(helmPins([{ path: 'values.yaml', text: 'image: {tag: v1.4.3}\n' }])).toEqual({});
    expect(helmPins([{ path: 'flux.yaml', text: instance('latest') }])).toEqual({});
  });
});
