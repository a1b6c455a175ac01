/**
 * The release test's build, reused from the one check-dist has just made (in CI, .ci/run runs
 * check-dist before the tiers): a release bumps the version in package.json, package-lock.json and
 * src/shared/version.ts and builds dist/ again, about a minute of CPU (130 s of wall time in a
 * loaded CI run) spent building what check-dist has already built, but for one string literal.
 *
 * So when this repository's dist/ is a build made here of exactly the sources of the clone the
 * test releases from (the same sources digest, scripts/sources-digest.mjs), the clone's `npm run
 * build` is served by a stand-in `npm` first on PATH: it copies that dist/, writes the new version
 * into the one `const VERSION = '…';` of each bundle (the only place a version is in the built
 * files: the bundles do not read package.json) and records the clone's sources digest, as the real
 * build would. Every other npm command goes to the real npm. Run alone, or with sources that are
 * not those of the last build, the release builds for real.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The bundles whose `VERSION` literal a release changes. */
export const BUNDLES = ['dist/index.js', 'dist/agent/index.js', 'dist/cli/index.js'];
export const VERSION_LINE = /^const VERSION = '([^']*)';$/gm;

const digestOf = (dir: string): string =>
  execFileSync(
    'node',
    [
      '-e',
      "import('./scripts/sources-digest.mjs').then((m) => process.stdout.write(m.staleReason() + '\\n' + m.sourcesDigest()))",
    ],
    { cwd: dir, encoding: 'utf8' },
  );

/**
 * Why `root`'s dist/ cannot stand in for a build of `clone`, or '' when it can: it must be fresh
 * (the build of its sources and of the installed packages), made on this machine (dist/.local-build:
 * a committed dist/ alone may come from another machine's node_modules) and built from the same
 * sources digest as the clone's.
 */
export function reuseRefusal(root: string, clone: string): string {
  if (process.env.RELEASE_TEST_BUILD === 'fresh') return 'RELEASE_TEST_BUILD=fresh';
  if (!existsSync(join(root, 'dist', '.local-build'))) return 'dist/ was not built here';
  const [stale, digest] = digestOf(root).split('\n');
  if (stale !== '') return `dist/ is stale (${stale})`;
  const [, cloneDigest] = digestOf(clone).split('\n');
  if (cloneDigest !== digest) return "the clone's sources are not those dist/ was built from";
  for (const bundle of BUNDLES) {
    const found = readFileSync(join(root, bundle), 'utf8').match(VERSION_LINE) ?? [];
    if (found.length !== 1) return `${bundle} has ${found.length} VERSION lines, not one`;
  }
  return '';
}

/**
 * A folder to put first on PATH for the release: its `npm` serves `npm run -s build` from
 * `root`'s dist/ (see above) and hands everything else to the real npm.
 */
export function reusedBuildPath(root: string): { bin: string; used: () => boolean } {
  const bin = mkdtempSync(join(tmpdir(), 'release-npm-'));
  const realNpm = execFileSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' }).trim();
  const build = join(bin, 'reuse-build.mjs');
  writeFileSync(
    build,
    `import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
const root = ${JSON.stringify(root)};
const cwd = process.cwd();
const version = /export const VERSION = '([^']*)';/.exec(
  readFileSync(join(cwd, 'src/shared/version.ts'), 'utf8'),
)[1];
rmSync(join(cwd, 'dist'), { recursive: true, force: true });
cpSync(join(root, 'dist'), join(cwd, 'dist'), { recursive: true });
for (const bundle of ${JSON.stringify(BUNDLES)}) {
  const file = join(cwd, bundle);
  const text = readFileSync(file, 'utf8');
  writeFileSync(file, text.replace(${VERSION_LINE.toString()}, () => \`const VERSION = '\${version}';\`));
}
const m = await import(join(cwd, 'scripts/sources-digest.mjs'));
writeFileSync(m.STAMP, \`\${m.sourcesDigest()}\\n\`);
writeFileSync(m.LOCAL_BUILD, \`\${m.installedDigest()}\\n\`);
writeFileSync(${JSON.stringify(join(bin, 'used'))}, 'yes');
`,
  );
  const npm = join(bin, 'npm');
  writeFileSync(
    npm,
    `#!/bin/sh
if [ "$*" = "run -s build" ]; then exec node ${JSON.stringify(build)}; fi
exec ${JSON.stringify(realNpm)} "$@"
`,
  );
  chmodSync(npm, 0o755);
  return { bin, used: () => existsSync(join(bin, 'used')) };
}
