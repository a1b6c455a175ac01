export const id = 893;
export const ids = [893,181];
export const modules = {

/***/ 8300:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   GZ: () => (/* binding */ fluxHeldBack),
/* harmony export */   Hv: () => (/* binding */ isByHand),
/* harmony export */   RU: () => (/* binding */ mergedSources),
/* harmony export */   Vv: () => (/* binding */ isWarning),
/* harmony export */   Ww: () => (/* binding */ markWarning),
/* harmony export */   _s: () => (/* binding */ argoHeldBack),
/* harmony export */   cz: () => (/* binding */ heldOnly),
/* harmony export */   k_: () => (/* binding */ chartSourceHeldBack),
/* harmony export */   ls: () => (/* binding */ landingOf),
/* harmony export */   me: () => (/* binding */ noteManualSync),
/* harmony export */   sr: () => (/* binding */ markHeldBack),
/* harmony export */   y: () => (/* binding */ unservedRelease),
/* harmony export */   zG: () => (/* binding */ checkoutGitSources),
/* harmony export */   zQ: () => (/* binding */ gitSources)
/* harmony export */ });
/* unused harmony exports argoSyncNote, markByHand */
/* harmony import */ var yaml__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8815);
/* harmony import */ var _controllers_argo_cd_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(598);
/* harmony import */ var _controllers_source_controller_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(7453);
/* harmony import */ var _values_manifest_argo_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8107);
/* harmony import */ var _values_site_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(6167);
/* harmony import */ var _discover_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(8981);
/* harmony import */ var _files_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(9271);
/**
 * Whether the cluster applies this commit: a reader proven through an entry point proves the link
 * only if that entry point takes the change this run makes. It does not when the Flux
 * Kustomization is suspended, when its GitRepository follows another ref than the branch the
 * change lands on, or when an Argo CD source's targetRevision names another; an Argo CD
 * Application without automated sync applies it only once someone syncs. A HelmRelease of an API
 * version Flux no longer serves is said to be one, never proven as `v2`.
 *
 * The ref a GitRepository follows is source-controller's rule (controllers/source-controller.ts,
 * gitRepositoryRef); the revision an Argo CD source follows is Argo CD's (controllers/argo-cd.ts,
 * argoRevision).
 */







/**
 * The branch the change lands on: a pull request run's base branch; otherwise the branch the run
 * is on (a workflow that commits and pushes, or opens a pull request against it, as
 * create-pull-request does by default). The command line's CI systems say the same with their
 * own variables (GitLab, Jenkins). The event payload gives the default branch.
 */
function landingOf(env, event) {
    const repo = (0,_values_site_js__WEBPACK_IMPORTED_MODULE_3__/* .isObject */ .Gv)(event) && (0,_values_site_js__WEBPACK_IMPORTED_MODULE_3__/* .isObject */ .Gv)(event.repository) ? event.repository : {};
    const defaultBranch = typeof repo.default_branch === 'string' && repo.default_branch
        ? repo.default_branch
        : undefined;
    const base = (branch, why) => ({
        ...(branch ? { branch, why } : {}),
        ...(defaultBranch ? { defaultBranch } : {}),
    });
    if (env.GITHUB_BASE_REF)
        return base(env.GITHUB_BASE_REF, "the pull request's base branch");
    if (env.GITHUB_REF?.startsWith('refs/heads/'))
        return base(env.GITHUB_REF_NAME || env.GITHUB_REF.slice('refs/heads/'.length), 'the branch this workflow runs on');
    if (env.CI_MERGE_REQUEST_TARGET_BRANCH_NAME)
        return base(env.CI_MERGE_REQUEST_TARGET_BRANCH_NAME, "the merge request's target branch");
    if (env.CI_COMMIT_BRANCH)
        return base(env.CI_COMMIT_BRANCH, 'the branch this pipeline runs on');
    if (env.CHANGE_TARGET)
        return base(env.CHANGE_TARGET, "the pull request's target branch");
    if (env.BRANCH_NAME && !env.CHANGE_ID)
        return base(env.BRANCH_NAME, 'the branch this pipeline runs on');
    return base(undefined, '');
}
/**
 * The GitRepositories of `source`'s name a reader may take: those of its own cluster (`placed`
 * says whether a file is in it), else all. Undefined `placed`: all.
 */
function candidatesOf(source, placed) {
    const all = source.candidates ?? [source];
    const mine = placed ? all.filter((c) => placed(c.from)) : [];
    return mine.length > 0 ? mine : all;
}
/** The first of the candidates that follows another ref than the change's, with why. */
function heldBy(source, landing, placed) {
    for (const one of candidatesOf(source, placed)) {
        const why = otherRef((0,_controllers_source_controller_js__WEBPACK_IMPORTED_MODULE_6__/* .gitRepositoryRef */ .uk)(one.spec), landing);
        if (why)
            return { source: one, why };
    }
    return undefined;
}
/** The GitRepositories among `objects` by `namespace/name` (and name alone without a namespace). */
function gitSources(objects, from, into = new Map()) {
    for (const data of objects) {
        if (!(0,_values_site_js__WEBPACK_IMPORTED_MODULE_3__/* .isObject */ .Gv)(data) || data.kind !== 'GitRepository' || !(0,_values_site_js__WEBPACK_IMPORTED_MODULE_3__/* .isObject */ .Gv)(data.spec))
            continue;
        if (!String(data.apiVersion).startsWith('source.toolkit.fluxcd.io/'))
            continue;
        const meta = (0,_values_site_js__WEBPACK_IMPORTED_MODULE_3__/* .isObject */ .Gv)(data.metadata) ? data.metadata : {};
        if (typeof meta.name !== 'string')
            continue;
        const key = typeof meta.namespace === 'string' ? `${meta.namespace}/${meta.name}` : meta.name;
        const prior = into.get(key);
        const one = { spec: data.spec, from };
        // Two of one name in two files: two clusters' bootstraps, each judged for its own readers.
        into.set(key, prior && prior.from !== from
            ? { ...one, candidates: [...(prior.candidates ?? [prior]), one] }
            : one);
    }
    return into;
}
/**
 * The GitRepositories as builds produce them (patched), named by the checkout file that holds
 * them; where the checkout holds several of one name (clusters' bootstraps), those, each with its
 * file, since a build's one cannot be told apart.
 */
function mergedSources(objects, from, checkout) {
    const sources = gitSources(objects, from);
    for (const [key, found] of checkout)
        sources.set(key, found.candidates ? found : { spec: sources.get(key)?.spec ?? found.spec, from: found.from });
    return sources;
}
/** The GitRepositories of the checkout's YAML files (only files that name one are parsed). */
function checkoutGitSources(checkout) {
    const found = new Map();
    for (const file of checkout.files) {
        if (!(0,_files_js__WEBPACK_IMPORTED_MODULE_5__/* .isYamlFile */ .wl)(file))
            continue;
        const text = checkout.read(file);
        if (!text?.includes('GitRepository') || !text.includes('source.toolkit.fluxcd.io/'))
            continue;
        const docs = (0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .parseAllDocuments */ .hR)(text).filter((d) => d.errors.length === 0);
        gitSources(docs.map((d) => d.toJS()), file, found);
    }
    return found;
}
/** What to do when the source follows another ref than the change's branch. */
const refFix = (landing, what) => `Run the workflow on the branch the cluster follows (or open the pull request against it), or point ${what} at ${landing.branch ?? 'the branch this run commits to'}`;
/** The words for a ref that does not take this change, or undefined when it does (or may). */
function otherRef(ref, landing) {
    if (ref.kind === 'branch') {
        if (landing.branch === undefined || ref.value === landing.branch)
            return undefined;
        return `follows branch ${ref.value} (${ref.field}), while this run's change lands on ${landing.branch} (${landing.why})`;
    }
    return `follows ${ref.kind} ${ref.value} (${ref.field}), which no new commit moves`;
}
/**
 * Why a Flux Kustomization does not apply this commit, with the fix; undefined when it does, or
 * when its GitRepository is not among the manifests this run read (a bootstrap's, elsewhere).
 */
