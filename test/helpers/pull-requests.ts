import { GitStore } from './git-refs.js';

/**
 * The pull request side of the GitHub REST stand-in (github-api.ts serves it): pull requests,
 * their conversation comments (list, with GitHub's Link pagination; create; update), reactions on
 * conversation and review comments, replies in a review thread, the diff comments and reviews of a
 * pull request (REST shapes: `side` and a review's `state` in upper case, as the REST API gives
 * them, where webhook payloads give `state` in lower case), a collaborator's permission, and the
 * compare of two heads of a pull request (its new commits and who made them), and a workflow run's
 * status (GET /actions/runs/{run_id}). Answers are shaped as GitHub's (the fields the action reads, and a few more), and every write
 * is kept so that tests can read what a reviewer would see.
 */

export interface FakeUser {
  login: string;
  type?: 'User' | 'Bot';
}

export interface FakePull {
  number: number;
  body?: string;
  user?: FakeUser;
  /** `author_association` of the pull request's author. */
  association?: string;
  /**
   * The head commit each GET answers, in turn (the last one from then on); `null`: that GET is
   * answered 502, as GitHub does when it cannot answer in time.
   */
  headShas?: (string | null)[];
  /** Merged (closed): GET answers `merged: true`, `state: closed`. */
  merged?: boolean;
  /** Who made each head commit (its author, in a compare): by default the pull request's author. */
  commitsBy?: Record<string, FakeUser>;
  /** Heads reached by rewriting the branch (a rebase): a compare answers `diverged`. */
  rewritten?: string[];
}

export interface StoredComment {
  id: number;
  /** The pull request it is on. */
  pull: number;
  body: string;
  user: FakeUser;
  author_association: string;
  created_at: string;
  updated_at: string;
  /** Review comments: the thread's first comment, for a reply. */
  in_reply_to_id?: number;
  /** Review comments: the review, and where on the diff (REST field names). */
  diff?: DiffPlace & { pull_request_review_id?: number };
  /** There before the run (given in the options), not posted by it. */
  seeded?: boolean;
}

/** Where a diff comment is, with GitHub's REST field names. */
export interface DiffPlace {
  path?: string;
  diff_hunk?: string;
  line?: number | null;
  start_line?: number | null;
  side?: 'LEFT' | 'RIGHT' | null;
  start_side?: 'LEFT' | 'RIGHT' | null;
  original_line?: number | null;
  original_start_line?: number | null;
  subject_type?: 'line' | 'file';
}

/** A submitted review, seeded. */
export interface FakeReview {
  id: number;
  pull: number;
  body?: string;
  user?: FakeUser;
  association?: string;
  /** Upper case, as REST gives it. */
  state?: 'APPROVED' | 'CHANGES_REQUESTED' | 'COMMENTED' | 'DISMISSED' | 'PENDING';
  submittedAt?: string;
}

export interface RecordedReaction {
  kind: 'issue' | 'review';
  commentId: number;
  content: string;
}

/** A refusal to answer: the status, and headers and message if not the usual ones. */
export interface PullRefusal {
  status: number;
  message?: string;
  headers?: Record<string, string>;
}

/** What the stand-in refuses, by call. */
export type PullCall =
  | 'pull'
  | 'compare'
  | 'list'
  | 'comment'
  | 'edit'
  | 'reply'
  | 'react'
  | 'unreact'
  | 'get-comment'
  | 'permission'
  | 'diff-comments'
  | 'reviews'
  | 'workflow-run'
  | 'git-object'
  | 'create-ref'
  | 'get-ref'
  | 'matching-refs'
  | 'update-ref'
  | 'get-commit'
  | 'delete-ref';

