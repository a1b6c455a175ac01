/**
 * The render check: before anything is sent, render the chart with `helm template`, with a
 * placeholder link written exactly where this run would write the real one, and look for it in
 * what the vendor chart renders. A link written where no template reads it (a top-level
 * `staticExport` in an umbrella chart, a key one letter off) never reaches a pod: the run must
 * refuse before it exports anything, not exit 0 with a site that never changes.
 */
import { randomBytes } from 'node:crypto';
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { parse } from 'yaml';
import { StoppedError, UserError } from '../shared/errors.js';
import { Redactor, userInfoSecrets } from '../shared/secrets.js';
import { printable } from '../shared/text.js';
import { VENDOR_CHART, vendorValuesKey } from '../shared/vendor-chart.js';
import { hideUserInfo, isLocalChart } from './chart-source.js';
import { ChartFetcher } from './fetch.js';
import { runHelm, tail } from './helm.js';
import { pinnedMissing, type HelmSet } from './majors.js';
import { acrossMajors, type RenderedMajors } from './render-majors.js';
import { holds, renderedDocuments, rolloutOf, type Rollout } from './rendered.js';
import { setLayer, valueFlags } from './set-flags.js';
import { overridingLayer, type Overriding } from './values-layers.js';
import type { ChartInReach, RenderTarget } from './render-target.js';
import { diskScratch } from '../shared/scratch.js';

export { renderedDocuments, type Rollout } from './rendered.js';
export { valueFlags } from './set-flags.js';

export type RenderCheckMode = 'auto' | 'required' | 'off';

/** The chart the check rendered: its name and version, and where it came from. */
export interface RenderedChart {
  name: string;
  version: string;
  /** `chart repository https://…`, `OCI registry oci://…`, `a folder of the checkout`. */
  from: string;
  /** The manifest that names the source (`HelmRepository docs/mintlify`), when one does. */
  origin?: string;
}

export type RenderOutcome =
  /** `unread`: values the controller passes first that the render could not read (a notice). */
  | {
      kind: 'found';
      label: string;
      documents: string[];
      unread?: string;
      chart?: RenderedChart;
      rollout?: Rollout;
      /** The helm majors that rendered it (render-majors.ts), when the run's helms are known. */
      helm?: RenderedMajors;
    }
  | {
      kind: 'missing';
      label: string;
      rendered: number;
      readsAt: string | undefined;
      chart?: RenderedChart;
      helm?: RenderedMajors;
    }
  | { kind: 'skipped'; label: string; reason: string }
  /** A later values layer sets a key this run writes to something else: the link would lose. */
  | ({ kind: 'overridden'; label: string } & Overriding);

/** How long one `helm template` may take (a pull has its own limit, fetch.ts FETCH_TIMEOUT_MS). */
const RENDER_TIMEOUT_MS = 120_000;

/** A link no real value could hold, with a token that survives JSON and URL escaping. */
export function placeholderLink(): { link: string; token: string } {
  const token = `rendercheck${randomBytes(12).toString('hex')}`;
  return {
    link: `https://render-check.invalid/${token}/site.tar.gz?X-Amz-Signature=${token}`,
    token,
  };
}

export interface RenderOptions {
  /** The helm binary; undefined when none is on PATH (a chart is then skipped, not rendered). */
  helm: string | undefined;
  /** helm-args, as given (only the value-setting flags are used). */
  helmArgs: readonly string[];
  signal?: AbortSignal;
  redact: (text: string) => string;
  /** helm's environment (tests: a private HOME); the process's own by default. */
  env?: NodeJS.ProcessEnv;
  /** The run's fetcher (each chart pulled once per run); one for this target alone without. */
  charts?: ChartFetcher;
  /** The placeholder already written where the target's values come from (a GitOps build's). */
  placeholder?: { link: string; token: string };
  /**
   * The run's helms (majors.ts): the chart is rendered with each major its controller may use.
   * Without: `helm` alone.
   */
  helms?: HelmSet;
}

/** helm's words for a local chart whose dependencies are not in its charts/ folder. */
const MISSING_DEPENDENCIES = /missing in charts\/ directory|dependencies.*not.*(built|found)/i;

