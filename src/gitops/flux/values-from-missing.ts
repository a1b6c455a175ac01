/**
 * A HelmRelease that would fail in the cluster: a `valuesFrom` entry that is not `optional` and
 * names a ConfigMap or Secret no build produces under that name, while the same build produces it
 * under a name kustomize made from it. kustomize appends a hash of the content to a generated
 * name (`docs-values-7h9b2k5c8m`) and adds an overlay's `namePrefix` and `nameSuffix`
 * (`prod-docs-values-live-7h9b2k5c8m`: the suffix before the hash), and rewrites only the
 * references it knows of: a HelmRelease's `spec.valuesFrom[].name` is not one, unless a
 * `configurations:` file says so (a nameReference, as fluxcd's guide's kustomizeconfig.yaml
 * does). helm-controller then does not find the object, and the release fails: the link never
 * reaches the chart. Only a name the build visibly made from the reference counts: the reference
 * with a hash suffix, or with the build's own prefixes and suffixes (where the build is known;
 * otherwise only a prefix ending in `-`, or a hash in the alphabet kustomize writes). An object the checkout does
 * not hold at all may exist in the cluster by other means, and stays "unknown" (controllers/helm-controller.ts, fluxLayers).
 */
import { posix } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { isObject, type Data } from '../../values/site.js';
import { entryLabel, type Entry } from '../discover.js';
import { sameNamespace } from '../../controllers/helm-controller.js';
import { substitutedFrom } from '../../controllers/kustomize-controller.js';
import {
  KUSTOMIZATION_NAMES,
  madeFrom,
  NAME_HASH as HASH,
  type Affix,
} from '../../controllers/kustomize.js';
import type { Checkout } from '../tree.js';

/** A reference the build missed: what the release names and what the build made instead. */
export interface MissedReference {
  kind: string;
  name: string;
  made: string;
  /** A generator's content hash is part of `made`. */
  hash: boolean;
  /** The namePrefix and nameSuffix in `made` ('' for none). */
  prefix: string;
  suffix: string;
  /** Where the build is known: the release's file, and the kustomization that generates the object. */
  releaseFile?: string;
  generator?: string;
  /** The files that set the prefix and suffix (a kustomization, or a Flux Kustomization's spec). */
  renamedBy?: string[];
}

/** What a build does to names: its kustomizations' (and its Flux Kustomization's) affixes. */
export interface BuildNames {
  checkout: Checkout;
  tree: ReadonlySet<string>;
  prefixes: Affix[];
  suffixes: Affix[];
}

const kustomizations = (names: Pick<BuildNames, 'checkout' | 'tree'>) =>
  [...names.tree].flatMap((file) => {
    if (!KUSTOMIZATION_NAMES.includes(posix.basename(file))) return [];
    const data = parseAllDocuments(names.checkout.read(file) ?? '')[0]?.toJS() as unknown;
    return isObject(data) ? [{ file, data }] : [];
  });

/** The namePrefix and nameSuffix values of the kustomizations of `tree` and of the entry. */
export function buildNames(
  checkout: Checkout,
  tree: ReadonlySet<string>,
  entry: Exclude<Entry, { kind: 'argo' }>,
): BuildNames {
  const names: BuildNames = { checkout, tree, prefixes: [], suffixes: [] };
  const add = (data: Data, file: string) => {
    if (typeof data.namePrefix === 'string' && data.namePrefix)
      names.prefixes.push({ value: data.namePrefix, file });
    if (typeof data.nameSuffix === 'string' && data.nameSuffix)
      names.suffixes.push({ value: data.nameSuffix, file });
  };
  for (const { file, data } of kustomizations(names)) add(data, file);
  if (entry.kind === 'flux') add(entry.spec, `spec of ${entryLabel(entry)} (${entry.from})`);
  return names;
}

/**
 * The non-optional valuesFrom entries of `release` that `objects` make only under another name.
 * With `names` (the build's tree and affixes), the files to change are named too.
 */
export function missedReferences(
  release: Data,
  objects: readonly Data[],
  names?: BuildNames,
): MissedReference[] {
  const spec = isObject(release.spec) ? release.spec : {};
  const namespace = isObject(release.metadata) ? release.metadata.namespace : undefined;
  const missed: MissedReference[] = [];
  for (const ref of Array.isArray(spec.valuesFrom) ? spec.valuesFrom : []) {
    if (!isObject(ref) || ref.optional === true || typeof ref.name !== 'string') continue;
    const kind = String(ref.kind);
    const same = objects.filter(
      (o) =>
        o.kind === kind && isObject(o.metadata) && sameNamespace(o.metadata.namespace, namespace),
    );
    const made = same.map((o) => String((o.metadata as Data).name));
    if (made.includes(ref.name)) continue;
    const name = ref.name;
    // A bare hash first (the generator's own name), then the names with affixes.
    const found = made
      .map((m) => ({ made: m, how: madeFrom(name, m, names) }))
      .sort(
        (a, b) =>
          Number(!!a.how?.prefix || !!a.how?.suffix) - Number(!!b.how?.prefix || !!b.how?.suffix),
      )
      .find((m) => m.how);
    if (!found?.how) continue;
    const { prefix, suffix, hash } = found.how;
    missed.push({
      kind,
      name,
      made: found.made,
      prefix,
      suffix,
      hash,
      ...where(release, kind, name, found.how, names),
    });
  }
  return missed;
}

