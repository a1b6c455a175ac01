/**
 * Which helm majors a chart is rendered with. Flux 2.8 (helm-controller 1.5) and Argo CD 3.5
 * render with Helm 4; earlier ones with Helm 3, and the two read some files differently (a values
 * file of several YAML documents: Helm 3 reads the first, Helm 4 merges them). Where the checkout
 * pins the controller's version (gitops/helm-majors.ts), its major renders; where it does not,
 * both do, with every helm this runner has: the first `helm` on PATH, any other `helm` further
 * down PATH (each azure/setup-helm step adds its own folder), `helm3` and `helm4`, and the helms
 * azure/setup-helm left in the runner's tool cache (`$RUNNER_TOOL_CACHE/helm/<version>/<arch>/…`).
 * A major the controller may use that no helm here has is said, never taken as rendered.
 */
import { readdir, realpath } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { allOnPath, findOnPath } from '../shared/which.js';
import { binaryHelmMajor } from './binary-major.js';
import { detectHelmVersion, type HelmVersion } from './helm.js';

export type HelmMajor = 3 | 4;
export const MAJORS: readonly HelmMajor[] = [3, 4];

/** Who renders a chart: a controller, or this run's own `helm upgrade` (helm-release). */
export type Renderer = 'flux' | 'argo' | 'own';

/** A major the checkout pins for a controller, and the file that says so. */
export interface HelmPin {
  majors: HelmMajor[];
  /** `FluxInstance flux-system/flux (clusters/prod/flux.yaml: distribution.version 2.7.x)`. */
  by: string;
}
export type HelmPins = Partial<Record<Exclude<Renderer, 'own'>, HelmPin>> & {
  /** Pins the checkout holds for clusters other than the release's, said as both majors render. */
  outside?: Partial<Record<Exclude<Renderer, 'own'>, string>>;
};

export interface HelmBinary {
  path: string;
  major?: HelmMajor;
  /** As `helm version` says it, where it was run (a binary whose build info names no major). */
  version?: HelmVersion;
}

/** The helms one chart is rendered with, and what that leaves unproven. */
export interface HelmPlan {
  helms: HelmBinary[];
  /** Majors the controller may render with that no helm of this runner is. */
  unrendered: HelmMajor[];
  /** What decided the majors: the pin, or that the checkout does not say. */
  pin?: HelmPin;
  /** A pin of another cluster's, not taken for this release's (gitops/clusters.ts). */
  outside?: string;
}

/**
 * The helms azure/setup-helm cached: @actions/tool-cache's `<root>/helm/<version>/<arch>/`, with
 * the binary somewhere below (setup-helm walks for it: `linux-amd64/helm`).
 */
async function toolCacheHelms(env: NodeJS.ProcessEnv): Promise<string[]> {
  const root = env.RUNNER_TOOL_CACHE;
  if (!root || !isAbsolute(root)) return [];
  const found: string[] = [];
  const walk = async (dir: string, depth: number): Promise<void> => {
    const here = await findOnPath('helm', { ...env, PATH: dir });
    if (here) found.push(here);
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries.sort((a, b) => b.name.localeCompare(a.name)))
      if (entry.isDirectory() && depth < 4) await walk(join(dir, entry.name), depth + 1);
  };
  await walk(join(root, 'helm'), 0);
  return found;
}

/**
 * The helms of this runner: the first on PATH (`primary`, the one the rollout uses), then one of
 * each other major, found lazily (each one's major from its build info, binary-major.ts) and only
 * once per run.
 */
export class HelmSet {
  #found?: Promise<Map<HelmMajor, HelmBinary>>;
  #versions = new Map<string, Promise<Omit<HelmBinary, 'path'> | undefined>>();

  constructor(
    readonly primary: string | undefined,
    /** The pins for a release placed at a file (absolute path; none: not placed). */
    private readonly pins: (at: string | undefined) => Promise<HelmPins>,
    private readonly env: NodeJS.ProcessEnv = process.env,
    private readonly signal?: AbortSignal,
  ) {}

