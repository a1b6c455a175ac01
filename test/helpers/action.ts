import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, inject } from 'vitest';
import {
  actionDefinition,
  parseOutputs,
  runnerInputs as scriptsRunnerInputs,
} from '../../scripts/runner.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Node's own code cache for the bundles run here (NODE_COMPILE_CACHE): V8 keeps what it compiled of
 * dist/ and takes it up again while the file's bytes are the same, instead of compiling 2.8 MB of
 * JavaScript for each of the tier's few hundred runs. Nothing in the bundle reads it and nothing it
 * does changes: a runner starts without one and compiles as before. It lives in node_modules/.cache
 * (git-ignored), one folder per Node version.
 */
export const NODE24_ENV = { NODE_COMPILE_CACHE: join(ROOT, 'node_modules/.cache/node-compile') };

/** What `${{ github.token }}` stands for in end-to-end runs (scanned for like any secret). */
export const GITHUB_TOKEN = 'ghs_e2eJobToken0123456789abcdefABCDEF012';

/** action.yml (or agent/action.yml), parsed. */
export const actionYaml = actionDefinition;

/** The runner's INPUT_* environment for `given`, with the job's token standing for github.token. */
export function runnerInputs(
  given: Record<string, string>,
  path = 'action.yml',
): Record<string, string> {
  return scriptsRunnerInputs(given, { path, token: GITHUB_TOKEN });
}

export interface ActionRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  summary: string;
  /** From the spawn to the process's exit. */
  durationMs: number;
  /**
   * From the first output to the exit: how long the action itself took, without Node's start-up
   * and the bundle's load (which a loaded machine stretches, and no input of the action controls).
   */
  ranMs: number;
  /** When the process exited (epoch ms), to time a stop against the signal that caused it. */
  exitedAt: number;
  workspace: string;
}

export interface RunOptions {
  inputs: Record<string, string>;
  entry?: string;
  actionFile?: string;
  workspace?: string;
  env?: Record<string, string>;
  timeoutMs?: number;
  /** More values that must not be printed (scanned in every run, with the key and the link). */
  secrets?: string[];
  /** Called once the process is running (to send it a signal, say). */
  onStart?: (child: ChildProcess, output: () => string) => void;
}

export async function newWorkspace(files: Record<string, string> = {}): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'action-ws-'));
  await writeFiles(dir, files);
  return dir;
}

/** Writes each file (a path relative to `dir`: its folders are made) with its text. */
export async function writeFiles(dir: string, files: Record<string, string>): Promise<void> {
  for (const [name, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, name)), { recursive: true });
    await writeFile(join(dir, name), text);
  }
}

/** Runs the bundled action under Node 24, as a runner does. */
export async function runAction(options: RunOptions): Promise<ActionRun> {
  const workspace = options.workspace ?? (await newWorkspace());
  const outputFile = join(workspace, '..', `${workspace.split('/').pop()}.output`);
  const summaryFile = join(workspace, '..', `${workspace.split('/').pop()}.summary`);
  await writeFile(outputFile, '');
  await writeFile(summaryFile, '');
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? '/tmp',
    GITHUB_ACTIONS: 'true',
    CI: 'true',
    GITHUB_WORKSPACE: workspace,
    GITHUB_OUTPUT: outputFile,
    GITHUB_STEP_SUMMARY: summaryFile,
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_REPOSITORY: 'acme/docs',
    GITHUB_RUN_ID: '4242',
    // No test reaches the real GitHub: a refused local port, unless the test gives its stand-in.
    GITHUB_API_URL: 'http://127.0.0.1:9',
    RUNNER_TEMP: tmpdir(),
    ...NODE24_ENV,
    ...runnerInputs(options.inputs, options.actionFile),
    ...options.env,
  };
  const started = Date.now();
  const child = spawn(inject('node24'), [join(ROOT, options.entry ?? 'dist/index.js')], {
    cwd: workspace,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let firstOutputAt = 0;
  child.stdout.on('data', (c: Buffer) => {
    firstOutputAt ||= Date.now();
    stdout += c.toString();
  });
  child.stderr.on('data', (c: Buffer) => {
    firstOutputAt ||= Date.now();
    stderr += c.toString();
  });
  options.onStart?.(child, () => stdout + stderr);
  const limit = options.timeoutMs ?? 60_000;
  const result = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>(
    (resolve) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), limit);
      child.on('close', (code, signal) => {
        clearTimeout(timer);
        resolve({ code, signal });
      });
    },
  );
  const exitedAt = Date.now();
  const run: ActionRun = {
    ...result,
    stdout,
    stderr,
    outputs: parseOutputs(await readFile(outputFile, 'utf8')),
    summary: await readFile(summaryFile, 'utf8'),
    durationMs: exitedAt - started,
    ranMs: exitedAt - (firstOutputAt || started),
    exitedAt,
    workspace,
  };
  // A runner shows stderr in the log: Node's own warnings (deprecations, experimental APIs in a
  // dependency) would reach every user's log, so no run may print one.
  expect(run.stderr, 'the action printed a Node.js warning').not.toMatch(
    /^\(node:\d+\) .*Warning\b/m,
  );
  // Every run is scanned: the key it was given, and the signature of any link it produced (a
  // bundle-url without a query is a public address, shown on purpose).
  const link = run.outputs['bundle-url'];
  expectNoSecrets(run, [
    options.inputs['api-key'] ?? '',
    ...(link && new URL(link).search ? linkSignature(link) : []),
    ...(options.secrets ?? []),
    GITHUB_TOKEN,
  ]);
  return run;
}

