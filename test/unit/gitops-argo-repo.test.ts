/**
 * Whether an Argo CD Application's path source, or the `$ref` source of its `$values` valueFiles,
 * is this repository (GITHUB_REPOSITORY): the same repository in its https, ssh and `.git`
 * forms is; another is not, and what it names is out of reach, never this checkout's file of the
 * same name; a templated repoURL, or no GITHUB_REPOSITORY, counts as this repository.
 */
import { describe, expect, it } from 'vitest';
import { entriesIn, type ArgoEntry } from '../../src/gitops/discover.js';
import { argoFiles, elsewhereRecords } from '../../src/gitops/prove-argo.js';
import type { Checkout } from '../../src/gitops/tree.js';
import { ofThisRepository } from '../../src/values/site.js';

describe('a repoURL against this repository', () => {
  it.each([
    ['https://github.com/acme/docs', 'acme/docs', true],
    ['https://github.com/acme/docs.git', 'acme/docs', true],
    ['https://github.com/Acme/Docs/', 'acme/docs', true],
    ['git@github.com:acme/docs.git', 'acme/docs', true],
    ['ssh://git@github.com/acme/docs.git', 'acme/docs', true],
    ['https://github.com/acme/platform.git', 'acme/docs', false],
    ['git@github.com:other/docs.git', 'acme/docs', false],
    ['https://github.com/acme/docs-config.git', 'acme/docs', false],
    ['{{ .Values.repoURL }}', 'acme/docs', true],
    ['https://github.com/acme/platform.git', undefined, true],
  ])('%s, GITHUB_REPOSITORY %s: %s', (url, repository, expected) => {
    expect(ofThisRepository(url, repository)).toBe(expected);
  });
});

const files: Record<string, string> = {
  'apps/docs.yaml': '',
  'guestbook/Chart.yaml': 'name: guestbook\n',
  'guestbook/values.yaml': 'replicaCount: 1\n',
  'guestbook/values-production.yaml': 'replicaCount: 2\n',
  'env/prod/docs.yaml': 'replicaCount: 3\n',
};
const checkout: Checkout = {
  root: '/nowhere',
  files: Object.keys(files).sort(),
  read: (p) => files[p],
};

function application(sources: string): ArgoEntry {
  const text = `apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata:\n  name: docs\n  namespace: argocd\nspec:\n  project: default\n${sources}`;
  return entriesIn(text, 'apps/docs.yaml')[0] as ArgoEntry;
}

const pathSource = (repoURL: string) =>
  application(
    `  source:\n    repoURL: ${repoURL}\n    path: guestbook\n    helm:\n      valueFiles: [values-production.yaml]\n`,
  );

const refSource = (repoURL: string) =>
  application(
    `  sources:\n    - chart: enterprise\n      repoURL: https://charts.example.com\n      helm:\n        valueFiles: [$values/env/prod/docs.yaml]\n    - repoURL: ${repoURL}\n      ref: values\n`,
  );

const targets = ['guestbook/values-production.yaml', 'env/prod/docs.yaml'].map((file) => ({
  file,
  display: file,
}));

describe("an Application's sources in the proof", () => {
  it.each([
    ['https://github.com/acme/docs.git', 'acme/docs'],
    ['git@github.com:acme/docs.git', 'acme/docs'],
    ["'{{ .Values.repoURL }}'", 'acme/docs'],
    ['https://github.com/acme/platform.git', undefined],
  ])('a path source at %s (GITHUB_REPOSITORY %s) is this checkout', (url, repository) => {
    const entry = pathSource(url);
    expect(elsewhereRecords(checkout, entry, repository, targets).records).toEqual([]);
    expect(argoFiles(checkout, entry, repository)).toContain('guestbook/values-production.yaml');
  });

  it('a path source of another repository: what it names is out of reach, with the fix', () => {
    const entry = pathSource('https://github.com/acme/platform.git');
    const { records, read } = elsewhereRecords(checkout, entry, 'acme/docs', targets);
    const reason =
      'Application/argocd/docs (apps/docs.yaml) names it, but its source is https://github.com/acme/platform.git, another repository: out of reach of this checkout, whose file of that name proves nothing. To prove the link, name the folder the cluster applies in cluster-path, or run the action in that repository';
    expect(records).toEqual([
      {
        target: 'guestbook/values-production.yaml',
        entry: 'Application/argocd/docs',
        level: 'skipped',
        reason,
      },
    ]);
    expect([...read]).toEqual([['guestbook/values-production.yaml', reason]]);
    expect(argoFiles(checkout, entry, 'acme/docs')).toEqual([]);
  });

  it('a $values ref to another repository cannot prove the valueFiles it names', () => {
    const away = refSource('git@github.com:acme/platform.git');
    expect(elsewhereRecords(checkout, away, 'acme/docs', targets).records).toEqual([
      expect.objectContaining({
        target: 'env/prod/docs.yaml',
        level: 'skipped',
        reason: expect.stringContaining(
          'its source is git@github.com:acme/platform.git, another repository',
        ) as string,
      }),
    ]);
    expect(argoFiles(checkout, away, 'acme/docs')).toEqual([]);
    const ours = refSource('https://github.com/acme/docs');
    expect(elsewhereRecords(checkout, ours, 'acme/docs', targets).records).toEqual([]);
    expect(argoFiles(checkout, ours, 'acme/docs')).toEqual(['env/prod/docs.yaml']);
  });
});
