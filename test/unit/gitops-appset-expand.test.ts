/**
 * The Applications an ApplicationSet generates, as Argo CD's ApplicationSet controller makes them
 * (applicationset/generators/list.go and git.go, utils.Render.Replace): the list generator's
 * elements and a git generator of this repository (directories, files), in fasttemplate and
 * goTemplate mode. The layouts follow argo-cd's applicationset/examples (list-generator,
 * git-generator-directory, git-generator-files-discovery). A generator outside this repository,
 * or a template this run does not evaluate, leaves the ApplicationSet unexpanded with its reason.
 */
import { describe, expect, it } from 'vitest';
import { expandAppSets } from '../../src/gitops/argo/appset-expand.js';
import { fillString, sanitizeName } from '../../src/gitops/argo/appset-template.js';
import type { Checkout } from '../../src/gitops/tree.js';

const checkout = (texts: Record<string, string>): Checkout => ({
  root: '/nowhere',
  files: Object.keys(texts).sort(),
  read: (p) => texts[p],
});

const REPO = 'https://github.com/acme/docs.git';
const appset = (spec: string) =>
  `apiVersion: argoproj.io/v1alpha1\nkind: ApplicationSet\nmetadata:\n  name: guestbook\n  namespace: argocd\nspec:\n${spec}`;

const charts = {
  'charts/docs/Chart.yaml': 'name: docs\n',
  'charts/docs/values.yaml': 'replicaCount: 1\n',
  'charts/blog/values.yaml': 'replicaCount: 1\n',
  'charts/.hidden/values.yaml': 'x: 1\n',
};