  /** One helm per major, the primary's major by the primary. */
  byMajor(): Promise<Map<HelmMajor, HelmBinary>> {
    return (this.#found ??= this.#discover());
  }

  async #discover(): Promise<Map<HelmMajor, HelmBinary>> {
    const found = new Map<HelmMajor, HelmBinary>();
    if (!this.primary) return found;
    const candidates = [
      this.primary,
      ...(await allOnPath('helm', this.env)),
      ...(await allOnPath('helm4', this.env)),
      ...(await allOnPath('helm3', this.env)),
      ...(await toolCacheHelms(this.env)),
    ];
    const seen = new Set<string>();
    for (const path of candidates) {
      if (found.size === MAJORS.length) break;
      const real = await realpath(path).catch(() => path);
      if (seen.has(real)) continue;
      seen.add(real);
      const known = await this.#version(path);
      if (known?.major && !found.has(known.major)) found.set(known.major, { path, ...known });
    }
    return found;
  }

  /**
   * A helm's major: from its build info (binary-major.ts: no process), else `helm version`;
   * undefined when neither says (left out: the primary then renders alone).
   */
  #version(path: string): Promise<Omit<HelmBinary, 'path'> | undefined> {
    let found = this.#versions.get(path);
    if (!found) this.#versions.set(path, (found = identify(path, this.signal)));
    return found;
  }

  /**
   * The helms a chart `renderer` renders is rendered with here, and the majors left out. `at`:
   * the file that places the release in a cluster (its manifest, or the entry point that builds it).
   */
  async plan(renderer: Renderer | undefined, at?: string): Promise<HelmPlan> {
    if (!this.primary) return { helms: [], unrendered: [] };
    if (renderer === 'own')
      return {
        helms: [{ path: this.primary, ...(await this.#version(this.primary)) }],
        unrendered: [],
      };
    const pins = renderer ? await this.pins(at) : undefined;
    const pin = renderer && pins ? pins[renderer] : undefined;
    const outside = renderer && pins ? pins.outside?.[renderer] : undefined;
    const wanted = pin?.majors ?? MAJORS;
    const found = await this.byMajor();
    const primaryMajor = [...found].find(([, b]) => b.path === this.primary)?.[0];
    // The primary first: what it renders is what the log and outputs describe.
    const order = [...wanted].sort(
      (a, b) => Number(b === primaryMajor) - Number(a === primaryMajor),
    );
    const helms = order.flatMap((major) => (found.has(major) ? [found.get(major)!] : []));
    const unrendered = wanted.filter((major) => !found.has(major));
    return {
      // No pinned major here: the chart is not checked (pinnedMissing), nothing renders it, not
      // even a helm whose major is unknown. Unpinned, such a primary renders alone.
      helms: helms.length > 0 || found.size > 0 || pin ? helms : [{ path: this.primary }],
      unrendered,
      ...(pin ? { pin } : {}),
      ...(outside ? { outside } : {}),
    };
  }
}

async function identify(
  path: string,
  signal?: AbortSignal,
): Promise<Omit<HelmBinary, 'path'> | undefined> {
  const major = await binaryHelmMajor(path);
  if (major === 3 || major === 4) return { major };
  const version = await detectHelmVersion(path, signal).catch(() => undefined);
  return version ? { major: version.major as HelmMajor, version } : undefined;
}

/**
 * Why a chart is not checked: the checkout pins its controller to majors this runner has no helm
 * of. Another major's render proves nothing of theirs, so none is made. Undefined otherwise.
 */
export function pinnedMissing(plan: HelmPlan): string | undefined {
  if (!plan.pin || plan.helms.length > 0 || plan.unrendered.length === 0) return undefined;
  const steps = plan.unrendered
    .map((m) => `azure/setup-helm@v4 with version: ${SETUP_VERSION[m]}`)
    .join(' and ');
  return `${plan.pin.by} says the controller renders with ${majorsText(plan.unrendered)}, and this runner has no helm known to be of that major; add a step before this one: uses: ${steps}`;
}

/** The release of each major the steps this run suggests install (the ones its tests run). */
const SETUP_VERSION: Record<HelmMajor, string> = { 3: 'v3.17.3', 4: 'v4.2.3' };

/** `Helm 3 and 4`, `Helm 4`. */
export const majorsText = (majors: readonly number[]): string =>
  `Helm ${[...majors].sort().join(' and ')}`;

/** The step that adds the other major, to copy into the workflow before this action's. */
export const otherMajorSnippet = (major: HelmMajor): string =>
  `      - uses: azure/setup-helm@v4
        with:
          version: ${SETUP_VERSION[major]}   # Helm ${major}, besides the one on PATH`;
