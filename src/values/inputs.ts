/**
 * The values-file and values-key inputs: which Helm values files the link is written into (one
 * path per line), and where in them (the dotted path of the mapping that holds the values).
 */
import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { Scalar } from 'yaml';
import { InputError } from '../shared/errors.js';
import { parseWorkspacePath, type InputGetter, type InputSpec } from '../shared/inputs.js';
import { printable } from '../shared/text.js';
import { ValuesDocumentInput } from './choice.js';
import type { KeyPath } from './file.js';
import { readsBack } from './style.js';

export const ValuesInputs = {
  // No default: a run that names no file would create values.yaml at the top of the workspace,
  // which nothing reads. Blank is refused, saying what to set.
  ValuesFile: {
    name: 'values-file',
    required: true,
    blankIsError: true,
    text: { maxLength: 8192, formatting: false },
  },
  ValuesKey: { name: 'values-key', default: 'staticExport' },
  ValuesDocument: ValuesDocumentInput,
} as const satisfies Record<string, InputSpec>;

export interface ValuesFileInput {
  /** Absolute path, inside the workspace. */
  path: string;
  /** As the user wrote it, for messages and outputs. */
  display: string;
  /**
   * The top of the repository the file is in, where a chart path of a GitOps manifest is read:
   * the nearest folder holding `.git` at or above the file, no higher than the workspace (a
   * repository checked out into a folder of it); else the workspace.
   */
  root?: string;
}

/** The files, in the order given: one path per line, blank lines skipped, none twice. */
export function parseValuesFileInput(get: InputGetter, workspace: string): ValuesFileInput[] {
  const name = ValuesInputs.ValuesFile.name;
  const lines = get(ValuesInputs.ValuesFile)
    .split(/\r?\n/)
    .map((line, index) => ({ display: line.trim(), index }))
    .filter((line) => line.display !== '');
  if (lines.length === 0)
    throw new InputError(
      name,
      'is not set (it has no default)',
      'Set it to the Helm values file your chart or GitOps controller reads, relative to the workspace, e.g. values-file: charts/docs/values.yaml (a Flux HelmRelease or an Argo CD Application works too: docs/gitops-targets.md).',
    );
  if (lines.length === 1) {
    const display = lines[0]!.display;
    const path = parseWorkspacePath(name, display, workspace, 'values.yaml');
    return [{ path, display, root: repositoryTop(path, workspace) }];
  }
  const files: ValuesFileInput[] = [];
  for (const { display, index } of lines) {
    const path = parseWorkspacePath(name, display, workspace, 'values.yaml', index + 1);
    const twice = files.find((file) => file.path === path);
    if (twice)
      throw new InputError(
        name,
        `line ${index + 1} ("${display}") is the same file as "${twice.display}"`,
        'List each values file once.',
      );
    files.push({ path, display, root: repositoryTop(path, workspace) });
  }
  return files;
}

function repositoryTop(path: string, workspace: string): string {
  const top = resolve(workspace);
  for (let dir = dirname(path); ; dir = dirname(dir)) {
    if (existsSync(join(dir, '.git'))) return dir;
    const rel = relative(top, dir);
    if (rel === '' || rel === '..' || rel.startsWith('../') || dirname(dir) === dir) return top;
  }
}

/**
 * `staticExport`, `enterprise.staticExport`: keys separated by dots, each one a plain name
 * (letters, digits, `_`, `-`) that YAML 1.1 and 1.2 both read as a string, as Helm's subchart
 * names and aliases are.
 */
export function parseValuesKey(get: InputGetter): KeyPath {
  const name = ValuesInputs.ValuesKey.name;
  const raw = get(ValuesInputs.ValuesKey).trim();
  const keys = raw.split('.');
  const empty = keys.findIndex((key) => key === '');
  if (empty !== -1) {
    throw new InputError(
      name,
      `("${printable(raw)}") has an empty key ${keys.length === 1 ? '' : empty === 0 ? 'before its first dot' : empty === keys.length - 1 ? 'after its last dot' : `between two dots (key ${empty + 1})`}`.trimEnd(),
      'Write the keys from the top of the values file, separated by single dots, e.g. staticExport or enterprise.staticExport.',
    );
  }
  const bad = keys.find((key) => !isPlainKey(key));
  if (bad !== undefined) {
    throw new InputError(
      name,
      `("${printable(raw)}") has the key "${printable(bad)}", which is not a plain key name`,
      'Use keys of letters, digits, "_" and "-" that read as text (not true, null or a number), as chart and subchart names are, e.g. enterprise.staticExport.',
    );
  }
  return keys as unknown as KeyPath;
}

function isPlainKey(key: string): boolean {
  return /^[A-Za-z0-9_][A-Za-z0-9_-]*$/.test(key) && readsBack(key, key, false, Scalar.PLAIN);
}
