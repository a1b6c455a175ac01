/**
 * The document store (src/shared/documents.ts): a text is parsed once and its documents shared,
 * what is kept is bounded, and a whole run — the CLI's publish of argo-cd's real 179 KB values file
 * in a git checkout, which reads it, checks it, plans the edit with a placeholder, reads that back,
 * looks for the chart, scans the checkout for entry points and ApplicationSets, edits and proves the
 * edit by the one token it swaps (or reads it back whole where it cannot) — parses no text twice, and lists the checkout once (one `git ls-files`). Every parse
 * is counted where the `yaml` library does it (its Parser), so a step that parses outside the
 * store is caught too.
 */
import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Parser } from 'yaml';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { main } from '../../src/entry/cli/main.js';
import { discoverEntries } from '../../src/gitops/discover.js';
import { documentsOf, documentStats, headOf, topLevelOf } from '../../src/shared/documents.js';
import { manifestsOf } from '../../src/shared/go-yaml.js';
import { parseDocuments } from '../../src/values/check.js';
import { tarGz } from '../../simulator/tar.js';
import { newWorkspace } from '../helpers/action.js';
import { startMirror } from '../helpers/mirror.js';

const text = (n: number) => `replicaCount: ${n}\nstaticExport:\n  enabled: false\n`;

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe('the document store', () => {
  it('parses a text once: the same documents come back, whoever asks', () => {
    const before = documentStats().parses;
    const first = documentsOf(text(1));
    expect(parseDocuments(`${text(1)}`, 'b.yaml')).toBe(first);
    expect(documentsOf(text(2))).not.toBe(first);
    expect(documentStats().parses - before).toBe(2);
  });

  it('an invalid text is kept with its errors; each values read names its own file', () => {
    const bad = 'a: 1\na: 2\n';
    expect(() => parseDocuments(bad, 'one.yaml')).toThrow(/values-file "one\.yaml".*line 2/);
    expect(() => parseDocuments(bad, 'two.yaml')).toThrow(/values-file "two\.yaml".*line 2/);
    expect(documentsOf('a: [\n')[0]!.errors).not.toHaveLength(0);
  });

  it('an empty text and a text of comments read as one empty document', () => {
    for (const empty of ['', '# nothing yet\n']) {
      const docs = documentsOf(empty);
      expect(docs).toHaveLength(1);
      expect(docs[0]!.contents).toBeNull();
    }
  });

  it('at most 2 MB of text: a large text pushes the others out, is kept alone, and is counted when parsed again', () => {
    const small = documentsOf(text(20));
    // Few long values rather than many short ones: the same size, a quarter of the parse.
    const large = `${Array.from({ length: 2_000 }, (_, i) => `k${i}: "${'x'.repeat(1030)}"`).join('\n')}\n`;
    expect(large.length).toBeGreaterThan(2_000_000);
    const docs = documentsOf(large);
    expect(documentsOf(large)).toBe(docs);
    const again = documentStats().again;
    expect(documentsOf(text(20))).not.toBe(small);
    expect(documentStats().again).toBe(again + 1);
  });

  it('what a manifest is comes from its parsed apiVersion and kind; the rest is converted when read', () => {
    const manifests = [
      'apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata: {name: docs}\nspec: {project: default}\n',
      '# argoproj.io/v1alpha1 Application, in a comment\nmetadata:\n  annotations: {argoproj.io/sync-wave: "1"}\nkind: Application\n',
      'apiVersion: argoproj.io/v1alpha1\nkind: Application\nspec: {a: 1, a: 2}\n',
    ].join('---\n');
    const apps = manifestsOf(
      manifests,
      (head) => head.kind === 'Application' && !!head.apiVersion?.startsWith('argoproj.io/'),
    );
    // The second has no apiVersion, the third a repeated key (the controllers refuse it).
    expect(apps).toEqual([
      {
        apiVersion: 'argoproj.io/v1alpha1',
        kind: 'Application',
        metadata: { name: 'docs' },
        spec: { project: 'default' },
      },
    ]);
    const doc = documentsOf('kind: HelmRelease\nspec:\n  values: {a: 1}\n')[0]!;
    expect(headOf(doc)).toEqual({ kind: 'HelmRelease' });
    const top = topLevelOf(doc) as Record<string, unknown>;
    expect(Object.keys(top)).toEqual(['kind', 'spec']);
    expect(top.spec).toEqual({ values: { a: 1 } });
  });
});

