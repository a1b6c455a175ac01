/**
 * Argo CD's rules for a Helm source: the values its repo server hands Helm, in its order (later
 * wins). One home for the writer (values/manifest-argo.ts: where the link goes, what it refuses)
 * and the proof (gitops/prove-argo.ts, gitops/argo/: what the chart renders with).
 *
 * Followed from argo-cd's reposerver/repository/repository.go (`helmTemplate`, which passes each
 * `valueFiles` entry as `--values`, then `values`/`valuesObject` as one more values file, then
 * `parameters` as `--set` and `fileParameters` as `--set-file`) and pkg/apis/application/v1alpha1
 * `ApplicationSourceHelm.ValuesYAML` (a non-empty `valuesObject` replaces `values`); the
 * `.argocd-source*.yaml` files from reposerver's `mergeSourceParameters` (each an RFC 7396 merge
 * patch over the source, folder's file first). Pure rules: data in, data out, no I/O (reading
 * the override files is values/argo-source-file.ts).
 *
 * Also when Argo CD applies a change at all, for the writer's notice (values/target.ts) and the
 * proof's (gitops/applies.ts, gitops/argo/appset-expand.ts): automated sync, the revision a
 * source follows, and an ApplicationSet's RollingSync; the wording of a refusal stays with them.
 */
import { stringify } from 'yaml';
import { isObject, type Data } from '../shared/data.js';
import { overlaps } from '../shared/set-path.js';
import type { ValuesLayer } from './helm.js';

/** Argo CD's layers for one chart source: valueFiles (texts given), then values or valuesObject. */
export function argoLayers(
  helm: Data,
  valueFiles: readonly ValuesLayer[],
  application: string,
): ValuesLayer[] {
  const layers = [...valueFiles];
  if (helm.valuesObject !== undefined && helm.valuesObject !== null)
    layers.push({
      name: `helm.valuesObject of ${application}`,
      yaml: stringify(helm.valuesObject),
    });
  else if (typeof helm.values === 'string')
    layers.push({ name: `helm.values of ${application}`, yaml: helm.values });
  return layers;
}

/** An override file, read once: its data as Argo CD reads it, or why it cannot be read. */
export type OverrideFile = { file: string } & ({ data: unknown } | { error: string });

/**
 * The override files Argo CD reads in a source's folder, in its order (reposerver
 * `mergeSourceParameters`): the folder's own, then the Application's (named `<name>`, or
 * `<namespace>_<name>` for an Application outside Argo CD's own namespace, which this run cannot
 * tell: both are listed).
 */
export function overrideFileNames(app: { name: string; namespace: string | undefined }): string[] {
  const names = ['.argocd-source.yaml', `.argocd-source-${app.name}.yaml`];
  if (app.namespace) names.push(`.argocd-source-${app.namespace}_${app.name}.yaml`);
  return names;
}

/**
 * The release Argo CD renders a source as: helm.releaseName (else the Application's name) into
 * helm.namespace (else the destination's namespace), after the override files beside the source
 * (`files`; none when `helm` is already the block after them) set them: each may set (or, with a
 * null, delete) helm.releaseName and helm.namespace. A file that cannot be read is left to
 * sourceFileOverride, which refuses it.
 */
export function argoRelease(
  helm: Data,
  app: { name: string; destination: string | undefined },
  files: readonly OverrideFile[] = [],
): { name: string; namespace?: string } {
  const out = helmAfterOverrides(helm, files, (file) => file).helm ?? {};
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
  const namespace = text(out.namespace) ?? app.destination;
  return { name: text(out.releaseName) ?? app.name, ...(namespace ? { namespace } : {}) };
}

/**
 * The first of a helm block's parameters (`--set`) and fileParameters (`--set-file`) that sets the
 * keys at `key` (the block or above), with the names that do: Argo CD passes them after every
 * values source, so they win over all.
 */
export function parametersOn(
  helm: Data | undefined,
  key: readonly string[],
): { list: 'parameters' | 'fileParameters'; names: string[] } | undefined {
  for (const list of ['parameters', 'fileParameters'] as const) {
    const entries = helm?.[list];
    if (!Array.isArray(entries)) continue;
    const names = entries
      .filter((p): p is Data => isObject(p) && typeof p.name === 'string' && overlaps(p.name, key))
      .map((p) => String(p.name));
    if (names.length > 0) return { list, names };
  }
  return undefined;
}

/**
 * A source's helm block after its override files, as the repo server merges each over the source
 * (an RFC 7396 merge patch), with the file (as `shown` names it) that last set each of its keys;
 * a key no file set is the Application's own. A file that cannot be read is left out (refused
 * where the Application is a target: sourceFileOverride).
 */
export function helmAfterOverrides(
  helm: Data | undefined,
  files: readonly OverrideFile[],
  shown: (file: string) => string,
): { helm: Data | undefined; setBy: Map<string, string> } {
  let merged: unknown = helm;
  const setBy = new Map<string, string>();
  for (const read of files) {
    if (!('data' in read) || !isObject(read.data) || !('helm' in read.data)) continue;
    const patch = read.data.helm;
    merged = mergePatch(merged, patch);
    for (const key of isObject(patch) ? Object.keys(patch) : ['helm'])
      setBy.set(key, shown(read.file));
  }
  return { helm: isObject(merged) ? merged : undefined, setBy };
}

