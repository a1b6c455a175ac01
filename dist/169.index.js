export const id = 169;
export const ids = [169];
export const modules = {

/***/ 2169:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   checkLayersOff: () => (/* binding */ checkLayersOff)
/* harmony export */ });
/* harmony import */ var _helm_render_check_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4140);
/* harmony import */ var _shared_which_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1368);
/* harmony import */ var _planned_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5837);
/* harmony import */ var _render_words_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9439);
/**
 * `render-check: off` turns off the render, not the layers: a later values layer that sets the
 * link needs no chart to be seen (an Argo CD Application's helm.parameters over a chart folder's
 * values.yaml, a later valueFiles entry, a HelmRelease's spec.values over it, a helmfile `set`).
 * So each place the run writes is checked by its values layers alone, and the readers the proof
 * finds from the file up (gitops/) are walked without helm: no chart is fetched or rendered, and
 * no `proof` is reported (the render-check output stays empty). Entry points are still built
 * with kubectl where it is on PATH (a Flux overlay's patch is a layer too; without kubectl their
 * releases are read as written), but a build that fails refuses nothing here. A layer this run
 * cannot read is not refused: turning the check off is the fix its message gives. The children
 * of an app of apps exist only once its chart (of this checkout, never fetched) is rendered: that
 * chart alone is rendered, with helm where it is on PATH, so that their layers are seen too;
 * without helm (or where it fails) the log says which parent's children were not looked at.
 */




/** `targetsOf`: the render check's targets (render.ts renderTargets), planned with `link`. */
async function checkLayersOff(run, texts, targetsOf) {
    const { inputs } = run;
    run.reporter.info('render-check is off: nothing proves the chart reads the link at values-key (a later values layer that wins is still refused).');
    const placeholder = (0,_helm_render_check_js__WEBPACK_IMPORTED_MODULE_0__/* .placeholderLink */ .Em)();
    const wins = [];
    for (const target of await targetsOf(placeholder.link)) {
        // No helm: checkTarget decides by the layers, then says it could not render (ignored).
        const outcome = await (0,_helm_render_check_js__WEBPACK_IMPORTED_MODULE_0__/* .checkTarget */ .e$)(target, {
            helm: undefined,
            helmArgs: inputs.helm?.extraArgs ?? [],
            signal: run.signal,
            redact: run.redactor.redact,
            placeholder,
        });
        if (outcome.kind === 'overridden' && !outcome.unchecked && !outcome.unreadable)
            wins.push(outcome);
    }
    if (wins.length > 0)
        throw (0,_render_words_js__WEBPACK_IMPORTED_MODULE_3__/* .notRead */ .Qk)(inputs, wins);
    const { proveThroughCluster } = await Promise.all(/* import() */[__webpack_require__.e(798), __webpack_require__.e(893), __webpack_require__.e(789)]).then(__webpack_require__.bind(__webpack_require__, 3789));
    await proveThroughCluster(run, (file, link) => (0,_planned_js__WEBPACK_IMPORTED_MODULE_2__/* .plannedText */ .q)(inputs, file, texts.get(file.path) ?? '', link), { helm: undefined, placeholder, layersOnly: true, parentsHelm: await (0,_shared_which_js__WEBPACK_IMPORTED_MODULE_1__/* .findOnPath */ .a)('helm') });
    return undefined;
}


/***/ })

};
