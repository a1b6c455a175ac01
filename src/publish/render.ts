/**
 * The publish step that proves the chart reads the link before anything is sent: each place the
 * run writes becomes a render target (the release's chart with every values file, or the chart a
 * values file sits beside), rendered with a placeholder link by src/helm/render-check.ts. Not
 * found: the run stops here, before the export, with the path the chart does read when its
 * Chart.yaml shows it. A chart out of reach is skipped (`required`: a failure), unless the values
 * layers alone show a later one winning (helm/values-layers.ts; under `off` too: layers-off.ts).
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { findOnPath } from '../shared/which.js';
import { ChartFetcher } from '../helm/fetch.js';
import { HelmSet } from '../helm/majors.js';
import { checkTarget, placeholderLink, type RenderOutcome } from '../helm/render-check.js';
import type { RenderTarget } from '../helm/render-target.js';
import { valuesScopes } from '../values/plan.js';
import type { ChosenTarget, ValuesFileRef } from '../values/target.js';
import { sourceObjects } from '../values/source-objects.js';
import { isObject } from '../values/site.js';
import { checkoutPath } from '../gitops/files.js';
import { kustomizationRender } from '../gitops/post-render.js';
import { helmfileTargets } from './helmfile-render.js';
import { manifestTargets, valuesFromTarget, type SourceObjects } from './manifest-render.js';
import { readersOf } from '../controllers/helm-controller.js';
import { refuseNearMiss } from '../values/near-miss.js';
import type { PublishInputs } from './inputs.js';
import { majorsNote, notRead, report, requiredUnchecked } from './render-words.js';
import { currentTexts, helmfilesOf, readOutsideEntryPoints } from './render-scan.js';
import type { RunContext } from './job.js';
import { plannedText } from './planned.js';
import { isReaderElsewhere, type ProofRecord } from '../gitops/types.js';

/** What the render check found, for the `render-check` output and the summary. */
export interface RenderCheckResult {
  /** `true`: every target's chart renders the link; `skipped`: at least one could not be checked. */
  outcome: 'true' | 'skipped';
  outcomes: RenderOutcome[];
  /** Per target and entry point of the cluster, the level the proof reached (the `proof` output). */
  proof: ProofRecord[];
  /** Why the proof is empty (no release of the checkout reads the files), for the summary. */
  emptyProof?: string;
  /**
   * A helm major a controller may use that did not render, and the setup step that adds it
   * (render-words.ts majorsNote).
   */
  helmNote?: { text: string; step: string };
}