/** What a test's simulator (or stand-in service) gives the action: its key and address. */
export interface Service {
  apiKey: string;
  baseUrl: string;
}

export interface PublishOptions extends Omit<RunOptions, 'inputs' | 'entry' | 'actionFile'> {
  /** The content of values.yaml in a new workspace (unless `workspace` is given; else empty). */
  values?: string;
  /** Inputs added to the standard ones, or replacing them ('' clears one). */
  inputs?: Record<string, string>;
}

/**
 * The root action as most end-to-end tests run it: the service's key and base-url, the domain
 * docs.example.com, values-file values.yaml, and a new workspace (with `values` as values.yaml,
 * empty when not given). Like every run, it is checked for Node warnings and for the key, the
 * link and the token in its output.
 */
export async function runPublish(s: Service, options: PublishOptions = {}): Promise<ActionRun> {
  const { values, inputs, ...rest } = options;
  if (rest.workspace !== undefined && values !== undefined)
    throw new Error('runPublish: give either a workspace or the values for a new one, not both');
  // values-file has no default, and a missing file nothing reads is refused: a new workspace
  // holds values.yaml (empty unless `values` is given) and the run names it.
  const workspace = rest.workspace ?? (await newWorkspace({ 'values.yaml': values ?? '' }));
  return runAction({
    ...rest,
    workspace,
    inputs: {
      'api-key': s.apiKey,
      domain: 'docs.example.com',
      'base-url': s.baseUrl,
      'values-file': 'values.yaml',
      ...inputs,
    },
    secrets: [s.apiKey, ...(rest.secrets ?? [])],
  });
}

/** runPublish polling every second, not at the action's adaptive default; `options.inputs` adds. */
export function publishPolling(s: Service, options: PublishOptions = {}): Promise<ActionRun> {
  return runPublish(s, { ...options, inputs: { 'poll-interval': '1s', ...options.inputs } });
}

/** The agent sub-action (dist/agent) with the service's key, base-url and project. */
export async function runAgent(
  s: Service & { projectId: string },
  options: Omit<PublishOptions, 'values'> = {},
): Promise<ActionRun> {
  const { inputs, ...rest } = options;
  return runAction({
    ...rest,
    entry: 'dist/agent/index.js',
    actionFile: 'agent/action.yml',
    inputs: { 'api-key': s.apiKey, 'project-id': s.projectId, 'base-url': s.baseUrl, ...inputs },
    secrets: [s.apiKey, ...(rest.secrets ?? [])],
  });
}

/** The first `::error::` line of a run's log, or '' without one. */
export function errorLine(stdout: string): string {
  return stdout.split('\n').find((line) => line.startsWith('::error::')) ?? '';
}

/** The values a run masked (`::add-mask::`), unescaped as the runner reads workflow commands. */
export function maskedValues(stdout: string): string[] {
  return [...stdout.matchAll(/^::add-mask::(.*)$/gm)].map((m) =>
    m[1]!.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%'),
  );
}

/** Every encoding in which a secret could leak. */
export function secretForms(secret: string): string[] {
  return [
    secret,
    encodeURIComponent(secret),
    Buffer.from(secret).toString('base64'),
    Buffer.from(secret).toString('base64url'),
  ];
}

/**
 * Fails when any secret appears in what the action printed or summarised. `::add-mask::` lines are
 * the masking commands themselves (the runner consumes them and shows nothing) and are skipped.
 * runAction calls it on every run, and helpers/cli.ts on every command: tests do not.
 */
export function expectNoSecrets(
  run: Pick<ActionRun, 'stdout' | 'stderr' | 'summary'>,
  secrets: string[],
): void {
  const printed = `${run.stdout}\n${run.stderr}`
    .split('\n')
    .filter((line) => !line.startsWith('::add-mask::'))
    .join('\n');
  for (const secret of secrets.filter((s) => s.length >= 6)) {
    for (const form of secretForms(secret)) {
      expect(printed.includes(form), `a secret was printed: ${form.slice(0, 8)}…`).toBe(false);
      expect(run.summary.includes(form), `a secret is in the summary: ${form.slice(0, 8)}…`).toBe(
        false,
      );
    }
  }
}

/** The secret parts of a presigned link: its signature, raw and encoded, and the whole link. */
export function linkSignature(link: string): string[] {
  const url = new URL(link);
  return [link, url.searchParams.get('X-Amz-Signature') ?? ''];
}

/**
 * An `onStart` that sends SIGTERM (what a runner sends on cancel) once the output matches;
 * `signalledAt()` tells when (0: never).
 */
export function terminateWhen(pattern: RegExp | string): {
  onStart: NonNullable<RunOptions['onStart']>;
  signalledAt: () => number;
} {
  let at = 0;
  return {
    signalledAt: () => at,
    onStart: (child, output) => {
      const timer = setInterval(() => {
        const text = output();
        if (typeof pattern === 'string' ? text.includes(pattern) : pattern.test(text)) {
          clearInterval(timer);
          at = Date.now();
          child.kill('SIGTERM');
        }
      }, 20);
      child.on('close', () => clearInterval(timer));
    },
  };
}
