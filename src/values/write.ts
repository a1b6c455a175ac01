/**
 * Writes the edited values file atomically (src/shared/atomic-write.ts): a killed run leaves the
 * old file or the new one. Keeps the file mode; writes through a symlink to its target.
 */
import { stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { AtomicWriteError, prepareAtomic, type PreparedWrite } from '../shared/atomic-write.js';
import { fileError } from './file.js';
import { refuseReadOnly, unreadable } from './read.js';

/**
 * Replaces the file at `path` (a symlink's target) with `text`. Refuses a file made read-only
 * since it was read. Returns the names of temporary files left next to it by earlier, killed runs,
 * which it removed.
 */
export async function writeValuesFile(
  path: string,
  text: string,
  mode: number,
  display: string,
): Promise<string[]> {
  return (await prepareValuesFile(path, text, mode, display)).commit();
}

/**
 * The first half of writeValuesFile (prepareAtomic): the new text in a temporary file beside the
 * target, renamed over it by `commit`. Both halves fail with the values file's own messages.
 */
export async function prepareValuesFile(
  path: string,
  text: string,
  mode: number,
  display: string,
): Promise<PreparedWrite> {
  await refuseChangedToReadOnly(path, display);
  let prepared: PreparedWrite;
  try {
    prepared = await prepareAtomic(path, { suffix: 'tmp', mode }, (file) =>
      file.writeFile(text, 'utf8'),
    );
  } catch (error) {
    throw writeFailure(error, path, display);
  }
  return {
    abandon: () => prepared.abandon(),
    removeMadeFolders: () => prepared.removeMadeFolders(),
    commit: () =>
      prepared.commit().catch((error: unknown) => {
        throw writeFailure(error, path, display);
      }),
  };
}

async function refuseChangedToReadOnly(path: string, display: string): Promise<void> {
  let mode: number;
  try {
    mode = (await stat(path)).mode;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // A new file, or one whose folder is to be made.
    if (code === 'ENOENT' || code === 'ENOTDIR') return;
    throw unreadable(display, error);
  }
  refuseReadOnly(mode, display);
}

function writeFailure(error: unknown, path: string, display: string) {
  const code = (error as NodeJS.ErrnoException | AtomicWriteError).code ?? String(error);
  if (error instanceof AtomicWriteError && error.step === 'folder')
    return fileError(
      display,
      `cannot be created: its folder ${dirname(path)} cannot be made (${code})`,
      'Check the path and permissions.',
    );
  const fix =
    code === 'ENOSPC' || code === 'EDQUOT'
      ? 'The disk is full: free some space on the runner.'
      : code === 'EACCES' || code === 'EPERM' || code === 'EROFS'
        ? 'The folder is not writable: check its permissions.'
        : 'Check the path, the permissions and the free disk space.';
  return fileError(display, `could not be written (${code})`, fix);
}
