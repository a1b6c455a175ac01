/**
 * What the checkout holds that reads a plain values file, found among its tracked files
 * (gitops/files.ts): the helmfile state files, whose releases list values files, and the Flux
 * HelmReleases that install a chart from a path of the repository, whose artifact bakes the
 * chart's values in. Each is read once per run (CheckoutScan), and the list of tracked files
 * is the one the proof reads too.
 */
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseAllDocuments } from 'yaml';
import type { Cluster } from '../gitops/clusters.js';
import { checkoutListing, checkoutPath } from '../gitops/files.js';
import type { PinFinds } from '../gitops/helm-majors.js';
import type { HelmPins } from '../helm/majors.js';
import {
  bakedIntoArtifact,
  mayHoldPathRelease,
  type CheckoutRelease,
} from '../values/chart-artifact.js';
import { fileError } from '../values/file.js';
import { isHelmfileName } from '../values/helmfile.js';
import { isObject } from '../values/site.js';

/** A file of the checkout, absolute, with its text. */
export interface CheckoutFile {
  path: string;
  text: string;
}

async function read(root: string, names: string[]): Promise<CheckoutFile[]> {
  const files = await Promise.all(
    names.map(async (name) => {
      const path = join(root, name);
      const text = await readFile(path, 'utf8').catch(() => undefined);
      return text === undefined ? undefined : { path, text };
    }),
  );
  return files.filter((file) => file !== undefined);
}

/**
 * What a run reads of the checkouts its values files are in, each read once however many steps
 * and files ask: the tracked files (one `git ls-files`), the helmfile state files, and the Flux
 * HelmReleases that install a chart from a GitRepository or Bucket.
 */
export class CheckoutScan {
  readonly #listings = new Map<string, Promise<{ files: string[]; tracked: boolean }>>();
  readonly #helmfiles = new Map<string, Promise<CheckoutFile[]>>();
  readonly #releases = new Map<string, Promise<CheckoutRelease[]>>();
  readonly #yaml = new Map<string, Promise<CheckoutFile[]>>();
  readonly #pins = new Map<string, Promise<PinFinds>>();
  readonly #clusters = new Map<string, Promise<Cluster[]>>();

  /** The tracked files of the checkout at `root` (gitops/files.ts). */
  async files(root: string): Promise<string[]> {
    return (await this.listing(root)).files;
  }

  /** The files of the checkout at `root`, and whether git listed them (else a walk of the folder). */
  listing(root: string): Promise<{ files: string[]; tracked: boolean }> {
    return once(this.#listings, root, () => checkoutListing(root));
  }

  /** The helmfile state files of the checkout at `root`, with their text. */
  helmfiles(root: string): Promise<CheckoutFile[]> {
    return once(this.#helmfiles, root, async () =>
      read(root, (await this.files(root)).filter(isHelmfileName)),
    );
  }

  /** The HelmReleases of the checkout at `root` that install a chart from a GitRepository or Bucket. */
  releases(root: string): Promise<CheckoutRelease[]> {
    return once(this.#releases, root, async () => {
      const releases: CheckoutRelease[] = [];
      for (const file of await this.#yamlFiles(root)) {
        if (!mayHoldPathRelease(file.text)) continue;
        for (const doc of parseAllDocuments(file.text)) {
          if (doc.errors.length > 0) continue;
          const data: unknown = doc.toJS();
          if (isObject(data) && data.kind === 'HelmRelease')
            releases.push({ file: file.path, data });
        }
      }
      return releases;
    });
  }

  /**
   * The helm majors the checkout pins for the controllers of the clusters that apply the release
   * placed at `at` (an absolute path; gitops/helm-majors.ts, gitops/clusters.ts). The clusters
   * are read only where the checkout pins anything; `scope` is the run's, the same for each call.
   */
  async helmPins(
    root: string,
    at: string | undefined,
    scope: { clusterPaths: readonly string[]; repository?: string },
  ): Promise<HelmPins> {
    // Loaded only when a chart renders: the entry points' rules stay out of the first chunk.
    const { pinFinds } = await import('../gitops/helm-majors.js');
    const finds = await once(this.#pins, root, async () =>
      pinFinds(
        (await this.#yamlFiles(root)).map((file) => ({
          path: checkoutPath(root, file.path),
          text: file.text,
        })),
      ),
    );
    if (finds.flux.length + finds.argo.length + finds.images.length === 0) return {};
    const { clustersOf, pinsAt } = await import('../gitops/clusters.js');
    const { openCheckout } = await import('../gitops/checkout.js');
    // The YAML texts already read stand for the files (the checkout reads any other from disk).
    const yaml = async () =>
      new Map(
        (await this.#yamlFiles(root)).map((file) => [checkoutPath(root, file.path), file.text]),
      );
    const clusters = await once(this.#clusters, root, async () =>
      clustersOf(
        await openCheckout(root, await yaml(), await this.files(root)),
        scope.clusterPaths.map((p) => checkoutPath(root, p)),
        scope.repository,
      ),
    );
    return pinsAt(finds, clusters, at === undefined ? undefined : checkoutPath(root, at));
  }

  /** The checkout's YAML files, read once for every question asked of them. */
  #yamlFiles(root: string): Promise<CheckoutFile[]> {
    return once(this.#yaml, root, async () =>
      read(
        root,
        (await this.files(root)).filter((name) => /\.ya?ml$/.test(name)),
      ),
    );
  }
}

function once<T>(memo: Map<string, Promise<T>>, root: string, load: () => Promise<T>): Promise<T> {
  const key = resolve(root);
  let found = memo.get(key);
  if (!found) memo.set(key, (found = load()));
  return found;
}

/**
 * Refuses a plain values file that a HelmRelease of its checkout reads from inside a chart
 * artifact source-controller rebuilds only for a new chart version (values/chart-artifact.ts).
 * With helm-release the run's own rollout reads the file, so no artifact stands between them.
 */
export async function refuseBakedValues(
  files: readonly { path: string; display: string; root?: string; manifest: boolean }[],
  withHelm: boolean,
  scan: CheckoutScan,
): Promise<void> {
  if (withHelm) return;
  for (const file of files) {
    if (file.manifest || !file.root) continue;
    const refusal = bakedIntoArtifact(file.path, await scan.releases(file.root), file.root);
    if (refusal) throw fileError(file.display, refusal.problem, refusal.fix);
  }
}