function fluxHeldBack(entry, git, landing, 
/** Whether a file is in the entry point's own cluster (clusters.ts), to choose among several. */
placed) {
    if (entry.kind !== 'flux')
        return undefined;
    const label = `${(0,_discover_js__WEBPACK_IMPORTED_MODULE_4__/* .entryLabel */ .b4)(entry)} (${entry.from})`;
    if (entry.spec.suspend === true)
        return `${label} has spec.suspend: true, so kustomize-controller applies no new commit through it. Resume it (flux resume kustomization ${entry.name} -n ${entry.namespace}, and remove spec.suspend from ${entry.from}), or point values-file at a file a Kustomization that is not suspended applies`;
    const ref = (0,_values_site_js__WEBPACK_IMPORTED_MODULE_3__/* .isObject */ .Gv)(entry.spec.sourceRef) ? entry.spec.sourceRef : {};
    if ((ref.kind ?? 'GitRepository') !== 'GitRepository' || typeof ref.name !== 'string')
        return undefined;
    const namespace = typeof ref.namespace === 'string' ? ref.namespace : entry.namespace;
    const found = git.get(`${namespace}/${ref.name}`) ?? git.get(ref.name);
    const held = found && heldBy(found, landing, placed);
    if (!held)
        return undefined;
    const { source, why } = held;
    const name = `GitRepository/${namespace}/${ref.name} (${source.from})`;
    return `${label} builds from ${name}, which ${why}: the cluster does not apply this commit through it. ${refFix(landing, `the spec.ref of GitRepository/${namespace}/${ref.name}`)}`;
}
/**
 * Why a HelmRelease whose chart is a path of a GitRepository (`spec.chart.spec.sourceRef`) does
 * not render this commit's chart folder: that GitRepository follows another ref than the branch
 * the change lands on, so source-controller packages the chart (its values.yaml included) from
 * that ref. Undefined when it follows the change's branch (or may), or is not among the
 * manifests this run read. `git` as gitSources gives it; `label` names the release.
 */
function chartSourceHeldBack(release, label, git, landing, 
/** Whether a file is in the release's own cluster (clusters.ts), to choose among several. */
placed) {
    const ref = (0,_controllers_source_controller_js__WEBPACK_IMPORTED_MODULE_6__/* .releaseChartSpec */ .rL)(release).sourceRef;
    if (!(0,_values_site_js__WEBPACK_IMPORTED_MODULE_3__/* .isObject */ .Gv)(ref) || ref.kind !== 'GitRepository' || typeof ref.name !== 'string')
        return undefined;
    const meta = (0,_values_site_js__WEBPACK_IMPORTED_MODULE_3__/* .isObject */ .Gv)(release.metadata) ? release.metadata : {};
    const namespace = typeof ref.namespace === 'string'
        ? ref.namespace
        : typeof meta.namespace === 'string'
            ? meta.namespace
            : undefined;
    const found = (namespace && git.get(`${namespace}/${ref.name}`)) || git.get(ref.name);
    const held = found && heldBy(found, landing, placed);
    if (!held)
        return undefined;
    const { source, why } = held;
    const name = `GitRepository/${namespace ? `${namespace}/` : ''}${ref.name}`;
    return `${label} takes its chart from ${name} (${source.from}), which ${why}: source-controller packages the chart, its values files included, from that ref, not from this commit. ${refFix(landing, `the spec.ref of ${name} in ${source.from}`)}`;
}
/**
 * Why a revision Argo CD reads (`targetRevision` of a source, `revision` of an ApplicationSet's
 * git generator) does not take this commit, or undefined when it does or the run cannot tell.
 * Both are resolved alike by the repo server: none or `HEAD` is the remote's default branch.
 */
function otherRevision(value, name, landing) {
    const { written, revision, commit, branch } = (0,_controllers_argo_cd_js__WEBPACK_IMPORTED_MODULE_1__/* .argoRevision */ .v7)(value, landing.defaultBranch);
    const field = written ? `${name}: ${written}` : `no ${name}`;
    if (commit)
        return `follows commit ${revision} (${field}), which no new commit moves`;
    if (landing.branch === undefined)
        return undefined;
    if (branch === undefined || branch === landing.branch)
        return undefined;
    return `follows ${revision === 'HEAD' ? `the default branch ${branch}` : revision} (${field}), while this run's change lands on ${landing.branch} (${landing.why})`;
}
/**
 * Why an Argo CD source of this repository (`source`, of `application`) does not take this
 * commit, with the fix; undefined when it does, or when the run cannot tell (no branch known).
 * An Application an ApplicationSet's git generator generated (`generatedBy`) is first generated
 * from the commit that generator reads (its `revision`): from another branch, this commit's
 * folders and files are not what the ApplicationSet controller generates it from.
 */
function argoHeldBack(source, application, landing, generatedBy) {
    const git = generatedBy?.git;
    const generator = git && otherRevision(git.revision, 'revision', landing);
    if (generatedBy && git && generator)
        return `${application} is generated by ${generatedBy.label}, whose git generator reads ${(0,_values_manifest_argo_js__WEBPACK_IMPORTED_MODULE_2__/* .shownRepo */ .cs)(git)}, which ${generator}: the ApplicationSet controller does not generate it from this commit. ${refFix(landing, `the git generator's revision of ${generatedBy.label}`)}`;
    const why = otherRevision(source.targetRevision, 'targetRevision', landing);
    if (!why)
        return undefined;
    return `${application} reads ${(0,_values_manifest_argo_js__WEBPACK_IMPORTED_MODULE_2__/* .shownRepo */ .cs)(source)}, which ${why}: Argo CD does not apply this commit through it. ${refFix(landing, 'its targetRevision')}`;
}
/** The note for an Application that Argo CD syncs only by hand, or undefined. */
function argoSyncNote(application, label) {
    const why = (0,_controllers_argo_cd_js__WEBPACK_IMPORTED_MODULE_1__/* .argoManualSync */ .jj)({ spec: application });
    return why
        ? `${label} has ${why}: Argo CD applies this change only once someone syncs it (before the link expires)`
        : undefined;
}
/**
 * Why a HelmRelease's API version is one Flux no longer serves (v2beta1 since Flux 2.7, v2beta2
 * since 2.8), or undefined: such a release is not proven as `v2` merges it.
 */
function unservedRelease(release, label) {
    const version = String(release.apiVersion);
    const gone = { 'helm.toolkit.fluxcd.io/v2beta1': '2.7', 'helm.toolkit.fluxcd.io/v2beta2': '2.8' }[version];
    return gone
        ? `${label} is ${version}, which Flux no longer serves since ${gone}: a cluster on Flux ${gone} or later does not apply it, and an older one merges it as that version does, which this run does not prove. Migrate it to helm.toolkit.fluxcd.io/v2 (flux migrate)`
        : undefined;
}
/**
 * Records the log raises as warnings, not as information: a reader that does not take this
 * commit, or only once someone acts, or whose API version is no longer served.
 */
const warned = new WeakSet();
const markWarning = (record) => {
    warned.add(record);
    return record;
};
const isWarning = (record) => warned.has(record);
/** Records of readers an entry point holds but does not apply this commit through. */
const heldBack = new WeakSet();
const markHeldBack = (record) => {
    heldBack.add(record);
    return markWarning(record);
};
/** Records of readers that get the change only once someone acts (an Argo CD sync by hand). */
const byHand = new WeakSet();
const markByHand = (record) => {
    byHand.add(record);
    return markWarning(record);
};
const isByHand = (record) => byHand.has(record);
/**
 * Records proven through an Application that Argo CD syncs only by hand: each is proven, yet the
 * cluster gets the link only once someone syncs, so each says so (and `required` refuses). One
 * rule for the entry points' own proofs and the readers found from the file up.
 */
function noteManualSync(records, application, label, 
/** An ApplicationSet's RollingSync for this Application (controllers/argo-cd.ts). */
rolling) {
    const notes = [argoSyncNote(application, label), rolling?.note].filter((n) => n !== undefined);
    if (notes.length === 0)
        return;
    const note = notes.join('; ');
    const byHand = rolling?.byHand || notes.length > (rolling ? 1 : 0);
    for (const r of records)
        if (r.level !== 'skipped' && !r.reason?.startsWith('refused')) {
            Object.assign(r, { reason: r.reason ? `${r.reason}; ${note}` : note });
            if (byHand)
                markByHand(r);
        }
}
const recordOf = (record, target) => record.target === target.display || record.target.startsWith(`${target.display} (`);
/**
 * The refusals for targets whose every reader is held back (a suspended Kustomization, another
 * ref): nothing applies this commit's link. A target another entry point applies is not refused
 * (its held-back records stay skipped: `required` fails on them).
 */
function heldOnly(records, targets) {
    const out = [];
    for (const target of targets) {
        const mine = records.filter((r) => recordOf(r, target));
        if (mine.length === 0 || !mine.every((r) => heldBack.has(r)))
            continue;
        const reasons = [...new Set(mine.map((r) => r.reason ?? ''))];
        out.push(`Nothing applies the link written to ${target.display}: ${reasons.join('. ')}.`);
    }
    return out;
}


/***/ }),

/***/ 3826:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  n: () => (/* binding */ expandAppSets)
});

// UNUSED EXPORTS: appSetLabel

// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: ./src/shared/go-yaml.ts
var go_yaml = __webpack_require__(5331);
// EXTERNAL MODULE: ./src/values/manifest-argo.ts
var manifest_argo = __webpack_require__(8107);
// EXTERNAL MODULE: ./src/values/site.ts
var site = __webpack_require__(6167);
// EXTERNAL MODULE: ./src/gitops/files.ts
var files = __webpack_require__(9271);
// EXTERNAL MODULE: ./src/gitops/glob.ts
var glob = __webpack_require__(3376);
;// CONCATENATED MODULE: ./src/gitops/argo/appset-template.ts
/**
 * How Argo CD's ApplicationSet controller fills a template's strings with a generator's parameters
 * (applicationset/utils/utils.go, Render.Replace, applied to every string of the template):
 *
 * - fasttemplate (the default): each `{{tag}}` whose trimmed tag is a parameter holding a string
 *   is replaced by it; any other tag stays as written; a string without `{{…}}` on one line is
 *   left alone (isTemplatedRegex).
 * - Go templates (`goTemplate: true`): text/template with Sprig over the parameters. Only field
 *   chains (`{{ .path.basename }}`) and `index` into them (`{{ index .path.segments 1 }}`), with
 *   `{{-`/`-}}` trimming, are evaluated here: any other action (a function, a pipe, `if`,
 *   `range`) is not guessed, and makes the ApplicationSet out of reach, said to be. A missing
 *   key prints `<no value>` as Go's default does, or fails under `missingkey=error`.
 */
/** A template this run cannot evaluate exactly, with the expression that stops it. */
class Unexpandable extends Error {
}
const TEMPLATED = /^.*\{\{.*\}\}.*$/m;
/** One string of the template, filled as the controller fills it. */
function fillString(text, params, go, options = []) {
    if (go)
        return goFill(text, params, options);
    if (!TEMPLATED.test(text))
        return text;
    let out = '';
    let at = 0;
    for (;;) {
        const start = text.indexOf('{{', at);
        if (start === -1)
            break;
        const end = text.indexOf('}}', start + 2);
        // fasttemplate.NewTemplate fails on a start tag without an end: the controller reports it.
        if (end === -1)
            throw new Unexpandable(`"${text}" opens {{ without closing it`);
        const tag = text.slice(start + 2, end);
        const value = params[tag.trim()];
        out += text.slice(at, start);
        out += tag.trim() !== '' && typeof value === 'string' ? value : `{{${tag}}}`;
        at = end + 2;
    }
    return out + text.slice(at);
}
const FIELD = /^\.(?:[A-Za-z_][A-Za-z0-9_]*)(?:\.[A-Za-z_][A-Za-z0-9_]*)*$|^\.$/;
function goFill(text, params, options) {
    let out = '';
    let at = 0;
    const strict = options.some((o) => o.replace(/\s/g, '') === 'missingkey=error');
    for (;;) {
        const start = text.indexOf('{{', at);
        if (start === -1)
            break;
        const end = text.indexOf('}}', start + 2);
        if (end === -1)
            throw new Unexpandable(`"${text}" opens {{ without closing it`);
        let inner = text.slice(start + 2, end);
        let before = text.slice(at, start);
        let next = end + 2;
        // `{{- ` trims the space before the action, ` -}}` the space after (text/template's markers).
        if (/^-\s/.test(inner)) {
            before = before.replace(/\s+$/, '');
            inner = inner.slice(1);
        }
        if (/\s-$/.test(inner)) {
            inner = inner.slice(0, -1);
            while (next < text.length && /\s/.test(text[next]))
                next++;
        }
        out += before + goValue(inner.trim(), params, strict, text);
        at = next;
    }
    return out + text.slice(at);
}
function goValue(action, params, strict, text) {
    if (action.startsWith('/*'))
        return '';
    const words = action.split(/\s+/);
    let value;
    if (words.length === 1 && FIELD.test(words[0]))
        value = field(words[0], params, strict, text);
    else if (words[0] === 'index' && words.length >= 3 && FIELD.test(words[1])) {
        value = field(words[1], params, strict, text);
        for (const key of words.slice(2)) {
            if (Array.isArray(value) && /^\d+$/.test(key)) {
                const i = Number(key);
                if (i >= value.length)
                    throw new Unexpandable(`{{${action}}} in "${text}" indexes out of range`);
                value = value[i];
            }
            else if (isMap(value) && /^"[^"\\]*"$/.test(key))
                value = value[key.slice(1, -1)];
            else
                throw new Unexpandable(`{{${action}}} in "${text}" is not evaluated here`);
        }
    }
    else
        throw new Unexpandable(`{{${action}}} in "${text}" is not evaluated here`);
    return printed(value, action, text);
}
function field(path, params, strict, text) {
    let value = params;
    if (path === '.')
        return value;
    for (const name of path.slice(1).split('.')) {
        if (!isMap(value))
            throw new Unexpandable(`{{${path}}} in "${text}" reads a field of something not a map`);
        if (!(name in value)) {
            if (strict)
                throw new Unexpandable(`{{${path}}} in "${text}" names no parameter (missingkey=error)`);
            return undefined;
        }
        value = value[name];
    }
    return value;
}
/** A value as text/template prints it; only what prints the same in Go and here. */
function printed(value, action, text) {
    if (value === undefined)
        return '<no value>';
    if (typeof value === 'string')
        return value;
    if (typeof value === 'boolean')
        return String(value);
    // Go prints a float64 with %g: the same as JavaScript for integers under a million.
    if (typeof value === 'number' && Number.isInteger(value) && Math.abs(value) < 1e6)
        return String(value);
    throw new Unexpandable(`{{${action}}} in "${text}" prints a value not reproduced here`);
}
const isMap = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);
/** Every string of `node` filled (map keys as written), as the controller's deeplyReplace does. */
function fillTemplate(node, params, go, options = []) {
    if (typeof node === 'string')
        return fillString(node, params, go, options);
    if (Array.isArray(node))
        return node.map((n) => fillTemplate(n, params, go, options));
    if (!isMap(node))
        return node;
    const out = {};
    for (const [key, value] of Object.entries(node)) {
        if (key.includes('{{'))
            throw new Unexpandable(`the template key "${key}" is a template, not expanded here`);
        out[key] = fillTemplate(value, params, go, options);
    }
    return out;
}
/**
 * Argo CD's utils.SanitizeName: lower case, each character but `-a-z0-9.` → `-` (Go's regexp
 * replaces a character, not a byte), at most 253 characters, `-` and `.` trimmed from both ends.
 */
function sanitizeName(name) {
    const replaced = [...name.toLowerCase()].map((c) => (/^[-a-z0-9.]$/.test(c) ? c : '-'));
    return replaced
        .join('')
        .slice(0, 253)
        .replace(/^[-.]+|[-.]+$/g, '');
}
/**
 * Go's %v of a value the fasttemplate flattening stores (flatten.Flatten then fmt.Sprintf):
 * strings, booleans and small integers; anything else is left out (a tag naming it stays).
 */
function goPrinted(value) {
    if (typeof value === 'string')
        return value;
    if (typeof value === 'boolean')
        return String(value);
    if (typeof value === 'number' && Number.isInteger(value) && Math.abs(value) < 1e6)
        return String(value);
    return undefined;
}

// EXTERNAL MODULE: ./src/controllers/argo-cd.ts
var argo_cd = __webpack_require__(598);
;// CONCATENATED MODULE: ./src/gitops/argo/appset-expand.ts
/**
 * The Applications an ApplicationSet generates, where every generator it has is one this run can
 * expand as Argo CD's ApplicationSet controller does: a `list` generator (`elements`,
 * `elementsYaml`; applicationset/generators/list.go) or a `git` generator of this repository
 * (`directories`: every visible folder of the repository that Go's path.Match selects, an
 * `exclude: true` entry winning; `files`: the files `git ls-files -- <glob>` lists, each YAML or
 * JSON object, or each element of an array, one parameter set; generators/git.go). Parameters are
 * as the controller makes them (`path`, `path.basename`, `path.basenameNormalized`,
 * `path.filename`, `path[n]`, `values.*`, a file's keys flattened with dots; in goTemplate mode
 * `.path.path`, `.path.segments`, the file's object as it is), and the template (a generator's
 * own merged over `spec.template`) is filled by appset-template.ts. The generated Applications
 * are readers like any other (prove-argo.ts, argo/chart-values.ts), named after the
 * ApplicationSet's file.
 *
 * An ApplicationSet with any other generator (clusters, scmProvider, pullRequest,
 * clusterDecisionResource, plugin, matrix, merge), a git generator of another repository, a
 * generator `selector`, a `templatePatch` or a template this run cannot evaluate is not expanded:
 * its reason is kept, and appset.ts names it as out of reach for the files it may read.
 */








