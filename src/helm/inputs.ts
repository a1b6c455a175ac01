/** The helm-* inputs: what to roll out, where, and how. */
import { InputError } from '../shared/errors.js';
import {
  parseBoolean,
  parseTimeoutInput,
  type InputGetter,
  type InputSpec,
} from '../shared/inputs.js';
import { printable } from '../shared/text.js';
import type { HelmRollout } from './helm.js';
import type { RenderCheckMode } from './render-check.js';

export const HelmInputs = {
  Release: { name: 'helm-release', default: '' },
  Chart: { name: 'helm-chart', default: 'mintlify/enterprise' },
  Namespace: { name: 'helm-namespace', default: '' },
  ChartVersion: { name: 'helm-chart-version', default: '' },
  RollbackOnFailure: { name: 'helm-rollback-on-failure', default: 'false' },
  Timeout: { name: 'helm-timeout', default: '' },
  Args: { name: 'helm-args', default: '', text: { maxLength: 32_768, formatting: false } },
} as const satisfies Record<string, InputSpec>;

/** Flags the action sets itself; passing them in helm-args would break the rollout or its output. */
const MANAGED_HELM_FLAGS = ['-o', '--output', '--dry-run'];

/** The rollout, or undefined (with a warning for helm-* inputs set in vain) without helm-release. */
export function parseHelmInputs(get: InputGetter, warnings: string[]): HelmRollout | undefined {
  const release = get(HelmInputs.Release).trim();
  if (release === '') {
    warnIgnored(get, warnings);
    return undefined;
  }
  return {
    release: parseRelease(release),
    chart: parseChart(get(HelmInputs.Chart).trim()),
    namespace: parseNamespace(get(HelmInputs.Namespace).trim()),
    chartVersion: parseChartVersion(get(HelmInputs.ChartVersion).trim()),
    rollbackOnFailure: parseBoolean(
      HelmInputs.RollbackOnFailure.name,
      get(HelmInputs.RollbackOnFailure),
    ),
    timeoutMs: get(HelmInputs.Timeout).trim()
      ? parseTimeoutInput(HelmInputs.Timeout.name, get(HelmInputs.Timeout))
      : undefined,
    extraArgs: parseExtraArgs(get(HelmInputs.Args)),
  };
}

function warnIgnored(get: InputGetter, warnings: string[]): void {
  const set = Object.values(HelmInputs)
    .filter((spec) => spec !== HelmInputs.Release && get(spec).trim() !== spec.default)
    .map((spec) => spec.name);
  if (set.length > 0)
    warnings.push(
      `${set.join(', ')} ${set.length === 1 ? 'is' : 'are'} ignored because helm-release is empty: set helm-release to roll the chart out.`,
    );
}

function parseRelease(release: string): string {
  if (
    release.length > 53 ||
    !/^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/.test(release)
  ) {
    throw new InputError(
      HelmInputs.Release.name,
      `("${printable(release)}") is not a valid Helm release name`,
      'Use at most 53 lower-case letters, digits and "-" (starting and ending with a letter or digit), e.g. docs.',
    );
  }
  return release;
}

function parseChart(chart: string): string {
  if (/\s/.test(chart) || chart.startsWith('-')) {
    throw new InputError(
      HelmInputs.Chart.name,
      `("${printable(chart)}") is not a chart reference`,
      `Use repo/chart, an oci:// reference or a local path, e.g. ${HelmInputs.Chart.default}.`,
    );
  }
  return chart;
}

function parseNamespace(namespace: string): string | undefined {
  if (namespace === '') return undefined;
  if (namespace.length > 63 || !/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/.test(namespace)) {
    throw new InputError(
      HelmInputs.Namespace.name,
      `("${printable(namespace)}") is not a valid namespace name`,
      'Use at most 63 lower-case letters, digits and "-", e.g. docs.',
    );
  }
  return namespace;
}

function parseChartVersion(chartVersion: string): string | undefined {
  if (chartVersion === '') return undefined;
  if (
    !/^[0-9A-Za-z.+*^~<>=|,x -]+$/.test(chartVersion) ||
    !/[0-9*x]/.test(chartVersion) ||
    chartVersion.startsWith('-') ||
    chartVersion.length > 200
  ) {
    throw new InputError(
      HelmInputs.ChartVersion.name,
      `("${printable(chartVersion)}") is not a chart version`,
      'Write a version or constraint such as 1.4.0 or ^1.4.',
    );
  }
  return chartVersion;
}

function parseExtraArgs(text: string): string[] {
  const extraArgs = text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  for (const [index, arg] of extraArgs.entries()) {
    // A short flag takes its value attached too (`-oyaml`), as pflag reads it.
    const flag = /^-o[^-]/.test(arg) ? '-o' : arg.split('=')[0]!;
    if (MANAGED_HELM_FLAGS.includes(flag)) {
      throw new InputError(
        HelmInputs.Args.name,
        `line ${index + 1} sets ${flag}, which this action manages`,
        flag.includes('dry')
          ? 'Use the dry-run input instead.'
          : "Remove it: the action reads helm's JSON output.",
      );
    }
  }
  return extraArgs;
}

/** render-check: prove the chart reads the link before anything is sent. */
export const RenderCheckInput = { name: 'render-check', default: 'auto' } as const;

export function parseRenderCheckMode(raw: string): RenderCheckMode {
  const mode = raw.trim().toLowerCase();
  if (mode === 'auto' || mode === 'required' || mode === 'off') return mode;
  throw new InputError(
    RenderCheckInput.name,
    `("${printable(raw.trim())}") is not a render-check mode`,
    'Write auto (check where the chart is in reach), required (fail when it is not) or off.',
  );
}
