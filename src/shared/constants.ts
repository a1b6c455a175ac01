/** Names of the root action's inputs and outputs: the one place they are spelled (see action.yml). */
export const Inputs = {
  ApiKey: 'api-key',
  Domain: 'domain',
  JobId: 'job-id',
  Version: 'version',
  Paths: 'paths',
  ValuesFile: 'values-file',
  BaseUrl: 'base-url',
  Timeout: 'timeout',
  PollInterval: 'poll-interval',
  DownloadPath: 'download-path',
  DryRun: 'dry-run',
  HelmRelease: 'helm-release',
  HelmChart: 'helm-chart',
  HelmNamespace: 'helm-namespace',
  HelmChartVersion: 'helm-chart-version',
  HelmRollbackOnFailure: 'helm-rollback-on-failure',
  HelmTimeout: 'helm-timeout',
  HelmArgs: 'helm-args',
  Environment: 'environment',
  EnvironmentUrl: 'environment-url',
  GithubToken: 'github-token',
} as const;

export const Outputs = {
  JobId: 'job-id',
  Status: 'status',
  PageCount: 'page-count',
  BundleUrl: 'bundle-url',
  ExpiresAt: 'expires-at',
  SizeBytes: 'size-bytes',
  Version: 'version',
  ValuesFile: 'values-file',
  ValuesChanged: 'values-changed',
  BundlePath: 'bundle-path',
  BundleSha256: 'bundle-sha256',
  HelmRevision: 'helm-revision',
  HelmVersion: 'helm-version',
  DeploymentId: 'deployment-id',
} as const;

export const DEFAULT_BASE_URL = 'https://api.mintlify.com';
export const DEFAULT_HELM_CHART = 'mintlify/enterprise';

/** Names of the agent/ sub-action's inputs and outputs (see agent/action.yml). */
export const AgentInputs = {
  ApiKey: 'api-key',
  ProjectId: 'project-id',
  Prompt: 'prompt',
  JobId: 'job-id',
  Wait: 'wait',
  Timeout: 'timeout',
  PollInterval: 'poll-interval',
  BaseUrl: 'base-url',
} as const;

export const AgentOutputs = {
  JobId: 'job-id',
  Status: 'status',
  PrLink: 'pr-link',
  Model: 'model',
  Repository: 'repository',
  Ref: 'ref',
} as const;

/**
 * An id the service hands out (`se_3f9a2c1b8e7d4a06`): printed and put in paths. The response
 * schemas and the job-id inputs use the same pattern, so any id a run printed can be passed back.
 */
export const SERVICE_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,199}$/;
