/**
 * The Flux Operator's entry points. A `FluxInstance` (fluxcd.controlplane.io) with `spec.sync`
 * makes the operator generate, in the instance's namespace and named after it, a source
 * (`GitRepository` with `ref.name: <sync.ref>`, `OCIRepository` with `ref.tag`, or a `Bucket`)
 * and a Flux `Kustomization` of `sync.path` with `prune: true` (flux-operator
 * internal/builder/templates.go, syncTmpl): the same objects `flux bootstrap` writes. Those two
 * objects are built here as the operator writes them, so the Kustomization is an entry point like
 * any other and its GitRepository's ref resolves as source-controller resolves it (applies.ts: a
 * `refs/heads/<branch>` name follows that branch).
 *
 * A `ResourceSet` generates its objects from templates over inputs (`<< inputs.x >>`) the proof
 * does not expand: a file under a folder one of its templates names before the first expression
 * is out of reach, said with the ResourceSet, never "no reader".
 */
import { posix } from 'node:path';
import { stringify } from 'yaml';
import { manifestsOf } from '../../shared/go-yaml.js';
import { isObject, type Data } from '../../values/site.js';
import { entryOf, type FluxEntry } from '../discover.js';
import { isYamlFile } from '../files.js';
import type { Checkout } from '../tree.js';

const GROUP = 'fluxcd.controlplane.io/';
const LINE = /^["']?apiVersion["']?[ \t]*:[ \t]*["']?fluxcd\.controlplane\.io\//m;

export interface OperatorObjects {
  /** The Kustomizations the FluxInstances' sync generates, as entry points. */
  entries: FluxEntry[];
  /** The sources they generate, each with the FluxInstance file it comes from. */
  sources: { object: Data; from: string }[];
  /** The ResourceSets: label, file, and the folders their templates write before an expression. */
  resourceSets: { label: string; from: string; folders: string[] }[];
}

const cache = new WeakMap<Checkout, OperatorObjects>();

export function operatorObjects(checkout: Checkout): OperatorObjects {
  const known = cache.get(checkout);
  if (known) return known;
  const out: OperatorObjects = { entries: [], sources: [], resourceSets: [] };
  for (const file of checkout.files) {
    if (!isYamlFile(file)) continue;
    const text = checkout.read(file);
    if (!text || !LINE.test(text)) continue;
    const wanted = (h: { apiVersion?: string; kind?: string }) =>
      !!h.apiVersion?.startsWith(GROUP) && (h.kind === 'FluxInstance' || h.kind === 'ResourceSet');
    for (const data of manifestsOf(text, wanted)) {
      const meta = isObject(data.metadata) ? data.metadata : {};
      const namespace = typeof meta.namespace === 'string' ? meta.namespace : 'flux-system';
      if (data.kind === 'ResourceSet') {
        out.resourceSets.push({
          label: `ResourceSet/${namespace}/${String(meta.name)}`,
          from: file,
          folders: templateFolders(data.spec),
        });
        continue;
      }
      const sync = isObject(data.spec) && isObject(data.spec.sync) ? data.spec.sync : undefined;
      if (!sync || typeof sync.kind !== 'string') continue;
      const { source, kustomization } = syncObjects(sync, namespace);
      const entry = entryOf(kustomization, file);
      if (entry?.kind === 'flux') out.entries.push(entry);
      out.sources.push({ object: source, from: file });
    }
  }
  cache.set(checkout, out);
  return out;
}

/** syncTmpl's two objects for one FluxInstance's spec.sync. */
function syncObjects(sync: Data, namespace: string): { source: Data; kustomization: Data } {
  const kind = String(sync.kind);
  const ref = typeof sync.ref === 'string' ? sync.ref : '';
  const spec: Data = { interval: sync.interval ?? '1m', url: sync.url };
  if (kind === 'GitRepository') spec.ref = { name: ref };
  else if (kind === 'OCIRepository') spec.ref = { tag: ref };
  else if (kind === 'Bucket') spec.bucketName = ref;
  const meta = { name: namespace, namespace };
  return {
    source: {
      apiVersion:
        kind === 'GitRepository'
          ? 'source.toolkit.fluxcd.io/v1'
          : 'source.toolkit.fluxcd.io/v1beta2',
      kind,
      metadata: meta,
      spec,
    },
    kustomization: {
      apiVersion: 'kustomize.toolkit.fluxcd.io/v1',
      kind: 'Kustomization',
      metadata: meta,
      spec: {
        interval: '10m0s',
        path: typeof sync.path === 'string' ? sync.path : '',
        prune: true,
        sourceRef: { kind, name: namespace },
      },
    },
  };
}

/**
 * The folders a ResourceSet's templates name before their first `<< … >>` expression (a path
 * `./apps/<< inputs.name >>` names apps), and every folder a template names outright.
 */
function templateFolders(spec: unknown): string[] {
  if (!isObject(spec)) return [];
  const text = [
    typeof spec.resourcesTemplate === 'string' ? spec.resourcesTemplate : '',
    spec.resources === undefined ? '' : stringify(spec.resources),
  ].join('\n');
  const folders = new Set<string>();
  for (const m of text.matchAll(/(?:path|chart|valuesFile)s?:\s*["']?([^\s"'#]+)/g)) {
    const raw = m[1]!;
    const before = raw.split('<<')[0]!.replace(/^(\.\/)+/, '');
    // Before an expression, the folder is what ends at the last `/` written.
    const folder = raw.includes('<<') ? before.replace(/[^/]*$/, '') : before;
    const clean = posix.normalize(folder || '.').replace(/\/+$/, '');
    if (clean && clean !== '.' && !clean.startsWith('..')) folders.add(clean);
  }
  return [...folders];
}

/** The ResourceSets that may read `file` (under a folder their templates name), with why. */
export function resourceSetReaders(objects: OperatorObjects, file: string): string[] {
  return objects.resourceSets
    .filter((r) => r.folders.some((f) => file === f || file.startsWith(`${f}/`)))
    .map(
      (r) =>
        `${r.label} (${r.from}) may read it: the Flux Operator generates its objects from templates over inputs, which this run does not expand. To prove the link, name the folder its Kustomization applies in cluster-path, or apply that release with a Flux Kustomization of this checkout`,
    );
}
