/**
 * The Flux Operator's objects as entry points: a FluxInstance's spec.sync becomes the
 * GitRepository (ref.name) or OCIRepository (ref.tag) and the Kustomization the operator generates
 * (flux-operator internal/builder/templates.go, syncTmpl), named after the instance's namespace;
 * the FluxInstance is fluxoperator.dev's "Sync from a Git Repository" example. A ResourceSet's
 * templates name the folders it may read, before their first expression.
 */
import { describe, expect, it } from 'vitest';
import { operatorObjects, resourceSetReaders } from '../../src/gitops/flux/instance.js';
import type { Checkout } from '../../src/gitops/tree.js';

const checkout = (texts: Record<string, string>): Checkout => ({
  root: '/nowhere',
  files: Object.keys(texts).sort(),
  read: (p) => texts[p],
});

const INSTANCE = `apiVersion: fluxcd.controlplane.io/v1
kind: FluxInstance
metadata:
  name: flux
  namespace: flux-system
spec:
  distribution:
    version: "2.8.x"
    registry: "ghcr.io/fluxcd"
  sync:
    kind: GitRepository
    url: "https://github.com/acme/docs.git"
    ref: "refs/heads/main"
    path: "clusters/my-cluster"
    pullSecret: "flux-system"
`;

describe("the Flux Operator's entry points", () => {
  it('a FluxInstance sync: the Kustomization and GitRepository the operator generates', () => {
    const ops = operatorObjects(
      checkout({ 'clusters/my-cluster/flux-system/instance.yaml': INSTANCE }),
    );
    expect(ops.entries).toEqual([
      expect.objectContaining({
        kind: 'flux',
        name: 'flux-system',
        namespace: 'flux-system',
        from: 'clusters/my-cluster/flux-system/instance.yaml',
        path: 'clusters/my-cluster',
        spec: expect.objectContaining({
          prune: true,
          sourceRef: { kind: 'GitRepository', name: 'flux-system' },
        }) as unknown,
      }),
    ]);
    expect(ops.sources).toEqual([
      {
        from: 'clusters/my-cluster/flux-system/instance.yaml',
        object: expect.objectContaining({
          kind: 'GitRepository',
          metadata: { name: 'flux-system', namespace: 'flux-system' },
          spec: expect.objectContaining({
            url: 'https://github.com/acme/docs.git',
            ref: { name: 'refs/heads/main' },
          }) as unknown,
        }) as unknown,
      },
    ]);
  });

  it('an OCIRepository sync follows a tag; an instance without sync is no entry point', () => {
    const oci = INSTANCE.replace('kind: GitRepository', 'kind: OCIRepository').replace(
      'refs/heads/main',
      'latest',
    );
    const none = INSTANCE.slice(0, INSTANCE.indexOf('  sync:'));
    const ops = operatorObjects(checkout({ 'a.yaml': oci, 'b.yaml': none }));
    expect(ops.entries.map((e) => e.spec.sourceRef)).toEqual([
      { kind: 'OCIRepository', name: 'flux-system' },
    ]);
    expect(ops.sources[0]!.object.spec).toMatchObject({ ref: { tag: 'latest' } });
  });

  it('a ResourceSet: out of reach for the folders its templates name, never elsewhere', () => {
    const set = `apiVersion: fluxcd.controlplane.io/v1
kind: ResourceSet
metadata:
  name: apps
  namespace: flux-system
spec:
  inputs:
    - app: docs
  resources:
    - apiVersion: kustomize.toolkit.fluxcd.io/v1
      kind: Kustomization
      metadata:
        name: << inputs.app >>
      spec:
        path: ./apps/<< inputs.app >>
        sourceRef:
          kind: GitRepository
          name: flux-system
`;
    const ops = operatorObjects(checkout({ 'clusters/prod/apps.yaml': set }));
    expect(resourceSetReaders(ops, 'apps/docs/values.yaml')[0]).toContain(
      'ResourceSet/flux-system/apps (clusters/prod/apps.yaml) may read it',
    );
    expect(resourceSetReaders(ops, 'charts/docs/values.yaml')).toEqual([]);
  });
});
