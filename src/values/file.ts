/**
 * What the values-file modules share: the shapes they pass around, where the block they edit
 * lives, how the YAML is parsed, and the form of every message about the file.
 */
import { PARSE_OPTIONS, TO_JS as STORE_TO_JS } from '../shared/documents.js';
import { UserError } from '../shared/errors.js';
import { WRITTEN_KEYS } from '../shared/set-path.js';

export interface StaticExportValues {
  enabled: true;
  bundleUrl: string;
  /** undefined removes a stale `version`. */
  version: string | undefined;
}

export interface ValuesFile {
  /** Absolute path of the file that is read and written (a symlink's target). */
  path: string;
  /** How the user named it, for messages. */
  display: string;
  exists: boolean;
  text: string;
  /** File mode to keep on rewrite. */
  mode: number;
}

export interface EditPlan {
  text: string;
  changed: boolean;
  /** What changed, in words, for the log and the summary: `bundleUrl updated`. */
  changes: string[];
  /** Notices for the user (a stale version removed). */
  notices: string[];
}

/** The keys, from the top of the document, of the mapping that holds `enabled`, `bundleUrl`...
 * (the values-key input, split at its dots). */
export type KeyPath = readonly [string, ...string[]];

/** Where the chart reads the static export: `staticExport` at the top of the values. */
export const STATIC_EXPORT: KeyPath = ['staticExport'];

/** The keys this action writes into that mapping, in the order it adds them. */
export const KEYS = WRITTEN_KEYS;
export type Key = (typeof KEYS)[number];

/**
 * What parsed values of a later layer (merged over the one this run writes) set of what this run
 * writes at values-key `key`: a part of the path set to something other than a mapping (`path`,
 * [] for the values themselves; `keys` empty), which replaces the block; else the keys of the
 * block they set (`enabled: true` is what the run writes too, so it changes nothing). Undefined
 * when they leave it alone. One rule for Flux's layers (flux-override.ts) and Argo CD's override
 * files (argo-source-file.ts).
 */
export function setOver(
  values: unknown,
  key: readonly string[],
): { path: string[]; keys: Key[] } | undefined {
  const mapping = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v);
  let node = values;
  for (const [i, step] of key.entries()) {
    if (!mapping(node)) return { path: key.slice(0, i), keys: [] };
    if (!(step in node)) return undefined;
    node = node[step];
  }
  if (!mapping(node)) return { path: [...key], keys: [] };
  const block = node;
  const keys = KEYS.filter((k) => k in block && !(k === 'enabled' && block[k] === true));
  return keys.length > 0 ? { path: [...key], keys } : undefined;
}

/**
 * How every values file is parsed: the document store's options (shared/documents.ts). Node
 * ranges are kept, and merge keys (`<<: *defaults`) are marked for each view to apply. Duplicate
 * keys are an error, found by firstDuplicateKey in one pass (the library's own check is quadratic
 * in the size of a mapping).
 */
export const PARSE = PARSE_OPTIONS;
/** Enough aliases for any real values file, few enough to stop a "billion laughs" file. */
export const TO_JS = STORE_TO_JS;

export function fileError(display: string, problem: string, fix: string): UserError {
  return new UserError(`values-file "${display}" ${problem}. ${fix} The file was not changed.`, {
    file: display,
  });
}
