export const id = 198;
export const ids = [198];
export const modules = {

/***/ 6198:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  octokitPullRequestApi: () => (/* binding */ octokitPullRequestApi)
});

// UNUSED EXPORTS: listAll

// EXTERNAL MODULE: ./node_modules/@actions/github/lib/github.js + 22 modules
var github = __webpack_require__(2413);
// EXTERNAL MODULE: ./src/github/api-error.ts
var api_error = __webpack_require__(3660);
// EXTERNAL MODULE: ./src/shared/network.ts
var network = __webpack_require__(4983);
// EXTERNAL MODULE: ./src/shared/retry.ts
var retry = __webpack_require__(3091);
// EXTERNAL MODULE: ./src/shared/version.ts
var version = __webpack_require__(9189);
;// CONCATENATED MODULE: ./src/github/octokit.ts
/**
 * GitHub through @actions/github (Octokit), for deployments and for the agent's pull requests: the
 * REST base URL comes from GITHUB_API_URL (GitHub Enterprise Server included), and proxies from
 * the runner's settings. Loaded only when a run talks to GitHub, so others do not pay for Octokit.
 * The agent's pull-request calls are in octokit-pull-requests.ts.
 */





/**
 * Turns what Octokit throws into a GitHubApiError. Octokit reports a request that got no
 * answer (refused, reset, timed out) as status 500 without a `response`: only a `response` means
 * GitHub answered.
 */
function toApiError(error, signal) {
    if (error instanceof api_error/* GitHubApiError */.OS)
        return error;
    const e = (error ?? {});
    const response = e.response;
    if (response && typeof e.status === 'number') {
        const data = response.data;
        const said = typeof data?.message === 'string' ? data.message : (e.message ?? '');
        const headers = response.headers ?? {};
        const limited = e.status === 429 ||
            (e.status === 403 && (headers['x-ratelimit-remaining'] === '0' || /rate limit/i.test(said)));
        return new api_error/* GitHubApiError */.OS(said.split('\n')[0].slice(0, 200), e.status, limited ? retryAfter(headers) : undefined);
    }
    if (signal?.aborted)
        return new api_error/* GitHubApiError */.OS('no answer in time');
    return new api_error/* GitHubApiError */.OS((0,network/* describeNetworkError */.gl)(e.cause ?? error));
}
/** Retry-After (seconds or a date), or the reset time of the limit, as a wait in ms; else 1 s. */
function retryAfter(headers) {
    const now = Date.now();
    const after = (0,retry/* parseRetryAfter */.mu)(headers['retry-after'], now);
    if (after !== undefined)
        return after;
    const reset = Number(headers['x-ratelimit-reset']);
    if (Number.isFinite(reset) && reset > 0)
        return Math.max(0, reset * 1000 - now);
    return 1000;
}
function createOctokit(token) {
    return (0,github/* getOctokit */.Q)(token, {
        // Read here, not only when @actions/github was loaded (it reads GITHUB_API_URL once then): a
        // process that loaded it before the variable was set, as the test runner's shared workers
        // do, would otherwise call github.com. Its proxy choice stays the one made at load, for the
        // URL it saw then: in a run, the same URL.
        baseUrl: process.env.GITHUB_API_URL || 'https://api.github.com',
        userAgent: version/* USER_AGENT */._,
        // Octokit's own log lines are not for the user's log (and never carry the token).
        log: {
            debug: () => undefined,
            info: () => undefined,
            warn: () => undefined,
            error: () => undefined,
        },
    });
}
function octokitDeploymentApi(token) {
    const octokit = createOctokit(token);
    const { owner, repo } = context.repo;
    return {
        async createDeployment(request, signal) {
            try {
                const response = await octokit.rest.repos.createDeployment({
                    owner,
                    repo,
                    ref: request.ref,
                    environment: request.environment,
                    description: request.description,
                    payload: request.payload,
                    auto_merge: false,
                    required_contexts: [],
                    request: { signal },
                });
                const id = response.data.id;
                if (typeof id !== 'number')
                    throw new GitHubApiError(`answered ${response.status} without a deployment id`, response.status);
                return { id };
            }
            catch (error) {
                throw toApiError(error, signal);
            }
        },
        async createStatus(id, status, signal) {
            try {
                await octokit.rest.repos.createDeploymentStatus({
                    owner,
                    repo,
                    deployment_id: id,
                    state: status.state,
                    description: status.description,
                    ...(status.logUrl ? { log_url: status.logUrl } : {}),
                    ...(status.environmentUrl ? { environment_url: status.environmentUrl } : {}),
                    request: { signal },
                });
            }
            catch (error) {
                throw toApiError(error, signal);
            }
        },
    };
}

