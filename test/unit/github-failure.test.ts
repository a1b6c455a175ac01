/**
 * The one description of a failed call to GitHub (deployments, the agent's comments and reads):
 * what GitHub answered, what to do, and whether it may pass.
 */
import { describe, expect, it } from 'vitest';
import { describeGitHubFailure, GitHubApiError } from '../../src/github/api-error.js';

const REFUSED = 'Grant the permission.';
const describeIt = (error: unknown) => describeGitHubFailure(error, REFUSED, (t) => t.trim());

describe('describeGitHubFailure', () => {
  it.each([
    [new GitHubApiError(' Forbidden ', 403), 'GitHub answered 403 (Forbidden)', REFUSED, false],
    [new GitHubApiError('Not Found', 404), 'GitHub answered 404 (Not Found)', REFUSED, false],
    [
      new GitHubApiError('API rate limit exceeded', 403, 60_000),
      'GitHub answered 403 (API rate limit exceeded)',
      'The token hit a GitHub rate limit: fewer API calls from this workflow, or a token of its own (github-token), help.',
      true,
    ],
    [
      new GitHubApiError('Bad credentials', 401),
      'GitHub answered 401 (Bad credentials)',
      "GitHub refused the token: check github-token (the default, the job's GITHUB_TOKEN, is always valid during the job).",
      false,
    ],
    [
      new GitHubApiError('Validation Failed', 422),
      'GitHub answered 422 (Validation Failed)',
      'Please report it with the log of this run.',
      false,
    ],
    [
      new GitHubApiError('Bad Gateway', 502),
      'GitHub answered 502 (Bad Gateway)',
      'Check the status of GitHub and GITHUB_API_URL.',
      true,
    ],
    [
      new GitHubApiError('ECONNREFUSED'),
      'GitHub could not be reached (ECONNREFUSED)',
      'Check the status of GitHub and GITHUB_API_URL.',
      true,
    ],
  ])('%s', (error, answer, fix, transient) => {
    expect(describeIt(error)).toEqual({ answer, fix, transient });
  });
});
