/**
 * The GitHub side of the agent's pull requests: the calls it makes (a pull request, its comments
 * and their reactions, replies in a review thread, a commenter's permission, a workflow run's
 * status), who may steer the agent, and the writes that must never fail a run. No @actions/* here: `octokit.ts` implements
 * `PullRequestApi` with Octokit and is loaded only when a run needs GitHub.
 */
import type { Logger } from '../shared/logger.js';
import { printable } from '../shared/text.js';
import {
  describeGitHubFailure,
  ForeignPageError,
  GitHubApiError,
  ListTooLongError,
  WarnOnce,
} from './api-error.js';
import type { GitRefApi } from './git-refs.js';

/** Who wrote a pull request or a comment. */
export interface Author {
  login: string;
  /** GitHub's `user.type` is `Bot` (an app, github-actions included). */
  bot: boolean;
  /** `author_association`: OWNER, MEMBER, COLLABORATOR, CONTRIBUTOR, NONE, … */
  association: string;
}

export interface PullRequest {
  number: number;
  body: string;
  headSha: string;
  author: Author;
  /** Merged: it cannot be reopened, and its claims are gone (agent/closed.ts). */
  merged?: boolean;
}

/** What a branch gained between two of its heads (GitHub's compare). */
export interface NewCommits {
  /** `base` is an ancestor of `head`: commits were added, none rewritten (no rebase or reset). */
  ahead: boolean;
  /** The account each new commit's author is linked to, oldest first; undefined: none. */
  authors: (string | undefined)[];
  /** GitHub listed every new commit (it lists at most 250). */
  complete: boolean;
}

export interface IssueComment {
  id: number;
  body: string;
  author: Author;
  url: string;
  /** ISO date of the creation. */
  createdAt: string;
  /** ISO date of the last edit (the creation when never edited). */
  updatedAt: string;
}

/**
 * A comment on the diff, as the pull request's comment list gives it (GET /pulls/{n}/comments:
 * the per-review endpoint lacks the line fields). Lines are null on a file-level comment, and
 * `line` is null on an outdated one (the line changed since): then `originalLine` says where it was.
 */
export interface ReviewComment extends IssueComment {
  /** The review it was submitted with (every diff comment belongs to one). */
  reviewId: number | undefined;
  /** The thread's first comment, for a reply. */
  inReplyTo: number | undefined;
  path: string;
  /** `line` (on lines) or `file` (on the whole file). */
  subjectType: string;
  line: number | null;
  startLine: number | null;
  /** `LEFT` (the old text) or `RIGHT` (the new), upper case as REST gives it. */
  side: string | null;
  startSide: string | null;
  originalLine: number | null;
  originalStartLine: number | null;
  /** The diff hunk up to the commented line. */
  diffHunk: string;
}

/** A submitted review (GET /pulls/{n}/reviews). */
export interface Review {
  id: number;
  body: string;
  author: Author;
  url: string;
  /** Upper case, as REST gives it: APPROVED, CHANGES_REQUESTED, COMMENTED, DISMISSED, PENDING. */
  state: string;
  /** ISO date; empty for a pending review. */
  submittedAt: string;
}

export interface PostedComment {
  id: number;
  url: string;
}

/** A conversation comment (issue comment API) or a comment on a line of the diff (review). */
export type CommentKind = 'issue' | 'review';
export type Reaction = 'eyes' | '+1' | '-1';

/**
 * The calls the agent makes on one repository. Each rejects with a GitHubApiError (with the
 * status when GitHub answered) and gives up after its own time limit.
 */
export interface PullRequestApi extends GitRefApi {
  pullRequest(number: number): Promise<PullRequest>;
  /** The commits `head` has that `base` has not, and whether `head` follows on from `base`. */
  newCommits(base: string, head: string): Promise<NewCommits>;
  /** Every conversation comment of the pull request, oldest first. */
  comments(number: number): Promise<IssueComment[]>;
  /** Every comment on the pull request's diff, oldest first. */
  reviewComments(number: number): Promise<ReviewComment[]>;
  /** Every review of the pull request, oldest first. */
  reviews(number: number): Promise<Review[]>;
  /** One conversation comment, as it is now (404: deleted). */
  issueComment(id: number): Promise<IssueComment>;
  /** One diff comment, as it is now (404: deleted). */
  reviewComment(id: number): Promise<ReviewComment>;
  /** One review, as it is now. */
  review(number: number, id: number): Promise<Review>;
  comment(number: number, body: string): Promise<PostedComment>;
  editComment(id: number, body: string): Promise<PostedComment>;
  /** Replies in the review thread of comment `id` (a thread's first comment). */
  replyToReviewComment(number: number, id: number, body: string): Promise<PostedComment>;
  /** Edits a diff comment (a reply of the action in a review thread). */
  editReviewComment(id: number, body: string): Promise<PostedComment>;
  /**
   * Adds the token's reaction. `added` is GitHub's 201; false is its 200, "this same identity had
   * added it before" (any run or workflow with the same token: no lock). `id` is the reaction's.
   */
  react(kind: CommentKind, id: number, content: Reaction): Promise<{ added: boolean; id: number }>;
  /** Takes the token's reaction `reactionId` off comment `commentId`. */
  unreact(kind: CommentKind, commentId: number, reactionId: number): Promise<void>;
  /**
   * The commenter's permission: admin, write, read or none. GitHub reports maintain (and a custom
   * role based on write or maintain) as write, and triage as read.
   */
  permission(login: string): Promise<string>;
  /**
   * The login of the token's own account (GraphQL `viewer`, which answers for a personal access
   * token, the job's GITHUB_TOKEN and a GitHub App's installation token alike, where REST's
   * `GET /user` refuses the last two): `github-actions[bot]`, a user, `<app>[bot]`.
   */
  viewer(): Promise<string>;
  /** A workflow run of the repository: `status` (queued, in_progress, completed, …) and its page. */
  workflowRun(id: number): Promise<WorkflowRun>;
}

