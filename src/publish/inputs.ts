/**
 * The root action's inputs: the export's own (domain, job-id, bundle-url, version, paths,
 * download-path, dry-run) here, the others parsed by their features, all read and checked before
 * any request.
 */
import type { RenderCheckMode } from '../helm/render-check.js';
import { parseRenderCheckMode, RenderCheckInput } from '../helm/inputs.js';
import { ClusterPathInput, parseClusterPaths } from '../gitops/inputs.js';
import {
  CommonInputs,
  OptionalApiKey,
  parseOptionalApiKey,
  parseServiceSettings,
  type ServiceInputs,
} from '../api/inputs.js';
import {
  DeploymentInputs,
  KeepAliveWorkflowInput,
  parseDeploymentInputs,
  parseKeepAliveWorkflow,
  type DeploymentSettings,
} from '../github/inputs.js';
import { REFRESH_BEFORE_BOUNDS } from '../github/schedule.js';
import type { HelmRollout } from '../helm/helm.js';
import { HelmInputs, parseHelmInputs } from '../helm/inputs.js';
import { parseVerifyInputs, VerifyInputs, type VerifySettings } from '../site/inputs.js';
import { InputError } from '../shared/errors.js';
import { NOT_YAML } from '../shared/go-yaml.js';
import {
  inputGetter,
  parseBoolean,
  parseDurationInput,
  parseHttpUrlInput,
  parseWorkspacePath,
  type InputReader,
  type InputSpec,
  parseJobIdInput,
} from '../shared/inputs.js';
import { printable } from '../shared/text.js';
import { DomainInput, parseDomain } from './domain.js';
import { checkChoiceFiles, parseValuesDocument, type Selector } from '../values/choice.js';
import type { KeyPath } from '../values/file.js';
import {
  parseValuesFileInput,
  parseValuesKey,
  ValuesInputs,
  type ValuesFileInput,
} from '../values/inputs.js';

export const ExportInputs = {
  Domain: DomainInput,
  JobId: { name: 'job-id', default: '' },
  BundleUrl: { name: 'bundle-url', default: '' },
  Version: { name: 'version', default: '' },
  Paths: { name: 'paths', default: '', text: { maxLength: 200_000, formatting: false } },
  DownloadPath: { name: 'download-path', default: '' },
  DryRun: { name: 'dry-run', default: 'false' },
  RefreshBefore: { name: 'refresh-before', default: '' },
} as const satisfies Record<string, InputSpec>;

/** Every input of action.yml, in its order (a test checks names and defaults against it). */
export const PUBLISH_INPUTS: readonly InputSpec[] = [
  OptionalApiKey,
  ExportInputs.Domain,
  ExportInputs.JobId,
  ExportInputs.BundleUrl,
  ExportInputs.Version,
  ExportInputs.Paths,
  ValuesInputs.ValuesFile,
  ValuesInputs.ValuesKey,
  ValuesInputs.ValuesDocument,
  CommonInputs.BaseUrl,
  CommonInputs.Timeout,
  CommonInputs.PollInterval,
  ExportInputs.DownloadPath,
  ExportInputs.DryRun,
  RenderCheckInput,
  ClusterPathInput,
  ExportInputs.RefreshBefore,
  KeepAliveWorkflowInput,
  ...Object.values(HelmInputs),
  ...Object.values(VerifyInputs),
  ...Object.values(DeploymentInputs),
];

export interface PublishInputs extends ServiceInputs {
  /** Normalised host name; undefined when jobId or bundleUrl is given. */
  domain: string | undefined;
  jobId: string | undefined;
  /**
   * refresh-before took jobId from the deployed link's path: a job the service no longer has
   * (404, 410) falls back to a new export of the domain instead of failing.
   */
  jobFromLink?: boolean;
  /** refresh-before: leave a deployed link alone while it lives longer than this (ms). */
  refreshBeforeMs: number | undefined;
  /** keep-alive-workflow: the workflow whose schedule renews this link (the watchdog checks it). */
  keepAliveWorkflow?: string;
  /** A bundle the team hosts itself: nothing is exported, this URL is published as it is. */
  bundleUrl: string | undefined;
  version: string | undefined;
  paths: string[];
  /** The values files, in the order given (helm reads them in this order). */
  valuesFiles: ValuesFileInput[];
  /** Where in each file the values go: `['staticExport']`, `['enterprise', 'staticExport']`. */
  valuesKey: KeyPath;
  valuesDocuments: Selector[]; // values-document: the targets in files of manifests
  downloadPath: string | undefined;
  /** As the user wrote it, for messages. */
  downloadPathInput: string;
  dryRun: boolean;
  /** Prove the chart reads the link before anything is sent (`auto`: where the chart is in reach). */
  renderCheck: RenderCheckMode;
  /** cluster-path: folders the cluster applies (absolute), beside the entry points discovered. */
  clusterPaths: string[];
  /** The rollout, when helm-release is set. */
  helm: HelmRollout | undefined;
  /** The live-site check after the rollout, when verify-url is set. */
  verify: VerifySettings | undefined;
  /** The GitHub deployment to record, when environment is set. */
  deployment: DeploymentSettings | undefined;
}

