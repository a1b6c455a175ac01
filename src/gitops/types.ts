/** What the proof is given and what it finds: the types publish/ and the proof's steps share. */
import type { ChartFetcher } from '../helm/fetch.js';
import type { HelmMajor, HelmSet } from '../helm/majors.js';
import { renderedMajorsText } from '../helm/render-majors.js';
import type { Overriding } from '../helm/values-layers.js';
import type { Entry } from './discover.js';
import type { Checkout } from './tree.js';

/** Where this run's change lands, as far as the run can tell (applies.ts landingOf). */
export interface Landing {
  /** The branch the change is committed to (or the pull request's base), when known. */
  branch?: string;
  /** How the run knows it, for messages: `the pull request's base branch`. */
  why?: string;
  /** The repository's default branch (Argo CD's HEAD), when known. */
  defaultBranch?: string;
}

/** One values file of the run, as the proof sees it. */
export interface ProofTarget {
  /** Its path in the checkout (forward slashes). */
  file: string;
  /** As the user wrote it. */
  display: string;
  /** The chosen documents of a file of manifests (none: plain values). */
  chosen?: { kind: string; name: string; namespace?: string; label: string }[];
}

/** How far one target was proven through one entry point. */
export interface ProofRecord {
  /** `apps/base/docs/release.yaml (HelmRelease/docs)`. */
  target: string;
  /** The release that reads it, where the record names one: `HelmRelease/docs/docs`. */
  reader?: string;
  /**
   * `Kustomization/flux-system/apps`, `Application/argocd/guestbook`; `as written` (and the
   * kustomization built) where the checkout holds no entry point that applies the reader.
   */
  entry: string;
  level: 'rendered' | 'values' | 'skipped';
  /** Why it stopped short of `rendered`. */
  reason?: string;
  /** `rendered`: the helm majors that rendered the link (each the controller may use). */
  helm?: number[];
  /** `rendered`: majors the controller may render with that this runner has no helm of. */
  helmUnrendered?: number[];
  /** `rendered`: the file that pins the controller's version, where one does (helm/majors.ts). */
  helmPinnedBy?: string;
}

export interface ProofTools {
  helm: string | undefined;
  kubectl: string | undefined;
  helmArgs: readonly string[];
  signal?: AbortSignal;
  redact: (text: string) => string;
  placeholder: { link: string; token: string };
  valuesKey: readonly string[];
  /** The run's fetcher, shared with the render check: a chart is pulled once per run. */
  charts?: ChartFetcher;
  /** The run's helms (helm/majors.ts): a chart renders with each major its controller may use. */
  helms?: HelmSet;
  /**
   * `render-check: off`: no chart is rendered (no helm); entry points are built where kubectl is
   * on PATH, to see their layers, but a build that fails is no refusal. Only a layer known to win
   * is refused: one this run cannot read is not (off is the fix its message gives).
   */
  layersOnly?: boolean;
  /**
   * helm for an app of apps' own chart alone, where `helm` is not given (`render-check: off`):
   * its children are readers whose later layers need no chart of theirs to be seen.
   */
  parentsHelm?: string;
}

/** What every step of one proof shares. */
export interface ProofContext {
  checkout: Checkout;
  tools: ProofTools;
  /** `owner/name` of this repository (GITHUB_REPOSITORY), when known: a source of another is out of reach. */
  repository?: string;
  /** Where this run's change lands (applies.ts): a reader on another ref does not take it. */
  landing?: Landing;
  records: ProofRecord[];
  /** Each a sentence naming the file or layer that wins and what to do. */
  refusals: string[];
  /** Whether two checkout files are in one cluster (clusters.ts), read when first asked. */
  sameCluster?: (a: string, b: string) => boolean;
}

/**
 * Skipped records that prove nothing is wrong, only that this entry point holds the file and not
 * its reader (a ConfigMap whose HelmRelease another entry point applies): another entry point's
 * proof of the same target stands for them. Any other skipped record (a source out of reach, no
 * kubectl, values unknown to this run) stays open whatever other entry points proved: that
 * cluster may not get the link.
 */
const readerElsewhere = new WeakSet<ProofRecord>();
export const markReaderElsewhere = (record: ProofRecord): ProofRecord => {
  readerElsewhere.add(record);
  return record;
};
export const isReaderElsewhere = (record: ProofRecord): boolean => readerElsewhere.has(record);

/**
 * Whether a later layer the values show is refused: under `render-check: off` only one known to
 * win, not one this run could not read (turning the check off is the fix its message gives).
 */
export const laterWins = (over: Overriding | undefined, tools: ProofTools): over is Overriding =>
  !!over && !(tools.layersOnly && (over.unchecked !== undefined || over.unreadable));

/** A target's name in the proof's words. */
export const targetName = (t: ProofTarget, label?: string): string =>
  label ? `${t.display} (${label})` : t.display;

export type { Entry };

/** A proof record in words, for the log and the job summary. */
export function describeRecord(r: ProofRecord): string {
  const majors = r.helm
    ? ` with ${renderedMajorsText({ rendered: r.helm as HelmMajor[], unrendered: (r.helmUnrendered ?? []) as HelmMajor[] })}`
    : '';
  const level =
    r.level === 'rendered'
      ? `the chart renders the link${majors}`
      : r.level === 'values'
        ? 'the merged values carry the link'
        : 'skipped';
  const through = r.entry.startsWith('as written') ? r.entry : `through ${r.entry}`;
  const reader = r.reader && r.reader !== r.entry ? `, read by ${r.reader}` : '';
  return `${r.target} ${through}${reader}: ${level}${r.reason ? ` (${r.reason})` : ''}`;
}