/** GET /repos/{owner}/{repo}/actions/runs/{run_id}, as the agent reads it (needs actions: read). */
export interface WorkflowRun {
  status: string;
  url: string;
}

/** The repository the run belongs to: GITHUB_SERVER_URL and GITHUB_REPOSITORY. */
export interface RepositoryContext {
  serverUrl: string;
  /** `owner/name`. */
  repository: string;
}

/**
 * The number of the pull request `link` points at, when it is one of `repo` (GitHub Enterprise
 * Server included: the host is the server's); undefined for anything else.
 */
export function pullRequestNumber(
  link: string | null | undefined,
  repo: RepositoryContext,
): number | undefined {
  if (!link) return undefined;
  let url: URL;
  let server: URL;
  try {
    url = new URL(link);
    server = new URL(repo.serverUrl);
  } catch {
    return undefined;
  }
  if (url.origin !== server.origin || url.search || url.hash) return undefined;
  const m = /^\/([^/]+)\/([^/]+)\/pull\/([1-9]\d{0,9})\/?$/.exec(url.pathname);
  if (!m || `${m[1]}/${m[2]}`.toLowerCase() !== repo.repository.toLowerCase()) return undefined;
  return Number(m[3]);
}

/** The permissions that may push to the repository, and so may steer the agent. */
export const WRITE_PERMISSIONS: readonly string[] = ['admin', 'write'];

/**
 * Why a commenter may not steer the agent (undefined: they may). Bots never may. Only GitHub's
 * permission answer decides, never `author_association`: a private member of the organization
 * with write access shows as CONTRIBUTOR or NONE there.
 */
export async function refusal(api: PullRequestApi, author: Author): Promise<string | undefined> {
  // A deleted account has no login: nothing to ask GitHub about.
  if (author.login === '') return "the author's account was deleted (GitHub shows it as ghost)";
  const who = `${printable(author.login)} (${printable(author.association)})`;
  if (author.bot) return `${who} is a bot`;
  let permission: string;
  try {
    permission = await api.permission(author.login);
  } catch (error) {
    // 404: not a collaborator (anymore).
    if (error instanceof GitHubApiError && error.status === 404) permission = 'none';
    else throw error;
  }
  return WRITE_PERMISSIONS.includes(permission)
    ? undefined
    : `${who} has the permission "${printable(permission)}" on the repository, not write or admin`;
}

const NOT_AFFECTED = 'The agent job is not affected.';

/** A write whose answer was lost (no answer, a 5xx): GitHub may have carried it out. */
export interface LostAnswer {
  /** What GitHub answered, or that it could not be reached, in the words of a refusal. */
  answer: string;
  /** Says it as a refusal is said, once the caller found the write was not carried out. */
  say(): void;
}

/** A write's result, its lost answer, or undefined (GitHub refused it, and that was said). */
export type Tried<T> = { done: T } | { lost: LostAnswer } | undefined;

/** Whether GitHub may have carried a failed call out: it gave no answer, or a 5xx. */
export function mayHaveLanded(error: unknown): boolean {
  if (!(error instanceof GitHubApiError)) return false;
  if (error instanceof ListTooLongError || error instanceof ForeignPageError) return false;
  return error.status === undefined || error.status >= 500;
}
export const WRITES_FIX =
  'Give the job "permissions: pull-requests: write" and "issues: write" (or pass a github-token that has them).';

/**
 * The writes the agent makes on GitHub (comments, reactions), which never fail a run: the first
 * refusal is one warning that says what to grant; later ones are logged only. Every text sent
 * goes through `redact`.
 */
