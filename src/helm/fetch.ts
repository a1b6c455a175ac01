/**
 * Fetching the chart a target names, as the controller would: `helm pull` from its repository or
 * registry, once per chart and version per run, into the runner's temp folder (RUNNER_TEMP), each
 * pull within a time limit. What helm could not get is told apart by helm's own words: access
 * refused (a login step is missing), unreachable, or read but holding no matching version (the
 * controller fails the same way). A local chart whose dependencies were not built is copied there
 * and built on the copy: `helm dependency build` never writes into the checkout.
 */
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import { parse, parseDocument } from 'yaml';
import { UserError } from '../shared/errors.js';
import { Redactor, userInfoSecrets } from '../shared/secrets.js';
import { printable } from '../shared/text.js';
import {
  describeSource,
  hideUserInfo,
  ociHost,
  sourceOf,
  type ChartSource,
} from './chart-source.js';
import {
  addedRepositories,
  hasRegistryLogin,
  helmPaths,
  loginStep,
  repositoryNamed,
  type HelmPaths,
} from './credentials.js';
import { runHelm, tail } from './helm.js';
import type { ChartInReach } from './render-target.js';
import { diskScratch } from '../shared/scratch.js';
import { VENDOR_REPOSITORY } from '../shared/vendor-chart.js';

/** How long one pull (or dependency build) may take before the chart counts as unreachable. */
export const FETCH_TIMEOUT_MS = 60_000;

export type FetchOutcome =
  | { kind: 'fetched'; dir: string; name: string; version: string; from: string }
  /** Not fetched: access refused, or the source could not be reached (skipped under auto). */
  | { kind: 'unfetched'; reason: string };

/** helm's words for a registry or repository that refused access. */
const REFUSED =
  /pull access denied|no basic auth credentials|basic credential not found|credential required|unauthori[sz]ed|\b401\b|\b403\b|forbidden|authentication required|access denied/i;
