/**
 * Which repository a Flux Kustomization builds from: its sourceRef's GitRepository, found in the
 * checkout or in a parent's build. One of another repository is out of reach (its path here is a
 * folder of the same name, proving nothing); this repository's, or one this run cannot find (a
 * bootstrap's), is built; an OCIRepository or a Bucket is out of reach as before.
 */
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import {
  checkoutGitRepositories,
  entriesIn,
  gitRepositoryUrls,
  outOfReach,
  type Entry,
} from '../../src/gitops/discover.js';
import type { Checkout } from '../../src/gitops/tree.js';

const source = (name: string, url: string, namespace?: string) =>
  `apiVersion: source.toolkit.fluxcd.io/v1\nkind: GitRepository\nmetadata:\n  name: ${name}\n${namespace ? `  namespace: ${namespace}\n` : ''}spec:\n  url: ${url}\n`;

const files: Record<string, string> = {
  'clusters/prod/flux-system/gotk-sync.yaml': source(
    'flux-system',
    'ssh://git@github.com/acme/docs',
    'flux-system',
  ),
  'clusters/prod/platform.yaml': `${source('platform', 'https://user:hunter2@github.com/acme/platform.git', 'flux-system')}---\n`,
  'apps/notes.yaml': 'GitRepository is a word here, not an object\n',
};
const checkout: Checkout = {
  root: '/nowhere',
  files: Object.keys(files).sort(),
  read: (p) => files[p],
};

const kustomization = (sourceRef: string) =>
  entriesIn(
    `apiVersion: kustomize.toolkit.fluxcd.io/v1\nkind: Kustomization\nmetadata:\n  name: apps\n  namespace: flux-system\nspec:\n  path: ./apps/production\n  sourceRef:\n${sourceRef}`,
    'clusters/prod/apps.yaml',
  )[0] as Entry;

describe("a Flux Kustomization's source repository", () => {
  const urls = checkoutGitRepositories(checkout);

  it('reads the GitRepositories of the checkout by namespace and name', () => {
    expect([...urls.keys()].sort()).toEqual(['flux-system/flux-system', 'flux-system/platform']);
  });

  it("this repository's GitRepository (ssh form) is built", () => {
    const entry = kustomization('    kind: GitRepository\n    name: flux-system\n');
    expect(outOfReach(entry, urls, 'acme/docs')).toBeUndefined();
  });

  it("another repository's is out of reach, named without its password, with the fix", () => {
    const entry = kustomization('    kind: GitRepository\n    name: platform\n');
    const reason = outOfReach(entry, urls, 'acme/docs');
    expect(reason).toContain('builds from GitRepository/flux-system/platform (');
    expect(reason).toContain('github.com/acme/platform.git), another repository: out of reach');
    expect(reason).toContain('cluster-path');
    expect(reason).not.toContain('hunter2');
  });

  it('a GitRepository this run cannot find, or no GITHUB_REPOSITORY, is taken for this repository', () => {
    expect(
      outOfReach(
        kustomization('    kind: GitRepository\n    name: elsewhere\n'),
        urls,
        'acme/docs',
      ),
    ).toBeUndefined();
    expect(
      outOfReach(kustomization('    kind: GitRepository\n    name: platform\n'), urls, undefined),
    ).toBeUndefined();
  });

  it("a parent's build adds its GitRepositories; one without a namespace is found by name", () => {
    const built = gitRepositoryUrls(
      [
        {
          apiVersion: 'source.toolkit.fluxcd.io/v1',
          kind: 'GitRepository',
          metadata: { name: 'tenant' },
          spec: { url: 'https://github.com/acme/tenant' },
        },
      ],
      new Map(urls),
    );
    const entry = kustomization('    kind: GitRepository\n    name: tenant\n');
    expect(outOfReach(entry, built, 'acme/docs')).toContain('another repository');
    expect(outOfReach(entry, urls, 'acme/docs')).toBeUndefined();
  });

  it('an OCIRepository or a Bucket is out of reach whatever the repositories', () => {
    const oci = kustomization('    kind: OCIRepository\n    name: manifests\n');
    expect(outOfReach(oci, urls, 'acme/docs')).toContain('OCIRepository/manifests');
    const bucket = kustomization('    kind: Bucket\n    name: manifests\n');
    expect(outOfReach(bucket, urls, 'acme/docs')).toContain('Bucket/manifests');
  });
});

describe('a Kustomization whose namespace this run cannot see', () => {
  it('a GitRepository of its sourceRef name in another namespace, of another repository: out of reach', () => {
    // The Kustomization's file names no namespace (a kustomization's `namespace: apps` sets it),
    // and the GitRepository it names is in `apps`, not in the `flux-system` assumed.
    const entry = entriesIn(
      'apiVersion: kustomize.toolkit.fluxcd.io/v1\nkind: Kustomization\nmetadata:\n  name: tenant\nspec:\n  path: ./apps/tenant\n  sourceRef:\n    kind: GitRepository\n    name: tenant\n',
      'apps/tenant.yaml',
    )[0] as Entry;
    const urls = gitRepositoryUrls(
      parseAllDocuments(source('tenant', 'https://github.com/acme/tenant.git', 'apps')).map(
        (d) => d.toJS() as unknown,
      ),
    );
    expect(outOfReach(entry, urls, 'acme/docs')).toContain(
      'builds from GitRepository/apps/tenant (https://github.com/acme/tenant.git), another repository',
    );
    // Of this repository: built.
    const ours = gitRepositoryUrls(
      parseAllDocuments(source('tenant', 'https://github.com/acme/docs.git', 'apps')).map(
        (d) => d.toJS() as unknown,
      ),
    );
    expect(outOfReach(entry, ours, 'acme/docs')).toBeUndefined();
  });
});
