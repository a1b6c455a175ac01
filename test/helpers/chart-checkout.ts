/**
 * A git checkout of GitOps manifests for the render check's chart sources (the sources are found
 * among its tracked files), a publish run of the built action in it with helm's environment, and
 * the Flux manifests of a chart named by spec.chartRef.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { newWorkspace, runPublish } from './action.js';
import type { HelmEnv } from './helm.js';
import { sim } from './sim.js';

const quick = { queuedMs: 50, runningMs: 300, pageCount: 3 };

/** A workspace that is a git checkout with these files tracked. */
export async function gitCheckout(files: Record<string, string>): Promise<string> {
  const ws = await newWorkspace(files);
  const git = (...args: string[]) => promisify(execFile)('git', ['-C', ws, ...args]);
  await git('init', '-q');
  await git('add', '.');
  return ws;
}

/** The built action publishing in `ws` against a fresh simulator; `secrets` are never printed. */
export async function publishIn(
  h: HelmEnv,
  ws: string,
  inputs: Record<string, string>,
  secrets: string[] = [],
) {
  const s = await sim({ export: quick });
  const run = await runPublish(s, {
    workspace: ws,
    env: h.env,
    inputs: { version: 'v9', ...inputs },
    secrets,
  });
  return { s, run };
}

/** The HelmRepository docs/mintlify at `url`. */
export const helmRepository = (url: string) => `apiVersion: source.toolkit.fluxcd.io/v1
kind: HelmRepository
metadata:
  name: mintlify
  namespace: docs
spec:
  interval: 5m
  url: ${url}
`;

/** An OCIRepository of the enterprise chart under `url`, pinned by `ref` (one YAML line). */
export const ociSource = (url: string, ref: string) => `apiVersion: source.toolkit.fluxcd.io/v1
kind: OCIRepository
metadata:
  name: enterprise
  namespace: docs
spec:
  interval: 10m
  insecure: true
  layerSelector:
    mediaType: "application/vnd.cncf.helm.chart.content.v1.tar+gzip"
    operation: copy
  url: ${url}/enterprise
  ref:
    ${ref}
`;

/** The HelmRelease docs/docs with `chart` (YAML lines of its spec, indented) and its values. */
export const docsRelease = (chart: string) => `apiVersion: helm.toolkit.fluxcd.io/v2
kind: HelmRelease
metadata:
  name: docs
  namespace: docs
spec:
  interval: 10m
${chart}  values:
    replicaCount: 2
`;

/** The HelmRelease docs whose spec.chartRef names `kind`/`name` (fluxcd.io's chartRef example). */
export const chartRefRelease = (kind: string, name: string) =>
  docsRelease(`  chartRef:\n    kind: ${kind}\n    name: ${name}\n`);
