/**
 * Scratch folders: in memory (/dev/shm) on Linux, named with the process id; the folders of
 * processes that are gone are removed when the next one is made, once they are an hour old (a
 * younger one, or a live process's, is kept); and a copy of the checkout that fills a small
 * memory file system (a real tmpfs, mounted where this runs as root) moves to disk whole; one
 * larger than the memory budget is made on disk from the start.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import {
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  stat,
  truncate,
  utimes,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyCheckout } from '../../src/gitops/build.js';
import { openCheckout } from '../../src/gitops/checkout.js';
import { scratchDir } from '../../src/shared/scratch.js';

const linux = process.platform === 'linux';

describe.skipIf(!linux)('scratch folders', () => {
  it('are in /dev/shm where it is, named with the process id', async () => {
    const { dir, memory } = await scratchDir('static-export-test');
    try {
      expect(memory).toBe(existsSync('/dev/shm'));
      if (memory) expect(dir.startsWith(`/dev/shm/static-export-test-${process.pid}-`)).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('sweep the folders of gone processes once an hour old, and keep the others', async () => {
    const root = await mkdtemp(join(tmpdir(), 'scratch-root-'));
    const gone = spawnSync('true').pid;
    const hoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    const names = {
      stale: `static-export-gitops-${gone}-aaaaaa`,
      young: `static-export-render-${gone}-bbbbbb`,
      live: `static-export-gitops-${process.ppid}-cccccc`,
      other: `someone-else-${gone}-dddddd`,
    };
    for (const [kind, name] of Object.entries(names)) {
      await mkdir(join(root, name, 'apps'), { recursive: true });
      await writeFile(join(root, name, 'apps', 'release.yaml'), 'kind: HelmRelease\n');
      if (kind !== 'young') await utimes(join(root, name), hoursAgo, hoursAgo);
    }
    const made = await scratchDir('static-export-gitops', root);
    expect(made.memory).toBe(true);
    expect((await readdir(root)).sort()).toEqual(
      [names.young, names.live, names.other, made.dir.slice(root.length + 1)].sort(),
    );
    await rm(root, { recursive: true, force: true });
  });
});

/** A tmpfs of `size` mounted on a new folder, or undefined where mounting is not allowed. */
function tinyTmpfs(size: string): string | undefined {
  if (!linux || process.getuid?.() !== 0) return undefined;
  const at = join(tmpdir(), `scratch-tmpfs-${process.pid}`);
  spawnSync('mkdir', ['-p', at]);
  return spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', at]).status === 0
    ? at
    : undefined;
}

describe('a copy of the checkout', () => {
  const mounted = tinyTmpfs('16k');
  it.skipIf(!mounted)('that fills memory moves to disk, every file in it', async () => {
    const root = await mkdtemp(join(tmpdir(), 'scratch-checkout-'));
    try {
      await mkdir(join(root, 'apps/base'), { recursive: true });
      await writeFile(join(root, 'apps/base/kustomization.yaml'), 'resources:\n  - big.yaml\n');
      await writeFile(join(root, 'apps/base/big.yaml'), `# ${'x'.repeat(200_000)}\n`);
      const edited = new Map([['apps/base/release.yaml', 'kind: HelmRelease\n']]);
      const checkout = await openCheckout(root, edited, [
        'apps/base/big.yaml',
        'apps/base/kustomization.yaml',
      ]);
      const copy = await copyCheckout(checkout, edited, checkout.files, () =>
        scratchDir('static-export-gitops', mounted),
      );
      try {
        expect(copy.dir.startsWith(mounted!)).toBe(false);
        expect(await readdir(mounted!)).toEqual([]);
        for (const file of checkout.files)
          expect(await readFile(join(copy.dir, file), 'utf8')).toBe(checkout.read(file));
        expect(copy.complete()).toBe(true);
      } finally {
        await copy.remove();
      }
      expect(existsSync(copy.dir)).toBe(false);
    } finally {
      await rm(root, { recursive: true, force: true });
      spawnSync('umount', [mounted!]);
      await rm(mounted!, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!linux || !existsSync('/dev/shm'))('a copy of a large checkout', () => {
  it('is made on disk from the start: it would take much of memory', async () => {
    const root = await mkdtemp(join(tmpdir(), 'scratch-large-'));
    try {
      // Sparse: 40 MiB by its size, nothing written.
      await writeFile(join(root, 'kustomization.yaml'), 'resources: []\n');
      await writeFile(join(root, 'assets.bin'), '');
      await truncate(join(root, 'assets.bin'), 40 * 1024 * 1024);
      const checkout = await openCheckout(root, new Map(), ['assets.bin', 'kustomization.yaml']);
      const copy = await copyCheckout(checkout, new Map());
      try {
        expect(copy.dir.startsWith('/dev/shm/')).toBe(false);
        expect((await stat(join(copy.dir, 'assets.bin'))).size).toBe(40 * 1024 * 1024);
        expect(await readFile(join(copy.dir, 'kustomization.yaml'), 'utf8')).toBe(
          'resources: []\n',
        );
      } finally {
        await copy.remove();
      }
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
