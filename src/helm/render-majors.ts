/**
 * A chart rendered with each helm major its controller may use (majors.ts): the reader is proven
 * only when every one of them renders the link. A difference is a refusal before any request,
 * naming what one major reads differently where the files show it (a values file of several YAML
 * documents: Helm 3 reads the first, Helm 4 merges them), and the two fixes.
 */
import { readFile, readdir } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { documentsOf } from '../shared/documents.js';
import { UserError } from '../shared/errors.js';
import { helmDocuments } from '../shared/go-yaml.js';
import { printable } from '../shared/text.js';
import { detectHelmVersion, tail } from './helm.js';
import {
  majorsText,
  type HelmBinary,
  type HelmMajor,
  type HelmPlan,
  type Renderer,
} from './majors.js';

/** The majors a chart was rendered with (the `proof` records' `helm`), and those left out. */
export interface RenderedMajors {
  rendered: HelmMajor[];
  /** Majors the controller may use that this runner has no helm of: not proven. */
  unrendered: HelmMajor[];
  /** The file that pins the controller's version, where one does. */
  pinnedBy?: string;
}

/** One render with one helm: failed (helm's words), or whether the link is in its output. */
export type MajorRender = { failed: string } | { holds: boolean };

/**
 * Renders with each helm of the plan after the first (whose render is `first`), and refuses on a
 * difference. `files`: the values files passed, and the chart's folder, to say why they differ.
 */
export async function acrossMajors(
  plan: HelmPlan,
  first: boolean,
  renderWith: (helm: string) => Promise<MajorRender>,
  about: { label: string; renderer?: Renderer; chartDir: string; files: readonly string[] },
): Promise<RenderedMajors> {
  const rendered = plan.helms.map((h) => h.major).filter((m) => m !== undefined);
  for (const [i, helm] of plan.helms.entries()) {
    if (i === 0) continue;
    const other = await renderWith(helm.path);
    if (!('failed' in other) && other.holds === first) continue;
    const [a, b] = [await named(plan.helms[0]!), await named(helm)];
    const may = whyBoth(plan, about.renderer);
    if ('failed' in other)
      throw new UserError(
        `The render check rendered ${about.label} with ${a} and ${b}, ${may}: ${b} fails (${printable(tail(other.failed, 4))}). The cluster may fail the same way: fix the chart or the values so that both render, or ${otherFix(about.renderer, false)}. Nothing was sent and no file was changed.`,
      );
    const [renders, not] = first ? [a, b] : [b, a];
    const why = await differences(about.chartDir, about.files);
    throw new UserError(
      `The render check rendered ${about.label} with ${a} and ${b}, ${may}: ${renders} renders the link, ${not} does not.${why ? ` ${why}` : ''} ${why ? 'Make that file one YAML document (both majors read it alike then)' : 'Make the values read alike by both'}, or ${otherFix(about.renderer, true)}. Nothing was sent and no file was changed.`,
    );
  }
  return {
    rendered,
    unrendered: plan.unrendered,
    ...(plan.pin ? { pinnedBy: plan.pin.by } : {}),
  };
}

/**
 * The fix besides the values: a controller's version pinned in the checkout (majors.ts reads it);
 * for a chart no controller renders here (beside its Chart.yaml, a helmfile release, helmCharts),
 * which no pin decides, only the helm the chart is deployed with on the runner.
 */
function otherFix(renderer: Renderer | undefined, named: boolean): string {
  if (renderer === 'flux' || renderer === 'argo')
    return named
      ? "pin the controller's version in the checkout (a FluxInstance's spec.distribution.version, the helm-controller or Argo CD image tag) so that only the major it runs renders"
      : "pin the controller's version in the checkout";
  return 'leave on the runner only the helm major this chart is deployed with (the other is then said not to be rendered)';
}

/** `Helm 4 (v4.2.3)`: the version read only for a refusal (a `helm version` run). */
async function named(helm: HelmBinary): Promise<string> {
  const version = helm.version ?? (await detectHelmVersion(helm.path).catch(() => undefined));
  return `Helm ${helm.major ?? version?.major ?? '?'}${version ? ` (${version.version})` : ''}`;
}

/** Why both majors render: the pin allows both, or the checkout does not say which. */
function whyBoth(plan: HelmPlan, renderer: Renderer | undefined): string {
  if (plan.pin) return `as ${plan.pin.by} allows both`;
  const outside = plan.outside ? `; ${plan.outside}` : '';
  if (renderer === 'flux')
    return `as the checkout does not say which Flux version renders it (Flux 2.8 and later render with Helm 4, earlier ones with Helm 3${outside})`;
  if (renderer === 'argo')
    return `as the checkout does not say which Argo CD version renders it (Argo CD 3.5 and later render with Helm 4, earlier ones with Helm 3${outside})`;
  return 'as the checkout does not say which helm renders it';
}

/**
 * What the two majors read differently, where the files show it: a values file (or a chart's
 * own values.yaml, its subcharts' too) of several YAML documents.
 */
async function differences(chartDir: string, files: readonly string[]): Promise<string> {
  const subcharts = await readdir(join(chartDir, 'charts')).catch(() => []);
  const candidates = [
    ...files,
    join(chartDir, 'values.yaml'),
    ...subcharts.map((name) => join(chartDir, 'charts', name, 'values.yaml')),
  ];
  const found: string[] = [];
  for (const file of candidates) {
    const text = await readFile(file, 'utf8').catch(() => undefined);
    if (text === undefined) continue;
    let count: number;
    try {
      count = helmDocuments(documentsOf(text)).length;
    } catch {
      continue;
    }
    // A fetched chart's files are named inside the chart, not by the cache they sit in.
    const rel = relative(process.cwd(), file);
    const name = rel.startsWith('..') ? relative(dirname(chartDir), file) : rel;
    if (count > 1) found.push(`${printable(name)} holds ${count} YAML documents`);
  }
  return found.length > 0
    ? `${found.join('; ')}: Helm 3 reads only the first, Helm 4 merges them all.`
    : '';
}

/** `Helm 3 and 4`; with the majors the controller may use that did not render. */
export function renderedMajorsText(majors: RenderedMajors): string {
  // A helm whose major neither its build info nor `helm version` says rendered alone.
  if (majors.rendered.length === 0)
    return `the helm on PATH, whose major could not be read${majors.unrendered.length > 0 ? ` (so ${majorsText(majors.unrendered)} not proven)` : ''}`;
  const text = majorsText(majors.rendered);
  return majors.unrendered.length > 0
    ? `${text} (not ${majorsText(majors.unrendered)}, which this runner does not have)`
    : text;
}
