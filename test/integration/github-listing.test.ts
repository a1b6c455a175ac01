/**
 * The review loop's listings of a pull request, through the real Octokit against the GitHub
 * stand-in (Link pagination as GitHub sends it): every page in order, the call's time limit on
 * every page, and the most items a run reads.
 */
import { getOctokit } from '@actions/github';
import { afterEach, describe, expect, it } from 'vitest';
import { ListTooLongError } from '../../src/github/api-error.js';
import { listAll } from '../../src/github/octokit.js';
import { startFakeGitHub, type FakeGitHub, type FakeGitHubOptions } from '../helpers/github-api.js';

const PR = 101;
const servers: FakeGitHub[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((g) => g.close()));
});

/** The stand-in with `count` conversation comments on the pull request, and the listing of them. */
async function listing(count: number, more: Partial<FakeGitHubOptions> = {}) {
  const g = await startFakeGitHub({
    pulls: [{ number: PR }],
    issueComments: Array.from({ length: count }, (_, i) => ({ pull: PR, body: `comment ${i}` })),
    ...more,
  });
  servers.push(g);
  const octokit = getOctokit('token', { baseUrl: g.apiUrl });
  const list = (signal: AbortSignal) =>
    listAll(
      octokit,
      (request) =>
        octokit.rest.issues.listComments({
          owner: 'acme',
          repo: 'docs',
          issue_number: PR,
          per_page: 100,
          request,
        }),
      { signal },
    );
  return { g, list };
}

describe('listing the comments of a pull request', () => {
  it('reads every page, in order', async () => {
    const { g, list } = await listing(250);
    const comments = await list(AbortSignal.timeout(10_000));
    expect(comments.map((c) => c.body)).toEqual(
      Array.from({ length: 250 }, (_, i) => `comment ${i}`),
    );
    expect(g.requests.map((r) => new URL(r.path, 'http://x').searchParams.get('page'))).toEqual([
      null,
      '2',
      '3',
    ]);
  });

  it("a page that never comes: the listing gives up when the call's time is up", async () => {
    const { g, list } = await listing(250, { stallPage: 2 });
    const started = Date.now();
    await expect(list(AbortSignal.timeout(500))).rejects.toThrow();
    // Octokit's paginate sent later pages without the signal: this waited for minutes.
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(g.requests).toHaveLength(2);
  });

  it('3000 items are read whole; 3001 fail rather than leave out the newest', async () => {
    const whole = await listing(3000);
    expect(await whole.list(AbortSignal.timeout(20_000))).toHaveLength(3000);
    const over = await listing(3001);
    const error = await over.list(AbortSignal.timeout(20_000)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ListTooLongError);
    expect(over.g.requests).toHaveLength(30);
  });
});
