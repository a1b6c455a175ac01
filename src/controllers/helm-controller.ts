/**
 * helm-controller's rules: which HelmReleases read a values ConfigMap or Secret, the values a
 * HelmRelease hands Helm, as layers in its order (later wins), and the release it installs
 * (name and namespace, fluxRelease). One home for the writer (values/: which target it may
 * write, what it refuses) and the proof (gitops/: what the release renders with), so both follow
 * the same code.
 *
 * Followed from the code helm-controller runs, fluxcd/pkg chartutil `ChartValuesFromReferences`
 * (values.go) and helm-controller's api/v2 `ValuesReference`, not from the docs, which disagree
 * with that code on targetPath: each valuesFrom entry in order, resolved against the ConfigMaps and Secrets of the release's
 * own namespace (`valuesKey` defaults to `values.yaml`); an `optional` entry that resolves to
 * nothing adds nothing; then spec.values, merged last. An entry with a targetPath sets its key's
 * whole text at that path with Helm's --set parser (strvals: `true`, `false`, `null` and integers
 * typed, quotes kept as a string). Its doc comment says such an entry "will overwrite all"; its
 * code merges spec.values into the result before setting the path, then again last. MergeMaps
 * copies a mapping of spec.values that the result lacks by reference, and strvals sets the path
 * inside the mappings it finds: where the path's parent is such a mapping, the set writes into
 * spec.values itself, and the targetPath wins over spec.values; where an earlier entry gave the
 * result that mapping too (a merged copy), spec.values wins (targetPathWins). Pure rules: data
 * in, data out, no I/O.
 */
import { createHash } from 'node:crypto';
import { stringify } from 'yaml';
import { isObject, type Data } from '../shared/data.js';
import { goYamlData } from '../shared/go-yaml.js';
import { overlaps } from '../shared/set-path.js';
import { typedSet, type ValuesLayer } from './helm.js';

/** Where an object came from (the build that made it), for messages. */
export type Describe = (object: Data) => string;

/** The file of the checkout a generator made an object's key from, if one did (kustomize.ts). */
export type GeneratedFrom = (object: Data, key: string) => string | undefined;

export interface FluxLayers {
  layers: ValuesLayer[];
  /** valuesFrom entries this run cannot resolve, each with the index its layer would have had. */
  unknown: { at: number; what: string }[];
}

export function fluxLayers(
  release: Data,
  objects: readonly Data[],
  valuesKey: readonly string[],
  describe: Describe,
  generatedFrom: GeneratedFrom = () => undefined,
): FluxLayers {
  const spec = isObject(release.spec) ? release.spec : {};
  const meta = isObject(release.metadata) ? release.metadata : {};
  const name = `HelmRelease/${String(meta.name)}`;
  const layers: ValuesLayer[] = [];
  const unknown: FluxLayers['unknown'] = [];
  // targetPath entries that write into spec.values itself: merged after it (targetPathWins).
  const late: ValuesLayer[] = [];
  const specValues = isObject(spec.values) ? spec.values : {};
  for (const ref of Array.isArray(spec.valuesFrom) ? spec.valuesFrom : []) {
    if (!isObject(ref)) continue;
    const key = typeof ref.valuesKey === 'string' && ref.valuesKey ? ref.valuesKey : 'values.yaml';
    const label = `${String(ref.kind)}/${String(ref.name)}`;
    const source = objects.find((o) => entryNames(ref, o, meta.namespace));
    const text = source ? dataValue(source, key) : undefined;
    if (text === undefined) {
      // An optional reference that resolves to nothing adds nothing; a required one would stop
      // the release, unless it exists in the cluster by other means, which this run cannot see.
      if (ref.optional !== true)
        unknown.push({
          at: layers.length,
          what: `${label} (key ${key}), which ${name} reads in valuesFrom and no manifest this run read holds`,
        });
      continue;
    }
    // A generated ConfigMap is named by the file its generator reads: that is where to change it.
    const file = source ? generatedFrom(source, key) : undefined;
    const where = file
      ? `${file} (${label}[${key}] from its generator, valuesFrom of ${name})`
      : `${label}[${key}] (valuesFrom of ${name}${source ? `, from ${describe(source)}` : ''})`;
    const targetPath =
      typeof ref.targetPath === 'string' && ref.targetPath ? ref.targetPath : undefined;
    if (!targetPath) {
      layers.push({ name: where, yaml: text });
      continue;
    }
    // `literal`: the text verbatim, as --set-literal sets it (no typing, no comma split).
    const set =
      ref.literal === true && /^[\w-]+(\.[\w-]+)*$/.test(targetPath)
        ? nested(targetPath, text)
        : targetPathValues(targetPath, text);
    if (set) {
      const layer = {
        name: `${where} at targetPath ${targetPath}`,
        yaml: stringify(set),
        fix: `Remove that valuesFrom entry's targetPath ${targetPath}, or write the link into ${label} instead.`,
      };
      const before = layers.map((l) => ('yaml' in l ? goYamlData(l.yaml) : {}));
      if (targetPathWins(before, specValues, targetPath.split('.'))) late.push(layer);
      else layers.push(layer);
    } else if (overlaps(targetPath, valuesKey))
      layers.push({
        name: `${where} at targetPath ${targetPath}`,
        unread: true,
        fix: `Remove that valuesFrom entry's targetPath ${targetPath}, or point it away from ${valuesKey.join('.')}.`,
      });
  }
  if (spec.values !== undefined && spec.values !== null)
    layers.push({
      name: `spec.values of ${name} (${describe(release)})`,
      yaml: stringify(spec.values),
    });
  return { layers: [...layers, ...late], unknown };
}

