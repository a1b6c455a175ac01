/**
 * The render check on charts from loopback servers, end to end: the built action under Node 24
 * with the real helm 3 on PATH, against the simulator. Values a Flux HelmRelease reads through
 * valuesFrom (a ConfigMap or Secret of the checkout, a kustomize generator's file), rendered with
 * that HelmRelease's chart; a chartRef to a HelmChart; an OCIRepository pinned by digest. Each
 * proves the link (`render-check: true`); a wrong values-key is refused before any request, the
 * files byte for byte.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorLine } from '../helpers/action.js';
import { startChartRepo } from '../helpers/chart-repo.js';
import {
  chartRefRelease,
  docsRelease,
  gitCheckout,
  helmRepository,
  ociSource,
  publishIn,
} from '../helpers/chart-checkout.js';
import { helmEnv, type HelmEnv } from '../helpers/helm.js';
import {
  HAS_REGISTRY,
  manifestDigest,
  NO_REGISTRY,
  startOciRegistry,
} from '../helpers/oci-registry.js';

/** A HelmRelease that reads its values from `kind`/docs-values, then sets its own. */
const READER = (kind: string) =>
  docsRelease(`  chart:
    spec:
      chart: enterprise
      version: 1.4.x
      sourceRef:
        kind: HelmRepository
        name: mintlify
  valuesFrom:
    - kind: ${kind}
      name: docs-values
      valuesKey: values.yaml
`);

const VALUES_OBJECT = (kind: string) =>
  kind === 'Secret'
    ? `apiVersion: v1
kind: Secret
metadata:
  name: docs-values
  namespace: docs
stringData:
  values.yaml: |
    # values of the docs site
    replicaCount: 1
`
    : `apiVersion: v1
kind: ConfigMap
metadata:
  name: docs-values
  namespace: docs
data:
  values.yaml: |
    # values of the docs site
    replicaCount: 1
`;

/** A wrong values-key is refused before any request, every file byte for byte. */
async function refusesWrongKey(
  h: HelmEnv,
  ws: string,
  files: Record<string, string>,
  inputs: Record<string, string>,
): Promise<string> {
  const { s, run } = await publishIn(h, ws, {
    ...inputs,
    'values-key': 'enterprise.staticExport',
  });
  expect(run.code, run.stdout).toBe(1);
  expect(s.requests).toHaveLength(0);
  for (const [name, text] of Object.entries(files))
    expect(await readFile(join(ws, name), 'utf8')).toBe(text);
  return errorLine(run.stdout);
}

/** The right key: published, `render-check: true`, and the log line that names the chart. */
async function rendersLink(
  h: HelmEnv,
  ws: string,
  inputs: Record<string, string>,
  line: string,
): Promise<void> {
  const { run } = await publishIn(h, ws, inputs);
  expect(run.code, run.stdout + run.stderr).toBe(0);
  expect(run.outputs['render-check']).toBe('true');
  expect(run.stdout).toContain(line);
}

describe.concurrent('the render check on values read through valuesFrom', () => {
  it.each(['ConfigMap', 'Secret'])(
    'a %s a HelmRelease reads: rendered with that release chart and values; a wrong key refused first',
    async (kind) => {
      const h = await helmEnv('helm3');
      const repo = await startChartRepo(h, { versions: ['1.4.0', '1.4.2'] });
      const files = {
        'clusters/prod/repository.yaml': helmRepository(repo.url),
        'clusters/prod/release.yaml': READER(kind),
        'clusters/prod/values.yaml': VALUES_OBJECT(kind),
      };
      const ws = await gitCheckout(files);
      const inputs = { 'values-file': 'clusters/prod/values.yaml' };

      const refusal = await refusesWrongKey(h, ws, files, inputs);
      expect(refusal).toMatch(
        /none of the \d+ documents the vendor chart renders \(chart enterprise 1\.4\.2 \(chart repository http:\/\/127\.0\.0\.1:\d+, HelmRepository docs\/mintlify, for HelmRelease docs\/docs\)\) holds the link written at values-key enterprise\.staticExport\. The chart reads the vendor chart's values at staticExport: set values-key: staticExport\./,
      );

      await rendersLink(
        h,
        ws,
        inputs,
        `Render check: clusters/prod/values.yaml (${kind}/docs-values[values.yaml]): the chart enterprise 1.4.2 (chart repository ${repo.url}, HelmRepository docs/mintlify, for HelmRelease docs/docs) renders the link (enterprise/templates/deployment.yaml) with Helm 3 (not Helm 4, which this runner does not have).`,
      );
    },
  );

  it("a configMapGenerator's file: rendered with the chart of the HelmRelease that reads the ConfigMap; a wrong key refused first", async () => {
    const h = await helmEnv('helm3');
    const repo = await startChartRepo(h, { versions: ['1.4.0'] });
    const files = {
      'apps/docs/kustomization.yaml': `apiVersion: kustomize.config.k8s.io/v1beta1
kind: Kustomization
namespace: docs
resources:
  - repository.yaml
  - release.yaml
configMapGenerator:
  - name: docs-values
    files:
      - values.yaml=docs-values.yaml
generatorOptions:
  disableNameSuffixHash: true
`,
      'apps/docs/repository.yaml': helmRepository(repo.url),
      'apps/docs/release.yaml': READER('ConfigMap'),
      'apps/docs/docs-values.yaml': '# values of the docs site\nreplicaCount: 1\n',
    };
    const ws = await gitCheckout(files);
    const inputs = { 'values-file': 'apps/docs/docs-values.yaml' };

    const refusal = await refusesWrongKey(h, ws, files, inputs);
    expect(refusal).toMatch(
      /apps\/docs\/docs-values\.yaml \(ConfigMap\/docs-values\[values\.yaml\], generated\): none of the \d+ documents the vendor chart renders \(chart enterprise 1\.4\.0 .*\) holds the link written at values-key enterprise\.staticExport\./,
    );

    await rendersLink(
      h,
      ws,
      inputs,
      `Render check: apps/docs/docs-values.yaml (ConfigMap/docs-values[values.yaml], generated): the chart enterprise 1.4.0 (chart repository ${repo.url}, HelmRepository docs/mintlify, for HelmRelease docs/docs) renders the link`,
    );
  });
});

