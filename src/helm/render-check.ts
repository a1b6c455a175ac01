/**
 * The render check: before anything is sent, render the chart with `helm template`, with a
 * placeholder link written exactly where this run would write the real one, and look for it in
 * what the vendor chart renders. A link written where no template reads it (a top-level
 * `staticExport` in an umbrella chart, a key one letter off) never reaches a pod: the run must
 * refuse before it exports anything, not exit 0 with a site that never changes.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, isAbsolute, join } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { StoppedError, UserError } from '../shared/errors.js';
import { Redactor, userInfoSecrets } from '../shared/secrets.js';
import { printable } from '../shared/text.js';
import { VENDOR_CHART, vendorValuesKey } from '../shared/vendor-chart.js';
import { runHelm, tail } from './helm.js';
import { setLayer, valueFlags } from './set-flags.js';
import { overridingLayer, type Overriding } from './values-layers.js';
import type { ChartInReach, RenderTarget } from './render-target.js';

export type RenderCheckMode = 'auto' | 'required' | 'off';

export type RenderOutcome =
  /** `unread`: values the controller passes first that the render could not read (a notice). */
  | { kind: 'found'; label: string; documents: string[]; unread?: string }
  | { kind: 'missing'; label: string; rendered: number; readsAt: string | undefined }
  | { kind: 'skipped'; label: string; reason: string }
  /** A later values layer sets a key this run writes to something else: the link would lose. */
  | ({ kind: 'overridden'; label: string } & Overriding);

/** How long one `helm template` may take (a chart pulled from a repository included). */
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
  /** The placeholder already written where the target's values come from (a GitOps build's). */
  placeholder?: { link: string; token: string };
}