export interface ParsedInputs {
  inputs: PublishInputs;
  /** Things the user should know but that are not wrong (normalised values). */
  notices: string[];
  warnings: string[];
}

/** Reads every input once, validates it, and returns a typed object; throws InputError. */
export function parsePublishInputs(read: InputReader, workspace: string): ParsedInputs {
  const notices: string[] = [];
  const warnings: string[] = [];
  const get = inputGetter(read);

  // bundle-url asks nothing of the service: there the key may be left out.
  const keyless = get(ExportInputs.BundleUrl).trim() !== '';
  const apiKey = parseOptionalApiKey(get(OptionalApiKey), warnings, keyless);
  const { jobId, domain, bundleUrl } = parseTarget(get, notices);
  const version = parseVersion(get(ExportInputs.Version));
  const paths = parsePaths(get(ExportInputs.Paths), notices);
  if ((jobId || bundleUrl) && paths.length > 0) {
    warnings.push(
      jobId
        ? 'Input "paths" is ignored because job-id is given: the existing export job keeps its own pages.'
        : 'Input "paths" is ignored because bundle-url is given: nothing is exported.',
    );
  }
  const valuesFiles = parseValuesFileInput(get, workspace);
  const valuesKey = parseValuesKey(get);
  const valuesDocuments = parseValuesDocument(get, workspace);
  checkChoiceFiles(valuesDocuments, valuesFiles);
  const service = { apiKey, ...parseServiceSettings(get) };
  const download = parseDownloadPath(get, workspace, valuesFiles);
  const dryRun = parseBoolean(ExportInputs.DryRun.name, get(ExportInputs.DryRun));
  const renderCheck = parseRenderCheckMode(get(RenderCheckInput));
  const clusterPaths = parseClusterPaths(get, workspace);
  const refreshBeforeMs = parseRefreshBefore(get(ExportInputs.RefreshBefore), bundleUrl);
  const keepAliveWorkflow = parseKeptAliveBy(get, refreshBeforeMs, bundleUrl, warnings);
  const helm = parseHelmInputs(get, warnings);
  // helm reads plain values files, which have no documents to choose (a manifest is refused with
  // helm-release). Refused here, not only by the publish: a keep-alive decides from the release,
  // not the files, and would skip past the line.
  if (helm && valuesDocuments.length > 0)
    throw new InputError(
      ValuesInputs.ValuesDocument.name,
      'is set together with helm-release: helm reads plain values files, which have no documents to choose',
      'Remove values-document; or, for a manifest, remove helm-release and leave the rollout to the GitOps controller that reads it.',
    );
  const verify = parseVerifyInputs(get, warnings);
  // Without helm-release the run only writes the values: its check can see the new export only if
  // something deploys them within the run. (A manifest, which a controller applies after the push,
  // is refused once the files are read.)
  if (verify && !helm && !dryRun)
    notices.push(
      'Input "verify-url" is set without helm-release: the live site is checked right after the values are written, so it can show the new export only if something deploys them during this run. If a push or a GitOps sync applies them, check the site after that instead.',
    );
  const deployment = parseDeploymentInputs(
    get,
    verify?.url.href ?? (domain && `https://${domain}`),
    warnings,
  );
  return {
    inputs: {
      ...service,
      domain,
      jobId,
      bundleUrl,
      version,
      paths,
      valuesFiles,
      valuesKey,
      valuesDocuments,
      downloadPath: download.path,
      downloadPathInput: download.display,
      dryRun,
      renderCheck,
      clusterPaths,
      refreshBeforeMs,
      ...(keepAliveWorkflow && { keepAliveWorkflow }),
      helm,
      verify,
      deployment,
    },
    notices,
    warnings,
  };
}

/** What to publish: a new export of `domain`, the existing job `job-id`, or `bundle-url`. */
function parseTarget(
  get: (spec: InputSpec) => string,
  notices: string[],
): { jobId: string | undefined; domain: string | undefined; bundleUrl: string | undefined } {
  const bundleUrl = parseBundleUrl(get);
  const jobId = parseJobIdInput(
    ExportInputs.JobId.name,
    get(ExportInputs.JobId),
    'export',
    'Use the job-id output of an earlier run, or the id printed in its log (it looks like se_3f9a2c1b8e7d4a06).',
  );
  const domain = parseDomain(get(ExportInputs.Domain), notices);
  if (!domain && !jobId && !bundleUrl) {
    throw new InputError(
      ExportInputs.Domain.name,
      'is empty, and so are job-id and bundle-url',
      'Set domain to the host name of the site to export (e.g. docs.example.com), job-id to republish an existing export, or bundle-url to publish a copy of the bundle you host yourself.',
    );
  }
  return { jobId, domain, bundleUrl };
}

/**
 * A bundle hosted by the team (a mirror in their own bucket). It excludes domain and job-id, and
 * that is checked before their own values: the two ways to publish must not be mixed. Its query
 * (maybe a presigned link of the team's own) is never shown.
 */
