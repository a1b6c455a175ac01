/**
 * Flux's postRenderers: helm-controller runs each entry's kustomize patches (`patches`,
 * `patchesStrategicMerge`, `patchesJson6902`) and `images` over the chart's output before it
 * applies it, in order. The same is done here with the real kustomize (`kubectl kustomize` of a
 * kustomization listing the rendered output), so a patch of the Deployment's BUNDLE_URL shows.
 */
import { execFile } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { promisify } from 'node:util';
import { stringify } from 'yaml';
import { UserError } from '../shared/errors.js';
import { isObject, type Data } from '../values/site.js';
import { copyCheckout } from './build.js';
import { kustomizePatches } from '../controllers/kustomize-controller.js';
import { failure } from './kustomize.js';
import { openCheckout } from './checkout.js';
import { diskScratch } from '../shared/scratch.js';

const run = promisify(execFile);

/** The post-render step of a HelmRelease, or undefined when it has none. */
export function postRenderer(
  release: Data,
  kubectl: string,
  label: string,
  signal?: AbortSignal,
): ((rendered: string) => Promise<string>) | undefined {
  const spec = isObject(release.spec) ? release.spec : {};
  const steps = (Array.isArray(spec.postRenderers) ? spec.postRenderers : [])
    .map((r) => (isObject(r) && isObject(r.kustomize) ? r.kustomize : undefined))
    .filter((k): k is Data => k !== undefined);
  if (steps.length === 0) return undefined;
  return async (rendered) => {
    let out = rendered;
    for (const step of steps) out = await kustomizeOver(out, step, kubectl, label, signal);
    return out;
  };
}

async function kustomizeOver(
  rendered: string,
  step: Data,
  kubectl: string,
  label: string,
  signal?: AbortSignal,
): Promise<string> {
  const dir = (await diskScratch('static-export-post')).dir;
  try {
    const patches = kustomizePatches(step);
    await writeFile(join(dir, 'rendered.yaml'), rendered, { mode: 0o600 });
    const kustomization: Data = { resources: ['rendered.yaml'] };
    if (patches.length > 0) kustomization.patches = patches;
    if (Array.isArray(step.images)) kustomization.images = step.images;
    await writeFile(join(dir, 'kustomization.yaml'), stringify(kustomization));
    const { stdout } = await run(kubectl, ['kustomize', dir], {
      signal,
      timeout: 120_000,
      maxBuffer: 256 * 1024 * 1024,
    });
    return stdout;
  } catch (error) {
    if (signal?.aborted) throw error;
    const reason = failure(error, dir);
    throw new UserError(
      `The render check could not apply the postRenderers of ${label} to the chart's output (kubectl kustomize failed: ${reason}). helm-controller would fail the same way: fix spec.postRenderers, then run again. Nothing was sent.`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * A kustomization with helmCharts and patches (Argo CD with --enable-helm, `kubectl kustomize
 * --enable-helm`): its patches apply to the inflated chart, so the whole kustomization is built
 * with the real kustomize, in a copy of the checkout with the file as this run writes it (`text`
 * for the placeholder link), and the link is looked for in that. Undefined when it has no patches.
 * Where kustomize cannot inflate the chart here (no helm 3, a chart it would pull), the chart's
 * own output stands, as before.
 */
export function kustomizationRender(
  root: string,
  file: string,
  kustomization: Data,
  text: (link: string) => string,
  tools: { kubectl: () => Promise<string | undefined>; helm: () => Promise<string | undefined> },
  signal?: AbortSignal,
): ((rendered: string, link: string) => Promise<string>) | undefined {
  const fields = ['patches', 'patchesStrategicMerge', 'patchesJson6902', 'replacements'];
  if (!fields.some((f) => Array.isArray(kustomization[f]) && kustomization[f].length > 0))
    return undefined;
  return async (rendered, link) => {
    const [kubectl, helm] = [await tools.kubectl(), await tools.helm()];
    if (!kubectl || !helm) return rendered;
    const checkout = await openCheckout(root, new Map([[file, text(link)]]));
    // On disk: the whole checkout is copied, and kustomize pulls charts into it.
    const copy = await copyCheckout(checkout, new Map([[file, text(link)]]), checkout.files, {
      start: () => diskScratch('static-export-gitops'),
    });
    try {
      const dir = join(copy.dir, posix.dirname(file));
      const { stdout } = await run(
        kubectl,
        ['kustomize', '--enable-helm', '--helm-command', helm, dir],
        { signal, timeout: 120_000, maxBuffer: 256 * 1024 * 1024 },
      );
      return stdout;
    } catch (error) {
      if (signal?.aborted) throw error;
      return rendered;
    } finally {
      await copy.remove();
    }
  };
}
