/**
 * The review loop's listings of a pull request against the GitHub stand-in (Link pagination as
 * GitHub sends it): every page in order and the most items a run reads, through the action's own
 * client (real Octokit); the time limit on every page, through its `listAll` with a short limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  describeGitHubFailure,
  ForeignPageError,
  ListTooLongError,
} from '../../src/github/api-error.js';
import * as client from '../../src/github/octokit-pull-requests.js';
import { keepGitHubEnv, startFakeGitHub, type FakeGitHub } from '../helpers/github-api.js';

/** Pull requests with 250, 3000 and 3001 comments; the 250 again, its page 2 never answered. */
const COUNTS: Record<number, number> = { 101: 250, 102: 3000, 103: 3001 };
let g: FakeGitHub;
let stalled: FakeGitHub;
const restoreEnv = keepGitHubEnv();

const comments = (pull: number, count: number) =>
  Array.from({ length: count }, (_, i) => ({ pull, body: `comment ${i}` }));

beforeAll(async () => {
  g = await startFakeGitHub({
    pulls: Object.keys(COUNTS).map((n) => ({ number: Number(n) })),
    issueComments: Object.entries(COUNTS).flatMap(([n, count]) => comments(Number(n), count)),
  });
  stalled = await startFakeGitHub({
    pulls: [{ number: 101 }],
    issueComments: comments(101, 250),
    stallPage: 2,
  });
  process.env.GITHUB_API_URL = g.apiUrl;
  process.env.GITHUB_REPOSITORY = 'acme/docs';
});
afterAll(async () => {
  await Promise.all([g.close(), stalled.close()]);
  restoreEnv();
});

/** The pages asked for of pull request `pull`'s comments (null: the first). */
const pagesOf = (server: FakeGitHub, pull: number) =>
  server.requests
    .filter((r) => r.path.includes(`/issues/${pull}/comments`))
    .map((r) => new URL(r.path, 'http://x').searchParams.get('page'));

/** The comments of pull request 101 on `server`, through listAll with a limit of `ms`. */
async function listThrough(server: FakeGitHub, ms: number) {
  const { getOctokit } = await import('@actions/github');
  const octokit = getOctokit('token', { baseUrl: server.apiUrl });
  return client.listAll(
    octokit,
    (request) =>
      octokit.rest.issues.listComments({
        owner: 'acme',
        repo: 'docs',
        issue_number: 101,
        per_page: 100,
        request,
      }),
    { signal: AbortSignal.timeout(ms) },
  );
}

describe("listing the comments of a pull request (the action's own client)", () => {
  it('reads every page, in order', async () => {
    const listed = await client.octokitPullRequestApi('token').comments(101);
    expect(listed.map((c) => c.body)).toEqual(comments(101, 250).map((c) => c.body));
    expect(pagesOf(g, 101)).toEqual([null, '2', '3']);
  });

  it('3000 items are read whole; 3001 fail rather than leave out the newest', async () => {
    const api = client.octokitPullRequestApi('token');
    expect(await api.comments(102)).toHaveLength(3000);
    const error = await api.comments(103).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ListTooLongError);
    expect(pagesOf(g, 103)).toHaveLength(30);
  });

  it('a Link header that leads to another origin: the listing stops, and the token goes nowhere else', async () => {
    const elsewhere = await startFakeGitHub({
      pulls: [{ number: 101 }],
      issueComments: comments(101, 250),
    });
    const leading = await startFakeGitHub({
      pulls: [{ number: 101 }],
      issueComments: comments(101, 250),
      pageOrigin: new URL(elsewhere.apiUrl).origin,
    });
    try {
      const error = await listThrough(leading, 5_000).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ForeignPageError);
      expect(describeGitHubFailure(error, 'refused', (t) => t).answer).toContain(
        `next page on ${new URL(elsewhere.apiUrl).origin}`,
      );
      expect(pagesOf(leading, 101)).toEqual([null]);
      expect(elsewhere.requests).toEqual([]);
    } finally {
      await Promise.all([elsewhere.close(), leading.close()]);
    }
  });

  it("a page that never comes: the listing gives up when the call's time is up", async () => {
    // listAll with a short limit (the client's own is 15 s): every page carries the signal.
    const started = Date.now();
    const listing = listThrough(stalled, 500);
    await expect(listing).rejects.toThrow(/abort|timeout/i);
    // Octokit's paginate sent later pages without the signal: this waited for minutes.
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(pagesOf(stalled, 101)).toEqual([null, '2']);
  });
});
