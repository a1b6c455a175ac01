/**
 * Private folders for a run's short-lived files. `scratchDir` is for many small files read at once
 * and removed in a `finally` (the copy of the checkout the proof builds): it goes to memory-backed
 * storage where the system has one (Linux's /dev/shm, a tmpfs), where creating a file or a folder
 * writes nothing to a disk; on a runner whose disk is slow that is most of the cost of a copy
 * (measured on this project's 2-core VM: 100 files in 50 folders took 180–230 ms in /tmp, 7–37 ms
 * in /dev/shm). Elsewhere, or when /dev/shm refuses (absent, read-only), it is `diskScratch`:
 * RUNNER_TEMP or the system's temp folder, where the run's other temporary files go (values for
 * helm, a post-renderer's input, pulled charts: few files, some large). A caller in memory moves
 * to disk past `MEMORY_BUDGET_BYTES`, or when a write fails for space (`isOutOfSpace`).
 *
 * A run killed with SIGKILL cannot remove its folders, and nothing empties /dev/shm between jobs
 * on a self-hosted runner: each folder's name carries its process id, and the first folder a
 * process makes there removes those of processes that are gone, once they are an hour old (a pid
 * of another container's namespace looks gone too: the age keeps its live run's folder), and any
 * a day old (a pid reused by another process must not keep one for ever).
 */
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { alive } from './stale-temp.js';

const MEMORY = '/dev/shm';
/**
 * How much a caller puts in memory before it moves to disk: half a container's default /dev/shm
 * (64 MiB), which others share; a partial copy of a checkout is a few hundred KiB.
 */
export const MEMORY_BUDGET_BYTES = 32 * 1024 * 1024;
const STALE_MS = 60 * 60 * 1000;
/** Past this, a folder goes whatever its pid: a reused pid must not keep it for ever. */
const ABANDONED_MS = 24 * STALE_MS;
const NAME = /^static-export-[a-z]+-(\d+)-/;

export interface Scratch {
  dir: string;
  /** Whether it is in memory (a write that fails for space may move to `diskScratch`). */
  memory: boolean;
}

/** The memory roots swept by this process (once each). */
const swept = new Set<string>();

/**
 * A new private folder, `<prefix>-<pid>-XXXXXX`, in memory where the system allows it (`memory`:
 * where memory-backed storage is mounted; /dev/shm but in tests).
 */
export async function scratchDir(prefix: string, memory = MEMORY): Promise<Scratch> {
  if (process.platform === 'linux') {
    try {
      const dir = await mkdtemp(join(memory, `${prefix}-${process.pid}-`));
      if (!swept.has(memory)) {
        swept.add(memory);
        await sweep(memory);
      }
      return { dir, memory: true };
    } catch {
      // No /dev/shm here, or not writable: the disk.
    }
  }
  return diskScratch(prefix);
}

/** A new private folder on disk: RUNNER_TEMP (emptied by the runner), else the system's. */
export async function diskScratch(prefix: string): Promise<Scratch> {
  const root = process.env.RUNNER_TEMP || tmpdir();
  return { dir: await mkdtemp(join(root, `${prefix}-${process.pid}-`)), memory: false };
}

/** Whether a write failed because the file system is full (or the user's quota is). */
export function isOutOfSpace(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}

/** Removes the folders in `memory` of processes that are gone; best effort, never fails a run. */
async function sweep(memory: string): Promise<void> {
  let names: string[];
  try {
    names = await readdir(memory);
  } catch {
    return;
  }
  const now = Date.now();
  for (const name of names) {
    const pid = Number(NAME.exec(name)?.[1]);
    if (!pid || pid === process.pid) continue;
    const path = join(memory, name);
    try {
      const age = now - (await stat(path)).mtimeMs;
      if (age < STALE_MS || (age < ABANDONED_MS && alive(pid))) continue;
      await rm(path, { recursive: true, force: true });
    } catch {
      // Another user's, or gone already.
    }
  }
}
