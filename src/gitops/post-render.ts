/**
 * Flux's postRenderers: helm-controller runs each entry's kustomize patches (`patches`,
 * `patchesStrategicMerge`, `patchesJson6902`) and `images` over the chart's output before it
 * applies it, in order. The same is done here with the real kustomize (`kubectl kustomize` of a
 * kustomization listing the rendered output), so a patch of the Deployment's BUNDLE_URL shows.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { stringify } from 'yaml';
import { UserError } from '../shared/errors.js';
import { isObject, type Data } from '../values/site.js';
import { failure } from './build.js';

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
  const dir = await mkdtemp(join(process.env.RUNNER_TEMP || tmpdir(), 'static-export-post-'));
  try {
    const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
    const patches: Data[] = [];
    for (const p of list(step.patches))
      if (isObject(p) && typeof p.patch === 'string')
        patches.push({ patch: p.patch, ...(isObject(p.target) ? { target: p.target } : {}) });
    for (const p of list(step.patchesStrategicMerge))
      if (isObject(p)) patches.push({ patch: stringify(p) });
    for (const p of list(step.patchesJson6902))
      if (isObject(p) && Array.isArray(p.patch))
        patches.push({
          patch: JSON.stringify(p.patch),
          ...(isObject(p.target) ? { target: p.target } : {}),
        });
    await writeFile(join(dir, 'rendered.yaml'), rendered, { mode: 0o600 });
    const kustomization: Data = { resources: ['rendered.yaml'] };
    if (patches.length > 0) kustomization.patches = patches;
    if (list(step.images).length > 0) kustomization.images = step.images;
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
