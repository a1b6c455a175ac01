/**
 * Whether the cluster applies this commit: a reader proven through an entry point proves the link
 * only if that entry point takes the change this run makes. It does not when the Flux
 * Kustomization is suspended, when its GitRepository follows another ref than the branch the
 * change lands on, or when an Argo CD source's targetRevision names another; an Argo CD
 * Application without automated sync applies it only once someone syncs. A HelmRelease of an API
 * version Flux no longer serves is said to be one, never proven as `v2`.
 *
 * The ref a GitRepository follows is source-controller's rule (controllers/source-controller.ts,
 * gitRepositoryRef); the revision an Argo CD source follows is Argo CD's (controllers/argo-cd.ts,
 * argoRevision).
 */
import { parseAllDocuments } from 'yaml';
import { argoManualSync, argoRevision, type RollingSync } from '../controllers/argo-cd.js';
import {
  gitRepositoryRef,
  releaseChartSpec,
  type GitRef,
} from '../controllers/source-controller.js';
import { shownRepo } from '../values/manifest-argo.js';
import { isObject, type Data } from '../values/site.js';
import { entryLabel, type Entry } from './discover.js';
import { isYamlFile } from './files.js';
import type { Checkout } from './tree.js';
import type { Landing, ProofRecord, ProofTarget } from './types.js';

export type { Landing };

/**
 * The branch the change lands on: a pull request run's base branch; otherwise the branch the run
 * is on (a workflow that commits and pushes, or opens a pull request against it, as
 * create-pull-request does by default). The command line's CI systems say the same with their
 * own variables (GitLab, Jenkins). The event payload gives the default branch.
 */
export function landingOf(
  env: Readonly<Record<string, string | undefined>>,
  event?: unknown,
): Landing {
  const repo = isObject(event) && isObject(event.repository) ? event.repository : {};
  const defaultBranch =
    typeof repo.default_branch === 'string' && repo.default_branch
      ? repo.default_branch
      : undefined;
  const base = (branch: string | undefined, why: string): Landing => ({
    ...(branch ? { branch, why } : {}),
    ...(defaultBranch ? { defaultBranch } : {}),
  });
  if (env.GITHUB_BASE_REF) return base(env.GITHUB_BASE_REF, "the pull request's base branch");
  if (env.GITHUB_REF?.startsWith('refs/heads/'))
    return base(
      env.GITHUB_REF_NAME || env.GITHUB_REF.slice('refs/heads/'.length),
      'the branch this workflow runs on',
    );
  if (env.CI_MERGE_REQUEST_TARGET_BRANCH_NAME)
    return base(env.CI_MERGE_REQUEST_TARGET_BRANCH_NAME, "the merge request's target branch");
  if (env.CI_COMMIT_BRANCH) return base(env.CI_COMMIT_BRANCH, 'the branch this pipeline runs on');
  if (env.CHANGE_TARGET) return base(env.CHANGE_TARGET, "the pull request's target branch");
  if (env.BRANCH_NAME && !env.CHANGE_ID)
    return base(env.BRANCH_NAME, 'the branch this pipeline runs on');
  return base(undefined, '');
}

/** A GitRepository of the checkout or of a build: its spec and where it was read. */
export interface GitSource {
  spec: Data;
  from: string;
  /**
   * Every GitRepository of that name the files hold, where several do (one per cluster's
   * bootstrap, each `flux-system/flux-system`): which one a reader takes is the one of its own
   * cluster (heldBy).
   */
  candidates?: GitSource[];
}

/**
 * The GitRepositories of `source`'s name a reader may take: those of its own cluster (`placed`
 * says whether a file is in it), else all. Undefined `placed`: all.
 */
function candidatesOf(source: GitSource, placed?: (from: string) => boolean): GitSource[] {
  const all = source.candidates ?? [source];
  const mine = placed ? all.filter((c) => placed(c.from)) : [];
  return mine.length > 0 ? mine : all;
}

/** The first of the candidates that follows another ref than the change's, with why. */
function heldBy(
  source: GitSource,
  landing: Landing,
  placed?: (from: string) => boolean,
): { source: GitSource; why: string } | undefined {
  for (const one of candidatesOf(source, placed)) {
    const why = otherRef(gitRepositoryRef(one.spec), landing);
    if (why) return { source: one, why };
  }
  return undefined;
}

