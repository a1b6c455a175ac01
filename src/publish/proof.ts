/**
 * The render check's second half: the proof through what the cluster applies (src/gitops/). Each
 * values file of the run, with the placeholder link written as this run would write it, is built
 * through the entry points whose tree holds it and proven at the values level and, where the chart
 * is in reach (fetched with the render check's fetcher), the rendered level. A refusal stops the run before any request, naming the layer
 * that wins; a manifest no entry point applies stops it too (it would change no cluster this
 * repository describes); a plain values file nothing references is a warning (`required`: a
 * failure); one only an ApplicationSet, or an Application whose source is another repository,
 * reads is out of reach, and said to be. With helm-release,
 * the run's own rollout is every file's entry point.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { ChartFetcher } from '../helm/fetch.js';
import type { HelmSet } from '../helm/majors.js';
import { placeholderLink } from '../helm/render-check.js';
import { UserError } from '../shared/errors.js';
import { findOnPath } from '../shared/which.js';
import { readEventPayload } from '../github/event-payload.js';
import { checkoutPath } from '../gitops/files.js';
import { isByHand, isWarning, landingOf } from '../gitops/applies.js';
import { proveComposition } from '../gitops/proof.js';
import {
  describeRecord,
  isReaderElsewhere,
  type ProofRecord,
  type ProofTarget,
} from '../gitops/types.js';
import type { FilePlan } from '../values/plan.js';
import type { ValuesFileInput } from '../values/inputs.js';
import type { RunContext } from './job.js';

export async function proveThroughCluster(
  run: RunContext,
  plan: (file: ValuesFileInput, link: string) => FilePlan,
  /** helm, the render check's fetcher (a chart is pulled once per run) and its placeholder. */
  {
    helm,
    charts,
    placeholder = placeholderLink(),
    layersOnly = false,
    helms,
    parentsHelm,
  }: {
    helm: string | undefined;
    /** The run's helms: each chart is rendered with every major its controller may use. */
    helms?: HelmSet;
    charts?: ChartFetcher;
    placeholder?: { link: string; token: string };
    /** `render-check: off`: no chart rendered; only a layer that wins is refused. */
    layersOnly?: boolean;
    /** With layersOnly: helm for an app of apps' own chart, to find its children. */
    parentsHelm?: string;
  },
  /** Plain values files (absolute) that something outside the entry points reads (a helmfile). */
  readElsewhere: ReadonlySet<string> = new Set(),
): Promise<{ records: ProofRecord[]; empty?: string }> {
  const { inputs, reporter } = run;
  const first = inputs.valuesFiles[0];
  if (!first) return { records: [] };
  const root = resolve(first.root ?? process.cwd());
  const edited = new Map<string, string>();
  const targets: ProofTarget[] = [];
  for (const file of inputs.valuesFiles) {
    const rel = checkoutPath(root, file.path);
    if (rel.startsWith('..')) continue;
    const planned = plan(file, placeholder.link);
    edited.set(rel, planned.text);
    const chosen = planned.manifest?.chosen.map((c) => ({
      kind: c.target.kind,
      name: c.target.name,
      ...(c.target.namespace ? { namespace: c.target.namespace } : {}),
      label: c.label,
    }));
    targets.push({ file: rel, display: file.display, ...(chosen ? { chosen } : {}) });
  }
  const result = await proveComposition(
    {
      root,
      files: await run.checkout.files(root),
      targets,
      edited,
      clusterPaths: inputs.clusterPaths.map((p) => checkoutPath(root, p)),
      repository: process.env.GITHUB_REPOSITORY || undefined,
      // The default branch (Argo CD's HEAD) from the runner's event payload, when it has one.
      landing: landingOf(process.env, await readEventPayload(process.env.GITHUB_EVENT_PATH)),
    },
    {
      helm,
      kubectl: await findOnPath('kubectl'),
      helmArgs: inputs.helm?.extraArgs ?? [],
      signal: run.signal,
      redact: run.redactor.redact,
      placeholder,
      valuesKey: inputs.valuesKey,
      charts,
      layersOnly,
      ...(helms ? { helms } : {}),
      ...(parentsHelm ? { parentsHelm } : {}),
    },
  );
  if (!layersOnly)
    for (const record of result.records)
      if (isWarning(record)) reporter.warning(`Proof: ${describeRecord(record)}.`);
      else reporter.info(`Proof: ${describeRecord(record)}.`);
  if (result.refusals.length > 0)
    throw new UserError(
      `The proof through what the cluster applies found that it would not get the link: ${result.refusals.join(' ')} Nothing was sent and no file was changed.`,
    );
  if (layersOnly) {
    // Not "nothing wins": the Applications such a parent renders were not looked at.
    for (const parent of result.unrenderedParents)
      reporter.warning(
        `render-check is off, and ${parent}: a later layer of the Applications it renders (their helm.parameters, values, valueFiles) was not checked.`,
      );
    return { records: [] };
  }
  // With helm-release, the run rolls the files out itself: it is their entry point.
  if (!inputs.helm) unreached(run, result.unreachable);
  if (!inputs.helm && inputs.renderCheck === 'required') unproven(result.records);
  if (!inputs.helm && result.entries > 0) {
    const { manifests } = result.orphans;
    const plain = result.orphans.plain.filter((t) => !readElsewhere.has(resolve(root, t.file)));
    if (manifests.length > 0)
      throw new UserError(
        `${manifests.map((t) => t.display).join(', ')} ${manifests.length > 1 ? 'are' : 'is a'} GitOps manifest${manifests.length > 1 ? 's' : ''} that no entry point of this checkout applies (no Flux Kustomization's spec.path, Argo CD Application or cluster-path includes ${manifests.length > 1 ? 'them' : 'it'}): the link would change no cluster this repository describes. Check the path (a typo makes a new file nothing reads), include the file in a kustomization an entry point builds, or name the folder the cluster applies in cluster-path. Nothing was sent and no file was changed.`,
      );
    if (plain.length > 0) {
      const text = `${plain.map((t) => t.display).join(', ')}: no entry point of this checkout reads ${plain.length > 1 ? 'these values files' : 'this values file'} (no configMapGenerator, Application valueFiles or cluster-path folder names ${plain.length > 1 ? 'them' : 'it'}), so nothing shows the cluster will get the link from ${plain.length > 1 ? 'them' : 'it'}.`;
      if (inputs.renderCheck === 'required')
        throw new UserError(
          `render-check is required, and ${text} Reference the file where the cluster reads it, name the folder the cluster applies in cluster-path, or set render-check: auto. Nothing was sent and no file was changed.`,
        );
      reporter.warning(`${text} Check that something deploys it.`);
    }
  }
  const empty = inputs.helm ? undefined : emptyProof(root, result.records, targets);
  if (empty) reporter.notice(`Proof: ${empty}`);
  return { records: result.records, ...(empty ? { empty } : {}) };
}

