/** The checkout as the proof reads it: its files, and their texts as this run would write them. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkoutFiles } from './files.js';
import type { Checkout } from './tree.js';

export async function openCheckout(
  root: string,
  edited: ReadonlyMap<string, string>,
  /** The tracked files, when listed already: not listed again. */
  tracked?: readonly string[],
): Promise<Checkout> {
  const listed = tracked ?? (await checkoutFiles(root));
  // A values file this run writes is part of what will be committed, tracked yet or not.
  const files = [...new Set([...listed, ...edited.keys()])].sort();
  const cache = new Map<string, string | undefined>();
  return {
    root,
    files,
    read(path) {
      if (edited.has(path)) return edited.get(path);
      if (!cache.has(path)) {
        try {
          cache.set(path, readFileSync(join(root, path), 'utf8'));
        } catch {
          cache.set(path, undefined);
        }
      }
      return cache.get(path);
    },
  };
}