;// CONCATENATED MODULE: ./src/github/octokit-git.ts
/** A ref as the git ref paths take it: without `refs/`. */
const octokit_git_short = (ref) => ref.replace(/^refs\//, '');
/** Who the claims' commits name: no person. */
const WHO = { name: 'static-export-helm', email: 'claims@static-export-helm.invalid' };
function gitRefCalls(octokit, at, call) {
    /** A commit whose tree holds one file, `path`, with `content`: its sha. */
    const commitWith = async (request, path, content, message, parents, date) => {
        const tree = await octokit.rest.git.createTree({
            ...at,
            tree: [{ path, mode: '100644', type: 'blob', content }],
            request,
        });
        const who = date ? { ...WHO, date } : WHO;
        const { data } = await octokit.rest.git.createCommit({
            ...at,
            message,
            tree: tree.data.sha,
            parents,
            author: who,
            committer: who,
            request,
        });
        return data.sha;
    };
    return {
        createClaimCommit: (message, file, date) => call((request) => commitWith(request, 'claim.json', file, message, [], date)),
        createRef: (ref, sha) => call(async (request) => {
            await octokit.rest.git.createRef({ ...at, ref, sha, request });
        }),
        refSha: (ref) => call(async (request) => {
            try {
                const { data } = await octokit.rest.git.getRef({ ...at, ref: octokit_git_short(ref), request });
                return data.object.sha;
            }
            catch (error) {
                if (error.status === 404)
                    return undefined;
                throw error;
            }
        }),
        deleteRef: (ref) => call(async (request) => {
            await octokit.rest.git.deleteRef({ ...at, ref: octokit_git_short(ref), request });
        }),
        matchingRefs: (prefix) => call(async (request) => {
            const { data } = await octokit.rest.git.listMatchingRefs({
                ...at,
                ref: octokit_git_short(prefix),
                request,
            });
            return data.map((r) => ({ ref: r.ref, sha: r.object.sha }));
        }),
        leaveOutcome: (ref, parent, message, file) => call(async (request) => {
            const sha = await commitWith(request, 'outcome.json', file, message, [parent]);
            // Not forced: GitHub moves the ref only from the claim's commit, the new one's parent.
            await octokit.rest.git.updateRef({ ...at, ref: octokit_git_short(ref), sha, force: false, request });
            return sha;
        }),
        commitOf: (sha) => call(async (request) => {
            try {
                const { data } = await octokit.rest.git.getCommit({ ...at, commit_sha: sha, request });
                return { message: data.message, parents: data.parents.map((p) => p.sha) };
            }
            catch (error) {
                if (error.status === 404)
                    return undefined;
                throw error;
            }
        }),
    };
}

;// CONCATENATED MODULE: ./src/github/octokit-pull-requests.ts
/**
 * The agent's calls on its pull requests, through Octokit (octokit.ts makes the client): reads
 * (the pull request, its comments, diff comments, reviews, one of each again after a claim), the
 * replies and their edits, reactions, the claims' commits and refs (octokit-git.ts), a
 * commenter's permission, and a workflow run's status (a claim whose run stopped). Every call
 * has its own time limit and rejects with a GitHubApiError.
 */




/** Each call for the agent's pull requests gets this long (all pages of a listing together). */
const PULL_REQUEST_CALL_MS = 15_000;
/**
 * The most items of one listing a run reads (30 pages). GitHub lists comments and reviews oldest
 * first, so a longer listing fails the call rather than being cut, which would miss the newest.
 */
const MAX_COMMENTS = 3000;
function authorOf(user, association) {
    return {
        login: user?.login ?? '',
        bot: user?.type === 'Bot',
        association: typeof association === 'string' ? association : 'NONE',
    };
}
function posted(data) {
    return { id: data.id, url: data.html_url };
}
function issueCommentOf(c) {
    return {
        id: c.id,
        body: c.body ?? '',
        author: authorOf(c.user, c.author_association),
        url: c.html_url,
        createdAt: c.created_at,
        updatedAt: c.updated_at,
    };
}
function reviewCommentOf(c) {
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
function reviewOf(r) {
    return {
        id: r.id,
        body: r.body ?? '',
        author: authorOf(r.user, r.author_association),
        url: r.html_url,
        state: r.state.toUpperCase(),
        submittedAt: r.submitted_at ?? '',
    };
}
/**
 * Every item of a listing, oldest first, page by page as GitHub's Link header leads, each request
 * under `request.signal`. Octokit's paginate sends its requests without the request options (the
 * signal among them), so a stalled page would wait for undici's own timeouts, minutes: hence this
 * loop. Past MAX_COMMENTS items it fails with a ListTooLongError. A next page on another origin
 * than the API's fails with a ForeignPageError before it is asked for: Octokit sends the token with
 * any absolute URL, and a Link header is text from the answer.
 */
async function listAll(octokit, firstPage, request) {
    const items = [];
    let page = await firstPage(request);
    for (;;) {
        items.push(...page.data);
        const next = /<([^<>]+)>;\s*rel="next"/.exec(page.headers.link ?? '')?.[1];
        if (items.length > MAX_COMMENTS || (items.length === MAX_COMMENTS && next))
            throw new api_error/* ListTooLongError */.r0(MAX_COMMENTS);
        if (!next)
            return items;
        // A next page of the same listing: the same type as the first.
        page = await octokit.request({ method: 'GET', url: onApi(octokit, next), request });
    }
}
/**
 * `next` where Octokit would send it (a path goes after the base URL, as Octokit puts it), or a
 * ForeignPageError when that is not on the base URL's origin or is no http(s) URL at all.
 */
function onApi(octokit, next) {
    const base = octokit.request.endpoint.DEFAULTS.baseUrl;
    const target = /^https?:/i.test(next) ? next : `${base}${next}`;
    let url;
    try {
        url = new URL(target);
    }
    catch {
        throw new api_error/* ForeignPageError */.iB('an address that is not a URL');
    }
    if (url.origin !== new URL(base).origin)
        throw new api_error/* ForeignPageError */.iB(`${url.protocol}//${url.host}`);
    return url.href;
}
/** The agent's calls on the run's repository (GITHUB_REPOSITORY, as for deployments). */
function octokitPullRequestApi(token) {
    const octokit = createOctokit(token);
    const at = github/* context */._.repo;
    /** Runs one call with its time limit, turning what Octokit throws into a GitHubApiError. */
    const call = async (fn) => {
        const signal = AbortSignal.timeout(PULL_REQUEST_CALL_MS);
        try {
            return await fn({ signal });
        }
        catch (error) {
            throw toApiError(error, signal);
        }
    };
    /** Every item of one listing (100 a page), all pages within one call's time limit. */
    const list = (firstPage) => call((request) => listAll(octokit, firstPage, request));
    const pages = { ...at, per_page: 100 };
    return {
        pullRequest: (number) => call(async (request) => {
            const { data } = await octokit.rest.pulls.get({ ...at, pull_number: number, request });
            return {
                number: data.number,
                body: data.body ?? '',
                headSha: data.head.sha,
                author: authorOf(data.user, data.author_association),
                merged: data.merged === true,
            };
        }),
        newCommits: (base, head) => call(async (request) => {
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
        comments: async (number) => (await list((request) => octokit.rest.issues.listComments({ ...pages, issue_number: number, request }))).map(issueCommentOf),
        reviewComments: async (number) => (await list((request) => octokit.rest.pulls.listReviewComments({ ...pages, pull_number: number, request }))).map(reviewCommentOf),
        reviews: async (number) => (await list((request) => octokit.rest.pulls.listReviews({ ...pages, pull_number: number, request }))).map(reviewOf),
        issueComment: (id) => call(async (request) => issueCommentOf((await octokit.rest.issues.getComment({ ...at, comment_id: id, request })).data)),
        reviewComment: (id) => call(async (request) => reviewCommentOf((await octokit.rest.pulls.getReviewComment({ ...at, comment_id: id, request })).data)),
        review: (number, id) => call(async (request) => reviewOf((await octokit.rest.pulls.getReview({
            ...at,
            pull_number: number,
            review_id: id,
            request,
        })).data)),
        comment: (number, body) => call(async (request) => posted((await octokit.rest.issues.createComment({ ...at, issue_number: number, body, request }))
            .data)),
        editComment: (id, body) => call(async (request) => posted((await octokit.rest.issues.updateComment({ ...at, comment_id: id, body, request })).data)),
        replyToReviewComment: (number, id, body) => call(async (request) => posted((await octokit.rest.pulls.createReplyForReviewComment({
            ...at,
            pull_number: number,
            comment_id: id,
            body,
            request,
        })).data)),
        editReviewComment: (id, body) => call(async (request) => posted((await octokit.rest.pulls.updateReviewComment({ ...at, comment_id: id, body, request }))
            .data)),
        react: (kind, id, content) => call(async (request) => {
            const target = { ...at, comment_id: id, content, request };
            const { status, data } = kind === 'review'
                ? await octokit.rest.reactions.createForPullRequestReviewComment(target)
                : await octokit.rest.reactions.createForIssueComment(target);
            // 200: "you already added the reaction type": this identity added it before (this action
            // in an earlier run, or another workflow with the same token); `id` is that reaction's.
            return { added: status !== 200, id: data.id };
        }),
        unreact: (kind, commentId, reactionId) => call(async (request) => {
            const target = { ...at, comment_id: commentId, reaction_id: reactionId, request };
            if (kind === 'review')
                await octokit.rest.reactions.deleteForPullRequestComment(target);
            else
                await octokit.rest.reactions.deleteForIssueComment(target);
        }),
        permission: (login) => call(async (request) => {
            const { data } = await octokit.rest.repos.getCollaboratorPermissionLevel({
                ...at,
                username: login,
                request,
            });
            // `permission`, not `role_name`: a custom role has its own name, and its base here.
            return data.permission;
        }),
        viewer: () => call(async (request) => {
            const answer = await octokit.graphql('query { viewer { login } }', { request });
            return answer.viewer.login;
        }),
        ...gitRefCalls(octokit, at, call),
        workflowRun: (id) => call(async (request) => {
            const { data } = await octokit.rest.actions.getWorkflowRun({ ...at, run_id: id, request });
            return { status: data.status ?? '', url: data.html_url };
        }),
    };
}


/***/ })

};
