/**
 * The GitHub inputs: the token both actions use (github-token, and the check of its shape), the
 * inputs that record a publish as a GitHub deployment (environment, environment-url), and the
 * keep-alive workflow the schedule watchdog checks (keep-alive-workflow).
 */
import { InputError } from '../shared/errors.js';
import { printable } from '../shared/text.js';
import { parseHttpUrlInput, type InputGetter, type InputSpec } from '../shared/inputs.js';

/**
 * The token for GitHub's API, in both actions. The runner fills in the job's token; a blank value
 * means the workflow passed an empty one.
 */
export const GithubTokenInput = {
  name: 'github-token',
  default: '${{ github.token }}',
  blankIsError: true,
  githubOnly: true,
} as const satisfies InputSpec;

export const DeploymentInputs = {
  Environment: { name: 'environment', default: '', githubOnly: true },
  EnvironmentUrl: { name: 'environment-url', default: '', githubOnly: true },
  GithubToken: GithubTokenInput,
} as const satisfies Record<string, InputSpec>;

export interface DeploymentSettings {
  environment: string;
  /** Shown on the deployment: environment-url, else verify-url, else https://<domain>. */
  environmentUrl: string | undefined;
  token: string;
}

/**
 * The deployment to record, or undefined (with a warning for a lone environment-url).
 * `siteUrl` is the address shown when environment-url is empty (the checked page, or the domain).
 */
export function parseDeploymentInputs(
  get: InputGetter,
  siteUrl: string | undefined,
  warnings: string[],
): DeploymentSettings | undefined {
  const environment = get(DeploymentInputs.Environment).trim();
  const urlText = get(DeploymentInputs.EnvironmentUrl).trim();
  if (environment === '') {
    if (urlText !== '')
      warnings.push(
        'Input "environment-url" is ignored because environment is empty: set environment to record the publish as a GitHub deployment.',
      );
    return undefined;
  }
  return {
    environment: parseEnvironment(environment),
    environmentUrl: urlText !== '' ? parseEnvironmentUrl(urlText) : siteUrl,
    token: parseToken(get(DeploymentInputs.GithubToken).trim()),
  };
}

function parseEnvironment(environment: string): string {
  const name = DeploymentInputs.Environment.name;
  if (/[\r\n\t]/.test(environment)) {
    throw new InputError(
      name,
      'contains a line break or tab',
      'Give one environment name, e.g. docs-production.',
    );
  }
  if (environment.length > 255) {
    throw new InputError(
      name,
      `is ${environment.length} characters long`,
      'GitHub environment names have at most 255 characters, e.g. docs-production.',
    );
  }
  return environment;
}

function parseEnvironmentUrl(urlText: string): string {
  return parseHttpUrlInput(DeploymentInputs.EnvironmentUrl.name, urlText, {
    example: 'https://docs.example.com',
    why: 'Everyone who can read the repository sees this URL: give the address without credentials.',
  }).href;
}

function parseToken(token: string): string {
  const name = DeploymentInputs.GithubToken.name;
  if (token === '') {
    throw new InputError(
      name,
      'is empty, but environment is set',
      'Leave github-token at its default (${{ github.token }}) and grant "permissions: deployments: write", or pass a token that has it.',
    );
  }
  return checkGithubToken(token);
}

/** A token as GitHub issues them: visible ASCII on one line (an empty one is left to the caller). */
export function checkGithubToken(token: string): string {
  if (/[^\x21-\x7e]/.test(token)) {
    throw new InputError(
      GithubTokenInput.name,
      'contains white space or a character a GitHub token never has',
      'Pass the token alone, on one line, as GitHub issued it.',
    );
  }
  return token;
}

/**
 * keep-alive-workflow: in a content publish whose link a separate keep-alive workflow renews, the
 * schedule watchdog checks that workflow's schedule and refresh-before instead of this one's (a
 * daily publish alone would rightly be warned that a day outlives the link).
 */
export const KeepAliveWorkflowInput = {
  name: 'keep-alive-workflow',
  default: '',
  githubOnly: true,
} as const satisfies InputSpec;

/** `.github/workflows/keep-alive.yml`, or undefined; a bare file name is taken from that folder. */
export function parseKeepAliveWorkflow(raw: string): string | undefined {
  const text = raw.trim();
  if (text === '') return undefined;
  const bare = text.replace(/^\.\//, '');
  const file = bare.includes('/') ? bare : `.github/workflows/${bare}`;
  // GitHub allows spaces in a workflow's file name, but no folder below .github/workflows.
  if (!/^\.github\/workflows\/[^/\\\r\n]+\.ya?ml$/.test(file)) {
    throw new InputError(
      KeepAliveWorkflowInput.name,
      `("${printable(text)}") names no workflow file`,
      `Give the file of the workflow that runs this action with refresh-before, e.g. .github/workflows/keep-alive.yml (or keep-alive.yml)${text.includes('\\') ? ', with / between folders' : ''}.`,
    );
  }
  return file;
}
