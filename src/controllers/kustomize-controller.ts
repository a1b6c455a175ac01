/**
 * kustomize-controller's rules (Flux), pure: how it turns a Flux `Kustomization`'s spec into the
 * kustomization it builds, and its post-build substitution. One home for the build
 * (gitops/build.ts), the overlay and post-renderer steps (gitops/overlay.ts, gitops/post-render.ts)
 * and the names the readers match (gitops/prove-flux.ts, gitops/tree.ts).
 *
 * Followed from fluxcd/pkg kustomize: kustomize_generator.go (`Generator.WriteFile`: the spec's
 * `patches` with their target, v1beta2's `patchesStrategicMerge` objects and `patchesJson6902`
 * operation lists, `images` merged by name over the kustomization's own) and kustomize_varsub.go
 * (`SubstituteVariables`: `spec.postBuild.substitute` over `substituteFrom`, the
 * `kustomize.toolkit.fluxcd.io/substitute: disabled` opt-out, drone/envsubst's `${var:=default}`
 * and `$${var}` escape, non-strict so an undefined variable becomes empty); used by
 * fluxcd/kustomize-controller's reconciler. Follow the code where the docs differ.
 *
 * Post-build substitution, as kustomize-controller runs it on each built object's YAML:
 * `${var}`, `${var:=default}` and `${var:-default}` are replaced, an undefined variable becomes
 * empty (the controller's default, non-strict mode), `$${var}` stays `${var}`; an object annotated
 * `kustomize.toolkit.fluxcd.io/substitute: disabled` is left alone. The variables: spec.postBuild
 * .substitute wins over .substituteFrom (ConfigMaps this run can read; a Secret's are unknown).
 */
import { parse, stringify } from 'yaml';
import { isObject, type Data } from '../shared/data.js';

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/**
 * A Flux spec's patches as kustomize patches (`patches` with their target; v1beta2's
 * `patchesStrategicMerge` objects and `patchesJson6902` operation lists): what the generator
 * writes into the kustomization, and what helm-controller's kustomize post-renderer applies.
 */
export function kustomizePatches(spec: Data): Data[] {
  const patches: Data[] = [];
  const target = (p: Data) => (isObject(p.target) ? { target: p.target } : {});
  for (const p of list(spec.patches))
    if (isObject(p) && typeof p.patch === 'string') patches.push({ patch: p.patch, ...target(p) });
  for (const p of list(spec.patchesStrategicMerge))
    if (isObject(p)) patches.push({ patch: stringify(p) });
  for (const p of list(spec.patchesJson6902))
    if (isObject(p) && Array.isArray(p.patch))
      patches.push({ patch: JSON.stringify(p.patch), ...target(p) });
  return patches;
}

/**
 * Images merged by name, as the generator merges them: an entry of the Flux spec replaces the
 * kustomization's entry of the same name, others are appended.
 */
export function mergeImages(own: unknown, added: unknown): unknown[] {
  const out = list(own).slice();
  for (const image of list(added)) {
    const at = out.findIndex((o) => isObject(o) && isObject(image) && o.name === image.name);
    if (at >= 0) out[at] = image;
    else out.push(image);
  }
  return out;
}

/** kustomize-controller's generator: the Kustomization's spec added to the kustomization. */
export function addFluxFields(data: Data, spec: Data): void {
  if (typeof spec.targetNamespace === 'string' && spec.targetNamespace)
    data.namespace = spec.targetNamespace;
  if (typeof spec.namePrefix === 'string' && spec.namePrefix) data.namePrefix = spec.namePrefix;
  if (typeof spec.nameSuffix === 'string' && spec.nameSuffix) data.nameSuffix = spec.nameSuffix;
  const patches = [...list(data.patches), ...kustomizePatches(spec)];
  if (patches.length > 0) data.patches = patches;
  if (list(spec.images).length > 0) data.images = mergeImages(data.images, spec.images);
  if (list(spec.components).length > 0)
    data.components = [...list(data.components), ...list(spec.components)];
}

export interface Variables {
  values: Map<string, string>;
  /** Sources whose variables this run cannot read (a Secret, a ConfigMap not in the checkout). */
  unknown: string[];
  /** Whether the entry substitutes at all (postBuild set). */
  enabled: boolean;
}

export const NO_VARIABLES: Variables = { values: new Map(), unknown: [], enabled: false };

/**
 * The variables of a Kustomization's postBuild. `configMap(name)` finds a ConfigMap's data in
 * the Kustomization's namespace (in the checkout or a parent's build).
 */
export function variablesOf(
  spec: Data,
  configMap: (name: string) => Record<string, string> | undefined,
): Variables {
  const post = isObject(spec.postBuild) ? spec.postBuild : undefined;
  if (!post) return NO_VARIABLES;
  const values = new Map<string, string>();
  const unknown: string[] = [];
  for (const ref of Array.isArray(post.substituteFrom) ? post.substituteFrom : []) {
    if (!isObject(ref)) continue;
    const name = String(ref.name);
    const data = ref.kind === 'ConfigMap' ? configMap(name) : undefined;
    if (data) for (const [k, v] of Object.entries(data)) values.set(k, v);
    else if (ref.optional !== true || ref.kind === 'Secret')
      unknown.push(`${String(ref.kind)}/${name}`);
  }
  // Inline variables win over those read from ConfigMaps and Secrets.
  if (isObject(post.substitute))
    for (const [k, v] of Object.entries(post.substitute)) values.set(k, String(v));
  // kustomize-controller substitutes only when there are variables: none leaves ${X} as written.
  return { values, unknown, enabled: values.size > 0 || unknown.length > 0 };
}

const DISABLED = 'kustomize.toolkit.fluxcd.io/substitute';

export function substitute(object: Data, vars: Variables): Data {
  if (!vars.enabled) return object;
  const meta = isObject(object.metadata) ? object.metadata : {};
  const notes = isObject(meta.annotations) ? meta.annotations : {};
  const labels = isObject(meta.labels) ? meta.labels : {};
  if (notes[DISABLED] === 'disabled' || labels[DISABLED] === 'disabled') return object;
  const text = substituteText(stringify(object, { lineWidth: 0 }), vars.values);
  const parsed = parse(text) as unknown;
  return isObject(parsed) ? parsed : object;
}

/** The text with its variables replaced (exported for the unit tests of the rule). */
export function substituteText(text: string, values: ReadonlyMap<string, string>): string {
  return text.replace(
    /\$\$\{|\$\{([A-Za-z_][A-Za-z0-9_]*)(?::?([=-])([^}]*))?\}/g,
    (match, name: string | undefined, op: string | undefined, fallback: string | undefined) => {
      if (name === undefined) return '${';
      const value = values.get(name);
      if (value !== undefined && !(op && value === '')) return value;
      return op ? (fallback ?? '') : '';
    },
  );
}

/**
 * Whether `built` may be `written` after substitution (`${APP}` → `docs`, `${APP}-preview` →
 * `docs-preview`): each variable stands for any text. The written name alone, without one, is
 * compared by the caller.
 */
export function substitutedFrom(written: string, built: string): boolean {
  if (!/\$\{[^}]+\}/.test(written)) return false;
  const pattern = written
    .split(/\$\{[^}]+\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${pattern}$`).test(built);
}
