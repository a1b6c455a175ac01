import { isAbsolute, relative, resolve } from 'node:path';
import { parseBaseUrl } from '../api/base-url.js';
import { ApiError } from '../api/errors.js';
import { AgentInputs, Inputs, SERVICE_ID_PATTERN } from './constants.js';
import { parseDuration } from './duration.js';
import { InputError } from './errors.js';
import type { HelmRollout } from '../helm/helm.js';

export interface ActionInputs {
  apiKey: string;
  /** Normalised host name; undefined only when jobId is given. */
  domain: string | undefined;
  jobId: string | undefined;
  version: string | undefined;
  paths: string[];
  /** Absolute path, inside the workspace. */
  valuesFile: string;
  /** As the user wrote it, for messages and outputs. */
  valuesFileInput: string;
  baseUrl: URL;
  timeoutMs: number;
  pollInterval: 'auto' | number;
  downloadPath: string | undefined;
  /** As the user wrote it, for messages. */
  downloadPathInput: string;
  dryRun: boolean;
  /** The rollout, when helm-release is set. */
  helm: HelmRollout | undefined;
  /** The GitHub deployment to record, when environment is set. */
  deployment: DeploymentInputs | undefined;
}

export interface DeploymentInputs {
  environment: string;
  /** Shown on the deployment; https://<domain> unless given (none with job-id alone). */
  environmentUrl: string | undefined;
  token: string;
}

export interface ParsedInputs {
  inputs: ActionInputs;
  /** Things the user should know but that are not wrong (normalised values). */
  notices: string[];
  warnings: string[];
}

export type InputReader = (name: string) => string;

const MAX_TIMEOUT_MS = 72 * 3_600_000;
const MAX_POLL_MS = 10 * 60_000;

/** Reads every input once, validates it, and returns a typed object; throws InputError. */
export function parseInputs(read: InputReader, workspace: string): ParsedInputs {
  const notices: string[] = [];
  const warnings: string[] = [];
  const get = checkedReader(read);

  const apiKey = parseApiKey(get(Inputs.ApiKey), warnings);
  const jobId = parseJobId(get(Inputs.JobId));
  const domain = parseDomain(get(Inputs.Domain), notices);
  if (!domain && !jobId) {
    throw new InputError(
      Inputs.Domain,
      'is empty, and so is job-id',
      'Set domain to the host name of the site to export (e.g. docs.example.com), or job-id to republish an existing export.',
    );
  }
  const version = parseVersion(get(Inputs.Version));
  const paths = parsePaths(get(Inputs.Paths), notices);
  if (jobId && paths.length > 0) {
    warnings.push(
      'Input "paths" is ignored because job-id is given: the existing export job keeps its own pages.',
    );
  }
  const valuesFileInput = get(Inputs.ValuesFile).trim();
  const valuesFile = parseWorkspacePath(
    Inputs.ValuesFile,
    valuesFileInput,
    workspace,
    'values.yaml',
  );
  const baseUrl = parseBaseUrlInput(get(Inputs.BaseUrl));
  const timeoutMs = parseDurationInput(
    Inputs.Timeout,
    get(Inputs.Timeout) || '30m',
    1000,
    MAX_TIMEOUT_MS,
  );
  const pollText = get(Inputs.PollInterval).trim().toLowerCase() || 'auto';
  const pollInterval =
    pollText === 'auto'
      ? 'auto'
      : parseDurationInput(Inputs.PollInterval, pollText, 1000, MAX_POLL_MS, 'auto, or ');
  const downloadText = get(Inputs.DownloadPath).trim();
  const downloadPath = downloadText
    ? parseWorkspacePath(Inputs.DownloadPath, downloadText, workspace, 'site.tar.gz')
    : undefined;
  if (downloadPath && downloadPath === valuesFile) {
    throw new InputError(
      Inputs.DownloadPath,
      'is the same file as values-file',
      'Give the bundle its own path, e.g. site.tar.gz.',
    );
  }
  const dryRun = parseBoolean(Inputs.DryRun, get(Inputs.DryRun) || 'false');
  const helm = parseHelm(get, warnings);
  const deployment = parseDeployment(get, domain, warnings);
  return {
    inputs: {
      apiKey,
      domain,
      jobId,
      version,
      paths,
      valuesFile,
      valuesFileInput,
      baseUrl,
      timeoutMs,
      pollInterval,
      downloadPath,
      downloadPathInput: downloadText,
      dryRun,
      helm,
      deployment,
    },
    notices,
    warnings,
  };
}

