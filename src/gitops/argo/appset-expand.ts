/**
 * The Applications an ApplicationSet generates, where every generator it has is one this run can
 * expand as Argo CD's ApplicationSet controller does: a `list` generator (`elements`,
 * `elementsYaml`; applicationset/generators/list.go) or a `git` generator of this repository
 * (`directories`: every visible folder of the repository that Go's path.Match selects, an
 * `exclude: true` entry winning; `files`: the files `git ls-files -- <glob>` lists, each YAML or
 * JSON object, or each element of an array, one parameter set; generators/git.go). Parameters are
 * as the controller makes them (`path`, `path.basename`, `path.basenameNormalized`,
 * `path.filename`, `path[n]`, `values.*`, a file's keys flattened with dots; in goTemplate mode
 * `.path.path`, `.path.segments`, the file's object as it is), and the template (a generator's
 * own merged over `spec.template`) is filled by appset-template.ts. The generated Applications
 * are readers like any other (prove-argo.ts, argo/chart-values.ts), named after the
 * ApplicationSet's file.
 *
 * An ApplicationSet with any other generator (clusters, scmProvider, pullRequest,
 * clusterDecisionResource, plugin, matrix, merge), a git generator of another repository, a
 * generator `selector`, a `templatePatch` or a template this run cannot evaluate is not expanded:
 * its reason is kept, and appset.ts names it as out of reach for the files it may read.
 */
import { posix } from 'node:path';
import { goYamlData, manifestsOf } from '../../shared/go-yaml.js';
import { shownRepo } from '../../values/manifest-argo.js';
import { isObject, ofThisRepository, type Data } from '../../values/site.js';
import type { ArgoEntry } from '../discover.js';
import { isYamlFile } from '../files.js';
import { gitPathspecMatch, goPathMatch } from '../glob.js';
import type { Checkout } from '../tree.js';
import {
  fillTemplate,
  goPrinted,
  sanitizeName,
  Unexpandable,
  type Params,
} from './appset-template.js';
import { rollingSyncOf } from '../../controllers/argo-cd.js';

export interface AppSetExpansion {
  /** The generated Applications of the ApplicationSets expanded. */
  entries: ArgoEntry[];
  /** `file#ApplicationSet/namespace/name` of each ApplicationSet expanded. */
  expanded: Set<string>;
  /** Why an ApplicationSet was not expanded, by the same key. */
  reasons: Map<string, string>;
}

const OUT_OF_REACH: Record<string, string> = {
  clusters:
    'its clusters generator lists the clusters Argo CD knows (their Secrets in the cluster)',
  scmProvider: "its scmProvider generator lists repositories through the SCM provider's API",
  pullRequest: "its pullRequest generator lists pull requests through the SCM provider's API",
  clusterDecisionResource: 'its clusterDecisionResource generator reads a resource in the cluster',
  plugin: 'its plugin generator asks a plugin service',
};

const cache = new WeakMap<Checkout, AppSetExpansion>();

/** The ApplicationSets of the checkout, expanded where they can be (once per checkout). */
export function expandAppSets(checkout: Checkout, repository: string | undefined): AppSetExpansion {
  const known = cache.get(checkout);
  if (known) return known;
  const out: AppSetExpansion = { entries: [], expanded: new Set(), reasons: new Map() };
  for (const file of checkout.files) {
    if (!isYamlFile(file)) continue;
    const text = checkout.read(file);
    if (!text || !/^["']?kind["']?[ \t]*:[ \t]*["']?ApplicationSet\b/m.test(text)) continue;
    for (const data of manifestsOf(text, (h) => h.kind === 'ApplicationSet')) {
      if (!isObject(data.spec) || typeof data.apiVersion !== 'string') continue;
      if (!data.apiVersion.startsWith('argoproj.io/')) continue;
      const meta = isObject(data.metadata) ? data.metadata : {};
      const namespace = typeof meta.namespace === 'string' ? meta.namespace : 'argocd';
      const key = `${file}#${appSetLabel(data)}`;
      try {
        const apps = expandOne(checkout, data, namespace, file, repository);
        out.entries.push(...apps);
        out.expanded.add(key);
      } catch (error) {
        if (!(error instanceof Unexpandable)) throw error;
        out.reasons.set(key, error.message);
      }
    }
  }
  cache.set(checkout, out);
  return out;
}

/** `ApplicationSet/argocd/apps`. */
export function appSetLabel(data: Data): string {
  const meta = isObject(data.metadata) ? data.metadata : {};
  const namespace = typeof meta.namespace === 'string' ? meta.namespace : 'argocd';
  return `ApplicationSet/${namespace}/${String(meta.name)}`;
}

