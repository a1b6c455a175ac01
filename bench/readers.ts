/**
 * Readers found from the edited file up (src/gitops/readers.ts), measured where it matters: a
 * monorepo of 1,000 releases across 5 clusters (200 apps, each a Flux Kustomization per cluster
 * over an overlay of its base HelmRelease, all of one chart), where the edited file is the
 * values.yaml of another chart that only the `docs` release of two clusters reads. The proof of
 * that file in the monorepo against the same proof in a checkout that holds only those two
 * releases (their clusters' Kustomizations, overlays and base): cost should grow with the
 * readers, not with the repository. And the scan (the file list, the entry points, the releases
 * that read the chart) of the monorepo padded to 10,000 files; and, with each cluster's
 * bootstrap pinning its helm-controller (gotk-components.yaml), what placing the edited file's
 * readers in their clusters adds to that scan (src/gitops/clusters.ts: every entry point's tree).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { placeholderLink } from '../src/helm/render-check.js';
import { discoverEntries } from '../src/gitops/discover.js';
import { openCheckout } from '../src/gitops/checkout.js';
import { proveComposition } from '../src/gitops/proof.js';
import { chartReaderFiles } from '../src/gitops/readers.js';
import { clustersOf, pinsAt } from '../src/gitops/clusters.js';
import { pinFinds } from '../src/gitops/helm-majors.js';
import { log, median, mmm, ratio, ROOT, stats } from './common.js';

const CHART = join(ROOT, 'test/fixtures/chart');
const CLUSTERS = 5;
const APPS = 200;
const TARGET = 'charts/docs/values.yaml';

function write(dir: string, files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
}

function git(dir: string): void {
  execFileSync('git', ['init', '-q'], { cwd: dir });
  execFileSync('git', ['add', '-A'], { cwd: dir });
  execFileSync('git', ['-c', 'user.name=b', '-c', 'user.email=b@b', 'commit', '-qm', 'x'], {
    cwd: dir,
  });
}

const kustomization = (name: string, cluster: number, path: string) =>
  `apiVersion: kustomize.toolkit.fluxcd.io/v1\nkind: Kustomization\nmetadata:\n  name: ${name}\n  namespace: flux-system\nspec:\n  interval: 10m\n  path: ./${path}\n  prune: true\n  sourceRef:\n    kind: GitRepository\n    name: flux-system\n  targetNamespace: c${cluster}\n`;

const release = (name: string, chart: string) =>
  `apiVersion: helm.toolkit.fluxcd.io/v2\nkind: HelmRelease\nmetadata:\n  name: ${name}\nspec:\n  interval: 10m\n  chart:\n    spec:\n      chart: ./charts/${chart}\n      reconcileStrategy: Revision\n      sourceRef:\n        kind: GitRepository\n        name: flux-system\n        namespace: flux-system\n  values:\n    replicaCount: 1\n`;

/** One app: its base release, and per cluster an overlay and the Kustomization that applies it. */
function app(files: Record<string, string>, name: string, chart: string, clusters: number[]) {
  files[`apps/${name}/base/kustomization.yaml`] = 'resources:\n  - release.yaml\n';
  files[`apps/${name}/base/release.yaml`] = release(name, chart);
  for (const c of clusters) {
    files[`apps/${name}/c${c}/kustomization.yaml`] =
      `resources:\n  - ../base\npatches:\n  - path: values.yaml\n`;
    files[`apps/${name}/c${c}/values.yaml`] =
      `apiVersion: helm.toolkit.fluxcd.io/v2\nkind: HelmRelease\nmetadata:\n  name: ${name}\nspec:\n  values:\n    replicaCount: ${c + 2}\n`;
    files[`clusters/c${c}/${name}.yaml`] = kustomization(name, c, `apps/${name}/c${c}`);
  }
}

/** The monorepo (`all`), or only the two releases that read charts/docs/values.yaml. */
function checkout(all: boolean): string {
  const dir = mkdtempSync(join(tmpdir(), all ? 'bench-monorepo-' : 'bench-two-'));
  const files: Record<string, string> = {};
  const clusters = Array.from({ length: CLUSTERS }, (_, i) => i);
  // 199 apps in all 5 clusters, one in 3, docs in 2: 1,000 releases.
  if (all) {
    for (let i = 0; i < APPS - 1; i++) app(files, `app-${i}`, 'enterprise', clusters);
    app(files, `app-${APPS - 1}`, 'enterprise', [2, 3, 4]);
  }
  app(files, 'docs', 'docs', [0, 1]);
  write(dir, files);
  cpSync(CHART, join(dir, 'charts/enterprise'), { recursive: true });
  cpSync(CHART, join(dir, 'charts/docs'), { recursive: true });
  return dir;
}

