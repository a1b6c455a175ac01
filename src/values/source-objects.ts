/**
 * The Flux source objects (HelmRepository, OCIRepository, HelmChart, GitRepository, Bucket) a
 * HelmRelease can name, as candidates for flux-source.ts: the documents of the values files (as
 * this run reads them) and of the checkout's tracked YAML files (`git ls-files`: what the cluster
 * can be given, not a build folder or a vendored copy). Only files that mention the source group
 * are parsed. Outside a git checkout, the values files alone.
 */
import { execFile } from 'node:child_process';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { isObject, type Data } from './site.js';

const GROUP = 'source.toolkit.fluxcd.io/';
/** A manifest file larger than this is no hand-written source definition: not read. */
const MAX_BYTES = 1024 * 1024;

export function sourcesIn(text: string): Data[] {
  if (!text.includes(GROUP)) return [];
  const objects: Data[] = [];
  for (const doc of parseAllDocuments(text)) {
    if (doc.errors.length > 0) continue;
    const value: unknown = doc.toJS();
    if (
      isObject(value) &&
      typeof value.apiVersion === 'string' &&
      value.apiVersion.startsWith(GROUP)
    )
      objects.push(value);
  }
  return objects;
}

function trackedYaml(root: string): Promise<string[]> {
  return new Promise((resolve) => {
    execFile(
      'git',
      ['-C', root, 'ls-files', '-z', '--', '*.yaml', '*.yml'],
      { maxBuffer: 64 * 1024 * 1024, timeout: 30_000 },
      (error, stdout) => resolve(error ? [] : stdout.split('\0').filter((f) => f !== '')),
    );
  });
}

/** The source objects of `texts` (the values files), then of the tracked files under `root`. */
export async function sourceObjects(texts: Iterable<string>, root: string): Promise<Data[]> {
  const objects = [...texts].flatMap(sourcesIn);
  for (const file of await trackedYaml(root)) {
    const path = join(root, file);
    try {
      if ((await stat(path)).size > MAX_BYTES) continue;
      objects.push(...sourcesIn(await readFile(path, 'utf8')));
    } catch {
      // Deleted in the work tree, or unreadable: not something the cluster gets from here.
    }
  }
  return objects;
}
