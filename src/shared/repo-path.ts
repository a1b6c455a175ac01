/**
 * Paths inside the checkout, relative to its top with forward slashes, as every layer from the
 * controllers' rules up names a file: one join, so `a/b` + `../c` is the same path everywhere.
 */
import { posix } from 'node:path';

/** `a/b` + `../c` → `c`; '' is the top; a path that leaves the checkout starts with `..`. */
export function join(dir: string, path: string): string {
  const joined = posix.normalize(posix.join(dir, path)).replace(/\/+$/, '');
  return joined === '.' ? '' : joined;
}
