import { mkdir, mkdtemp, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AtomicWriteError, writeAtomic } from '../../src/shared/atomic-write.js';

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
});