export class CommentWriter {
  readonly #warnings: WarnOnce;

  constructor(
    readonly api: PullRequestApi,
    logger: Logger,
    private readonly redact: (text: string) => string,
  ) {
    this.#warnings = new WarnOnce(logger);
  }

  /**
   * `call`'s result, or undefined after saying why GitHub refused it and what that means
   * (`consequence`: by default, that the agent job is not affected; `permissions`: what a 403 or
   * 404 asks for, by default the writes' permissions).
   */
  async attempt<T>(
    what: string,
    call: (api: PullRequestApi) => Promise<T>,
    consequence = NOT_AFFECTED,
    permissions = WRITES_FIX,
  ): Promise<T | undefined> {
    const tried = await this.try(what, call, consequence, permissions);
    if (tried && 'lost' in tried) tried.lost.say();
    return tried && 'done' in tried ? tried.done : undefined;
  }

  /**
   * `attempt` for a write whose answer may be lost after GitHub carried it out (no answer, a 5xx):
   * then `lost`, and nothing is said yet, as the caller looks on GitHub before deciding (`say()`
   * says it as `attempt` would have). A refusal is said at once (undefined).
   */
  async try<T>(
    what: string,
    call: (api: PullRequestApi) => Promise<T>,
    consequence = NOT_AFFECTED,
    permissions = WRITES_FIX,
  ): Promise<Tried<T>> {
    try {
      return { done: await call(this.api) };
    } catch (error) {
      const say = () => this.#refused(what, error, consequence, permissions);
      if (!mayHaveLanded(error)) {
        say();
        return undefined;
      }
      const { answer } = describeGitHubFailure(error, permissions, (text) =>
        this.redact(printable(text)),
      );
      return { lost: { answer, say } };
    }
  }

  comment(number: number, body: string, consequence?: string): Promise<PostedComment | undefined> {
    return this.attempt(
      `comment on pull request #${number}`,
      (api) => api.comment(number, this.redact(body)),
      consequence,
    );
  }

  editComment(id: number, body: string, consequence?: string) {
    return this.attempt(
      `edit comment ${id}`,
      (api) => api.editComment(id, this.redact(body)),
      consequence,
    );
  }

  reply(number: number, kind: CommentKind, threadId: number, body: string, consequence?: string) {
    return this.attempt(...this.#reply(number, kind, threadId, body), consequence);
  }

  /** `reply` as `try`: a reply whose answer was lost may be there. */
  tryReply(
    number: number,
    kind: CommentKind,
    threadId: number,
    body: string,
    consequence?: string,
  ) {
    return this.try(...this.#reply(number, kind, threadId, body), consequence);
  }

  #reply(
    number: number,
    kind: CommentKind,
    threadId: number,
    body: string,
  ): [string, (api: PullRequestApi) => Promise<PostedComment>] {
    return kind === 'review'
      ? [
          `reply to review comment ${threadId}`,
          (api) => api.replyToReviewComment(number, threadId, this.redact(body)),
        ]
      : [`comment on pull request #${number}`, (api) => api.comment(number, this.redact(body))];
  }

  /** Edits a reply posted with `reply` (a conversation comment, or a comment in a review thread). */
  editReply(kind: CommentKind, id: number, body: string, consequence?: string) {
    return kind === 'review'
      ? this.attempt(
          `edit review comment ${id}`,
          (api) => api.editReviewComment(id, this.redact(body)),
          consequence,
        )
      : this.editComment(id, body, consequence);
  }

  /** The reaction (see PullRequestApi.react), or undefined when GitHub refused it. */
  react(kind: CommentKind, id: number, content: Reaction, consequence?: string) {
    return this.attempt(...this.#react(kind, id, content), consequence);
  }

  #react(
    kind: CommentKind,
    id: number,
    content: Reaction,
  ): [string, (api: PullRequestApi) => Promise<{ added: boolean; id: number }>] {
    return [`add the reaction ${content} to comment ${id}`, (api) => api.react(kind, id, content)];
  }

  /** Takes a reaction off; true once GitHub did. */
  async unreact(kind: CommentKind, commentId: number, reactionId: number, consequence?: string) {
    const done = await this.attempt(
      `take the reaction ${reactionId} off comment ${commentId}`,
      async (api) => {
        await api.unreact(kind, commentId, reactionId);
        return true;
      },
      consequence,
    );
    return done === true;
  }

  #refused(what: string, error: unknown, consequence: string, permissions: string): void {
    const { answer, fix } = describeGitHubFailure(error, permissions, (text) =>
      this.redact(printable(text)),
    );
    // A consequence of its own (an item that a later run would send again) is always a warning.
    this.#warnings.say(
      `Could not ${what}: ${answer}. ${fix} ${consequence}`,
      consequence !== NOT_AFFECTED,
    );
  }
}
