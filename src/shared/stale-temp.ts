/**
 * Temporary files of an atomic write are named `.<file>.<pid>.<8 hex>.<suffix>` next to the
 * target. A run killed with SIGKILL (a cancelled job, a runner shut down) cannot remove its own,
 * and one left in a workspace can end up committed by a later `git add -A`. After a successful
 * write, the ones of the same target whose process is gone are removed. Best effort: nothing here
 * fails the run.
 */
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { escapeRegExp } from './text.js';

export function tempName(base: string, suffix: string, hex: string): string {
  return `.${base}.${process.pid}.${hex}.${suffix}`;
}

/** Whether process `pid` is running (under this user or another). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes `.<base>.<pid>.<hex>.<suffix>` files in `dir` left by processes that are gone. */
export async function removeStaleTemps(
  dir: string,
  base: string,
  suffix: string,
): Promise<string[]> {
  const escaped = escapeRegExp(base);
  const pattern = new RegExp(`^\\.${escaped}\\.(\\d+)\\.[0-9a-f]{8}\\.${suffix}$`);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const pid = Number(pattern.exec(name)?.[1]);
    if (!pid || pid === process.pid || alive(pid)) continue;
    await rm(join(dir, name), { force: true }).then(
      () => removed.push(name),
      () => undefined,
    );
  }
  return removed;
}
