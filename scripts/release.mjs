#!/usr/bin/env node
/**
 * `npm run release -- <X.Y.Z> [--push]`: cuts a release the way the best-kept actions do.
 *
 * 1. Refuses unless on `main` with a clean tree, the version is new and greater than the last
 *    tag, CHANGELOG.md has entries under "## [Unreleased]", and dist/ is a fresh build.
 * 2. Sets the version in package.json, package-lock.json and src/shared/version.ts (the User-Agent),
 *    moves the Unreleased entries under "## [X.Y.Z] - <date>", rebuilds dist/, commits.
 * 3. Tags `vX.Y.Z` (annotated) and moves the major tag `vX` to the same commit, so `@vX` users
 *    get the release.
 * 4. Prints the push commands, or runs them with --push (the major tag needs --force: it moves).
 *
 * Nothing is changed when a check fails.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { staleReason } from './sources-digest.mjs';

const root = process.cwd();
const args = process.argv.slice(2);
const push = args.includes('--push');
const version = args.find((a) => !a.startsWith('--'));

function fail(message) {
  console.error(`release: ${message}`);
  process.exit(1);
}
const git = (...a) => execFileSync('git', a, { cwd: root, encoding: 'utf8' }).trim();
const run = (cmd, a) => execFileSync(cmd, a, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });

if (!version || !/^\d+\.\d+\.\d+$/.test(version)) {
  fail('give the version to release, e.g. "npm run release -- 1.2.0" (X.Y.Z, no leading v).');
}
const [major] = version.split('.').map(Number);
const tag = `v${version}`;
const majorTag = `v${major}`;

const branch = git('rev-parse', '--abbrev-ref', 'HEAD');
if (branch !== 'main') fail(`releases are cut from main; this is "${branch}".`);
if (git('status', '--porcelain') !== '')
  fail('the working tree has changes: commit or stash them.');
const tags = git('tag', '--list', 'v*.*.*').split('\n').filter(Boolean);
if (tags.includes(tag)) fail(`${tag} already exists.`);
const newer = (a, b) => {
  const x = a.split('.').map(Number);
  const y = b.split('.').map(Number);
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i] > y[i];
  return false;
};
const latest = tags
  .map((t) => t.slice(1))
  .filter((t) => /^\d+\.\d+\.\d+$/.test(t))
  .sort((a, b) => (newer(a, b) ? -1 : newer(b, a) ? 1 : 0))[0];
if (latest && !newer(version, latest))
  fail(`${version} is not greater than the last tag v${latest}.`);

const changelogPath = join(root, 'CHANGELOG.md');
const changelog = readFileSync(changelogPath, 'utf8');
const unreleased = /^## \[Unreleased\]\n([\s\S]*?)(?=^## \[)/m.exec(changelog);
if (!unreleased || !/^- /m.test(unreleased[1])) {
  fail('CHANGELOG.md has no entries under "## [Unreleased]": list the changes first.');
}

// dist/ must be the build of the sources before anything is touched: the build records what it was
// built from (scripts/sources-digest.mjs), and check-dist holds every commit to it in CI. Checking
// the record instead of building once more halves the time of a release; the release's own build
// below is the one that is committed.
const stale = staleReason();
if (stale) {
  fail(
    `dist/ is not a fresh build of the sources (${stale}): run "npm run build", commit dist/, try again.`,
  );
}

// --- from here on, files change ---
const date = new Date().toISOString().slice(0, 10);
run('npm', ['version', version, '--no-git-tag-version', '--allow-same-version']);
const versionPath = join(root, 'src/shared/version.ts');
writeFileSync(
  versionPath,
  readFileSync(versionPath, 'utf8').replace(
    /export const VERSION = '[^']*';/,
    `export const VERSION = '${version}';`,
  ),
);
let next = changelog.replace('## [Unreleased]\n', `## [Unreleased]\n\n## [${version}] - ${date}\n`);
const repoUrl = /^\[Unreleased\]: (\S+)\/compare\/\S+$/m.exec(next)?.[1];
if (repoUrl) {
  next = next.replace(
    /^\[Unreleased\]: .*$/m,
    `[Unreleased]: ${repoUrl}/compare/${tag}...HEAD\n[${version}]: ${repoUrl}/releases/tag/${tag}`,
  );
}
writeFileSync(changelogPath, next);
run('npm', ['run', '-s', 'build']);
git('add', '-A');
git('commit', '-q', '-m', `Release ${tag}`);
git('tag', '-a', tag, '-m', `Release ${tag}`);
git('tag', '-f', '-a', majorTag, '-m', `${majorTag} → ${tag}`);

const commands = [`git push origin main ${tag}`, `git push --force origin ${majorTag}`];
if (push) {
  for (const c of commands) execFileSync('sh', ['-c', c], { cwd: root, stdio: 'inherit' });
  console.log(`release: ${tag} pushed; ${majorTag} now points at it.`);
} else {
  console.log(
    `release: ${tag} committed and tagged; ${majorTag} moved to it. Push with:\n  ${commands.join('\n  ')}\nthen draft the GitHub release from the ${tag} tag with the CHANGELOG entry.`,
  );
}
