/**
 * `npm run release` in a clone of this repository: a long run when it builds all three bundles
 * (about a minute of CPU), so in the reliability tier. After check-dist (CI), the release's build
 * is check-dist's with the new version written in (test/helpers/release-build.ts).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BUNDLES, VERSION_LINE, reuseRefusal, reusedBuildPath } from '../helpers/release-build.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A clone of this repository's HEAD with the working tree's sources, as a release would see. */
function cloneRepo(): string {
  const dir = mkdtempSync(join(tmpdir(), 'release-'));
  execFileSync('git', ['clone', '-q', ROOT, dir]);
  // The sources under test, not only the last commit.
  const sources = ['scripts/release.mjs', 'scripts/sources-digest.mjs', 'scripts/build.mjs'];
  for (const file of [...sources, 'CHANGELOG.md', 'package.json', 'package-lock.json']) {
    writeFileSync(join(dir, file), readFileSync(join(ROOT, file)));
  }
  // Hard links: a real folder (ncc resolves a symlinked one to paths outside the clone), made in
  // a moment.
  execFileSync('cp', ['-al', join(ROOT, 'node_modules'), join(dir, 'node_modules')]);
  const git = (...a: string[]) => execFileSync('git', a, { cwd: dir });
  git('config', 'user.email', 'test@example.com');
  git('config', 'user.name', 'Release Test');
  git('checkout', '-q', '-B', 'main');
  git('add', '-A');
  git('commit', '-q', '--allow-empty', '-m', 'sources under test');
  // With uncommitted changes to what dist/ is built from (package.json, say), the committed dist/
  // is not their build: a release would rightly refuse, so the clone is built and committed first.
  const stale = execFileSync(
    'node',
    [
      '-e',
      "import('./scripts/sources-digest.mjs').then((m) => process.stdout.write(m.staleReason()))",
    ],
    { cwd: dir, encoding: 'utf8' },
  );
  if (stale !== '') {
    execFileSync('npm', ['run', '-s', 'build'], { cwd: dir, stdio: 'ignore' });
    git('add', '-A');
    git('commit', '-q', '-m', 'dist/ built from the sources under test');
  }
  return dir;
}

// At a lower priority: in case it runs beside other tests (as it did in the fast tier), its build
// would otherwise take the cores from those that time how promptly a process answers a signal.
const release = (dir: string, args: string[], bin?: string) =>
  spawnSync('nice', ['-n', '10', 'node', 'scripts/release.mjs', ...args], {
    cwd: dir,
    encoding: 'utf8',
    env: bin ? { ...process.env, PATH: `${bin}:${process.env.PATH ?? ''}` } : process.env,
  });
const git = (dir: string, ...a: string[]) =>
  execFileSync('git', a, { cwd: dir, encoding: 'utf8' }).trim();

describe('npm run release', () => {
  it(
    'bumps every version, moves the changelog, tags vX.Y.Z and moves vX',
    // A build of its own took over 240 s here under other work's load (nice 10); reused, seconds.
    { timeout: 600_000 },
    () => {
      const dir = cloneRepo();
      // An earlier v1 release that the major tag points at: it must move.
      git(dir, 'tag', '-a', 'v0.9.0', '-m', 'old', 'HEAD~1');
      git(dir, 'tag', '-a', 'v1', '-m', 'old', 'HEAD~1');
      const refusal = reuseRefusal(ROOT, dir);
      const reuse = refusal === '' ? reusedBuildPath(ROOT) : undefined;
      console.log(
        reuse
          ? "release test: the release's build is this checkout's dist/ (built here from the same sources) with the new version"
          : `release test: the release builds dist/ itself (${refusal})`,
      );
      const first = release(dir, ['1.0.0'], reuse?.bin);
      expect(first.status, first.stderr).toBe(0);
      expect(reuse?.used() ?? false).toBe(reuse !== undefined);
      expect(first.stdout).toContain('git push --force origin v1');
      expect(
        (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string })
          .version,
      ).toBe('1.0.0');
      expect(readFileSync(join(dir, 'src/shared/version.ts'), 'utf8')).toContain(
        "VERSION = '1.0.0'",
      );
      expect(readFileSync(join(dir, 'dist/index.js'), 'utf8')).toContain(
        'static-export-helm-action/',
      );
      // Each bundle holds the version once, as the one line a reused build rewrites: a real
      // build (the test run alone) checks that this is still where the version goes.
      for (const bundle of BUNDLES) {
        const lines = [...readFileSync(join(dir, bundle), 'utf8').matchAll(VERSION_LINE)];
        expect(
          lines.map((line) => line[1]),
          bundle,
        ).toEqual(['1.0.0']);
      }
      const changelog = readFileSync(join(dir, 'CHANGELOG.md'), 'utf8');
      expect(changelog).toMatch(/## \[Unreleased\]\n\n## \[1\.0\.0\] - \d{4}-\d\d-\d\d\n/);
      expect(changelog).toContain('compare/v1.0.0...HEAD');
      expect(git(dir, 'status', '--porcelain')).toBe('');
      expect(git(dir, 'rev-parse', 'v1.0.0^{commit}')).toBe(git(dir, 'rev-parse', 'HEAD'));
      expect(git(dir, 'rev-parse', 'v1^{commit}')).toBe(git(dir, 'rev-parse', 'HEAD'));

      // Nothing new under Unreleased: refused, nothing changed.
      const empty = release(dir, ['1.0.1']);
      expect(empty.status).toBe(1);
      expect(empty.stderr).toMatch(/no entries under "## \[Unreleased\]"/);
      expect(git(dir, 'status', '--porcelain')).toBe('');
    },
  );

  it('refuses a dirty tree, an old version and a malformed one, changing nothing', () => {
    const dir = cloneRepo();
    expect(release(dir, ['v1.0']).stderr).toMatch(/X\.Y\.Z, no leading v/);
    writeFileSync(join(dir, 'stray.txt'), 'x');
    expect(release(dir, ['1.0.0']).stderr).toMatch(/working tree has changes/);
    execFileSync('git', ['tag', 'v2.0.0'], { cwd: dir });
    execFileSync('git', ['add', 'stray.txt'], { cwd: dir });
    execFileSync('git', ['commit', '-qm', 'stray'], { cwd: dir });
    const old = release(dir, ['1.5.0']);
    expect(old.status).toBe(1);
    expect(old.stderr).toMatch(/1\.5\.0 is not greater than the last tag v2\.0\.0/);
    expect(git(dir, 'status', '--porcelain')).toBe('');

    // A source changed and committed without building dist/ again.
    const main = join(dir, 'src/entry/action/main.ts');
    writeFileSync(main, `${readFileSync(main, 'utf8')}// changed\n`);
    execFileSync('git', ['commit', '-qam', 'source only'], { cwd: dir });
    const stale = release(dir, ['2.1.0']);
    expect(stale.status).toBe(1);
    expect(stale.stderr).toMatch(/dist\/ is not a fresh build of the sources/);
    expect(git(dir, 'status', '--porcelain')).toBe('');
    expect(git(dir, 'tag', '--list', 'v2.1.0')).toBe('');
  });
});
