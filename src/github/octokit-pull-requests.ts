/**
 * The agent's calls on its pull requests, through Octokit (octokit.ts makes the client): reads
 * (the pull request, its comments, diff comments, reviews, one of each again after a claim), the
 * replies and their edits, reactions, the claims' commits and refs (octokit-git.ts), a
 * commenter's permission, and a workflow run's status (a claim whose run stopped). Every call
 * has its own time limit and rejects with a GitHubApiError.
 */
import { context } from '@actions/github';
import { ForeignPageError, ListTooLongError } from './api-error.js';
import { createOctokit, toApiError } from './octokit.js';
import { gitRefCalls } from './octokit-git.js';
import type {
  Author,
  IssueComment,
  PostedComment,
  PullRequestApi,
  Review,
  ReviewComment,
} from './pull-request.js';

/** Each call for the agent's pull requests gets this long (all pages of a listing together). */
const PULL_REQUEST_CALL_MS = 15_000;
/**
 * The most items of one listing a run reads (30 pages). GitHub lists comments and reviews oldest
 * first, so a longer listing fails the call rather than being cut, which would miss the newest.
 */
const MAX_COMMENTS = 3000;

interface OctokitUser {
  login?: string;
  type?: string;
}

function authorOf(user: OctokitUser | null | undefined, association: unknown): Author {
  return {
    login: user?.login ?? '',
    bot: user?.type === 'Bot',
    association: typeof association === 'string' ? association : 'NONE',
  };
}

function posted(data: { id: number; html_url: string }): PostedComment {
  return { id: data.id, url: data.html_url };
}

interface OctokitComment {
  id: number;
  body?: string | null;
  user: OctokitUser | null;
  author_association: unknown;
  html_url: string;
  created_at: string;
  updated_at: string;
}

function issueCommentOf(c: OctokitComment): IssueComment {
  return {
    id: c.id,
    body: c.body ?? '',
    author: authorOf(c.user, c.author_association),
    url: c.html_url,
    createdAt: c.created_at,
    updatedAt: c.updated_at,
  };
}

function reviewCommentOf(
  c: OctokitComment & {
    pull_request_review_id?: number | null;
    in_reply_to_id?: number;
    path: string;
    subject_type?: string;
    line?: number;
    start_line?: number | null;
    side?: string;
    start_side?: string | null;
    original_line?: number;
    original_start_line?: number | null;
    diff_hunk?: string;
  },
): ReviewComment {
  return {
    ...issueCommentOf(c),
    reviewId: c.pull_request_review_id ?? undefined,
    inReplyTo: c.in_reply_to_id ?? undefined,
    path: c.path,
    subjectType: c.subject_type ?? 'line',
    line: c.line ?? null,
    startLine: c.start_line ?? null,
    side: c.side ?? null,
    startSide: c.start_side ?? null,
    originalLine: c.original_line ?? null,
    originalStartLine: c.original_start_line ?? null,
    diffHunk: c.diff_hunk ?? '',
  };
}

function reviewOf(r: {
  id: number;
  body?: string | null;
  user: OctokitUser | null;
  author_association: unknown;
  html_url: string;
  state: string;
  submitted_at?: string;
}): Review {
  return {
    id: r.id,
    body: r.body ?? '',
    author: authorOf(r.user, r.author_association),
    url: r.html_url,
    state: r.state.toUpperCase(),
    submittedAt: r.submitted_at ?? '',
  };
}

type Octokit = ReturnType<typeof createOctokit>;

/** One page of a listing, as Octokit answers it. */
interface Page<T> {
  data: T[];
  headers: { link?: string };
}

/**
 * Every item of a listing, oldest first, page by page as GitHub's Link header leads, each request
 * under `request.signal`. Octokit's paginate sends its requests without the request options (the
 * signal among them), so a stalled page would wait for undici's own timeouts, minutes: hence this
 * loop. Past MAX_COMMENTS items it fails with a ListTooLongError. A next page on another origin
 * than the API's fails with a ForeignPageError before it is asked for: Octokit sends the token with
 * any absolute URL, and a Link header is text from the answer.
 */
export async function listAll<T>(
  octokit: Octokit,
  firstPage: (request: { signal: AbortSignal }) => Promise<Page<T>>,
  request: { signal: AbortSignal },
): Promise<T[]> {
  const items: T[] = [];
  let page = await firstPage(request);
  for (;;) {
    items.push(...page.data);
    const next = /<([^<>]+)>;\s*rel="next"/.exec(page.headers.link ?? '')?.[1];
    if (items.length > MAX_COMMENTS || (items.length === MAX_COMMENTS && next))
      throw new ListTooLongError(MAX_COMMENTS);
    if (!next) return items;
    // A next page of the same listing: the same type as the first.
    page = await octokit.request({ method: 'GET', url: onApi(octokit, next), request });
  }
}

/**
 * `next` where Octokit would send it (a path goes after the base URL, as Octokit puts it), or a
 * ForeignPageError when that is not on the base URL's origin or is no http(s) URL at all.
 */
function onApi(octokit: Octokit, next: string): string {
  const base = octokit.request.endpoint.DEFAULTS.baseUrl;
  const target = /^https?:/i.test(next) ? next : `${base}${next}`;
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new ForeignPageError('an address that is not a URL');
  }
  if (url.origin !== new URL(base).origin)
    throw new ForeignPageError(`${url.protocol}//${url.host}`);
  return url.href;
}

