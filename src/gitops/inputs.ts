/**
 * `cluster-path`: the folders of the checkout the cluster applies, one per line, for a layout
 * discovery cannot see (the bootstrap Kustomization lives in another repository). Each is built
 * like a Flux Kustomization's spec.path with nothing added.
 */
import { existsSync, statSync } from 'node:fs';
import { InputError } from '../shared/errors.js';
import { parseWorkspacePath, type InputGetter, type InputSpec } from '../shared/inputs.js';

export const ClusterPathInput = {
  name: 'cluster-path',
  default: '',
  text: { maxLength: 8192, formatting: false },
} as const satisfies InputSpec;

/** The folders, absolute, in the order given; each must exist in the workspace. */
export function parseClusterPaths(get: InputGetter, workspace: string): string[] {
  const name = ClusterPathInput.name;
  const lines = get(ClusterPathInput)
    .split(/\r?\n/)
    .map((line, index) => ({ raw: line.trim(), index }))
    .filter((line) => line.raw !== '');
  return lines.map(({ raw, index }) => {
    const path = parseWorkspacePath(
      name,
      raw,
      workspace,
      'clusters/production',
      lines.length > 1 ? index + 1 : undefined,
    );
    if (!existsSync(path) || !statSync(path).isDirectory())
      throw new InputError(
        name,
        `${lines.length > 1 ? `line ${index + 1} ` : ''}("${raw}") is not a folder of the workspace`,
        'Name a folder the cluster applies (a Flux Kustomization spec.path), e.g. clusters/production.',
      );
    return path;
  });
}