/** RFC 7396: a mapping merges key by key (a null deletes), anything else replaces. */
function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return patch;
  const out: Data = isObject(target) ? { ...target } : {};
  for (const [k, v] of Object.entries(patch))
    if (v === null) delete out[k];
    else out[k] = mergePatch(out[k], v);
  return out;
}

/**
 * Why an Application is synced only by hand (`no spec.syncPolicy.automated`), or undefined: Argo
 * CD syncs on its own only with `spec.syncPolicy.automated` set and its `enabled` not false
 * (v1alpha1 `SyncPolicy.IsAutomatedSyncEnabled`, read by the application controller's `autoSync`).
 */
export function argoManualSync(application: unknown): string | undefined {
  const spec = isObject(application) && isObject(application.spec) ? application.spec : {};
  const policy = isObject(spec.syncPolicy) ? spec.syncPolicy : {};
  const automated = policy.automated;
  const off = isObject(automated) && automated.enabled === false;
  if (automated !== undefined && automated !== null && !off) return undefined;
  return off ? 'spec.syncPolicy.automated.enabled: false' : 'no spec.syncPolicy.automated';
}

/** The revision Argo CD reads for a `targetRevision` (or an ApplicationSet git generator's `revision`). */
export interface ArgoRevision {
  /** The value as written, trimmed; undefined when absent or empty. */
  written?: string;
  /** What the repo server resolves: `HEAD` when none is written, without `refs/heads/`. */
  revision: string;
  /** A full commit SHA: pinned, no new commit moves it. */
  commit: boolean;
  /** The branch it follows (`HEAD` is the remote's default branch, when known). */
  branch?: string;
}

/**
 * How the repo server resolves a revision (reposerver's `ResolveRevision`, util/git's
 * `LsRemote`): none or `HEAD` is the remote's default branch, `refs/heads/x` is branch `x`, and a
 * 40-hex SHA is that commit. Both a source's `targetRevision` and a git generator's `revision`
 * are resolved alike.
 */
export function argoRevision(value: unknown, defaultBranch?: string): ArgoRevision {
  const written = typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
  const revision = (written ?? 'HEAD').replace(/^refs\/heads\//, '');
  const commit = /^[0-9a-f]{40}$/i.test(revision);
  const branch = revision === 'HEAD' ? defaultBranch : revision;
  return { ...(written ? { written } : {}), revision, commit, ...(branch ? { branch } : {}) };
}

/*
 * RollingSync: an ApplicationSet's `strategy: RollingSync` (Argo CD's progressive syncs, where the
 * ApplicationSet controller has them enabled): the controller turns automated sync off on every
 * Application it generates and syncs them itself, step by step, each step once the Applications
 * of the earlier ones are Healthy. An Application no step selects, or one a step with
 * `maxUpdate: 0` selects, is left to a sync by hand (argo-cd docs/operator-manual/applicationset/
 * Progressive-Syncs.md, applicationset/controllers `syncValidApplications`). Steps select by the
 * generated Application's labels: every `matchExpressions` entry must hold (`In`: the label's
 * value is listed; `NotIn`: it is not).
 */

/** What RollingSync does to one generated Application: a note, and whether it waits for a hand. */
export interface RollingSync {
  note: string;
  byHand: boolean;
}

export function rollingSyncOf(appSet: Data, label: string, app: Data): RollingSync | undefined {
  const spec = isObject(appSet.spec) ? appSet.spec : {};
  const strategy = isObject(spec.strategy) ? spec.strategy : {};
  if (strategy.type !== 'RollingSync') return undefined;
  const rolling = isObject(strategy.rollingSync) ? strategy.rollingSync : {};
  const steps = Array.isArray(rolling.steps) ? rolling.steps : [];
  const meta = isObject(app.metadata) ? app.metadata : {};
  const labels = isObject(meta.labels) ? meta.labels : {};
  const where = 'where progressive syncs are enabled';
  const at = steps.findIndex((step) => isObject(step) && selects(step, labels));
  if (at === -1)
    return {
      byHand: true,
      note: `${label} has strategy RollingSync and no step selects this Application: ${where}, the ApplicationSet controller turns its automated sync off and leaves it to a sync by hand`,
    };
  const step = steps[at] as Data;
  if (step.maxUpdate === 0 || step.maxUpdate === '0' || step.maxUpdate === '0%')
    return {
      byHand: true,
      note: `${label} has strategy RollingSync, and step ${at + 1}, which selects this Application, has maxUpdate: 0: ${where}, it is synced only by hand`,
    };
  return {
    byHand: false,
    note: `${label} has strategy RollingSync: ${where}, the ApplicationSet controller syncs this Application in step ${at + 1}, once the Applications of the earlier steps are Healthy (a delay, not a hand)`,
  };
}

function selects(step: Data, labels: Data): boolean {
  const expressions = Array.isArray(step.matchExpressions) ? step.matchExpressions : [];
  return expressions.every((e) => {
    if (!isObject(e) || typeof e.key !== 'string') return false;
    const values = Array.isArray(e.values) ? e.values.map(String) : [];
    const value = labels[e.key];
    const listed = typeof value === 'string' && values.includes(value);
    if (e.operator === 'In') return listed;
    if (e.operator === 'NotIn') return !listed;
    return false;
  });
}