/** helm's words for an index or tag list it read without the version (or chart) asked for. */
const NO_MATCH =
  /could not locate a version matching|version "[^"]*" not found|no chart version found|no chart name found|chart "[^"]*" not found in|:\s*not found$|manifest unknown/im;

export interface FetchOptions {
  env?: NodeJS.ProcessEnv;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** One run's charts: each pulled once, into one temp folder removed by `dispose`. */
export class ChartFetcher {
  readonly #pulls = new Map<string, Promise<FetchOutcome>>();
  #dir: Promise<string> | undefined;

  constructor(
    private readonly helm: string,
    private readonly options: FetchOptions = {},
  ) {}

  /** The chart, pulled (or a local chart with its dependencies built on a copy). */
  fetch(chart: ChartInReach): Promise<FetchOutcome> {
    const source = sourceOf(chart);
    const key = JSON.stringify(source);
    let pull = this.#pulls.get(key);
    if (!pull) {
      pull = this.#pull(source);
      this.#pulls.set(key, pull);
    }
    return pull;
  }

  /** A copy of a local chart with `helm dependency build` run on it (never on the checkout). */
  async withDependencies(path: string): Promise<FetchOutcome> {
    const key = `deps:${resolve(path)}`;
    let built = this.#pulls.get(key);
    if (!built) {
      built = this.#buildCopy(resolve(path));
      this.#pulls.set(key, built);
    }
    return built;
  }

  async dispose(): Promise<void> {
    if (this.#dir) await rm(await this.#dir, { recursive: true, force: true });
  }

  #temp(): Promise<string> {
    // On disk: a pulled chart may be large (shared/scratch.ts).
    this.#dir ??= diskScratch('static-export-charts').then((s) => s.dir);
    return this.#dir;
  }

  async #pull(source: ChartSource): Promise<FetchOutcome> {
    if (source.kind === 'local') return this.#local(source.path);
    const paths = helmPaths(this.options.env);
    const args = ['pull'];
    let name: string;
    if (source.kind === 'named') {
      // helm-chart `repo/chart`: the repository must be one helm knows, or helm would go looking.
      const known = await addedRepositories(paths);
      if (!known.some((r) => r.name === source.repo)) {
        const unknown = `helm-chart ${printable(`${source.repo}/${source.chart}`)} names the repository ${printable(source.repo)}, which helm does not know (${known.length > 0 ? `it knows ${known.map((r) => r.name).join(', ')}` : 'no repository was added'}).`;
        // The vendor's repository has a known address: the step to add, ready to copy.
        throw new UserError(
          source.repo === VENDOR_REPOSITORY.name
            ? `${unknown} Add it in a step before this one (or write helm-chart as oci://… or a path); nothing was sent:\n      - run: helm repo add ${VENDOR_REPOSITORY.name} ${VENDOR_REPOSITORY.url} && helm repo update`
            : `${unknown} Add it in a step before this one with \`helm repo add ${printable(source.repo)} <its URL>\`, or write helm-chart as oci://… or a path. Nothing was sent.`,
        );
      }
      args.push(`${source.repo}/${source.chart}`);
      name = source.chart;
    } else if (source.kind === 'repo') {
      // `helm pull --repo URL` ignores the credentials `helm repo add` stored: by name it uses them.
      const added = await repositoryNamed(paths, source.url);
      if (added) args.push(`${added}/${source.chart}`);
      // A password written in the address would be on helm's command line, where any process of
      // the runner can read it: not pulled, and said how to keep it off there.
      else if (hideUserInfo(source.url) !== source.url) return passwordInAddress(source);
      else args.push(source.chart, '--repo', source.url);
      name = source.chart;
    } else if (hideUserInfo(source.ref) !== source.ref) {
      return passwordInAddress(source);
    } else {
      args.push(source.digest ? `${source.ref}@${source.digest}` : source.ref);
      if (source.plainHttp) args.push('--plain-http');
      name = basename(source.ref);
    }
    if (source.version && !(source.kind === 'oci' && source.digest))
      args.push('--version', source.version);
    const dest = await mkdtemp(join(await this.#temp(), 'pull-'));
    args.push('--untar', '--destination', dest);
    let run = await this.#run(args, dest);
    if (run.code !== 0 && /no cached repo found/i.test(run.stderr) && args[1]?.includes('/')) {
      // An added repository whose index is not cached yet: read it once, then pull again.
      await this.#run(['repo', 'update', args[1].split('/', 1)[0]!], dest);
      run = await this.#run(args, dest);
    }
    const from = describeSource(source);
    if (run.code !== 0) return this.#failed(source, from, run.stderr, run.timedOut, paths);
    return fetched(join(dest, name), name, from);
  }

  #local(path: string): Promise<FetchOutcome> {
    return fetched(path, basename(path), 'a folder of the checkout');
  }

  async #buildCopy(path: string): Promise<FetchOutcome> {
    const copy = join(await mkdtemp(join(await this.#temp(), 'deps-')), basename(path));
    await cp(path, copy, { recursive: true });
    await pinFileDependencies(path, copy);
    const run = await this.#run(['dependency', 'build', copy], dirname(copy));
    if (run.code !== 0)
      return {
        kind: 'unfetched',
        reason: `helm dependency build of ${basename(path)} (on a copy) failed${run.timedOut ? ' (time limit)' : ''}: ${hideUserInfo(lastLine(run.stderr))}`,
      };
    return fetched(copy, basename(path), 'a folder of the checkout (dependencies built on a copy)');
  }

  async #run(args: string[], cwd: string) {
    const timeoutMs = this.options.timeoutMs ?? FETCH_TIMEOUT_MS;
    const started = Date.now();
    const run = await runHelm(this.helm, args, {
      env: this.options.env,
      signal: this.options.signal,
      timeoutMs,
      cwd,
    });
    return { ...run, timedOut: run.code === null && Date.now() - started >= timeoutMs };
  }

  async #failed(
    source: Exclude<ChartSource, { kind: 'local' }>,
    from: string,
    stderr: string,
    timedOut: boolean,
    paths: HelmPaths,
  ): Promise<FetchOutcome> {
    // The source's password as written and decoded, wherever helm quotes it, then any address's.
    const hidden = new Redactor();
    hidden.add(...userInfoSecrets(source.kind === 'repo' ? source.url : undefined));
    hidden.add(...userInfoSecrets(source.kind === 'oci' ? source.ref : undefined));
    const said = hideUserInfo(hidden.redact(lastLine(stderr)));
    const chart = source.kind === 'oci' ? basename(source.ref) : source.chart;
    const what = `chart ${printable(chart)}${source.version ? ` ${printable(source.version)}` : ''} from ${from}`;
    if (timedOut)
      return {
        kind: 'unfetched',
        reason: `${what} could not be fetched within ${Math.round((this.options.timeoutMs ?? FETCH_TIMEOUT_MS) / 1000)} s`,
      };
    if (REFUSED.test(stderr)) {
      const host = source.kind === 'oci' ? ociHost(source.ref) : undefined;
      const known = host ? await hasRegistryLogin(paths, host, this.options.env) : false;
      const url = source.kind === 'repo' ? hideUserInfo(source.url) : undefined;
      const step =
        source.kind === 'named'
          ? `add the repository again with its credentials in a step before this one: \`echo "$REPO_PASSWORD" | helm repo add ${source.repo} <its URL> --username "$REPO_USER" --password-stdin --force-update\``
          : loginStep({ kind: source.kind, url, host });
      return {
        kind: 'unfetched',
        reason: `${what}: access refused (${said})${known ? `; the login for ${host} was refused` : ''}: ${step}`,
      };
    }
    if (NO_MATCH.test(stderr))
      // The index or the tags were read: the controller will not find this version either.
      throw new UserError(
        `The render check read ${from} but found no ${what.replace(/ from .*$/, '')} (${said}). The controller would fail the same way: set the chart version to one the source holds (or push that version), then run again. Nothing was sent and no file was changed.`,
      );
    return { kind: 'unfetched', reason: `${what} could not be fetched (${said})` };
  }
}

function lastLine(text: string): string {
  return tail(text).split('\n').at(-1) ?? '';
}

/** A chart in a folder, named and versioned as its Chart.yaml says (`name` when it does not). */
async function fetched(dir: string, name: string, from: string): Promise<FetchOutcome> {
  const meta = await chartMeta(dir);
  return { kind: 'fetched', dir, name: meta.name ?? name, version: meta.version ?? '', from };
}

async function chartMeta(dir: string): Promise<{ name?: string; version?: string }> {
  try {
    const meta = parse(await readFile(join(dir, 'Chart.yaml'), 'utf8')) as {
      name?: unknown;
      version?: unknown;
    };
    return {
      name: typeof meta?.name === 'string' ? meta.name : undefined,
      version:
        typeof meta?.version === 'string' || typeof meta?.version === 'number'
          ? String(meta.version)
          : undefined,
    };
  } catch {
    return {};
  }
}

/**
 * A `file://` dependency is read against the chart's folder: on the copy it would point nowhere,
 * so the copy names the original folder by its absolute path (and drops a Chart.lock, whose digest
 * of the dependency list no longer matches).
 */
async function pinFileDependencies(original: string, copy: string): Promise<void> {
  const file = join(copy, 'Chart.yaml');
  const doc = parseDocument(await readFile(file, 'utf8'));
  const deps = doc.get('dependencies');
  const list = (deps as { items?: unknown[] } | undefined)?.items ?? [];
  let changed = false;
  for (const dep of list) {
    const node = dep as { get?: (k: string) => unknown; set?: (k: string, v: unknown) => void };
    const repo = node.get?.('repository');
    if (typeof repo !== 'string' || !repo.startsWith('file://')) continue;
    const rel = repo.slice('file://'.length);
    if (isAbsolute(rel)) continue;
    node.set?.('repository', `file://${resolve(original, rel)}`);
    changed = true;
  }
  if (!changed) return;
  await writeFile(file, doc.toString());
  if (existsSync(join(copy, 'Chart.lock'))) await rm(join(copy, 'Chart.lock'));
  // The charts/ folder may hold a partial set: dependency build writes the whole set again.
  await mkdir(join(copy, 'charts'), { recursive: true });
  for (const name of await readdir(join(copy, 'charts')))
    if (name.endsWith('.tgz')) await rm(join(copy, 'charts', name));
}

/** A chart address with a password in it: not pulled (helm would get it on its command line). */
function passwordInAddress(source: ChartSource): FetchOutcome {
  return {
    kind: 'unfetched',
    reason: `${describeSource(source)} has a password in its address, which helm would get on its command line: take it out of the address and log in instead: ${loginStep(
      source.kind === 'repo'
        ? { kind: 'repo', url: hideUserInfo(source.url) }
        : { kind: source.kind, host: source.kind === 'oci' ? ociHost(source.ref) : undefined },
    )}`,
  };
}
