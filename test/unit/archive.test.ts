import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { tar, tarGz } from '../../simulator/tar.js';
import { entryMatches, pageCandidates, readArchiveFiles } from '../../src/site/archive.js';
import { bundlePages } from '../../src/site/verify.js';
import { UserError } from '../../src/shared/errors.js';

async function archiveOf(files: { name: string; content: string | Buffer }[]): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'archive-'));
  const path = join(dir, 'site.tar.gz');
  await writeFile(path, tarGz(files));
  return path;
}

describe('the page for a URL path', () => {
  it('maps / to index.html and a path to its .html or folder index', () => {
    expect(pageCandidates('/')).toEqual(['index.html']);
    expect(pageCandidates('/guides/')).toEqual(['guides/index.html']);
    expect(pageCandidates('/guides/start')).toEqual([
      'guides/start.html',
      'guides/start/index.html',
      'guides/start',
    ]);
    expect(pageCandidates('/about.html')).toEqual(['about.html']);
    expect(pageCandidates('/caf%C3%A9')[0]).toBe('café.html');
  });

  it('matches an entry at the root or under one top-level folder, not deeper', () => {
    expect(entryMatches('index.html', 'index.html')).toBe(true);
    expect(entryMatches('./site/index.html', 'index.html')).toBe(true);
    expect(entryMatches('site/guides/a.html', 'guides/a.html')).toBe(true);
    expect(entryMatches('site/x/index.html', 'index.html')).toBe(false);
    expect(entryMatches('site/guides/a.html', 'a.html')).toBe(false);
  });
});

describe('reading pages from a bundle', () => {
  it('keeps only the files asked for, byte for byte, across block boundaries', async () => {
    const big = Buffer.alloc(70_000, 0x61);
    const path = await archiveOf([
      { name: 'site/index.html', content: '<h1>home</h1>\n' },
      { name: 'site/big.bin', content: big },
      { name: 'site/guides/a.html', content: 'A'.repeat(511) },
      { name: 'site/guides/b.html', content: 'B'.repeat(513) },
    ]);
    const files = await readArchiveFiles(path, (name) => name.endsWith('.html'));
    expect([...files.keys()]).toEqual([
      'site/index.html',
      'site/guides/a.html',
      'site/guides/b.html',
    ]);
    expect(files.get('site/guides/a.html')!.toString()).toBe('A'.repeat(511));
    expect(files.get('site/guides/b.html')!.toString()).toBe('B'.repeat(513));
  });

  it('a bundle file that cannot be read fails the read at once, instead of waiting for ever', async () => {
    const gone = join(tmpdir(), `no-bundle-${process.pid}.tar.gz`);
    await expect(readArchiveFiles(gone, () => true)).rejects.toThrow(/ENOENT/);
    // A folder where the file should be: EISDIR, also passed on.
    await expect(readArchiveFiles(tmpdir(), () => true)).rejects.toThrow(/EISDIR/);
  });

  it('reads what GNU tar writes: long names (over 100 bytes) and a ./ prefix', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gnutar-'));
    const deep = `docs/${'section-'.repeat(16)}/page`;
    await mkdir(join(dir, 'site', deep), { recursive: true });
    await writeFile(join(dir, 'site', deep, 'index.html'), '<p>deep</p>');
    await writeFile(join(dir, 'site', 'index.html'), '<p>root</p>');
    for (const format of ['gnu', 'posix']) {
      const path = join(dir, `${format}.tar.gz`);
      execFileSync('tar', [`--format=${format}`, '-czf', path, '-C', join(dir, 'site'), '.']);
      const files = await readArchiveFiles(path, () => true);
      expect(files.get(`${deep}/index.html`)?.toString(), format).toBe('<p>deep</p>');
      expect(files.get('index.html')?.toString(), format).toBe('<p>root</p>');
    }
  });

  it('refuses what is not a tar archive', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'notar-'));
    const path = join(dir, 'x.tar.gz');
    execFileSync('sh', [
      '-c',
      `printf 'hello, this is not a tar archive%0500d' 0 | gzip > '${path}'`,
    ]);
    await expect(readArchiveFiles(path, () => true)).rejects.toThrow(/not a tar archive/);
  });

  it('refuses an archive whose later header is corrupt, even when the page came before it', async () => {
    const archive = tar([
      { name: 'site/index.html', content: '<h1>home</h1>' },
      { name: 'site/b.html', content: 'b' },
    ]);
    archive[1024 + 5]! ^= 0x20; // a letter of the second name: its checksum no longer matches
    const path = join(await mkdtemp(join(tmpdir(), 'corrupt-')), 'x.tar.gz');
    await writeFile(path, gzipSync(archive));
    await expect(readArchiveFiles(path, (name) => name === 'site/index.html')).rejects.toThrow(
      'the bundle is not a tar archive (a header is corrupt)',
    );
  });

  it('refuses an archive cut short inside a file', async () => {
    const archive = tar([{ name: 'site/index.html', content: 'x'.repeat(2000) }]);
    const path = join(await mkdtemp(join(tmpdir(), 'short-')), 'x.tar.gz');
    await writeFile(path, gzipSync(archive.subarray(0, 512 + 1000)));
    await expect(readArchiveFiles(path, () => true)).rejects.toThrow(
      /^the bundle is not a whole tar archive \(Truncated input/,
    );
  });

  it('reads an archive with no file as empty, and nothing after the end marker', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ends-'));
    await writeFile(join(dir, 'empty.tar.gz'), gzipSync(tar([])));
    expect((await readArchiveFiles(join(dir, 'empty.tar.gz'), () => true)).size).toBe(0);
    const after = Buffer.concat([
      tar([{ name: 'index.html', content: 'home' }]),
      Buffer.alloc(512, 7),
    ]);
    await writeFile(join(dir, 'after.tar.gz'), gzipSync(after));
    const files = await readArchiveFiles(join(dir, 'after.tar.gz'), () => true);
    expect([...files].map(([name, body]) => [name, body.toString()])).toEqual([
      ['index.html', 'home'],
    ]);
  });
});

