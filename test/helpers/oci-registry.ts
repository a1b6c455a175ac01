/**
 * An OCI registry on loopback: Debian's `docker-registry` (the CNCF distribution registry) with a
 * generated config on 127.0.0.1 and a free port, plain HTTP, optionally behind basic auth (an
 * htpasswd file with a bcrypt entry, as the registry requires). Charts are pushed with the real
 * `helm push`. A login is written as `helm registry login` or docker/login-action would write it
 * (helm 3.17's `registry login` has no --plain-http, so the tests write the config file helm reads).
 * Closed after the test. `.ci/run` installs the package; without it the OCI tests are skipped.
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { packageCharts, type Login } from './chart-repo.js';
import type { HelmEnv } from './helm.js';
import { closeAfterTest } from './sim.js';

const run = promisify(execFile);

export const REGISTRY_BIN = '/usr/bin/docker-registry';
/** Whether the registry is installed (`apt-get install docker-registry apache2-utils`). */
export const HAS_REGISTRY = existsSync(REGISTRY_BIN) && existsSync('/usr/bin/htpasswd');
export const NO_REGISTRY =
  'docker-registry (or htpasswd) is not installed: the OCI registry tests are skipped (apt-get install docker-registry apache2-utils, as .ci/run does)';

export interface OciRegistry {
  /** `127.0.0.1:port`, as logins are keyed. */
  host: string;
  /** `oci://127.0.0.1:port/charts`: where the charts were pushed. */
  url: string;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A Docker-style config.json (`auths`) holding a login for `host`. */
export function authConfig(host: string, login: Login): string {
  const auth = Buffer.from(`${login.username}:${login.password}`).toString('base64');
  return JSON.stringify({ auths: { [host]: { auth } } });
}

/**
 * Starts the registry and pushes the fixture chart (enterprise) at each version to
 * `oci://host/charts/enterprise`.
 */
export async function startOciRegistry(
  h: Pick<HelmEnv, 'helm' | 'env'>,
  options: { versions?: readonly string[]; login?: Login } = {},
): Promise<OciRegistry> {
  const dir = await mkdtemp(join(tmpdir(), 'oci-registry-'));
  const port = await freePort();
  const host = `127.0.0.1:${port}`;
  let auth = '';
  if (options.login) {
    const { stdout } = await run('htpasswd', [
      '-Bbn',
      options.login.username,
      options.login.password,
    ]);
    await writeFile(join(dir, 'htpasswd'), stdout);
    auth = `auth:\n  htpasswd:\n    realm: charts\n    path: ${join(dir, 'htpasswd')}\n`;
  }
  await writeFile(
    join(dir, 'config.yml'),
    `version: 0.1\nlog:\n  level: error\n  accesslog:\n    disabled: true\nstorage:\n  filesystem:\n    rootdirectory: ${join(dir, 'data')}\nhttp:\n  addr: ${host}\n${auth}`,
  );
  const child = spawn(REGISTRY_BIN, ['serve', join(dir, 'config.yml')], { stdio: 'ignore' });
  const close = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  };
  closeAfterTest({ close });
  await waitUntilUp(host);
  // The pusher's own login, in a config of its own: the helm under test starts without one.
  const pusher = join(dir, 'pusher.json');
  await writeFile(pusher, options.login ? authConfig(host, options.login) : '{}');
  const charts = await packageCharts(h, options.versions);
  for (const version of options.versions ?? ['1.4.0'])
    await run(
      h.helm,
      [
        'push',
        join(charts, `enterprise-${version}.tgz`),
        `oci://${host}/charts`,
        '--plain-http',
        '--registry-config',
        pusher,
      ],
      { env: h.env, timeout: 60_000 },
    );
  return { host, url: `oci://${host}/charts`, close };
}

async function waitUntilUp(host: string): Promise<void> {
  const until = Date.now() + 15_000;
  for (;;) {
    try {
      await fetch(`http://${host}/v2/`);
      return;
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** A login as `helm registry login` writes it (helm's registry config.json). */
export async function helmRegistryLogin(
  h: Pick<HelmEnv, 'env'>,
  host: string,
  login: Login,
): Promise<void> {
  const dir = join(h.env.XDG_CONFIG_HOME!, 'helm', 'registry');
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'config.json'), authConfig(host, login), { mode: 0o600 });
}

/** A login as docker/login-action (or an ECR login) writes it: Docker's config.json. */
export async function dockerLogin(
  h: Pick<HelmEnv, 'env'>,
  host: string,
  login: Login,
): Promise<void> {
  const dir = join(h.env.HOME!, '.docker');
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'config.json'), authConfig(host, login), { mode: 0o600 });
}

const MANIFEST = 'application/vnd.oci.image.manifest.v1+json';

/** The digest of `repository:tag` in a registry without a login, as the registry names it. */
export async function manifestDigest(
  registry: OciRegistry,
  repository: string,
  tag: string,
): Promise<string> {
  const response = await fetch(`http://${registry.host}/v2/${repository}/manifests/${tag}`, {
    method: 'HEAD',
    headers: { accept: MANIFEST },
  });
  const digest = response.headers.get('docker-content-digest');
  if (!response.ok || !digest) throw new Error(`no manifest ${repository}:${tag}`);
  return digest;
}