export async function benchReaders(options: { quick: boolean; kubectl: string; helm: string }) {
  const rows: string[] = [];
  const runs = options.quick ? 3 : 7;
  const mono = checkout(true);
  const two = checkout(false);
  // Padded to 10,000 files for the scan: the rest of a monorepo (code, docs).
  const padded = mkdtempSync(join(tmpdir(), 'bench-monorepo-10k-'));
  cpSync(mono, padded, { recursive: true });
  const have = Number(
    execFileSync('find', [padded, '-type', 'f']).toString().split('\n').length - 1,
  );
  const pad: Record<string, string> = {};
  for (let i = 0; have + i < 10_000; i++)
    pad[`src/m${i % 100}/f${i}.ts`] = `export const x = ${i};\n`;
  write(padded, pad);
  // Each cluster bootstrapped by `flux bootstrap`: its flux-system Kustomization builds
  // clusters/cN, and gotk-components.yaml names helm-controller's version (a pin).
  const boot: Record<string, string> = {};
  for (let c = 0; c < CLUSTERS; c++) {
    boot[`clusters/c${c}/flux-system/gotk-sync.yaml`] = kustomization(
      'flux-system',
      c,
      `clusters/c${c}`,
    );
    boot[`clusters/c${c}/flux-system/gotk-components.yaml`] =
      `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: helm-controller\nspec:\n  template:\n    spec:\n      containers:\n        - name: manager\n          image: ghcr.io/fluxcd/helm-controller:v1.${3 + c}.0\n`;
  }
  write(padded, boot);
  for (const dir of [mono, two, padded]) git(dir);
  const saved = process.env.PATH;
  process.env.PATH = `${dirname(options.kubectl)}:${dirname(options.helm)}:${saved}`;
  const times = { mono: [] as number[], two: [] as number[] };
  let releases = 0;
  try {
    const text = readFileSync(join(mono, TARGET), 'utf8');
    for (let i = 0; i < runs; i++)
      for (const [name, dir] of [
        ['mono', mono],
        ['two', two],
      ] as const) {
        const placeholder = placeholderLink();
        const edited = new Map([
          [
            TARGET,
            text.replace(
              'staticExport:\n  enabled: false\n  bundleUrl: ""',
              `staticExport:\n  enabled: true\n  bundleUrl: "${placeholder.link}"`,
            ),
          ],
        ]);
        const t = performance.now();
        const result = await proveComposition(
          {
            root: dir,
            targets: [{ file: TARGET, display: TARGET }],
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
        times[name].push(performance.now() - t);
        const rendered = result.records.filter((r) => r.level === 'rendered');
        if (rendered.length !== 2 || result.refusals.length > 0)
          throw new Error(`bench readers ${name}: ${JSON.stringify(result)}`);
      }
    const scans: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      const c = await openCheckout(padded, new Map());
      discoverEntries(c, []);
      releases = chartReaderFiles(c, [{ file: TARGET, display: TARGET }], undefined).length;
      scans.push(performance.now() - t);
    }
    // The pin scope on top of the scan: the clusters (every entry point's tree), then the pins of
    // the clusters that apply the docs release of c0.
    const placed: number[] = [];
    const bare: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      const c = await openCheckout(padded, new Map());
      discoverEntries(c, []);
      chartReaderFiles(c, [{ file: TARGET, display: TARGET }], undefined);
      bare.push(performance.now() - t);
      const texts = c.files
        .filter((f) => /\.ya?ml$/.test(f))
        .map((path) => ({ path, text: c.read(path) ?? '' }));
      // As a run reads them: a checkout of its own, over the YAML texts the scan read.
      const own = await openCheckout(padded, new Map(texts.map((t) => [t.path, t.text])), c.files);
      const pins = pinsAt(pinFinds(texts), clustersOf(own, [], undefined), 'clusters/c0/docs.yaml');
      if (pins.flux?.majors.join() !== '3') throw new Error(`bench pins: ${JSON.stringify(pins)}`);
      placed.push(performance.now() - t);
    }
    log(
      `readers: monorepo ${JSON.stringify(stats(times.mono))}, two ${JSON.stringify(stats(times.two))}, scan ${JSON.stringify(stats(scans))}`,
    );
    rows.push(
      `| Readers from the file up: ${TARGET} read by 2 of ${APPS * CLUSTERS} releases in ${CLUSTERS} clusters | ${mmm(stats(times.mono))} | the same proof in a checkout of only those 2 releases: ${mmm(stats(times.two))} | ${ratio(median(times.mono), median(times.two))} | ≤ 1.5× |`,
      `| Readers from the file up: scan of the monorepo padded to 10,000 files (git ls-files, entry points, releases reading the chart: ${releases}) | ${mmm(stats(scans))} | — | — | < 200 ms |`,
      `| Helm pins scoped to clusters: that scan (5 bootstraps added) and the ${CLUSTERS} clusters' trees and pins, where the checkout pins helm-controller | ${mmm(stats(placed))} | the scan alone, same runs: ${mmm(stats(bare))} | ${ratio(median(placed), median(bare))} | — |`,
    );
    return {
      rows,
      results: {
        mono: stats(times.mono),
        two: stats(times.two),
        scan: stats(scans),
        pinScope: stats(placed),
        pinScopeBaseline: stats(bare),
      },
    };
  } finally {
    process.env.PATH = saved;
  }
}
