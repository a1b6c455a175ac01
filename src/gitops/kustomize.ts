/**
 * The words of a failed `kubectl kustomize`, shared by kustomize-controller's build and
 * helm-controller's post-renderers (their rules: controllers/kustomize-controller.ts).
 */
import { hideUserInfo } from '../helm/chart-source.js';

/**
 * What a failed kubectl said, without the temporary folder it ran in, and without the password of
 * an address it quotes (a remote base `https://user:token@…`).
 */
export function failure(error: unknown, dir: string): string {
  const stderr = (error as { stderr?: unknown }).stderr;
  const text = typeof stderr === 'string' && stderr ? stderr : (error as Error).message;
  return hideUserInfo(text.split(`${dir}/`).join('').trim());
}
