/**
 * Reads the values file, and checks before any export is started that it can be written at the
 * end: a broken or unwritable file costs no export.
 */
import { constants as fsConstants } from 'node:fs';
import { access, lstat, readdir, readFile, realpath, stat } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { utf8 } from '../shared/go-yaml.js';
import { nearest } from '../shared/text.js';
import type { Selector } from './choice.js';
import { fileError, STATIC_EXPORT, type KeyPath, type ValuesFile } from './file.js';
import { checkFile } from './plan.js';
import type { ChosenTarget } from './target.js';

/** A values file as read and checked: a file of manifests has its chosen targets. */
export interface ReadValuesFile extends ValuesFile {
  targets?: ChosenTarget[];
}

/**
 * Reads and checks the values file: valid YAML, one document with a mapping at the top (or
 * manifests, of which `selectors` choose the targets), and a path to the values (`at`, the
 * values-key) that can be written. A missing file reads as a new, empty one. `root` is the
 * checkout (where an Argo CD source's chart path is read).
 */
export async function readValuesFile(
  path: string,
  display: string,
  at: KeyPath = STATIC_EXPORT,
  selectors: readonly Selector[] = [],
  root?: string,
): Promise<ReadValuesFile> {
  let target = path;
  let info;
  try {
    info = await lstat(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      await refuseMissingFolder(path, display);
      return { path, display, exists: false, text: '', mode: 0o644 };
    }
    throw unreadable(display, error);
  }
  if (info.isSymbolicLink()) {
    try {
      target = await realpath(path);
      info = await stat(target);
    } catch {
      throw fileError(
        display,
        'is a symbolic link to a file that does not exist',
        'Point the link at the values file, or give the real path.',
      );
    }
  }
  if (info.isDirectory())
    throw fileError(
      display,
      'is a directory',
      'Give the path of a YAML file, e.g. charts/docs/values.yaml.',
    );
  if (!info.isFile())
    throw fileError(display, 'is not a regular file', 'Give the path of a YAML file.');
  if (info.size > 64 * 1024 * 1024)
    throw fileError(
      display,
      `is ${info.size} bytes`,
      'A Helm values file is expected to be far smaller; check the path.',
    );
  const text = utf8(await readFile(target));
  if (text === undefined)
    throw fileError(display, 'is not valid UTF-8', 'Save it as UTF-8, as Helm expects.');
  const targets = checkFile(text, { path, display, root }, at, selectors);
  return { path: target, display, exists: true, text, mode: info.mode & 0o7777, targets };
}

/**
 * A new values file is created only in a folder that exists: a mistyped folder
 * (`clusters/prodution/…`) would get a new folder and a file that no chart, release or controller
 * reads, and the run would exit 0. Refused, naming the nearest folder that exists and, when one of
 * its folders is a letter or two off, the path that was probably meant.
 */
async function refuseMissingFolder(path: string, display: string): Promise<void> {
  const missing: string[] = [];
  let dir = dirname(path);
  for (; dirname(dir) !== dir; dir = dirname(dir)) {
    const info = await stat(dir).catch(() => undefined);
    if (info?.isDirectory()) break;
    missing.unshift(basename(dir));
  }
  if (missing.length === 0) return;
  const shown = display
    .replace(/\\/g, '/')
    .split('/')
    .filter((part) => part !== '' && part !== '.');
  const kept = shown.slice(0, Math.max(0, shown.length - 1 - missing.length));
  const existing = kept.length > 0 ? `${kept.join('/')}/` : 'the top of the workspace';
  const folders = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const meant = nearest(
    missing[0]!,
    folders.filter((entry) => entry.isDirectory()).map((entry) => entry.name),
  );
  const guess = meant
    ? ` Did you mean ${[...kept, meant, ...shown.slice(kept.length + 1)].join('/')}?`
    : '';
  throw fileError(
    display,
    `is in a folder that does not exist (${[...kept, missing[0]!].join('/')}; the nearest folder that exists is ${existing}), so no chart or controller could read it`,
    `Check the path.${guess} If a new folder is meant, create it first (a values file in an existing folder is created when missing).`,
  );
}

/**
 * Checks that the write at the end can happen: the file is not read-only and its folder (or the
 * nearest folder that exists, for a new file) is writable.
 */
export async function checkWritable(file: ValuesFile): Promise<void> {
  if (file.exists) refuseReadOnly(file.mode, file.display);
  let dir = dirname(file.path);
  for (;;) {
    try {
      await access(dir, fsConstants.W_OK);
      return;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' && dirname(dir) !== dir) {
        dir = dirname(dir);
        continue;
      }
      throw fileError(
        file.display,
        `cannot be written: its folder ${dir} is not writable (${code ?? String(error)})`,
        'The file is replaced atomically, through a temporary file next to it: make the folder writable.',
      );
    }
  }
}

/**
 * A read-only file is the user's "do not change this": the rename of the atomic write would
 * replace it all the same, so it is refused before the export and again just before the write.
 */
export function refuseReadOnly(mode: number, display: string): void {
  if ((mode & 0o222) === 0) {
    throw fileError(
      display,
      'is read-only',
      'Make it writable (chmod u+w) or point values-file at a writable copy.',
    );
  }
}

export function unreadable(display: string, error: unknown) {
  return fileError(
    display,
    `cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
    'Check the path and its permissions.',
  );
}