const OUT_OF_REACH = {
    clusters: 'its clusters generator lists the clusters Argo CD knows (their Secrets in the cluster)',
    scmProvider: "its scmProvider generator lists repositories through the SCM provider's API",
    pullRequest: "its pullRequest generator lists pull requests through the SCM provider's API",
    clusterDecisionResource: 'its clusterDecisionResource generator reads a resource in the cluster',
    plugin: 'its plugin generator asks a plugin service',
};
const cache = new WeakMap();
/** The ApplicationSets of the checkout, expanded where they can be (once per checkout). */
function expandAppSets(checkout, repository) {
    const known = cache.get(checkout);
    if (known)
        return known;
    const out = { entries: [], expanded: new Set(), reasons: new Map() };
    for (const file of checkout.files) {
        if (!(0,files/* isYamlFile */.wl)(file))
            continue;
        const text = checkout.read(file);
        if (!text || !/^["']?kind["']?[ \t]*:[ \t]*["']?ApplicationSet\b/m.test(text))
            continue;
        for (const data of (0,go_yaml/* manifestsOf */.oF)(text, (h) => h.kind === 'ApplicationSet')) {
            if (!(0,site/* isObject */.Gv)(data.spec) || typeof data.apiVersion !== 'string')
                continue;
            if (!data.apiVersion.startsWith('argoproj.io/'))
                continue;
            const meta = (0,site/* isObject */.Gv)(data.metadata) ? data.metadata : {};
            const namespace = typeof meta.namespace === 'string' ? meta.namespace : 'argocd';
            const key = `${file}#${appSetLabel(data)}`;
            try {
                const apps = expandOne(checkout, data, namespace, file, repository);
                out.entries.push(...apps);
                out.expanded.add(key);
            }
            catch (error) {
                if (!(error instanceof Unexpandable))
                    throw error;
                out.reasons.set(key, error.message);
            }
        }
    }
    cache.set(checkout, out);
    return out;
}
/** `ApplicationSet/argocd/apps`. */
function appSetLabel(data) {
    const meta = (0,site/* isObject */.Gv)(data.metadata) ? data.metadata : {};
    const namespace = typeof meta.namespace === 'string' ? meta.namespace : 'argocd';
    return `ApplicationSet/${namespace}/${String(meta.name)}`;
}
function expandOne(checkout, appSet, namespace, file, repository) {
    const spec = appSet.spec;
    if (spec.templatePatch !== undefined)
        throw new Unexpandable('its templatePatch is not applied by this run');
    const go = spec.goTemplate === true;
    const options = Array.isArray(spec.goTemplateOptions)
        ? spec.goTemplateOptions.filter((o) => typeof o === 'string')
        : [];
    const generators = Array.isArray(spec.generators) ? spec.generators.filter(site/* isObject */.Gv) : [];
    if (generators.length === 0)
        throw new Unexpandable('it has no generator');
    const apps = [];
    for (const generator of generators) {
        const kind = Object.keys(generator).find((k) => k !== 'selector' && k !== 'values');
        if (generator.selector !== undefined)
            throw new Unexpandable("its generator's selector filters parameters, which this run does not apply");
        let sets;
        let own;
        let git;
        if (kind === 'list' && (0,site/* isObject */.Gv)(generator.list)) {
            sets = listParams(generator.list, go);
            own = generator.list.template;
        }
        else if (kind === 'git' && (0,site/* isObject */.Gv)(generator.git)) {
            git = generator.git;
            if (typeof git.repoURL !== 'string' || !(0,site/* ofThisRepository */.Iv)(git.repoURL, repository))
                throw new Unexpandable(`its git generator reads ${(0,manifest_argo/* shownRepo */.cs)(git)}, not this repository`);
            sets = gitParams(checkout, git, go, options);
            own = git.template;
        }
        else if ((kind === 'matrix' || kind === 'merge') && (0,site/* isObject */.Gv)(generator[kind])) {
            // Named with what it combines: a clusters generator in it is the usual reason.
            const inner = Array.isArray(generator[kind].generators) ? generator[kind].generators : [];
            const kinds = inner.filter(site/* isObject */.Gv).map((g) => Object.keys(g).find((k) => k !== 'selector'));
            const away = kinds
                .map((k) => OUT_OF_REACH[k ?? ''])
                .find((w) => w && !/matrix|merge/.test(w));
            throw new Unexpandable(`its ${kind} generator combines ${kinds.join(' and ')} generators, which this run does not expand${away ? `, and ${away.replace(/^its /, 'its ')}` : ''}`);
        }
        else
            throw new Unexpandable(OUT_OF_REACH[kind ?? ''] ?? `its ${kind ?? 'empty'} generator is not one this run expands`);
        const template = merged(spec.template, own);
        for (const params of sets) {
            const app = fillTemplate(template, params, go, options);
            if (!(0,site/* isObject */.Gv)(app) || !(0,site/* isObject */.Gv)(app.spec))
                continue;
            const meta = (0,site/* isObject */.Gv)(app.metadata) ? app.metadata : {};
            const rolling = (0,argo_cd/* rollingSyncOf */.G2)(appSet, appSetLabel(appSet), app);
            apps.push({
                kind: 'argo',
                name: typeof meta.name === 'string' ? meta.name : '',
                namespace: typeof meta.namespace === 'string' ? meta.namespace : namespace,
                from: file,
                spec: app.spec,
                // Its children are generated from the commit the git generator reads (applies.ts), and
                // synced as its strategy says (controllers/argo-cd.ts); all are one Argo CD's (clusters.ts).
                generatedBy: {
                    label: appSetLabel(appSet),
                    ...(git ? { git } : {}),
                    ...(rolling ? { rollingSync: rolling } : {}),
                },
            });
        }
    }
    return apps;
}
/** A list generator's parameter sets (list.go): in fasttemplate mode, strings and `values`. */
function listParams(list, go) {
    const elements = Array.isArray(list.elements) ? list.elements : [];
    if (typeof list.elementsYaml === 'string') {
        let parsed;
        try {
            parsed = (0,go_yaml/* goYamlData */.kZ)(list.elementsYaml);
        }
        catch {
            throw new Unexpandable("its list generator's elementsYaml is not YAML the controller reads");
        }
        if (!Array.isArray(parsed))
            throw new Unexpandable("its list generator's elementsYaml is no list");
        // elementsYaml elements are added as they are, in either mode.
        return [...elements.map((e) => listElement(e, go)), ...parsed.filter(site/* isObject */.Gv)];
    }
    return elements.map((e) => listElement(e, go));
}
function listElement(element, go) {
    if (!(0,site/* isObject */.Gv)(element))
        throw new Unexpandable('a list generator element is not a mapping');
    if (go)
        return element;
    const params = {};
    for (const [key, value] of Object.entries(element)) {
        if (key === 'values' && (0,site/* isObject */.Gv)(value)) {
            for (const [k, v] of Object.entries(value)) {
                if (typeof v !== 'string')
                    throw new Unexpandable(`list element value values.${k} is not a string: the controller refuses it`);
                params[`values.${k}`] = v;
            }
        }
        else if (typeof value === 'string')
            params[key] = value;
        else
            throw new Unexpandable(`list element key ${key} is not a string: the controller refuses it`);
    }
    return params;
}
const items = (list) => (Array.isArray(list) ? list : [])
    .filter(site/* isObject */.Gv)
    .filter((i) => typeof i.path === 'string')
    .map((i) => ({ path: String(i.path), exclude: i.exclude === true }));
