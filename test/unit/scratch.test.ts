/**
 * Scratch folders: in memory (/dev/shm) on Linux, named with the process id; the folders of
 * processes that are gone are removed when the next one is made, once they are an hour old, and
 * any once a day old (a younger one, or a live process's, is kept). A copy of the checkout that
 * fills a small memory file system (a real tmpfs, mounted where this runs as root) moves to disk
 * whole; one larger than the memory budget is made on disk from the start, and what the build
 * writes into it goes there too. (Mounting needs root: where the tests run without it, as on a
 * GitHub-hosted runner, that case is skipped, saying so.)
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { copyCheckout } from '../../src/gitops/build.js';
import { openCheckout } from '../../src/gitops/checkout.js';
import type { Checkout } from '../../src/gitops/tree.js';
import { scratchDir } from '../../src/shared/scratch.js';

const linux = process.platform === 'linux';

describe.skipIf(!linux)('scratch folders', () => {
  it('are in /dev/shm where it is, named with the process id', async () => {
    const { dir, memory } = await scratchDir('static-export-test');
    try {
      expect(memory).toBe(existsSync('/dev/shm'));
      expect(dir.startsWith(memory ? '/dev/shm/' : tmpdir())).toBe(true);
      expect(basename(dir).startsWith(`static-export-test-${process.pid}-`)).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('sweep the folders of gone processes once an hour old, any once a day old, and keep the others', async () => {
    const root = await mkdtemp(join(tmpdir(), 'scratch-root-'));
    onTestFinished(() => rm(root, { recursive: true, force: true }));
    const gone = spawnSync('true').pid;
    const hoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    const daysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    const names = {
      stale: `static-export-gitops-${gone}-aaaaaa`,
      young: `static-export-render-${gone}-bbbbbb`,
      live: `static-export-gitops-${process.ppid}-cccccc`,
      other: `someone-else-${gone}-dddddd`,
      reused: `static-export-gitops-${process.ppid}-eeeeee`,
    };
    for (const [kind, name] of Object.entries(names)) {
      await mkdir(join(root, name, 'apps'), { recursive: true });
      await writeFile(join(root, name, 'apps', 'release.yaml'), 'kind: HelmRelease\n');
      const when = kind === 'reused' ? daysAgo : hoursAgo;
      if (kind !== 'young') await utimes(join(root, name), when, when);
    }
    const made = await scratchDir('static-export-gitops', root);
    expect(made.memory).toBe(true);
    expect((await readdir(root)).sort()).toEqual(
      [names.young, names.live, names.other, made.dir.slice(root.length + 1)].sort(),
    );
  });
});

/** A tmpfs of `size` mounted on a new folder, or undefined where mounting is not allowed. */
async function tinyTmpfs(size: string): Promise<string | undefined> {
  if (!linux || process.getuid?.() !== 0) return undefined;
  const at = await mkdtemp(join(tmpdir(), 'scratch-tmpfs-'));
  if (spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', at]).status === 0)
    return at;
  await rm(at, { recursive: true, force: true });
  return undefined;
}

/** A checkout of three files, one of them 200 kB. */
async function checkoutOf(root: string) {
  await mkdir(join(root, 'apps/base'), { recursive: true });
  await writeFile(join(root, 'apps/base/kustomization.yaml'), 'resources:\n  - big.yaml\n');
  await writeFile(join(root, 'apps/base/big.yaml'), `# ${'x'.repeat(200_000)}\n`);
  const edited = new Map([['apps/base/release.yaml', 'kind: HelmRelease\n']]);
  const files = ['apps/base/big.yaml', 'apps/base/kustomization.yaml'];
  return { edited, checkout: await openCheckout(root, edited, files) };
}

/** Every file of the checkout in the copy, as this run writes it. */
async function expectWhole(copy: { dir: string; complete(): boolean }, checkout: Checkout) {
  for (const file of checkout.files)
    expect(await readFile(join(copy.dir, file), 'utf8')).toBe(checkout.read(file));
  expect(copy.complete()).toBe(true);
}

describe('a copy of the checkout', () => {
  it('that fills memory moves to disk, every file in it (a real tmpfs, where this runs as root)', async (test) => {
    const mounted = await tinyTmpfs('16k');
    if (!mounted) return test.skip('mounting a tmpfs needs root');
    const root = await mkdtemp(join(tmpdir(), 'scratch-checkout-'));
    try {
      const { edited, checkout } = await checkoutOf(root);
      const copy = await copyCheckout(checkout, edited, checkout.files, {
        start: () => scratchDir('static-export-gitops', mounted),
      });
      try {
        expect(copy.dir.startsWith(mounted)).toBe(false);
        expect(await readdir(mounted)).toEqual([]);
        await expectWhole(copy, checkout);
      } finally {
        await copy.remove();
      }
      expect(existsSync(copy.dir)).toBe(false);
    } finally {
      await rm(root, { recursive: true, force: true });
      spawnSync('umount', [mounted]);
      await rm(mounted, { recursive: true, force: true });
    }
  });

  it('larger than the memory budget is made on disk from the start', async () => {
    const root = await mkdtemp(join(tmpdir(), 'scratch-large-'));
    const memory = await mkdtemp(join(tmpdir(), 'scratch-memory-'));
    try {
      const { edited, checkout } = await checkoutOf(root);
      const copy = await copyCheckout(checkout, edited, checkout.files, {
        start: () => scratchDir('static-export-gitops', memory),
        budget: 100_000,
      });
      try {
        expect(copy.dir.startsWith(memory)).toBe(false);
        expect(await readdir(memory)).toEqual([]);
        await expectWhole(copy, checkout);
        // A file the build writes goes where the copy is.
        await copy.write('apps/base/kustomization.yaml', 'resources: []\n');
        expect(await readFile(join(copy.dir, 'apps/base/kustomization.yaml'), 'utf8')).toBe(
          'resources: []\n',
        );
      } finally {
        await copy.remove();
      }
    } finally {
      await rm(root, { recursive: true, force: true });
      await rm(memory, { recursive: true, force: true });
    }
  });
});
