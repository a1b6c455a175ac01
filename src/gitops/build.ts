/**
 * An entry point built as its controller builds it, with the edited files as this run would write
 * them (the placeholder link in them), in a copy of the checkout: nothing of the user's changes.
 * kustomize-controller builds with no load restrictions and no plugins (`kubectl kustomize
 * --load-restrictor LoadRestrictionsNone`, no Helm inflation); a spec.path without a
 * kustomization gets one listing every YAML file under it, and the Kustomization's own patches,
 * images, prefixes, target namespace and components are added to it (its generator); then
 * post-build substitution.
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join as joinPath } from 'node:path';
import { promisify } from 'node:util';
import { parse, parseAllDocuments, stringify } from 'yaml';
import {
  diskScratch,
  isOutOfSpace,
  MEMORY_BUDGET_BYTES,
  scratchDir,
  type Scratch,
} from '../shared/scratch.js';
import { isObject, type Data } from '../values/site.js';
import { isYamlFile } from './files.js';
import { entryLabel, type Entry } from './discover.js';
import { addFluxFields, substitute, type Variables } from '../controllers/kustomize-controller.js';
import { kustomizationIn } from '../controllers/kustomize.js';
import { join } from '../shared/repo-path.js';
import { failure } from './kustomize.js';
import { treeOf, type Checkout } from './tree.js';

const run = promisify(execFile);

/** How long one build may take. */
const BUILD_TIMEOUT_MS = 120_000;

/**
 * A copy of the checkout with the edited files as this run would write them. Only the files the
 * builds read are copied (`add`, from the entry points' trees): copying a large checkout whole
 * would cost more than the builds. A build that fails on the partial copy is run again on a full
 * one (`complete`) before it counts, so a file the tree reader missed cannot fail the run. The
 * copy is scratch (shared/scratch.ts): in memory where the system has it, moved to disk when
 * memory runs out.
 */
export interface Copy {
  /** Where the copy is now (it moves to disk if memory runs out while files are added). */
  readonly dir: string;
  /** Copies these files of the checkout (and their folders), once each. */
  add(files: Iterable<string>): Promise<void>;
  /** Writes a file of the build's own (a generated kustomization) over the checkout's. */
  write(file: string, text: string): Promise<void>;
  /** Whether every file of the checkout is in the copy. */
  complete(): boolean;
  remove(): Promise<void>;
}