function gitParams(checkout, git, go, options) {
    const prefix = typeof git.pathParamPrefix === 'string' ? git.pathParamPrefix : '';
    const values = (0,site/* isObject */.Gv)(git.values) ? git.values : {};
    const directories = items(git.directories);
    const sets = [];
    if (directories.length > 0) {
        for (const dir of visibleFolders(checkout)) {
            let include = false;
            let exclude = false;
            for (const d of directories)
                if ((0,glob/* goPathMatch */.V)(d.path, dir)) {
                    if (d.exclude)
                        exclude = true;
                    else
                        include = true;
                }
            if (include && !exclude)
                sets.push(pathParams({}, dir, undefined, prefix, go));
        }
    }
    else {
        const files = items(git.files);
        const included = new Set();
        for (const f of files.filter((i) => !i.exclude))
            for (const path of checkout.files)
                if ((0,glob/* gitPathspecMatch */.M)(f.path, path))
                    included.add(path);
        for (const f of files.filter((i) => i.exclude))
            for (const path of [...included])
                if ((0,glob/* gitPathspecMatch */.M)(f.path, path))
                    included.delete(path);
        for (const path of [...included].sort())
            for (const object of fileObjects(checkout, path))
                sets.push(pathParams(object, external_node_path_.posix.dirname(path), external_node_path_.posix.basename(path), prefix, go));
    }
    return sets.map((params) => withValues(params, values, go, options));
}
/** A file's parameter objects: the object it holds, or each object of the array it holds. */
function fileObjects(checkout, path) {
    let data;
    try {
        data = (0,go_yaml/* goYamlData */.kZ)(checkout.read(path) ?? '');
    }
    catch {
        throw new Unexpandable(`its git generator's file ${path} is not YAML or JSON the controller reads`);
    }
    if (data === null)
        return [{}];
    if ((0,site/* isObject */.Gv)(data))
        return [data];
    if (Array.isArray(data) && data.every(site/* isObject */.Gv))
        return data;
    throw new Unexpandable(`its git generator's file ${path} holds neither an object nor a list of objects`);
}
/** git.go's path parameters over a file's own (flattened with dots in fasttemplate mode). */
function pathParams(object, dir, filename, prefix, go) {
    const base = external_node_path_.posix.basename(dir);
    if (go) {
        const path = { path: dir, basename: base, basenameNormalized: sanitizeName(base) };
        if (filename !== undefined) {
            path.filename = filename;
            path.filenameNormalized = sanitizeName(filename);
        }
        path.segments = dir.split('/');
        return { ...object, ...(prefix ? { [prefix]: { path } } : { path }) };
    }
    const params = {};
    flatten(object, '', params);
    const name = prefix ? `${prefix}.path` : 'path';
    params[name] = dir;
    params[`${name}.basename`] = base;
    if (filename !== undefined)
        params[`${name}.filename`] = filename;
    params[`${name}.basenameNormalized`] = sanitizeName(base);
    if (filename !== undefined)
        params[`${name}.filenameNormalized`] = sanitizeName(filename);
    dir.split('/').forEach((segment, i) => {
        if (segment !== '')
            params[`${name}[${i}]`] = segment;
    });
    return params;
}
/** flatten.Flatten(…, DotStyle) and fmt's %v of each leaf (a leaf not printed alike is left out). */
function flatten(node, prefix, out) {
    const entries = Array.isArray(node)
        ? node.map((v, i) => [String(i), v])
        : (0,site/* isObject */.Gv)(node)
            ? Object.entries(node)
            : [];
    for (const [key, value] of entries) {
        const name = prefix ? `${prefix}.${key}` : key;
        if ((0,site/* isObject */.Gv)(value) || Array.isArray(value))
            flatten(value, name, out);
        else {
            const printed = goPrinted(value);
            if (printed !== undefined)
                out[name] = printed;
        }
    }
}
/** appendTemplatedValues: each `values` entry filled with the parameters, as `values.k`. */
function withValues(params, values, go, options) {
    const filled = {};
    for (const [k, v] of Object.entries(values))
        filled[k] = String(fillTemplate(String(v), params, go, options));
    if (Object.keys(filled).length === 0)
        return params;
    if (go)
        return { ...params, values: filled };
    const out = { ...params };
    for (const [k, v] of Object.entries(filled))
        out[`values.${k}`] = v;
    return out;
}
/** Every folder of the repository, but the top and those under a hidden one (the repo server's list). */
function visibleFolders(checkout) {
    const folders = new Set();
    for (const file of checkout.files) {
        const parts = file.split('/').slice(0, -1);
        for (let i = 0; i < parts.length && !parts[i].startsWith('.'); i++)
            folders.add(parts.slice(0, i + 1).join('/'));
    }
    return [...folders].sort();
}
/** The generator's own template merged over the ApplicationSet's (mergo, WithOverride). */
function merged(base, over) {
    if (!(0,site/* isObject */.Gv)(over))
        return base;
    if (!(0,site/* isObject */.Gv)(base))
        return over;
    const out = { ...base };
    for (const [k, v] of Object.entries(over)) {
        if (v === undefined || v === null || v === '' || ((0,site/* isObject */.Gv)(v) && Object.keys(v).length === 0))
            continue;
        out[k] = (0,site/* isObject */.Gv)(v) && (0,site/* isObject */.Gv)(base[k]) ? merged(base[k], v) : v;
    }
    return out;
}


/***/ }),

/***/ 2893:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   clustersOf: () => (/* binding */ clustersOf),
/* harmony export */   pinsAt: () => (/* binding */ pinsAt)
/* harmony export */ });
/* harmony import */ var _prove_argo_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7837);
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

/***/ 2611:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $: () => (/* binding */ operatorObjects),
/* harmony export */   v: () => (/* binding */ resourceSetReaders)
/* harmony export */ });
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var yaml__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8815);
/* harmony import */ var _shared_go_yaml_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5331);
/* harmony import */ var _values_site_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(6167);
/* harmony import */ var _discover_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(8981);
/* harmony import */ var _files_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(9271);
/**
 * The Flux Operator's entry points. A `FluxInstance` (fluxcd.controlplane.io) with `spec.sync`
 * makes the operator generate, in the instance's namespace and named after it, a source
 * (`GitRepository` with `ref.name: <sync.ref>`, `OCIRepository` with `ref.tag`, or a `Bucket`)
 * and a Flux `Kustomization` of `sync.path` with `prune: true` (flux-operator
 * internal/builder/templates.go, syncTmpl): the same objects `flux bootstrap` writes. Those two
 * objects are built here as the operator writes them, so the Kustomization is an entry point like
 * any other and its GitRepository's ref resolves as source-controller resolves it (applies.ts: a
 * `refs/heads/<branch>` name follows that branch).
 *
 * A `ResourceSet` generates its objects from templates over inputs (`<< inputs.x >>`) the proof
 * does not expand: a file under a folder one of its templates names before the first expression
 * is out of reach, said with the ResourceSet, never "no reader".
 */






const GROUP = 'fluxcd.controlplane.io/';
const LINE = /^["']?apiVersion["']?[ \t]*:[ \t]*["']?fluxcd\.controlplane\.io\//m;
const cache = new WeakMap();
function operatorObjects(checkout) {
    const known = cache.get(checkout);
    if (known)
        return known;
    const out = { entries: [], sources: [], resourceSets: [] };
    for (const file of checkout.files) {
        if (!(0,_files_js__WEBPACK_IMPORTED_MODULE_5__/* .isYamlFile */ .wl)(file))
            continue;
        const text = checkout.read(file);
        if (!text || !LINE.test(text))
            continue;
        const wanted = (h) => !!h.apiVersion?.startsWith(GROUP) && (h.kind === 'FluxInstance' || h.kind === 'ResourceSet');
        for (const data of (0,_shared_go_yaml_js__WEBPACK_IMPORTED_MODULE_2__/* .manifestsOf */ .oF)(text, wanted)) {
            const meta = (0,_values_site_js__WEBPACK_IMPORTED_MODULE_3__/* .isObject */ .Gv)(data.metadata) ? data.metadata : {};
            const namespace = typeof meta.namespace === 'string' ? meta.namespace : 'flux-system';
            if (data.kind === 'ResourceSet') {
                out.resourceSets.push({
                    label: `ResourceSet/${namespace}/${String(meta.name)}`,
                    from: file,
                    folders: templateFolders(data.spec),
                });
                continue;
            }
            const sync = (0,_values_site_js__WEBPACK_IMPORTED_MODULE_3__/* .isObject */ .Gv)(data.spec) && (0,_values_site_js__WEBPACK_IMPORTED_MODULE_3__/* .isObject */ .Gv)(data.spec.sync) ? data.spec.sync : undefined;
            if (!sync || typeof sync.kind !== 'string')
                continue;
            const { source, kustomization } = syncObjects(sync, namespace);
            const entry = (0,_discover_js__WEBPACK_IMPORTED_MODULE_4__/* .entryOf */ .Ms)(kustomization, file);
            if (entry?.kind === 'flux')
                out.entries.push(entry);
            out.sources.push({ object: source, from: file });
        }
    }
    cache.set(checkout, out);
    return out;
}
/** syncTmpl's two objects for one FluxInstance's spec.sync. */
function syncObjects(sync, namespace) {
    const kind = String(sync.kind);
    const ref = typeof sync.ref === 'string' ? sync.ref : '';
    const spec = { interval: sync.interval ?? '1m', url: sync.url };
    if (kind === 'GitRepository')
        spec.ref = { name: ref };
    else if (kind === 'OCIRepository')
        spec.ref = { tag: ref };
    else if (kind === 'Bucket')
        spec.bucketName = ref;
    const meta = { name: namespace, namespace };
    return {
        source: {
            apiVersion: kind === 'GitRepository'
                ? 'source.toolkit.fluxcd.io/v1'
                : 'source.toolkit.fluxcd.io/v1beta2',
            kind,
            metadata: meta,
            spec,
        },
        kustomization: {
            apiVersion: 'kustomize.toolkit.fluxcd.io/v1',
            kind: 'Kustomization',
            metadata: meta,
            spec: {
                interval: '10m0s',
                path: typeof sync.path === 'string' ? sync.path : '',
                prune: true,
                sourceRef: { kind, name: namespace },
            },
        },
    };
}
/**
 * The folders a ResourceSet's templates name before their first `<< … >>` expression (a path
 * `./apps/<< inputs.name >>` names apps), and every folder a template names outright.
 */
