export const id = 702;
export const ids = [702];
export const modules = {

/***/ 6702:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   octokitDeploymentApi: () => (/* binding */ octokitDeploymentApi)
/* harmony export */ });
/* unused harmony export toApiError */
/* harmony import */ var _actions_github__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2413);
/* harmony import */ var _api_errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3249);
/* harmony import */ var _api_retry_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7018);
/* harmony import */ var _deployment_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9808);
/* harmony import */ var _shared_version_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(9189);
/**
 * The GitHub side of deployments, through @actions/github (Octokit): the REST base URL comes from
 * GITHUB_API_URL (GitHub Enterprise Server included), and proxies from the runner's settings.
 * Loaded only when the environment input is set, so runs without it do not pay for Octokit.
 */





/**
 * Turns what Octokit throws into a DeploymentApiError. Octokit reports a request that got no
 * answer (refused, reset, timed out) as status 500 without a `response`: only a `response` means
 * GitHub answered.
 */
function toApiError(error, signal) {
    if (error instanceof _deployment_js__WEBPACK_IMPORTED_MODULE_3__/* .DeploymentApiError */ .M1)
        return error;
    const e = (error ?? {});
    const response = e.response;
    if (response && typeof e.status === 'number') {
        const data = response.data;
        const said = typeof data?.message === 'string' ? data.message : (e.message ?? '');
        const headers = response.headers ?? {};
        const limited = e.status === 429 ||
            (e.status === 403 && (headers['x-ratelimit-remaining'] === '0' || /rate limit/i.test(said)));
        return new _deployment_js__WEBPACK_IMPORTED_MODULE_3__/* .DeploymentApiError */ .M1(said.split('\n')[0].slice(0, 200), e.status, limited ? retryAfter(headers) : undefined);
    }
    if (signal?.aborted)
        return new _deployment_js__WEBPACK_IMPORTED_MODULE_3__/* .DeploymentApiError */ .M1('no answer in time');
    return new _deployment_js__WEBPACK_IMPORTED_MODULE_3__/* .DeploymentApiError */ .M1((0,_api_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .describeNetworkError */ .gl)(e.cause ?? error));
}
/** Retry-After (seconds or a date), or the reset time of the limit, as a wait in ms; else 1 s. */
function retryAfter(headers) {
    const now = Date.now();
    const after = (0,_api_retry_js__WEBPACK_IMPORTED_MODULE_2__/* .parseRetryAfter */ .mu)(headers['retry-after'], now);
    if (after !== undefined)
        return after;
    const reset = Number(headers['x-ratelimit-reset']);
    if (Number.isFinite(reset) && reset > 0)
        return Math.max(0, reset * 1000 - now);
    return 1000;
}
function octokitDeploymentApi(token) {
    const octokit = (0,_actions_github__WEBPACK_IMPORTED_MODULE_0__/* .getOctokit */ .Q)(token, {
        userAgent: _shared_version_js__WEBPACK_IMPORTED_MODULE_4__/* .USER_AGENT */ ._,
        // Octokit's own log lines are not for the user's log (and never carry the token).
        log: {
            debug: () => undefined,
            info: () => undefined,
            warn: () => undefined,
            error: () => undefined,
        },
    });
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
                    throw new _deployment_js__WEBPACK_IMPORTED_MODULE_3__/* .DeploymentApiError */ .M1(`answered ${response.status} without a deployment id`, response.status);
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
