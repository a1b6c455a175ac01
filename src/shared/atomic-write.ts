/**
 * Replaces a file atomically: the content goes to a temporary file in the same folder
 * (`.<file>.<pid>.<8 hex>.<suffix>`, see stale-temp.ts), which is then renamed over the target, so
 * a killed run leaves the old file or the new one, never half of one. Used by the values file and
 * by the bundle download; each turns the failures into its own messages.
 */
import { randomBytes } from 'node:crypto';
import { constants as fsConstants } from 'node:fs';
import { chmod, mkdir, open, rename, rm, rmdir, stat, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { removeStaleTemps, tempName } from './stale-temp.js';

/** Which part of the replacement failed: making the folder, writing the data, or the rename. */
export type AtomicWriteStep = 'folder' | 'write' | 'rename';

/**
 * A failure of the file system during one step of the replacement (not of the caller's `write`,
 * whose errors pass through as they are). The temporary file has been removed.
 */
export class AtomicWriteError extends Error {
  override readonly name = 'AtomicWriteError';
  /** The system error code (`ENOSPC`, `EACCES`, ...), or the error's text when it has none. */
  readonly code: string;
  constructor(
    readonly step: AtomicWriteStep,
    cause: unknown,
  ) {
    const code = (cause as NodeJS.ErrnoException).code ?? String(cause);
    super(`${step} failed (${code})`, { cause });
    this.code = code;
  }
}

export interface AtomicWriteOptions {
  /** Ends the temporary file's name; stale ones with the same suffix are removed after a success. */
  suffix: string;
  /** The mode of the new file; without it, the default for a new file (0o666 less the umask). */
  mode?: number;
  /**
   * Flush the data and the rename to disk before returning (default true), so that they survive
   * a crash of the machine too, not only of the process.
   */
  durable?: boolean;
}

/**
 * Writes `path` through `write`, which fills the open temporary file. The folders are made first.
 * On any failure the temporary file is removed, and the folders made for it while empty; the
 * target is left as it was. Returns the names of temporary files that killed runs had left next
 * to the target, which it removed.
 */
export async function writeAtomic(
  path: string,
  options: AtomicWriteOptions,
  write: (file: FileHandle) => Promise<void>,
): Promise<string[]> {
  return (await prepareAtomic(path, options, write)).commit();
}

/** A filled temporary file, not yet renamed over its target. */
export interface PreparedWrite {
  /** Renames it over the target; returns the stale temporary files removed (see writeAtomic). */
  commit(): Promise<string[]>;
  /** Removes it, and the folders made for it: the target stays as it was. Never throws. */
  abandon(): Promise<void>;
  /**
   * Removes the folders made for the target, deepest first, each only when empty: after a target
   * this write created was removed again. Never throws.
   */
  removeMadeFolders(): Promise<void>;
}

/**
 * The first half of writeAtomic: the folders made and the temporary file filled, where a full
 * disk or a missing permission shows. Several files prepared first and committed after are
 * either all written or, when one cannot be filled, all left as they were.
 */
export async function prepareAtomic(
  given: string,
  options: AtomicWriteOptions,
  write: (file: FileHandle) => Promise<void>,
): Promise<PreparedWrite> {
  // Resolved once, so that the folders, the temporary file and the rename all name the same
  // place (the kernel would resolve `link/../new` through the link, path.join would not).
  const path = resolve(given);
  const dir = dirname(path);
  const made = await step('folder', () => makeFolders(dir));
  const temp = join(dir, tempName(basename(path), options.suffix, randomBytes(4).toString('hex')));
  const removeMadeFolders = () => removeFolders(made);
  const abandon = async () => {
    await rm(temp, { force: true }).catch(() => undefined);
    await removeMadeFolders();
  };
  try {
    await fill(temp, options, write);
  } catch (error) {
    await abandon();
    throw error;
  }
  return {
    abandon,
    removeMadeFolders,
    async commit() {
      try {
        await step('rename', () => rename(temp, path));
      } catch (error) {
        await abandon();
        throw error;
      }
      const removed = await removeStaleTemps(dir, basename(path), options.suffix);
      if (options.durable !== false) await syncFolder(dir);
      return removed;
    },
  };
}

/**
 * Makes `dir` (a resolved path) and the folders above it that are missing; returns those, deepest
 * first. When a level fails (a full disk, a name too long), the levels made before it are removed,
 * each while empty, before the error is thrown: mkdir itself names what it made only when it
 * succeeds. The missing folders are the ones found missing before mkdir ran, so a folder another
 * process made at the same moment counts as made here: it goes only when empty.
 */
async function makeFolders(dir: string): Promise<string[]> {
  const missing: string[] = [];
  for (let folder = dir; folder !== dirname(folder); folder = dirname(folder)) {
    try {
      await stat(folder);
      break;
    } catch (error) {
      // A name too long can be neither found nor made: the walk goes on above it. Any other
      // failure (no access, a file on the way) says nothing of what exists: mkdir then reports
      // it, and nothing is removed.
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENAMETOOLONG') continue;
      if (code !== 'ENOENT') return mkdirAll(dir, []);
    }
    missing.push(folder);
  }
  return mkdirAll(dir, missing);
}

async function mkdirAll(dir: string, missing: string[]): Promise<string[]> {
  try {
    await mkdir(dir, { recursive: true });
    return missing;
  } catch (error) {
    await removeFolders(missing);
    throw error;
  }
}

/**
 * Removes each folder while it is empty; stops at the first that is not, or cannot go. One that
 * does not exist is passed over: gone already (removed by an earlier call), or never made (the
 * level mkdir failed at, a name too long among them).
 */
async function removeFolders(folders: readonly string[]): Promise<void> {
  for (const folder of folders) {
    try {
      await rmdir(folder);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENAMETOOLONG') return;
    }
  }
}

/** Creates the temporary file (never over an existing one), fills and closes it. */
async function fill(
  temp: string,
  options: AtomicWriteOptions,
  write: (file: FileHandle) => Promise<void>,
): Promise<void> {
  const flags = fsConstants.O_WRONLY | fsConstants.O_CREAT | fsConstants.O_EXCL;
  const file = await step('write', () => open(temp, flags, options.mode ?? 0o666));
  let written = false;
  try {
    await write(file);
    if (options.durable !== false) await step('write', () => file.sync());
    written = true;
  } finally {
    // After a failed write, a failing close must not hide the write's error.
    if (!written) await file.close().catch(() => undefined);
  }
  await step('write', () => file.close());
  // The umask may have narrowed the mode given to open().
  if (options.mode !== undefined) await step('write', () => chmod(temp, options.mode!));
}

async function step<T>(name: AtomicWriteStep, action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    throw new AtomicWriteError(name, error);
  }
}

/** Flushes the folder's entry for the rename. Not every file system lets a folder be opened. */
async function syncFolder(dir: string): Promise<void> {
  try {
    const handle = await open(dir, 'r');
    await handle.sync().catch(() => undefined);
    await handle.close();
  } catch {
    // The rename has happened anyway.
  }
}
