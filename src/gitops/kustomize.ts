/**
 * What kustomize-controller's generator and helm-controller's post-renderers share: a Flux spec's
 * patches as kustomize patches (`patches` with their target; v1beta2's `patchesStrategicMerge`
 * objects and `patchesJson6902` operation lists), and the words of a failed `kubectl kustomize`.
 */
import { stringify } from 'yaml';
import { hideUserInfo } from '../helm/chart-source.js';
import { isObject, type Data } from '../values/site.js';

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

export function kustomizePatches(spec: Data): Data[] {
  const patches: Data[] = [];
  const target = (p: Data) => (isObject(p.target) ? { target: p.target } : {});
  for (const p of list(spec.patches))
    if (isObject(p) && typeof p.patch === 'string') patches.push({ patch: p.patch, ...target(p) });
  for (const p of list(spec.patchesStrategicMerge))
    if (isObject(p)) patches.push({ patch: stringify(p) });
  for (const p of list(spec.patchesJson6902))
    if (isObject(p) && Array.isArray(p.patch))
      patches.push({ patch: JSON.stringify(p.patch), ...target(p) });
  return patches;
}

/**
 * Images merged by name, as the generator merges them: an entry of the Flux spec replaces the
 * kustomization's entry of the same name, others are appended.
 */
export function mergeImages(own: unknown, added: unknown): unknown[] {
  const out = list(own).slice();
  for (const image of list(added)) {
    const at = out.findIndex((o) => isObject(o) && isObject(image) && o.name === image.name);
    if (at >= 0) out[at] = image;
    else out.push(image);
  }
  return out;
}

/**
 * What a failed kubectl said, without the temporary folder it ran in, and without the password of
 * an address it quotes (a remote base `https://user:token@…`).
 */
export function failure(error: unknown, dir: string): string {
  const stderr = (error as { stderr?: unknown }).stderr;
  const text = typeof stderr === 'string' && stderr ? stderr : (error as Error).message;
  return hideUserInfo(text.split(`${dir}/`).join('').trim());
}
