// The SHA-256 of everything dist/ is built from: every file under src/, the lockfile, package.json,
// tsconfig.json and the build script. `npm run build` writes it to dist/sources.sha256; the tests'
// global setup compares it with the sources as they are now, and builds again only when they differ
// (check-dist, in CI, holds the committed dist/ to a fresh build of the committed sources).
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const STAMP = join(ROOT, 'dist', 'sources.sha256');
const FILES = ['package.json', 'package-lock.json', 'tsconfig.json', 'scripts/build.mjs'];

export function sourcesDigest() {
  const files = [
    ...readdirSync(join(ROOT, 'src'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => relative(ROOT, join(entry.parentPath, entry.name))),
    ...FILES,
  ].sort();
  const hash = createHash('sha256');
  for (const file of files) {
    // The path and the length frame each file, so that no two trees hash alike.
    const content = readFileSync(join(ROOT, file));
    hash.update(`${file.split('\\').join('/')}\0${content.length}\0`).update(content);
  }
  return hash.digest('hex');
}