describe('a download that is not a .tar.gz archive', () => {
  it('is named for what it is, and the fix depends on whose bundle it was', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'archive-'));
    const path = join(dir, 'site.tar.gz');
    await writeFile(path, '<html>an error page, not a bundle</html>\n');
    const exported = await bundlePages(path)
      .pageFor('/')
      .catch((e: unknown) => e);
    expect(exported).toBeInstanceOf(UserError);
    expect((exported as Error).message).toBe(
      'The downloaded bundle cannot be read as a .tar.gz archive (not gzip data: incorrect header check), so the live site cannot be compared with it. Run again; if it persists, report it.',
    );
    const mirrored = await bundlePages(path, 'bundle-url')
      .pageFor('/')
      .catch((e: unknown) => e);
    expect((mirrored as Error).message).toBe(
      'The bundle downloaded from bundle-url cannot be read as a .tar.gz archive (not gzip data: incorrect header check), so the live site cannot be compared with it. Check that bundle-url names the bundle as exported (a .tar.gz file), or unset download-path to check the live site without comparing its page.',
    );
  });

  it('a gzip file whose tar is corrupt fails the check, with the same advice', async () => {
    const archive = tar([{ name: 'site/index.html', content: '<h1>home</h1>' }]);
    archive[148]! ^= 0x01; // the checksum field itself
    const path = join(await mkdtemp(join(tmpdir(), 'archive-')), 'site.tar.gz');
    await writeFile(path, gzipSync(archive));
    const error = await bundlePages(path)
      .pageFor('/')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserError);
    expect((error as Error).message).toBe(
      'The downloaded bundle cannot be read as a .tar.gz archive (the bundle is not a tar archive (a header is corrupt)), so the live site cannot be compared with it. Run again; if it persists, report it.',
    );
  });
});
