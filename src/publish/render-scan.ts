/**
 * What the render check reads of the run's files and checkout before it renders: every values
 * file's text now, the helmfile state files beside them, and the plain values files something
 * outside the Flux and Argo CD entry points reads.
 */
import { dirname } from 'node:path';
import { readByPathRelease } from '../values/chart-artifact.js';
import { releasesListing } from '../values/helmfile.js';
import { readValuesFile } from '../values/read.js';
import type { PublishInputs } from './inputs.js';
import type { RunContext } from './job.js';

/**
 * The helmfile state files of each checkout a plain values file is in (none with helm-release:
 * the run's own rollout is what reads the files then).
 */
export async function helmfilesOf({
  inputs,
  checkout,
}: RunContext): Promise<Map<string, { path: string; text: string }[]>> {
  const found = new Map<string, { path: string; text: string }[]>();
  if (inputs.helm) return found;
  for (const file of inputs.valuesFiles) {
    const root = file.root ?? dirname(file.path);
    if (!found.has(root)) found.set(root, await checkout.helmfiles(root));
  }
  return found;
}

/**
 * The plain values files something of the checkout reads outside the Flux and Argo CD entry
 * points: a helmfile release that lists the file, a HelmRelease whose chart artifact bakes it in
 * (its chart's values.yaml or a valuesFiles entry). Such a file is no orphan.
 */
export async function readOutsideEntryPoints(
  { inputs, checkout }: RunContext,
  helmfiles: ReadonlyMap<string, { path: string; text: string }[]>,
): Promise<Set<string>> {
  const read = new Set<string>();
  if (inputs.helm) return read;
  for (const file of inputs.valuesFiles) {
    const root = file.root ?? dirname(file.path);
    if (releasesListing(file.path, helmfiles.get(root) ?? [], root).length > 0) read.add(file.path);
    else if (readByPathRelease(file.path, await checkout.releases(root), root)) read.add(file.path);
  }
  return read;
}

/** Every values file's text now (a missing file is the empty text the run would start from). */
export async function currentTexts(inputs: PublishInputs): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  for (const file of inputs.valuesFiles) {
    const current = await readValuesFile(
      file.path,
      file.display,
      inputs.valuesKey,
      inputs.valuesDocuments,
      file.root,
    );
    texts.set(file.path, current.exists ? current.text : '');
  }
  return texts;
}
