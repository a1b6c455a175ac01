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

export interface HelmPaths {
  repositoryConfig: string;
  registryConfig: string;
}

/**
 * Where helm keeps its repositories and registry logins, by the order `helm --help` documents:
 * HELM_REPOSITORY_CONFIG and HELM_REGISTRY_CONFIG, else the configuration folder
 * ($XDG_CONFIG_HOME, else ~/.config on Linux, ~/Library/Preferences on macOS, %APPDATA% on
 * Windows) + `helm`. Read from the environment rather than `helm env`, which would start one more
 * helm process on every run that fetches a chart.
 */
export function helmPaths(env: NodeJS.ProcessEnv = process.env): HelmPaths {
  const home = env.HOME || homedir();
  const base =
    env.XDG_CONFIG_HOME ||
    (process.platform === 'darwin'
      ? join(home, 'Library', 'Preferences')
      : process.platform === 'win32'
        ? env.APPDATA || join(home, 'AppData', 'Roaming')
        : join(home, '.config'));
  return {
    repositoryConfig: env.HELM_REPOSITORY_CONFIG || join(base, 'helm', 'repositories.yaml'),
    registryConfig: env.HELM_REGISTRY_CONFIG || join(base, 'helm', 'registry', 'config.json'),
  };
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
  paths: HelmPaths,
): Promise<{ name: string; url: string }[]> {
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
export async function repositoryNamed(paths: HelmPaths, url: string): Promise<string | undefined> {
  return (await addedRepositories(paths)).find((r) => sameUrl(r.url, url))?.name;
}

/** Whether helm's registry config or Docker's config.json holds a login for `host`. */
export async function hasRegistryLogin(
  paths: HelmPaths,
  host: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<boolean> {
  const docker = join(env.DOCKER_CONFIG || join(env.HOME || homedir(), '.docker'), 'config.json');
  for (const file of [paths.registryConfig, docker]) {
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

/**
 * The step to add before this one, for a source that refused access: its command between
 * backticks, which the job summary lifts into a code block to copy. The password comes from an
 * environment variable the user maps from a secret, never from the command line.
 */
export function loginStep(source: { kind: string; url?: string; host?: string }): string {
  if (source.kind === 'oci')
    return `log in to ${source.host} in a step before this one, with docker/login-action or \`echo "$REGISTRY_PASSWORD" | helm registry login ${source.host} --username "$REGISTRY_USER" --password-stdin\``;
  // Any name will do: the chart is pulled through whichever name helm has for that address.
  return `add the repository with its credentials in a step before this one: \`echo "$REPO_PASSWORD" | helm repo add docs-charts ${source.url} --username "$REPO_USER" --password-stdin\``;
}
