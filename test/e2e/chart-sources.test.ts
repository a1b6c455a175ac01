/**
 * The render check on the chart sources GitOps repositories use, end to end: the built action
 * under Node 24 with the real helm on PATH, the chart served by real servers on loopback. A Flux
 * HelmRelease whose HelmRepository (an HTTP index) and a HelmRelease whose OCIRepository (an OCI
 * registry behind basic auth, in another tracked file) name the chart; an Argo CD Application with
 * a scheme-less OCI repoURL. Each proves the link (`render-check: true`, the chart, its version and
 * source in the log); a wrong values-key is refused before any request with the file byte for
 * byte; a registry refusing access is skipped (auto) or fails (required), and no password is ever
 * printed. The same with Helm 3 and Helm 4 is test/reliability/chart-sources.test.ts.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorLine, newWorkspace } from '../helpers/action.js';
import { chartRefRelease, gitCheckout, ociSource, publishIn } from '../helpers/chart-checkout.js';
import { helmRepoAdd, startChartRepo } from '../helpers/chart-repo.js';
import { fixture } from '../helpers/gitops.js';
import { helmEnv, type HelmEnv } from '../helpers/helm.js';
import {
  dockerLogin,
  HAS_REGISTRY,
  NO_REGISTRY,
  startOciRegistry,
} from '../helpers/oci-registry.js';

const LOGIN = { username: 'flux', password: 'registry-Pa55-for-tests' };

const publish = (h: HelmEnv, ws: string, inputs: Record<string, string>) =>
  publishIn(h, ws, inputs, [LOGIN.password]);

describe.concurrent('the render check on charts from chart repositories and registries', () => {
  it('Flux HelmRepository: the chart is fetched and rendered; a wrong values-key is refused first', async () => {
    const h = await helmEnv('helm3');
    const repo = await startChartRepo(h, { versions: ['1.3.0', '1.4.0'] });
    const text = (await fixture('flux/docs.yaml')).replace('https://helm.mintlify.com', repo.url);
    const ws = await gitCheckout({ 'clusters/prod/docs.yaml': text });
    const file = join(ws, 'clusters/prod/docs.yaml');

    const wrong = await publish(h, ws, {
      'values-file': 'clusters/prod/docs.yaml',
      'values-key': 'enterprise.staticExport',
    });
    expect(wrong.run.code).toBe(1);
    expect(wrong.s.requests).toHaveLength(0);
    expect(await readFile(file, 'utf8')).toBe(text);
    const refusal = errorLine(wrong.run.stdout);
    expect(refusal).toMatch(
      /none of the \d+ documents the vendor chart renders \(chart enterprise 1\.4\.0 \(chart repository http:\/\/127\.0\.0\.1:\d+, HelmRepository docs\/mintlify\)\) holds the link written at values-key enterprise\.staticExport\. The chart reads the vendor chart's values at staticExport: set values-key: staticExport\./,
    );
    console.log(`refused wrong key (Flux HelmRepository):\n${refusal}`);

    const { run } = await publish(h, ws, { 'values-file': 'clusters/prod/docs.yaml' });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.outputs['render-check']).toBe('true');
    const line = run.stdout.split('\n').find((l) => l.startsWith('Render check: '))!;
    expect(line).toBe(
      `Render check: clusters/prod/docs.yaml (HelmRelease/docs): the chart enterprise 1.4.0 (chart repository ${repo.url}, HelmRepository docs/mintlify) renders the link (enterprise/templates/deployment.yaml) with Helm 3 (not Helm 4, which this runner does not have).`,
    );
    expect(run.summary).toContain('in a pod template: the pods roll');
    console.log(`render check (Flux HelmRepository):\n${line}`);
  });

  it.skipIf(!HAS_REGISTRY)(
    'Flux OCIRepository behind basic auth: skipped without a login, failed under required, rendered after docker login',
    async () => {
      const h = await helmEnv('helm3');
      const registry = await startOciRegistry(h, { login: LOGIN, versions: ['1.4.0', '2.0.0'] });
      const files = {
        'clusters/prod/sources/enterprise.yaml': ociSource(
          registry.url,
          'semver: ">=1.0.0 <2.0.0"',
        ),
        'clusters/prod/docs.yaml': chartRefRelease('OCIRepository', 'enterprise'),
      };
      const ws = await gitCheckout(files);
      const inputs = { 'values-file': 'clusters/prod/docs.yaml' };

      const required = await publish(h, ws, { ...inputs, 'render-check': 'required' });
      expect(required.run.code).toBe(1);
      expect(required.s.requests).toHaveLength(0);
      expect(await readFile(join(ws, 'clusters/prod/docs.yaml'), 'utf8')).toBe(
        files['clusters/prod/docs.yaml'],
      );
      expect(errorLine(required.run.stdout)).toMatch(
        new RegExp(
          `render-check is required, but .*access refused .*log in to ${registry.host} in a step before this one`,
        ),
      );

      await dockerLogin(h, registry.host, LOGIN);
      const { run } = await publish(h, ws, inputs);
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(run.outputs['render-check']).toBe('true');
      const line = run.stdout.split('\n').find((l) => l.startsWith('Render check: '))!;
      expect(line).toBe(
        `Render check: clusters/prod/docs.yaml (HelmRelease/docs): the chart enterprise 1.4.0 (OCI registry ${registry.url}/enterprise (plain HTTP), OCIRepository docs/enterprise) renders the link (enterprise/templates/deployment.yaml) with Helm 3 (not Helm 4, which this runner does not have).`,
      );
      console.log(`render check (Flux OCIRepository):\n${line}`);
    },
  );

  it.skipIf(!HAS_REGISTRY)(
    'Argo CD with a scheme-less OCI repoURL: the chart is pulled from the registry',
    async () => {
      const h = await helmEnv('helm3');
      const registry = await startOciRegistry(h);
      const app = `apiVersion: argoproj.io/v1alpha1
kind: Application
metadata:
  name: docs
  namespace: argocd
spec:
  project: default
  destination: {server: https://kubernetes.default.svc, namespace: docs}
  source:
    repoURL: ${registry.host}/charts
    chart: enterprise
    targetRevision: 1.4.0
    helm:
      valuesObject:
        replicaCount: 2
`;
      const ws = await gitCheckout({ 'apps/docs.yaml': app });
      const { run } = await publish(h, ws, { 'values-file': 'apps/docs.yaml' });
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(run.outputs['render-check']).toBe('true');
      expect(run.stdout).toContain(
        `the chart enterprise 1.4.0 (OCI registry oci://${registry.host}/charts/enterprise) renders the link`,
      );
    },
  );

  it('helm-chart repo/chart from a repository added with its credentials: rendered, then rolled out; one helm does not know is refused first', async () => {
    const h = await helmEnv('helm3');
    const repo = await startChartRepo(h, { login: LOGIN, versions: ['1.4.0'] });
    const ws = await newWorkspace({ 'values.yaml': 'replicaCount: 1\n' });
    const inputs = {
      'helm-release': 'docs',
      'helm-namespace': 'docs',
      'helm-chart-version': '1.4.0',
    };
    const unknown = await publish(h, ws, { ...inputs, 'helm-chart': 'docs-charts/enterprise' });
    expect(unknown.run.code).toBe(1);
    expect(unknown.s.requests).toHaveLength(0);
    expect(repo.requests).toHaveLength(0);
    expect(await readFile(join(ws, 'values.yaml'), 'utf8')).toBe('replicaCount: 1\n');
    expect(errorLine(unknown.run.stdout)).toMatch(
      /helm-chart docs-charts\/enterprise names the repository docs-charts, which helm does not know \(no repository was added\)\. Add it in a step before this one with `helm repo add docs-charts <its URL>`/,
    );

    await helmRepoAdd(h, 'docs-charts', repo.url, LOGIN);
    const { run } = await publish(h, ws, { ...inputs, 'helm-chart': 'docs-charts/enterprise' });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.outputs['render-check']).toBe('true');
    expect(JSON.parse(run.outputs['rendered-charts']!)).toEqual([
      {
        target: 'helm-release docs (chart docs-charts/enterprise)',
        chart: 'enterprise',
        version: '1.4.0',
        source: 'helm repository docs-charts',
        rollout: 'pod-template',
        // helm-release: the helm that rolls it out renders it, alone.
        helm: [3],
      },
    ]);
    expect(run.outputs['helm-revision']).toBe('1');
  });
});

if (!HAS_REGISTRY) console.warn(NO_REGISTRY);