export async function copyCheckout(
  checkout: Checkout,
  edited: ReadonlyMap<string, string>,
  files: Iterable<string> = checkout.files,
  options: {
    /** Where it starts (tests give a small memory file system). */
    start?: () => Promise<Scratch>;
    /** How many bytes may go to memory (tests give a small one). */
    budget?: number;
  } = {},
): Promise<Copy> {
  const { start = () => scratchDir('static-export-gitops'), budget = MEMORY_BUDGET_BYTES } =
    options;
  let scratch = await start();
  const copied = new Set<string>();
  // The texts this run writes: the edited files, then the builds' own.
  const own = new Map(edited);
  let folders = new Map<string, Promise<unknown>>();
  const folder = (path: string) => {
    const parent = dirname(path);
    let made = folders.get(parent);
    if (!made) folders.set(parent, (made = mkdir(parent, { recursive: true })));
    return made;
  };
  const one = async (file: string) => {
    const to = joinPath(scratch.dir, file);
    await folder(to);
    const text = own.get(file);
    if (text !== undefined) await writeFile(to, text, { mode: 0o600 });
    else
      await copyFile(joinPath(checkout.root, file), to).catch((error: unknown) => {
        // A listed file that is gone is not copied (the build says what it misses); a full
        // file system is the copy's problem, not the checkout's.
        if (isOutOfSpace(error)) throw error;
      });
  };
  // In batches: the files are small, and waiting on each in turn is most of the time. Every
  // write of a batch is waited for, failed or not, so none lands after the copy has moved.
  const batches = async <T>(todo: readonly string[], fn: (file: string) => Promise<T>) => {
    const out: T[] = [];
    for (let i = 0; i < todo.length; i += 64) {
      const settled = await Promise.allSettled(todo.slice(i, i + 64).map(fn));
      for (const one of settled) {
        if (one.status === 'rejected') throw one.reason;
        out.push(one.value);
      }
    }
    return out;
  };
  const size = async (file: string) =>
    own.get(file)?.length ??
    (await stat(joinPath(checkout.root, file)).then(
      (s) => s.size,
      () => 0,
    ));
  let bytes = 0;
  const toDisk = async () => {
    const left = scratch.dir;
    scratch = await diskScratch('static-export-gitops');
    folders = new Map();
    await rm(left, { recursive: true, force: true });
    await batches([...copied], one);
  };
  const add = async (more: Iterable<string>) => {
    const todo = [...more].filter((f) => !copied.has(f));
    for (const f of todo) copied.add(f);
    if (scratch.memory) {
      // A copy that would take much of memory (the whole of a large checkout) is made on disk.
      bytes += (await batches(todo, size)).reduce((a, b) => a + b, 0);
      if (bytes > budget) return toDisk();
    }
    try {
      await batches(todo, one);
    } catch (error) {
      // Memory is full (a container's /dev/shm is 64 MiB by default): the copy moves to disk.
      if (!scratch.memory || !isOutOfSpace(error)) throw error;
      await toDisk();
    }
  };
  await add([...files, ...edited.keys()]);
  return {
    get dir() {
      return scratch.dir;
    },
    add,
    write: async (file, text) => {
      own.set(file, text);
      copied.delete(file);
      await add([file]);
    },
    complete: () => checkout.files.every((f) => copied.has(f)),
    remove: () => rm(scratch.dir, { recursive: true, force: true }),
  };
}

export type BuildResult =
  | { kind: 'built'; objects: Data[] }
  /** The controller would fail or refuse this build: the run refuses too, naming why. */
  | { kind: 'refused'; problem: string; fix: string };

/** Builds an entry point (a Flux Kustomization or a cluster-path folder) in the copy. */
export async function buildEntry(
  checkout: Checkout,
  copy: Copy,
  entry: Exclude<Entry, { kind: 'argo' }>,
  kubectl: string,
  variables: (entry: Entry) => Variables,
  signal?: AbortSignal,
): Promise<BuildResult> {
  const label = entryLabel(entry);
  const where = entry.path || '.';
  // The controller will not inflate a chart: the link written there reaches no cluster.
  for (const file of entryTree(checkout, entry)) {
    if (!/(^|\/)(kustomization\.ya?ml|Kustomization)$/.test(file)) continue;
    // Parsed only when the text names the field: a tree of many apps has as many kustomizations.
    const text = checkout.read(file);
    if (!text?.includes('helmCharts')) continue;
    const data = safeParse(text);
    if (isObject(data) && Array.isArray(data.helmCharts) && data.helmCharts.length > 0)
      return {
        kind: 'refused',
        problem: `${file} has helmCharts, and ${label} builds it (spec.path ${where}): kustomize-controller builds without Helm inflation, so that chart is never rendered in the cluster`,
        fix: 'Install the chart with a Flux HelmRelease instead (and write the link into its spec.values), or build that folder with a tool that inflates helmCharts (Argo CD with --enable-helm).',
      };
  }
  const generated = generate(checkout, entry);
  if ('problem' in generated) return { kind: 'refused', ...generated };
  await copy.write(generated.file, stringify(generated.data));
  let stdout: string;
  try {
    ({ stdout } = await run(
      kubectl,
      ['kustomize', '--load-restrictor', 'LoadRestrictionsNone', joinPath(copy.dir, entry.path)],
      { signal, timeout: BUILD_TIMEOUT_MS, maxBuffer: 256 * 1024 * 1024 },
    ));
  } catch (error) {
    if (signal?.aborted) throw error;
    const reason = failure(error, copy.dir).split('\n').slice(-3).join(' ');
    return {
      kind: 'refused',
      problem: `kubectl kustomize of ${where}, as kustomize-controller builds ${label}, failed: ${reason}`,
      fix: 'The controller would fail the same way: fix the kustomization, then run again.',
    };
  }
  const vars = variables(entry);
  const objects = parseAllDocuments(stdout)
    .map((doc) => doc.toJS() as unknown)
    .filter(isObject)
    .map((object) => (entry.kind === 'flux' ? substitute(object, vars) : object));
  return { kind: 'built', objects };
}