export interface PullRequestOptions {
  pulls?: FakePull[];
  /** Conversation comments already there, oldest first. */
  issueComments?: {
    /** The id (the comment of an event payload); a fresh one when absent. */
    id?: number;
    pull: number;
    body: string;
    user?: FakeUser;
    association?: string;
    updatedAt?: string;
  }[];
  /** Review comments already there (a thread's first comment, or a reply with inReplyTo). */
  seededReviewComments?: {
    id: number;
    pull: number;
    body?: string;
    inReplyTo?: number;
    /** The review it was submitted with. */
    reviewId?: number;
    user?: FakeUser;
    association?: string;
    createdAt?: string;
    at?: DiffPlace;
  }[];
  /** Reviews already submitted. */
  reviews?: FakeReview[];
  /** The workflow runs of the repository, by id, and their `status` (another id: 404). */
  workflowRuns?: Record<number, 'queued' | 'in_progress' | 'completed'>;
  /**
   * Role of each login on the repository: a base role, or a custom role (its name, and the base
   * role it extends). Any other login reads the public repository.
   */
  permissions?: Record<string, BaseRole | { name: string; base: BaseRole }>;
  /** Answer this refusal to every call of a kind. */
  refuse?: Partial<Record<PullCall, PullRefusal>>;
  /**
   * Carry out the next calls of a kind, then lose their answers, one entry per call in turn:
   * `reset` (the connection drops) or 502 (GitHub's answer when it cannot answer in time). The
   * write lands all the same, as on GitHub; the calls after are answered as usual.
   */
  loseAnswers?: Partial<Record<PullCall, ('reset' | 502)[]>>;
  /**
   * Answer the next calls of a kind with a fault, one entry per call in turn, without carrying
   * them out: `reset`, or a status (502, 503; 403 or 429 with a secondary rate limit's message).
   */
  failBefore?: Partial<Record<PullCall, ('reset' | 502 | 503 | 403 | 429)[]>>;
  /**
   * Who each token is (the Authorization header's token): its comments and replies are written
   * as that account, and GraphQL's `viewer` names it. Any other token is the job's GITHUB_TOKEN,
   * which writes as github-actions[bot].
   */
  identities?: Record<string, FakeUser>;
}

export type BaseRole = 'admin' | 'maintain' | 'write' | 'triage' | 'read' | 'none';

/** GitHub's limit on a comment's body, in characters, and its refusal of a longer one. */
const MAX_BODY = 65_536;
const TOO_LONG = {
  status: 422,
  message: 'Validation Failed: body is too long (maximum is 65536 characters)',
};

/** Who the token is: the job's token writes as the github-actions app. */
export const ACTIONS_BOT: FakeUser = { login: 'github-actions[bot]', type: 'Bot' };
const SERVER = 'https://github.com';
/** Who opened a pull request, unless said: the agent's app. */
const DEFAULT_AUTHOR: FakeUser = { login: 'mintlify[bot]', type: 'Bot' };
const LEGACY: Record<string, string> = {
  admin: 'admin',
  maintain: 'write',
  write: 'write',
  triage: 'read',
  read: 'read',
  none: 'none',
};

type Answer =
  | { status: number; data: unknown; headers?: Record<string, string> }
  | PullRefusal
  /** Drop the connection without an answer. */
  | { reset: true }
  | undefined;

export class PullRequestStore {
  readonly comments: StoredComment[] = [];
  readonly reviewComments: StoredComment[] = [];
  readonly reactions: RecordedReaction[] = [];
  readonly reviews: FakeReview[];
  /** The repository's git objects and refs (the review loop's claims). */
  readonly git = new GitStore('https://api.github.com/repos/acme/docs');
  #gets = new Map<number, number>();
  /** The id of each reaction (GitHub's answer to a reaction names it; deleting one needs it). */
  #reactionIds = new WeakMap<RecordedReaction, number>();
  #nextReaction = 1;
  /** Who the request being answered writes as. */
  #writer: FakeUser = ACTIONS_BOT;
  #nextId = 2_000_000_001;
  #clock = Date.parse('2026-03-02T09:00:00Z');