function expandOne(
  checkout: Checkout,
  appSet: Data,
  namespace: string,
  file: string,
  repository: string | undefined,
): ArgoEntry[] {
  const spec = appSet.spec as Data;
  if (spec.templatePatch !== undefined)
    throw new Unexpandable('its templatePatch is not applied by this run');
  const go = spec.goTemplate === true;
  const options = Array.isArray(spec.goTemplateOptions)
    ? spec.goTemplateOptions.filter((o): o is string => typeof o === 'string')
    : [];
  const generators = Array.isArray(spec.generators) ? spec.generators.filter(isObject) : [];
  if (generators.length === 0) throw new Unexpandable('it has no generator');
  const apps: ArgoEntry[] = [];
  for (const generator of generators) {
    const kind = Object.keys(generator).find((k) => k !== 'selector' && k !== 'values');
    if (generator.selector !== undefined)
      throw new Unexpandable(
        "its generator's selector filters parameters, which this run does not apply",
      );
    let sets: Params[];
    let own: unknown;
    let git: Data | undefined;
    if (kind === 'list' && isObject(generator.list)) {
      sets = listParams(generator.list, go);
      own = generator.list.template;
    } else if (kind === 'git' && isObject(generator.git)) {
      git = generator.git;
      if (typeof git.repoURL !== 'string' || !ofThisRepository(git.repoURL, repository))
        throw new Unexpandable(`its git generator reads ${shownRepo(git)}, not this repository`);
      sets = gitParams(checkout, git, go, options);
      own = git.template;
    } else if ((kind === 'matrix' || kind === 'merge') && isObject(generator[kind])) {
      // Named with what it combines: a clusters generator in it is the usual reason.
      const inner = Array.isArray(generator[kind].generators) ? generator[kind].generators : [];
      const kinds = inner.filter(isObject).map((g) => Object.keys(g).find((k) => k !== 'selector'));
      const away = kinds
        .map((k) => OUT_OF_REACH[k ?? ''])
        .find((w) => w && !/matrix|merge/.test(w));
      throw new Unexpandable(
        `its ${kind} generator combines ${kinds.join(' and ')} generators, which this run does not expand${away ? `, and ${away.replace(/^its /, 'its ')}` : ''}`,
      );
    } else
      throw new Unexpandable(
        OUT_OF_REACH[kind ?? ''] ?? `its ${kind ?? 'empty'} generator is not one this run expands`,
      );
    const template = merged(spec.template, own);
    for (const params of sets) {
      const app = fillTemplate(template, params, go, options);
      if (!isObject(app) || !isObject(app.spec)) continue;
      const meta = isObject(app.metadata) ? app.metadata : {};
      const rolling = rollingSyncOf(appSet, appSetLabel(appSet), app);
      apps.push({
        kind: 'argo',
        name: typeof meta.name === 'string' ? meta.name : '',
        namespace: typeof meta.namespace === 'string' ? meta.namespace : namespace,
        from: file,
        spec: app.spec,
        // Its children are generated from the commit the git generator reads (applies.ts), and
        // synced as its strategy says (controllers/argo-cd.ts); all are one Argo CD's (clusters.ts).
        generatedBy: {
          label: appSetLabel(appSet),
          ...(git ? { git } : {}),
          ...(rolling ? { rollingSync: rolling } : {}),
        },
      });
    }
  }
  return apps;
}

/** A list generator's parameter sets (list.go): in fasttemplate mode, strings and `values`. */
function listParams(list: Data, go: boolean): Params[] {
  const elements: unknown[] = Array.isArray(list.elements) ? (list.elements as unknown[]) : [];
  if (typeof list.elementsYaml === 'string') {
    let parsed: unknown;
    try {
      parsed = goYamlData(list.elementsYaml);
    } catch {
      throw new Unexpandable("its list generator's elementsYaml is not YAML the controller reads");
    }
    if (!Array.isArray(parsed))
      throw new Unexpandable("its list generator's elementsYaml is no list");
    // elementsYaml elements are added as they are, in either mode.
    return [...elements.map((e) => listElement(e, go)), ...parsed.filter(isObject)];
  }
  return elements.map((e) => listElement(e, go));
}

function listElement(element: unknown, go: boolean): Params {
  if (!isObject(element)) throw new Unexpandable('a list generator element is not a mapping');
  if (go) return element;
  const params: Params = {};
  for (const [key, value] of Object.entries(element)) {
    if (key === 'values' && isObject(value)) {
      for (const [k, v] of Object.entries(value)) {
        if (typeof v !== 'string')
          throw new Unexpandable(
            `list element value values.${k} is not a string: the controller refuses it`,
          );
        params[`values.${k}`] = v;
      }
    } else if (typeof value === 'string') params[key] = value;
    else
      throw new Unexpandable(`list element key ${key} is not a string: the controller refuses it`);
  }
  return params;
}

interface Item {
  path: string;
  exclude: boolean;
}
const items = (list: unknown): Item[] =>
  (Array.isArray(list) ? list : [])
    .filter(isObject)
    .filter((i) => typeof i.path === 'string')
    .map((i) => ({ path: String(i.path), exclude: i.exclude === true }));