const safeParse = (text: string | undefined): unknown => {
  try {
    return parse(text ?? '');
  } catch {
    return undefined;
  }
};

/**
 * The kustomization the controller builds at the entry's path: the folder's own, or one listing
 * its YAML files (each must be Kubernetes objects: the controller refuses the build otherwise),
 * with the Flux Kustomization's additions.
 */
function generate(
  checkout: Checkout,
  entry: Exclude<Entry, { kind: 'argo' }>,
): { file: string; data: Data } | { problem: string; fix: string } {
  const own = kustomizationIn(checkout, entry.path);
  let data: Data;
  if (own) {
    const parsed = safeParse(checkout.read(own));
    data = isObject(parsed) ? parsed : {};
  } else {
    const resources: string[] = [];
    const prefix = entry.path === '' ? '' : `${entry.path}/`;
    const subfolders = new Set<string>();
    for (const file of checkout.files) {
      if (!file.startsWith(prefix) || !isYamlFile(file)) continue;
      const rest = file.slice(prefix.length);
      const top = rest.split('/').slice(0, -1);
      const sub = top.findIndex((_, i) =>
        kustomizationIn(checkout, join(entry.path, top.slice(0, i + 1).join('/'))),
      );
      if (sub >= 0) {
        subfolders.add(top.slice(0, sub + 1).join('/'));
        continue;
      }
      const bad = notObjects(checkout.read(file));
      if (bad)
        return {
          problem: `${file} is under ${entry.path || '.'}, which ${entryLabel(entry)} applies and which has no kustomization.yaml: kustomize-controller takes every YAML file there as Kubernetes objects, and this one ${bad}, so the whole build fails`,
          fix: 'Move the values file out of the folder the controller applies (and reference it from a kustomization, e.g. a configMapGenerator), or add a kustomization.yaml there that lists the manifests.',
        };
      resources.push(rest);
    }
    data = {
      apiVersion: 'kustomize.config.k8s.io/v1beta1',
      kind: 'Kustomization',
      resources: [...resources, ...subfolders],
    };
  }
  if (entry.kind === 'flux') addFluxFields(data, entry.spec);
  return { file: own ?? join(entry.path, 'kustomization.yaml'), data };
}

/** What the text lacks to be Kubernetes objects ("has no apiVersion and kind"), or undefined. */
function notObjects(text: string | undefined): string | undefined {
  for (const doc of parseAllDocuments(text ?? '')) {
    if (doc.errors.length > 0) return 'is not valid YAML';
    const data = doc.toJS() as unknown;
    if (data === null || data === undefined) continue;
    if (!isObject(data) || typeof data.apiVersion !== 'string' || typeof data.kind !== 'string')
      return 'has no apiVersion and kind (it is no Kubernetes object: a plain values file?)';
  }
  return undefined;
}

/**
 * The files a build of the entry reads: its path's tree, and the trees of the Flux
 * Kustomization's spec.components, which its generator adds to the kustomization at spec.path
 * (addFluxFields in controllers/kustomize-controller.ts), so relative to it: a file of such a
 * component is part of the build.
 */
export function entryTree(
  checkout: Checkout,
  entry: Exclude<Entry, { kind: 'argo' }>,
): Set<string> {
  const tree = treeOf(checkout, entry.path);
  if (entry.kind !== 'flux' || !Array.isArray(entry.spec.components)) return tree;
  for (const component of entry.spec.components)
    if (typeof component === 'string')
      for (const file of treeOf(checkout, join(entry.path, component))) tree.add(file);
  return tree;
}