function parseBundleUrl(get: (spec: InputSpec) => string): string | undefined {
  const text = get(ExportInputs.BundleUrl).trim();
  if (text === '') return undefined;
  const others = [ExportInputs.Domain, ExportInputs.JobId]
    .filter((spec) => get(spec).trim() !== '')
    .map((spec) => spec.name);
  if (others.length > 0) {
    throw new InputError(
      ExportInputs.BundleUrl.name,
      `is set together with ${others.join(' and ')}`,
      `With bundle-url the action publishes a bundle you host yourself and starts no export, while ${others.join(' and ')} ${others.length > 1 ? 'ask' : 'asks'} for one: remove ${others.join(' and ')} from this step to publish the mirror, or remove bundle-url to publish a fresh export.`,
    );
  }
  parseHttpUrlInput(ExportInputs.BundleUrl.name, text, {
    example: 'https://docs-bundles.example.com/docs/<sha256>.tar.gz',
    why: 'The URL is written into the values file: give a public address, or a presigned link of your own.',
    shown: (t) => printable(t.replace(/\?[\s\S]*$/, '?…')),
  });
  // Written as given: a presigned link's signature covers its exact text.
  return text;
}

function parseDownloadPath(
  get: (spec: InputSpec) => string,
  workspace: string,
  valuesFiles: readonly ValuesFileInput[],
): { path: string | undefined; display: string } {
  const display = get(ExportInputs.DownloadPath).trim();
  if (!display) return { path: undefined, display };
  const path = parseWorkspacePath(
    ExportInputs.DownloadPath.name,
    display,
    workspace,
    'site.tar.gz',
  );
  const same = valuesFiles.find((file) => file.path === path);
  if (same) {
    throw new InputError(
      ExportInputs.DownloadPath.name,
      `is the same file as values-file${valuesFiles.length > 1 ? ` "${same.display}"` : ''}`,
      'Give the bundle its own path, e.g. site.tar.gz.',
    );
  }
  return { path, display };
}

function parseVersion(raw: string): string | undefined {
  const version = raw.trim();
  if (version === '') return undefined;
  // A line break or tab, or a character Helm's YAML reader refuses (NEL is written escaped).
  if (/[\t\n\r]/.test(version) || NOT_YAML.test(version)) {
    throw new InputError(
      ExportInputs.Version.name,
      'contains a line break, a tab or a character YAML does not allow (a control character, U+FFFE, U+FFFF)',
      'Give a single-line label, e.g. 2026-11-22 or v2.',
    );
  }
  if (version.length > 200) {
    throw new InputError(
      ExportInputs.Version.name,
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
        ExportInputs.Paths.name,
        `${where} is a URL`,
        'List page paths relative to the site, e.g. guides/getting-started.',
      );
    }
    if (/[\u0000-\u001f\u007f?#\\]/.test(text) || /\s/.test(text)) {
      throw new InputError(
        ExportInputs.Paths.name,
        `${where} contains white space, "?", "#", "\\" or a control character`,
        'Write one page path per line, e.g. guides/getting-started.',
      );
    }
    const path = text.replace(/^\/+/, '').replace(/\/+$/, '');
    if (path.split('/').some((segment) => segment === '..' || segment === '.')) {
      throw new InputError(
        ExportInputs.Paths.name,
        `${where} contains "." or ".." segments`,
        'Write page paths as they appear in the site, e.g. guides/getting-started.',
      );
    }
    if (path === '') {
      throw new InputError(
        ExportInputs.Paths.name,
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

function parseRefreshBefore(raw: string, bundleUrl: string | undefined): number | undefined {
  if (raw.trim() === '') return undefined;
  if (bundleUrl) {
    throw new InputError(
      ExportInputs.RefreshBefore.name,
      'is set together with bundle-url',
      'The link in bundle-url is your own to keep alive (it is published as it is); remove refresh-before.',
    );
  }
  // At most 7 days: S3's own limit for a presigned link.
  const { minMs, maxMs } = REFRESH_BEFORE_BOUNDS;
  return parseDurationInput(ExportInputs.RefreshBefore.name, raw, minMs, maxMs);
}

/** keep-alive-workflow, in a content publish: not in the keep-alive itself, moot with bundle-url. */
function parseKeptAliveBy(
  get: (spec: InputSpec) => string,
  refreshBeforeMs: number | undefined,
  bundleUrl: string | undefined,
  warnings: string[],
): string | undefined {
  const file = parseKeepAliveWorkflow(get(KeepAliveWorkflowInput));
  if (!file) return undefined;
  if (refreshBeforeMs !== undefined) {
    throw new InputError(
      KeepAliveWorkflowInput.name,
      'is set together with refresh-before',
      "A run with refresh-before is the keep-alive, and the watchdog checks its own workflow's schedule. Name the keep-alive's workflow file in the content publish, and remove keep-alive-workflow here.",
    );
  }
  if (bundleUrl) {
    warnings.push(
      'Input "keep-alive-workflow" is ignored because bundle-url is given: the schedule is not checked for your own link.',
    );
    return undefined;
  }
  return file;
}