function gitParams(
  checkout: Checkout,
  git: Data,
  go: boolean,
  options: readonly string[],
): Params[] {
  const prefix = typeof git.pathParamPrefix === 'string' ? git.pathParamPrefix : '';
  const values = isObject(git.values) ? git.values : {};
  const directories = items(git.directories);
  const sets: Params[] = [];
  if (directories.length > 0) {
    for (const dir of visibleFolders(checkout)) {
      let include = false;
      let exclude = false;
      for (const d of directories)
        if (goPathMatch(d.path, dir)) {
          if (d.exclude) exclude = true;
          else include = true;
        }
      if (include && !exclude) sets.push(pathParams({}, dir, undefined, prefix, go));
    }
  } else {
    const files = items(git.files);
    const included = new Set<string>();
    for (const f of files.filter((i) => !i.exclude))
      for (const path of checkout.files) if (gitPathspecMatch(f.path, path)) included.add(path);
    for (const f of files.filter((i) => i.exclude))
      for (const path of [...included]) if (gitPathspecMatch(f.path, path)) included.delete(path);
    for (const path of [...included].sort())
      for (const object of fileObjects(checkout, path))
        sets.push(pathParams(object, posix.dirname(path), posix.basename(path), prefix, go));
  }
  return sets.map((params) => withValues(params, values, go, options));
}

/** A file's parameter objects: the object it holds, or each object of the array it holds. */
function fileObjects(checkout: Checkout, path: string): Data[] {
  let data: unknown;
  try {
    data = goYamlData(checkout.read(path) ?? '');
  } catch {
    throw new Unexpandable(
      `its git generator's file ${path} is not YAML or JSON the controller reads`,
    );
  }
  if (data === null) return [{}];
  if (isObject(data)) return [data];
  if (Array.isArray(data) && data.every(isObject)) return data;
  throw new Unexpandable(
    `its git generator's file ${path} holds neither an object nor a list of objects`,
  );
}

/** git.go's path parameters over a file's own (flattened with dots in fasttemplate mode). */
function pathParams(
  object: Data,
  dir: string,
  filename: string | undefined,
  prefix: string,
  go: boolean,
): Params {
  const base = posix.basename(dir);
  if (go) {
    const path: Params = { path: dir, basename: base, basenameNormalized: sanitizeName(base) };
    if (filename !== undefined) {
      path.filename = filename;
      path.filenameNormalized = sanitizeName(filename);
    }
    path.segments = dir.split('/');
    return { ...object, ...(prefix ? { [prefix]: { path } } : { path }) };
  }
  const params: Params = {};
  flatten(object, '', params);
  const name = prefix ? `${prefix}.path` : 'path';
  params[name] = dir;
  params[`${name}.basename`] = base;
  if (filename !== undefined) params[`${name}.filename`] = filename;
  params[`${name}.basenameNormalized`] = sanitizeName(base);
  if (filename !== undefined) params[`${name}.filenameNormalized`] = sanitizeName(filename);
  dir.split('/').forEach((segment, i) => {
    if (segment !== '') params[`${name}[${i}]`] = segment;
  });
  return params;
}

/** flatten.Flatten(…, DotStyle) and fmt's %v of each leaf (a leaf not printed alike is left out). */
function flatten(node: unknown, prefix: string, out: Params): void {
  const entries: [string, unknown][] = Array.isArray(node)
    ? node.map((v, i) => [String(i), v])
    : isObject(node)
      ? Object.entries(node)
      : [];
  for (const [key, value] of entries) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (isObject(value) || Array.isArray(value)) flatten(value, name, out);
    else {
      const printed = goPrinted(value);
      if (printed !== undefined) out[name] = printed;
    }
  }
}

/** appendTemplatedValues: each `values` entry filled with the parameters, as `values.k`. */
function withValues(params: Params, values: Data, go: boolean, options: readonly string[]): Params {
  const filled: Record<string, string> = {};
  for (const [k, v] of Object.entries(values))
    filled[k] = String(fillTemplate(String(v), params, go, options));
  if (Object.keys(filled).length === 0) return params;
  if (go) return { ...params, values: filled };
  const out = { ...params };
  for (const [k, v] of Object.entries(filled)) out[`values.${k}`] = v;
  return out;
}

/** Every folder of the repository, but the top and those under a hidden one (the repo server's list). */
function visibleFolders(checkout: Checkout): string[] {
  const folders = new Set<string>();
  for (const file of checkout.files) {
    const parts = file.split('/').slice(0, -1);
    for (let i = 0; i < parts.length && !parts[i]!.startsWith('.'); i++)
      folders.add(parts.slice(0, i + 1).join('/'));
  }
  return [...folders].sort();
}

/** The generator's own template merged over the ApplicationSet's (mergo, WithOverride). */
function merged(base: unknown, over: unknown): unknown {
  if (!isObject(over)) return base;
  if (!isObject(base)) return over;
  const out: Data = { ...base };
  for (const [k, v] of Object.entries(over)) {
    if (v === undefined || v === null || v === '' || (isObject(v) && Object.keys(v).length === 0))
      continue;
    out[k] = isObject(v) && isObject(base[k]) ? merged(base[k], v) : v;
  }
  return out;
}