  constructor(private readonly options: PullRequestOptions) {
    this.reviews = [...(options.reviews ?? [])];
    for (const c of options.issueComments ?? [])
      this.comments.push({
        ...this.#new(c.pull, c.body, c.user ?? ACTIONS_BOT, c.association ?? 'NONE'),
        ...(c.id ? { id: c.id } : {}),
        seeded: true,
        ...(c.updatedAt ? { updated_at: c.updatedAt } : {}),
      });
    for (const c of options.seededReviewComments ?? [])
      this.reviewComments.push({
        ...this.#new(
          c.pull,
          c.body ?? 'Typo here.',
          c.user ?? { login: 'octocat' },
          c.association ?? 'MEMBER',
        ),
        id: c.id,
        seeded: true,
        ...(c.inReplyTo ? { in_reply_to_id: c.inReplyTo } : {}),
        ...(c.createdAt ? { created_at: c.createdAt, updated_at: c.createdAt } : {}),
        diff: { ...c.at, pull_request_review_id: c.reviewId ?? c.id + 1 },
      });
  }

  /** A fresh comment, one second after the one before. */
  #new(pull: number, body: string, user: FakeUser, association: string): StoredComment {
    const at = new Date((this.#clock += 1000)).toISOString().replace('.000', '');
    return {
      id: this.#nextId++,
      pull,
      body,
      user: { type: 'User', ...user },
      author_association: association,
      created_at: at,
      updated_at: at,
    };
  }

  /** GitHub's JSON for a stored comment. */
  #view(c: StoredComment, kind: 'issue' | 'review') {
    const anchor = kind === 'issue' ? `issuecomment-${c.id}` : `discussion_r${c.id}`;
    return {
      id: c.id,
      node_id: `IC_${c.id}`,
      html_url: `${SERVER}/acme/docs/pull/${c.pull}#${anchor}`,
      body: c.body,
      user: { login: c.user.login, id: 41898282, type: c.user.type ?? 'User' },
      author_association: c.author_association,
      created_at: c.created_at,
      updated_at: c.updated_at,
      ...(c.in_reply_to_id ? { in_reply_to_id: c.in_reply_to_id } : {}),
      ...(kind === 'review' ? this.#place(c) : {}),
    };
  }

  /** A diff comment's REST fields: on line 15 of quickstart.mdx, new side, unless seeded otherwise. */
  #place(c: StoredComment) {
    const d = c.diff ?? {};
    const line = d.line === undefined ? 15 : d.line;
    const file = d.subject_type === 'file';
    return {
      pull_request_review_id: d.pull_request_review_id ?? null,
      path: d.path ?? 'quickstart.mdx',
      diff_hunk:
        d.diff_hunk ??
        '@@ -12,7 +12,7 @@ title: Quickstart\n Install the CLI, then run:\n \n-See [the guide](/guide/start).\n+See [the guide](/guides/start).',
      commit_id: '0123456789abcdef0123456789abcdef01234567',
      original_commit_id: '0123456789abcdef0123456789abcdef01234567',
      subject_type: d.subject_type ?? 'line',
      line: file ? null : line,
      start_line: d.start_line ?? null,
      side: file ? null : (d.side ?? 'RIGHT'),
      start_side: d.start_line ? (d.start_side ?? d.side ?? 'RIGHT') : null,
      original_line: file ? null : (d.original_line ?? line ?? 15),
      original_start_line: d.original_start_line ?? d.start_line ?? null,
      position: line === null ? null : 4,
      original_position: 4,
      pull_request_url: `https://api.github.com/repos/acme/docs/pulls/${c.pull}`,
    };
  }

  #reviewView(r: FakeReview) {
    const user = r.user ?? { login: 'octocat' };
    return {
      id: r.id,
      node_id: `PRR_${r.id}`,
      user: { login: user.login, id: 583231, type: user.type ?? 'User' },
      body: r.body ?? '',
      state: r.state ?? 'COMMENTED',
      html_url: `${SERVER}/acme/docs/pull/${r.pull}#pullrequestreview-${r.id}`,
      pull_request_url: `https://api.github.com/repos/acme/docs/pulls/${r.pull}`,
      author_association: r.association ?? 'MEMBER',
      submitted_at: r.state === 'PENDING' ? undefined : (r.submittedAt ?? '2026-03-02T09:20:06Z'),
      commit_id: '0123456789abcdef0123456789abcdef01234567',
    };
  }

  /** The answer to a request, or undefined when it is not a pull request call. */
  answer(
    method: string,
    url: string,
    body: Record<string, unknown>,
    origin: string,
    authorization?: string,
  ): Answer {
    const { pathname, searchParams } = new URL(url, origin);
    this.#writer = this.identity(authorization);
    if (method === 'POST' && pathname === '/api/graphql') return this.#graphql(body);
    const path = pathname.replace(/^\/api\/v3\/repos\/acme\/docs/, '');
    if (path === pathname) return undefined;
    const routes: [string, RegExp, PullCall, (m: string[]) => Answer][] = [
      ['GET', /^\/pulls\/(\d+)$/, 'pull', (m) => this.#pull(Number(m[1]))],
      [
        'GET',
        /^\/compare\/([0-9a-f]{40})\.\.\.([0-9a-f]{40})$/,
        'compare',
        (m) => this.#compare(m[1]!, m[2]!),
      ],
      [
        'GET',
        /^\/issues\/(\d+)\/comments$/,
        'list',
        (m) => this.#list(Number(m[1]), searchParams, origin),
      ],
      [
        'GET',
        /^\/pulls\/(\d+)\/comments$/,
        'diff-comments',
        (m) =>
          this.#page(
            this.reviewComments.filter((c) => c.pull === Number(m[1])),
            (c) => this.#view(c, 'review'),
            `/pulls/${m[1]}/comments`,
            searchParams,
            origin,
          ),
      ],
      [
        'GET',
        /^\/pulls\/(\d+)\/reviews$/,
        'reviews',
        (m) =>
          this.#page(
            this.reviews.filter((r) => r.pull === Number(m[1])),
            (r) => this.#reviewView(r),
            `/pulls/${m[1]}/reviews`,
            searchParams,
            origin,
          ),
      ],
      ['POST', /^\/issues\/(\d+)\/comments$/, 'comment', (m) => this.#create(Number(m[1]), body)],
      [
        'GET',
        /^\/(issues|pulls)\/comments\/(\d+)$/,
        'get-comment',
        (m) => this.#one(m[1] === 'issues' ? 'issue' : 'review', Number(m[2])),
      ],
      [
        'GET',
        /^\/pulls\/(\d+)\/reviews\/(\d+)$/,
        'reviews',
        (m) => {
          const review = this.reviews.find((r) => r.pull === Number(m[1]) && r.id === Number(m[2]));
          return review
            ? { status: 200, data: this.#reviewView(review) }
            : { status: 404, message: 'Not Found' };
        },
      ],
      [
        'PATCH',
        /^\/pulls\/comments\/(\d+)$/,
        'edit',
        (m) => this.#edit(Number(m[1]), body, 'review'),
      ],
      [
        'DELETE',
        /^\/(issues|pulls)\/comments\/(\d+)\/reactions\/(\d+)$/,
        'unreact',
        (m) => this.#unreact(m[1] === 'issues' ? 'issue' : 'review', Number(m[2]), Number(m[3])),
      ],
      ['PATCH', /^\/issues\/comments\/(\d+)$/, 'edit', (m) => this.#edit(Number(m[1]), body)],
      [
        'POST',
        /^\/pulls\/(\d+)\/comments\/(\d+)\/replies$/,
        'reply',
        (m) => this.#reply(Number(m[1]), Number(m[2]), body),
      ],
      [
        'POST',
        /^\/(issues|pulls)\/comments\/(\d+)\/reactions$/,
        'react',
        (m) => this.#react(m[1] === 'issues' ? 'issue' : 'review', Number(m[2]), body),
      ],
      ['GET', /^\/collaborators\/([^/]+)\/permission$/, 'permission', (m) => this.#role(m[1]!)],
      ['GET', /^\/actions\/runs\/(\d+)$/, 'workflow-run', (m) => this.#run(Number(m[1]))],
      ['POST', /^\/git\/trees$/, 'git-object', () => this.git.tree(body)],
      ['POST', /^\/git\/commits$/, 'git-object', () => this.git.commit(body)],
      ['POST', /^\/git\/refs$/, 'create-ref', () => this.git.create(body)],
      ['GET', /^\/git\/ref\/(.+)$/, 'get-ref', (m) => this.git.get(m[1]!)],
      ['GET', /^\/git\/matching-refs\/(.+)$/, 'matching-refs', (m) => this.git.matching(m[1]!)],
      ['DELETE', /^\/git\/refs\/(.+)$/, 'delete-ref', (m) => this.git.delete(m[1]!)],
      ['PATCH', /^\/git\/refs\/(.+)$/, 'update-ref', (m) => this.git.update(m[1]!, body)],
      ['GET', /^\/git\/commits\/([0-9a-f]{40})$/, 'get-commit', (m) => this.git.commitOf(m[1]!)],
    ];
    for (const [verb, pattern, call, handle] of routes) {
      const m = pattern.exec(path);
      if (verb !== method || !m) continue;
      const refused = this.options.refuse?.[call];
      if (refused) return refused;
      const fault = this.options.failBefore?.[call]?.shift();
      if (fault === 'reset') return { reset: true };
      if (fault === 403 || fault === 429)
        return {
          status: fault,
          message:
            'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
          headers: { 'retry-after': '1' },
        };
      if (fault) return { status: fault, message: 'Server Error' };
      const answer = handle([...m]);
      if (!answer || !('data' in answer) || answer.status >= 400) return answer;
      const lost = this.options.loseAnswers?.[call]?.shift();
      if (lost === 'reset') return { reset: true };
      if (lost === 502) return { status: 502, message: 'Server Error' };
      return answer;
    }
    return { status: 404, message: 'Not Found' };
  }

  /**
   * GitHub's compare of two heads of a pull request (headShas, in order): the heads after `base`
   * up to `head` are its commits, each by `commitsBy`'s account or the pull request's author.
   */
  #compare(base: string, head: string): Answer {
    const pull = this.options.pulls?.find((p) => p.headShas?.includes(head));
    const shas = pull?.headShas ?? [];
    if (!pull || !shas.includes(base)) return { status: 404, message: 'Not Found' };
    const rewritten = pull.rewritten?.includes(head) ?? false;
    const added = rewritten
      ? [head]
      : [...new Set(shas.slice(shas.indexOf(base) + 1, shas.indexOf(head) + 1))];
    const commits = added.flatMap((sha) => {
      if (sha === null || sha === base) return [];
      const user = pull.commitsBy?.[sha] ?? pull.user ?? DEFAULT_AUTHOR;
      const account = { login: user.login, type: user.type ?? 'User' };
      return [
        { sha, commit: { message: 'Update the quickstart' }, author: account, committer: account },
      ];
    });
    return {
      status: 200,
      data: {
        status: rewritten
          ? 'diverged'
          : shas.indexOf(base) > shas.indexOf(head)
            ? 'behind'
            : commits.length > 0
              ? 'ahead'
              : 'identical',
        ahead_by: commits.length,
        total_commits: commits.length,
        commits,
      },
    };
  }

  #pull(number: number): Answer {
    const pull = this.options.pulls?.find((p) => p.number === number);
    if (!pull) return { status: 404, message: 'Not Found' };
    const shas = pull.headShas ?? ['0123456789abcdef0123456789abcdef01234567'];
    const seen = this.#gets.get(number) ?? 0;
    this.#gets.set(number, seen + 1);
    const sha = shas[Math.min(seen, shas.length - 1)];
    if (sha === null) return { status: 502, message: 'Server Error' };
    const user = pull.user ?? DEFAULT_AUTHOR;
    return {
      status: 200,
      data: {
        number,
        html_url: `${SERVER}/acme/docs/pull/${number}`,
        state: pull.merged ? 'closed' : 'open',
        merged: pull.merged === true,
        title: 'Docs agent: update the quickstart',
        body: pull.body ?? null,
        user: { login: user.login, type: user.type ?? 'User' },
        author_association: pull.association ?? 'NONE',
        head: { ref: 'mintlify/agent-3f9a2c', sha },
        base: { ref: 'main', sha: 'fedcba9876543210fedcba9876543210fedcba98' },
      },
    };
  }

  #list(number: number, query: URLSearchParams, origin: string): Answer {
    return this.#page(
      this.comments.filter((c) => c.pull === number),
      (c) => this.#view(c, 'issue'),
      `/issues/${number}/comments`,
      query,
      origin,
    );
  }

  /** GitHub's pagination: `per_page` (at most 100) and `page`, with a Link header to the next. */
  #page<T>(
    all: T[],
    view: (item: T) => unknown,
    path: string,
    query: URLSearchParams,
    origin: string,
  ): Answer {
    const perPage = Math.min(100, Number(query.get('per_page') ?? 30));
    const page = Number(query.get('page') ?? 1);
    const data = all.slice((page - 1) * perPage, page * perPage).map(view);
    const headers: Record<string, string> = {};
    if (page * perPage < all.length)
      headers.link = `<${origin}/api/v3/repos/acme/docs${path}?per_page=${perPage}&page=${page + 1}>; rel="next"`;
    return { status: 200, data, headers };
  }

  #create(number: number, body: Record<string, unknown>): Answer {
    if (String(body.body).length > MAX_BODY) return TOO_LONG;
    if (!this.options.pulls?.some((p) => p.number === number))
      return { status: 404, message: 'Not Found' };
    const comment = this.#new(number, String(body.body), this.#writer, this.#association());
    this.comments.push(comment);
    return { status: 201, data: this.#view(comment, 'issue') };
  }

  #edit(id: number, body: Record<string, unknown>, kind: 'issue' | 'review' = 'issue'): Answer {
    if (String(body.body).length > MAX_BODY) return TOO_LONG;
    const comment = (kind === 'issue' ? this.comments : this.reviewComments).find(
      (c) => c.id === id,
    );
    if (!comment) return { status: 404, message: 'Not Found' };
    comment.body = String(body.body);
    comment.updated_at = new Date((this.#clock += 1000)).toISOString().replace('.000', '');
    return { status: 200, data: this.#view(comment, kind) };
  }

  /** One comment as it is now (GET by id): 404 once deleted. */
  #one(kind: 'issue' | 'review', id: number): Answer {
    const comment = (kind === 'issue' ? this.comments : this.reviewComments).find(
      (c) => c.id === id,
    );
    if (!comment) return { status: 404, message: 'Not Found' };
    return { status: 200, data: this.#view(comment, kind) };
  }

  #reactionId(reaction: RecordedReaction): number {
    let id = this.#reactionIds.get(reaction);
    if (id === undefined) this.#reactionIds.set(reaction, (id = this.#nextReaction++));
    return id;
  }

  #unreact(kind: 'issue' | 'review', commentId: number, reactionId: number): Answer {
    const at = this.reactions.findIndex(
      (r) => r.kind === kind && r.commentId === commentId && this.#reactionId(r) === reactionId,
    );
    if (at === -1) return { status: 404, message: 'Not Found' };
    this.reactions.splice(at, 1);
    return { status: 204, data: undefined };
  }

  #reply(number: number, id: number, body: Record<string, unknown>): Answer {
    if (String(body.body).length > MAX_BODY) return TOO_LONG;
    const parent = this.reviewComments.find((c) => c.id === id && c.pull === number);
    if (!parent) return { status: 404, message: 'Not Found' };
    if (parent.in_reply_to_id)
      return { status: 422, message: 'Validation Failed: replies to replies are not supported' };
    const reply = {
      ...this.#new(number, String(body.body), this.#writer, this.#association()),
      in_reply_to_id: id,
    };
    this.reviewComments.push(reply);
    return { status: 201, data: this.#view(reply, 'review') };
  }

  #react(kind: 'issue' | 'review', id: number, body: Record<string, unknown>): Answer {
    const known = kind === 'issue' ? this.comments : this.reviewComments;
    if (!known.some((c) => c.id === id)) return { status: 404, message: 'Not Found' };
    const content = String(body.content);
    if (!['+1', '-1', 'laugh', 'confused', 'heart', 'hooray', 'rocket', 'eyes'].includes(content))
      return { status: 422, message: 'Validation Failed' };
    const existing = this.reactions.find(
      (r) => r.kind === kind && r.commentId === id && r.content === content,
    );
    const reaction = existing ?? { kind, commentId: id, content };
    if (!existing) this.reactions.push(reaction);
    return {
      status: existing ? 200 : 201,
      data: { id: this.#reactionId(reaction), content, user: { login: this.#writer.login } },
    };
  }

  /** A workflow run, as GitHub gives it (the fields the action reads, and a few more). */
  #run(id: number): Answer {
    const status = this.options.workflowRuns?.[id];
    if (!status) return { status: 404, message: 'Not Found' };
    return {
      status: 200,
      data: {
        id,
        name: 'Docs agent review loop',
        event: 'issue_comment',
        status,
        conclusion: status === 'completed' ? 'failure' : null,
        run_attempt: 1,
        html_url: `${SERVER}/acme/docs/actions/runs/${id}`,
      },
    };
  }

  /** As GitHub: `permission` folds maintain into write and triage into read; `role_name` names the role. */
  #role(login: string): Answer {
    const role = this.options.permissions?.[decodeURIComponent(login)] ?? 'read';
    const { name, base } = typeof role === 'string' ? { name: role, base: role } : role;
    return {
      status: 200,
      data: { permission: LEGACY[base], role_name: name, user: { login } },
    };
  }

  /** The account a request's token writes as. */
  identity(authorization: string | undefined): FakeUser {
    const token = authorization?.replace(/^(token|bearer)\s+/i, '') ?? '';
    return this.options.identities?.[token] ?? ACTIONS_BOT;
  }

  /** An app writes as NONE; a person as their role on the repository would show (MEMBER here). */
  #association(): string {
    return this.#writer.type === 'Bot' ? 'NONE' : 'MEMBER';
  }

  /** GraphQL, the one query the action asks: `viewer { login }`. */
  #graphql(body: Record<string, unknown>): Answer {
    if (!/\bviewer\s*\{\s*login\s*\}/.test(String(body.query)))
      return { status: 200, data: { errors: [{ message: 'Unsupported query in the stand-in' }] } };
    return { status: 200, data: { data: { viewer: { login: this.#writer.login } } } };
  }
}
