/**
 * The proof through the cluster (src/gitops/), measured against the tool runs it needs: on the
 * flux-local-style cluster of test/fixtures/gitops/flux-local (a bootstrap whose build produces
 * the apps Kustomization) and on a generated repository of 50 apps with production overlays, the
 * proof phase (discover, build, merge, render) against the sum of the `kubectl kustomize` and
 * `helm template` runs it makes, run alone in the same process; the scan of a 10,000-file git
 * checkout; and a keep-alive run that finds the link fresh (no build at all).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { placeholderLink } from '../src/helm/render-check.js';
import { discoverEntries } from '../src/gitops/discover.js';
import { openCheckout } from '../src/gitops/checkout.js';
import { proveComposition } from '../src/gitops/proof.js';
import { mmm, ratio, ROOT, runnerEnv, spawnTimed, stats, log, median } from './common.js';

const CHART = join(ROOT, 'test/fixtures/chart');
const FIXTURES = join(ROOT, 'test/fixtures/gitops');

function git(dir: string): void {
  execFileSync('git', ['init', '-q'], { cwd: dir });
  execFileSync('git', ['add', '-A'], { cwd: dir });
  execFileSync('git', ['-c', 'user.name=b', '-c', 'user.email=b@b', 'commit', '-qm', 'x'], {
    cwd: dir,
  });
}

function write(dir: string, files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
}

/** 50 apps: a base HelmRelease each (the test chart), a production overlay patching each. */
function fiftyApps(dir: string): void {
  const files: Record<string, string> = {
    'clusters/production/apps.yaml':
      'apiVersion: kustomize.toolkit.fluxcd.io/v1\nkind: Kustomization\nmetadata:\n  name: apps\n  namespace: flux-system\nspec:\n  interval: 10m\n  path: ./apps/production\n  prune: true\n  sourceRef:\n    kind: GitRepository\n    name: flux-system\n',
  };
  const bases: string[] = [];
  const patches: string[] = [];
  for (let i = 0; i < 50; i++) {
    files[`apps/base/app-${i}/kustomization.yaml`] = 'resources:\n  - release.yaml\n';
    files[`apps/base/app-${i}/release.yaml`] =
      `apiVersion: helm.toolkit.fluxcd.io/v2\nkind: HelmRelease\nmetadata:\n  name: app-${i}\n  namespace: apps\nspec:\n  chart:\n    spec:\n      chart: ./charts/enterprise\n      sourceRef:\n        kind: GitRepository\n        name: flux-system\n        namespace: flux-system\n  values:\n    replicaCount: 1\n`;
    files[`apps/production/app-${i}-values.yaml`] =
      `apiVersion: helm.toolkit.fluxcd.io/v2\nkind: HelmRelease\nmetadata:\n  name: app-${i}\n  namespace: apps\nspec:\n  values:\n    replicaCount: 2\n`;
    bases.push(`  - ../base/app-${i}`);
    patches.push(`  - path: app-${i}-values.yaml`);
  }
  files['apps/production/kustomization.yaml'] =
    `resources:\n${bases.join('\n')}\npatches:\n${patches.join('\n')}\n`;
  write(dir, files);
}

interface Case {
  name: string;
  dir: string;
  target: string;
  /** The kubectl kustomize folders and the helm template the proof needs, run alone. */
  builds: string[];
}

