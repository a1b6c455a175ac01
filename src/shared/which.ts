/**
 * Finds a program on PATH, as a shell would, without @actions/io (the command line must not load
 * @actions/*). Relative PATH entries (`.`, `bin`) are skipped: a binary checked in with the
 * repository being published must not be picked up as helm by accident. The `which` package (v7)
 * does not do that: it looks in relative entries (resolved against the working directory) and, on
 * Windows, in the working directory first, which no PATH filter can turn off.
 */
import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { delimiter, isAbsolute, join } from 'node:path';

/** The first executable file named `name` on PATH (with a PATHEXT extension on Windows). */
export async function findOnPath(
  name: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string | undefined> {
  return (await allOnPath(name, env, 1))[0];
}

/** Every executable file named `name` on PATH, in PATH order (at most `most`). */
export async function allOnPath(
  name: string,
  env: NodeJS.ProcessEnv = process.env,
  most = Infinity,
): Promise<string[]> {
  const windows = process.platform === 'win32';
  const dirs = (env.PATH ?? '').split(delimiter).filter((dir) => dir && isAbsolute(dir));
  const extensions = windows ? (env.PATHEXT ?? '.COM;.EXE;.BAT;.CMD').split(';') : [''];
  const found: string[] = [];
  for (const dir of dirs) {
    for (const extension of extensions) {
      const candidate = join(dir, name + extension);
      if (found.length < most && (await isExecutableFile(candidate, windows)))
        found.push(candidate);
    }
    if (found.length >= most) break;
  }
  return found;
}

async function isExecutableFile(path: string, windows: boolean): Promise<boolean> {
  try {
    if (!(await stat(path)).isFile()) return false;
    // Windows has no execute bit: the extension is what makes a file a program there.
    if (!windows) await access(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
