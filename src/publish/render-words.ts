/**
 * The render check in words: the chart a target rendered, and the refusal when a later values
 * layer wins over the link or no template of the vendor chart renders it.
 */
import { UserError } from '../shared/errors.js';
import type { RenderedChart, RenderOutcome } from '../helm/render-check.js';
import type { PublishInputs } from './inputs.js';

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
      return `${o.label}: none of the ${o.rendered} documents the vendor chart renders${chart} holds the link written at values-key ${key}.${reads}`;
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
