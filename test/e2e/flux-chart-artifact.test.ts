/**
 * A Flux HelmRelease that installs a chart from a path of this repository (a GitRepository
 * source), with the built action under Node 24, the simulator and the real helm. The chart's
 * values.yaml, and its `valuesFiles`, are baked into the artifact source-controller builds: with
 * the default reconcileStrategy ChartVersion a link written there reaches no cluster until the
 * chart's version changes, so the run is refused before any request, every file byte for byte;
 * with Revision it is written. `valuesFiles` replace the chart's defaults in the render, as in the
 * artifact: a vendor subchart that only they turn on is rendered, not refused as unread.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { newWorkspace, runPublish } from '../helpers/action.js';
import { fluxValues, renderedLink, renderWith } from '../helpers/gitops.js';
import { buildUmbrella, helmEnv } from '../helpers/helm.js';
import { sim } from '../helpers/sim.js';

const quick = { queuedMs: 50, runningMs: 300, pageCount: 3 };
const KEY = 'enterprise.staticExport';
const RELEASE_FILE = 'clusters/production/docs.yaml';
const CHART_VALUES = 'charts/docs-platform/values.yaml';
const PRODUCTION_VALUES = 'charts/docs-platform/values-production.yaml';

/**
 * fluxcd/website, content/en/flux/guides/helmreleases.md ("Git repository" chart source): a
 * HelmRelease whose chart is a path of the flux-system GitRepository; podinfo → docs-platform.
 */
const RELEASE = `apiVersion: helm.toolkit.fluxcd.io/v2
kind: HelmRelease
metadata:
  name: docs
  namespace: docs
spec:
  interval: 10m
  chart:
    spec:
      chart: ./charts/docs-platform
      sourceRef:
        kind: GitRepository
        name: flux-system
        namespace: flux-system
      interval: 1m
`;

/** The umbrella chart at charts/docs-platform (its vendor subchart behind enterprise.enabled). */
async function fluxWorkspace(release: string) {
  const h = await helmEnv('helm3');
  const ws = await newWorkspace();
  const built = await mkdir(join(ws, 'charts'), { recursive: true }).then(() =>
    buildUmbrella(h, join(ws, 'charts'), 'docs-platform', { gated: true }),
  );
  await writeFile(join(built, 'values-production.yaml'), 'enterprise:\n  enabled: true\n');
  await mkdir(join(ws, 'clusters/production'), { recursive: true });
  await writeFile(join(ws, RELEASE_FILE), release);
  return { h, ws };
}

const snapshot = (ws: string) =>
  Promise.all(
    [RELEASE_FILE, CHART_VALUES, PRODUCTION_VALUES].map((f) => readFile(join(ws, f), 'utf8')),
  );

describe.concurrent('a chart from a path of the repository, as Flux builds its artifact', () => {
  it.each([
    ['its values.yaml', RELEASE, CHART_VALUES],
    [
      'a valuesFiles entry',
      `${RELEASE}      valuesFiles:\n        - ${CHART_VALUES}\n        - ${PRODUCTION_VALUES}\n`,
      PRODUCTION_VALUES,
    ],
  ])(
    '%s under the default reconcileStrategy: refused before any request, with both fixes',
    async (_, release, file) => {
      const { h, ws } = await fluxWorkspace(release);
      const before = await snapshot(ws);
      const s = await sim({ export: quick });
      const run = await runPublish(s, {
        workspace: ws,
        env: h.env,
        inputs: { 'values-file': file, 'values-key': KEY },
      });
      expect(run.code).not.toBe(0);
      expect(run.stdout).toContain(
        `::error::values-file "${file}" is baked into the chart artifact Flux builds for HelmRelease/docs (${RELEASE_FILE}) from GitRepository/flux-system with reconcileStrategy ChartVersion (the default): source-controller reuses that artifact until the version in charts/docs-platform/Chart.yaml changes, so the new link would reach no cluster. Set spec.chart.spec.reconcileStrategy: Revision on HelmRelease/docs in ${RELEASE_FILE} (a new artifact for every commit), or write the link into its spec.values instead (values-file: ${RELEASE_FILE}).`,
      );
      expect(s.requests).toHaveLength(0);
      expect(await snapshot(ws)).toEqual(before);
    },
  );

  it('its values.yaml with reconcileStrategy Revision: written', async () => {
    const { h, ws } = await fluxWorkspace(`${RELEASE}      reconcileStrategy: Revision\n`);
    const s = await sim({ export: quick });
    const run = await runPublish(s, {
      workspace: ws,
      env: h.env,
      inputs: { 'values-file': CHART_VALUES, 'values-key': KEY },
    });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(parse(await readFile(join(ws, CHART_VALUES), 'utf8')).enterprise.staticExport).toEqual({
      enabled: true,
      bundleUrl: run.outputs['bundle-url'],
    });
  });

  it('spec.values of a release whose valuesFiles turn the vendor subchart on: rendered with them, and the chart gets the link', async () => {
    const release = `${RELEASE}      valuesFiles:\n        - ${CHART_VALUES}\n        - ${PRODUCTION_VALUES}\n`;
    const { h, ws } = await fluxWorkspace(release);
    const s = await sim({ export: quick });
    const run = await runPublish(s, {
      workspace: ws,
      env: h.env,
      inputs: { 'values-file': RELEASE_FILE, 'values-key': KEY, 'render-check': 'required' },
    });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.outputs['render-check']).toBe('true');
    // As source-controller and helm-controller: the valuesFiles, then spec.values.
    const written = parse(await readFile(join(ws, RELEASE_FILE), 'utf8'));
    const rendered = await renderWith(h, join(ws, 'charts/docs-platform'), [
      await readFile(join(ws, CHART_VALUES), 'utf8'),
      await readFile(join(ws, PRODUCTION_VALUES), 'utf8'),
      ...fluxValues(written),
    ]);
    expect(renderedLink(rendered)).toBe(run.outputs['bundle-url']);
  });
});