function templateFolders(spec) {
    if (!(0,_values_site_js__WEBPACK_IMPORTED_MODULE_3__/* .isObject */ .Gv)(spec))
        return [];
    const text = [
        typeof spec.resourcesTemplate === 'string' ? spec.resourcesTemplate : '',
        spec.resources === undefined ? '' : (0,yaml__WEBPACK_IMPORTED_MODULE_1__/* .stringify */ .As)(spec.resources),
    ].join('\n');
    const folders = new Set();
    for (const m of text.matchAll(/(?:path|chart|valuesFile)s?:\s*["']?([^\s"'#]+)/g)) {
        const raw = m[1];
        const before = raw.split('<<')[0].replace(/^(\.\/)+/, '');
        // Before an expression, the folder is what ends at the last `/` written.
        const folder = raw.includes('<<') ? before.replace(/[^/]*$/, '') : before;
        const clean = node_path__WEBPACK_IMPORTED_MODULE_0__.posix.normalize(folder || '.').replace(/\/+$/, '');
        if (clean && clean !== '.' && !clean.startsWith('..'))
            folders.add(clean);
    }
    return [...folders];
}
/** The ResourceSets that may read `file` (under a folder their templates name), with why. */
function resourceSetReaders(objects, file) {
    return objects.resourceSets
        .filter((r) => r.folders.some((f) => file === f || file.startsWith(`${f}/`)))
        .map((r) => `${r.label} (${r.from}) may read it: the Flux Operator generates its objects from templates over inputs, which this run does not expand. To prove the link, name the folder its Kustomization applies in cluster-path, or apply that release with a Flux Kustomization of this checkout`);
}


/***/ }),

/***/ 3376:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   M: () => (/* binding */ gitPathspecMatch),
/* harmony export */   V: () => (/* binding */ goPathMatch)
/* harmony export */ });
/* harmony import */ var _shared_text_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4646);
/**
 * The two globs Argo CD matches paths of a repository with. Go's `path.Match` (the git
 * generator's `directories`, valueFiles globs through `filepath.Glob`): `*` any run of characters
 * but `/`, `?` one such character, `[…]` a class (`[^…]` negated, ranges, `\` escapes). And the
 * pathspec of `git ls-files -- <pattern>`, which the repo server runs for the git generator's
 * `files` (its default; the doublestar globbing is opt-in): a pattern without wildcards names
 * that path or a folder of it, and with wildcards `*` and `?` match `/` too (git's wildmatch
 * without WM_PATHNAME), so `**` is any depth. A template expression (`{{.path.path}}`, filled in
 * by another generator of a matrix) stands for any text: what it will be is not known here.
 */

/** Whether Go's path.Match(pattern, name) is true; a malformed pattern matches nothing. */
function goPathMatch(pattern, name) {
    return regexOf(pattern, false)?.test(name) ?? false;
}
/** Whether `git ls-files -- <pattern>` lists `path` (a file of the repository, from its top). */
function gitPathspecMatch(pattern, path) {
    const spec = pattern.replace(/^(\.\/)+/, '');
    if (!/[*?[]|\{\{/.test(spec)) {
        const dir = spec.replace(/\/+$/, '');
        return dir === '' || path === dir || path.startsWith(`${dir}/`);
    }
    return regexOf(spec, true)?.test(path) ?? false;
}
const TEMPLATE = /^\{\{.*?\}\}/;
/** The pattern as a RegExp (git's wildmatch, else Go's path.Match); undefined if malformed. */
function regexOf(pattern, git) {
    const one = git ? '.' : '[^/]';
    let out = '';
    for (let i = 0; i < pattern.length; i++) {
        const c = pattern[i];
        const template = TEMPLATE.exec(pattern.slice(i));
        if (template) {
            out += '.*';
            i += template[0].length - 1;
        }
        else if (c === '*')
            out += `${one}*`;
        else if (c === '?')
            out += one;
        else if (c === '\\') {
            if (i + 1 >= pattern.length)
                return undefined;
            out += (0,_shared_text_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeRegExp */ .Nt)(pattern[++i]);
        }
        else if (c === '[') {
            const end = classEnd(pattern, i, git);
            if (end === undefined)
                return undefined;
            out += classOf(pattern.slice(i + 1, end), git);
            i = end;
        }
        else
            out += (0,_shared_text_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeRegExp */ .Nt)(c);
    }
    return new RegExp(`^${out}$`, 's');
}
/** The index of the `]` closing the class opened at `start`. */
function classEnd(pattern, start, git) {
    let i = start + 1;
    if (pattern[i] === '^' || (git && pattern[i] === '!'))
        i++;
    // A `]` right after the opening is a member in git's wildmatch; Go refuses it (ErrBadPattern).
    if (pattern[i] === ']') {
        if (!git)
            return undefined;
        i++;
    }
    for (; i < pattern.length; i++) {
        if (pattern[i] === '\\')
            i++;
        else if (pattern[i] === ']')
            return i;
    }
    return undefined;
}
/** A class body as a RegExp class; git also negates with `!`. */
function classOf(body, git) {
    let negated = false;
    if (body.startsWith('^') || (git && body.startsWith('!'))) {
        negated = true;
        body = body.slice(1);
    }
    let members = '';
    for (let i = 0; i < body.length; i++) {
        const c = body[i];
        if (c === '\\' && i + 1 < body.length)
            members += (0,_shared_text_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeRegExp */ .Nt)(body[++i]);
        else if (c === '-' && members !== '' && i + 1 < body.length)
            members += '-';
        else
            members += (0,_shared_text_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeRegExp */ .Nt)(c);
    }
    return `[${negated ? '^' : ''}${members}]`;
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


/***/ }),

/***/ 7837:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   VZ: () => (/* binding */ elsewhereRecords),
/* harmony export */   Xw: () => (/* binding */ argoFiles),
/* harmony export */   _k: () => (/* binding */ sourceList),
/* harmony export */   jL: () => (/* binding */ proveApplication),
/* harmony export */   u0: () => (/* binding */ sourcesOf)
/* harmony export */ });
/* unused harmony export sourceFolders */
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _helm_values_layers_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3655);
/* harmony import */ var _controllers_argo_cd_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(598);
/* harmony import */ var _values_argo_source_file_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9098);
/* harmony import */ var _values_manifest_argo_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(8107);
/* harmony import */ var _values_site_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(6167);
/* harmony import */ var _applies_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(8300);
/* harmony import */ var _discover_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(8981);
/* harmony import */ var _files_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(9271);
/* harmony import */ var _flux_chart_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(8184);
/* harmony import */ var _glob_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(3376);
/* harmony import */ var _shared_repo_path_js__WEBPACK_IMPORTED_MODULE_11__ = __webpack_require__(2685);
/* harmony import */ var _tree_js__WEBPACK_IMPORTED_MODULE_12__ = __webpack_require__(4946);
/* harmony import */ var _types_js__WEBPACK_IMPORTED_MODULE_13__ = __webpack_require__(5621);
/* harmony import */ var _render_js__WEBPACK_IMPORTED_MODULE_14__ = __webpack_require__(1842);
/**
 * The proof through an Argo CD Application whose chart source is a folder of this checkout, or
 * whose values come from this checkout (`$ref/…` valueFiles of a multi-source Application, its
 * chart then pulled from its repoURL by the run's fetcher, as the render check pulls it), for
 * a plain values file it names among its valueFiles (globs included). Argo CD merges the
 * `.argocd-source*.yaml` files beside a source's path over it (values/argo-source-file.ts), then
 * passes valueFiles in order, then `values` or `valuesObject`, then parameters and
 * fileParameters; the layer that wins is named, an override file by its own name. The
 * Application as a target of its own is proven by the render check itself (publish/render.ts).
 * A source in another repository, an address, or a chart package's own file is out of reach: a
 * path source, or a `$ref` source, whose repoURL is not this repository (values/site.ts
 * ofThisRepository) is never read from this checkout's folder of the same name (a guess); the
 * files it would name are recorded as out of reach instead (elsewhereRecords).
 */
















/**
 * The repoURL of a source when it is a path source (no `chart`) or a `$ref` source of another
 * repository than this one; undefined for this repository's (and for chart sources).
 */
function elsewhere(source, repository) {
    if (typeof source.chart === 'string' || typeof source.repoURL !== 'string')
        return undefined;
    if (typeof source.path !== 'string' && typeof source.ref !== 'string')
        return undefined;
    // An OCI source (Argo CD 3.1) is a registry's artifact, fetched like a chart: no repository.
    if ((0,_values_manifest_argo_js__WEBPACK_IMPORTED_MODULE_4__/* .isOci */ .oO)(source))
        return undefined;
    return (0,_values_site_js__WEBPACK_IMPORTED_MODULE_5__/* .ofThisRepository */ .Iv)(source.repoURL, repository) ? undefined : (0,_values_manifest_argo_js__WEBPACK_IMPORTED_MODULE_4__/* .shownRepo */ .cs)(source);
}
/** An Application's sources, each alone or in spec.sources. */
const sourceList = (spec) => Array.isArray(spec.sources)
    ? spec.sources.filter(_values_site_js__WEBPACK_IMPORTED_MODULE_5__/* .isObject */ .Gv)
    : (0,_values_site_js__WEBPACK_IMPORTED_MODULE_5__/* .isObject */ .Gv)(spec.source)
        ? [spec.source]
        : [];
