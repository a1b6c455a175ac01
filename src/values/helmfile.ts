/**
 * helmfile: its state file (`helmfile.yaml`, a file of `helmfile.d/`) is no values file, and a
 * values file its releases list has later layers of its own. helmfile decodes its state file
 * strictly (a top-level `staticExport:` fails every helmfile command), and hands each release's
 * chart `--values` for each `values` entry in order (files read against the state file's folder,
 * inline mappings), then its `secrets` (decrypted), then `--set` for each `set` entry and
 * `--set-string` for each `setString` entry (helmfile/helmfile pkg/state/state.go,
 * namespaceAndValuesFlags). So a values file a release lists is a target, and what the release
 * passes after it can win over the link.
 */
import { basename, dirname, join, relative, resolve } from 'node:path';
import { environmentsOf, resolvedReleases, stateDocuments } from '../controllers/helmfile.js';
import { isObject, type Data, type Refusal } from './site.js';

/** helmfile's own file names: `helmfile.yaml`, `helmfile.yml`, `.gotmpl` forms, `helmfile.d/*`. */
export function isHelmfileName(path: string): boolean {
  const parts = path.split(/[\\/]/);
  const base = parts.at(-1) ?? '';
  if (/^helmfile\.ya?ml(\.gotmpl)?$/.test(base)) return true;
  return parts.at(-2) === 'helmfile.d' && /\.ya?ml(\.gotmpl)?$/.test(base);
}

/** The top-level keys of a helmfile state file (pkg/state/state.go HelmState, ReleaseSetSpec). */
const STATE_KEYS = new Set([
  'bases',
  'helmfiles',
  'environments',
  'repositories',
  'helmDefaults',
  'releases',
  'templates',
  'missingFileHandler',
  'commonLabels',
  'hooks',
  'apiVersions',
  'kubeVersion',
  'lockFilePath',
  'helmBinary',
  'kustomizeBinary',
  'values',
  'env',
  'overrideKubeContext',
  'overrideNamespace',
  'overrideChart',
]);

/**
 * A document of a helmfile state file: its file name says so, or it has a `releases` list of
 * named charts and only keys a state file has (a values file's own `releases:` key is left alone).
 */
export function isHelmfileDocument(path: string, data: Data): boolean {
  if (isHelmfileName(path)) return true;
  const releases = data.releases;
  return (
    Array.isArray(releases) &&
    releases.length > 0 &&
    releases.every(
      (r) => isObject(r) && typeof r.name === 'string' && typeof r.chart === 'string',
    ) &&
    Object.keys(data).every((key) => STATE_KEYS.has(key))
  );
}

/**
 * Why a state file (at `path`) is no target, and the values files its releases list instead,
 * named from the top of the checkout at `root`.
 */
export function helmfileRefusal(data: Data, path: string, root: string): Refusal {
  const files = releasesOf(data).flatMap((r) =>
    r.values
      .filter((v) => typeof v === 'string')
      .map((v) => relative(root, resolve(dirname(path), v)) || v),
  );
  return {
    problem:
      'is a helmfile state file: helmfile decodes it strictly and refuses a top-level staticExport, and its releases take their chart values from the values entries they list',
    fix:
      files.length > 0
        ? `Point values-file at the values file a release lists (${[...new Set(files)].join(', ')}), or add one there.`
        : 'Add a values file to the release (values: [docs-values.yaml]) and point values-file at it.',
  };
}

export interface HelmfileRelease {
  name: string;
  namespace?: string;
  chart: string;
  version?: string;
  values: unknown[];
  secrets: unknown[];
  set: Data[];
  setString: Data[];
  /** What makes the release's values or output out of this run's reach, if anything. */
  outOfReach?: string;
  installed: boolean;
}

function releasesOf(data: Data): HelmfileRelease[] {
  if (!Array.isArray(data.releases)) return [];
  return data.releases.filter(isObject).map(releaseOf);
}

