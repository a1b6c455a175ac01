/** Runs the built command line (dist/cli/index.js) as a CI job would, and scans what it printed. */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, inject } from 'vitest';
import { ServiceClient } from '../../src/api/client.js';
import type { Simulator } from '../../simulator/server.js';
import { expectNoSecrets, linkSignature, newWorkspace, NODE24_ENV } from './action.js';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const CLI = join(ROOT, 'dist/cli/index.js');
export const BASIC = readFileSync(
  new URL('../fixtures/values/basic.yaml', import.meta.url),
  'utf8',
);
export const quick = { queuedMs: 100, runningMs: 1200, pageCount: 7 };
export const STAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ /;

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
  durationMs: number;
  /** When the process exited (epoch ms), to time a stop against the signal that caused it. */
  exitedAt: number;
  workspace: string;
}

export interface CliOptions {
  workspace?: string;
  /** The key in MINTLIFY_ADMIN_KEY (undefined: not set). */
  key?: string;
  env?: Record<string, string>;
  node?: string;
  /** More values that must appear nowhere (the dotenv report is scanned too). */
  secrets?: string[];
  dotenv?: string;
  onStart?: (child: ChildProcess, stderr: () => string) => void;
}

/** Runs the built command under Node 24 as a CI job would: no terminal, a plain environment. */
export async function cli(args: string[], options: CliOptions = {}): Promise<CliRun> {
  const workspace = options.workspace ?? (await newWorkspace());
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? '/tmp',
    ...NODE24_ENV,
    ...(options.key !== undefined ? { MINTLIFY_ADMIN_KEY: options.key } : {}),
    ...options.env,
  };
  const started = Date.now();
  const child = spawn(options.node ?? inject('node24'), [CLI, ...args], {
    cwd: workspace,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  options.onStart?.(child, () => stderr);
  const code = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('close', (exit) => {
      clearTimeout(timer);
      resolve(exit);
    });
  });
  const exitedAt = Date.now();
  const run = { code, stdout, stderr, durationMs: exitedAt - started, exitedAt, workspace };
  expect(stderr, 'the command printed a Node.js warning').not.toMatch(/^\(node:\d+\) .*Warning\b/m);
  // Every stream, and the files written for later jobs, are scanned for the key and the link.
  const values = await readFile(join(workspace, 'values.yaml'), 'utf8').catch(() => '');
  const link = /bundleUrl: "([^"]+)"/.exec(values)?.[1];
  const report = options.dotenv ? await readFile(options.dotenv, 'utf8').catch(() => '') : '';
  // Where the link is in no file (a dry run), its query must still appear nowhere.
  for (const text of [stdout, stderr, report])
    expect(text).not.toMatch(/X-Amz-(Signature|Credential)/);
  expectNoSecrets({ stdout, stderr, summary: report }, [
    options.key ?? '',
    ...(link ? linkSignature(link) : []),
    ...(options.secrets ?? []),
  ]);
  return run;
}

export function outputsOf(stdout: string): Record<string, string> {
  return Object.fromEntries(
    stdout
      .trimEnd()
      .split('\n')
      .filter(Boolean)
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

export function bundleUrlIn(values: string): string {
  return /bundleUrl: "([^"]+)"/.exec(values)![1]!;
}

/** Progress for a CI log: every line stamped, nothing a terminal would interpret. */
export function expectPlainLog(stderr: string): void {
  expect(stderr).not.toMatch(/[\r\x1b\x07\x08]/);
  for (const line of stderr.trimEnd().split('\n')) expect(line).toMatch(STAMP);
}

export async function withClient<T>(
  s: Simulator,
  fn: (c: ServiceClient) => Promise<T>,
): Promise<T> {
  const client = new ServiceClient({ baseUrl: s.baseUrl, apiKey: s.apiKey });
  try {
    return await fn(client);
  } finally {
    await client.close();
  }
}

export function hasScript(): boolean {
  return existsSync('/usr/bin/script') && process.platform === 'linux';
}

export async function mkdirFor(file: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
}
