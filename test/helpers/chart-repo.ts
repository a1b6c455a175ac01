/**
 * The chart repository of the tests (simulator/chart-repo.ts) holding the fixture chart, closed
 * after the test, and `helm repo add` as a workflow step runs it.
 */
import { execFile } from 'node:child_process';
import {
  packageCharts as packageWith,
  serveChartRepo,
  type ChartRepo,
  type Login,
} from '../../simulator/chart-repo.js';
import { CHART, type HelmEnv } from './helm.js';
import { closeAfterTest } from './sim.js';

export type { ChartRepo, Login };

/** The fixture chart (enterprise, at each of `versions`; 1.4.0 by default), packaged by helm. */
export function packageCharts(
  h: Pick<HelmEnv, 'helm' | 'env'>,
  versions?: readonly string[],
): Promise<string> {
  return packageWith(h.helm, h.env, CHART, versions);
}

/** The fixture chart served as a chart repository, closed after the test. */
export async function startChartRepo(
  h: Pick<HelmEnv, 'helm' | 'env'>,
  options: { versions?: readonly string[]; login?: Login } = {},
): Promise<ChartRepo> {
  return closeAfterTest(await serveChartRepo(h.helm, h.env, CHART, options));
}

/**
 * `helm repo add` as a workflow step runs it, the password on stdin (never on a command line):
 * helm stores the credentials in its repositories.yaml and the index in its cache.
 */
export async function helmRepoAdd(
  h: Pick<HelmEnv, 'helm' | 'env'>,
  name: string,
  url: string,
  login?: Login,
): Promise<void> {
  const args = ['repo', 'add', name, url];
  if (login) args.push('--username', login.username, '--password-stdin');
  await new Promise<void>((resolve, reject) => {
    const child = execFile(h.helm, args, { env: h.env, timeout: 30_000 }, (error) => {
      if (error) reject(new Error(error.message));
      else resolve();
    });
    child.stdin?.end(login ? `${login.password}\n` : '');
  });
}
