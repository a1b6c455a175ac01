/**
 * What an ApplicationSet's git generators read, as Argo CD selects it: `directories` with Go's
 * path.Match against every folder but hidden ones, an `exclude: true` entry winning
 * (applicationset/generators/git.go filterApps); `files` as `git ls-files -- <glob>` lists them
 * (checked against the real git); generators nested in matrix and merge; only this repository's.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { appSetReaders, appSetRecords } from '../../src/gitops/appset.js';
import { gitPathspecMatch, goPathMatch } from '../../src/gitops/glob.js';
import type { Checkout } from '../../src/gitops/tree.js';

describe("Go's path.Match (directories, valueFiles globs)", () => {
  it.each([
    ['apps/*', 'apps/docs', true],
    ['apps/*', 'apps/docs/prod', false],
    ['apps/*/prod', 'apps/docs/prod', true],
    ['apps/d?cs', 'apps/docs', true],
    ['apps/d?cs', 'apps/d/cs', false],
    ['apps/[a-c]*', 'apps/blog', true],
    ['apps/[^a-c]*', 'apps/blog', false],
    ['apps/\\*', 'apps/*', true],
    ['apps/\\*', 'apps/docs', false],
    ['apps/**', 'apps/docs/prod', false],
    ['apps/[', 'apps/[', false],
    ['apps/[]]', 'apps/]', false],
    ['apps/{{.path.path}}', 'apps/docs/prod', true],
  ])('%s against %s: %s', (pattern, name, expected) => {
    expect(goPathMatch(pattern, name)).toBe(expected);
  });
});

describe('git ls-files pathspecs (files), against the real git', () => {
  const files = [
    'apps/docs/config.json',
    'apps/docs/prod/config.json',
    'apps/docs/values.yaml',
    'apps/blog/config.json',
    'clusters/prod/config.yaml',
    'top.json',
  ];
  it('selects what git ls-files lists', async () => {
    const repo = await mkdtemp(join(tmpdir(), 'appset-git-'));
    try {
      for (const file of files) {
        await mkdir(dirname(join(repo, file)), { recursive: true });
        await writeFile(join(repo, file), '{}\n');
      }
      const git = (...args: string[]) => promisify(execFile)('git', args, { cwd: repo });
      await git('init', '-q');
      await git('add', '.');
      for (const pattern of [
        'apps/*/config.json',
        'apps/**/config.json',
        '**/config.json',
        'apps/docs',
        'apps/docs/',
        'apps/d?cs/*.json',
        'apps/[ab]*/config.json',
        'apps/[!b]*/config.json',
        '*.json',
        'clusters/prod/config.yaml',
      ]) {
        const { stdout } = await git('ls-files', '--full-name', '-z', '--', pattern);
        expect(files.filter((f) => gitPathspecMatch(pattern, f)).sort(), pattern).toEqual(
          stdout.split('\0').filter(Boolean).sort(),
        );
      }
    } finally {
      await rm(repo, { recursive: true, force: true });
    }
  });
});

function checkout(texts: Record<string, string>): Checkout {
  return { root: '/nowhere', files: Object.keys(texts).sort(), read: (p) => texts[p] };
}

const appset = (generators: string, template = '') =>
  `apiVersion: argoproj.io/v1alpha1\nkind: ApplicationSet\nmetadata:\n  name: apps\n  namespace: argocd\nspec:\n  generators:\n${generators}  template:\n    metadata:\n      name: '{{path.basename}}'\n    spec:\n      project: default\n      source:\n        repoURL: https://github.com/acme/docs.git\n        path: ${template || "'{{path}}'"}\n`;

const read = (texts: Record<string, string>, file: string, repository = 'acme/docs') =>
  appSetRecords(appSetReaders(checkout(texts), repository), [{ file, display: file }]).records;

