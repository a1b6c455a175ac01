/**
 * The proof's pipeline (src/gitops/proof.ts) on the flux2-kustomize-helm-example layout with the
 * real kubectl kustomize and helm, for what the end-to-end tests cannot reach through the values
 * side alone: an overlay patch of the HelmRelease (no spec.chart of its own) as the edited file,
 * proven through the chart of the base it patches, and a build that runs only for the entry
 * points whose tree holds the edited file.
 */
import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { newWorkspace } from '../helpers/action.js';
import { GITOPS } from '../helpers/gitops.js';
import { CHART } from '../helpers/helm.js';
import { placeholderLink } from '../../src/helm/render-check.js';
import { proveComposition } from '../../src/gitops/proof.js';

async function cluster(): Promise<string> {
  const ws = await newWorkspace();
  await cp(join(GITOPS, 'flux-cluster'), ws, { recursive: true });
  await cp(CHART, join(ws, 'charts/enterprise'), { recursive: true });
  return ws;
}

/** The proof of HelmRelease/docs in `file`, written as `text`, with the real tools. */
function prove(
  ws: string,
  file: string,
  text: string,
  placeholder: { link: string; token: string },
) {
  return proveComposition(
    {
      root: ws,
      targets: [
        {
          file,
          display: file,
          chosen: [{ kind: 'HelmRelease', name: 'docs', label: 'HelmRelease/docs' }],
        },
      ],
      edited: new Map([[file, text]]),
      clusterPaths: [],
    },
    {
      helm: inject('helm3'),
      kubectl: inject('kubectl'),
      helmArgs: [],
      redact: (s: string) => s,
      placeholder,
      valuesKey: ['staticExport'],
    },
  );
}

describe.concurrent('the proof pipeline', () => {
  it('an overlay patch as the target: the chart comes from the base it patches', async () => {
    const ws = await cluster();
    const file = 'apps/production/docs-values.yaml';
    const text = await readFile(join(ws, file), 'utf8');
    const placeholder = placeholderLink();
    const edited = text.replace(
      'replicaCount: 2\n',
      `replicaCount: 2\n    staticExport:\n      enabled: true\n      bundleUrl: ${placeholder.link}\n`,
    );
    const result = await prove(ws, file, edited, placeholder);
    expect(result.refusals).toEqual([]);
    expect(result.records).toEqual([
      {
        target: `${file} (HelmRelease/docs)`,
        reader: 'HelmRelease/docs/docs',
        entry: 'Kustomization/flux-system/apps',
        level: 'rendered',
      },
    ]);
    expect(result.orphans).toEqual({ manifests: [], plain: [] });
  });

  it('another release whose name holds the chosen one (docs-preview beside docs) is not taken for it', async () => {
    const ws = await cluster();
    const file = 'apps/base/docs/release.yaml';
    const base = await readFile(join(ws, file), 'utf8');
    const preview = base
      .replace('name: docs\n', 'name: docs-preview\n')
      .replace('releaseName: docs', 'releaseName: docs-preview');
    await writeFile(join(ws, 'apps/base/docs/preview.yaml'), preview);
    await writeFile(
      join(ws, 'apps/base/docs/kustomization.yaml'),
      (await readFile(join(ws, 'apps/base/docs/kustomization.yaml'), 'utf8')) +
        '  - preview.yaml\n',
    );
    const placeholder = placeholderLink();
    const text = base.replace(
      'replicaCount: 1\n',
      `replicaCount: 1\n    staticExport:\n      enabled: true\n      bundleUrl: ${placeholder.link}\n`,
    );
    const result = await prove(ws, file, text, placeholder);
    expect(result.refusals).toEqual([]);
    expect(result.records).toEqual([
      {
        target: `${file} (HelmRelease/docs)`,
        reader: 'HelmRelease/docs/docs',
        entry: 'Kustomization/flux-system/apps',
        level: 'rendered',
      },
    ]);
  });

  it('a placeholder the overlay drops (a JSON 6902 replace of spec.values): refused, naming it', async () => {
    const ws = await cluster();
    const file = 'apps/base/docs/release.yaml';
    const placeholder = placeholderLink();
    const text = (await readFile(join(ws, file), 'utf8')).replace(
      'replicaCount: 1\n',
      `replicaCount: 1\n    staticExport:\n      enabled: true\n      bundleUrl: ${placeholder.link}\n`,
    );
    await writeFile(
      join(ws, 'apps/production/kustomization.yaml'),
      'resources:\n  - ../base/docs\npatches:\n  - target:\n      kind: HelmRelease\n      name: docs\n    patch: |\n      - op: replace\n        path: /spec/values\n        value: {replicaCount: 3}\n',
    );
    const result = await prove(ws, file, text, placeholder);
    expect(result.refusals).toHaveLength(1);
    expect(result.refusals[0]).toContain(
      'an inline patch in apps/production/kustomization.yaml, removes staticExport after the base',
    );
  });
});