const HELM_INPUTS_DEFAULTS: Record<string, string> = {
  [Inputs.HelmChart]: 'mintlify/enterprise',
  [Inputs.HelmNamespace]: '',
  [Inputs.HelmChartVersion]: '',
  [Inputs.HelmRollbackOnFailure]: 'false',
  [Inputs.HelmTimeout]: '',
  [Inputs.HelmArgs]: '',
};

/** Flags the action sets itself; passing them in helm-args would break the rollout or its output. */
const MANAGED_HELM_FLAGS = ['-o', '--output', '--dry-run'];

function parseHelm(get: (name: string) => string, warnings: string[]): HelmRollout | undefined {
  const release = get(Inputs.HelmRelease).trim();
  if (release === '') {
    const set = Object.entries(HELM_INPUTS_DEFAULTS)
      .filter(([name, fallback]) => get(name).trim() !== '' && get(name).trim() !== fallback)
      .map(([name]) => name);
    if (set.length > 0)
      warnings.push(
        `${set.join(', ')} ${set.length === 1 ? 'is' : 'are'} ignored because helm-release is empty: set helm-release to roll the chart out.`,
      );
    return undefined;
  }
  if (
    release.length > 53 ||
    !/^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/.test(release)
  ) {
    throw new InputError(
      Inputs.HelmRelease,
      `("${printable(release)}") is not a valid Helm release name`,
      'Use at most 53 lower-case letters, digits and "-" (starting and ending with a letter or digit), e.g. docs.',
    );
  }
  const chart = get(Inputs.HelmChart).trim() || 'mintlify/enterprise';
  if (/\s/.test(chart) || chart.startsWith('-')) {
    throw new InputError(
      Inputs.HelmChart,
      `("${printable(chart)}") is not a chart reference`,
      'Use repo/chart, an oci:// reference or a local path, e.g. mintlify/enterprise.',
    );
  }
  const namespace = get(Inputs.HelmNamespace).trim() || undefined;
  if (
    namespace !== undefined &&
    (namespace.length > 63 || !/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/.test(namespace))
  ) {
    throw new InputError(
      Inputs.HelmNamespace,
      `("${printable(namespace)}") is not a valid namespace name`,
      'Use at most 63 lower-case letters, digits and "-", e.g. docs.',
    );
  }
  const chartVersion = get(Inputs.HelmChartVersion).trim() || undefined;
  if (
    chartVersion !== undefined &&
    (!/^[0-9A-Za-z.+*^~<>=|,x -]+$/.test(chartVersion) ||
      !/[0-9*x]/.test(chartVersion) ||
      chartVersion.startsWith('-') ||
      chartVersion.length > 200)
  ) {
    throw new InputError(
      Inputs.HelmChartVersion,
      `("${printable(chartVersion)}") is not a chart version`,
      'Write a version or constraint such as 1.4.0 or ^1.4.',
    );
  }
  const rollbackOnFailure = parseBoolean(
    Inputs.HelmRollbackOnFailure,
    get(Inputs.HelmRollbackOnFailure) || 'false',
  );
  const timeoutText = get(Inputs.HelmTimeout).trim();
  const timeoutMs = timeoutText
    ? parseDurationInput(Inputs.HelmTimeout, timeoutText, 1000, MAX_TIMEOUT_MS)
    : undefined;
  const extraArgs = get(Inputs.HelmArgs)
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  for (const [index, arg] of extraArgs.entries()) {
    const flag = arg.split('=')[0]!;
    if (MANAGED_HELM_FLAGS.includes(flag)) {
      throw new InputError(
        Inputs.HelmArgs,
        `line ${index + 1} sets ${flag}, which this action manages`,
        flag.includes('dry')
          ? 'Use the dry-run input instead.'
          : "Remove it: the action reads helm's JSON output.",
      );
    }
  }
  return { release, chart, namespace, chartVersion, rollbackOnFailure, timeoutMs, extraArgs };
}

