/**
 * A values ConfigMap or Secret that a Flux HelmRelease reads through `valuesFrom` is only one
 * layer of the chart's values: helm-controller merges the entries in order, each over the ones
 * before it, and `spec.values` over them all (ChartValuesFromReferences); an entry with a
 * `targetPath` sets that key's whole text at the path as one value. With the chart from a Flux
 * source, nothing renders what the chart would get. So, when the HelmRelease is in the values
 * files, a chosen ConfigMap is refused before anything is sent when a later layer sets the keys
 * this run writes, or when it is read only at a `targetPath`.
 */
import { parse, parseAllDocuments } from 'yaml';
import {
  dataValue,
  entryNames,
  entryReads,
  isHelmRelease,
  layersOver,
  valuesFromEntries,
  type ValuesFromEntry,
} from '../controllers/helm-controller.js';
import { overlaps } from '../shared/set-path.js';
import { fileError, KEYS, setOver, type KeyPath } from './file.js';
import { isObject } from './site.js';
import type { ChosenTarget } from './target.js';

/** What could not be checked, for notices. */
export interface Unchecked {
  /** Chosen sources that no HelmRelease in the files reads (the one that does was not seen). */
  unread: { file: string; source: ChosenTarget }[];
  /** Later valuesFrom entries whose values are not in the files, lack the key, or are encrypted. */
  later: { where: string; entry: string; source: ChosenTarget }[];
  /** Suspended HelmReleases that read a chosen source: Flux applies nothing until resumed. */
  suspended: { where: string; source: ChosenTarget }[];
}

/**
 * Refuses a chosen ConfigMap or Secret (the `targets` of `files`) that a HelmRelease in `files`
 * reads whole when its spec.values, a later valuesFrom entry found in `files`, or a later entry's
 * `targetPath` sets the keys at `valuesKey`; and one that the HelmReleases in `files` read only at
 * a `targetPath`. Returns what it could not check.
 */
export function refuseOverriddenSource(
  files: readonly { display: string; text: string; targets?: readonly ChosenTarget[] }[],
  valuesKey: KeyPath,
): Unchecked {
  /** The chosen ConfigMaps and Secrets, each with the file it is in. */
  const fileOf = new Map(
    files.flatMap((file) =>
      (file.targets ?? [])
        .filter((c) => c.target.kind === 'ConfigMap' || c.target.kind === 'Secret')
        .map((c) => [c, file.display] as const),
    ),
  );
  const sources = [...fileOf.keys()];
  const unchecked: Unchecked = { unread: [], later: [], suspended: [] };
  if (sources.length === 0) return unchecked;
  const docs = files.flatMap((file) =>
    parseAllDocuments(file.text).map((doc, i) => ({
      file: file.display,
      data: (doc.errors.length === 0 ? doc.toJS() : undefined) as unknown,
      // Chosen too, a HelmRelease gets the same link in its spec.values, which Flux merges over
      // every valuesFrom entry (targetPath ones included): nothing of it can win over the link.
      chosen: (file.targets ?? []).some(
        (c) => c.target.kind === 'HelmRelease' && c.target.doc === i,
      ),
    })),
  );
  const unread = new Set(sources);
  const readWhole = new Set<ChosenTarget>();
  /** The first HelmRelease seen reading a chosen source at a targetPath, with that path. */
  const readAtPath = new Map<ChosenTarget, { where: string; name: string; path: string }>();
  for (const { file, data, chosen: chosenToo } of docs) {
    if (!isHelmRelease(data)) continue;
    const meta = isObject(data.metadata) ? data.metadata : {};
    const spec = isObject(data.spec) ? data.spec : {};
    const name = String(meta.name);
    const where = `${file} (HelmRelease/${name})`;
    const entries = valuesFromEntries(data);
    const reads = (e: ValuesFromEntry, { target }: ChosenTarget) =>
      target.part !== undefined &&
      entryReads(
        e,
        { kind: target.kind, name: target.name, namespace: target.namespace, key: target.part },
        meta.namespace,
      );
    for (const source of sources) {
      const readers = entries.filter((e) => reads(e, source));
      if (readers.length === 0) continue;
      unread.delete(source);
      // (Chosen too, it has its own notice.)
      if (spec.suspend === true && !chosenToo) unchecked.suspended.push({ where, source });
      if (chosenToo) {
        readWhole.add(source);
        continue;
      }
      const atPath = readers.find((e) => e.targetPath !== undefined);
      if (atPath && !readAtPath.has(source))
        readAtPath.set(source, { where, name, path: atPath.targetPath! });
      // What helm-controller merges over the last whole read, in its order (helm-controller.ts).
      const over = layersOver(data, (e) => reads(e, source));
      if (!over) continue;
      readWhole.add(source);
      for (const layer of over) {
        if ('values' in layer) {
          const set = setKeys(layer.values, valuesKey);
          if (!set) continue;
          throw fileError(
            where,
            `sets ${words(set)} in spec.values, which helm-controller merges over its valuesFrom ${source.label}, where the link was chosen to go: the chart would get the value in spec.values`,
            `${undo(set, 'its spec.values')}, or choose HelmRelease/${name} with values-document.`,
          );
        }
        const later = layer.entry;
        const label = `${String(later.kind)}/${String(later.name)}[${later.valuesKey}]`;
        if (later.targetPath !== undefined) {
          if (!overlaps(later.targetPath, valuesKey, KEYS)) continue;
          const keys = KEYS.map((key) => `${valuesKey.join('.')}.${key}`).join(', ');
          throw fileError(
            where,
            `reads ${label} at targetPath ${later.targetPath} after ${source.label}, where the link was chosen to go: helm-controller sets that key's text at ${later.targetPath}, over what ${source.label} holds there`,
            `Remove that valuesFrom entry, or point its targetPath away from ${keys} and the keys above them.`,
          );
        }
        // A chosen source read whole again gets the same link.
        if (sources.some((c) => reads(later, c))) continue;
        const found = valuesOf(later, docs, meta.namespace);
        const unreadable =
          found.length === 0 || found.some((v) => v === undefined || (v !== null && !isObject(v)));
        if (unreadable && !unchecked.later.some((u) => u.where === where && u.entry === label))
          unchecked.later.push({ where, entry: label, source });
        const set = found
          .map((values) => setKeys(values, valuesKey))
          .find((one) => one !== undefined);
        if (!set) continue;
        throw fileError(
          where,
          `reads ${label} after ${source.label}, where the link was chosen to go, and it sets ${words(set)}: helm-controller merges each valuesFrom entry over the ones before it`,
          `${undo(set, 'it')}, or list ${source.label} after it in valuesFrom.`,
        );
      }
    }
  }
  for (const [source, { where, name, path }] of readAtPath) {
    if (readWhole.has(source)) continue;
    throw fileError(
      where,
      `reads ${source.label}, where the link was chosen to go, only at targetPath ${path}: helm-controller sets that key's whole text there as one value, so the chart would not find ${valuesKey.join('.')}.bundleUrl in it`,
      `Read it without targetPath in the HelmRelease's valuesFrom, choose HelmRelease/${name} with values-document, or list in values-file the file of a HelmRelease that reads it whole.`,
    );
  }
  unchecked.unread = [...unread].map((source) => ({ file: fileOf.get(source)!, source }));
  return unchecked;
}

