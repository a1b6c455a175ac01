/**
 * A Helm chart repository on loopback, as `helm repo index` lays one out: the charts packaged by
 * the real helm, an index.yaml with their versions, served by a small HTTP server, optionally
 * behind basic auth (401 with a challenge, as a private repository answers). Every request is
 * recorded. Closed after the test.
 */
import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { listenOnLoopback } from '../../simulator/http.js';
import { CHART, type HelmEnv } from './helm.js';
import { closeAfterTest } from './sim.js';

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

/**
 * The fixture chart (enterprise, at each of `versions`; 1.4.0 by default) packaged with helm.
 * Returns the folder of .tgz files.
 */
export async function packageCharts(
  h: Pick<HelmEnv, 'helm' | 'env'>,
  versions: readonly string[] = ['1.4.0'],
  chart = CHART,
): Promise<string> {
  const out = await mkdtemp(join(tmpdir(), 'charts-'));
  for (const version of versions) {
    await run(h.helm, ['package', chart, '--version', version, '--destination', out], {
      env: h.env,
    });
  }
  return out;
}

export async function startChartRepo(
  h: Pick<HelmEnv, 'helm' | 'env'>,
  options: { versions?: readonly string[]; login?: Login; chart?: string } = {},
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
  const dir = await packageCharts(h, options.versions, options.chart);
  try {
    await run(h.helm, ['repo', 'index', dir, '--url', url], { env: h.env });
    for (const name of await readdir(dir)) files.set(`/${name}`, await readFile(join(dir, name)));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return closeAfterTest({ url, requests, close });
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