function parseDeployment(
  get: (name: string) => string,
  domain: string | undefined,
  warnings: string[],
): DeploymentInputs | undefined {
  const environment = get(Inputs.Environment).trim();
  const urlText = get(Inputs.EnvironmentUrl).trim();
  if (environment === '') {
    if (urlText !== '')
      warnings.push(
        'Input "environment-url" is ignored because environment is empty: set environment to record the publish as a GitHub deployment.',
      );
    return undefined;
  }
  if (/[\r\n\t]/.test(environment)) {
    throw new InputError(
      Inputs.Environment,
      'contains a line break or tab',
      'Give one environment name, e.g. docs-production.',
    );
  }
  if (environment.length > 255) {
    throw new InputError(
      Inputs.Environment,
      `is ${environment.length} characters long`,
      'GitHub environment names have at most 255 characters, e.g. docs-production.',
    );
  }
  let environmentUrl = domain ? `https://${domain}` : undefined;
  if (urlText !== '') {
    let url: URL | undefined;
    try {
      url = new URL(urlText);
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || /\s/.test(urlText)) {
      throw new InputError(
        Inputs.EnvironmentUrl,
        `("${printable(urlText)}") is not an http(s) URL`,
        'Give the address of the published site, e.g. https://docs.example.com.',
      );
    }
    if (url.username || url.password) {
      throw new InputError(
        Inputs.EnvironmentUrl,
        'holds a user name or password',
        'Everyone who can read the repository sees this URL: give the address without credentials.',
      );
    }
    environmentUrl = url.href;
  }
  const token = get(Inputs.GithubToken).trim();
  if (token === '') {
    throw new InputError(
      Inputs.GithubToken,
      'is empty, but environment is set',
      'Leave github-token at its default (${{ github.token }}) and grant "permissions: deployments: write", or pass a token that has it.',
    );
  }
  if (/[^\x21-\x7e]/.test(token)) {
    throw new InputError(
      Inputs.GithubToken,
      'contains white space or a character a GitHub token never has',
      'Pass the token alone, on one line, as GitHub issued it.',
    );
  }
  return { environment, environmentUrl, token };
}

/** The service address input, refused with the client's own reasons. */
export function parseBaseUrlInput(raw: string): URL {
  if (/\s/.test(raw.trim())) {
    throw new InputError(
      Inputs.BaseUrl,
      `("${printable(raw.trim())}") contains white space or a line break`,
      'Give one address, e.g. https://api.mintlify.com.',
    );
  }
  try {
    return parseBaseUrl(raw || 'https://api.mintlify.com');
  } catch (error) {
    if (error instanceof ApiError) {
      throw new InputError(
        Inputs.BaseUrl,
        error.reason.replace(/^base-url "[^"]*" /, `("${printable(raw.trim())}") `),
        error.hint ?? '',
      );
    }
    throw error;
  }
}

export const MAX_DURATION_MS = MAX_TIMEOUT_MS;
export const MAX_POLL_INTERVAL_MS = MAX_POLL_MS;

export function parseApiKey(raw: string, warnings: string[]): string {
  const key = raw.trim();
  if (key === '') {
    throw new InputError(
      Inputs.ApiKey,
      'is empty',
      'Pass the admin API key from a secret: `api-key: ${{ secrets.MINTLIFY_ADMIN_KEY }}`. If the secret is set, check that this workflow can read it (secrets are not passed to workflows triggered from forks).',
    );
  }
  if (/\s/.test(key)) {
    throw new InputError(
      Inputs.ApiKey,
      'contains white space or a line break',
      'Store the key alone, on one line, in the secret.',
    );
  }
  const foreign = /[^\x21-\x7e]/.exec(key);
  if (foreign) {
    throw new InputError(
      Inputs.ApiKey,
      `contains the character U+${foreign[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')} at position ${foreign.index + 1}, which an API key never has`,
      'Copy the key again from the API keys page of the dashboard: it is plain ASCII.',
    );
  }
  if (key.startsWith('mint_dsc_')) {
    throw new InputError(
      Inputs.ApiKey,
      'is a public assistant key (it starts with mint_dsc_)',
      'These endpoints need an admin API key (it starts with mint_), from the API keys page of the dashboard.',
    );
  }
  if (!key.startsWith('mint_')) {
    warnings.push(
      'Input "api-key" does not start with mint_, as admin API keys do: if the service answers 401, check that the secret holds the admin key.',
    );
  }
  return key;
}

function parseJobId(raw: string): string | undefined {
  const id = raw.trim();
  if (id === '') return undefined;
  if (!SERVICE_ID_PATTERN.test(id)) {
    throw new InputError(
      Inputs.JobId,
      `("${printable(id)}") is not an export job id`,
      'Use the job-id output of an earlier run, or the id printed in its log (it looks like se_3f9a2c1b8e7d4a06).',
    );
  }
  return id;
}