/** The agent's calls on the run's repository (GITHUB_REPOSITORY, as for deployments). */
export function octokitPullRequestApi(token: string): PullRequestApi {
  const octokit = createOctokit(token);
  const at = context.repo;
  /** Runs one call with its time limit, turning what Octokit throws into a GitHubApiError. */
  const call = async <T>(fn: (request: { signal: AbortSignal }) => Promise<T>): Promise<T> => {
    const signal = AbortSignal.timeout(PULL_REQUEST_CALL_MS);
    try {
      return await fn({ signal });
    } catch (error) {
      throw toApiError(error, signal);
    }
  };
  /** Every item of one listing (100 a page), all pages within one call's time limit. */
  const list = <T>(firstPage: (request: { signal: AbortSignal }) => Promise<Page<T>>) =>
    call((request) => listAll(octokit, firstPage, request));
  const pages = { ...at, per_page: 100 };
  return {
    pullRequest: (number) =>
      call(async (request) => {
        const { data } = await octokit.rest.pulls.get({ ...at, pull_number: number, request });
        return {
          number: data.number,
          body: data.body ?? '',
          headSha: data.head.sha,
          author: authorOf(data.user, data.author_association),
          merged: data.merged === true,
        };
      }),
    newCommits: (base, head) =>
      call(async (request) => {
        const { data } = await octokit.rest.repos.compareCommitsWithBasehead({
          ...at,
          basehead: `${base}...${head}`,
          request,
        });
        return {
          ahead: data.status === 'ahead',
          authors: data.commits.map((c) => c.author?.login),
          complete: data.commits.length === data.total_commits,
        };
      }),
    comments: async (number) =>
      (
        await list((request) =>
          octokit.rest.issues.listComments({ ...pages, issue_number: number, request }),
        )
      ).map(issueCommentOf),
    reviewComments: async (number) =>
      (
        await list((request) =>
          octokit.rest.pulls.listReviewComments({ ...pages, pull_number: number, request }),
        )
      ).map(reviewCommentOf),
    reviews: async (number) =>
      (
        await list((request) =>
          octokit.rest.pulls.listReviews({ ...pages, pull_number: number, request }),
        )
      ).map(reviewOf),
    issueComment: (id) =>
      call(async (request) =>
        issueCommentOf(
          (await octokit.rest.issues.getComment({ ...at, comment_id: id, request })).data,
        ),
      ),
    reviewComment: (id) =>
      call(async (request) =>
        reviewCommentOf(
          (await octokit.rest.pulls.getReviewComment({ ...at, comment_id: id, request })).data,
        ),
      ),
    review: (number, id) =>
      call(async (request) =>
        reviewOf(
          (
            await octokit.rest.pulls.getReview({
              ...at,
              pull_number: number,
              review_id: id,
              request,
            })
          ).data,
        ),
      ),
    comment: (number, body) =>
      call(async (request) =>
        posted(
          (await octokit.rest.issues.createComment({ ...at, issue_number: number, body, request }))
            .data,
        ),
      ),
    editComment: (id, body) =>
      call(async (request) =>
        posted(
          (await octokit.rest.issues.updateComment({ ...at, comment_id: id, body, request })).data,
        ),
      ),
    replyToReviewComment: (number, id, body) =>
      call(async (request) =>
        posted(
          (
            await octokit.rest.pulls.createReplyForReviewComment({
              ...at,
              pull_number: number,
              comment_id: id,
              body,
              request,
            })
          ).data,
        ),
      ),
    editReviewComment: (id, body) =>
      call(async (request) =>
        posted(
          (await octokit.rest.pulls.updateReviewComment({ ...at, comment_id: id, body, request }))
            .data,
        ),
      ),
    react: (kind, id, content) =>
      call(async (request) => {
        const target = { ...at, comment_id: id, content, request };
        const { status, data } =
          kind === 'review'
            ? await octokit.rest.reactions.createForPullRequestReviewComment(target)
            : await octokit.rest.reactions.createForIssueComment(target);
        // 200: "you already added the reaction type": this identity added it before (this action
        // in an earlier run, or another workflow with the same token); `id` is that reaction's.
        return { added: (status as number) !== 200, id: data.id };
      }),
    unreact: (kind, commentId, reactionId) =>
      call(async (request) => {
        const target = { ...at, comment_id: commentId, reaction_id: reactionId, request };
        if (kind === 'review') await octokit.rest.reactions.deleteForPullRequestComment(target);
        else await octokit.rest.reactions.deleteForIssueComment(target);
      }),
    permission: (login) =>
      call(async (request) => {
        const { data } = await octokit.rest.repos.getCollaboratorPermissionLevel({
          ...at,
          username: login,
          request,
        });
        // `permission`, not `role_name`: a custom role has its own name, and its base here.
        return data.permission;
      }),
    viewer: () =>
      call(async (request) => {
        const answer = await octokit.graphql<{ viewer: { login: string } }>(
          'query { viewer { login } }',
          { request },
        );
        return answer.viewer.login;
      }),
    ...gitRefCalls(octokit, at, call),
    workflowRun: (id) =>
      call(async (request) => {
        const { data } = await octokit.rest.actions.getWorkflowRun({ ...at, run_id: id, request });
        return { status: data.status ?? '', url: data.html_url };
      }),
  };
}
