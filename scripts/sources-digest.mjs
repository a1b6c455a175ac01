// Whether dist/ is the build of the sources as they are, without building it again.
//
// `npm run build` writes two records. dist/sources.sha256 (committed) is the SHA-256 of everything
// the bundles are built from: the files of src/ that git tracks or would track, the lockfile,
// package.json, tsconfig.json and the build script; check-dist, in CI, holds every commit's dist/
// to a fresh build, this file included. dist/.local-build (git-ignored) is the digest of the
// installed packages (node_modules/.package-lock.json) a build on this machine used: a clone's
// committed dist/ has none and was built from the lockfile's packages, but a local build made
// before `npm ci` installed new ones is stale even though the sources digest matches.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const STAMP = join(ROOT, 'dist', 'sources.sha256');
export const LOCAL_BUILD = join(ROOT, 'dist', '.local-build');
const FILES = ['package.json', 'package-lock.json', 'tsconfig.json', 'scripts/build.mjs'];
const INSTALLED = join(ROOT, 'node_modules', '.package-lock.json');

/** src/'s files as git sees them (ignored files, such as a stray .env or *.log, left out). */
function sourceFiles() {
  try {
    const listed = execFileSync(
      'git',
      ['ls-files', '-co', '--exclude-standard', '-z', '--', 'src'],
      {
        cwd: ROOT,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    );
    return listed.split('\0').filter((file) => file !== '' && existsSync(join(ROOT, file)));
  } catch {
    // Not a git checkout (an unpacked archive): every file under src/.
    return readdirSync(join(ROOT, 'src'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)).split(sep).join('/'));
  }
}

export function sourcesDigest() {
  // Paths with "/" before sorting, so that every platform hashes the files in the same order.
  const files = [...sourceFiles(), ...FILES].sort();
  const hash = createHash('sha256');
  for (const file of files) {
    // The path and the length frame each file, so that no two trees hash alike.
    const content = readFileSync(join(ROOT, file));
    hash.update(`${file}\0${content.length}\0`).update(content);
  }
  return hash.digest('hex');
}

/** The digest of the installed packages ('' before `npm ci`). */
export function installedDigest() {
  if (!existsSync(INSTALLED)) return '';
  return createHash('sha256').update(readFileSync(INSTALLED)).digest('hex');
}

/** Why dist/ must be built again before it is used, or '' when it is the build of these sources. */
export function staleReason() {
  const bundles = ['index.js', 'agent/index.js', 'cli/index.js'];
  if (!bundles.every((bundle) => existsSync(join(ROOT, 'dist', bundle))))
    return 'a bundle is missing';
  const built = existsSync(STAMP) ? readFileSync(STAMP, 'utf8').trim() : '';
  if (built !== sourcesDigest()) return 'the sources differ from those dist/ was built from';
  if (existsSync(LOCAL_BUILD) && readFileSync(LOCAL_BUILD, 'utf8').trim() !== installedDigest())
    return 'the installed packages changed since dist/ was built here';
  return '';
}