export async function checkRender(run: RunContext): Promise<RenderCheckResult | undefined> {
  const { inputs, reporter } = run;
  const texts = await currentTexts(inputs);
  if (inputs.renderCheck === 'off') {
    await guardNearMisses(inputs, texts, inputs.valuesFiles);
    const targets = async (link: string) =>
      renderTargets(inputs, texts, await fluxSources(run, texts), await helmfilesOf(run), link);
    return (await import('./layers-off.js')).checkLayersOff(run, texts, targets);
  }
  return reporter.group('Render check: does the chart read the link at values-key?', async () => {
    const helmfiles = await helmfilesOf(run);
    // One placeholder for every target and the proof: each file is planned with it once.
    const placeholder = placeholderLink();
    const targets = renderTargets(
      inputs,
      texts,
      await fluxSources(run, texts),
      helmfiles,
      placeholder.link,
    );
    const helm = await findOnPath('helm');
    // Every helm major a controller may render with (helm/majors.ts), found only when a chart
    // is rendered; the checkout's pins of the controllers' versions read then too.
    const first = inputs.valuesFiles[0]!;
    const scope = {
      clusterPaths: inputs.clusterPaths,
      repository: process.env.GITHUB_REPOSITORY || undefined,
    };
    const helms = new HelmSet(
      helm,
      (at) => run.checkout.helmPins(first.root ?? dirname(first.path), at, scope),
      process.env,
      run.signal,
    );
    const outcomes: RenderOutcome[] = [];
    // One fetcher for the run, the proof's too: a chart two targets name is pulled once.
    const charts = helm ? new ChartFetcher(helm, { signal: run.signal }) : undefined;
    let proof: ProofRecord[];
    let empty: string | undefined;
    try {
      for (const target of targets) {
        outcomes.push(
          await checkTarget(target, {
            helm,
            helmArgs: inputs.helm?.extraArgs ?? [],
            signal: run.signal,
            redact: run.redactor.redact,
            charts,
            placeholder,
            helms,
          }),
        );
      }
      for (const outcome of outcomes) if (outcome.kind !== 'skipped') report(run, outcome, inputs);
      const refused = outcomes.filter((o) => o.kind === 'missing' || o.kind === 'overridden');
      if (refused.length > 0) throw notRead(inputs, refused);
      // The proof through the cluster (gitops/) is loaded when a render check gets this far: the
      // bundle keeps it in a chunk of its own, which a run that never gets here does not load.
      const { proveThroughCluster } = await import('./proof.js');
      ({ records: proof, empty } = await proveThroughCluster(
        run,
        (file, link) => plannedText(inputs, file, texts.get(file.path) ?? '', link),
        { helm, charts, placeholder, helms },
        await readOutsideEntryPoints(run, helmfiles),
      ));
    } finally {
      await charts?.dispose();
    }
    // A target whose chart the file alone does not name (an overlay's patch) may still be
    // rendered through an entry point's build, which proves more: it is not skipped then.
    const rendered = new Set(proof.filter((r) => r.level === 'rendered').map((r) => r.target));
    const skipped = outcomes.filter((o) => o.kind === 'skipped' && !rendered.has(o.label));
    for (const outcome of skipped) report(run, outcome, inputs);
    // Where no chart proved it, the file itself must not show a near miss.
    if (skipped.length > 0)
      await guardNearMisses(
        inputs,
        texts,
        inputs.helm
          ? inputs.valuesFiles
          : targets.filter((_, i) => skipped.includes(outcomes[i]!)).map((t) => t.file),
      );
    if (skipped.length > 0 && inputs.renderCheck === 'required') throw requiredUnchecked(skipped);
    // `true` only when every reader the proof found was rendered (refusals stopped the run).
    const open = proof.filter(
      (r) => r.level !== 'rendered' && !(isReaderElsewhere(r) && rendered.has(r.target)),
    );
    // Not a refusal: most runners have one helm. Said in the log and the summary instead.
    const helmNote = majorsNote(outcomes, proof);
    if (helmNote) run.reporter.notice(`Render check: ${helmNote.text}\n${helmNote.step}`);
    return {
      outcome: skipped.length > 0 || open.length > 0 ? 'skipped' : 'true',
      outcomes,
      proof,
      ...(empty ? { emptyProof: empty } : {}),
      ...(helmNote ? { helmNote } : {}),
    };
  });
}

/**
 * The Flux source objects HelmReleases among the values files may name (values/source-objects.ts),
 * read only when one of them is a Flux manifest. Where a values file may be read through a
 * HelmRelease's valuesFrom (a ConfigMap or Secret, or a plain values file with no chart beside
 * it, which a kustomize generator may make one of), the HelmReleases, ConfigMaps and Secrets too.
 */
async function fluxSources(
  run: RunContext,
  texts: Map<string, string>,
): Promise<SourceObjects | undefined> {
  const { inputs } = run;
  const readers =
    !inputs.helm &&
    inputs.valuesFiles.some(
      (file) =>
        /^kind:\s*(ConfigMap|Secret)\b/m.test(texts.get(file.path) ?? '') ||
        !existsSync(join(dirname(file.path), 'Chart.yaml')),
    );
  if (!readers && ![...texts.values()].some((text) => text.includes('helm.toolkit.fluxcd.io/')))
    return undefined;
  const first = inputs.valuesFiles[0]!;
  const root = first.root ?? dirname(first.path);
  return {
    // The run's one listing of the checkout (publish/checkout.ts); no file of a folder git does
    // not track: what the cluster can be given.
    ...(await sourceObjects(texts.values(), root, await trackedFiles(run, root), readers)),
    root,
    repository: process.env.GITHUB_REPOSITORY || undefined,
  };
}