/**
 * Why the proof is empty, in words (the log and the job summary): no release of this checkout
 * reads the files, so only the render check of the chart beside them speaks for them (whether it
 * rendered is the render check's own line: a chart it could not fetch is not rendered).
 */
function emptyProof(
  root: string,
  records: readonly ProofRecord[],
  targets: readonly ProofTarget[],
): string | undefined {
  if (records.length > 0 || targets.length === 0) return undefined;
  return targets
    .map(
      (t) =>
        `no release in this checkout reads ${t.display}; ${t.chosen ? 'only the chart its manifest names was checked, by the render check' : existsSync(join(root, dirname(t.file), 'Chart.yaml')) ? 'only the chart beside it was checked, by the render check' : 'nothing rendered a chart with it'}.`,
    )
    .join(' ');
}

/**
 * Files only an ApplicationSet this run cannot expand (gitops/argo/appset-expand.ts: generators
 * other than list and this repository's git) or an Application of another repository reads: nothing proves the link (`required`: a failure); said, with the
 * fix, never taken for an orphan.
 */
function unreached(run: RunContext, generated: readonly { target: ProofTarget; reason: string }[]) {
  if (generated.length === 0) return;
  const text = generated.map((g) => `${g.target.display}: ${g.reason}.`).join(' ');
  if (run.inputs.renderCheck === 'required')
    throw new UserError(
      `render-check is required, and the proof through what the cluster applies cannot reach ${generated.length > 1 ? 'these files' : 'this file'}: ${text} Or set render-check: auto. Nothing was sent and no file was changed.`,
    );
  run.reporter.warning(`Out of the proof's reach: ${text}`);
}

/**
 * `required`: a target an entry point builds but the proof could not check there (the entry's
 * source out of reach, no kubectl, a Secret layer whose values are unknown) fails the run, as a
 * skipped render check does, even where another entry point proved it: each entry point is a
 * cluster, or a part of one, that may not get the link. Only a build that holds the file but not
 * its reader (a HelmRelease another entry point applies) is covered by that other proof.
 */
function unproven(records: readonly ProofRecord[]) {
  const proven = new Set(records.filter((r) => r.level !== 'skipped').map((r) => r.target));
  // An Application synced by hand gets the link only once someone syncs it: not proven either.
  const byHand = records.filter(isByHand);
  if (byHand.length > 0)
    throw new UserError(
      `render-check is required, and ${byHand.map((r) => `${r.target} through ${r.entry}`).join('; ')} reaches the chart only once someone syncs it (${byHand.map((r) => r.reason).join('; ')}). Set spec.syncPolicy.automated on the Application, or set render-check: auto and sync it by hand. Nothing was sent and no file was changed.`,
    );
  const open = records.filter(
    (r) => r.level === 'skipped' && !(isReaderElsewhere(r) && proven.has(r.target)),
  );
  if (open.length === 0) return;
  throw new UserError(
    `render-check is required, and the proof through what the cluster applies could not check ${open.map((r) => `${r.target} through ${r.entry} (${r.reason})`).join('; ')}. Make what it names readable to this run (kubectl on PATH, the source in this checkout, cluster-path), or set render-check: auto. Nothing was sent and no file was changed.`,
  );
}
