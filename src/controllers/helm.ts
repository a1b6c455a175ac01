/**
 * Helm's own rules that every controller inherits, since each hands its values to Helm's engine:
 * the values layers it merges in order (later wins), and how `--set` types a value (helm's
 * pkg/strvals, `typedVal`), which Flux's targetPath, Argo CD's parameters and helmfile's `set`
 * all go through. Pure rules: data in, data out.
 */

/**
 * One layer of values, as helm reads them: a file (`-f path`), or YAML text the manifest holds;
 * or values this run cannot read that set every key it writes (a remote vendor chart's own
 * values.yaml, which kustomize's `valuesMerge: merge` lets win), so a later one of those wins.
 * `fix` says what to do when that layer wins over the link.
 */
export type ValuesLayer =
  | { file: string; fix?: string }
  | { name: string; yaml: string; fix?: string }
  | { name: string; unread: true; fix: string };

/** A --set value as helm types it: true, false, null and integers; anything else a string. */
export function typedSet(raw: string): unknown {
  // As helm's strvals: true, false and null in any case; an integer not written with a leading 0.
  const lower = raw.toLowerCase();
  if (lower === 'true' || lower === 'false') return lower === 'true';
  if (lower === 'null') return null;
  if (/^[+-]?([1-9]\d*|0)$/.test(raw)) return Number(raw);
  return raw;
}