/** Renders one target with the placeholder and says whether the vendor chart's output holds it. */
export async function checkTarget(
  target: RenderTarget,
  options: RenderOptions,
): Promise<RenderOutcome> {
  const { label } = target;
  const { link, token } = options.placeholder ?? placeholderLink();
  // Decided by the files alone, rendered or not: the chart cannot show which layer won. The
  // --set flags of helm-args come last, as helm applies them.
  const overriding = await overridingLayer(
    [
      ...target.values(link),
      ...(target.setFlags
        ? setLayer(target.setFlags.flags, target.valuesKey, target.setFlags.source)
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
  const helm = options.helm;
  const dir = await mkdtemp(join(process.env.RUNNER_TEMP || tmpdir(), 'static-export-render-'));
  try {
    const chart = await withChartValues(target.chart, dir);
    const files: string[] = [...(target.chart.chartValues ?? [])];
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
    const args = templateArgs(chart, files, [
      ...(target.setFlags?.flags ?? []),
      ...options.helmArgs,
    ]);
    const run = await runHelm(helm, args, {
      signal: options.signal,
      timeoutMs: RENDER_TIMEOUT_MS,
      env: options.env,
      // helm looks for a chart ref as a local folder before --repo: a checkout folder that happens
      // to bear the chart's name (docs/) must not stand in for the chart the controller pulls.
      cwd: chart.repo ? dir : undefined,
    });
    if (options.signal?.aborted)
      throw new StoppedError('Cancelled during the render check; nothing was sent.', 'cancelled');
    if (run.code !== 0) {
      // helm quotes the --repo address (or an oci:// ref) back, with any password in it; so would
      // this run's message, which names the chart: hidden in both, before either is cut short.
      const hidden = new Redactor();
      hidden.add(...userInfoSecrets(chart.repo), ...userInfoSecrets(chart.ref));
      const hide = (text: string) => hidden.redact(options.redact(text));
      // Named as the target names it (not the copy a valuesFiles render made).
      return failedRender(
        target,
        { ...chart, ref: hide(target.chart.ref) },
        hide(tail(run.stderr)),
      );
    }
    // A controller's post-renderers change the chart's output before it is applied.
    const documents = renderedDocuments(
      target.postRender ? await target.postRender(run.stdout, link) : run.stdout,
    );
    const found = documents.filter((doc) => doc.counts && holds(doc.text, token));
    if (found.length > 0)
      return {
        kind: 'found',
        label,
        documents: found.map((d) => d.source),
        ...(target.unread ? { unread: target.unread } : {}),
      };
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
      readsAt: await readsAt(chart, target.valuesKey),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * A chart whose defaults are replaced by Flux valuesFiles: a copy of it in `dir` whose own
 * values.yaml is empty, those files then passed first. source-controller merges them into the
 * artifact's values.yaml instead, which renders alike (helm merges the first values files as it
 * merges a chart's defaults, but for a null there, which only a default would drop).
 */
async function withChartValues(chart: ChartInReach, dir: string): Promise<ChartInReach> {
  if (!chart.chartValues) return chart;
  const copy = join(dir, 'chart', basename(chart.ref));
  await cp(chart.ref, copy, { recursive: true });
  await writeFile(join(copy, 'values.yaml'), '{}\n');
  return { ...chart, ref: copy };
}

function templateArgs(chart: ChartInReach, files: string[], helmArgs: readonly string[]): string[] {
  const args = ['template', chart.releaseName ?? 'render-check', chart.ref];
  if (chart.version) args.push('--version', chart.version);
  if (chart.repo) args.push('--repo', chart.repo);
  if (chart.namespace) args.push('--namespace', chart.namespace);
  // As upgradeArgs orders them: helm-args first, then the values files (later files win; any
  // --set* wins over every file, wherever it stands).
  args.push(...valueFlags(helmArgs));
  for (const file of files) args.push('--values', file);
  return args;
}

/** A chart helm reads from a folder; never one named with --repo (it is pulled from there). */
const isLocal = (chart: ChartInReach) =>
  chart.repo === undefined &&
  (isAbsolute(chart.ref) || chart.ref.startsWith('.') || existsSync(chart.ref));

/** helm's words when it could not get a chart (not when it got one that does not render). */
const COULD_NOT_GET =
  /repo \S+ not found|no repository definition|not found in \S+ repository|failed to fetch|could not find|looks like .* is not a valid chart repository|no such host|dial tcp|connection refused|i\/o timeout|unauthorized|forbidden|\b40[13]\b|failed to download|not logged in/i;

/**
 * helm could not render. A chart helm could not get (a repository not added, no credentials, no
 * network; a local chart whose dependencies were not built) is out of reach: skipped, with helm's
 * reason. A chart helm got that does not render with these values is broken, and the rollout
 * would fail the same way: the run fails now, before anything is sent.
 */
function failedRender(target: RenderTarget, chart: ChartInReach, reason: string): RenderOutcome {
  const local = isLocal(chart);
  const missingDependencies = /missing in charts\/ directory|dependencies.*not.*(built|found)/i;
  if ((!local && COULD_NOT_GET.test(reason)) || missingDependencies.test(reason)) {
    return {
      kind: 'skipped',
      label: target.label,
      reason: `helm could not get chart ${printable(chart.ref)}${local ? "'s dependencies (run helm dependency build in a step before this one)" : ' (add its repository with helm repo add, or log in to its registry, in a step before this one)'}: ${reason.split('\n').at(-1) ?? reason}`,
    };
  }
  throw new UserError(
    `The render check could not render chart ${printable(chart.ref)} for ${target.label} (helm template failed):\n${reason}\nA rollout would fail the same way: fix the chart or the values, then run again. Nothing was sent.`,
  );
}

interface RenderedDocument {
  source: string;
  text: string;
  /** Rendered from the vendor chart (or every document, when no vendor chart is among them). */
  counts: boolean;
}

/** Splits helm's output into documents, each with its `# Source:` template. */
export function renderedDocuments(output: string): RenderedDocument[] {
  const docs = output
    .split(/^---[ \t]*$/m)
    .map((text) => ({ text, source: /^# Source: (.+)$/m.exec(text)?.[1]?.trim() ?? '' }))
    .filter((doc) => doc.text.trim() !== '');
  const vendor = docs.map((doc) => fromVendorChart(doc.source));
  const anyVendor = vendor.some(Boolean);
  // A chart of another name (a fork, a wrapper) with no `enterprise` chart inside: all count.
  return docs.map((doc, i) => ({ ...doc, counts: anyVendor ? vendor[i]! : true }));
}

/** `enterprise/templates/x.yaml` or `umbrella/charts/enterprise/templates/x.yaml`. */
function fromVendorChart(source: string): boolean {
  const parts = source.split('/');
  const templates = parts.indexOf('templates');
  if (templates < 1) return false;
  return parts[templates - 1] === VENDOR_CHART;
}

/** The token as text (JSON escaping leaves it alone), or inside base64 data of a Secret or ConfigMap. */
function holds(text: string, token: string): boolean {
  if (text.includes(token)) return true;
  for (const doc of parseAllDocuments(text)) {
    const value: unknown = doc.toJS();
    if (!value || typeof value !== 'object') continue;
    for (const field of ['data', 'binaryData']) {
      const data = (value as Record<string, unknown>)[field];
      if (!data || typeof data !== 'object') continue;
      for (const encoded of Object.values(data as Record<string, unknown>)) {
        if (typeof encoded !== 'string') continue;
        if (Buffer.from(encoded, 'base64').toString('utf8').includes(token)) return true;
      }
    }
  }
  return false;
}

/**
 * Where the chart does read the vendor chart's values, when its Chart.yaml shows it: the vendor
 * chart as a dependency (by name or alias) → `<alias or name>.staticExport`; the vendor chart
 * itself → `staticExport`. Undefined when the chart does not say (a remote chart).
 */
export async function readsAt(chart: ChartInReach, valuesKey: string): Promise<string | undefined> {
  if (!isLocal(chart)) return undefined;
  let meta: { name?: unknown; dependencies?: unknown };
  try {
    meta = parse(await readFile(join(chart.ref, 'Chart.yaml'), 'utf8')) as typeof meta;
  } catch {
    return undefined;
  }
  const expected = (path: string) => (path === valuesKey ? undefined : path);
  if (meta?.name === VENDOR_CHART) return expected('staticExport');
  const key = vendorValuesKey(meta);
  return key === undefined ? undefined : expected(`${key}.staticExport`);
}
