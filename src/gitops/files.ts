/**
 * The files of the checkout the cluster's controllers read: the tracked ones (`git ls-files`), as
 * a controller clones only what is committed; a folder that is not a git checkout is walked
 * instead (skipping `.git` and `node_modules`). Relative paths with forward slashes, sorted.
 */
import { execFile } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Folders a walk never enters: no controller reads them, and they can be huge. */
const SKIPPED = new Set(['.git', 'node_modules']);

export async function checkoutFiles(root: string): Promise<string[]> {
  return (await checkoutListing(root)).files;
}

/**
 * The files of the checkout, and whether git listed them (`tracked`) or the folder was walked (no
 * git checkout). A run lists each checkout once (publish/checkout.ts CheckoutScan).
 */
export async function checkoutListing(
  root: string,
): Promise<{ files: string[]; tracked: boolean }> {
  try {
    // -z: names as they are (no quoting of unusual characters). The index only: listing untracked
    // files too (--others) walks the whole tree and costs several times as much on a large
    // checkout; the files this run writes are added by the caller.
    const { stdout } = await run('git', ['ls-files', '-z', '--cached'], {
      cwd: root,
      maxBuffer: 256 * 1024 * 1024,
    });
    return { files: [...new Set(stdout.split('\0').filter(Boolean))].sort(), tracked: true };
  } catch {
    return { files: await walk(root), tracked: false };
  }
}

async function walk(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => checkoutPath(root, join(entry.parentPath, entry.name)))
    .filter((path) => !path.split('/').some((part) => SKIPPED.has(part)))
    .sort();
}

/** `path` relative to the checkout at `root`, with forward slashes, as git and the controllers write it. */
export const checkoutPath = (root: string, path: string): string =>
  relative(root, path).split(sep).join('/');

/** A YAML file by its name, as kustomize-controller's generator takes them. */
export const isYamlFile = (path: string): boolean => /\.ya?ml$/i.test(path);
