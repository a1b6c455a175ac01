/**
 * A HelmRelease that would fail in the cluster: a `valuesFrom` entry that is not `optional` and
 * names a ConfigMap or Secret no build produces under that name, while the same build produces it
 * under a name kustomize made from it. kustomize appends a hash of the content to a generated
 * name (`docs-values-7h9b2k5c8m`) and adds an overlay's `namePrefix`, and rewrites only the
 * references it knows of: a HelmRelease's `spec.valuesFrom[].name` is not one, unless a
 * `configurations:` file says so (a nameReference, as fluxcd's guide's kustomizeconfig.yaml
 * does). helm-controller then does not find the object, and the release fails: the link never
 * reaches the chart. Only a name the build visibly made from the reference (the reference with a
 * hash suffix, or with a prefix ending in `-`) counts: an object the checkout does not hold at
 * all may exist in the cluster by other means, and stays "unknown" (merge.ts).
 */
import { isObject, type Data } from '../../values/site.js';
import { sameNamespace } from '../../controllers/helm-controller.js';

/** A reference the build missed: what the release names and what the build made instead. */
export interface MissedReference {
  kind: string;
  name: string;
  made: string;
  /** `hash`: a generator's content hash; `prefix`: a namePrefix (with or without the hash). */
  by: 'hash' | 'prefix';
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The non-optional valuesFrom entries of `release` that `objects` make only under another name. */
export function missedReferences(release: Data, objects: readonly Data[]): MissedReference[] {
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
    const names = same.map((o) => String((o.metadata as Data).name));
    if (names.includes(ref.name)) continue;
    const hashed = new RegExp(`^${escape(ref.name)}-[a-z0-9]{10}$`);
    const prefixed = new RegExp(`^.+-${escape(ref.name)}(-[a-z0-9]{10})?$`);
    const made = names.find((n) => hashed.test(n)) ?? names.find((n) => prefixed.test(n));
    if (made)
      missed.push({ kind, name: ref.name, made, by: hashed.test(made) ? 'hash' : 'prefix' });
  }
  return missed;
}

/** The refusal in words: the release, what it names, what the build made, and the fixes. */
export function missedText(release: string, missed: readonly MissedReference[]): string {
  return missed
    .map((m) => {
      const how =
        m.by === 'hash'
          ? 'kustomize appended a hash of its content to the generated name'
          : "kustomize added the kustomization's namePrefix to it";
      const fixes =
        m.by === 'hash'
          ? `set options.disableNameSuffixHash: true on that generator (or generatorOptions.disableNameSuffixHash: true), add a configurations: file with a nameReference for ${m.kind} at spec/valuesFrom/name of HelmRelease (fluxcd's kustomizeconfig.yaml), or mark the entry optional: true if the release can do without it`
          : `add a configurations: file with a nameReference for ${m.kind} at spec/valuesFrom/name of HelmRelease (fluxcd's kustomizeconfig.yaml), name it ${m.made} in valuesFrom, or mark the entry optional: true if the release can do without it`;
      return `${release} reads ${m.kind}/${m.name} in valuesFrom (not optional), but the build makes it as ${m.kind}/${m.made}: ${how} and did not rewrite the reference, so helm-controller would not find ${m.kind}/${m.name} and the release would fail, never getting the link. To fix it, ${fixes}.`;
    })
    .join(' ');
}
