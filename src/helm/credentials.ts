/**
 * Credentials where helm users keep them, read only to choose how to pull (never printed, never
 * passed on a command line):
 * - an HTTP repository added with `helm repo add` (repositories.yaml): `helm pull --repo URL`
 *   ignores what was stored there, so a chart from a repository whose URL matches an entry is
 *   pulled by the entry's name, with the stored credentials;
 * - an OCI registry: helm reads `helm registry login`'s config and then Docker's config.json
 *   (docker/login-action, an ECR login) itself; this module only tells whether a login for the
 *   host exists, so a refusal can say which step is missing.
 */
import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { runHelm } from './helm.js';

export interface HelmPaths {
  repositoryConfig: string;
  registryConfig: string;
}

/** Where this helm keeps its repositories and registry logins (`helm env`, as helm resolves them). */
export async function helmPaths(
  helm: string,
  env: NodeJS.ProcessEnv | undefined,
  signal?: AbortSignal,
): Promise<HelmPaths | undefined> {
  const run = await runHelm(helm, ['env'], { env, signal, timeoutMs: 30_000 });
  if (run.code !== 0) return undefined;
  const vars = new Map<string, string>();
  for (const line of run.stdout.split('\n')) {
    const m = /^(\w+)="(.*)"$/.exec(line.trim());
    if (m) vars.set(m[1]!, m[2]!);
  }
  const repositoryConfig = vars.get('HELM_REPOSITORY_CONFIG');
  const registryConfig = vars.get('HELM_REGISTRY_CONFIG');
  return repositoryConfig && registryConfig ? { repositoryConfig, registryConfig } : undefined;
}

/** The same repository address, as helm compares them: scheme and host case, trailing slash. */
function sameUrl(a: string, b: string): boolean {
  const norm = (url: string) => {
    try {
      const u = new URL(url);
      return `${u.protocol}//${u.host}${u.pathname.replace(/\/+$/, '')}`;
    } catch {
      return url.replace(/\/+$/, '');
    }
  };
  return norm(a) === norm(b);
}

/** The entries of repositories.yaml: name and URL (the credentials stay in the file, for helm). */
export async function addedRepositories(
  paths: HelmPaths | undefined,
): Promise<{ name: string; url: string }[]> {
  if (!paths) return [];
  let data: unknown;
  try {
    data = parse(await readFile(paths.repositoryConfig, 'utf8'));
  } catch {
    return [];
  }
  const list = (data as { repositories?: unknown } | null)?.repositories;
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry: unknown) => {
    const e = entry as { name?: unknown; url?: unknown } | null;
    return typeof e?.name === 'string' && typeof e.url === 'string'
      ? [{ name: e.name, url: e.url }]
      : [];
  });
}

/** The name of the added repository at `url`, if helm knows one. */
export async function repositoryNamed(
  paths: HelmPaths | undefined,
  url: string,
): Promise<string | undefined> {
  return (await addedRepositories(paths)).find((r) => sameUrl(r.url, url))?.name;
}

/** Whether helm's registry config or Docker's config.json holds a login for `host`. */
export async function hasRegistryLogin(
  paths: HelmPaths | undefined,
  host: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<boolean> {
  const docker = join(env.DOCKER_CONFIG || join(env.HOME || homedir(), '.docker'), 'config.json');
  for (const file of [paths?.registryConfig, docker]) {
    if (!file) continue;
    try {
      const config = JSON.parse(await readFile(file, 'utf8')) as {
        auths?: Record<string, unknown>;
        credHelpers?: Record<string, unknown>;
        credsStore?: unknown;
      };
      const hosts = [...Object.keys(config.auths ?? {}), ...Object.keys(config.credHelpers ?? {})];
      if (hosts.some((h) => h.replace(/^https?:\/\//, '').replace(/\/.*$/, '') === host))
        return true;
    } catch {
      // No such file, or not JSON: no login there.
    }
  }
  return false;
}

/** The step to add before this one, for a source that refused access. */
export function loginStep(source: { kind: string; url?: string; host?: string }): string {
  if (source.kind === 'oci')
    return `log in to ${source.host} in a step before this one (docker/login-action, or helm registry login ${source.host} --username … --password-stdin)`;
  return `add the repository with its credentials in a step before this one (helm repo add <name> ${source.url} --username … --password-stdin)`;
}
