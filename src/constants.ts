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
} as const;

export const DEFAULT_BASE_URL = 'https://api.mintlify.com';
