/**
 * What a call to GitHub's REST API failed with, whatever it was for (deployments, comments), and
 * the words for it: what GitHub answered, what to do, and whether it may pass.
 */
import type { Logger } from '../shared/logger.js';

export class GitHubApiError extends Error {
  override readonly name: string = 'GitHubApiError';
  constructor(
    message: string,
    /** The HTTP status, when GitHub answered. */
    readonly status?: number,
    /** Set when GitHub rate-limited the call (429, or a 403 that says so): wait this long. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/**
 * A listing with more items than a run reads. Acting on the part that was read would miss the
 * newest items (GitHub lists oldest first), so the caller fails instead.
 */
export class ListTooLongError extends GitHubApiError {
  override readonly name: string = 'ListTooLongError';
  constructor(readonly limit: number) {
    super(`it holds more than ${limit} items, more than a run reads`);
  }
}

/**
 * A listing whose Link header leads to a next page outside GitHub's API (another origin than
 * GITHUB_API_URL's). Octokit would send the token there; the listing stops instead.
 */
export class ForeignPageError extends GitHubApiError {
  override readonly name: string = 'ForeignPageError';
  /** `where`: the scheme and host of the next page (text from the answer), or what it is. */
  constructor(readonly where: string) {
    super(`its next page is on ${where}, not on GitHub's API, and the token is not sent there`);
  }
}

export interface GitHubFailure {
  /** `GitHub answered 403 (…)` or `GitHub could not be reached (…)`. */
  answer: string;
  /** What to do about it, as a sentence. */
  fix: string;
  /** Worth trying again later: no answer, a 5xx, or a rate limit. */
  transient: boolean;
}

/**
 * A failed call to GitHub, in the words every caller uses: a rate limit (a 403 that says so
 * included), a token GitHub refused (401), a refusal of the call (403, 404: `refused`, as only the
 * caller knows which permission it needs), another refusal (a bug to report), GitHub out of
 * reach, a listing longer than a run reads (`tooLong`: what to do instead, the caller's), or one
 * whose next page is not on GitHub's API.
 * `clean` makes GitHub's message fit to show (printable, without secrets, short).
 */
export function describeGitHubFailure(
  error: unknown,
  refused: string,
  clean: (text: string) => string,
  tooLong = 'Go on in a new pull request.',
): GitHubFailure {
  if (error instanceof ListTooLongError)
    return {
      answer: `GitHub lists more than ${error.limit} of them, and a run reads at most ${error.limit} (oldest first), so the newest would be missed`,
      fix: tooLong,
      transient: false,
    };
  if (error instanceof ForeignPageError)
    return {
      answer: `GitHub's Link header led to a next page on ${clean(error.where)}, which is not the API's origin; the token was not sent there`,
      fix: 'Check GITHUB_API_URL, and any proxy in front of GitHub that rewrites its Link headers.',
      transient: false,
    };
  const e = error instanceof GitHubApiError ? error : undefined;
  const said = clean(error instanceof Error ? error.message : String(error));
  const answer = e?.status
    ? `GitHub answered ${e.status} (${said})`
    : `GitHub could not be reached (${said})`;
  const limited = e?.retryAfterMs !== undefined;
  const fix = limited
    ? 'The token hit a GitHub rate limit: fewer API calls from this workflow, or a token of its own (github-token), help.'
    : e?.status === 401
      ? "GitHub refused the token: check github-token (the default, the job's GITHUB_TOKEN, is always valid during the job)."
      : e?.status === 403 || e?.status === 404
        ? refused
        : e?.status !== undefined && e.status < 500
          ? 'Please report it with the log of this run.'
          : 'Check the status of GitHub and GITHUB_API_URL.';
  return { answer, fix, transient: limited || e?.status === undefined || e.status >= 500 };
}

/**
 * The GitHub calls that never fail a run say so once as a warning (the first is the one to act
 * on); the later ones are logged only.
 */
export class WarnOnce {
  #warned = false;

  constructor(private readonly logger: Logger) {}

  /** `always`: a warning even after the first, for a refusal with a consequence of its own. */
  say(message: string, always = false): void {
    if (this.#warned && !always) return this.logger.info(message);
    this.#warned = true;
    this.logger.warning(message);
  }
}
