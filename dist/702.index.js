export const id = 702;
export const ids = [702];
export const modules = {

/***/ 6702:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   octokitDeploymentApi: () => (/* binding */ octokitDeploymentApi)
/* harmony export */ });
/* unused harmony exports toApiError, listAll, octokitPullRequestApi */
/* harmony import */ var _actions_github__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2413);
/* harmony import */ var _shared_network_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4983);
/* harmony import */ var _shared_retry_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3091);
/* harmony import */ var _api_error_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(3660);
/* harmony import */ var _shared_version_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(9189);
/**
 * GitHub through @actions/github (Octokit), for deployments and for the agent's pull requests: the
 * REST base URL comes from GITHUB_API_URL (GitHub Enterprise Server included), and proxies from
 * the runner's settings. Loaded only when a run talks to GitHub, so others do not pay for Octokit.
 */





/**
 * Turns what Octokit throws into a GitHubApiError. Octokit reports a request that got no
 * answer (refused, reset, timed out) as status 500 without a `response`: only a `response` means
 * GitHub answered.
 */
function toApiError(error, signal) {
    if (error instanceof _api_error_js__WEBPACK_IMPORTED_MODULE_3__/* .GitHubApiError */ .OS)
        return error;
    const e = (error ?? {});
    const response = e.response;
    if (response && typeof e.status === 'number') {
        const data = response.data;
        const said = typeof data?.message === 'string' ? data.message : (e.message ?? '');
        const headers = response.headers ?? {};
        const limited = e.status === 429 ||
            (e.status === 403 && (headers['x-ratelimit-remaining'] === '0' || /rate limit/i.test(said)));
        return new _api_error_js__WEBPACK_IMPORTED_MODULE_3__/* .GitHubApiError */ .OS(said.split('\n')[0].slice(0, 200), e.status, limited ? retryAfter(headers) : undefined);
    }
    if (signal?.aborted)
        return new _api_error_js__WEBPACK_IMPORTED_MODULE_3__/* .GitHubApiError */ .OS('no answer in time');
    return new _api_error_js__WEBPACK_IMPORTED_MODULE_3__/* .GitHubApiError */ .OS((0,_shared_network_js__WEBPACK_IMPORTED_MODULE_1__/* .describeNetworkError */ .g)(e.cause ?? error));
}
/** Retry-After (seconds or a date), or the reset time of the limit, as a wait in ms; else 1 s. */
function retryAfter(headers) {
    const now = Date.now();
    const after = (0,_shared_retry_js__WEBPACK_IMPORTED_MODULE_2__/* .parseRetryAfter */ .mu)(headers['retry-after'], now);
    if (after !== undefined)
        return after;
    const reset = Number(headers['x-ratelimit-reset']);
    if (Number.isFinite(reset) && reset > 0)
        return Math.max(0, reset * 1000 - now);
    return 1000;
}
function createOctokit(token) {
    return (0,_actions_github__WEBPACK_IMPORTED_MODULE_0__/* .getOctokit */ .Q)(token, {
        // Read here, not only when @actions/github was loaded (it reads GITHUB_API_URL once then): a
        // process that loaded it before the variable was set, as the test runner's shared workers
        // do, would otherwise call github.com. Its proxy choice stays the one made at load, for the
        // URL it saw then: in a run, the same URL.
        baseUrl: process.env.GITHUB_API_URL || 'https://api.github.com',
        userAgent: _shared_version_js__WEBPACK_IMPORTED_MODULE_4__/* .USER_AGENT */ ._,
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
    const { owner, repo } = _actions_github__WEBPACK_IMPORTED_MODULE_0__/* .context */ ._.repo;
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
                    throw new _api_error_js__WEBPACK_IMPORTED_MODULE_3__/* .GitHubApiError */ .OS(`answered ${response.status} without a deployment id`, response.status);
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
            throw new ListTooLongError(MAX_COMMENTS);
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
        throw new ForeignPageError('an address that is not a URL');
    }
    if (url.origin !== new URL(base).origin)
        throw new ForeignPageError(`${url.protocol}//${url.host}`);
    return url.href;
}
/** The agent's calls on the run's repository (GITHUB_REPOSITORY, as for deployments). */
function octokitPullRequestApi(token) {
    const octokit = createOctokit(token);
    const at = context.repo;
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
        comments: async (number) => (await list((request) => octokit.rest.issues.listComments({ ...pages, issue_number: number, request }))).map((c) => ({
            id: c.id,
            body: c.body ?? '',
            author: authorOf(c.user, c.author_association),
            url: c.html_url,
            createdAt: c.created_at,
            updatedAt: c.updated_at,
        })),
        reviewComments: async (number) => (await list((request) => octokit.rest.pulls.listReviewComments({ ...pages, pull_number: number, request }))).map((c) => ({
            id: c.id,
            reviewId: c.pull_request_review_id ?? undefined,
            inReplyTo: c.in_reply_to_id ?? undefined,
            body: c.body ?? '',
            author: authorOf(c.user, c.author_association),
            url: c.html_url,
            createdAt: c.created_at,
            updatedAt: c.updated_at,
            path: c.path,
            subjectType: c.subject_type ?? 'line',
            line: c.line ?? null,
            startLine: c.start_line ?? null,
            side: c.side ?? null,
            startSide: c.start_side ?? null,
            originalLine: c.original_line ?? null,
            originalStartLine: c.original_start_line ?? null,
            diffHunk: c.diff_hunk ?? '',
        })),
        reviews: async (number) => (await list((request) => octokit.rest.pulls.listReviews({ ...pages, pull_number: number, request }))).map((r) => ({
            id: r.id,
            body: r.body ?? '',
            author: authorOf(r.user, r.author_association),
            url: r.html_url,
            state: r.state.toUpperCase(),
            submittedAt: r.submitted_at ?? '',
        })),
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
        react: (kind, id, content) => call(async (request) => {
            const target = { ...at, comment_id: id, content, request };
            const { status } = kind === 'review'
                ? await octokit.rest.reactions.createForPullRequestReviewComment(target)
                : await octokit.rest.reactions.createForIssueComment(target);
            // 200: "you already added the reaction type", so this identity took the comment before.
            return status === 200 ? 'already' : 'added';
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
    };
}


/***/ })

};