export async function benchGitops(options: {
  quick: boolean;
  node24: string;
  dist: string;
  kubectl: string;
  helm: string;
}) {
  const rows: string[] = [];
  const results: Record<string, unknown> = {};
  const runs = options.quick ? 3 : 7;
  const env = {
    ...process.env,
    PATH: `${dirname(options.kubectl)}:${dirname(options.helm)}:${process.env.PATH}`,
  };
  const local = mkdtempSync(join(tmpdir(), 'bench-flux-local-'));
  cpSync(join(FIXTURES, 'flux-local'), local, { recursive: true });
  const fifty = mkdtempSync(join(tmpdir(), 'bench-fifty-'));
  fiftyApps(fifty);
  const cases: Case[] = [
    {
      name: 'flux-local-style cluster (bootstrap → apps, postBuild)',
      dir: local,
      target: 'apps/base/docs/release.yaml',
      builds: ['clusters/prod', 'apps/prod'],
    },
    {
      name: '50 apps with production overlays',
      dir: fifty,
      target: 'apps/base/app-7/release.yaml',
      builds: ['apps/production'],
    },
  ];
  for (const c of cases) {
    cpSync(CHART, join(c.dir, 'charts/enterprise'), { recursive: true });
    git(c.dir);
    // The baseline builds what the proof builds: a folder without a kustomization gets the one
    // kustomize-controller generates (its YAML files and its sub-folders with a kustomization).
    const base = mkdtempSync(join(tmpdir(), 'bench-baseline-'));
    cpSync(c.dir, base, { recursive: true });
    if (c.name.startsWith('flux-local'))
      write(base, {
        'clusters/prod/kustomization.yaml': 'resources:\n  - apps.yaml\n  - flux-system\n',
      });
    log(`gitops: ${c.name}`);
    const text = readFileSync(join(c.dir, c.target), 'utf8');
    const proof: number[] = [];
    const tools: number[] = [];
    const saved = process.env.PATH;
    process.env.PATH = env.PATH;
    try {
      for (let i = 0; i < runs; i++) {
        const placeholder = placeholderLink();
        const edited = new Map([
          [
            c.target,
            text.replace(
              'replicaCount: 1',
              `replicaCount: 1\n    staticExport:\n      enabled: true\n      bundleUrl: ${placeholder.link}`,
            ),
          ],
        ]);
        let t = performance.now();
        const result = await proveComposition(
          {
            root: c.dir,
            targets: [
              {
                file: c.target,
                display: c.target,
                chosen: [
                  { kind: 'HelmRelease', name: c.target.split('/')[2]!, label: 'HelmRelease' },
                ],
              },
            ],
            edited,
            clusterPaths: [],
          },
          {
            helm: options.helm,
            kubectl: options.kubectl,
            helmArgs: [],
            redact: (s) => s,
            placeholder,
            valuesKey: ['staticExport'],
          },
        );
        proof.push(performance.now() - t);
        if (result.records[0]?.level !== 'rendered')
          throw new Error(`bench ${c.name}: ${JSON.stringify(result)}`);
        t = performance.now();
        for (const b of c.builds)
          execFileSync(
            options.kubectl,
            ['kustomize', '--load-restrictor', 'LoadRestrictionsNone', join(base, b)],
            { stdio: 'pipe' },
          );
        execFileSync(
          options.helm,
          [
            'template',
            'x',
            join(c.dir, 'charts/enterprise'),
            '--set',
            'staticExport.enabled=true',
            '--set',
            'staticExport.bundleUrl=https://x.invalid/y',
          ],
          { stdio: 'pipe' },
        );
        tools.push(performance.now() - t);
      }
    } finally {
      process.env.PATH = saved;
    }
    results[c.name] = { proof: stats(proof), tools: stats(tools) };
    rows.push(
      `| Proof through the cluster, ${c.name} | ${mmm(stats(proof))} | kubectl kustomize ×${c.builds.length} + helm template: ${mmm(stats(tools))} | ${ratio(median(proof), median(tools))} | ≤ 1.5× |`,
    );
  }

  log('gitops: scan of a 10,000-file checkout');
  const big = mkdtempSync(join(tmpdir(), 'bench-scan-'));
  const files: Record<string, string> = {};
  for (let i = 0; i < 10_000; i++)
    files[`pkg/m${i % 100}/f${i}.${i % 10 === 0 ? 'yaml' : 'ts'}`] =
      i % 10 === 0 ? `key${i}: value\n` : `export const x${i} = ${i};\n`;
  write(big, files);
  git(big);
  const scans: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const checkout = await openCheckout(big, new Map());
    discoverEntries(checkout, []);
    scans.push(performance.now() - t);
  }
  results.scan = { files: 10_000, scan: stats(scans) };
  rows.push(
    `| Proof through the cluster, scan of a 10,000-file checkout (git ls-files, entry points) | ${mmm(stats(scans))} | — | — | < 200 ms |`,
  );

  log('gitops: keep-alive skip on the 50-app checkout');
  const date = new Date().toISOString().replace(/[-:]|\.\d{3}/g, '');
  const link = `https://storage.example.com/exports/se_3f9a2c1b8e7d4a06/site.tar.gz?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Date=${date}&X-Amz-Expires=86400&X-Amz-SignedHeaders=host&X-Amz-Signature=0123456789abcdef`;
  const target = join(fifty, 'apps/base/app-7/release.yaml');
  writeFileSync(
    target,
    readFileSync(target, 'utf8').replace(
      'replicaCount: 1',
      `replicaCount: 1\n    staticExport:\n      enabled: true\n      bundleUrl: "${link}"\n      version: "v1"`,
    ),
  );
  /** The built action's keep-alive in `dir`, `runs` times: each must skip (nothing to do). */
  const skipTimes = async (dir: string, inputs: Record<string, string>) => {
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const given = { 'api-key': 'bench-key-0123456789', domain: 'docs.example.com', ...inputs };
      const env2 = { ...runnerEnv({ ...given, 'refresh-before': '6h' }, dir), PATH: env.PATH };
      const done = await spawnTimed(options.node24, [options.dist], env2, dir).done;
      if (done.code !== 0 || !/Nothing to do/.test(done.out))
        throw new Error(`keep-alive skip: ${done.out}`);
      times.push(done.ms);
    }
    return times;
  };
  const skips = await skipTimes(fifty, { 'values-file': 'apps/base/app-7/release.yaml' });
  // The same skip on a plain values file in an empty checkout: what any keep-alive costs here.
  const plain = mkdtempSync(join(tmpdir(), 'bench-plain-'));
  writeFileSync(
    join(plain, 'values.yaml'),
    `staticExport:\n  enabled: true\n  bundleUrl: "${link}"\n  version: "v1"\n`,
  );
  const plainSkips = await skipTimes(plain, {});
  results.keepAliveSkip = { gitops: stats(skips), plain: stats(plainSkips) };
  rows.push(
    `| Keep-alive skip on the 50-app checkout (no build), whole run under Node 24 | ${mmm(stats(skips))} | the same skip of a plain values.yaml: ${mmm(stats(plainSkips))} | ${ratio(median(skips), median(plainSkips))} | < 1 s |`,
  );
  return { rows, results };
}
