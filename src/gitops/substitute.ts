/**
 * Flux post-build substitution, as kustomize-controller runs it on each built object's YAML:
 * `${var}`, `${var:=default}` and `${var:-default}` are replaced, an undefined variable becomes
 * empty (the controller's default, non-strict mode), `$${var}` stays `${var}`; an object annotated
 * `kustomize.toolkit.fluxcd.io/substitute: disabled` is left alone. The variables: spec.postBuild
 * .substitute wins over .substituteFrom (ConfigMaps this run can read; a Secret's are unknown).
 */
import { parse, stringify } from 'yaml';
import { isObject, type Data } from '../values/site.js';

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