/** The files of the build behind a miss: the release's, the generator's, the affixes'. */
function where(
  release: Data,
  kind: string,
  name: string,
  how: { prefix: string; suffix: string },
  names: BuildNames | undefined,
): Pick<MissedReference, 'releaseFile' | 'generator' | 'renamedBy'> {
  if (!names) return {};
  const field = kind === 'Secret' ? 'secretGenerator' : 'configMapGenerator';
  const generator = kustomizations(names).find(
    ({ data }) =>
      Array.isArray(data[field]) && data[field].some((g) => isObject(g) && g.name === name),
  )?.file;
  const renamedBy = [
    ...names.prefixes.filter((a) => how.prefix.includes(a.value)),
    ...names.suffixes.filter((a) => how.suffix.includes(a.value)),
  ].map((a) => a.file);
  const builtName = isObject(release.metadata) ? String(release.metadata.name) : '';
  return {
    releaseFile: fileOf(names, 'HelmRelease', builtName),
    generator,
    renamedBy: [...new Set(renamedBy)],
  };
}

/**
 * The file of the tree that holds the object the build named `built`: its own name, else the
 * longest written name the built one carries (prefixes, suffixes) or stands for (`${APP}`).
 */
function fileOf(names: BuildNames, kind: string, built: string): string | undefined {
  let best: { file: string; length: number } | undefined;
  for (const file of names.tree) {
    if (KUSTOMIZATION_NAMES.includes(posix.basename(file))) continue;
    const text = names.checkout.read(file);
    if (!text?.includes(kind)) continue;
    for (const doc of parseAllDocuments(text)) {
      const data = doc.errors.length === 0 ? (doc.toJS() as unknown) : undefined;
      if (!isObject(data) || data.kind !== kind || !isObject(data.metadata)) continue;
      const written = String(data.metadata.name);
      const length = written === built ? Infinity : written.length;
      const carries = built.includes(written) || substitutedFrom(written, built);
      if ((written === built || carries) && length > (best?.length ?? -1)) best = { file, length };
    }
  }
  return best?.file;
}

/**
 * The refusal in words: the release (with its file and `build`, `as … builds it`, where known),
 * what it names, what the build made and which files made it so, and the fixes.
 */
export function missedText(
  release: string,
  missed: readonly MissedReference[],
  build?: string,
): string {
  return missed
    .map((m) => {
      const ref = `${m.kind}/${m.name}`;
      const field = m.kind === 'Secret' ? 'secretGenerator' : 'configMapGenerator';
      const affixes = [
        ...(m.prefix ? [`added the namePrefix ${m.prefix}`] : []),
        ...(m.suffix ? [`added the nameSuffix ${m.suffix}`] : []),
      ];
      const renamed = m.renamedBy?.length ? ` (set in ${m.renamedBy.join(', ')})` : '';
      const how = [
        ...(affixes.length > 0 ? [`${affixes.join(' and ')}${renamed}`] : []),
        ...(m.hash
          ? [
              `appended a hash of its content to the generated name${m.generator ? ` (the ${field} ${m.name} of ${m.generator})` : ''}`,
            ]
          : []),
      ];
      const inRelease = m.releaseFile ? ` in ${m.releaseFile}` : '';
      const home = m.generator ?? m.renamedBy?.find((f) => !f.startsWith('spec of '));
      const fixes = [
        ...(m.hash
          ? [
              `set options.disableNameSuffixHash: true on that generator (or generatorOptions.disableNameSuffixHash: true)${m.prefix || m.suffix ? ` and name it ${m.made.replace(HASH, '')} in valuesFrom${inRelease}` : ''}`,
            ]
          : []),
        `add ${home ? `to ${home} ` : ''}a configurations: file with a nameReference for ${m.kind} at spec/valuesFrom/name of HelmRelease (fluxcd's kustomizeconfig.yaml)`,
        ...(m.hash ? [] : [`name it ${m.made} in valuesFrom${inRelease}`]),
        `mark the entry optional: true${inRelease} if the release can do without it`,
      ];
      const about = [m.releaseFile, build].filter(Boolean).join(', ');
      return `${release}${about ? ` (${about})` : ''} reads ${ref} in valuesFrom (not optional), but the build makes it as ${m.kind}/${m.made}: kustomize ${how.join(' and ')} and did not rewrite the reference, so helm-controller would not find ${ref} and the release would fail, never getting the link. To fix it, ${fixes.slice(0, -1).join(', ')}, or ${fixes.at(-1)}.`;
    })
    .join(' ');
}
