/**
 * helmfile's rules (helmfile cannot run here): a state file's releases as helmfile resolves them
 * before it renders anything, and the flags it passes helm for a release's `set` and `setString`
 * (pkg/state/state.go `HelmState.namespaceAndValuesFlags`: `values` files, then `secrets`, then
 * `set` entries, then `setString`). One home for the writer
 * (values/helmfile.ts) and the render (publish/helmfile-render.ts). Pure rules: data in, data
 * out, no I/O. What it resolves is what takes no more than this run can do without helmfile:
 *
 * - YAML merge keys (`<<: *default`, the release template of helmfile's older docs), a key
 *   written in the release winning over the merged one, as go-yaml merges them;
 * - `inherit: [{template: name, except: [...]}]` and `defaultInherit` (helmfile's
 *   writing-helmfile.md, "Release Template"): each template's fields in order, but for those
 *   `except` lists, under the release's own; a field the release sets is not layered with the
 *   template's (`values`, `secrets`, `set` included: the release's list replaces it);
 * - release templating of `{{ .Release.Name }}`, `{{ .Release.Namespace }}` and
 *   `{{ .Environment.Name }}` in its fields (one release per environment of the state file, or
 *   `default`, where a field names the environment);
 * - a `.gotmpl` state file whose template actions are only those expansions and the escapes
 *   helmfile's docs use for them (``{{`{{ .Release.Name }}`}}``): read as helmfile would
 *   render it. Any other action (`{{ .Values.x }}`, `{{ readFile … }}`, a range) is named:
 *   such a state file is out of reach for that reason, not "no chart in reach".
 */
import { parseAllDocuments } from 'yaml';
import { isObject, type Data } from '../shared/data.js';

const RELEASE_NAME = '__helmfile_release_name__';
const RELEASE_NAMESPACE = '__helmfile_release_namespace__';
const ENVIRONMENT = '__helmfile_environment_name__';

/** The expansions this run makes, by the action's text (spaces trimmed). */
const KNOWN: Record<string, string> = {
  '.Release.Name': RELEASE_NAME,
  '.Release.Namespace': RELEASE_NAMESPACE,
  '.Environment.Name': ENVIRONMENT,
};

export type StateText = { documents: Data[] } | { unreadable: string };

/**
 * The state file's documents with the known expansions left as tokens, or why it cannot be
 * read without helmfile.
 */
export function stateDocuments(path: string, text: string): StateText {
  let source = text;
  if (path.endsWith('.gotmpl')) {
    const ESCAPE = /\{\{-?\s*`([^`]*)`\s*-?\}\}/g;
    // helmfile renders a .gotmpl state file first with its environment only: `.Release` exists
    // only in the second, release templating, which is why its docs escape it. A bare one fails.
    const bare = /\{\{-?\s*(\.Release\.\w+)\s*-?\}\}/.exec(source.replace(ESCAPE, ''));
    if (bare)
      return {
        unreadable: `is a helmfile state template (.gotmpl) with ${bare[0]} outside the escape helmfile needs there: helmfile renders the file before any release exists and fails on it. Write it as {{\`${bare[0]}\`}}`,
      };
    // The escape helmfile's docs use: a raw string action that prints its text.
    source = source.replace(ESCAPE, '$1');
  }
  let other: string | undefined;
  source = source.replace(/\{\{-?\s*([^}]*?)\s*-?\}\}/g, (action, inner: string) => {
    const token = KNOWN[inner];
    if (token) return token;
    other ??= action;
    return action;
  });
  if (other && path.endsWith('.gotmpl'))
    return {
      unreadable: `is a helmfile state template (.gotmpl) with ${other}, which only helmfile renders (this run reads .gotmpl state files whose only actions are {{ .Release.Name }}, {{ .Release.Namespace }} and {{ .Environment.Name }})`,
    };
  try {
    const docs = parseAllDocuments(source, { merge: true });
    const error = docs.flatMap((d) => d.errors)[0];
    if (error)
      return {
        unreadable: `is not valid YAML (${error.message.split('\n')[0]}): fix the state file there`,
      };
    return { documents: docs.map((d) => d.toJS() as unknown).filter(isObject) };
  } catch {
    return { unreadable: 'is not a YAML file this run can read' };
  }
}

