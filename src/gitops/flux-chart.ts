/**
 * The chart a render target names, as helm can render it (ChartInReach) or why it cannot: the one
 * rule the render check (publish/manifest-render.ts) and the proof's rendered level
 * (prove-flux.ts) share. A HelmRelease's chart is resolved as source-controller resolves it
 * (values/flux-source.ts), against the source objects the caller has: the proof gives its entry
 * point's build first, then the checkout's manifests (`sourceCandidates`).
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { ChartInReach, ChartOutOfReach } from '../helm/render-target.js';
import { resolveFluxChart, type ResolvedHint } from '../values/flux-source.js';
import { fluxRelease } from '../controllers/helm-controller.js';
import { fluxChartOf } from '../values/manifest.js';
import { isObject, type Data } from '../values/site.js';

/** A HelmRelease's chart, resolved against `objects`, with the release name and namespace. */
export function releaseChart(
  release: Data,
  objects: readonly Data[],
  root: string,
  repository: string | undefined,
): ChartInReach | ChartOutOfReach {
  const flux = fluxChartOf(release);
  const hint = flux.kind === 'flux' ? resolveFluxChart(flux, objects, root, repository) : flux;
  const meta = isObject(release.metadata) ? release.metadata : {};
  const name = typeof meta.name === 'string' ? meta.name : '';
  const namespace = typeof meta.namespace === 'string' ? meta.namespace : undefined;
  const spec = isObject(release.spec) ? release.spec : {};
  return chartOf(hint, root, fluxRelease(spec, name, namespace));
}

/**
 * The source objects a build's HelmRelease is resolved against: the build's own, then those of
 * the checkout that no object of the build shadows (the same kind and name, in the same namespace
 * or either without one). A build that defines `HelmRepository/mintlify` decides its URL,
 * whatever other clusters of the checkout say.
 */
export function sourceCandidates(build: readonly Data[], checkout: readonly Data[]): Data[] {
  const id = (o: Data) => {
    const meta = isObject(o.metadata) ? o.metadata : {};
    return { kind: o.kind, name: meta.name, namespace: meta.namespace };
  };
  const built = build.map(id);
  const shadowed = (o: Data) => {
    const one = id(o);
    return built.some(
      (b) =>
        b.kind === one.kind &&
        b.name === one.name &&
        (b.namespace === undefined || one.namespace === undefined || b.namespace === one.namespace),
    );
  };
  return [...build, ...checkout.filter((o) => !shadowed(o))];
}

export function chartOf(
  hint: ResolvedHint,
  path: string,
  { name, namespace }: { name: string; namespace?: string },
): ChartInReach | ChartOutOfReach {
  // Without a namespace, the controller's helm renders in `default`; the runner's helm would
  // take HELM_NAMESPACE or its kube context's. A HelmRelease that names none is applied where
  // whatever applies it says (a Flux Kustomization's targetNamespace, else `default`), which the
  // file cannot tell: `default` is the guess, and only a chart that reads .Release.Namespace cares.
  const release = { releaseName: name, namespace: namespace ?? 'default' };
  // A name a Flux Kustomization's postBuild substitutes (`name: ${APP}`) is no release name until
  // it is substituted: the proof renders the release as that Kustomization builds it.
  const variable = /\$\{[^}]*\}/.exec(`${name} ${namespace ?? ''}`)?.[0];
  if (variable)
    return {
      kind: 'out-of-reach',
      reason: `its release name or namespace holds ${variable}, which a Flux Kustomization's postBuild substitutes: rendered where an entry point builds it`,
    };
  if (hint.kind === 'helmCharts') {
    const home = resolve(dirname(path), hint.chartHome);
    // kustomize reads a chart it pulls (repo and version) from <chartHome>/<name>-<version>/<name>
    // only, never from an unversioned copy beside it; any other from <chartHome>/<name>.
    const dir =
      hint.repo && hint.version
        ? join(home, `${hint.name}-${hint.version}`, hint.name)
        : join(home, hint.name);
    const local = existsSync(join(dir, 'Chart.yaml')) ? dir : undefined;
    if (local) return { kind: 'chart', ref: local, ...release };
    if (hint.repo)
      return { kind: 'chart', ref: hint.name, version: hint.version, repo: hint.repo, ...release };
    return {
      kind: 'out-of-reach',
      reason: `chart ${hint.name} is not under its chartHome ${hint.chartHome} and the entry names no repo`,
    };
  }
  // A chart folder of this checkout (values/site.ts chartInCheckout found its Chart.yaml).
  if (hint.kind === 'path')
    return {
      kind: 'chart',
      ref: hint.path,
      ...(hint.chartValues ? { chartValues: hint.chartValues } : {}),
      ...release,
    };
  if (hint.kind === 'remote') {
    const { ref, version, repo, digest, plainHttp, origin, chartValuesIn } = hint;
    return {
      kind: 'chart',
      ref,
      version,
      repo,
      digest,
      plainHttp,
      origin,
      ...(chartValuesIn ? { chartValuesIn } : {}),
      ...release,
    };
  }
  return { kind: 'out-of-reach', reason: hint.reason };
}
