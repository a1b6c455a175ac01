/**
 * Checkouts laid out as GitOps repositories lay out what a cluster applies (test/fixtures/gitops,
 * sources in its README), for the proof through the cluster's composition: the fixture copied into
 * a new workspace with the test chart at charts/enterprise, run with kubectl on PATH, and the
 * overlay built afterwards as kustomize-controller builds it.
 */
import { execFile } from 'node:child_process';
import { cp, readdir, readFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { expect, inject } from 'vitest';
import { errorLine, newWorkspace, runPublish, type ActionRun } from './action.js';
import { GITOPS } from './gitops.js';
import { CHART, helmEnv, type HelmEnv } from './helm.js';
import { sim } from './sim.js';

/** The fixture folder `name` as a workspace of its own, with the vendor chart at charts/enterprise. */
export async function clusterWorkspace(name: string): Promise<string> {
  const ws = await newWorkspace();
  await cp(join(GITOPS, name), ws, { recursive: true });
  await cp(CHART, join(ws, 'charts', 'enterprise'), { recursive: true });
  return ws;
}

/** helm's environment with this kubectl on PATH too (the proof builds with it). */
export function clusterEnv(h: HelmEnv): Record<string, string> {
  return { ...h.env, PATH: `${dirname(inject('kubectl'))}:${h.env.PATH}` };
}

/** Every file of the workspace and its bytes (a refusal must leave them all as they were). */
export async function filesOf(ws: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await readdir(ws, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    out[relative(ws, path)] = (await readFile(path)).toString('base64');
  }
  return out;
}

/** A folder built as kustomize-controller builds it (no load restrictions, no helm). */
export async function kustomizeFlux(dir: string): Promise<string> {
  const { stdout } = await promisify(execFile)(
    inject('kubectl'),
    ['kustomize', '--load-restrictor', 'LoadRestrictionsNone', dir],
    { timeout: 60_000 },
  );
  return stdout;
}

/** The `proof` output, parsed. */
export function proofOf(run: ActionRun): unknown[] {
  return JSON.parse(run.outputs.proof ?? 'null') as unknown[];
}

const quick = { queuedMs: 50, runningMs: 300, pageCount: 5 };

/**
 * The built action in `ws` with helm 3 and kubectl on PATH, against a new simulator; `env` adds
 * what a runner sets (GITHUB_REF, GITHUB_BASE_REF, GITHUB_EVENT_PATH).
 */
export async function publishIn(
  ws: string,
  inputs: Record<string, string>,
  env: Record<string, string> = {},
) {
  const h = await helmEnv('helm3');
  const s = await sim({ export: quick });
  const run = await runPublish(s, { workspace: ws, env: { ...clusterEnv(h), ...env }, inputs });
  return { h, s, run };
}

/** A refusal: exit 1, no request, every file of `ws` as it was. Returns the error line. */
export async function refusedIn(
  ws: string,
  inputs: Record<string, string>,
  env: Record<string, string> = {},
): Promise<string> {
  const before = await filesOf(ws);
  const { s, run } = await publishIn(ws, inputs, env);
  expect(run.code, run.stdout).toBe(1);
  expect(s.requests).toHaveLength(0);
  expect(await filesOf(ws)).toEqual(before);
  return errorLine(run.stdout);
}
