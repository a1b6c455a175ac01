/**
 * Faults of the runner's disk, injected below the file module of the built action: each file of
 * test/fixtures/preload is loaded with NODE_OPTIONS=--import and set by its environment variables
 * (ENOSPC_MATCH, SLOW_OPEN_MS, …). Everything above the fs module runs unchanged.
 */
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The `--import` flag that loads test/fixtures/preload/<name>.mjs. */
export const preload = (name: 'enospc' | 'rename-fails' | 'slow-open' | 'slow-write'): string =>
  `--import=${pathToFileURL(fileURLToPath(new URL(`../fixtures/preload/${name}.mjs`, import.meta.url))).href}`;