describe('ApplicationSet expansion', () => {
  it("a list generator (argo-cd's list-example, goTemplate): one Application per element", () => {
    const texts = {
      ...charts,
      'argocd/guestbook.yaml': appset(`  goTemplate: true
  generators:
  - list:
      elements:
      - cluster: engineering-dev
        url: https://kubernetes.default.svc
      - cluster: engineering-prod
        url: https://prod.example.com
  template:
    metadata:
      name: '{{.cluster}}-guestbook'
    spec:
      project: default
      source:
        repoURL: ${REPO}
        targetRevision: HEAD
        path: charts/{{.cluster}}
      destination:
        server: '{{.url}}'
        namespace: guestbook
`),
    };
    const { entries, expanded, reasons } = expandAppSets(checkout(texts), 'acme/docs');
    expect(reasons).toEqual(new Map());
    expect(expanded).toEqual(new Set(['argocd/guestbook.yaml#ApplicationSet/argocd/guestbook']));
    expect(entries.map((e) => [e.name, e.namespace, e.from])).toEqual([
      ['engineering-dev-guestbook', 'argocd', 'argocd/guestbook.yaml'],
      ['engineering-prod-guestbook', 'argocd', 'argocd/guestbook.yaml'],
    ]);
    expect(entries[1]!.spec).toMatchObject({
      source: { path: 'charts/engineering-prod' },
      destination: { server: 'https://prod.example.com' },
    });
  });

  it('a git directories generator (fasttemplate): path, path.basename, path[n], hidden folders and excludes', () => {
    const texts = {
      ...charts,
      'charts/legacy/values.yaml': 'x: 1\n',
      'argocd/charts.yaml': appset(`  generators:
  - git:
      repoURL: git@github.com:acme/docs.git
      revision: HEAD
      directories:
      - path: charts/*
      - path: charts/legacy
        exclude: true
      values:
        team: 'docs-{{path.basename}}'
  template:
    metadata:
      name: '{{path.basename}}'
    spec:
      project: '{{values.team}}'
      source:
        repoURL: ${REPO}
        path: '{{path}}'
        helm:
          parameters:
          - name: top
            value: '{{path[0]}}/{{ path[1] }}/{{unknown}}'
`),
    };
    const { entries } = expandAppSets(checkout(texts), 'acme/docs');
    expect(entries.map((e) => e.name)).toEqual(['blog', 'docs']);
    expect(entries[1]!.spec).toEqual({
      project: 'docs-docs',
      source: {
        repoURL: REPO,
        path: 'charts/docs',
        helm: { parameters: [{ name: 'top', value: 'charts/docs/{{unknown}}' }] },
      },
    });
  });

  it('a git files generator (goTemplate): the file object, .path.path and .path.segments', () => {
    const texts = {
      ...charts,
      'charts/docs/config.json': '{"cluster": {"name": "prod", "replicas": 2}}',
      'charts/blog/config.json':
        '[{"cluster": {"name": "a", "replicas": 1}}, {"cluster": {"name": "b", "replicas": 1}}]',
      'argocd/files.yaml': appset(`  goTemplate: true
  goTemplateOptions: ["missingkey=error"]
  generators:
  - git:
      repoURL: ${REPO}
      revision: HEAD
      files:
      - path: "charts/**/config.json"
  template:
    metadata:
      name: '{{ .cluster.name }}-{{ index .path.segments 1 }}'
    spec:
      project: default
      source:
        repoURL: ${REPO}
        path: '{{.path.path}}'
        helm:
          valuesObject:
            replicaCount: '{{- .cluster.replicas -}}'
            file: '{{.path.filename}} {{.path.basenameNormalized}}'
`),
    };
    const { entries, reasons } = expandAppSets(checkout(texts), 'acme/docs');
    expect(reasons).toEqual(new Map());
    expect(entries.map((e) => e.name)).toEqual(['a-blog', 'b-blog', 'prod-docs']);
    expect(entries[2]!.spec).toMatchObject({
      source: {
        path: 'charts/docs',
        helm: { valuesObject: { replicaCount: '2', file: 'config.json docs' } },
      },
    });
  });

  it.each([
    [
      'a clusters generator',
      '  - clusters: {}\n',
      'its clusters generator lists the clusters Argo CD knows',
    ],
    [
      'a pull request generator',
      '  - pullRequest:\n      github: {owner: acme, repo: docs}\n',
      'its pullRequest generator',
    ],
    [
      'a matrix of clusters and git',
      `  - matrix:\n      generators:\n      - clusters: {}\n      - git:\n          repoURL: ${REPO}\n          directories: [{path: charts/*}]\n`,
      'its matrix generator',
    ],
    [
      'a git generator of another repository',
      '  - git:\n      repoURL: https://github.com/acme/platform.git\n      directories: [{path: "*"}]\n',
      'https://github.com/acme/platform.git, not this repository',
    ],
    [
      'a selector',
      '  - list:\n      elements: [{cluster: a}]\n    selector:\n      matchLabels: {cluster: a}\n',
      "its generator's selector",
    ],
  ])('%s: not expanded, and why', (_, generators, why) => {
    const texts = {
      ...charts,
      'argocd/x.yaml': appset(
        `  generators:\n${generators}  template:\n    metadata:\n      name: x\n    spec:\n      source:\n        repoURL: ${REPO}\n        path: charts/docs\n`,
      ),
    };
    const { entries, reasons } = expandAppSets(checkout(texts), 'acme/docs');
    expect(entries).toEqual([]);
    expect(reasons.get('argocd/x.yaml#ApplicationSet/argocd/guestbook')).toContain(why);
  });

  it('a Go template action it does not evaluate is named, never guessed', () => {
    const texts = {
      ...charts,
      'argocd/x.yaml': appset(
        `  goTemplate: true\n  generators:\n  - list:\n      elements: [{cluster: a}]\n  template:\n    metadata:\n      name: '{{ .cluster | upper }}'\n    spec:\n      source:\n        repoURL: ${REPO}\n        path: charts/docs\n`,
      ),
    };
    const { reasons } = expandAppSets(checkout(texts), 'acme/docs');
    expect(reasons.get('argocd/x.yaml#ApplicationSet/argocd/guestbook')).toContain(
      '{{.cluster | upper}} in "{{ .cluster | upper }}" is not evaluated here',
    );
  });
});

describe("the controller's template filling", () => {
  it('fasttemplate: only string parameters, tags trimmed, others kept as written', () => {
    const params = { path: 'charts/docs', n: 1 as unknown };
    expect(fillString('{{path}}/{{ path }}/{{n}}/{{}}/{{x}}', params, false)).toBe(
      'charts/docs/charts/docs/{{n}}/{{}}/{{x}}',
    );
  });
  it('Go templates: a missing key prints <no value> unless missingkey=error', () => {
    expect(fillString('{{.x}}', {}, true)).toBe('<no value>');
    expect(() => fillString('{{.x}}', {}, true, ['missingkey=error'])).toThrow('missingkey=error');
    expect(fillString('a  {{- .x -}}  b', { x: 'X' }, true)).toBe('aXb');
  });
  it('SanitizeName: lower case, DNS characters, trimmed', () => {
    expect(sanitizeName('-My_App.v2é-')).toBe('my-app.v2');
  });
});