/**
 * The values an entry may read, parsed, from each ConfigMap or Secret among `docs` that it could
 * name (with no namespace on the HelmRelease, one of each namespace): null for an empty key,
 * undefined for one that is missing or not YAML. None when no such document is there.
 */
function valuesOf(
  entry: ValuesFromEntry,
  docs: readonly { data: unknown }[],
  namespace: unknown,
): unknown[] {
  const found: unknown[] = [];
  for (const { data } of docs) {
    if (!isObject(data) || !entryNames(entry, data, namespace)) continue;
    const text = dataValue(data, entry.valuesKey);
    try {
      found.push(text === undefined ? undefined : (parse(text) as unknown));
    } catch {
      found.push(undefined);
    }
  }
  return found;
}

/** What a layer sets: keys of the block, or the block (or a key above it) as no mapping. */
interface Setting {
  what: string;
  notMapping: boolean;
}

const words = ({ what, notMapping }: Setting) =>
  notMapping ? `${what} to something other than a mapping` : what;

/** What to do about it: removing a key above the block would drop all that is under it. */
const undo = ({ what, notMapping }: Setting, place: string) =>
  notMapping ? `Make ${what} a mapping in ${place}` : `Remove ${what} from ${place}`;

/**
 * The keys this run writes that `values` sets to something else than this run does
 * (`staticExport.bundleUrl, staticExport.version`), or the part of the path it sets to something
 * other than a mapping, which replaces them all (file.ts setOver). Values that are no mapping at
 * all are not read by helm-controller as values.
 */
function setKeys(values: unknown, valuesKey: KeyPath): Setting | undefined {
  const set = setOver(values, valuesKey);
  if (!set || set.path.length === 0) return undefined;
  if (set.keys.length === 0) return { what: set.path.join('.'), notMapping: true };
  const at = valuesKey.join('.');
  return { what: set.keys.map((key) => `${at}.${key}`).join(', '), notMapping: false };
}
