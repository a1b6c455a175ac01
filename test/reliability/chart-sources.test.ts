/**
 * The render check fetches the chart a target names, with the real helm 3 and 4, from real
 * servers on loopback: an HTTP chart repository (with and without basic auth) and an OCI registry
 * (docker-registry, with basic auth). Credentials come from where helm users keep them (`helm repo
 * add`, helm's registry login, Docker's config.json) and are never printed; a source that refuses
 * access is skipped with the login step, a version the source does not hold fails the run. Many
 * scenarios × two helms: the reliability tier (the fast tier has them end to end with Helm 3).
 */
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { promisify } from 'node:util';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { ChartFetcher } from '../../src/helm/fetch.js';
import { checkTarget } from '../../src/helm/render-check.js';
import { quotedCommands } from '../../src/shared/markdown.js';
import type { ChartInReach, RenderTarget } from '../../src/helm/render-target.js';
import { startChartRepo } from '../helpers/chart-repo.js';
import { CHART, HELMS, helmEnv, UMBRELLA } from '../helpers/helm.js';
import {
  dockerLogin,
  HAS_REGISTRY,
  helmRegistryLogin,
  NO_REGISTRY,
  startOciRegistry,
} from '../helpers/oci-registry.js';

const execFileAsync = promisify(execFile);

const LOGIN = { username: 'docs-ci', password: 'chart-repo-pa55word' };

function target(chart: Omit<ChartInReach, 'kind'>, valuesKey = 'staticExport'): RenderTarget {
  return {
    label: 'docs.yaml',
    valuesKey,
    chart: { kind: 'chart', releaseName: 'docs', ...chart },
    values: (link) => {
      const block = { enabled: true, bundleUrl: link };
      const values = valuesKey
        .split('.')
        .reduceRight<Record<string, unknown>>((inner, key) => ({ [key]: inner }), block);
      return [{ name: 'docs.yaml', yaml: stringify(values) }];
    },
  };
}

const options = (h: { helm: string; env: Record<string, string> }, charts?: ChartFetcher) => ({
  helm: h.helm,
  helmArgs: [],
  env: h.env,
  redact: (text: string) => text,
  charts,
});

describe.concurrent.each(HELMS)('charts fetched by the render check, real %s', (name) => {
  it('an HTTP repository: the version constraint is resolved, the chart fetched once per run', async () => {
    const h = await helmEnv(name);
    const repo = await startChartRepo(h, { versions: ['1.3.0', '1.4.0', '2.0.0-rc.1'] });
    const charts = new ChartFetcher(h.helm, { env: h.env });
    const chart = { ref: 'enterprise', repo: repo.url, version: '^1.0' };
    const first = await checkTarget(target(chart), options(h, charts));
    expect(first).toMatchObject({
      kind: 'found',
      rollout: 'pod-template',
      chart: { name: 'enterprise', version: '1.4.0', from: `chart repository ${repo.url}` },
    });
    // The wrong key: refused with the chart that was rendered named.
    expect(await checkTarget(target(chart, 'staticexport'), options(h, charts))).toMatchObject({
      kind: 'missing',
      readsAt: 'staticExport',
      chart: { version: '1.4.0' },
    });
    await charts.dispose();
    expect(repo.requests.filter((r) => r.path.endsWith('.tgz'))).toHaveLength(1);
    // A version the index does not hold: the controller would fail as well, so the run does.
    await expect(checkTarget(target({ ...chart, version: '>=3.0.0' }), options(h))).rejects.toThrow(
      /found no chart enterprise >=3\.0\.0 .*The controller would fail/s,
    );
  });

  it('an HTTP repository behind basic auth: skipped without the login, rendered after the step it names', async () => {
    const h = await helmEnv(name);
    const repo = await startChartRepo(h, { login: LOGIN });
    const chart = { ref: 'enterprise', repo: `${repo.url}/`, version: '1.4.0' };
    const refused = await checkTarget(target(chart), options(h));
    expect(refused).toMatchObject({ kind: 'skipped' });
    const reason = (refused as { reason: string }).reason;
    expect(reason).toMatch(/access refused .*401.*add the repository with its credentials/);
    // The command it quotes is the fix, as a user copies it into a step with the secret mapped.
    const [command, ...more] = quotedCommands(reason);
    expect(more).toEqual([]);
    expect(command).toMatch(/^echo "\$REPO_PASSWORD" \| helm repo add docs-charts http:\/\/127/);
    await execFileAsync('sh', ['-c', command!], {
      env: { ...h.env, REPO_USER: LOGIN.username, REPO_PASSWORD: LOGIN.password },
    });
    const found = await checkTarget(target(chart), options(h));
    expect(found).toMatchObject({ kind: 'found', chart: { version: '1.4.0' } });
    expect(JSON.stringify([refused, found])).not.toContain(LOGIN.password);
  });

  it.skipIf(!HAS_REGISTRY)(
    'an OCI registry with basic auth: skipped, then rendered with either login',
    async () => {
      const h = await helmEnv(name);
      const registry = await startOciRegistry(h, { login: LOGIN, versions: ['1.3.0', '1.4.0'] });
      const chart = {
        ref: `${registry.url}/enterprise`,
        version: '~1.3',
        plainHttp: true,
      };
      const refused = await checkTarget(target(chart), options(h));
      expect((refused as { reason: string }).reason).toMatch(
        new RegExp(`access refused .*log in to ${registry.host} in a step before this one`),
      );
      await dockerLogin(h, registry.host, LOGIN);
      expect(await checkTarget(target(chart), options(h))).toMatchObject({
        kind: 'found',
        chart: { version: '1.3.0', from: `OCI registry ${registry.url}/enterprise (plain HTTP)` },
      });
      await helmRegistryLogin(h, registry.host, LOGIN);
      const found = await checkTarget(target({ ...chart, version: '1.4.0' }), options(h));
      expect(found).toMatchObject({ kind: 'found', chart: { version: '1.4.0' } });
      await expect(checkTarget(target({ ...chart, version: '^9' }), options(h))).rejects.toThrow(
        /found no chart enterprise \^9/,
      );
      expect(JSON.stringify([refused, found])).not.toContain(LOGIN.password);
    },
  );

  it('a local chart whose dependencies were not built: built on a copy, never in the checkout', async () => {
    const h = await helmEnv(name);
    const ws = await mkdtemp(join(tmpdir(), 'deps-'));
    await cp(CHART, join(ws, 'chart'), { recursive: true });
    await cp(UMBRELLA, join(ws, 'umbrella'), { recursive: true });
    const before = await readdir(join(ws, 'umbrella'));
    const found = await checkTarget(
      target({ ref: join(ws, 'umbrella') }, 'enterprise.staticExport'),
      options(h),
    );
    expect(found).toMatchObject({
      kind: 'found',
      chart: {
        name: 'docs-platform',
        from: 'a folder of the checkout (dependencies built on a copy)',
      },
    });
    expect(await readdir(join(ws, 'umbrella'))).toEqual(before);
  });
});

if (!HAS_REGISTRY) console.warn(NO_REGISTRY);