describe.concurrent('the render check on Flux chartRef sources', () => {
  it('chartRef to a HelmChart: its chart, version and HelmRepository; a wrong key refused first', async () => {
    const h = await helmEnv('helm3');
    const repo = await startChartRepo(h, { versions: ['1.3.0', '1.4.0', '1.4.1'] });
    const files = {
      'clusters/prod/sources.yaml': `${helmRepository(repo.url)}---
apiVersion: source.toolkit.fluxcd.io/v1
kind: HelmChart
metadata:
  name: docs-enterprise
  namespace: docs
spec:
  interval: 10m
  chart: enterprise
  version: 1.4.x
  sourceRef:
    kind: HelmRepository
    name: mintlify
`,
      'clusters/prod/docs.yaml': chartRefRelease('HelmChart', 'docs-enterprise'),
    };
    const ws = await gitCheckout(files);
    const inputs = { 'values-file': 'clusters/prod/docs.yaml' };

    const refusal = await refusesWrongKey(h, ws, files, inputs);
    expect(refusal).toMatch(
      /\(chart enterprise 1\.4\.1 \(chart repository http:\/\/127\.0\.0\.1:\d+, HelmRepository docs\/mintlify\)\) holds the link written at values-key enterprise\.staticExport\. The chart reads the vendor chart's values at staticExport/,
    );

    await rendersLink(
      h,
      ws,
      inputs,
      `Render check: clusters/prod/docs.yaml (HelmRelease/docs): the chart enterprise 1.4.1 (chart repository ${repo.url}, HelmRepository docs/mintlify) renders the link (enterprise/templates/deployment.yaml) with Helm 3 (not Helm 4, which this runner does not have).`,
    );
  });

  it.skipIf(!HAS_REGISTRY)(
    'an OCIRepository pinned by digest: that chart, not the highest version; a wrong key refused first',
    async () => {
      const h = await helmEnv('helm3');
      const registry = await startOciRegistry(h, { versions: ['1.3.0', '1.4.0'] });
      const digest = await manifestDigest(registry, 'charts/enterprise', '1.3.0');
      const files = {
        'clusters/prod/source.yaml': ociSource(registry.url, `digest: "${digest}"`),
        'clusters/prod/docs.yaml': chartRefRelease('OCIRepository', 'enterprise'),
      };
      const ws = await gitCheckout(files);
      const inputs = { 'values-file': 'clusters/prod/docs.yaml' };
      const from = `OCI registry ${registry.url}/enterprise@${digest} (plain HTTP), OCIRepository docs/enterprise`;

      const refusal = await refusesWrongKey(h, ws, files, inputs);
      expect(refusal).toContain(
        `(chart enterprise 1.3.0 (${from})) holds the link written at values-key enterprise.staticExport. The chart reads the vendor chart's values at staticExport`,
      );

      await rendersLink(
        h,
        ws,
        inputs,
        `Render check: clusters/prod/docs.yaml (HelmRelease/docs): the chart enterprise 1.3.0 (${from}) renders the link (enterprise/templates/deployment.yaml) with Helm 3 (not Helm 4, which this runner does not have).`,
      );
    },
  );
});

if (!HAS_REGISTRY) console.warn(NO_REGISTRY);