describe('discovery', () => {
  it('parses a file for entry points only when a line starts with their apiVersion, and decides by the parsed kind', () => {
    const files: Record<string, string> = {
      // A values file that names both groups in annotations and comments: never parsed.
      'values.yaml': `# see argoproj.io/v1alpha1 and kustomize.toolkit.fluxcd.io/v1\npodAnnotations:\n  argoproj.io/sync-wave: "1"\n  kustomize.toolkit.fluxcd.io/reconcile: disabled\n${'extra: x\n'.repeat(50)}`,
      'apps.yaml':
        'apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata: {name: docs}\nspec: {source: {path: apps}}\n---\napiVersion: argoproj.io/v1alpha1\nkind: AppProject\nmetadata: {name: p}\nspec: {}\n',
      'flux.yaml':
        '"apiVersion": "kustomize.toolkit.fluxcd.io/v1"\nkind: Kustomization\nmetadata: {name: apps}\nspec: {path: ./apps}\n',
    };
    const checkout = {
      root: '/checkout',
      files: Object.keys(files),
      read: (f: string) => files[f],
    };
    const before = documentStats().parses;
    const entries = discoverEntries(checkout, []);
    expect(entries.map((e) => `${e.kind} ${e.name} ${e.from}`)).toEqual([
      'argo docs apps.yaml',
      'flux apps flux.yaml',
    ]);
    // The two manifest files, not the values file.
    expect(documentStats().parses - before).toBe(2);
  });
});

describe('a run', () => {
  it("parses a large values file twice (as read, the placeholder edit's read-back): the edit differs from the placeholder's by one token, proven without a third parse; and lists the checkout once", async () => {
    const values = await argoCdValues();
    // argo-cd's values name argoproj.io/ in annotations and comments: no manifest for all that.
    expect(values).toContain('argoproj.io/');
    const { large, written, listings } = await countedPublish(values);
    expect(large).toHaveLength(2);
    expect(large).toContain(values);
    // The placeholder edit, read back whole; the real edit is not parsed again.
    expect(large).not.toContain(written);
    expect(listings).toBe(1);
  });

  it('parses the edit again where the link is not written as the placeholder was (a flow mapping: the placeholder link has a query, which go-yaml refuses plain there, the real one none)', async () => {
    const values = `${await argoCdValues()}staticExport: {enabled: false, bundleUrl: http://old.example/site.tar.gz}\n`;
    const { large, written } = await countedPublish(values);
    expect(written).toMatch(
      /staticExport: \{enabled: true, bundleUrl: http:\/\/127\.0\.0\.1:\d+\/docs\/site\.tar\.gz\}/,
    );
    expect(large).toHaveLength(3);
    expect(large).toContain(values);
    expect(large).toContain(written);
  });
});

const argoCdValues = () =>
  readFile(join(import.meta.dirname, '../fixtures/argo-helm/argo-cd.yaml'), 'utf8');

/**
 * The CLI's publish of `values` in a git checkout, every `yaml` parse counted: the texts of over
 * 100 KB parsed (each at most once, else it fails), the file as written, and how many times the
 * checkout was listed.
 */
async function countedPublish(values: string) {
  const ws = await newWorkspace({ 'values.yaml': values });
  execFileSync('git', ['init', '-q'], { cwd: ws });
  execFileSync('git', ['add', '-A'], { cwd: ws });
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'x'], {
    cwd: ws,
  });
  // git as the run finds it on PATH, through a script that notes each call: the checkout is
  // listed once however many steps read it.
  const bin = await newWorkspace();
  const calls = join(bin, 'calls.log');
  const git = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
  await writeFile(join(bin, 'git'), `#!/bin/sh\necho "$*" >> '${calls}'\nexec '${git}' "$@"\n`, {
    mode: 0o755,
  });
  vi.stubEnv('PATH', `${bin}:${process.env.PATH ?? ''}`);
  const mirror = await startMirror();
  mirror.files.set('/docs/site.tar.gz', tarGz([{ name: 'site/index.html', content: 'docs' }]));
  const link = `${mirror.url}/docs/site.tar.gz`;
  const parsed: string[] = [];
  // Counted, not changed: every parse still runs as the library's.
  const parse = Object.getOwnPropertyDescriptor(Parser.prototype, 'parse')!
    .value as Parser['parse'];
  vi.spyOn(Parser.prototype, 'parse').mockImplementation(function (this: Parser, source, more) {
    parsed.push(source);
    return parse.call(this, source, more);
  });
  let err = '';
  const code = await main({
    argv: ['publish', '--bundle-url', link, '--values-file', 'values.yaml'],
    env: { PATH: process.env.PATH, HOME: process.env.HOME },
    cwd: ws,
    stdout: { write: () => true },
    stderr: { write: (s: string) => (err += s) },
  });
  await mirror.close();
  expect(code, err).toBe(0);
  const written = await readFile(join(ws, 'values.yaml'), 'utf8');
  expect(written).toContain(link);
  const counts = new Map<string, number>();
  for (const source of parsed) counts.set(source, (counts.get(source) ?? 0) + 1);
  // A one-line value is read back under YAML 1.1 and 1.2 (values/style.ts, values/swap.ts): a
  // line parsed more than once, by design. Every text of a file or document is parsed once.
  const twice = [...counts]
    .filter(([s, n]) => n > 1 && !/^\{?k: [^\n]*\n$/.test(s))
    .map(([s, n]) => `${n}× ${s.slice(0, 60)}`);
  expect(twice).toEqual([]);
  const listings = (await readFile(calls, 'utf8'))
    .split('\n')
    .filter((c) => c.includes('ls-files'));
  return { large: parsed.filter((s) => s.length > 100_000), written, listings: listings.length };
}