async function trackedFiles(run: RunContext, root: string): Promise<string[]> {
  const listing = await run.checkout.listing(root);
  return listing.tracked ? listing.files : [];
}

/**
 * The places the run writes, as render targets. With helm-release: the release's chart, with
 * every values file in order (as the rollout passes them). Without: each values file beside a
 * Chart.yaml (an umbrella chart's own values.yaml) is rendered with that chart; each manifest
 * target with the chart it names, where that is in reach (manifest-render.ts); others have no
 * chart in reach.
 */
export function renderTargets(
  inputs: PublishInputs,
  texts: Map<string, string>,
  sources?: SourceObjects,
  helmfiles: ReadonlyMap<string, { path: string; text: string }[]> = new Map(),
  /** A link to plan each file with, only to see what it is (the run's placeholder). */
  probeLink = 'https://probe.invalid/',
): FileRenderTarget[] {
  const key = inputs.valuesKey.join('.');
  const withLink = (file: { path: string; display: string }, link: string) => ({
    name: file.display,
    yaml: plannedText(inputs, file, texts.get(file.path) ?? '', link).text,
  });
  if (inputs.helm) {
    const helm = inputs.helm;
    return [
      {
        file: inputs.valuesFiles[0]!,
        label: `helm-release ${helm.release} (chart ${helm.chart})`,
        valuesKey: key,
        chart: {
          kind: 'chart',
          ref: helm.chart,
          version: helm.chartVersion,
          releaseName: helm.release,
          namespace: helm.namespace,
        },
        renderer: 'own',
        values: (link) => inputs.valuesFiles.map((file) => withLink(file, link)),
      },
    ];
  }
  return inputs.valuesFiles.flatMap((file): FileRenderTarget[] => {
    const text = texts.get(file.path) ?? '';
    const probe = plannedText(inputs, file, text, probeLink);
    if (probe.manifest)
      return manifestTargets(
        file,
        probe.manifest.chosen,
        key,
        (link) => plannedText(inputs, file, text, link),
        sources && { ...sources, root: file.root ?? sources.root },
      ).map((target, i) => ({
        ...target,
        ...helmChartsPatches(inputs, file, text, probe.manifest!.chosen[i]!),
        ...rendererOf(probe.manifest!.chosen[i]!),
        // The file itself places the release in the clusters whose entry points read it.
        at: file.path,
        file,
        // A layer the manifest names (a kustomize valuesFile or additionalValuesFiles entry) that
        // is itself a values file of this run is read as this run writes it, not as it is.
        values: (link: string) =>
          target.values(link).map((layer) => {
            const written =
              'file' in layer && inputs.valuesFiles.find((f) => f.path === layer.file);
            return written ? withLink(written, link) : layer;
          }),
      }));
    const root = file.root ?? dirname(file.path);
    const listed = helmfileTargets(file, helmfiles.get(root) ?? [], root, key, (link) =>
      withLink(file, link),
    );
    if (listed.length > 0) return listed;
    const chartDir = dirname(file.path);
    const beside = existsSync(join(chartDir, 'Chart.yaml'));
    const generated = beside ? undefined : generatedTarget(file, key, sources, withLink);
    if (generated) return [generated];
    return [
      {
        file,
        label: file.display,
        valuesKey: key,
        chart: beside
          ? { kind: 'chart', ref: chartDir }
          : {
              kind: 'out-of-reach',
              reason:
                "no chart in reach (set helm-release and helm-chart, or keep the values file beside its chart's Chart.yaml)",
            },
        values: (link) => [withLink(file, link)],
      },
    ];
  });
}

