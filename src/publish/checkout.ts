/**
 * What the checkout holds that reads a plain values file, found among its tracked files
 * (gitops/files.ts): the helmfile state files, whose releases list values files, and the Flux
 * HelmReleases that install a chart from a path of the repository, whose artifact bakes the
 * chart's values in. Each file is read once per run.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { checkoutFiles } from '../gitops/files.js';
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

/** The helmfile state files of the checkout at `root`, with their text. */
export async function helmfilesIn(root: string): Promise<CheckoutFile[]> {
  return read(root, (await checkoutFiles(root)).filter(isHelmfileName));
}

/** The HelmReleases of the checkout at `root` that install a chart from a GitRepository or Bucket. */
export async function pathReleasesIn(root: string): Promise<CheckoutRelease[]> {
  const names = (await checkoutFiles(root)).filter((name) => /\.ya?ml$/.test(name));
  const releases: CheckoutRelease[] = [];
  for (const file of await read(root, names)) {
    if (!mayHoldPathRelease(file.text)) continue;
    for (const doc of parseAllDocuments(file.text)) {
      if (doc.errors.length > 0) continue;
      const data: unknown = doc.toJS();
      if (isObject(data) && data.kind === 'HelmRelease') releases.push({ file: file.path, data });
    }
  }
  return releases;
}

/**
 * Refuses a plain values file that a HelmRelease of its checkout reads from inside a chart
 * artifact source-controller rebuilds only for a new chart version (values/chart-artifact.ts).
 * With helm-release the run's own rollout reads the file, so no artifact stands between them.
 */
export async function refuseBakedValues(
  files: readonly { path: string; display: string; root?: string; manifest: boolean }[],
  withHelm: boolean,
): Promise<void> {
  if (withHelm) return;
  for (const file of files) {
    if (file.manifest || !file.root) continue;
    const refusal = bakedIntoArtifact(file.path, await pathReleasesIn(file.root), file.root);
    if (refusal) throw fileError(file.display, refusal.problem, refusal.fix);
  }
}
