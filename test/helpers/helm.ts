import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { inject } from 'vitest';
import { startKubeStub, type KubeStub } from './kube-stub.js';
import { closeAfterTest } from './sim.js';

export const CHART = fileURLToPath(new URL('../fixtures/chart', import.meta.url));
export const HELMS = ['helm3', 'helm4'] as const;
export type HelmName = (typeof HELMS)[number];

export interface HelmEnv {
  helm: string;
  stub: KubeStub;
  /** Environment for helm: the stub cluster, the memory driver and a private HOME. */
  env: Record<string, string>;
  /** A PATH whose only helm is this one. */
  path: string;
}

/**
 * A cluster for helm without a cluster: the stub API server for discovery, HELM_DRIVER=memory
 * (which swaps helm's cluster client for a fake) and HELM_MEMORY_DRIVER_DATA with the releases
 * that exist before the run (YAML list; empty for none).
 */
export async function helmEnv(
  name: HelmName,
  releases = '',
  stubOptions: { delayMs?: number } = {},
): Promise<HelmEnv> {
  const helm = inject(name);
  const stub = await startKubeStub(stubOptions);
  closeAfterTest(stub);
  const home = await mkdtemp(join(tmpdir(), `${name}-home-`));
  const data = join(home, 'releases.yaml');
  await writeFile(data, releases);
  const path = `${dirname(helm)}:/usr/bin:/bin`;
  return {
    helm,
    stub,
    path,
    env: {
      PATH: path,
      HOME: home,
      XDG_CACHE_HOME: join(home, 'cache'),
      XDG_CONFIG_HOME: join(home, 'config'),
      XDG_DATA_HOME: join(home, 'data'),
      KUBECONFIG: stub.kubeconfig,
      HELM_DRIVER: 'memory',
      HELM_MEMORY_DRIVER_DATA: data,
    },
  };
}

/**
 * One revision of a release of the vendor chart, for helm's memory driver
 * (HELM_MEMORY_DRIVER_DATA), with these chart values (`config`) if given.
 */
export function releaseRevision(
  version: number,
  status: string,
  options: { name?: string; namespace?: string; config?: string } = {},
): string {
  const { name = 'docs', namespace = 'docs', config } = options;
  const day = String(Math.min(version, 28)).padStart(2, '0');
  return `- name: ${name}
  namespace: ${namespace}
  version: ${version}
  info: {status: ${status}, first_deployed: "2026-11-01T10:00:00Z", last_deployed: "2026-11-${day}T10:00:00Z"}
  chart: {metadata: {name: enterprise, version: 1.4.0, apiVersion: v2}}
${config ? `  config: ${config}\n` : ''}`;
}

export function stuckRelease(status: string, name = 'docs', namespace = 'docs'): string {
  return (
    releaseRevision(3, 'deployed', { name, namespace }) +
    releaseRevision(4, status, { name, namespace })
  );
}

export const UMBRELLA = fileURLToPath(new URL('../fixtures/umbrella', import.meta.url));

/**
 * The umbrella fixture, ready for helm under `dir`: `dir/umbrella` (or `dir/<as>`) with the fixture
 * chart (`dir/chart`) vendored into its charts/ by `helm dependency build` (a file:// dependency,
 * so no network). Returns the umbrella chart's path.
 */
export async function buildUmbrella(
  h: HelmEnv,
  dir: string,
  as = 'umbrella',
  { gated = false } = {},
): Promise<string> {
  await cp(CHART, join(dir, 'chart'), { recursive: true });
  await cp(UMBRELLA, join(dir, as), { recursive: true });
  const chart = join(dir, as);
  await execHelm(h, ['dependency', 'build', chart]);
  // `gated`: the vendor subchart only where a values file sets enterprise.enabled (helm template
  // reads the condition; the lock file's digest is not checked there).
  if (gated) {
    const meta = join(chart, 'Chart.yaml');
    const text = await readFile(meta, 'utf8');
    await writeFile(
      meta,
      text.replace(
        '    version: 1.4.0\n',
        '    version: 1.4.0\n    condition: enterprise.enabled\n',
      ),
    );
  }
  return chart;
}

/** `helm template` of a chart with values files, as helm renders it. */
export function helmTemplate(h: HelmEnv, chart: string, values: string[]): Promise<string> {
  return execHelm(h, ['template', 'docs', chart, ...values.flatMap((v) => ['--values', v])]);
}

async function execHelm(h: HelmEnv, args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(h.helm, args, { env: h.env, timeout: 60_000 });
  return stdout;
}