/** The GitRepositories among `objects` by `namespace/name` (and name alone without a namespace). */
export function gitSources(
  objects: Iterable<unknown>,
  from: string,
  into = new Map<string, GitSource>(),
): Map<string, GitSource> {
  for (const data of objects) {
    if (!isObject(data) || data.kind !== 'GitRepository' || !isObject(data.spec)) continue;
    if (!String(data.apiVersion).startsWith('source.toolkit.fluxcd.io/')) continue;
    const meta = isObject(data.metadata) ? data.metadata : {};
    if (typeof meta.name !== 'string') continue;
    const key = typeof meta.namespace === 'string' ? `${meta.namespace}/${meta.name}` : meta.name;
    const prior = into.get(key);
    const one = { spec: data.spec, from };
    // Two of one name in two files: two clusters' bootstraps, each judged for its own readers.
    into.set(
      key,
      prior && prior.from !== from
        ? { ...one, candidates: [...(prior.candidates ?? [prior]), one] }
        : one,
    );
  }
  return into;
}

/**
 * The GitRepositories as builds produce them (patched), named by the checkout file that holds
 * them; where the checkout holds several of one name (clusters' bootstraps), those, each with its
 * file, since a build's one cannot be told apart.
 */
export function mergedSources(
  objects: Iterable<unknown>,
  from: string,
  checkout: ReadonlyMap<string, GitSource>,
): Map<string, GitSource> {
  const sources = gitSources(objects, from);
  for (const [key, found] of checkout)
    sources.set(
      key,
      found.candidates ? found : { spec: sources.get(key)?.spec ?? found.spec, from: found.from },
    );
  return sources;
}

/** The GitRepositories of the checkout's YAML files (only files that name one are parsed). */
export function checkoutGitSources(checkout: Checkout): Map<string, GitSource> {
  const found = new Map<string, GitSource>();
  for (const file of checkout.files) {
    if (!isYamlFile(file)) continue;
    const text = checkout.read(file);
    if (!text?.includes('GitRepository') || !text.includes('source.toolkit.fluxcd.io/')) continue;
    const docs = parseAllDocuments(text).filter((d) => d.errors.length === 0);
    gitSources(
      docs.map((d) => d.toJS() as unknown),
      file,
      found,
    );
  }
  return found;
}

/** What to do when the source follows another ref than the change's branch. */
const refFix = (landing: Landing, what: string) =>
  `Run the workflow on the branch the cluster follows (or open the pull request against it), or point ${what} at ${landing.branch ?? 'the branch this run commits to'}`;

/** The words for a ref that does not take this change, or undefined when it does (or may). */
function otherRef(ref: GitRef, landing: Landing): string | undefined {
  if (ref.kind === 'branch') {
    if (landing.branch === undefined || ref.value === landing.branch) return undefined;
    return `follows branch ${ref.value} (${ref.field}), while this run's change lands on ${landing.branch} (${landing.why})`;
  }
  return `follows ${ref.kind} ${ref.value} (${ref.field}), which no new commit moves`;
}

/**
 * Why a Flux Kustomization does not apply this commit, with the fix; undefined when it does, or
 * when its GitRepository is not among the manifests this run read (a bootstrap's, elsewhere).
 */
export function fluxHeldBack(
  entry: Entry,
  git: ReadonlyMap<string, GitSource>,
  landing: Landing,
  /** Whether a file is in the entry point's own cluster (clusters.ts), to choose among several. */
  placed?: (from: string) => boolean,
): string | undefined {
  if (entry.kind !== 'flux') return undefined;
  const label = `${entryLabel(entry)} (${entry.from})`;
  if (entry.spec.suspend === true)
    return `${label} has spec.suspend: true, so kustomize-controller applies no new commit through it. Resume it (flux resume kustomization ${entry.name} -n ${entry.namespace}, and remove spec.suspend from ${entry.from}), or point values-file at a file a Kustomization that is not suspended applies`;
  const ref = isObject(entry.spec.sourceRef) ? entry.spec.sourceRef : {};
  if ((ref.kind ?? 'GitRepository') !== 'GitRepository' || typeof ref.name !== 'string')
    return undefined;
  const namespace = typeof ref.namespace === 'string' ? ref.namespace : entry.namespace;
  const found = git.get(`${namespace}/${ref.name}`) ?? git.get(ref.name);
  const held = found && heldBy(found, landing, placed);
  if (!held) return undefined;
  const { source, why } = held;
  const name = `GitRepository/${namespace}/${ref.name} (${source.from})`;
  return `${label} builds from ${name}, which ${why}: the cluster does not apply this commit through it. ${refFix(landing, `the spec.ref of GitRepository/${namespace}/${ref.name}`)}`;
}

