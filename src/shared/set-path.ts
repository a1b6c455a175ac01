/**
 * Helm's `--set` paths, as its strvals package reads them: one reader for the Flux targetPath and
 * the Argo CD parameters (values/) and for the --set flags of helm-args (helm/render-check.ts).
 */

/** The keys this action writes under values-key, in the order it adds them. */
export const WRITTEN_KEYS = ['enabled', 'bundleUrl', 'version'] as const;

/**
 * A `--set` path (a Flux targetPath, an Argo CD parameter) that sets what this run writes at
 * values-key `key`: the block or a key above it (`staticExport`), or one of `keys` in it or below
 * (`staticExport.bundleUrl`). A sibling (`staticExport.title`) leaves them alone. A list index on
 * the way (`staticExport[0].title`) turns that mapping into a list, so it counts. Read as Helm's
 * strvals does: a backslash escapes the next character (`a\.b` is one key).
 */
export function overlaps(
  dotted: string,
  key: readonly string[],
  keys: readonly string[] = WRITTEN_KEYS,
): boolean {
  const parts = setPath(dotted);
  for (const [i, { name, indexed }] of parts.entries()) {
    if (i === key.length) return keys.includes(name);
    if (name !== key[i]) return false;
    if (indexed) return true;
  }
  return true;
}

/** The keys of a `--set` path, unescaped, each with whether a list index follows it. */
function setPath(dotted: string): { name: string; indexed: boolean }[] {
  const parts: { name: string; indexed: boolean }[] = [];
  let name = '';
  let indexed = false;
  for (let i = 0; i < dotted.length; i++) {
    const c = dotted[i]!;
    if (c === '\\' && i + 1 < dotted.length) name += dotted[++i];
    else if (c === '[' && /^\[\d+\]/.test(dotted.slice(i))) {
      indexed = true;
      i = dotted.indexOf(']', i);
    } else if (c === '.') {
      parts.push({ name, indexed });
      name = '';
      indexed = false;
    } else name += c;
  }
  parts.push({ name, indexed });
  return parts;
}
