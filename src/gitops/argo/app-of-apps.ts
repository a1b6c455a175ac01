/**
 * Argo CD's app of apps: an Application whose path source is a Helm chart of this checkout that
 * renders other Applications (argoproj/argocd-example-apps `apps/`). Its children exist only once
 * that chart is rendered as Argo CD renders it (`helm template` with the source's valueFiles,
 * `values`/`valuesObject` and parameters, released as helm.releaseName or the Application's name):
 * their templates are Go templates, no Application a YAML reader can take from the file. Each
 * child is found here, named after the template it comes from, and its own children in turn.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join as joinPath, posix } from 'node:path';
import { parseAllDocuments, stringify } from 'yaml';
import { runHelm } from '../../helm/helm.js';
import { diskScratch } from '../../shared/scratch.js';
import { argoRelease, helmAfterOverrides } from '../../controllers/argo-cd.js';
import { sourceFiles } from '../../values/argo-source-file.js';
import { chartInCheckout, isObject, ofThisRepository, type Data } from '../../values/site.js';
import { checkoutPath } from '../files.js';
import { entryOf, entryLabel, type ArgoEntry } from '../discover.js';
import { sourceList } from '../prove-argo.js';
import { markWarning } from '../applies.js';
import { targetName, type ProofRecord, type ProofTarget } from '../types.js';
import { join } from '../../shared/repo-path.js';
import type { Checkout } from '../tree.js';

/** How deep apps of apps are followed (a parent whose chart renders itself stops here). */
const DEPTH = 4;

/** The chart folder (checkout path) of a path source of this repository, if it is one. */
export function pathChart(
  source: Data,
  checkout: Checkout,
  repository: string | undefined,
): string | undefined {
  if (typeof source.path !== 'string' || typeof source.chart === 'string') return undefined;
  if (typeof source.repoURL !== 'string' || !ofThisRepository(source.repoURL, repository))
    return undefined;
  if (source.repoURL.startsWith('oci://')) return undefined;
  const folder = join('', source.path.replace(/^\/+/, ''));
  return chartInCheckout(folder, checkout.root) ? folder : undefined;
}

/**
 * The Applications of `entries` with the children their charts render, children replacing an
 * Application of the same namespace and name read from a template file. Without helm no child is
 * found: `missing` says which parents were not rendered and why.
 */
export async function withChildren(
  checkout: Checkout,
  entries: readonly ArgoEntry[],
  helm: string | undefined,
  repository: string | undefined,
  signal?: AbortSignal,
): Promise<{ entries: ArgoEntry[]; missing: { parent: ArgoEntry; reason: string }[] }> {
  const all = [...entries];
  const missing: { parent: ArgoEntry; reason: string }[] = [];
  let todo = [...entries];
  for (let depth = 0; depth < DEPTH && todo.length > 0; depth++) {
    const next: ArgoEntry[] = [];
    for (const parent of todo)
      for (const source of sourceList(parent.spec)) {
        const chart = pathChart(source, checkout, repository);
        if (!chart || !rendersApplications(checkout, chart)) continue;
        if (!helm) {
          missing.push({ parent, reason: `helm is not on PATH to render its chart ${chart}` });
          continue;
        }
        const children = await render(checkout, parent, source, chart, helm, signal);
        if (typeof children === 'string') {
          missing.push({ parent, reason: children });
          continue;
        }
        for (const child of children) {
          const same = all.findIndex(
            (e) => e.name === child.name && e.namespace === child.namespace,
          );
          if (same >= 0 && all[same]!.from.startsWith(`${chart}/templates/`)) all[same] = child;
          else if (same < 0) all.push(child);
          else continue;
          next.push(child);
        }
      }
    todo = next;
  }
  return { entries: all, missing };
}

/** Whether a chart's templates name Argo CD Applications (read only then: a render costs). */
function rendersApplications(checkout: Checkout, chart: string): boolean {
  const prefix = `${chart}/templates/`;
  return checkout.files.some(
    (f) => f.startsWith(prefix) && /^kind:\s*Application\s*$/m.test(checkout.read(f) ?? ''),
  );
}

