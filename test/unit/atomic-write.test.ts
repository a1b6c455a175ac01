import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AtomicWriteError, prepareAtomic, writeAtomic } from '../../src/shared/atomic-write.js';

const newDir = () => mkdtemp(join(tmpdir(), 'atomic-'));

describe('writeAtomic', () => {
  it('replaces the file through a temporary one next to it, with the given mode', async () => {
    const dir = await newDir();
    const path = join(dir, 'f.txt');
    await writeFile(path, 'old');
    const seen: string[] = [];
    await writeAtomic(path, { suffix: 'tmp', mode: 0o600 }, async (file) => {
      seen.push(...(await readdir(dir)));
      await file.writeFile('new');
    });
    expect(seen.sort()).toEqual([
      expect.stringMatching(new RegExp(`^\\.f\\.txt\\.${process.pid}\\.[0-9a-f]{8}\\.tmp$`)),
      'f.txt',
    ]);
    expect(await readFile(path, 'utf8')).toBe('new');
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(await readdir(dir)).toEqual(['f.txt']);
  });

  it("passes the writer's error through, removing the temporary file and keeping the old one", async () => {
    const dir = await newDir();
    const path = join(dir, 'f.txt');
    await writeFile(path, 'old');
    const failure = new Error('the source broke');
    const pending = writeAtomic(path, { suffix: 'part', durable: false }, async (file) => {
      await file.writeFile('half');
      throw failure;
    });
    await expect(pending).rejects.toBe(failure);
    expect(await readFile(path, 'utf8')).toBe('old');
    expect(await readdir(dir)).toEqual(['f.txt']);
  });

  it('names the step the file system refused: the folder, or the rename', async () => {
    const dir = await newDir();
    await writeFile(join(dir, 'blocker'), 'a file where a folder should be');
    const folder = await writeAtomic(join(dir, 'blocker', 'f.txt'), { suffix: 'tmp' }, () =>
      Promise.resolve(),
    ).catch((error: unknown) => error);
    expect(folder).toBeInstanceOf(AtomicWriteError);
    expect(folder).toMatchObject({ step: 'folder', code: 'EEXIST' });

    await writeFile(join(dir, 'keep'), 'x');
    const target = join(dir, 'a-folder');
    await mkdir(join(target, 'inside'), { recursive: true });
    const rename = await writeAtomic(target, { suffix: 'tmp' }, (file) =>
      file.writeFile('new'),
    ).catch((error: unknown) => error);
    expect(rename).toMatchObject({ step: 'rename', code: 'EISDIR' });
    expect((await readdir(dir)).sort()).toEqual(['a-folder', 'blocker', 'keep']);
  });

  it('a failed write into new folders removes them again, and only those', async () => {
    const dir = await newDir();
    // An empty folder that was there before the write stays, though nothing is left in it.
    await mkdir(join(dir, 'there'));
    const pending = writeAtomic(join(dir, 'there', 'a', 'b', 'f.txt'), { suffix: 'tmp' }, () =>
      Promise.reject(new Error('the source broke')),
    );
    await expect(pending).rejects.toThrow('the source broke');
    expect(await readdir(dir)).toEqual(['there']);
    expect(await readdir(join(dir, 'there'))).toEqual([]);
  });

  it('a folder that cannot be made removes the levels made before it, and only those', async () => {
    const dir = await newDir();
    await mkdir(join(dir, 'there'));
    // mkdir makes a and b, then the kernel refuses a name of 300 bytes (ENAMETOOLONG).
    const path = join(dir, 'there', 'a', 'b', 'x'.repeat(300), 'f.txt');
    const failure = await writeAtomic(path, { suffix: 'tmp' }, (f) => f.writeFile('new')).catch(
      (error: unknown) => error,
    );
    expect(failure).toMatchObject({ step: 'folder', code: 'ENAMETOOLONG' });
    expect(await readdir(dir)).toEqual(['there']);
    expect(await readdir(join(dir, 'there'))).toEqual([]);
    // The same with the first levels there already: they stay.
    await mkdir(join(dir, 'there', 'a', 'b'), { recursive: true });
    const again = await writeAtomic(path, { suffix: 'tmp' }, (f) => f.writeFile('new')).catch(
      (error: unknown) => error,
    );
    expect(again).toMatchObject({ step: 'folder', code: 'ENAMETOOLONG' });
    expect(await readdir(join(dir, 'there', 'a'))).toEqual(['b']);
  });

  it('a new file removed after its commit: its folders go too, unless something else is in them', async () => {
    const dir = await newDir();
    const first = await prepareAtomic(join(dir, 'new', 'deep', 'f.txt'), { suffix: 'tmp' }, (f) =>
      f.writeFile('one'),
    );
    const second = await prepareAtomic(join(dir, 'new', 'g.txt'), { suffix: 'tmp' }, (f) =>
      f.writeFile('two'),
    );
    await first.commit();
    await second.commit();
    await rm(join(dir, 'new', 'deep', 'f.txt'));
    await first.removeMadeFolders();
    expect(await readdir(join(dir, 'new'))).toEqual(['g.txt']);
    await rm(join(dir, 'new', 'g.txt'));
    await first.removeMadeFolders();
    expect(await readdir(dir)).toEqual([]);
  });
});
