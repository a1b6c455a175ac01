export const id = 702;
export const ids = [702];
export const modules = {

/***/ 6702:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   octokitDeploymentApi: () => (/* binding */ octokitDeploymentApi)
/* harmony export */ });
/* unused harmony exports toApiError, createOctokit */
/* harmony import */ var _actions_github__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2413);
/* harmony import */ var _shared_network_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4983);
/* harmony import */ var _shared_retry_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3091);
/* harmony import */ var _api_error_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(3660);
/* harmony import */ var _shared_version_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(9189);
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
    return new _api_error_js__WEBPACK_IMPORTED_MODULE_3__/* .GitHubApiError */ .OS((0,_shared_network_js__WEBPACK_IMPORTED_MODULE_1__/* .describeNetworkError */ .gl)(e.cause ?? error));
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


/***/ })

};