/** Normalises `https://Docs.Example.com/` to `docs.example.com`; refuses paths, ports, look-alikes. */
export function parseDomain(raw: string, notices: string[]): string | undefined {
  const original = raw.trim();
  if (original === '') return undefined;
  const nonAscii = /[^\x20-\x7e]/u.exec(original);
  if (nonAscii) {
    const cp = nonAscii[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
    throw new InputError(
      Inputs.Domain,
      `("${printable(original)}") contains the non-ASCII character U+${cp} at position ${nonAscii.index + 1}`,
      'Type the host name in plain ASCII (look-alike letters from other alphabets are refused), or use its punycode form (xn--…).',
    );
  }
  let host = original.toLowerCase();
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//.exec(host);
  if (scheme) {
    if (scheme[1] !== 'https' && scheme[1] !== 'http') {
      throw new InputError(
        Inputs.Domain,
        `("${original}") has the scheme ${scheme[1]}://`,
        'Give the host name only, e.g. docs.example.com.',
      );
    }
    host = host.slice(scheme[0].length);
  }
  if (/[?#]/.test(host)) {
    throw new InputError(
      Inputs.Domain,
      `("${original}") has a query or fragment`,
      'Give the host name only, e.g. docs.example.com.',
    );
  }
  host = host.replace(/\/+$/, '');
  if (host.includes('/')) {
    const slash = host.indexOf('/');
    throw new InputError(
      Inputs.Domain,
      `("${original}") has a path ("${host.slice(slash)}")`,
      `Static export takes the host name only: use "${host.slice(0, slash)}". The export covers every published page; to export some pages only, list them in the paths input.`,
    );
  }
  if (host.includes('@')) {
    throw new InputError(
      Inputs.Domain,
      `("${printable(original)}") contains "@"`,
      'Give the host name only, without a user name.',
    );
  }
  if (host.includes(':')) {
    throw new InputError(
      Inputs.Domain,
      `("${original}") has a port`,
      `Give the host name only: "${host.split(':')[0]}".`,
    );
  }
  host = host.replace(/\.$/, '');
  const labels = host.split('.');
  const badLabel = labels.find((label) => !/^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/.test(label));
  if (labels.length < 2 || badLabel !== undefined || host.length > 253) {
    throw new InputError(
      Inputs.Domain,
      `("${printable(original)}") is not a host name`,
      "Use the site's host name as shown in the dashboard, e.g. docs.example.com or acme.mintlify.app.",
    );
  }
  if (host !== original) notices.push(`Input "domain" normalised from "${original}" to "${host}".`);
  return host;
}

function parseVersion(raw: string): string | undefined {
  const version = raw.trim();
  if (version === '') return undefined;
  if (/[\u0000-\u001f\u007f]/.test(version)) {
    throw new InputError(
      Inputs.Version,
      'contains a line break or control character',
      'Give a single-line label, e.g. 2026-11-22 or v2.',
    );
  }
  if (version.length > 200) {
    throw new InputError(
      Inputs.Version,
      `is ${version.length} characters long`,
      'Use a short label (at most 200 characters).',
    );
  }
  return version;
}

function parsePaths(raw: string, notices: string[]): string[] {
  const paths: string[] = [];
  const lines = raw.split(/\r?\n/);
  lines.forEach((line, index) => {
    const text = line.trim();
    if (text === '' || text.startsWith('#')) return;
    const where = `line ${index + 1} ("${printable(text)}")`;
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text) || text.startsWith('//')) {
      throw new InputError(
        Inputs.Paths,
        `${where} is a URL`,
        'List page paths relative to the site, e.g. guides/getting-started.',
      );
    }
    if (/[\u0000-\u001f\u007f?#\\]/.test(text) || /\s/.test(text)) {
      throw new InputError(
        Inputs.Paths,
        `${where} contains white space, "?", "#", "\\" or a control character`,
        'Write one page path per line, e.g. guides/getting-started.',
      );
    }
    const path = text.replace(/^\/+/, '').replace(/\/+$/, '');
    if (path.split('/').some((segment) => segment === '..' || segment === '.')) {
      throw new InputError(
        Inputs.Paths,
        `${where} contains "." or ".." segments`,
        'Write page paths as they appear in the site, e.g. guides/getting-started.',
      );
    }
    if (path === '') {
      throw new InputError(
        Inputs.Paths,
        `${where} is not a page path`,
        'Leave paths empty to export every page, or list page paths such as guides/getting-started.',
      );
    }
    if (paths.includes(path)) {
      notices.push(`Input "paths" lists "${path}" twice; it is exported once.`);
      return;
    }
    paths.push(path);
  });
  return paths;
}

function parseWorkspacePath(
  input: string,
  raw: string,
  workspace: string,
  example: string,
): string {
  if (raw === '')
    throw new InputError(
      input,
      'is empty',
      `Give a path relative to the workspace, e.g. ${example}.`,
    );
  if (/[\u0000-\u001f]/.test(raw)) {
    throw new InputError(
      input,
      'contains a line break or control character',
      `Give one path, e.g. ${example}.`,
    );
  }
  const root = resolve(workspace);
  const absolute = resolve(root, raw);
  const rel = relative(root, absolute);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) {
    throw new InputError(
      input,
      `("${raw}") points outside the workspace (${root})`,
      `Give a file path inside the repository's workspace, e.g. ${example} or charts/docs/${example}.`,
    );
  }
  return absolute;
}