/**
 * A plain values file a kustomize generator makes a ConfigMap or Secret of: rendered with the
 * chart of the HelmRelease that reads it (the first generator that one reads, when several list
 * the file).
 */
function generatedTarget(
  file: ValuesFileRef,
  valuesKey: string,
  sources: SourceObjects | undefined,
  withLink: (file: ValuesFileRef, link: string) => { yaml: string },
): FileRenderTarget | undefined {
  const made = (sources?.generated ?? []).flatMap(({ object, files }) =>
    [...files].filter(([, path]) => path === file.path).map(([key]) => ({ object, key })),
  );
  if (!sources || made.length === 0) return undefined;
  const named = made.map(({ object, key }) => {
    const meta = object.metadata as { name: string; namespace?: string };
    return { kind: String(object.kind), name: meta.name, namespace: meta.namespace, key };
  });
  const source = named.find((one) => readersOf(one, sources.objects).length > 0) ?? named[0]!;
  const label = `${file.display} (${source.kind}/${source.name}[${source.key}], generated)`;
  const text = (link: string) => withLink(file, link).yaml;
  return {
    ...valuesFromTarget(label, source, text, valuesKey, sources, file.display),
    renderer: 'flux',
    at: file.path,
    file,
  };
}

/**
 * A kustomization's patches apply over the charts it inflates: where it has any, the render is
 * the whole kustomization built with `--enable-helm` (gitops/post-render.ts).
 */
function helmChartsPatches(
  inputs: PublishInputs,
  file: ValuesFileRef,
  text: string,
  chosen: ChosenTarget,
): Pick<FileRenderTarget, 'postRender'> {
  if (chosen.target.chart.kind !== 'helmCharts') return {};
  const data: unknown = parseAllDocuments(text)[chosen.target.doc]?.toJS();
  if (!isObject(data)) return {};
  const root = file.root ?? dirname(file.path);
  const post = kustomizationRender(
    root,
    checkoutPath(root, file.path),
    data,
    (link) => plannedText(inputs, file, text, link).text,
    { kubectl: () => findOnPath('kubectl'), helm: () => findOnPath('helm') },
  );
  return post ? { postRender: post } : {};
}

/**
 * Who renders a manifest target's chart: helm-controller for a HelmRelease and the ConfigMaps and
 * Secrets it reads, Argo CD for an Application; a kustomization's helmCharts say nobody (both).
 */
function rendererOf(chosen: ChosenTarget): Pick<FileRenderTarget, 'renderer'> {
  const { kind, chart } = chosen.target;
  if (chart.kind === 'flux' || ['HelmRelease', 'ConfigMap', 'Secret'].includes(kind))
    return { renderer: 'flux' };
  return kind === 'Application' || kind === 'ApplicationSet' ? { renderer: 'argo' } : {};
}

/** A render target, and the values file it stands for (for the near-miss guard of a skip). */
export type FileRenderTarget = RenderTarget & { file: { path: string; display: string } };

/** The near-miss guard on each file no render proved (values/near-miss.ts). */
async function guardNearMisses(
  inputs: PublishInputs,
  texts: Map<string, string>,
  files: readonly { path: string; display: string }[],
): Promise<void> {
  for (const file of files) {
    const text = texts.get(file.path) ?? '';
    const chartYaml = join(dirname(file.path), 'Chart.yaml');
    const chart = existsSync(chartYaml) ? await readFile(chartYaml, 'utf8') : undefined;
    for (const scope of valuesScopes(text, file, inputs.valuesKey, inputs.valuesDocuments))
      refuseNearMiss(
        scope.root,
        scope.text,
        scope.display,
        inputs.valuesKey,
        scope.manifest ? undefined : chart,
      );
  }
}