describe('the folders and files an ApplicationSet reads', () => {
  const files = {
    'apps/docs/values.yaml': 'replicaCount: 1\n',
    'apps/legacy/values.yaml': 'replicaCount: 1\n',
    'apps/.hidden/values.yaml': 'replicaCount: 1\n',
    'other/values.yaml': 'replicaCount: 1\n',
  };
  // Combined with the clusters Argo CD knows: not expanded here (argo/appset-expand.ts), so read.
  const directories = (repo: string, extra = '') =>
    `    - matrix:\n        generators:\n          - clusters: {}\n          - git:\n              repoURL: ${repo}\n              revision: HEAD\n              directories:\n                - path: apps/*\n${extra.replace(/^ {10}/gm, '                ')}`;

  it('a directories generator: the files under the folders it selects, the reader named', () => {
    const texts = {
      ...files,
      'argocd/apps.yaml': appset(directories('https://github.com/acme/docs.git')),
    };
    const [record, ...more] = read(texts, 'apps/docs/values.yaml');
    expect(more).toEqual([]);
    expect(record).toMatchObject({ entry: 'ApplicationSet/argocd/apps', level: 'skipped' });
    expect(record!.reason).toContain(
      "ApplicationSet/argocd/apps (argocd/apps.yaml) reads it: its git generator's directories apps/* selects apps/docs",
    );
    expect(record!.reason).toContain('cluster-path');
    expect(record!.reason).toContain(
      '(its matrix generator combines clusters and git generators, which this run does not expand, and its clusters generator lists the clusters Argo CD knows',
    );
    expect(read(texts, 'other/values.yaml')).toEqual([]);
    // The repo server skips folders whose name starts with a dot.
    expect(read(texts, 'apps/.hidden/values.yaml')).toEqual([]);
  });

  it('an exclude entry wins over the include, whatever their order', () => {
    const exclude = '          - path: apps/legacy\n            exclude: true\n';
    const texts = {
      ...files,
      'argocd/apps.yaml': appset(directories('git@github.com:acme/docs.git', exclude)),
    };
    expect(read(texts, 'apps/legacy/values.yaml')).toEqual([]);
    expect(read(texts, 'apps/docs/values.yaml')).toHaveLength(1);
  });

  it('a generator of another repository reads nothing here; an unknown repository is this one', () => {
    const texts = {
      ...files,
      'argocd/apps.yaml': appset(directories('https://github.com/acme/platform')),
    };
    expect(read(texts, 'apps/docs/values.yaml')).toEqual([]);
    expect(read(texts, 'apps/docs/values.yaml', '')).toHaveLength(1);
  });

  it('a files generator nested in a matrix: the files and their folders', () => {
    const generators =
      '    - matrix:\n        generators:\n          - list:\n              elements: [{cluster: prod}]\n          - git:\n              repoURL: https://github.com/acme/docs\n              revision: HEAD\n              files:\n                - path: "apps/**/config.json"\n                - path: apps/legacy/config.json\n                  exclude: true\n';
    const texts = {
      ...files,
      'apps/docs/config.json': '{}',
      'apps/legacy/config.json': '{}',
      'argocd/apps.yaml': appset(generators),
    };
    expect(read(texts, 'apps/docs/config.json')[0]!.reason).toContain(
      'files apps/**/config.json, apps/legacy/config.json (exclude) selects apps/docs/config.json',
    );
    expect(read(texts, 'apps/docs/values.yaml')[0]!.reason).toContain('selects apps/docs,');
    expect(read(texts, 'apps/legacy/values.yaml')).toEqual([]);
  });

  it("a template's source path is read by every Application it generates, an expression standing for any text", () => {
    const generators = '    - clusters: {}\n';
    const texts = { ...files, 'argocd/apps.yaml': appset(generators, 'other') };
    expect(read(texts, 'other/values.yaml')[0]!.reason).toContain(
      "its template's source path other selects other",
    );
    expect(read(texts, 'apps/docs/values.yaml')).toEqual([]);
    const templated = { ...files, 'argocd/apps.yaml': appset(generators, "'apps/{{name}}'") };
    expect(read(templated, 'apps/docs/values.yaml')[0]!.reason).toContain(
      "its template's source path apps/{{name}} selects apps/docs",
    );
    expect(read(templated, 'other/values.yaml')).toEqual([]);
  });

  it('one whose generators are expanded here reads through its Applications, not as out of reach', () => {
    const generators = '    - list:\n        elements: [{cluster: prod}]\n';
    const texts = { ...files, 'argocd/apps.yaml': appset(generators, 'other') };
    expect(read(texts, 'other/values.yaml')).toEqual([]);
  });
});