/** Renders one target with the placeholder and says whether the vendor chart's output holds it. */
export async function checkTarget(
  target: RenderTarget,
  options: RenderOptions,
): Promise<RenderOutcome> {
  const { label } = target;
  const { link, token } = options.placeholder ?? placeholderLink();
  // Decided by the files alone, rendered or not: the chart cannot show which layer won. The
  // --set flags of the tool that installs the chart (a helmfile's set entries) and of helm-args
  // come last, as helm applies them.
  const overriding = await overridingLayer(
    [
      ...target.values(link),
      ...(target.setFlags
        ? (target.setFlags.layers?.(target.valuesKey) ??
          setLayer(target.setFlags.flags, target.valuesKey, target.setFlags.source))
        : []),
      ...setLayer(options.helmArgs, target.valuesKey),
    ],
    target.valuesKey,
    link,
  );
  if (overriding) return { kind: 'overridden', label, ...overriding };
  if (target.chart.kind === 'out-of-reach')
    return { kind: 'skipped', label, reason: target.chart.reason };
  if (!options.helm) return { kind: 'skipped', label, reason: 'helm is not on PATH' };
  const chart = target.chart;
  // The helms this chart renders with (majors.ts): their versions are read while it is fetched.
  const planned = options.helms?.plan(target.renderer, target.at);
  planned?.catch(() => undefined);
  const charts = options.charts ?? new ChartFetcher(options.helm, options);
  const dir = (await diskScratch('static-export-render')).dir;
  try {
    const fetched = await charts.fetch(chart);
    const plan = (await planned) ?? { helms: [{ path: options.helm }], unrendered: [] };
    const unpinned = pinnedMissing(plan);
    if (unpinned) return { kind: 'skipped', label, reason: unpinned };
    const helm = plan.helms[0]?.path ?? options.helm;
    // Files inside the fetched chart that replace its values.yaml (Flux valuesFiles), as paths.
    const inChart =
      fetched.kind !== 'unfetched' && fetched.dir && chart.chartValuesIn
        ? chart.chartValuesIn.map((f) => join(fetched.dir, f))
        : [];
    const chartValues = [...(chart.chartValues ?? []), ...inChart];
    let got = await withChartValues(chartValues, fetched, dir);
    if (got.kind === 'unfetched')
      return { kind: 'skipped', label, reason: options.redact(got.reason) };
    let passed: string[] = [];
    const render = async (at: string, values: string, bin = helm) => {
      const files = [...chartValues, ...(await valuesFiles(target, values, dir))];
      passed = files;
      const flags = [...(target.setFlags?.flags ?? []), ...options.helmArgs];
      const run = await runHelm(bin, templateArgs(chart, at, files, flags), {
        signal: options.signal,
        timeoutMs: RENDER_TIMEOUT_MS,
        env: options.env,
        // The chart is a folder (fetched or local), named by its absolute path: no folder of the
        // working directory can stand in for it.
        cwd: dir,
      });
      if (options.signal?.aborted)
        throw new StoppedError('Cancelled during the render check; nothing was sent.', 'cancelled');
      return run;
    };
    let run = await render(got.dir, link);
    if (run.code !== 0 && MISSING_DEPENDENCIES.test(run.stderr) && isLocalChart(chart)) {
      // As the controller does for a chart path: its dependencies built (here on a copy).
      got = await withChartValues(
        chart.chartValues ?? [],
        await charts.withDependencies(chart.ref),
        dir,
      );
      if (got.kind === 'unfetched')
        return { kind: 'skipped', label, reason: options.redact(got.reason) };
      run = await render(got.dir, link);
    }
    // helm quotes an address back with any password in it: hidden before the text is cut short,
    // for every helm that renders the chart.
    const hidden = new Redactor();
    hidden.add(...userInfoSecrets(chart.repo), ...userInfoSecrets(chart.ref));
    const hide = (text: string) => hideUserInfo(hidden.redact(options.redact(text)));
    if (run.code !== 0) {
      throw new UserError(
        `The render check could not render chart ${printable(hide(chart.ref))} for ${label} (helm template failed):\n${hide(tail(run.stderr))}\nA rollout would fail the same way: fix the chart or the values, then run again. Nothing was sent.`,
      );
    }
    const rendered: RenderedChart = {
      name: got.name,
      version: got.version,
      from: got.from,
      ...(chart.origin ? { origin: chart.origin } : {}),
    };
    // A controller's post-renderers change the chart's output before it is applied.
    const post = async (output: string, placed: string) =>
      target.postRender ? target.postRender(output, placed) : output;
    const documents = renderedDocuments(await post(run.stdout, link));
    const found = documents.filter((doc) => doc.counts && holds(doc.text, token));
    // Each other major the controller may render with must render it alike (render-majors.ts);
    // with values the render cannot read, a render without the link shows nothing to compare.
    const majors =
      target.unread && found.length === 0
        ? undefined
        : await acrossMajors(
            plan,
            found.length > 0,
            async (bin) => {
              const other = await render(got.dir, link, bin);
              if (other.code !== 0) return { failed: hide(other.stderr) };
              const docs = renderedDocuments(await post(other.stdout, link));
              return { holds: docs.some((doc) => doc.counts && holds(doc.text, token)) };
            },
            { label, renderer: target.renderer, chartDir: got.dir, files: passed },
          );
    if (found.length > 0) {
      const fetched = got;
      const again = async () => {
        const other = placeholderLink();
        const second = await render(fetched.dir, other.link);
        return second.code === 0
          ? renderedDocuments(await post(second.stdout, other.link))
          : undefined;
      };
      return {
        kind: 'found',
        label,
        documents: found.map((d) => d.source),
        ...(target.unread ? { unread: target.unread } : {}),
        chart: rendered,
        rollout: await rolloutOf(found, documents, again),
        ...(options.helms && majors ? { helm: majors } : {}),
      };
    }
    // Rendered without values the controller passes: no link here is no proof of a miss.
    if (target.unread)
      return {
        kind: 'skipped',
        label,
        reason: `${target.unread} could turn on the part of the chart that reads the link; it rendered no link without them`,
      };
    return {
      kind: 'missing',
      label,
      rendered: documents.filter((doc) => doc.counts).length,
      readsAt: await readsAt(got.dir, target.valuesKey),
      chart: rendered,
      ...(options.helms && majors ? { helm: majors } : {}),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
    if (!options.charts) await charts.dispose();
  }
}

/**
 * A chart whose defaults are replaced by Flux valuesFiles: a copy of it in `dir` whose own
 * values.yaml is empty, those files then passed first. source-controller merges them into the
 * artifact's values.yaml instead, which renders alike (helm merges the first values files as it
 * merges a chart's defaults, but for a null there, which only a default would drop).
 */
async function withChartValues<T extends { kind: string; dir?: string }>(
  chartValues: readonly string[],
  got: T,
  dir: string,
): Promise<T> {
  if (chartValues.length === 0 || got.kind === 'unfetched' || !got.dir) return got;
  const copy = join(dir, 'chart', basename(got.dir));
  await cp(got.dir, copy, { recursive: true });
  await writeFile(join(copy, 'values.yaml'), '{}\n');
  return { ...got, dir: copy };
}

/** The values layers as files for helm (`-f`), with `link` written where the run writes it. */
async function valuesFiles(target: RenderTarget, link: string, dir: string): Promise<string[]> {
  const files: string[] = [];
  for (const [index, layer] of target.values(link).entries()) {
    if ('file' in layer) {
      files.push(layer.file);
      continue;
    }
    // Values helm reads from the chart itself (its own values.yaml): nothing to pass.
    if ('unread' in layer) continue;
    const path = join(dir, `${index + 1}-values.yaml`);
    await writeFile(path, layer.yaml, { mode: 0o600 });
    files.push(path);
  }
  return files;
}

function templateArgs(
  chart: ChartInReach,
  dir: string,
  files: string[],
  helmArgs: readonly string[],
): string[] {
  const args = ['template', chart.releaseName ?? 'render-check', resolve(dir)];
  if (chart.namespace) args.push('--namespace', chart.namespace);
  // As upgradeArgs orders them: helm-args first, then the values files (later files win; any
  // --set* wins over every file, wherever it stands).
  args.push(...valueFlags(helmArgs));
  for (const file of files) args.push('--values', file);
  return args;
}

/**
 * Where the chart does read the vendor chart's values, as its Chart.yaml shows it: the vendor
 * chart as a dependency (by name or alias) → `<alias or name>.staticExport`; the vendor chart
 * itself → `staticExport`. Undefined when it does not say.
 */
export async function readsAt(dir: string, valuesKey: string): Promise<string | undefined> {
  let meta: { name?: unknown; dependencies?: unknown };
  try {
    meta = parse(await readFile(join(dir, 'Chart.yaml'), 'utf8')) as typeof meta;
  } catch {
    return undefined;
  }
  const expected = (path: string) => (path === valuesKey ? undefined : path);
  if (meta?.name === VENDOR_CHART) return expected('staticExport');
  const key = vendorValuesKey(meta);
  return key === undefined ? undefined : expected(`${key}.staticExport`);
}
