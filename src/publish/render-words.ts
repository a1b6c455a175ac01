/**
 * The render check in words: the chart a target rendered, and the refusal when a later values
 * layer wins over the link or no template of the vendor chart renders it.
 */
import { UserError } from '../shared/errors.js';
import type { RenderedChart, RenderOutcome } from '../helm/render-check.js';
import { majorsText, otherMajorSnippet, type HelmMajor } from '../helm/majors.js';
import { renderedMajorsText } from '../helm/render-majors.js';
import type { ProofRecord } from '../gitops/types.js';
import type { PublishInputs } from './inputs.js';
import type { RunContext } from './job.js';

/** `enterprise 1.4.0 (chart repository https://…, HelmRepository docs/mintlify)`. */
export function renderedChart(chart: RenderedChart): string {
  return `${chart.name}${chart.version ? ` ${chart.version}` : ''} (${chart.from}${chart.origin ? `, ${chart.origin}` : ''})`;
}

/**
 * The refusal: a later values layer wins over what this run would write, or no template of the
 * vendor chart renders it. Each has its own words: a layer that wins is no values-key mistake.
 */
export function notRead(inputs: PublishInputs, missing: RenderOutcome[]): UserError {
  const key = inputs.valuesKey.join('.');
  if (missing.every((o) => o.kind === 'overridden'))
    return new UserError(
      `The render check ${heading(missing)} what this run writes: ${missing.map(overriddenText).join(' ')} Nothing was sent and no file was changed.`,
    );
  const details = missing
    .map((o) => {
      if (o.kind === 'overridden') return overriddenText(o);
      if (o.kind !== 'missing') return '';
      const reads = o.readsAt
        ? ` The chart reads the vendor chart's values at ${o.readsAt}: set values-key: ${o.readsAt}.`
        : '';
      const chart = o.chart ? ` (chart ${renderedChart(o.chart)})` : '';
      // A pinned major: the render is that major's, which another may not share. Said only
      // where every pinned major rendered.
      const pinned =
        o.helm?.pinnedBy && o.helm.unrendered.length === 0
          ? ` It was rendered with ${majorsText(o.helm.rendered)}, as ${o.helm.pinnedBy} says the controller runs.`
          : '';
      return `${o.label}: none of the ${o.rendered} documents the vendor chart renders${chart} holds the link written at values-key ${key}.${reads}${pinned}`;
    })
    .join(' ');
  return new UserError(
    `The render check found that the chart does not read the link: ${details} A run would write it where nothing reads it, and the site would never change. Nothing was sent and no file was changed. Check values-key (and helm-args --set flags that override it), or set render-check: off if a template reads the link in a way the check cannot see.`,
  );
}

/** The refusal's words for its targets: each overridden, each unchecked, or some of both. */
function heading(missing: readonly RenderOutcome[]): string {
  const unchecked = missing.filter((o) => o.kind === 'overridden' && o.unchecked).length;
  if (unchecked === 0) return 'found that the chart would not get';
  if (unchecked === missing.length) return 'could not show that the chart would get';
  return 'found that the chart would not get (or could not show that it would get)';
}

function overriddenText(o: Extract<RenderOutcome, { kind: 'overridden' }>): string {
  const fix =
    o.fix ?? `Remove it there, or name ${o.by} in values-file so the link is written there too.`;
  if (o.unchecked)
    return `${o.label}: this run could not read ${o.by} as helm does (${o.unchecked}), and no values layer it could read holds the link at ${o.key}, so what the chart gets there could not be checked. ${fix}`;
  return `${o.label}: ${o.by} sets ${o.key} after the values this run writes, so the chart would get that value instead. ${fix}`;
}

/** `render-check: required` and a target whose chart could not be checked: the run stops. */
export function requiredUnchecked(skipped: readonly RenderOutcome[]): UserError {
  return new UserError(
    `render-check is required, but ${skipped.map((o) => `${o.label} could not be checked (${o.kind === 'skipped' ? o.reason : ''})`).join('; ')}. Make the chart reachable, or set render-check: auto to publish without the proof. Nothing was sent.`,
  );
}

/** One target's outcome in the log: rendered (and whether the pods roll), or skipped and why. */
export function report(run: RunContext, outcome: RenderOutcome, inputs: PublishInputs): void {
  if (outcome.kind === 'found') {
    const chart = outcome.chart ? ` ${renderedChart(outcome.chart)}` : '';
    if (outcome.unread)
      // Values passed before the link's cannot win over it, but they can turn off what reads it.
      run.reporter.notice(
        `Render check: ${outcome.label}: the chart${chart} renders the link (${outcome.documents.join(', ')}) without ${outcome.unread}, which the controller passes before the values this run writes: check that they do not turn off the part of the chart that reads it.`,
      );
    else
      run.reporter.info(
        `Render check: ${outcome.label}: the chart${chart} renders the link (${outcome.documents.join(', ')})${outcome.helm ? ` with ${renderedMajorsText(outcome.helm)}` : ''}.`,
      );
    if (outcome.rollout === 'config-only')
      run.reporter.warning(
        `Render check: ${outcome.label}: the link lands only in ${outcome.documents.join(', ')}, which no pod template checksums: ${inputs.helm ? 'the release is upgraded but its pods are not rolled' : 'applying it rolls no pods'}, and they fetch the bundle when they start, so the new content goes live only when they next restart. Add a checksum annotation of that ConfigMap or Secret to the pod template, or restart the pods (kubectl rollout restart) after this step.`,
      );
  } else if (outcome.kind === 'skipped')
    run.reporter.notice(`Render check skipped for ${outcome.label}: ${outcome.reason}.`);
}

/**
 * The assumption a run makes when a controller may render with a helm major this runner has no
 * helm of: which major rendered, that the controller may use the other, and the step that adds
 * it. Undefined when every major a controller may use rendered.
 */
export function majorsNote(
  outcomes: readonly RenderOutcome[],
  proof: readonly ProofRecord[],
): { text: string; step: string } | undefined {
  const rendered = new Set<number>();
  const missing = new Set<number>();
  const pins = new Set<string>();
  for (const o of outcomes)
    if (o.kind === 'found' && o.helm) {
      o.helm.rendered.forEach((m) => rendered.add(m));
      o.helm.unrendered.forEach((m) => missing.add(m));
      if (o.helm.unrendered.length > 0 && o.helm.pinnedBy) pins.add(o.helm.pinnedBy);
    }
  for (const r of proof) {
    r.helm?.forEach((m) => rendered.add(m));
    r.helmUnrendered?.forEach((m) => missing.add(m));
    if (r.helmUnrendered?.length && r.helmPinnedBy) pins.add(r.helmPinnedBy);
  }
  if (missing.size === 0) return undefined;
  const other = [...missing].sort() as HelmMajor[];
  const why =
    pins.size > 0
      ? `${[...pins].join('; ')} says the controller renders with ${majorsText(other)}`
      : `the checkout does not say which helm the controller renders with (Flux 2.8 and later and Argo CD 3.5 and later use Helm 4, earlier ones Helm 3), so it may use ${majorsText(other)}`;
  return {
    text: `The charts were rendered with ${rendered.size > 0 ? majorsText([...rendered]) : 'the helm on PATH'} only: ${why}, which reads some files differently (a values file of several YAML documents: Helm 3 reads the first, Helm 4 merges them), and this runner has no helm of that major, so that major is not proven. To render with both, add a step before this one:`,
    step: other.map(otherMajorSnippet).join('\n'),
  };
}
