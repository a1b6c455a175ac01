/**
 * A Helm chart repository on loopback, as `helm repo index` lays one out: a folder of packaged
 * charts and its index.yaml, served by a small HTTP server, optionally behind basic auth (401 with
 * a challenge, as a private repository answers). Every request is recorded. Used by the tests
 * (test/helpers/chart-repo.ts) and the benchmark (bench/render-fetch.ts).
 */
import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { listenOnLoopback } from './http.js';

export interface Login {
  username: string;
  password: string;
}

export interface ChartRepo {
  url: string;
  requests: { path: string; status: number }[];
  close(): Promise<void>;
}

const run = promisify(execFile);

/** `chart` packaged by helm at each version; the folder of .tgz files. */
export async function packageCharts(
  helm: string,
  env: NodeJS.ProcessEnv,
  chart: string,
  versions: readonly string[] = ['1.4.0'],
): Promise<string> {
  const out = await mkdtemp(join(tmpdir(), 'charts-'));
  for (const version of versions)
    await run(helm, ['package', chart, '--version', version, '--destination', out], { env });
  return out;
}

/** Serves `chart` at each version, packaged and indexed by the real helm. */
export async function serveChartRepo(
  helm: string,
  env: NodeJS.ProcessEnv,
  chart: string,
  options: { versions?: readonly string[]; login?: Login } = {},
): Promise<ChartRepo> {
  const files = new Map<string, Buffer>();
  const requests: ChartRepo['requests'] = [];
  const expected = options.login
    ? `Basic ${Buffer.from(`${options.login.username}:${options.login.password}`).toString('base64')}`
    : undefined;
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://repo').pathname;
    const answer = (status: number, body: Buffer | string, headers = {}) => {
      requests.push({ path, status });
      res.writeHead(status, headers).end(body);
    };
    if (expected && req.headers.authorization !== expected)
      return answer(401, 'Unauthorized', { 'www-authenticate': 'Basic realm="charts"' });
    const file = files.get(path);
    if (!file) return answer(404, 'Not Found');
    answer(200, file, {
      'content-type': path.endsWith('.yaml') ? 'text/yaml' : 'application/gzip',
    });
  });
  const { url, close } = await listenOnLoopback(server);
  const dir = await packageCharts(helm, env, chart, options.versions);
  try {
    await run(helm, ['repo', 'index', dir, '--url', url], { env });
    for (const name of await readdir(dir)) files.set(`/${name}`, await readFile(join(dir, name)));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return { url, requests, close };
}
