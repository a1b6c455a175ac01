/**
 * Helm: discovery, version detection, the mapping of our inputs to each major's flags (one pure
 * function), and running helm as argv (never through a shell) with cancellation forwarded.
 */
import { spawn } from 'node:child_process';
import { toGoDuration } from '../shared/duration.js';
import { UserError } from '../shared/errors.js';
import { findOnPath } from '../shared/which.js';
import { HELM_KILL_GRACE_MS } from '../shared/constants.js';

export interface HelmRollout {
  release: string;
  chart: string;
  namespace: string | undefined;
  chartVersion: string | undefined;
  rollbackOnFailure: boolean;
  timeoutMs: number | undefined;
  extraArgs: string[];
}

export interface HelmVersion {
  /** As helm prints it: `v3.17.3`. */
  version: string;
  major: number;
  minor: number;
}

export interface HelmRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export const SETUP_HELM_SNIPPET = `      - uses: azure/setup-helm@v4
        with:
          version: v3.17.3   # or a Helm 4 release`;

/** Finds helm on PATH; a missing helm is a UserError that shows how to install it. */
export async function findHelm(): Promise<string> {
  const path = await findOnPath('helm');
  if (!path) {
    throw new UserError(
      `helm-release is set, but helm was not found on PATH. Add a step that installs it before this one:\n${SETUP_HELM_SNIPPET}`,
    );
  }
  return path;
}

export function parseHelmVersion(text: string): HelmVersion | undefined {
  const m = /^v?(\d+)\.(\d+)\.(\d+)\S*$/.exec(text.trim());
  if (!m) return undefined;
  return { version: `v${m[1]}.${m[2]}.${m[3]}`, major: Number(m[1]), minor: Number(m[2]) };
}

export async function detectHelmVersion(helm: string, signal?: AbortSignal): Promise<HelmVersion> {
  const run = await runHelm(helm, ['version', '--template', '{{.Version}}'], {
    signal,
    timeoutMs: 30_000,
  });
  const version = parseHelmVersion(run.stdout);
  if (run.code !== 0 || !version) {
    throw new UserError(
      `"${helm} version" did not report a version (${tail(run.stderr || run.stdout) || `exit ${run.code}`}). Install Helm 3 or 4 (azure/setup-helm).`,
    );
  }
  if (version.major !== 3 && version.major !== 4) {
    throw new UserError(
      `helm ${version.version} is not supported: use Helm 3 or Helm 4 (azure/setup-helm with version v3.x or v4.x).`,
    );
  }
  return version;
}

/**
 * The `helm upgrade --install` argument list for a given helm version. The values files come
 * last, in their order, so their keys win over files named in helm-args (and a later file's over
 * an earlier one's).
 */
export function upgradeArgs(
  helm: HelmVersion,
  rollout: HelmRollout,
  valuesFiles: readonly string[],
  options: { dryRun: boolean },
): string[] {
  const args = ['upgrade', '--install', rollout.release, rollout.chart];
  if (rollout.namespace) args.push('--namespace', rollout.namespace, '--create-namespace');
  if (rollout.chartVersion) args.push('--version', rollout.chartVersion);
  if (rollout.rollbackOnFailure) {
    // Helm 4 renamed --atomic to --rollback-on-failure; both imply waiting for readiness.
    args.push(helm.major >= 4 ? '--rollback-on-failure' : '--atomic');
  }
  if (rollout.timeoutMs !== undefined) args.push('--timeout', toGoDuration(rollout.timeoutMs));
  if (options.dryRun) {
    // Server-side dry run validates against the cluster without persisting (Helm ≥ 3.13).
    args.push(helm.major === 3 && helm.minor < 13 ? '--dry-run' : '--dry-run=server');
  }
  args.push('--output', 'json');
  args.push(...rollout.extraArgs);
  for (const file of valuesFiles) args.push('--values', file);
  return args;
}

/** What `helm status` says of a release: none yet, its newest revision, or helm's own failure. */
export type ReleaseStatus =
  | { kind: 'none' }
  | { kind: 'release'; release: ReleaseInfo | undefined }
  | { kind: 'unread'; stderr: string; code: number | null };

export async function releaseStatus(
  helm: string,
  rollout: HelmRollout,
  options: { signal?: AbortSignal; timeoutMs: number },
): Promise<ReleaseStatus> {
  const run = await runHelm(helm, statusArgs(rollout), options);
  if (run.code === 0) return { kind: 'release', release: parseRelease(run.stdout) };
  return /release: not found/i.test(run.stderr)
    ? { kind: 'none' }
    : { kind: 'unread', stderr: run.stderr, code: run.code };
}

