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
import { inject } from 'vitest';
import { newWorkspace, type ActionRun } from './action.js';
import { GITOPS } from './gitops.js';
import { CHART, type HelmEnv } from './helm.js';

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
