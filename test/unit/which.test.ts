import { chmod, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findOnPath } from '../../src/shared/which.js';

describe('findOnPath (helm discovery without @actions/io)', () => {
  it('finds the first executable file on PATH, skipping folders, plain files and relative entries', async () => {
    const root = await mkdtemp(join(tmpdir(), 'which-'));
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((name) => join(root, name));
    for (const dir of [a, b, c, d]) await mkdir(dir!);
    await mkdir(join(a!, 'helm')); // a folder named helm
    await writeFile(join(b!, 'helm'), 'not executable');
    await writeFile(join(c!, 'helm'), '#!/bin/sh\n');
    await chmod(join(c!, 'helm'), 0o755);
    await writeFile(join(d!, 'helm'), '#!/bin/sh\n');
    await chmod(join(d!, 'helm'), 0o755);
    expect(await findOnPath('helm', { PATH: [a, b, c, d].join(':') })).toBe(join(c!, 'helm'));
    // The same folder named relative to the current directory is not searched.
    const relativeC = relative(process.cwd(), c!);
    expect(relativeC.startsWith('/')).toBe(false);
    expect(await findOnPath('helm', { PATH: [relativeC, a, b].join(':') })).toBeUndefined();
    expect(await findOnPath('helm', {})).toBeUndefined();
  });
});
