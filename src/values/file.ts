/**
 * What the values-file modules share: the shapes they pass around, where the block they edit
 * lives, how the YAML is parsed, and the form of every message about the file.
 */
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
 * How every values file is parsed: node ranges are kept, and merge keys (`<<: *defaults`) are
 * merged, as Helm reads them. Duplicate keys are an error, found by unique.ts in one pass (the
 * library's own check is quadratic in the size of a mapping).
 */
export const PARSE = {
  keepSourceTokens: true,
  uniqueKeys: false,
  prettyErrors: true,
  merge: true,
} as const;
/** Enough aliases for any real values file, few enough to stop a "billion laughs" file. */
export const TO_JS = { maxAliasCount: 10_000 } as const;

export function fileError(display: string, problem: string, fix: string): UserError {
  return new UserError(`values-file "${display}" ${problem}. ${fix} The file was not changed.`, {
    file: display,
  });
}