/** The folders of an Application's path sources, with the repoURL of another repository's. */
function sourceFolders(entry, repository) {
    return sourceList(entry.spec)
        .filter((s) => typeof s.path === 'string' && typeof s.chart !== 'string' && !(0,_values_manifest_argo_js__WEBPACK_IMPORTED_MODULE_4__/* .isOci */ .oO)(s))
        .map((s) => {
        const away = elsewhere(s, repository);
        return {
            path: (0,_shared_repo_path_js__WEBPACK_IMPORTED_MODULE_11__/* .join */ .f)('', String(s.path).replace(/^\/+/, '')),
            ...(away ? { elsewhere: away } : {}),
        };
    });
}
/**
 * The chart sources of an Application with the files of this checkout their valueFiles name,
 * after the override files Argo CD merges over each source before it renders.
 */
function sourcesOf(checkout, entry, repository) {
    const sources = sourceList(entry.spec);
    const out = [];
    for (const source of sources) {
        const written = (0,_values_site_js__WEBPACK_IMPORTED_MODULE_5__/* .isObject */ .Gv)(source.helm) ? source.helm : undefined;
        const away = elsewhere(source, repository);
        // The override files beside another repository's path are that repository's.
        const overrides = away ? [] : (0,_values_argo_source_file_js__WEBPACK_IMPORTED_MODULE_3__/* .sourceFiles */ .l)(source, entry, checkout.root);
        const { helm, setBy } = (0,_controllers_argo_cd_js__WEBPACK_IMPORTED_MODULE_2__/* .helmAfterOverrides */ .Gr)(written, overrides, (file) => (0,_files_js__WEBPACK_IMPORTED_MODULE_8__/* .checkoutPath */ .o8)(checkout.root, file));
        if (!written && !helm)
            continue;
        // An OCI source's own valueFiles are files of its artifact, as a chart source's are.
        const base = typeof source.path === 'string' && !(0,_values_manifest_argo_js__WEBPACK_IMPORTED_MODULE_4__/* .isOci */ .oO)(source)
            ? (0,_shared_repo_path_js__WEBPACK_IMPORTED_MODULE_11__/* .join */ .f)('', source.path.replace(/^\/+/, ''))
            : undefined;
        const filesOf = (block) => (Array.isArray(block?.valueFiles) ? block.valueFiles : []).map(String).map((e) => {
            const ref = /^\$([^/]+)\/(.*)$/.exec(e);
            let path;
            let from = away;
            if (ref) {
                const named = sources.find((s) => s.ref === ref[1]);
                path = named ? (0,_shared_repo_path_js__WEBPACK_IMPORTED_MODULE_11__/* .join */ .f)('', ref[2]) : undefined;
                from = named && elsewhere(named, repository);
            }
            else if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(e) && base !== undefined)
                path = e.startsWith('/') ? (0,_shared_repo_path_js__WEBPACK_IMPORTED_MODULE_11__/* .join */ .f)('', e.slice(1)) : (0,_shared_repo_path_js__WEBPACK_IMPORTED_MODULE_11__/* .join */ .f)(base, e);
            const paths = path === undefined ? [] : matching(checkout, path);
            return { entry: e, paths, ...(from ? { elsewhere: from } : {}) };
        });
        const files = filesOf(helm);
        const read = new Set(files.flatMap((f) => f.paths));
        const dropped = filesOf(written)
            .flatMap((f) => (f.elsewhere ? [] : f.paths))
            .filter((p) => !read.has(p));
        const chart = base !== undefined && typeof source.chart !== 'string'
            ? (0,_values_site_js__WEBPACK_IMPORTED_MODULE_5__/* .chartInCheckout */ .s$)(base, checkout.root)
            : undefined;
        out.push({
            source,
            helm: helm ?? {},
            setBy,
            files,
            dropped,
            ...(chart && !away ? { chart } : {}),
            ...(away ? { elsewhere: away } : {}),
        });
    }
    return out;
}
/** The checkout files a valueFiles entry names: itself, or what its glob matches (Go's Glob). */
function matching(checkout, path) {
    if (!/[*?[]/.test(path))
        return [path];
    return checkout.files.filter((f) => (0,_glob_js__WEBPACK_IMPORTED_MODULE_10__/* .goPathMatch */ .V)(path, f));
}
async function proveApplication(ctx, entry, targets) {
    const { tools, checkout } = ctx;
    const key = tools.valuesKey.join('.');
    const app = `Application/${entry.name}`;
    for (const one of sourcesOf(checkout, entry, ctx.repository)) {
        for (const target of targets) {
            if (target.chosen)
                continue;
            const record = {
                target: (0,_types_js__WEBPACK_IMPORTED_MODULE_13__/* .targetName */ .je)(target),
                reader: `Application/${entry.namespace}/${entry.name}`,
                entry: (0,_discover_js__WEBPACK_IMPORTED_MODULE_7__/* .entryLabel */ .b4)(entry),
            };
            const own = `${app} (${entry.from})`;
            if (one.dropped.includes(target.file)) {
                const by = one.setBy.get('valueFiles') ?? one.setBy.get('helm') ?? '';
                ctx.refusals.push(`${by}, Argo CD's override file beside the chart of ${own}, ${one.setBy.has('valueFiles') ? 'replaces its helm.valueFiles' : 'removes its helm block'}, so Argo CD, which merges that file over the Application before it renders, does not pass ${target.display} to the chart. List ${target.display} in ${by} too, or remove that from it.`);
                ctx.records.push({ ...record, level: 'values', reason: `refused: ${by} wins` });
                continue;
            }
            const at = one.files.findIndex((f) => !f.elsewhere && f.paths.includes(target.file));
            if (at === -1)
                continue;
            // The source the file is read from (a `$ref` entry: that source) must take this commit.
            const ref = /^\$([^/]+)\//.exec(one.files[at].entry)?.[1];
            const from = (ref && sourceList(entry.spec).find((s) => s.ref === ref)) || one.source;
            const held = ctx.landing && (0,_applies_js__WEBPACK_IMPORTED_MODULE_6__/* .argoHeldBack */ ._s)(from, own, ctx.landing, entry.generatedBy);
            if (held) {
                ctx.records.push((0,_applies_js__WEBPACK_IMPORTED_MODULE_6__/* .markHeldBack */ .sr)({ ...record, level: 'skipped', reason: held }));
                continue;
            }
            // Any entry after the target read from another repository may set the link: unknown.
            const later = one.files.slice(at + 1).find((f) => f.elsewhere);
            if (later) {
                ctx.records.push({
                    ...record,
                    level: 'skipped',
                    reason: `a later valueFiles entry, ${later.entry}, is read from ${later.elsewhere}, another repository: out of reach of this checkout, so what it sets after ${target.display} is unknown`,
                });
                continue;
            }
            // One before it cannot win over the link, but the chart is not rendered without it.
            const unknown = one.files.slice(0, at).find((f) => f.elsewhere);
            const hits = (0,_controllers_argo_cd_js__WEBPACK_IMPORTED_MODULE_2__/* .parametersOn */ .mO)(one.helm, tools.valuesKey);
            if (hits) {
                const by = one.setBy.get(hits.list) ?? one.setBy.get('helm');
                ctx.refusals.push(`${by ? `${by}, Argo CD's override file beside the chart of ${own},` : own} sets helm.${hits.list} ${hits.names.join(', ')}, which Argo CD passes after every values file, over ${target.display}. Remove those parameters${by ? ` from ${by}` : ''}, or set values-key to what they do not touch.`);
                ctx.records.push({
                    ...record,
                    level: 'values',
                    reason: `refused: ${by ?? `helm.${hits.list}`} wins`,
                });
                continue;
            }
            const files = one.files.flatMap((f) => (f.elsewhere ? [] : f.paths).map((path) => {
                const text = checkout.read(path);
                return text === undefined
                    ? { file: node_path__WEBPACK_IMPORTED_MODULE_0__.posix.join(checkout.root, path) }
                    : { name: `${path} (helm.valueFiles of ${app})`, yaml: text };
            }));
            // Values an override file sets are named after it: that is where to remove them.
            const valuesBy = one.setBy.get('valuesObject') ?? one.setBy.get('values');
            const layers = (0,_controllers_argo_cd_js__WEBPACK_IMPORTED_MODULE_2__/* .argoLayers */ .uV)(one.helm, files, valuesBy ? `${own} as ${valuesBy} sets it` : own);
            const over = await (0,_helm_values_layers_js__WEBPACK_IMPORTED_MODULE_1__/* .overridingLayer */ .b)(layers, key, tools.placeholder.link);
            if ((0,_types_js__WEBPACK_IMPORTED_MODULE_13__/* .laterWins */ .sg)(over, tools)) {
                const fix = !over.by.startsWith('helm.')
                    ? `Remove it there, or point values-file at ${over.by.split(' ')[0]} so that the link is written there.`
                    : valuesBy
                        ? `Remove it from ${valuesBy}.`
                        : `Remove it there, or point values-file at ${entry.from} so that the link is written there.`;
                ctx.refusals.push(`${over.by} sets ${over.key} after ${target.display}, where Argo CD reads the values of ${own}, so the chart would get that value instead. ${fix}`);
                ctx.records.push({ ...record, level: 'values', reason: `refused: ${over.by} wins` });
                continue;
            }
            const chart = sourceChart(one, entry, checkout.root);
            if (unknown || chart.kind === 'out-of-reach' || !tools.helm) {
                ctx.records.push({
                    ...record,
                    level: 'values',
                    reason: unknown
                        ? `its valueFiles entry ${unknown.entry} is read from ${unknown.elsewhere}, another repository, so the chart was not rendered`
                        : chart.kind === 'out-of-reach'
                            ? chart.reason
                            : 'helm is not on PATH',
                });
                continue;
            }
            const outcome = await (0,_render_js__WEBPACK_IMPORTED_MODULE_14__/* .renderForProof */ .g6)(tools, {
                renderer: 'argo',
                at: (0,_render_js__WEBPACK_IMPORTED_MODULE_14__/* .placedAt */ .Bc)(ctx.checkout.root, (0,_discover_js__WEBPACK_IMPORTED_MODULE_7__/* .entryFile */ .$B)(entry)),
                label: `${record.target} through ${record.entry}`,
                valuesKey: key,
                chart,
                values: () => layers,
            });
            if (outcome.kind === 'found')
                ctx.records.push((0,_render_js__WEBPACK_IMPORTED_MODULE_14__/* .renderedRecord */ .r7)(record, outcome));
            else if (outcome.kind === 'skipped')
                ctx.records.push({ ...record, level: 'values', reason: outcome.reason });
            else {
                ctx.refusals.push(outcome.kind === 'overridden'
                    ? `${own} renders its chart with ${target.display} among its valueFiles, and ${outcome.by} sets ${outcome.key} after it. Remove it there, or write the link there (name it in values-file).`
                    : `${own} renders its chart with ${target.display} among its valueFiles, and none of the documents the vendor chart renders holds the link at values-key ${key}.${outcome.kind === 'missing' && outcome.readsAt ? ` The chart reads it at ${outcome.readsAt}: set values-key: ${outcome.readsAt}.` : ' Check values-key.'}`);
                ctx.records.push({
                    ...record,
                    level: 'values',
                    reason: 'refused: the rendered chart does not carry the link',
                });
            }
        }
    }
}
/**
 * The chart a source renders, as the render check resolves an Application's (flux-chart.ts
 * chartOf): a folder of this checkout, or its repoURL and chart (a Helm repository or an OCI
 * registry), pulled by the run's fetcher; rendered as Argo CD names the release (argoRelease).
 */
function sourceChart(one, entry, root) {
    const release = (0,_controllers_argo_cd_js__WEBPACK_IMPORTED_MODULE_2__/* .argoRelease */ .p4)(one.helm, { name: entry.name, destination: destination(entry) });
    if (one.elsewhere)
        return {
            kind: 'out-of-reach',
            reason: `its chart is in ${one.elsewhere}, another repository, so it was not rendered`,
        };
    if (one.chart)
        return (0,_flux_chart_js__WEBPACK_IMPORTED_MODULE_9__/* .chartOf */ .IS)({ kind: 'path', path: one.chart }, root, release);
    if (typeof one.source.chart === 'string' || (0,_values_manifest_argo_js__WEBPACK_IMPORTED_MODULE_4__/* .isOci */ .oO)(one.source))
        return (0,_flux_chart_js__WEBPACK_IMPORTED_MODULE_9__/* .chartOf */ .IS)((0,_values_manifest_argo_js__WEBPACK_IMPORTED_MODULE_4__/* .argoChartHint */ .Z8)(one.source, entry.name, root), root, release);
    return {
        kind: 'out-of-reach',
        reason: `the chart of Application/${entry.name} is neither a folder of this checkout nor a chart of a repository, so it was not rendered`,
    };
}
function destination(entry) {
    const d = (0,_values_site_js__WEBPACK_IMPORTED_MODULE_5__/* .isObject */ .Gv)(entry.spec.destination) ? entry.spec.destination : {};
    return typeof d.namespace === 'string' && d.namespace ? d.namespace : 'default';
}
/** The checkout files an Application reads: its valueFiles and its source folders. */
function argoFiles(checkout, entry, repository) {
    return [
        ...sourcesOf(checkout, entry, repository).flatMap((s) => [
            ...s.files.flatMap((f) => (f.elsewhere ? [] : f.paths)),
            ...s.dropped,
        ]),
        ...sourceFolders(entry, repository)
            .filter((f) => !f.elsewhere)
            .flatMap((f) => [...(0,_tree_js__WEBPACK_IMPORTED_MODULE_12__/* .treeOf */ .g)(checkout, f.path)]),
    ];
}
/**
 * The targets an Application would read were its source this repository, when it is another
 * (a path source, or the `$ref` source of valueFiles): skipped records, saying so with the fix,
 * and the files among them, which this checkout's same-named files cannot prove.
 */
function elsewhereRecords(checkout, entry, repository, targets) {
    const away = new Map();
    const add = (paths, url) => {
        for (const p of paths)
            if (!away.has(p))
                away.set(p, url);
    };
    for (const s of sourcesOf(checkout, entry, repository))
        for (const f of s.files)
            if (f.elsewhere)
                add(f.paths, f.elsewhere);
    for (const f of sourceFolders(entry, repository))
        if (f.elsewhere)
            add((0,_tree_js__WEBPACK_IMPORTED_MODULE_12__/* .treeOf */ .g)(checkout, f.path), f.elsewhere);
    const records = [];
    const read = new Map();
    for (const target of targets) {
        const url = away.get(target.file);
        if (url === undefined)
            continue;
        const reason = `${(0,_discover_js__WEBPACK_IMPORTED_MODULE_7__/* .entryLabel */ .b4)(entry)} (${entry.from}) names it, but its source is ${url}, another repository: out of reach of this checkout, whose file of that name proves nothing. To prove the link, name the folder the cluster applies in cluster-path, or run the action in that repository`;
        records.push({ target: target.display, entry: (0,_discover_js__WEBPACK_IMPORTED_MODULE_7__/* .entryLabel */ .b4)(entry), level: 'skipped', reason });
        read.set(target.file, reason);
    }
    return { records, read };
}


/***/ }),

