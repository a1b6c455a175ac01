export const id = 893;
export const ids = [893,181];
export const modules = {

/***/ 2893:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   clustersOf: () => (/* binding */ clustersOf),
/* harmony export */   pinsAt: () => (/* binding */ pinsAt)
/* harmony export */ });
/* harmony import */ var _prove_argo_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(218);
/* harmony import */ var _build_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3396);
/* harmony import */ var _discover_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8981);
/* harmony import */ var _argo_appset_expand_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(3826);
/* harmony import */ var _flux_instance_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(2611);
/* harmony import */ var _helm_majors_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(2562);
/**
 * The clusters a checkout shows, read from its entry points without building them: an entry
 * point no other one builds is a cluster's root (a `flux bootstrap`'s flux-system Kustomization,
 * a FluxInstance's sync, an Argo CD app of apps, a cluster-path folder), and its cluster is every
 * file the entry points under it read, and the files they are written in. A file two roots read
 * (a base both clusters build) is in both clusters. An entry point built from another repository
 * is left out, as the proof leaves it out. The children of an app of apps' chart are not read
 * here (that takes helm): their templates are in the parent's cluster, so they place a release
 * there, but a pin only they would build is not seen (both majors, the safe side).
 *
 * What a cluster pins is what its controller runs (helm-majors.ts): a helm-controller image tag
 * in one cluster's gotk-components.yaml says nothing of another cluster's, nor of a release no
 * entry point of the checkout applies (its cluster's bootstrap is elsewhere). So a release's
 * controller is taken to run a pinned major only where every cluster that applies it pins it.
 */






/** The clusters of `checkout` (cluster-path folders included), from their roots down. */
function clustersOf(checkout, clusterPaths, repository) {
    const operator = (0,_flux_instance_js__WEBPACK_IMPORTED_MODULE_4__/* .operatorObjects */ .$)(checkout);
    const gitUrls = (0,_discover_js__WEBPACK_IMPORTED_MODULE_2__/* .gitRepositoryUrls */ .jN)(operator.sources.map((s) => s.object), (0,_discover_js__WEBPACK_IMPORTED_MODULE_2__/* .checkoutGitRepositories */ .j0)(checkout));
    // An entry point built from another repository reads nothing of this checkout (proof.ts).
    const entries = [
        ...(0,_discover_js__WEBPACK_IMPORTED_MODULE_2__/* .discoverEntries */ .Kz)(checkout, clusterPaths),
        ...(0,_argo_appset_expand_js__WEBPACK_IMPORTED_MODULE_3__/* .expandAppSets */ .n)(checkout, repository).entries,
        ...operator.entries,
    ].filter((e) => !(0,_discover_js__WEBPACK_IMPORTED_MODULE_2__/* .outOfReach */ .nn)(e, gitUrls, repository));
    const trees = new Map(entries.map((e) => [
        e,
        e.kind === 'argo' ? new Set((0,_prove_argo_js__WEBPACK_IMPORTED_MODULE_0__/* .argoFiles */ .Xw)(checkout, e, repository)) : (0,_build_js__WEBPACK_IMPORTED_MODULE_1__/* .entryTree */ .v0)(checkout, e),
    ]));
    // A parent's build reads the file its child is written in (flux-system's own file is in its
    // own build, which makes it no child of itself). Two entry points written in one file that no
    // build reads are two roots: the file is where they are written, not what they build.
    const writtenIn = new Map();
    for (const e of entries)
        writtenIn.set((0,_discover_js__WEBPACK_IMPORTED_MODULE_2__/* .entryFile */ .$B)(e), [...(writtenIn.get((0,_discover_js__WEBPACK_IMPORTED_MODULE_2__/* .entryFile */ .$B)(e)) ?? []), e]);
    const children = new Map(entries.map((e) => [e, []]));
    const hasParent = new Set();
    const adopt = (parent, child) => {
        children.get(parent).push(child);
        hasParent.add(child);
    };
    for (const parent of entries)
        for (const file of trees.get(parent))
            for (const child of writtenIn.get(file) ?? [])
                if (child !== parent)
                    adopt(parent, child);
    // The Applications one ApplicationSet generates are rendered by one Argo CD: one cluster.
    const generated = new Map();
    for (const e of entries)
        if (e.kind === 'argo' && e.generatedBy)
            generated.set(e.generatedBy.label, [...(generated.get(e.generatedBy.label) ?? []), e]);
    for (const [first, ...rest] of generated.values())
        for (const e of rest)
            adopt(first, e);
    const clusters = [];
    const reached = new Set();
    const gather = (root) => {
        const all = new Set();
        const stack = [root];
        const seen = new Set();
        while (stack.length > 0) {
            const e = stack.pop();
            if (seen.has(e))
                continue;
            seen.add(e);
            reached.add(e);
            for (const f of trees.get(e))
                all.add(f);
            all.add((0,_discover_js__WEBPACK_IMPORTED_MODULE_2__/* .entryFile */ .$B)(e));
            stack.push(...children.get(e));
        }
        clusters.push({ root: `${(0,_discover_js__WEBPACK_IMPORTED_MODULE_2__/* .entryLabel */ .b4)(root)} (${root.from})`, files: all });
    };
    for (const e of entries)
        if (!hasParent.has(e))
            gather(e);
    // Entry points that build each other in a ring have no root: the first of each ring is one.
    for (const e of entries)
        if (!reached.has(e))
            gather(e);
    return clusters;
}
/**
 * The pins for a release placed at `at` (the checkout file of its manifest, or of the entry point
 * that builds it): for each controller, the majors every cluster holding that file pins, added
 * up; none where a cluster holding it pins nothing, or no cluster does. `outside` names the pins
 * left out that way, for the message that both majors render.
 */
