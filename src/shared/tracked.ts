/**
 * The files of a checkout, as git tracks them: where the run looks for what reads a values file
 * (a helmfile's releases, a Flux or Argo CD entry point). Tracked files are what the cluster's
 * controllers and tools see once the change is pushed; build output, caches and dependencies that
 * git ignores are not. Outside a git checkout, every file under the folder (but .git and
 * node_modules), up to a bound.
 */
import { execFile } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** A folder walk stops here: a checkout without git that large is no GitOps repository. */
const WALK_LIMIT = 50_000;

const known = new Map<string, Promise<string[]>>();

/** The checkout's files below `root`, relative to it with forward slashes; read once per run. */
export function trackedFiles(root: string): Promise<string[]> {
  let files = known.get(root);
  if (!files) {
    files = gitFiles(root).then((listed) => listed ?? walk(root));
    known.set(root, files);
  }
  return files;
}

/** `git ls-files` run in `root` names the files below it, relative to it. */
function gitFiles(root: string): Promise<string[] | undefined> {
  return new Promise((done) => {
    execFile(
      'git',
      ['-C', root, 'ls-files', '-z', '--', '.'],
      { maxBuffer: 256 * 1024 * 1024, encoding: 'utf8' },
      (error, stdout) => done(error ? undefined : stdout.split('\0').filter((name) => name !== '')),
    );
  });
}

async function walk(root: string): Promise<string[]> {
  const found: string[] = [];
  const pending = [''];
  while (pending.length > 0 && found.length < WALK_LIMIT) {
    const dir = pending.pop()!;
    const entries = await readdir(join(root, dir), { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const path = dir === '' ? entry.name : `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== '.git' && entry.name !== 'node_modules') pending.push(path);
      } else if (entry.isFile()) found.push(path);
    }
  }
  return found.sort();
}