function releaseOf(r: Data): HelmfileRelease {
  const list = (value: unknown) => (Array.isArray(value) ? (value as unknown[]) : []);
  const maps = (value: unknown) => list(value).filter(isObject);
  const beyond = [
    'strategicMergePatches',
    'jsonPatches',
    'transformers',
    'postRenderer',
    'valuesTemplate',
    'setTemplate',
  ].filter((key) => r[key] !== undefined && !(Array.isArray(r[key]) && r[key].length === 0));
  return {
    name: typeof r.name === 'string' ? r.name : '',
    namespace: typeof r.namespace === 'string' ? r.namespace : undefined,
    chart: typeof r.chart === 'string' ? r.chart : '',
    version: typeof r.version === 'string' ? r.version : undefined,
    values: list(r.values),
    secrets: list(r.secrets),
    set: maps(r.set),
    setString: maps(r.setString),
    installed: r.installed !== false,
    outOfReach:
      beyond.length > 0
        ? `helmfile changes what release ${String(r.name)} renders with ${beyond.join(', ')}, which this run does not apply`
        : undefined,
  };
}

/** A repository of a state file, by the name a release's `chart: NAME/chart` uses. */
export interface HelmfileRepository {
  name: string;
  url: string;
  oci: boolean;
}

/** One release of a state file that lists a given values file, and where in its entries. */
export interface ListingRelease {
  /** The state file, absolute, and as messages name it (relative to the checkout). */
  helmfile: string;
  display: string;
  release: HelmfileRelease;
  /** The index of the values file among the release's values entries. */
  index: number;
  repositories: HelmfileRepository[];
  /** The environment its paths were expanded for, where they name one. */
  environment?: string;
}

/**
 * The releases of the state files (`path` absolute, `text` its content) that list `valuesPath`
 * among their values entries, as helmfile resolves them: against the state file's folder.
 * Releases are resolved as helmfile resolves them before rendering (helmfile-state.ts: merge
 * keys, `inherit`, `{{ .Release.Name }}` and `{{ .Environment.Name }}` in paths); a `.gotmpl`
 * state file with other template actions is skipped here (unreadableStates names it).
 */
export function releasesListing(
  valuesPath: string,
  helmfiles: readonly { path: string; text: string }[],
  root: string,
): ListingRelease[] {
  const found: ListingRelease[] = [];
  for (const file of helmfiles) {
    const read = stateDocuments(file.path, file.text);
    if ('unreadable' in read) continue;
    const states = read.documents;
    const repositories = states.flatMap((state) =>
      (Array.isArray(state.repositories) ? state.repositories : [])
        .filter(isObject)
        .filter((r) => typeof r.name === 'string' && typeof r.url === 'string')
        .map((r) => ({ name: r.name as string, url: r.url as string, oci: r.oci === true })),
    );
    const environments = environmentsOf(states);
    for (const state of states)
      for (const { release: data, environment } of resolvedReleases(state, environments)) {
        const release = releaseOf(data);
        const index = release.values.findIndex(
          (entry) => typeof entry === 'string' && resolve(dirname(file.path), entry) === valuesPath,
        );
        if (index !== -1 && release.installed)
          found.push({
            helmfile: file.path,
            display: relative(root, file.path) || file.path,
            release,
            index,
            repositories,
            ...(environment ? { environment } : {}),
          });
      }
  }
  return found;
}

/** A values entry of a release after the listed file: a file (absolute) or an inline mapping. */
export type LaterEntry = { file: string; display: string } | { inline: Data };

/** The entries a release passes after its listed file, in order. */
export function laterEntries(listing: ListingRelease): LaterEntry[] {
  return listing.release.values.slice(listing.index + 1).flatMap((entry): LaterEntry[] => {
    if (typeof entry === 'string') {
      const file = resolve(dirname(listing.helmfile), entry);
      return [{ file, display: join(dirname(listing.display), entry) }];
    }
    return isObject(entry) ? [{ inline: entry }] : [];
  });
}

/**
 * The state files this run cannot read without helmfile (a `.gotmpl` with template actions
 * beyond the release templating it expands) that may list `valuesPath`: their text names its
 * folder or its path. Each with why, for a target that is then out of reach for what it is.
 */
export function unreadableStates(
  valuesPath: string,
  helmfiles: readonly { path: string; text: string }[],
  root: string,
): { display: string; reason: string }[] {
  return helmfiles.flatMap((file) => {
    const read = stateDocuments(file.path, file.text);
    if (!('unreadable' in read)) return [];
    const rel = relative(dirname(file.path), valuesPath);
    const folder = basename(dirname(valuesPath));
    if (!file.text.includes(rel) && !file.text.includes(folder)) return [];
    return [{ display: relative(root, file.path) || file.path, reason: read.unreadable }];
  });
}