/** One release as helmfile resolves it, with the environment it was expanded for, if any. */
export interface ResolvedRelease {
  release: Data;
  environment?: string;
}

/** The releases of one state document: templates inherited, known expansions made. */
export function resolvedReleases(state: Data, environments: readonly string[]): ResolvedRelease[] {
  const templates = isObject(state.templates) ? state.templates : {};
  const defaults = listOf(state.defaultInherit).filter((t) => typeof t === 'string');
  const releases = Array.isArray(state.releases) ? state.releases.filter(isObject) : [];
  return releases.flatMap((written) => {
    const inherit = listOf(written.inherit).filter(isObject);
    const named = new Set(inherit.map((i) => i.template));
    const chain: Data[] = [
      ...defaults.filter((t) => !named.has(t)).map((template) => ({ template })),
      ...inherit,
    ];
    let merged: Data = {};
    for (const { template, except } of chain) {
      const fields = typeof template === 'string' ? templates[template] : undefined;
      if (!isObject(fields)) continue;
      const skip = new Set(listOf(except));
      merged = {
        ...merged,
        ...Object.fromEntries(Object.entries(fields).filter(([k]) => !skip.has(k))),
      };
    }
    const release: Data = { ...merged, ...written };
    delete release.inherit;
    const name = typeof release.name === 'string' ? release.name : '';
    const namespace = typeof release.namespace === 'string' ? release.namespace : '';
    const expand = (env: string) =>
      replaceTokens(release, (s) =>
        s
          .split(RELEASE_NAME)
          .join(name)
          .split(RELEASE_NAMESPACE)
          .join(namespace)
          .split(ENVIRONMENT)
          .join(env),
      ) as Data;
    if (!JSON.stringify(release).includes(ENVIRONMENT)) return [{ release: expand('default') }];
    return environments.map((environment) => ({ release: expand(environment), environment }));
  });
}

/** The environments the state files name (`default` when none does: helmfile's default). */
export function environmentsOf(states: readonly Data[]): string[] {
  const names = new Set<string>();
  for (const state of states)
    if (isObject(state.environments))
      for (const name of Object.keys(state.environments)) names.add(name);
  return names.size > 0 ? [...names] : ['default'];
}

/** A template action left in a field helmfile would render (other than the known ones). */
export function templated(value: unknown): string | undefined {
  return /\{\{[^}]*\}\}/.exec(JSON.stringify(value) ?? '')?.[0];
}

const listOf = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];

function replaceTokens(value: unknown, fn: (s: string) => string): unknown {
  if (typeof value === 'string') return fn(value);
  if (Array.isArray(value)) return value.map((v) => replaceTokens(v, fn));
  if (isObject(value))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replaceTokens(v, fn)]));
  return value;
}

/**
 * A release's `set` and `setString` entries as helm flags, in helmfile's order (set, then
 * setString). A `file` entry is `--set-file`; `values` a list (`--set name={a,b}`).
 */
export function setFlags(release: { set: readonly Data[]; setString: readonly Data[] }): string[] {
  const flags: string[] = [];
  const one = (entry: Data, flag: '--set' | '--set-string') => {
    const name = typeof entry.name === 'string' ? entry.name : '';
    if (entry.value !== undefined && entry.value !== '')
      flags.push(flag, `${name}=${stringOf(entry.value)}`);
    else if (typeof entry.file === 'string') flags.push('--set-file', `${name}=${entry.file}`);
    else if (Array.isArray(entry.values))
      flags.push(flag, `${name}={${entry.values.map(stringOf).join(',')}}`);
  };
  for (const entry of release.set) one(entry, '--set');
  for (const entry of release.setString) one(entry, '--set-string');
  return flags;
}

const stringOf = (value: unknown) =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