/***/ 1842:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Bc: () => (/* binding */ placedAt),
/* harmony export */   M6: () => (/* binding */ unrenderedRecord),
/* harmony export */   g6: () => (/* binding */ renderForProof),
/* harmony export */   r7: () => (/* binding */ renderedRecord)
/* harmony export */ });
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _helm_render_check_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4140);
/**
 * One chart rendered for the proof: the render check's own step (helm/render-check.ts) with the
 * run's tools, so the proof and the render check judge a chart alike. No helm-args: they belong
 * to the run's own `helm upgrade`, not to what a controller renders.
 */


/** A checkout file as a render target's `at` (absolute): what places the release in a cluster. */
const placedAt = (root, file) => node_path__WEBPACK_IMPORTED_MODULE_0__.posix.join(root, file);
function renderForProof(tools, target) {
    return (0,_helm_render_check_js__WEBPACK_IMPORTED_MODULE_1__/* .checkTarget */ .e$)(target, {
        helm: tools.helm,
        helmArgs: [],
        signal: tools.signal,
        redact: tools.redact,
        placeholder: tools.placeholder,
        charts: tools.charts,
        ...(tools.helms ? { helms: tools.helms } : {}),
    });
}
/**
 * A record at the rendered level, with the helm majors that rendered it and those the controller
 * may use that did not (helm/render-majors.ts).
 */
function renderedRecord(record, outcome) {
    const majors = outcome.helm;
    return {
        ...record,
        level: 'rendered',
        ...(majors ? { helm: majors.rendered } : {}),
        ...(majors && majors.unrendered.length > 0 ? { helmUnrendered: majors.unrendered } : {}),
        ...(majors?.pinnedBy ? { helmPinnedBy: majors.pinnedBy } : {}),
    };
}
/**
 * A reader the proof could not render: at the values level, or `skipped` when it has
 * postRenderers, which were not applied either, so what they do to the link is unknown.
 */
function unrenderedRecord(record, postRenderers, why) {
    return postRenderers
        ? {
            ...record,
            level: 'skipped',
            reason: `${why}, so its spec.postRenderers were not applied: what they do to the link is unknown`,
        }
        : { ...record, level: 'values', reason: why };
}


/***/ })

};
