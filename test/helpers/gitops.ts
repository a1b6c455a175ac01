/**
 * The real-tool proof for GitOps manifests: what a controller hands the chart, rendered
 * by the real helm, and a kustomization rendered by the real `kubectl kustomize --enable-helm`.
 * The manifests are read with the `yaml` library, not with the action's own modules: the proof
 * must not share a mistake with what it proves.
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { inject } from 'vitest';
import { parseAllDocuments, stringify } from 'yaml';
import { CHART, helmTemplate, type HelmEnv } from './helm.js';

export const GITOPS = fileURLToPath(new URL('../fixtures/gitops', import.meta.url));

/** A manifest of a file, as a controller reads it: plain data. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- manifests are untyped data
type Data = any;

/** The documents of a multi-document file, as data (an empty trailing document is skipped). */
export function documents(text: string): Data[] {
  return parseAllDocuments(text)
    .map((doc) => {
      if (doc.errors.length > 0) throw new Error(`not valid YAML: ${doc.errors[0]!.message}`);
      return doc.toJS();
    })
    .filter((doc) => doc !== null && doc !== undefined);
}

/** The document `KIND/NAME` of a file; throws when there is not exactly one. */
export function manifest(text: string, kind: string, name: string): Data {
  const found = documents(text).filter((d) => d?.kind === kind && d?.metadata?.name === name);
  if (found.length !== 1) throw new Error(`${found.length} documents ${kind}/${name}`);
  return found[0];
}

/**
 * What Flux's helm-controller merges into the release's values, in its order (later wins): each
 * `valuesFrom` entry (a ConfigMap's or Secret's data key, `values.yaml` unless `valuesKey` says
 * otherwise; with a `targetPath`, that key's text set at that path), then `spec.values`, after
 * every entry (ChartValuesFromReferences in helm-controller's internal/chartutil/values.go).
 * This is the order for layouts without a `targetPath` that spec.values also sets: where a
 * `targetPath` writes into a mapping only spec.values has, fluxcd/pkg's chartutil lets the
 * `targetPath` win (src/gitops/merge.ts), which this helper does not model.
 * `others` are the texts of the files holding the ConfigMaps and Secrets. Helm merges values files
 * the same way, so the list is passed as `--values` in order.
 */
export function fluxValues(release: Data, others: string[] = []): string[] {
  const from = (release.spec?.valuesFrom ?? []) as Data[];
  const texts = from.map((ref) => {
    const value = valuesFromText(ref, others);
    return ref.targetPath ? atPath(String(ref.targetPath), value) : value;
  });
  if (release.spec?.values !== undefined) texts.push(stringify(release.spec.values));
  return texts;
}

/**
 * A targetPath entry as a values text: helm-controller sets the text at the path as `--set` does
 * (strvals). Only a dotted path and a plain string are part of this proof.
 */
function atPath(path: string, value: string): string {
  if (!/^[\w-]+(\.[\w-]+)*$/.test(path) || /[,\\]|^(true|false|null|\d+)$/.test(value))
    throw new Error(`targetPath ${path}=${value}: not part of this proof`);
  return stringify(path.split('.').reduceRight<unknown>((inner, key) => ({ [key]: inner }), value));
}

/** The text of a valuesFrom entry's key, from the ConfigMap or Secret among `others`. */
function valuesFromText(ref: Data, others: string[]): string {
  const source = others
    .flatMap(documents)
    .find((d) => d?.kind === ref.kind && d?.metadata?.name === ref.name);
  if (!source) throw new Error(`valuesFrom ${ref.kind}/${ref.name}: not among the files`);
  const key = (ref.valuesKey as string | undefined) ?? 'values.yaml';
  const value =
    source.stringData?.[key] ??
    (source.kind === 'Secret' && source.data?.[key] !== undefined
      ? Buffer.from(source.data[key] as string, 'base64').toString('utf8')
      : source.data?.[key]);
  if (typeof value !== 'string') throw new Error(`${ref.kind}/${ref.name} has no key ${key}`);
  return value;
}

/**
 * What Argo CD passes to `helm template` for an Application's chart source (the single `source`,
 * or the one entry of `sources` with a `helm` block), lowest first: the `values` string, then
 * `valuesObject` (Argo CD's documented precedence; `valueFiles` and `parameters` are not part of
 * the fixtures, and refused here rather than ignored).
 */
export function argoValues(application: Data): string[] {
  const spec = application.spec ?? {};
  const sources = (spec.sources ?? [spec.source]) as Data[];
  const charts = sources.filter((s) => s?.helm);
  if (charts.length !== 1) throw new Error(`${charts.length} sources with a helm block`);
  const helm = charts[0].helm;
  if (helm.valueFiles || helm.parameters) throw new Error('valueFiles/parameters: not proven here');
  const texts: string[] = [];
  if (typeof helm.values === 'string') texts.push(helm.values);
  if (helm.valuesObject !== undefined) texts.push(stringify(helm.valuesObject));
  return texts;
}

/** `helm template` of `chart` with these values texts as values files, in order. */
export async function renderWith(h: HelmEnv, chart: string, texts: string[]): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'controller-values-'));
  const files: string[] = [];
  for (const [i, text] of texts.entries()) {
    files.push(join(dir, `${i}.yaml`));
    await writeFile(files[i]!, text);
  }
  return helmTemplate(h, chart, files);
}

/**
 * `kubectl kustomize --enable-helm` of a kustomization folder, with this helm (kustomize runs it
 * for each `helmCharts` entry, from the chart home, offline).
 */
export async function kustomizeBuild(h: HelmEnv, dir: string): Promise<string> {
  const { stdout } = await promisify(execFile)(
    inject('kubectl'),
    ['kustomize', '--enable-helm', '--helm-command', h.helm, dir],
    { env: h.env, timeout: 60_000 },
  );
  return stdout;
}

/**
 * The link the chart's Deployment fetches the site from (its `BUNDLE_URL`), read from rendered
 * output as YAML; undefined when the chart did not get one (staticExport disabled or missing).
 */
export function renderedLink(rendered: string): string | undefined {
  for (const doc of documents(rendered)) {
    if (doc?.kind !== 'Deployment') continue;
    for (const c of doc.spec?.template?.spec?.initContainers ?? []) {
      const env = (c.env ?? []).find((e: Data) => e.name === 'BUNDLE_URL');
      if (env) return env.value as string;
    }
  }
  return undefined;
}

/** The rendered line that carries the link (for the closing note), its query cut. */
export function linkLine(rendered: string): string {
  const lines = rendered.split('\n');
  const i = lines.findIndex((l) => /- name: BUNDLE_URL$/.test(l));
  return i < 0 ? '' : lines[i + 1]!.replace(/\?\S*/, '?…');
}

/**
 * Copies the fixture folder `name` (under test/fixtures/gitops) into `dir`; a kustomization gets
 * the vendor chart under its chart home, `charts/enterprise` (the load restrictor keeps kustomize
 * inside the kustomization's folder).
 */
export async function gitopsWorkspace(dir: string, name: string): Promise<string> {
  const to = join(dir, name);
  await cp(join(GITOPS, name), to, { recursive: true });
  if (name.startsWith('kustomize/')) {
    await mkdir(join(to, 'charts'), { recursive: true });
    await cp(CHART, join(to, 'charts', 'enterprise'), { recursive: true });
  }
  return to;
}

/** A fixture's text. */
export function fixture(path: string): Promise<string> {
  return readFile(join(GITOPS, path), 'utf8');
}