/**
 * Whether a targetPath entry's value survives spec.values (fluxcd/pkg chartutil
 * ChartValuesFromReferences): spec.values sets the path, and on the way to its parent the
 * result of the entries before (`before`, merged in order) lacks a mapping that spec.values has
 * there, so MergeMaps hands strvals spec.values' own mapping and the set lands in it.
 */
export function targetPathWins(
  before: readonly unknown[],
  specValues: Data,
  path: readonly string[],
): boolean {
  let spec: unknown = specValues;
  for (const key of path) spec = isObject(spec) ? spec[key] : undefined;
  if (spec === undefined) return false;
  let merged: Data = {};
  for (const one of before) if (isObject(one)) merged = deepMerge(merged, one);
  let result: unknown = merged;
  let values: unknown = specValues;
  for (const key of path.slice(0, -1)) {
    values = isObject(values) ? values[key] : undefined;
    if (!isObject(values)) return false;
    result = isObject(result) ? result[key] : undefined;
    if (!isObject(result)) return true;
  }
  return false;
}

/** MergeMaps: b over a, mappings merged key by key. */
function deepMerge(a: Data, b: Data): Data {
  const out: Data = { ...a };
  for (const [key, value] of Object.entries(b))
    out[key] = isObject(value) && isObject(out[key]) ? deepMerge(out[key], value) : value;
  return out;
}

/**
 * Whether a valuesFrom entry (`ref`: its kind and name) of a release in `namespace` names
 * `object`, a ConfigMap or Secret: same kind and name, in the release's own namespace.
 */
export const entryNames = (
  ref: { kind?: unknown; name?: unknown },
  object: Data,
  namespace: unknown,
): boolean =>
  object.kind === ref.kind &&
  isObject(object.metadata) &&
  object.metadata.name === ref.name &&
  sameNamespace(object.metadata.namespace, namespace);

/** valuesFrom reads from the HelmRelease's own namespace (none written: any). */
export const sameNamespace = (a: unknown, b: unknown): boolean =>
  a === undefined || b === undefined || a === b;

/**
 * What `ReplacePathValue` sets: the text at the dotted path, as strvals types it (a value in
 * quotes stays a string without them). Undefined for what this run does not read as strvals does:
 * a path with an index or an escape, a value with a comma (strvals splits there).
 */