export function parseDurationInput(
  input: string,
  raw: string,
  min: number,
  max: number,
  prefix = '',
): number {
  const ms = parseDuration(raw);
  if (ms === undefined) {
    throw new InputError(
      input,
      `("${printable(raw.trim())}") is not a duration`,
      `Write ${prefix}a duration such as 90s, 30m or 1h30m, or a number of seconds.`,
    );
  }
  if (ms < min) {
    throw new InputError(
      input,
      `("${raw.trim()}") is shorter than ${min / 1000}s`,
      `Use at least ${min / 1000}s.`,
    );
  }
  if (ms > max) {
    throw new InputError(
      input,
      `("${raw.trim()}") is longer than ${max / 3_600_000 >= 1 ? `${max / 3_600_000}h` : `${max / 60_000}m`}`,
      'Use a shorter duration.',
    );
  }
  return ms;
}

/** The YAML 1.2 core booleans, as `core.getBooleanInput` reads them. */
export function parseBoolean(input: string, raw: string): boolean {
  const text = raw.trim();
  if (['true', 'True', 'TRUE'].includes(text)) return true;
  if (['false', 'False', 'FALSE'].includes(text)) return false;
  throw new InputError(input, `("${printable(text)}") is not a boolean`, 'Write true or false.');
}

/** Control characters and invisible formatting characters (bidi overrides, zero-width). */
const UNSEEN = /[\u0000-\u001f\u007f-\u009f\p{Cf}\u2028\u2029]/gu;

/** Shows control and invisible characters visibly in messages, and keeps them short. */
export function printable(text: string): string {
  const shown = text.replace(
    UNSEEN,
    (c) => `\\u${c.codePointAt(0)!.toString(16).padStart(4, '0')}`,
  );
  return shown.length > 80 ? `${shown.slice(0, 80)}…` : shown;
}

/** Inputs that are free text or lists, with their own limits; every other input is one value. */
const TEXT_INPUTS: Record<string, { maxLength: number; formatting: boolean }> = {
  [Inputs.Paths]: { maxLength: 200_000, formatting: false },
  [Inputs.HelmArgs]: { maxLength: 32_768, formatting: false },
  [AgentInputs.Prompt]: { maxLength: Infinity, formatting: true },
};
const MAX_INPUT_LENGTH = 2048;

/**
 * Refuses, for every input, what no value of it may hold: control characters other than line
 * breaks and tabs (which each input's own check handles), invisible formatting characters
 * (right-to-left overrides, zero-width spaces: a value that reads differently than it is), and
 * absurd lengths. Only the prompt may hold formatting characters (emoji, right-to-left text). The
 * value is never echoed: it may be a secret.
 */
export function checkCharacters(input: string, raw: string): void {
  const spec = TEXT_INPUTS[input] ?? { maxLength: MAX_INPUT_LENGTH, formatting: false };
  if (raw.length > spec.maxLength) {
    throw new InputError(
      input,
      `is ${raw.length} characters long`,
      `Give a value of at most ${spec.maxLength} characters.`,
    );
  }
  const bad = spec.formatting
    ? /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/u
    : /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\p{Cf}\u2028\u2029]/u;
  const match = bad.exec(raw);
  if (match) {
    const code = `U+${match[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
    throw new InputError(
      input,
      `contains the invisible character ${code} at position ${match.index + 1}`,
      'Retype the value: control and formatting characters (zero-width spaces, right-to-left marks) often come along when text is pasted.',
    );
  }
}

/** Reads inputs through the checks every input gets. */
export function checkedReader(read: InputReader): (name: string) => string {
  return (name) => {
    const value = read(name) ?? '';
    checkCharacters(name, value);
    return value;
  };
}