/** The Applications a parent's chart renders, or why it could not be rendered. */
async function render(
  checkout: Checkout,
  parent: ArgoEntry,
  source: Data,
  chart: string,
  helm: string,
  signal?: AbortSignal,
): Promise<ArgoEntry[] | string> {
  const app = { name: parent.name, namespace: parent.namespace };
  const overrides = sourceFiles(source, app, checkout.root);
  const written = isObject(source.helm) ? source.helm : undefined;
  const block =
    helmAfterOverrides(written, overrides, (f) => checkoutPath(checkout.root, f)).helm ?? {};
  const destination = isObject(parent.spec.destination) ? parent.spec.destination : {};
  const release = argoRelease(block, {
    name: parent.name,
    destination: typeof destination.namespace === 'string' ? destination.namespace : undefined,
  });
  const dir = (await diskScratch('static-export-apps')).dir;
  try {
    const args = ['template', release.name, joinPath(checkout.root, chart)];
    if (release.namespace) args.push('--namespace', release.namespace);
    const texts: string[] = [];
    for (const file of Array.isArray(block.valueFiles) ? block.valueFiles : []) {
      if (typeof file !== 'string' || file.startsWith('$') || /^[a-z]+:\/\//i.test(file)) continue;
      const text = checkout.read(join(chart, file));
      if (text !== undefined) texts.push(text);
    }
    if (isObject(block.valuesObject)) texts.push(stringify(block.valuesObject));
    else if (typeof block.values === 'string') texts.push(block.values);
    await mkdir(dir, { recursive: true });
    for (const [i, text] of texts.entries()) {
      const file = joinPath(dir, `${i}.yaml`);
      await writeFile(file, text, { mode: 0o600 });
      args.push('--values', file);
    }
    // Parameters as Argo CD passes them (--set, after every values file).
    for (const p of Array.isArray(block.parameters) ? block.parameters : [])
      if (isObject(p) && typeof p.name === 'string' && typeof p.value === 'string')
        args.push(p.forceString === true ? '--set-string' : '--set', `${p.name}=${p.value}`);
    const run = await runHelm(helm, args, { signal, cwd: dir, timeoutMs: 120_000 });
    if (run.code !== 0) {
      // helm's own line, not its closing hint (`Use --debug flag to render out invalid YAML`).
      const lines = run.stderr.trim().split('\n');
      return `helm template of ${chart} failed: ${lines.find((l) => l.startsWith('Error:')) ?? lines.at(-1) ?? ''}`;
    }
    return childrenIn(run.stdout, chart, parent);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The Applications of a render, each named after its template (`# Source: <chart>/templates/…`). */
function childrenIn(output: string, chart: string, parent: ArgoEntry): ArgoEntry[] {
  const found: ArgoEntry[] = [];
  for (const doc of parseAllDocuments(output)) {
    if (doc.errors.length > 0) continue;
    const comment = `${doc.commentBefore ?? ''}\n${doc.contents?.commentBefore ?? ''}`;
    const source = /Source: [^/\s]+\/(\S+)/.exec(comment)?.[1];
    const file = source ? posix.join(chart, source) : chart;
    const entry = entryOf(doc.toJS() as unknown, `${file}, rendered by ${entryLabel(parent)}`);
    if (entry?.kind === 'argo') found.push(entry);
  }
  return found;
}

/**
 * An app of apps whose chart was not rendered hides the Applications it renders, any of which
 * may read a plain values file of the run: never silently nothing. Each such target gets a
 * skipped record naming the parent and why (a warning; `required` refuses it).
 */
export function unrenderedParents(
  missing: readonly { parent: ArgoEntry; reason: string }[],
  targets: readonly ProofTarget[],
): ProofRecord[] {
  return missing.flatMap(({ parent, reason }) =>
    targets
      .filter((t) => !t.chosen)
      .map((t) =>
        markWarning({
          target: targetName(t),
          entry: entryLabel(parent),
          level: 'skipped',
          reason: `${entryLabel(parent)} (${parent.from}) is an app of apps, and ${reason}: the Applications it renders, which may read ${t.display}, were not proven`,
        }),
      ),
  );
}