/**
 * Why a HelmRelease whose chart is a path of a GitRepository (`spec.chart.spec.sourceRef`) does
 * not render this commit's chart folder: that GitRepository follows another ref than the branch
 * the change lands on, so source-controller packages the chart (its values.yaml included) from
 * that ref. Undefined when it follows the change's branch (or may), or is not among the
 * manifests this run read. `git` as gitSources gives it; `label` names the release.
 */
export function chartSourceHeldBack(
  release: Data,
  label: string,
  git: ReadonlyMap<string, GitSource>,
  landing: Landing,
  /** Whether a file is in the release's own cluster (clusters.ts), to choose among several. */
  placed?: (from: string) => boolean,
): string | undefined {
  const ref = releaseChartSpec(release).sourceRef;
  if (!isObject(ref) || ref.kind !== 'GitRepository' || typeof ref.name !== 'string')
    return undefined;
  const meta = isObject(release.metadata) ? release.metadata : {};
  const namespace =
    typeof ref.namespace === 'string'
      ? ref.namespace
      : typeof meta.namespace === 'string'
        ? meta.namespace
        : undefined;
  const found = (namespace && git.get(`${namespace}/${ref.name}`)) || git.get(ref.name);
  const held = found && heldBy(found, landing, placed);
  if (!held) return undefined;
  const { source, why } = held;
  const name = `GitRepository/${namespace ? `${namespace}/` : ''}${ref.name}`;
  return `${label} takes its chart from ${name} (${source.from}), which ${why}: source-controller packages the chart, its values files included, from that ref, not from this commit. ${refFix(landing, `the spec.ref of ${name} in ${source.from}`)}`;
}

/**
 * Why a revision Argo CD reads (`targetRevision` of a source, `revision` of an ApplicationSet's
 * git generator) does not take this commit, or undefined when it does or the run cannot tell.
 * Both are resolved alike by the repo server: none or `HEAD` is the remote's default branch.
 */
function otherRevision(value: unknown, name: string, landing: Landing): string | undefined {
  const { written, revision, commit, branch } = argoRevision(value, landing.defaultBranch);
  const field = written ? `${name}: ${written}` : `no ${name}`;
  if (commit) return `follows commit ${revision} (${field}), which no new commit moves`;
  if (landing.branch === undefined) return undefined;
  if (branch === undefined || branch === landing.branch) return undefined;
  return `follows ${revision === 'HEAD' ? `the default branch ${branch}` : revision} (${field}), while this run's change lands on ${landing.branch} (${landing.why})`;
}

/**
 * Why an Argo CD source of this repository (`source`, of `application`) does not take this
 * commit, with the fix; undefined when it does, or when the run cannot tell (no branch known).
 * An Application an ApplicationSet's git generator generated (`generatedBy`) is first generated
 * from the commit that generator reads (its `revision`): from another branch, this commit's
 * folders and files are not what the ApplicationSet controller generates it from.
 */
export function argoHeldBack(
  source: Data,
  application: string,
  landing: Landing,
  generatedBy?: { label: string; git?: Data },
): string | undefined {
  const git = generatedBy?.git;
  const generator = git && otherRevision(git.revision, 'revision', landing);
  if (generatedBy && git && generator)
    return `${application} is generated by ${generatedBy.label}, whose git generator reads ${shownRepo(git)}, which ${generator}: the ApplicationSet controller does not generate it from this commit. ${refFix(landing, `the git generator's revision of ${generatedBy.label}`)}`;
  const why = otherRevision(source.targetRevision, 'targetRevision', landing);
  if (!why) return undefined;
  return `${application} reads ${shownRepo(source)}, which ${why}: Argo CD does not apply this commit through it. ${refFix(landing, 'its targetRevision')}`;
}