export function targetPathValues(path: string, text: string): Data | undefined {
  if (!/^[\w-]+(\.[\w-]+)*$/.test(path)) return undefined;
  const quoted =
    (text.startsWith("'") && text.endsWith("'")) || (text.startsWith('"') && text.endsWith('"'));
  const value = quoted ? text.replace(/^['"]+|['"]+$/g, '') : text;
  if (value.includes(',')) return undefined;
  return nested(path, quoted ? value : typedSet(value));
}

const nested = (path: string, value: unknown): Data =>
  path.split('.').reduceRight<unknown>((inner, key) => ({ [key]: inner }), value) as Data;

/** A values ConfigMap or Secret by kind, name, namespace (when written) and data key. */
export interface ValuesSource {
  kind: string;
  name: string;
  namespace?: string;
  key: string;
}

/** A valuesFrom entry as helm-controller reads it (an empty valuesKey or targetPath is none). */
export interface ValuesFromEntry {
  kind: unknown;
  name: unknown;
  valuesKey: string;
  targetPath: string | undefined;
}

/** A HelmRelease's valuesFrom entries, as helm-controller reads them. */
export function valuesFromEntries(release: Data): ValuesFromEntry[] {
  const spec = isObject(release.spec) ? release.spec : {};
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
  return (Array.isArray(spec.valuesFrom) ? spec.valuesFrom : []).filter(isObject).map((e) => ({
    kind: e.kind,
    name: e.name,
    valuesKey: text(e.valuesKey) ?? 'values.yaml',
    targetPath: text(e.targetPath),
  }));
}

/** Whether a valuesFrom entry of a release in `namespace` reads `source` (kind, name, key). */
export const entryReads = (e: ValuesFromEntry, source: ValuesSource, namespace: unknown): boolean =>
  e.kind === source.kind &&
  e.name === source.name &&
  e.valuesKey === source.key &&
  sameNamespace(source.namespace, namespace);

/** One layer helm-controller merges over a source's values: a later valuesFrom entry, or spec.values. */
export type LayerOver = { entry: ValuesFromEntry } | { values: unknown };

/**
 * What helm-controller merges over the values a release reads from a source (`reads` says which
 * entries read it), in its order: the valuesFrom entries after the last one that reads it whole,
 * each over the ones before, then spec.values, merged last. (A targetPath entry lands after
 * spec.values only where spec.values sets that path itself, targetPathWins: spec.values then
 * sets the keys too, so the two say the same.) Undefined when no entry reads it whole.
 */
export function layersOver(
  release: Data,
  reads: (entry: ValuesFromEntry) => boolean,
): LayerOver[] | undefined {
  const entries = valuesFromEntries(release);
  const whole = entries.findLastIndex((e) => reads(e) && e.targetPath === undefined);
  if (whole === -1) return undefined;
  const spec = isObject(release.spec) ? release.spec : {};
  return [...entries.slice(whole + 1).map((entry) => ({ entry })), { values: spec.values }];
}

/**
 * The HelmReleases among `objects` that read `source` through valuesFrom (kind, name and key, in
 * their own namespace), each once: the same one is often both a values file and a tracked file.
 */
export function readersOf(source: ValuesSource, objects: readonly unknown[]): Data[] {
  const seen = new Set<string>();
  return objects.filter((data): data is Data => {
    if (!isHelmRelease(data)) return false;
    const namespace = isObject(data.metadata) ? data.metadata.namespace : undefined;
    const reads = valuesFromEntries(data).some((e) => entryReads(e, source, namespace));
    const key = JSON.stringify(data);
    if (!reads || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A HelmRelease of helm.toolkit.fluxcd.io, any version. */
export function isHelmRelease(data: unknown): data is Data {
  return (
    isObject(data) &&
    data.kind === 'HelmRelease' &&
    typeof data.apiVersion === 'string' &&
    data.apiVersion.startsWith('helm.toolkit.fluxcd.io/')
  );
}

/** A ConfigMap's data key, or a Secret's (base64 data, or stringData before the API merges it). */
export function dataValue(object: Data, key: string): string | undefined {
  const plain = isObject(object.stringData) ? object.stringData[key] : undefined;
  if (typeof plain === 'string') return plain;
  const raw = isObject(object.data) ? object.data[key] : undefined;
  if (typeof raw !== 'string') return undefined;
  return object.kind === 'Secret' ? Buffer.from(raw, 'base64').toString('utf8') : raw;
}

/**
 * The release helm-controller installs (api/v2 `GetReleaseName`, internal/release `ShortenName`):
 * spec.releaseName, else `[targetNamespace-]name` cut to Helm's 53 characters as it cuts it (40
 * characters, a dash, 12 of the SHA-256); in spec.targetNamespace, else the HelmRelease's own
 * namespace.
 */
export function fluxRelease(
  spec: Data,
  name: string,
  namespace: string | undefined,
): { name: string; namespace?: string } {
  const target =
    typeof spec.targetNamespace === 'string' && spec.targetNamespace !== ''
      ? spec.targetNamespace
      : undefined;
  const full =
    typeof spec.releaseName === 'string' && spec.releaseName !== ''
      ? spec.releaseName
      : target
        ? `${target}-${name}`
        : name;
  const short =
    full.length <= 53
      ? full
      : `${full.slice(0, 40)}-${createHash('sha256').update(full).digest('hex').slice(0, 12)}`;
  const ns = target ?? namespace;
  return { name: short, ...(ns ? { namespace: ns } : {}) };
}
