/**
 * A run reads the checkout once: the tracked files, the helmfile state files and the Flux
 * HelmReleases that install a chart from a GitRepository are listed the first time a step asks,
 * and every later step (the chart-artifact refusal, the orphan exemption, the proof) gets the same.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { CheckoutScan } from '../../src/publish/checkout.js';

const RELEASE =
  'apiVersion: helm.toolkit.fluxcd.io/v2\nkind: HelmRelease\nmetadata:\n  name: docs\nspec:\n  chart:\n    spec:\n      chart: ./charts/docs\n      sourceRef:\n        kind: GitRepository\n        name: flux-system\n';

it('lists and reads each checkout once per run, however many steps ask', async () => {
  const root = await mkdtemp(join(tmpdir(), 'scan-'));
  try {
    await writeFile(join(root, 'release.yaml'), RELEASE);
    await writeFile(join(root, 'helmfile.yaml'), 'releases: []\n');
    const scan = new CheckoutScan();
    const releases = await scan.releases(root);
    expect(releases.map((r) => r.file)).toEqual([join(root, 'release.yaml')]);
    expect((await scan.helmfiles(root)).map((f) => f.path)).toEqual([join(root, 'helmfile.yaml')]);
    // A file that appears later is not read again: the run's steps see one checkout.
    await writeFile(join(root, 'other.yaml'), RELEASE.replace('name: docs', 'name: blog'));
    expect(await scan.releases(`${root}/`)).toBe(releases);
    expect(await scan.files(root)).toEqual(['helmfile.yaml', 'release.yaml']);
    expect(await new CheckoutScan().files(root)).toContain('other.yaml');
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});