/** The note for an Application that Argo CD syncs only by hand, or undefined. */
export function argoSyncNote(application: Data, label: string): string | undefined {
  const why = argoManualSync({ spec: application });
  return why
    ? `${label} has ${why}: Argo CD applies this change only once someone syncs it (before the link expires)`
    : undefined;
}

/**
 * Why a HelmRelease's API version is one Flux no longer serves (v2beta1 since Flux 2.7, v2beta2
 * since 2.8), or undefined: such a release is not proven as `v2` merges it.
 */
export function unservedRelease(release: Data, label: string): string | undefined {
  const version = String(release.apiVersion);
  const gone = { 'helm.toolkit.fluxcd.io/v2beta1': '2.7', 'helm.toolkit.fluxcd.io/v2beta2': '2.8' }[
    version
  ];
  return gone
    ? `${label} is ${version}, which Flux no longer serves since ${gone}: a cluster on Flux ${gone} or later does not apply it, and an older one merges it as that version does, which this run does not prove. Migrate it to helm.toolkit.fluxcd.io/v2 (flux migrate)`
    : undefined;
}

/**
 * Records the log raises as warnings, not as information: a reader that does not take this
 * commit, or only once someone acts, or whose API version is no longer served.
 */
const warned = new WeakSet<ProofRecord>();
export const markWarning = (record: ProofRecord): ProofRecord => {
  warned.add(record);
  return record;
};
export const isWarning = (record: ProofRecord): boolean => warned.has(record);
/** Records of readers an entry point holds but does not apply this commit through. */
const heldBack = new WeakSet<ProofRecord>();
export const markHeldBack = (record: ProofRecord): ProofRecord => {
  heldBack.add(record);
  return markWarning(record);
};
/** Records of readers that get the change only once someone acts (an Argo CD sync by hand). */
const byHand = new WeakSet<ProofRecord>();
export const markByHand = (record: ProofRecord): ProofRecord => {
  byHand.add(record);
  return markWarning(record);
};
export const isByHand = (record: ProofRecord): boolean => byHand.has(record);

/**
 * Records proven through an Application that Argo CD syncs only by hand: each is proven, yet the
 * cluster gets the link only once someone syncs, so each says so (and `required` refuses). One
 * rule for the entry points' own proofs and the readers found from the file up.
 */
export function noteManualSync(
  records: ProofRecord[],
  application: Data,
  label: string,
  /** An ApplicationSet's RollingSync for this Application (controllers/argo-cd.ts). */
  rolling?: RollingSync,
): void {
  const notes = [argoSyncNote(application, label), rolling?.note].filter((n) => n !== undefined);
  if (notes.length === 0) return;
  const note = notes.join('; ');
  const byHand = rolling?.byHand || notes.length > (rolling ? 1 : 0);
  for (const r of records)
    if (r.level !== 'skipped' && !r.reason?.startsWith('refused')) {
      Object.assign(r, { reason: r.reason ? `${r.reason}; ${note}` : note });
      if (byHand) markByHand(r);
    }
}

const recordOf = (record: ProofRecord, target: ProofTarget) =>
  record.target === target.display || record.target.startsWith(`${target.display} (`);

/**
 * The refusals for targets whose every reader is held back (a suspended Kustomization, another
 * ref): nothing applies this commit's link. A target another entry point applies is not refused
 * (its held-back records stay skipped: `required` fails on them).
 */
export function heldOnly(
  records: readonly ProofRecord[],
  targets: readonly ProofTarget[],
): string[] {
  const out: string[] = [];
  for (const target of targets) {
    const mine = records.filter((r) => recordOf(r, target));
    if (mine.length === 0 || !mine.every((r) => heldBack.has(r))) continue;
    const reasons = [...new Set(mine.map((r) => r.reason ?? ''))];
    out.push(`Nothing applies the link written to ${target.display}: ${reasons.join('. ')}.`);
  }
  return out;
}
