/** What a call to GitHub's REST API failed with, whatever it was for (deployments, comments). */
export class GitHubApiError extends Error {
  override readonly name = 'GitHubApiError';
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
