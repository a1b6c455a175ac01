export const id = 248;
export const ids = [248];
export const modules = {

/***/ 9248:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   octokitDeploymentApi: () => (/* binding */ octokitDeploymentApi)
/* harmony export */ });
/* harmony import */ var _actions_github__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2413);
/* harmony import */ var _deployment_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7920);
/* harmony import */ var _version_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(311);
/**
 * The GitHub side of deployments, through @actions/github (Octokit): the REST base URL comes from
 * GITHUB_API_URL (GitHub Enterprise Server included), and proxies from the runner's settings.
 * Loaded only when the environment input is set, so runs without it do not pay for Octokit.
 */



function toApiError(error) {
    const e = error;
    if (typeof e?.status === 'number' && e.status > 0) {
        const said = e.response?.data?.message ?? e.message ?? '';
        return new _deployment_js__WEBPACK_IMPORTED_MODULE_1__/* .DeploymentApiError */ .M1(said.split('\n')[0].slice(0, 200), e.status);
    }
    const name = error?.name;
    if (name === 'TimeoutError' || name === 'AbortError')
        return new _deployment_js__WEBPACK_IMPORTED_MODULE_1__/* .DeploymentApiError */ .M1('no answer in time');
    const cause = error?.cause?.code;
    return new _deployment_js__WEBPACK_IMPORTED_MODULE_1__/* .DeploymentApiError */ .M1(cause ?? (error instanceof Error ? error.message : String(error)));
}
function octokitDeploymentApi(token) {
    const octokit = (0,_actions_github__WEBPACK_IMPORTED_MODULE_0__/* .getOctokit */ .Q)(token, {
        userAgent: _version_js__WEBPACK_IMPORTED_MODULE_2__/* .USER_AGENT */ ._,
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
        async createDeployment(request, timeoutMs) {
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
                    request: { signal: AbortSignal.timeout(timeoutMs) },
                });
                const id = response.data.id;
                if (typeof id !== 'number')
                    throw new _deployment_js__WEBPACK_IMPORTED_MODULE_1__/* .DeploymentApiError */ .M1(`answered ${response.status} without a deployment id`, response.status);
                return { id };
            }
            catch (error) {
                throw error instanceof _deployment_js__WEBPACK_IMPORTED_MODULE_1__/* .DeploymentApiError */ .M1 ? error : toApiError(error);
            }
        },
        async createStatus(id, status, timeoutMs) {
            try {
                await octokit.rest.repos.createDeploymentStatus({
                    owner,
                    repo,
                    deployment_id: id,
                    state: status.state,
                    description: status.description,
                    ...(status.logUrl ? { log_url: status.logUrl } : {}),
                    ...(status.environmentUrl ? { environment_url: status.environmentUrl } : {}),
                    request: { signal: AbortSignal.timeout(timeoutMs) },
                });
            }
            catch (error) {
                throw toApiError(error);
            }
        },
    };
}


/***/ })

};