export function statusArgs(rollout: HelmRollout): string[] {
  return [
    'status',
    rollout.release,
    ...(rollout.namespace ? ['--namespace', rollout.namespace] : []),
    '--output',
    'json',
  ];
}

export function historyArgs(rollout: HelmRollout): string[] {
  return [
    'history',
    rollout.release,
    ...(rollout.namespace ? ['--namespace', rollout.namespace] : []),
    '--max',
    '20',
    '--output',
    'json',
  ];
}

export interface RunOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  env?: NodeJS.ProcessEnv;
  /** helm's working folder (the process's own by default). */
  cwd?: string;
  /** Called with each complete line helm writes to stderr (progress, warnings). */
  onStderrLine?: (line: string) => void;
  /**
   * How long to wait for helm to exit after SIGTERM before SIGKILL (HELM_KILL_GRACE_MS: short
   * enough that the run's final report still fits before the hard exit).
   */
  graceMs?: number;
}

/**
 * Runs helm with an argument vector, no shell. On cancellation it forwards SIGTERM to helm and
 * waits briefly for it to exit (then SIGKILL), so a cancelled run does not leave helm behind.
 */
export function runHelm(helm: string, args: string[], options: RunOptions = {}): Promise<HelmRun> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      resolve({ code: null, signal: 'SIGTERM', stdout: '', stderr: '' });
      return;
    }
    const child = spawn(helm, args, {
      env: options.env ?? process.env,
      cwd: options.cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      shell: false,
    });
    let stdout = '';
    let stderr = '';
    let pending = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) options.onStderrLine?.(line);
    });
    let killTimer: NodeJS.Timeout | undefined;
    const stop = () => {
      child.kill('SIGTERM');
      killTimer = setTimeout(() => child.kill('SIGKILL'), options.graceMs ?? HELM_KILL_GRACE_MS);
    };
    options.signal?.addEventListener('abort', stop, { once: true });
    const timer = options.timeoutMs ? setTimeout(stop, options.timeoutMs) : undefined;
    child.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', stop);
      reject(
        new UserError(
          `helm could not be started (${error.code ?? error.message}) from ${helm}. Check that it is an executable helm binary.`,
        ),
      );
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      clearTimeout(killTimer);
      options.signal?.removeEventListener('abort', stop);
      if (pending) options.onStderrLine?.(pending);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

/** The last lines of helm's output, for an error message. */
export function tail(text: string, lines = 8): string {
  return text.trim().split('\n').slice(-lines).join('\n').trim();
}

export interface ReleaseInfo {
  name: string;
  namespace: string | undefined;
  revision: number;
  status: string;
  notes: string | undefined;
  chart: string | undefined;
}

/** Reads helm's `--output json` release object (status or upgrade). */
export function parseRelease(json: string): ReleaseInfo | undefined {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    return undefined;
  }
  if (!data || typeof data !== 'object') return undefined;
  const r = data as {
    name?: unknown;
    namespace?: unknown;
    version?: unknown;
    info?: { status?: unknown; notes?: unknown };
    chart?: { metadata?: { name?: unknown; version?: unknown } };
  };
  if (typeof r.name !== 'string' || typeof r.version !== 'number') return undefined;
  const meta = r.chart?.metadata;
  return {
    name: r.name,
    namespace: typeof r.namespace === 'string' ? r.namespace : undefined,
    revision: r.version,
    status: typeof r.info?.status === 'string' ? r.info.status : 'unknown',
    notes: typeof r.info?.notes === 'string' && r.info.notes.trim() ? r.info.notes : undefined,
    chart:
      typeof meta?.name === 'string'
        ? `${meta.name}-${typeof meta.version === 'string' ? meta.version : ''}`
        : undefined,
  };
}

export const PENDING_STATUSES = new Set(['pending-install', 'pending-upgrade', 'pending-rollback']);

/** The recovery advice for a release stuck in a pending state. */
export function stuckAdvice(
  rollout: HelmRollout,
  status: string,
  revision: number,
  lastGood: number | undefined,
): string {
  const ns = rollout.namespace ? ` --namespace ${rollout.namespace}` : '';
  const fix =
    status === 'pending-install' || lastGood === undefined
      ? `helm uninstall ${rollout.release}${ns} (it never finished installing)`
      : `helm rollback ${rollout.release} ${lastGood}${ns} (revision ${lastGood} is the last one deployed)`;
  return (
    `Helm release ${rollout.release} is stuck in ${status} at revision ${revision}, most likely left by a cancelled or killed run; ` +
    `an upgrade now would wait on Helm's lock and fail. Check that no other deploy is running, recover with ${fix}, then run this workflow again.`
  );
}