function pinsAt(finds, clusters, at) {
    const holding = at === undefined ? [] : clusters.filter((c) => c.files.has(at));
    const each = holding.map((c) => (0,_helm_majors_js__WEBPACK_IMPORTED_MODULE_5__/* .pinsWithin */ .E)(finds, (path) => c.files.has(path)));
    const all = (0,_helm_majors_js__WEBPACK_IMPORTED_MODULE_5__/* .pinsWithin */ .E)(finds);
    const pins = {};
    for (const renderer of ['flux', 'argo']) {
        const found = each.map((p) => p[renderer]);
        if (found.length > 0 && found.every((p) => p !== undefined)) {
            const majors = [...new Set(found.flatMap((p) => p.majors))].sort();
            pins[renderer] = { majors, by: [...new Set(found.map((p) => p.by))].join('; ') };
        }
        else if (all[renderer]) {
            const bare = holding.find((_, i) => !found[i]);
            (pins.outside ??= {})[renderer] = bare
                ? `${all[renderer].by} is not read by every cluster that applies this release: ${bare.root} applies it and pins no version`
                : `${all[renderer].by} is not read by a cluster that applies this release: no entry point of the checkout applies it`;
        }
    }
    return pins;
}


/***/ }),

/***/ 2562:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   E: () => (/* binding */ pinsWithin),
/* harmony export */   pinFinds: () => (/* binding */ pinFinds)
/* harmony export */ });
/* unused harmony export fluxVersionMajor */
/* harmony import */ var semver_functions_major_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8511);
/* harmony import */ var semver_functions_major_js__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(semver_functions_major_js__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var semver_functions_minor_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2603);
/* harmony import */ var semver_functions_minor_js__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(semver_functions_minor_js__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var semver_functions_valid_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8780);
/* harmony import */ var semver_functions_valid_js__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(semver_functions_valid_js__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var semver_ranges_intersects_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(3465);
/* harmony import */ var semver_ranges_intersects_js__WEBPACK_IMPORTED_MODULE_3___default = /*#__PURE__*/__webpack_require__.n(semver_ranges_intersects_js__WEBPACK_IMPORTED_MODULE_3__);
/* harmony import */ var semver_ranges_valid_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(4737);
/* harmony import */ var semver_ranges_valid_js__WEBPACK_IMPORTED_MODULE_4___default = /*#__PURE__*/__webpack_require__.n(semver_ranges_valid_js__WEBPACK_IMPORTED_MODULE_4__);
/* harmony import */ var _shared_go_yaml_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(5331);
/* harmony import */ var _values_site_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(6167);
/**
 * The helm major a controller of this checkout renders with, where the checkout pins its version.
 * Flux's helm-controller renders with Helm 4 from Flux 2.8 (helm-controller 1.5; its 2.8.2 notes:
 * "updating to Helm 4.1.3"), with Helm 3 before. Argo CD renders with Helm 4 from 3.5 ("Helm was
 * upgraded to 4.2.0", its 3.4 to 3.5 upgrade notes), with Helm 3 before. What pins a version:
 *
 * - a Flux Operator `FluxInstance`'s `spec.distribution.version` (an exact version, `2.7.x`, or a
 *   range, read by its bounds: the operator installs the newest version it allows and knows,
 *   so only a range wholly from 2.8 on is Helm 4, only one wholly before it Helm 3);
 * - a helm-controller image tag (`ghcr.io/fluxcd/helm-controller:v1.4.3`, as `flux bootstrap`
 *   writes gotk-components.yaml);
 * - an Argo CD image tag (`quay.io/argoproj/argocd:v3.4.1`) or install manifest address
 *   (`…/argoproj/argo-cd/v3.4.1/manifests/install.yaml`, `…/argo-cd/manifests/…?ref=v3.4.1`).
 *
 * Anything else (no such file, a range this does not read, `latest`) pins nothing: both majors.
 * A pin holds for the cluster whose entry points read its file (clusters.ts): a release renders
 * with the majors the clusters that apply it pin, added up, and with both where one of them pins
 * nothing or no entry point of the checkout applies it.
 */







const OPERATOR = /^["']?apiVersion["']?[ \t]*:[ \t]*["']?fluxcd\.controlplane\.io\//m;
const HELM_CONTROLLER = /\/helm-controller:v?(\d+)\.(\d+)\.\d+/g;
const ARGO_IMAGE = /argoproj\/argocd:v?(\d+)\.(\d+)\.\d+/g;
/** A controller image named by a tag that is no version (`latest`, `stable`): it pins nothing. */
const UNVERSIONED = /(argoproj\/argocd|\/helm-controller):(?!v?\d+\.\d+\.\d+)[\w.-]+/g;
const ARGO_MANIFESTS = /argoproj\/argo-cd\/(?:(?:refs\/tags\/)?v?(\d+)\.(\d+)\.\d+\/)?manifests\/[^\s"'?]*(?:\?ref=v?(\d+)\.(\d+)\.\d+)?/g;
/** The first version of each controller that renders with Helm 4. */
const FLUX_HELM4 = [2, 8];
const HELM_CONTROLLER_HELM4 = [1, 5];
const ARGO_HELM4 = [3, 5];
const atLeast = (major, minor, [m, n]) => major > m || (major === m && minor >= n);
const majorOf = (major, minor, first) => atLeast(major, minor, first) ? 4 : 3;
/** Each version of a controller the files name (gitops/clusters.ts scopes them to a cluster). */
function pinFinds(files) {
    const flux = [];
    const argo = [];
    const images = [];
    for (const { path, text } of files) {
        if (OPERATOR.test(text))
            flux.push(...instancePins(path, text));
        for (const m of text.matchAll(HELM_CONTROLLER))
            flux.push({
                path,
                major: majorOf(Number(m[1]), Number(m[2]), HELM_CONTROLLER_HELM4),
                by: `${path}: helm-controller v${m[1]}.${m[2]}`,
            });
        for (const m of text.matchAll(ARGO_IMAGE))
            argo.push({
                path,
                major: majorOf(Number(m[1]), Number(m[2]), ARGO_HELM4),
                by: `${path}: Argo CD v${m[1]}.${m[2]}`,
            });
        for (const m of text.matchAll(ARGO_MANIFESTS)) {
            const [major, minor] = m[1] ? [m[1], m[2]] : [m[3], m[4]];
            if (major === undefined) {
                argo.push({ path, by: `${path}: Argo CD manifests of no version` });
                continue;
            }
            argo.push({
                path,
                major: majorOf(Number(major), Number(minor), ARGO_HELM4),
                by: `${path}: Argo CD v${major}.${minor}`,
            });
        }
        for (const m of text.matchAll(UNVERSIONED))
            (m[1] === 'argoproj/argocd' ? argo : flux).push({ path, by: `${path}: ${m[0]}` });
        images.push(...imageOverrides(path, text));
    }
    return { flux, argo, images };
}
/** The pins of the finds in the files `within` holds (all of them without). */
function pinsWithin(finds, within = () => true) {
    // A kustomization's `images:` override changes the tag the manifests name, but only for the
    // manifests its build holds, which this scan does not follow: its version is added to theirs.
    const images = finds.images.filter((i) => within(i.path));
    const overridden = (name, found, first, what) => {
        const mine = images.filter((i) => name.test(i.name));
        // A digest or another image with no tag: the version is unknown, so no pin (both majors).
        return [
            ...found.filter((f) => within(f.path)),
            ...mine.map((i) => i.tag
                ? {
                    path: i.path,
                    major: majorOf(i.tag[0], i.tag[1], first),
                    by: `${i.path}: images ${what} v${i.tag[0]}.${i.tag[1]}`,
                }
                : { path: i.path, by: `${i.path}: images ${what} of no version` }),
        ];
    };
    const fluxPin = pinOf(overridden(/fluxcd\/helm-controller$/, finds.flux, HELM_CONTROLLER_HELM4, 'helm-controller'));
    const argoPin = pinOf(overridden(/argoproj\/argocd$/, finds.argo, ARGO_HELM4, 'Argo CD'));
    const pins = {};
    if (fluxPin)
        pins.flux = fluxPin;
    if (argoPin)
        pins.argo = argoPin;
    return pins;
}
/**
 * The pin of every version found: one controller named without a version (the cluster's, or,
 * read checkout-wide, another's) leaves its major open, and both majors render.
 */
function pinOf(found) {
    if (found.length === 0 || found.some((f) => f.major === undefined))
        return undefined;
    const majors = [...new Set(found.map((f) => f.major))].sort();
    return { majors, by: [...new Set(found.map((f) => f.by))].slice(0, 3).join('; ') };
}
function imageOverrides(path, text) {
    if (!/\bimages\s*:/.test(text) || !/argoproj\/argocd|fluxcd\/helm-controller/.test(text))
        return [];
    const kustomizationFile = /(^|\/)(kustomization\.ya?ml|Kustomization)$/.test(path);
    const wanted = (h) => h.kind === 'Kustomization' || (kustomizationFile && h.kind === undefined);
    return (0,_shared_go_yaml_js__WEBPACK_IMPORTED_MODULE_5__/* .manifestsOf */ .oF)(text, wanted).flatMap((data) => {
        const spec = (0,_values_site_js__WEBPACK_IMPORTED_MODULE_6__/* .isObject */ .Gv)(data.spec) ? data.spec : {};
        const list = Array.isArray(data.images) ? data.images : spec.images;
        if (!Array.isArray(list))
            return [];
        return list.flatMap((entry) => {
            if (!(0,_values_site_js__WEBPACK_IMPORTED_MODULE_6__/* .isObject */ .Gv)(entry) || typeof entry.name !== 'string')
                return [];
            const tag = typeof entry.newTag === 'string' ? /^v?(\d+)\.(\d+)/.exec(entry.newTag) : null;
            const name = entry.name.replace(/[:@].*$/, '');
            return [
                {
                    path,
                    name,
                    ...(tag ? { tag: [Number(tag[1]), Number(tag[2])] } : {}),
                },
            ];
        });
    });
}
/** Each FluxInstance's distribution.version, where it says a major; else none (both). */
function instancePins(path, text) {
    const wanted = (h) => !!h.apiVersion?.startsWith('fluxcd.controlplane.io/') && h.kind === 'FluxInstance';
    return (0,_shared_go_yaml_js__WEBPACK_IMPORTED_MODULE_5__/* .manifestsOf */ .oF)(text, wanted).flatMap((data) => {
        const spec = (0,_values_site_js__WEBPACK_IMPORTED_MODULE_6__/* .isObject */ .Gv)(data.spec) ? data.spec : {};
        const dist = (0,_values_site_js__WEBPACK_IMPORTED_MODULE_6__/* .isObject */ .Gv)(spec.distribution) ? spec.distribution : {};
        const version = typeof dist.version === 'string' ? dist.version.trim() : '';
        const major = fluxVersionMajor(version);
        const meta = (0,_values_site_js__WEBPACK_IMPORTED_MODULE_6__/* .isObject */ .Gv)(data.metadata) ? data.metadata : {};
        const name = `${typeof meta.namespace === 'string' ? meta.namespace : 'flux-system'}/${String(meta.name)}`;
        const by = `FluxInstance ${name} (${path}: distribution.version ${version})`;
        return [major ? { path, major, by } : { path, by }];
    });
}
/**
 * The helm major of a FluxInstance version constraint (Masterminds semver, as the operator reads
 * it), from its bounds: the operator installs the newest release the constraint allows that it
 * knows, which may be before 2.8 even where the range is open above. Every version allowed from
 * 2.8 on (`>=2.8`, `^2.8`, `2.8.x`, `~2.8`, `2.8.0-rc.1`): Helm 4; every one before 2.8 (`2.7.x`,
 * `~2.7`, `<2.8`): Helm 3. A range spanning 2.8 (`2.x`, `*`, `^2.7`, `>=2.6`), or one this does
 * not read (`latest`): undefined (both majors). Read with npm's semver after writing the
 * constraint its way: Masterminds' `,` (and) as a space, `=>`/`=<` as `>=`/`<=`, and `!=`
 * comparators dropped (each takes out one version, which moves no bound). A pre-release of 2.8
 * is of the 2.8 line: the bound is `2.8.0-0`, and one exact version is read by itself (npm's
 * ranges leave pre-releases out of every test but their own).
 */
function fluxVersionMajor(constraint) {
    const written = constraint
        .trim()
        .replace(/,/g, ' ')
        .replace(/=>/g, '>=')
        .replace(/=</g, '<=')
        .replace(/!=\s*\S+/g, ' ');
    if (written.trim() === '')
        return undefined;
    const exact = semver_functions_valid_js__WEBPACK_IMPORTED_MODULE_2___default()(written);
    if (exact)
        return majorOf(semver_functions_major_js__WEBPACK_IMPORTED_MODULE_0___default()(exact), semver_functions_minor_js__WEBPACK_IMPORTED_MODULE_1___default()(exact), FLUX_HELM4);
    const alternatives = written.split('||');
    // An alternative of `!=` alone allows every other version: it spans 2.8.
    if (alternatives.some((one) => one.trim() === ''))
        return undefined;
    const range = semver_ranges_valid_js__WEBPACK_IMPORTED_MODULE_4___default()(written);
    if (range === null)
        return undefined;
    const first4 = `${FLUX_HELM4[0]}.${FLUX_HELM4[1]}.0-0`;
    const before = semver_ranges_intersects_js__WEBPACK_IMPORTED_MODULE_3___default()(range, `<${first4}`);
    const from = semver_ranges_intersects_js__WEBPACK_IMPORTED_MODULE_3___default()(range, `>=${first4}`);
    if (from && !before)
        return 4;
    if (before && !from)
        return 3;
    return undefined;
}


/***/ })

};
