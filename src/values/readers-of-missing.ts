/**
 * A values file that does not exist is created only where something will read it. Otherwise a
 * typo (`values.yml` beside `values.yaml`, `Values.yaml`) writes a file no chart, release or
 * controller reads, and the run exits 0 on a site that never gets the link. The readers looked
 * for: the run's own `helm-release` (the caller's), a chart folder (a Chart.yaml beside the
 * file), and, among the checkout's YAML files, an Argo CD Application or ApplicationSet's
 * `helm.valueFiles` entry, a helmfile release's `values` entry and a kustomization's generator
 * (`configMapGenerator`/`secretGenerator` files, `helmCharts` valuesFile and
 * additionalValuesFiles) that name it. Only the names are matched, as each tool resolves them: a
 * file found here is read by that tool once committed, whether or not the cluster applies it
 * (the proof through the cluster's entry points says that).
 */
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { UserError } from '../shared/errors.js';
import { isHelmfileName } from './helmfile.js';
import { isObject, type Data } from './site.js';

/** The checkout the file is in: its top, its files (relative, forward slashes) and a reader. */
export interface Checkout {
  root: string;
  files: readonly string[];
  read(name: string): Promise<string | undefined>;
}

/** What reads a missing values file at `path`, in words; undefined when nothing does. */
export async function readerOfMissing(
  path: string,
  checkout: Checkout,
): Promise<string | undefined> {
  const target = resolve(path);
  const chart = join(dirname(target), 'Chart.yaml');
  if (existsSync(chart)) return `the chart beside it (${relativeName(checkout.root, chart)})`;
  const name = basename(target);
  for (const file of checkout.files) {
    if (!/\.ya?ml(\.gotmpl)?$/i.test(file)) continue;
    const text = await checkout.read(file);
    // A reader names the file: one that does not hold its name is not parsed.
    if (text === undefined || !text.includes(name)) continue;
    const folder = dirname(join(checkout.root, file));
    for (const doc of parseAllDocuments(text)) {
      if (doc.errors.length > 0) continue;
      const data: unknown = doc.toJS({ maxAliasCount: 10_000 });
      if (!isObject(data)) continue;
      const found = namedBy(data, file, folder, checkout.root);
      if (found.some((entry) => entry === target)) return readerLabel(data, file);
    }
  }
  return undefined;
}

/** The paths a document of `file` makes a tool read as values, absolute. */
function namedBy(data: Data, file: string, folder: string, root: string): string[] {
  const strings = (value: unknown): string[] =>
    Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  if (data.kind === 'Application' || data.kind === 'ApplicationSet') {
    const spec = data.kind === 'Application' ? data.spec : templateSpec(data);
    if (!isObject(spec)) return [];
    const sources: unknown[] = [
      spec.source,
      ...(Array.isArray(spec.sources) ? (spec.sources as unknown[]) : []),
    ];
    return sources.filter(isObject).flatMap((source) => {
      const helm = isObject(source.helm) ? source.helm : {};
      const base = typeof source.path === 'string' ? source.path : '';
      // `$values/…` names a file from the top of the ref'd source (this repository, here).
      return strings(helm.valueFiles).map((entry) =>
        entry.startsWith('$')
          ? resolve(root, entry.replace(/^\$[^/]+\//, ''))
          : resolve(root, base, entry),
      );
    });
  }
  if (isHelmfileName(file) || Array.isArray(data.releases)) {
    const releases = Array.isArray(data.releases) ? data.releases.filter(isObject) : [];
    return releases.flatMap((release) =>
      strings(release.values).map((entry) => resolve(folder, entry)),
    );
  }
  if (
    /^kustomization\.ya?ml$|^Kustomization$/.test(basename(file)) ||
    data.kind === 'Kustomization'
  ) {
    const generators = [data.configMapGenerator, data.secretGenerator].flatMap((list) =>
      Array.isArray(list) ? list.filter(isObject) : [],
    );
    const files = generators.flatMap((g) =>
      strings(g.files).map((entry) => entry.replace(/^[^=]*=/, '')),
    );
    const charts = Array.isArray(data.helmCharts) ? data.helmCharts.filter(isObject) : [];
    const values = charts.flatMap((chart) => [
      ...(typeof chart.valuesFile === 'string' ? [chart.valuesFile] : []),
      ...strings(chart.additionalValuesFiles),
    ]);
    return [...files, ...values].map((entry) => resolve(folder, entry));
  }
  return [];
}

function templateSpec(data: Data): unknown {
  const spec = isObject(data.spec) ? data.spec : {};
  const template = isObject(spec.template) ? spec.template : {};
  return template.spec;
}

function readerLabel(data: Data, file: string): string {
  const name = isObject(data.metadata) ? data.metadata.name : undefined;
  if (data.kind === 'Application' || data.kind === 'ApplicationSet')
    return `${data.kind}${typeof name === 'string' ? ` ${name}` : ''} in ${file} (helm.valueFiles)`;
  if (Array.isArray(data.releases)) return `a helmfile release in ${file}`;
  return `a kustomize generator in ${file}`;
}

const relativeName = (root: string, path: string): string =>
  path.startsWith(resolve(root) + '/') ? path.slice(resolve(root).length + 1) : path;

/** Names that differ from `name` only by case or by a YAML (or JSON) extension. */
export async function nearMisses(path: string, display: string): Promise<string[]> {
  const name = basename(path);
  const stem = (n: string) => n.slice(0, n.length - extname(n).length).toLowerCase();
  const entries = await readdir(dirname(path), { withFileTypes: true }).catch(() => []);
  const shownFolder = display.includes('/') ? display.slice(0, display.lastIndexOf('/') + 1) : '';
  return entries
    .filter((entry) => entry.isFile() && entry.name !== name)
    .filter(
      (entry) =>
        entry.name.toLowerCase() === name.toLowerCase() ||
        (stem(entry.name) === stem(name) && /^\.(ya?ml|json)$/i.test(extname(entry.name))),
    )
    .map((entry) => `${shownFolder}${entry.name}`)
    .sort();
}

/**
 * Refuses to create a values file that nothing reads, before any request: names the near misses
 * beside it, and what would have counted as a reader.
 */
export async function refuseUnreadNewFile(
  path: string,
  display: string,
  checkout: Checkout,
): Promise<string> {
  const reader = await readerOfMissing(path, checkout);
  if (reader) return reader;
  const near = await nearMisses(path, display);
  const guess =
    near.length > 0
      ? ` ${near.map((n) => `"${n}"`).join(' and ')} ${near.length > 1 ? 'exist' : 'exists'} beside it: set values-file to ${near.length > 1 ? 'the one' : 'it'} if that is the file your chart reads.`
      : ' Set values-file to the file your chart or controller reads.';
  throw new UserError(
    `values-file "${display}" does not exist, and nothing would read it if this run created it: no helm-release is set, no Chart.yaml is beside it, and no Argo CD helm.valueFiles entry, helmfile release or kustomize generator of the checkout names it.${guess} If it is a new file for a chart, create it first (an empty file will do) and commit it with its reader. Nothing was sent; no file was created.`,
    { file: display },
  );
}
