export const id = 588;
export const ids = [588];
export const modules = {

/***/ 588:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  proveThroughCluster: () => (/* binding */ proveThroughCluster)
});

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: ./src/helm/render-check.ts + 1 modules
var render_check = __webpack_require__(4140);
// EXTERNAL MODULE: ./src/shared/errors.ts
var errors = __webpack_require__(8382);
// EXTERNAL MODULE: ./src/shared/which.ts
var which = __webpack_require__(1368);
// EXTERNAL MODULE: ./src/github/event-payload.ts
var event_payload = __webpack_require__(5872);
// EXTERNAL MODULE: ./src/gitops/files.ts
var gitops_files = __webpack_require__(9271);
// EXTERNAL MODULE: ./node_modules/yaml/dist/index.js
var dist = __webpack_require__(8815);
// EXTERNAL MODULE: ./src/controllers/argo-cd.ts
var argo_cd = __webpack_require__(598);
// EXTERNAL MODULE: ./src/controllers/source-controller.ts
var source_controller = __webpack_require__(7453);
// EXTERNAL MODULE: ./src/values/site.ts
var values_site = __webpack_require__(6167);
// EXTERNAL MODULE: ./src/gitops/discover.ts + 1 modules
var discover = __webpack_require__(76);
;// CONCATENATED MODULE: ./src/gitops/applies.ts
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
    const repo = (0,values_site/* isObject */.Gv)(event) && (0,values_site/* isObject */.Gv)(event.repository) ? event.repository : {};
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
/** The GitRepositories among `objects` by `namespace/name` (and name alone without a namespace). */
function gitSources(objects, from, into = new Map()) {
    for (const data of objects) {
        if (!(0,values_site/* isObject */.Gv)(data) || data.kind !== 'GitRepository' || !(0,values_site/* isObject */.Gv)(data.spec))
            continue;
        if (!String(data.apiVersion).startsWith('source.toolkit.fluxcd.io/'))
            continue;
        const meta = (0,values_site/* isObject */.Gv)(data.metadata) ? data.metadata : {};
        if (typeof meta.name !== 'string')
            continue;
        const key = typeof meta.namespace === 'string' ? `${meta.namespace}/${meta.name}` : meta.name;
        into.set(key, { spec: data.spec, from });
    }
    return into;
}
/** The GitRepositories of the checkout's YAML files (only files that name one are parsed). */
function checkoutGitSources(checkout) {
    const found = new Map();
    for (const file of checkout.files) {
        if (!(0,gitops_files/* isYamlFile */.wl)(file))
            continue;
        const text = checkout.read(file);
        if (!text?.includes('GitRepository') || !text.includes('source.toolkit.fluxcd.io/'))
            continue;
        const docs = (0,dist/* parseAllDocuments */.hR)(text).filter((d) => d.errors.length === 0);
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
function fluxHeldBack(entry, git, landing) {
    if (entry.kind !== 'flux')
        return undefined;
    const label = `${(0,discover/* entryLabel */.b4)(entry)} (${entry.from})`;
    if (entry.spec.suspend === true)
        return `${label} has spec.suspend: true, so kustomize-controller applies no new commit through it. Resume it (flux resume kustomization ${entry.name} -n ${entry.namespace}, and remove spec.suspend from ${entry.from}), or point values-file at a file a Kustomization that is not suspended applies`;
    const ref = (0,values_site/* isObject */.Gv)(entry.spec.sourceRef) ? entry.spec.sourceRef : {};
    if ((ref.kind ?? 'GitRepository') !== 'GitRepository' || typeof ref.name !== 'string')
        return undefined;
    const namespace = typeof ref.namespace === 'string' ? ref.namespace : entry.namespace;
    const source = git.get(`${namespace}/${ref.name}`) ?? git.get(ref.name);
    if (!source)
        return undefined;
    const why = otherRef((0,source_controller/* gitRepositoryRef */.uk)(source.spec), landing);
    if (!why)
        return undefined;
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
function chartSourceHeldBack(release, label, git, landing) {
    const ref = (0,source_controller/* releaseChartSpec */.rL)(release).sourceRef;
    if (!(0,values_site/* isObject */.Gv)(ref) || ref.kind !== 'GitRepository' || typeof ref.name !== 'string')
        return undefined;
    const meta = (0,values_site/* isObject */.Gv)(release.metadata) ? release.metadata : {};
    const namespace = typeof ref.namespace === 'string'
        ? ref.namespace
        : typeof meta.namespace === 'string'
            ? meta.namespace
            : undefined;
    const source = (namespace && git.get(`${namespace}/${ref.name}`)) || git.get(ref.name);
    if (!source)
        return undefined;
    const why = otherRef((0,source_controller/* gitRepositoryRef */.uk)(source.spec), landing);
    if (!why)
        return undefined;
    const name = `GitRepository/${namespace ? `${namespace}/` : ''}${ref.name}`;
    return `${label} takes its chart from ${name} (${source.from}), which ${why}: source-controller packages the chart, its values files included, from that ref, not from this commit. ${refFix(landing, `the spec.ref of ${name} in ${source.from}`)}`;
}
/**
 * Why a revision Argo CD reads (`targetRevision` of a source, `revision` of an ApplicationSet's
 * git generator) does not take this commit, or undefined when it does or the run cannot tell.
 * Both are resolved alike by the repo server: none or `HEAD` is the remote's default branch.
 */
function otherRevision(value, name, landing) {
    const { written, revision, commit, branch } = (0,argo_cd/* argoRevision */.v7)(value, landing.defaultBranch);
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
        return `${application} is generated by ${generatedBy.label}, whose git generator reads ${String(git.repoURL)}, which ${generator}: the ApplicationSet controller does not generate it from this commit. ${refFix(landing, `the git generator's revision of ${generatedBy.label}`)}`;
    const why = otherRevision(source.targetRevision, 'targetRevision', landing);
    if (!why)
        return undefined;
    return `${application} reads ${String(source.repoURL)}, which ${why}: Argo CD does not apply this commit through it. ${refFix(landing, 'its targetRevision')}`;
}
/** The note for an Application that Argo CD syncs only by hand, or undefined. */
function argoSyncNote(application, label) {
    const why = (0,argo_cd/* argoManualSync */.jj)({ spec: application });
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

// EXTERNAL MODULE: ./src/gitops/build.ts
var gitops_build = __webpack_require__(3396);
// EXTERNAL MODULE: ./src/gitops/checkout.ts
var gitops_checkout = __webpack_require__(8874);
// EXTERNAL MODULE: ./src/shared/go-yaml.ts
var go_yaml = __webpack_require__(5331);
// EXTERNAL MODULE: ./src/shared/text.ts
var shared_text = __webpack_require__(4646);
;// CONCATENATED MODULE: ./src/gitops/glob.ts
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
            out += (0,shared_text/* escapeRegExp */.Nt)(pattern[++i]);
        }
        else if (c === '[') {
            const end = classEnd(pattern, i, git);
            if (end === undefined)
                return undefined;
            out += classOf(pattern.slice(i + 1, end), git);
            i = end;
        }
        else
            out += (0,shared_text/* escapeRegExp */.Nt)(c);
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
            members += (0,shared_text/* escapeRegExp */.Nt)(body[++i]);
        else if (c === '-' && members !== '' && i + 1 < body.length)
            members += '-';
        else
            members += (0,shared_text/* escapeRegExp */.Nt)(c);
    }
    return `[${negated ? '^' : ''}${members}]`;
}

// EXTERNAL MODULE: ./src/shared/repo-path.ts
var repo_path = __webpack_require__(2685);
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
        if (!(0,gitops_files/* isYamlFile */.wl)(file))
            continue;
        const text = checkout.read(file);
        if (!text || !/^["']?kind["']?[ \t]*:[ \t]*["']?ApplicationSet\b/m.test(text))
            continue;
        for (const data of (0,go_yaml/* manifestsOf */.oF)(text, (h) => h.kind === 'ApplicationSet')) {
            if (!(0,values_site/* isObject */.Gv)(data.spec) || typeof data.apiVersion !== 'string')
                continue;
            if (!data.apiVersion.startsWith('argoproj.io/'))
                continue;
            const meta = (0,values_site/* isObject */.Gv)(data.metadata) ? data.metadata : {};
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
    const meta = (0,values_site/* isObject */.Gv)(data.metadata) ? data.metadata : {};
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
    const generators = Array.isArray(spec.generators) ? spec.generators.filter(values_site/* isObject */.Gv) : [];
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
        if (kind === 'list' && (0,values_site/* isObject */.Gv)(generator.list)) {
            sets = listParams(generator.list, go);
            own = generator.list.template;
        }
        else if (kind === 'git' && (0,values_site/* isObject */.Gv)(generator.git)) {
            git = generator.git;
            if (typeof git.repoURL !== 'string' || !(0,values_site/* ofThisRepository */.Iv)(git.repoURL, repository))
                throw new Unexpandable(`its git generator reads ${String(git.repoURL)}, not this repository`);
            sets = gitParams(checkout, git, go, options);
            own = git.template;
        }
        else if ((kind === 'matrix' || kind === 'merge') && (0,values_site/* isObject */.Gv)(generator[kind])) {
            // Named with what it combines: a clusters generator in it is the usual reason.
            const inner = Array.isArray(generator[kind].generators) ? generator[kind].generators : [];
            const kinds = inner.filter(values_site/* isObject */.Gv).map((g) => Object.keys(g).find((k) => k !== 'selector'));
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
            if (!(0,values_site/* isObject */.Gv)(app) || !(0,values_site/* isObject */.Gv)(app.spec))
                continue;
            const meta = (0,values_site/* isObject */.Gv)(app.metadata) ? app.metadata : {};
            const rolling = (0,argo_cd/* rollingSyncOf */.G2)(appSet, appSetLabel(appSet), app);
            apps.push({
                kind: 'argo',
                name: typeof meta.name === 'string' ? meta.name : '',
                namespace: typeof meta.namespace === 'string' ? meta.namespace : namespace,
                from: file,
                spec: app.spec,
                // Its children are generated from the commit the git generator reads (applies.ts), and
                // synced as its strategy says (controllers/argo-cd.ts).
                ...(git || rolling
                    ? {
                        generatedBy: {
                            label: appSetLabel(appSet),
                            ...(git ? { git } : {}),
                            ...(rolling ? { rollingSync: rolling } : {}),
                        },
                    }
                    : {}),
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
        return [...elements.map((e) => listElement(e, go)), ...parsed.filter(values_site/* isObject */.Gv)];
    }
    return elements.map((e) => listElement(e, go));
}
function listElement(element, go) {
    if (!(0,values_site/* isObject */.Gv)(element))
        throw new Unexpandable('a list generator element is not a mapping');
    if (go)
        return element;
    const params = {};
    for (const [key, value] of Object.entries(element)) {
        if (key === 'values' && (0,values_site/* isObject */.Gv)(value)) {
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
    .filter(values_site/* isObject */.Gv)
    .filter((i) => typeof i.path === 'string')
    .map((i) => ({ path: String(i.path), exclude: i.exclude === true }));
function gitParams(checkout, git, go, options) {
    const prefix = typeof git.pathParamPrefix === 'string' ? git.pathParamPrefix : '';
    const values = (0,values_site/* isObject */.Gv)(git.values) ? git.values : {};
    const directories = items(git.directories);
    const sets = [];
    if (directories.length > 0) {
        for (const dir of visibleFolders(checkout)) {
            let include = false;
            let exclude = false;
            for (const d of directories)
                if (goPathMatch(d.path, dir)) {
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
                if (gitPathspecMatch(f.path, path))
                    included.add(path);
        for (const f of files.filter((i) => i.exclude))
            for (const path of [...included])
                if (gitPathspecMatch(f.path, path))
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
    if ((0,values_site/* isObject */.Gv)(data))
        return [data];
    if (Array.isArray(data) && data.every(values_site/* isObject */.Gv))
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
        : (0,values_site/* isObject */.Gv)(node)
            ? Object.entries(node)
            : [];
    for (const [key, value] of entries) {
        const name = prefix ? `${prefix}.${key}` : key;
        if ((0,values_site/* isObject */.Gv)(value) || Array.isArray(value))
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
    if (!(0,values_site/* isObject */.Gv)(over))
        return base;
    if (!(0,values_site/* isObject */.Gv)(base))
        return over;
    const out = { ...base };
    for (const [k, v] of Object.entries(over)) {
        if (v === undefined || v === null || v === '' || ((0,values_site/* isObject */.Gv)(v) && Object.keys(v).length === 0))
            continue;
        out[k] = (0,values_site/* isObject */.Gv)(v) && (0,values_site/* isObject */.Gv)(base[k]) ? merged(base[k], v) : v;
    }
    return out;
}

;// CONCATENATED MODULE: ./src/gitops/appset.ts
/**
 * What the ApplicationSets of the checkout read of this repository. Their Applications are
 * generated by Argo CD's ApplicationSet controller from the generators' parameters, so they cannot
 * be built here: a file one of them reads is out of reach, and said to be, never orphaned and
 * never proven by a guess. Read are: the folders a git generator's `directories` select (Go's
 * path.Match against every folder of the repository but hidden ones, an `exclude: true` entry
 * winning over any include, as applicationset/generators/git.go filterApps does) and what is
 * under them; the files its `files` globs select (`git ls-files -- <glob>`, what the repo server
 * runs; `exclude: true` entries removed), and the folders of those files (a template reads them as
 * `path.path`); and a template's literal source path. Git generators nested in `matrix` and
 * `merge` count too. Only a generator or source whose repoURL is this repository counts
 * (values/site.ts ofThisRepository), as for Applications' path sources (prove-argo.ts).
 */







/** The ApplicationSets of the checkout, each way it reads this repository. */
function appSetReaders(checkout, repository) {
    const ours = (url) => typeof url === 'string' && (0,values_site/* ofThisRepository */.Iv)(url, repository);
    const readers = [];
    // One whose Applications were generated here reads through them (they are entry points).
    const expansion = expandAppSets(checkout, repository);
    for (const file of checkout.files) {
        if (!(0,gitops_files/* isYamlFile */.wl)(file))
            continue;
        const text = checkout.read(file);
        // What a document is comes from its parsed apiVersion and kind; the line test only spares
        // the parse of a file that cannot hold one (each file is parsed once: shared/documents.ts).
        if (!text || !/^["']?kind["']?[ \t]*:[ \t]*["']?ApplicationSet\b/m.test(text))
            continue;
        for (const data of (0,go_yaml/* manifestsOf */.oF)(text, (head) => head.kind === 'ApplicationSet')) {
            if (!(0,values_site/* isObject */.Gv)(data) || data.kind !== 'ApplicationSet' || !(0,values_site/* isObject */.Gv)(data.spec))
                continue;
            if (typeof data.apiVersion !== 'string' || !data.apiVersion.startsWith('argoproj.io/'))
                continue;
            const meta = (0,values_site/* isObject */.Gv)(data.metadata) ? data.metadata : {};
            const label = `ApplicationSet/${typeof meta.namespace === 'string' ? meta.namespace : 'argocd'}/${String(meta.name)}`;
            if (expansion.expanded.has(`${file}#${label}`))
                continue;
            const why = expansion.reasons.get(`${file}#${label}`);
            const add = (what, reads) => readers.push({ label, from: file, what, reads, ...(why ? { why } : {}) });
            for (const git of gitGenerators(data.spec.generators))
                if (ours(git.repoURL))
                    gitReader(checkout, git, add);
            for (const template of [
                data.spec.template,
                ...gitGenerators(data.spec.generators).map((g) => g.template),
            ])
                for (const path of templatePaths(template, ours))
                    add(`its template's source path ${path}`, path.includes('{{')
                        ? // What the generator fills in is not known here: any text stands for it (glob.ts).
                            (f) => foldersOf(f).find((dir) => goPathMatch(path, dir))
                        : (f) => under(f, path));
        }
    }
    return readers;
}
/** The git generators of a generators list, those nested in matrix and merge included. */
function gitGenerators(list) {
    if (!Array.isArray(list))
        return [];
    return list
        .filter(values_site/* isObject */.Gv)
        .flatMap((g) => [
        ...((0,values_site/* isObject */.Gv)(g.git) ? [g.git] : []),
        ...['matrix', 'merge'].flatMap((k) => ((0,values_site/* isObject */.Gv)(g[k]) ? gitGenerators(g[k].generators) : [])),
    ]);
}
function gitReader(checkout, git, add) {
    const directories = appset_items(git.directories);
    if (directories.length > 0) {
        add(`its git generator's directories ${shown(directories)}`, (file) => foldersOf(file).find((dir) => selected(directories, (p) => goPathMatch(p, dir))));
        return;
    }
    const files = appset_items(git.files);
    if (files.length === 0)
        return;
    let matched;
    const select = () => (matched ??= new Set(checkout.files.filter((f) => selected(files, (p) => gitPathspecMatch(p, f)))));
    add(`its git generator's files ${shown(files)}`, (file) => {
        if (select().has(file))
            return file;
        return [...select()]
            .map((f) => external_node_path_.posix.dirname(f))
            .find((dir) => dir !== '.' && under(file, dir) !== undefined);
    });
}
/** Included by one item and excluded by none (an exclude wins, whatever the order). */
function selected(list, match) {
    let included = false;
    for (const item of list) {
        if (!match(item.path))
            continue;
        if (item.exclude)
            return false;
        included = true;
    }
    return included;
}
function appset_items(list) {
    if (!Array.isArray(list))
        return [];
    return list
        .filter(values_site/* isObject */.Gv)
        .filter((i) => typeof i.path === 'string')
        .map((i) => ({ path: String(i.path), exclude: i.exclude === true }));
}
const shown = (list) => list.map((i) => (i.exclude ? `${i.path} (exclude)` : i.path)).join(', ');
/**
 * The folders of the repository a file is in, nearest first, as the repo server lists them:
 * not the top, and none below a folder whose name starts with a dot (it skips those).
 */
function foldersOf(file) {
    const parts = file.split('/').slice(0, -1);
    const hidden = parts.findIndex((p) => p.startsWith('.'));
    const visible = hidden === -1 ? parts : parts.slice(0, hidden);
    return visible.map((_, i) => visible.slice(0, i + 1).join('/')).reverse();
}
/** The template's source paths of this repository (a template expression stands for any text). */
function templatePaths(template, ours) {
    const spec = (0,values_site/* isObject */.Gv)(template) && (0,values_site/* isObject */.Gv)(template.spec) ? template.spec : {};
    const sources = Array.isArray(spec.sources)
        ? [spec.source, ...spec.sources]
        : [spec.source];
    return (sources
        .filter(values_site/* isObject */.Gv)
        // A path that starts with a template expression could be any folder: a git generator's own
        // reader says which (gitReader); one with a written start reads under it.
        .filter((s) => typeof s.path === 'string' && !s.path.replace(/^[./]+/, '').startsWith('{{'))
        .filter((s) => ours(s.repoURL) || isTemplated(s.repoURL))
        .map((s) => (0,repo_path/* join */.f)('', String(s.path).replace(/^\/+/, ''))));
}
const isTemplated = (url) => typeof url === 'string' && url.includes('{{');
/** `dir` when `file` is in it (at any depth); '' is the top. */
function under(file, dir) {
    return dir === '' || file.startsWith(`${dir}/`) ? dir || '.' : undefined;
}
/**
 * The proof's records of the targets the ApplicationSets read (skipped, saying which reads it
 * and what to do), and the files among them.
 */
function appSetRecords(readers, targets) {
    const records = [];
    const read = new Map();
    for (const target of targets)
        for (const reader of readers) {
            const through = reader.reads(target.file);
            if (through === undefined)
                continue;
            if (records.some((r) => r.target === target.display && r.entry === reader.label))
                continue;
            const reason = `${reader.label} (${reader.from}) reads it: ${reader.what} selects ${through}, and the ApplicationSet controller generates those Applications from it, which cannot be built here${reader.why ? ` (${reader.why})` : ''}. To prove the link, name the folder the generated Application applies in cluster-path, or deploy it with a plain Application`;
            records.push({ target: target.display, entry: reader.label, level: 'skipped', reason });
            if (!read.has(target.file))
                read.set(target.file, reason);
        }
    return { records, read };
}

;// CONCATENATED MODULE: ./src/gitops/flux/instance.ts
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
const instance_cache = new WeakMap();
function operatorObjects(checkout) {
    const known = instance_cache.get(checkout);
    if (known)
        return known;
    const out = { entries: [], sources: [], resourceSets: [] };
    for (const file of checkout.files) {
        if (!(0,gitops_files/* isYamlFile */.wl)(file))
            continue;
        const text = checkout.read(file);
        if (!text || !LINE.test(text))
            continue;
        const wanted = (h) => !!h.apiVersion?.startsWith(GROUP) && (h.kind === 'FluxInstance' || h.kind === 'ResourceSet');
        for (const data of (0,go_yaml/* manifestsOf */.oF)(text, wanted)) {
            const meta = (0,values_site/* isObject */.Gv)(data.metadata) ? data.metadata : {};
            const namespace = typeof meta.namespace === 'string' ? meta.namespace : 'flux-system';
            if (data.kind === 'ResourceSet') {
                out.resourceSets.push({
                    label: `ResourceSet/${namespace}/${String(meta.name)}`,
                    from: file,
                    folders: templateFolders(data.spec),
                });
                continue;
            }
            const sync = (0,values_site/* isObject */.Gv)(data.spec) && (0,values_site/* isObject */.Gv)(data.spec.sync) ? data.spec.sync : undefined;
            if (!sync || typeof sync.kind !== 'string')
                continue;
            const { source, kustomization } = syncObjects(sync, namespace);
            const entry = (0,discover/* entryOf */.Ms)(kustomization, file);
            if (entry?.kind === 'flux')
                out.entries.push(entry);
            out.sources.push({ object: source, from: file });
        }
    }
    instance_cache.set(checkout, out);
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
    if (!(0,values_site/* isObject */.Gv)(spec))
        return [];
    const text = [
        typeof spec.resourcesTemplate === 'string' ? spec.resourcesTemplate : '',
        spec.resources === undefined ? '' : (0,dist/* stringify */.As)(spec.resources),
    ].join('\n');
    const folders = new Set();
    for (const m of text.matchAll(/(?:path|chart|valuesFile)s?:\s*["']?([^\s"'#]+)/g)) {
        const raw = m[1];
        const before = raw.split('<<')[0].replace(/^(\.\/)+/, '');
        // Before an expression, the folder is what ends at the last `/` written.
        const folder = raw.includes('<<') ? before.replace(/[^/]*$/, '') : before;
        const clean = external_node_path_.posix.normalize(folder || '.').replace(/\/+$/, '');
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

// EXTERNAL MODULE: ./src/helm/values-layers.ts
var values_layers = __webpack_require__(3655);
// EXTERNAL MODULE: ./src/values/argo-source-file.ts
var argo_source_file = __webpack_require__(9098);
// EXTERNAL MODULE: ./src/values/manifest-argo.ts
var manifest_argo = __webpack_require__(8107);
// EXTERNAL MODULE: ./src/gitops/flux-chart.ts
var flux_chart = __webpack_require__(8184);
// EXTERNAL MODULE: ./src/gitops/tree.ts
var gitops_tree = __webpack_require__(4946);
// EXTERNAL MODULE: ./src/gitops/types.ts
var types = __webpack_require__(5621);
;// CONCATENATED MODULE: ./src/gitops/render.ts
/**
 * One chart rendered for the proof: the render check's own step (helm/render-check.ts) with the
 * run's tools, so the proof and the render check judge a chart alike. No helm-args: they belong
 * to the run's own `helm upgrade`, not to what a controller renders.
 */

function renderForProof(tools, target) {
    return (0,render_check/* checkTarget */.e$)(target, {
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

;// CONCATENATED MODULE: ./src/gitops/prove-argo.ts
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
    if ((0,manifest_argo/* isOci */.oO)(source))
        return undefined;
    return (0,values_site/* ofThisRepository */.Iv)(source.repoURL, repository) ? undefined : (0,manifest_argo/* shownRepo */.cs)(source);
}
/** An Application's sources, each alone or in spec.sources. */
const sourceList = (spec) => Array.isArray(spec.sources)
    ? spec.sources.filter(values_site/* isObject */.Gv)
    : (0,values_site/* isObject */.Gv)(spec.source)
        ? [spec.source]
        : [];
/** The folders of an Application's path sources, with the repoURL of another repository's. */
function sourceFolders(entry, repository) {
    return sourceList(entry.spec)
        .filter((s) => typeof s.path === 'string' && typeof s.chart !== 'string' && !(0,manifest_argo/* isOci */.oO)(s))
        .map((s) => {
        const away = elsewhere(s, repository);
        return {
            path: (0,repo_path/* join */.f)('', String(s.path).replace(/^\/+/, '')),
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
        const written = (0,values_site/* isObject */.Gv)(source.helm) ? source.helm : undefined;
        const away = elsewhere(source, repository);
        // The override files beside another repository's path are that repository's.
        const overrides = away ? [] : (0,argo_source_file/* sourceFiles */.l)(source, entry, checkout.root);
        const { helm, setBy } = (0,argo_cd/* helmAfterOverrides */.Gr)(written, overrides, (file) => (0,gitops_files/* checkoutPath */.o8)(checkout.root, file));
        if (!written && !helm)
            continue;
        // An OCI source's own valueFiles are files of its artifact, as a chart source's are.
        const base = typeof source.path === 'string' && !(0,manifest_argo/* isOci */.oO)(source)
            ? (0,repo_path/* join */.f)('', source.path.replace(/^\/+/, ''))
            : undefined;
        const filesOf = (block) => (Array.isArray(block?.valueFiles) ? block.valueFiles : []).map(String).map((e) => {
            const ref = /^\$([^/]+)\/(.*)$/.exec(e);
            let path;
            let from = away;
            if (ref) {
                const named = sources.find((s) => s.ref === ref[1]);
                path = named ? (0,repo_path/* join */.f)('', ref[2]) : undefined;
                from = named && elsewhere(named, repository);
            }
            else if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(e) && base !== undefined)
                path = e.startsWith('/') ? (0,repo_path/* join */.f)('', e.slice(1)) : (0,repo_path/* join */.f)(base, e);
            const paths = path === undefined ? [] : matching(checkout, path);
            return { entry: e, paths, ...(from ? { elsewhere: from } : {}) };
        });
        const files = filesOf(helm);
        const read = new Set(files.flatMap((f) => f.paths));
        const dropped = filesOf(written)
            .flatMap((f) => (f.elsewhere ? [] : f.paths))
            .filter((p) => !read.has(p));
        const chart = base !== undefined && typeof source.chart !== 'string'
            ? (0,values_site/* chartInCheckout */.s$)(base, checkout.root)
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
    return checkout.files.filter((f) => goPathMatch(path, f));
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
                target: (0,types/* targetName */.je)(target),
                reader: `Application/${entry.namespace}/${entry.name}`,
                entry: (0,discover/* entryLabel */.b4)(entry),
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
            const held = ctx.landing && argoHeldBack(from, own, ctx.landing, entry.generatedBy);
            if (held) {
                ctx.records.push(markHeldBack({ ...record, level: 'skipped', reason: held }));
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
            const hits = (0,argo_cd/* parametersOn */.mO)(one.helm, tools.valuesKey);
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
                    ? { file: external_node_path_.posix.join(checkout.root, path) }
                    : { name: `${path} (helm.valueFiles of ${app})`, yaml: text };
            }));
            // Values an override file sets are named after it: that is where to remove them.
            const valuesBy = one.setBy.get('valuesObject') ?? one.setBy.get('values');
            const layers = (0,argo_cd/* argoLayers */.uV)(one.helm, files, valuesBy ? `${own} as ${valuesBy} sets it` : own);
            const over = await (0,values_layers/* overridingLayer */.b)(layers, key, tools.placeholder.link);
            if ((0,types/* laterWins */.sg)(over, tools)) {
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
            const outcome = await renderForProof(tools, {
                renderer: 'argo',
                label: `${record.target} through ${record.entry}`,
                valuesKey: key,
                chart,
                values: () => layers,
            });
            if (outcome.kind === 'found')
                ctx.records.push(renderedRecord(record, outcome));
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
    const release = (0,argo_cd/* argoRelease */.p4)(one.helm, { name: entry.name, destination: destination(entry) });
    if (one.elsewhere)
        return {
            kind: 'out-of-reach',
            reason: `its chart is in ${one.elsewhere}, another repository, so it was not rendered`,
        };
    if (one.chart)
        return (0,flux_chart/* chartOf */.IS)({ kind: 'path', path: one.chart }, root, release);
    if (typeof one.source.chart === 'string' || (0,manifest_argo/* isOci */.oO)(one.source))
        return (0,flux_chart/* chartOf */.IS)((0,manifest_argo/* argoChartHint */.Z8)(one.source, entry.name, root), root, release);
    return {
        kind: 'out-of-reach',
        reason: `the chart of Application/${entry.name} is neither a folder of this checkout nor a chart of a repository, so it was not rendered`,
    };
}
function destination(entry) {
    const d = (0,values_site/* isObject */.Gv)(entry.spec.destination) ? entry.spec.destination : {};
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
            .flatMap((f) => [...(0,gitops_tree/* treeOf */.g)(checkout, f.path)]),
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
            add((0,gitops_tree/* treeOf */.g)(checkout, f.path), f.elsewhere);
    const records = [];
    const read = new Map();
    for (const target of targets) {
        const url = away.get(target.file);
        if (url === undefined)
            continue;
        const reason = `${(0,discover/* entryLabel */.b4)(entry)} (${entry.from}) names it, but its source is ${url}, another repository: out of reach of this checkout, whose file of that name proves nothing. To prove the link, name the folder the cluster applies in cluster-path, or run the action in that repository`;
        records.push({ target: target.display, entry: (0,discover/* entryLabel */.b4)(entry), level: 'skipped', reason });
        read.set(target.file, reason);
    }
    return { records, read };
}

// EXTERNAL MODULE: ./src/values/source-objects.ts
var source_objects = __webpack_require__(884);
// EXTERNAL MODULE: ./src/controllers/helm-controller.ts
var helm_controller = __webpack_require__(5290);
// EXTERNAL MODULE: ./src/controllers/kustomize-controller.ts
var kustomize_controller = __webpack_require__(9431);
// EXTERNAL MODULE: ./src/controllers/kustomize.ts
var kustomize = __webpack_require__(2446);
// EXTERNAL MODULE: ./src/shared/set-path.ts
var set_path = __webpack_require__(1369);
;// CONCATENATED MODULE: ./src/gitops/overlay.ts
/**
 * Which patch of a build changed what the edited file sets: a kustomize overlay's patches
 * (`patches`, `patchesStrategicMerge`, `patchesJson6902`, by file or inline) and `replacements`
 * (named by their source) in any kustomization or component of the entry's tree, and the Flux
 * Kustomization's own spec.patches. Named in the refusal, so
 * the user knows which file to change. Read from the patches alone: the build has shown that the
 * link lost; this only says where.
 */








/**
 * The patches of the tree that set or remove what lies at `path` (from the object's top, e.g.
 * spec.values.staticExport) on the object `kind`/`name`, outermost last.
 */
function patchesTouching(checkout, entry, tree, kind, name, path) {
    const patches = [];
    const own = entry.kind === 'argo' ? undefined : entry.path;
    const files = [...tree].filter((f) => kustomize/* KUSTOMIZATION_NAMES */.H7.includes(external_node_path_.posix.basename(f)));
    // The entry's own kustomization is the outermost overlay: its patches apply last.
    files.sort((a, b) => Number(external_node_path_.posix.dirname(a) === own) - Number(external_node_path_.posix.dirname(b) === own));
    for (const file of files)
        patches.push(...patchesOf(checkout, file));
    if (entry.kind === 'flux') {
        const where = `a patch in spec.patches of ${(0,discover/* entryLabel */.b4)(entry)} (${entry.from})`;
        for (const p of (0,kustomize_controller/* kustomizePatches */.Yi)(entry.spec))
            patches.push({
                where,
                text: String(p.patch),
                target: (0,values_site/* isObject */.Gv)(p.target) ? p.target : undefined,
            });
    }
    return patches
        .filter((p) => aimsAt(p.target, kind, name) &&
        (p.fieldPaths
            ? p.fieldPaths.some((f) => pointerTouches(`/${f.split('.').join('/')}`, path))
            : touches(p.text, kind, name, path)))
        .map((p) => p.where);
}
function patchesOf(checkout, file) {
    const dir = external_node_path_.posix.dirname(file) === '.' ? '' : external_node_path_.posix.dirname(file);
    let data;
    try {
        data = (0,dist/* parseAllDocuments */.hR)(checkout.read(file) ?? '')[0]?.toJS();
    }
    catch {
        return [];
    }
    if (!(0,values_site/* isObject */.Gv)(data))
        return [];
    const out = [];
    const fromFile = (path, target) => {
        const at = (0,repo_path/* join */.f)(dir, path);
        const text = checkout.read(at);
        if (text !== undefined)
            out.push({ where: `${at}, an overlay patch`, text, target });
    };
    const inline = (text, target) => out.push({ where: `an inline patch in ${file}`, text, target });
    for (const field of ['patches', 'patchesJson6902'])
        for (const p of Array.isArray(data[field]) ? data[field] : []) {
            if (!(0,values_site/* isObject */.Gv)(p))
                continue;
            const target = (0,values_site/* isObject */.Gv)(p.target) ? p.target : undefined;
            if (typeof p.path === 'string')
                fromFile(p.path, target);
            else if (typeof p.patch === 'string')
                inline(p.patch, target);
        }
    for (const p of Array.isArray(data.patchesStrategicMerge) ? data.patchesStrategicMerge : [])
        if (typeof p === 'string' && p.includes('\n'))
            inline(p);
        else if (typeof p === 'string')
            fromFile(p);
    out.push(...replacementsOf(checkout, file, dir, data));
    return out;
}
/**
 * A kustomization's `replacements` (inline, or a file of them by `path`), each target as a patch
 * of the fields it writes, named by the replacement's source: that is what pins the value.
 */
function replacementsOf(checkout, file, dir, data) {
    const out = [];
    const add = (replacement, where) => {
        if (!(0,values_site/* isObject */.Gv)(replacement))
            return;
        const source = (0,values_site/* isObject */.Gv)(replacement.source) ? replacement.source : {};
        const text = (v, or = '') => (typeof v === 'string' ? v : or);
        const from = `${text(source.kind)}/${text(source.name)} ${text(source.fieldPath, 'metadata.name')}`;
        for (const target of Array.isArray(replacement.targets) ? replacement.targets : []) {
            if (!(0,values_site/* isObject */.Gv)(target) || !Array.isArray(target.fieldPaths))
                continue;
            out.push({
                where: `a replacement in ${where} from ${from}`,
                text: '',
                target: (0,values_site/* isObject */.Gv)(target.select) ? target.select : undefined,
                fieldPaths: target.fieldPaths.filter((f) => typeof f === 'string'),
            });
        }
    };
    for (const entry of Array.isArray(data.replacements) ? data.replacements : []) {
        if ((0,values_site/* isObject */.Gv)(entry) && typeof entry.path === 'string') {
            const at = (0,repo_path/* join */.f)(dir, entry.path);
            for (const doc of (0,dist/* parseAllDocuments */.hR)(checkout.read(at) ?? '')) {
                const list = doc.errors.length === 0 ? doc.toJS() : undefined;
                for (const one of Array.isArray(list) ? list : [list])
                    add(one, `${at} (replacements of ${file})`);
            }
        }
        else
            add(entry, file);
    }
    return out;
}
/** A patch's target selector matches the object (kind exactly, name as a regular expression). */
function aimsAt(target, kind, name) {
    if (!target)
        return true;
    if (typeof target.kind === 'string' && target.kind !== kind)
        return false;
    if (typeof target.name === 'string') {
        try {
            return new RegExp(`^(?:${target.name})$`).test(name);
        }
        catch {
            return target.name === name;
        }
    }
    return true;
}
/** Whether a patch text (strategic merge documents, or JSON 6902 operations) touches `path`. */
function touches(text, kind, name, path) {
    for (const doc of (0,dist/* parseAllDocuments */.hR)(text)) {
        if (doc.errors.length > 0)
            continue;
        const data = doc.toJS();
        if (Array.isArray(data)) {
            if (data.some((op) => (0,values_site/* isObject */.Gv)(op) && op.op !== 'test' && pointerTouches(op.path, path)))
                return true;
            continue;
        }
        if (!(0,values_site/* isObject */.Gv)(data))
            continue;
        if (data.kind !== undefined && data.kind !== kind)
            continue;
        const meta = (0,values_site/* isObject */.Gv)(data.metadata) ? data.metadata : {};
        const own = typeof meta.name === 'string' ? meta.name : undefined;
        if (own !== undefined && own !== name && !name.includes(own))
            continue;
        if (mergeTouches(data, path))
            return true;
    }
    return false;
}
function pointerTouches(pointer, path) {
    if (typeof pointer !== 'string')
        return false;
    const parts = pointer
        .split('/')
        .slice(1)
        .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
    const n = Math.min(parts.length, path.length);
    if (parts.slice(0, n).some((p, i) => p !== path[i]))
        return false;
    // Above the block or the block itself; below it, one of the keys the run writes.
    return (parts.length <= path.length || set_path/* WRITTEN_KEYS */.l.includes(parts[path.length]));
}
function mergeTouches(data, path) {
    let node = data;
    for (const step of path) {
        if (!(0,values_site/* isObject */.Gv)(node))
            return true;
        if (node.$patch === 'replace' || node.$patch === 'delete')
            return true;
        if (!(step in node))
            return false;
        node = node[step];
        if (node === null)
            return true;
    }
    if (!(0,values_site/* isObject */.Gv)(node))
        return true;
    const block = node;
    return block.$patch !== undefined || set_path/* WRITTEN_KEYS */.l.some((k) => k in block);
}

// EXTERNAL MODULE: ./src/gitops/post-render.ts
var post_render = __webpack_require__(8029);
;// CONCATENATED MODULE: ./src/gitops/flux/values-from-missing.ts
/**
 * A HelmRelease that would fail in the cluster: a `valuesFrom` entry that is not `optional` and
 * names a ConfigMap or Secret no build produces under that name, while the same build produces it
 * under a name kustomize made from it. kustomize appends a hash of the content to a generated
 * name (`docs-values-7h9b2k5c8m`) and adds an overlay's `namePrefix` and `nameSuffix`
 * (`prod-docs-values-live-7h9b2k5c8m`: the suffix before the hash), and rewrites only the
 * references it knows of: a HelmRelease's `spec.valuesFrom[].name` is not one, unless a
 * `configurations:` file says so (a nameReference, as fluxcd's guide's kustomizeconfig.yaml
 * does). helm-controller then does not find the object, and the release fails: the link never
 * reaches the chart. Only a name the build visibly made from the reference counts: the reference
 * with a hash suffix, or with the build's own prefixes and suffixes (where the build is known;
 * otherwise any prefix ending in `-` or suffix starting with `-`). An object the checkout does
 * not hold at all may exist in the cluster by other means, and stays "unknown" (controllers/helm-controller.ts, fluxLayers).
 */







const kustomizations = (names) => [...names.tree].flatMap((file) => {
    if (!kustomize/* KUSTOMIZATION_NAMES */.H7.includes(external_node_path_.posix.basename(file)))
        return [];
    const data = (0,dist/* parseAllDocuments */.hR)(names.checkout.read(file) ?? '')[0]?.toJS();
    return (0,values_site/* isObject */.Gv)(data) ? [{ file, data }] : [];
});
/** The namePrefix and nameSuffix values of the kustomizations of `tree` and of the entry. */
function buildNames(checkout, tree, entry) {
    const names = { checkout, tree, prefixes: [], suffixes: [] };
    const add = (data, file) => {
        if (typeof data.namePrefix === 'string' && data.namePrefix)
            names.prefixes.push({ value: data.namePrefix, file });
        if (typeof data.nameSuffix === 'string' && data.nameSuffix)
            names.suffixes.push({ value: data.nameSuffix, file });
    };
    for (const { file, data } of kustomizations(names))
        add(data, file);
    if (entry.kind === 'flux')
        add(entry.spec, `spec of ${(0,discover/* entryLabel */.b4)(entry)} (${entry.from})`);
    return names;
}
/**
 * The non-optional valuesFrom entries of `release` that `objects` make only under another name.
 * With `names` (the build's tree and affixes), the files to change are named too.
 */
function missedReferences(release, objects, names) {
    const spec = (0,values_site/* isObject */.Gv)(release.spec) ? release.spec : {};
    const namespace = (0,values_site/* isObject */.Gv)(release.metadata) ? release.metadata.namespace : undefined;
    const missed = [];
    for (const ref of Array.isArray(spec.valuesFrom) ? spec.valuesFrom : []) {
        if (!(0,values_site/* isObject */.Gv)(ref) || ref.optional === true || typeof ref.name !== 'string')
            continue;
        const kind = String(ref.kind);
        const same = objects.filter((o) => o.kind === kind && (0,values_site/* isObject */.Gv)(o.metadata) && (0,helm_controller/* sameNamespace */.ef)(o.metadata.namespace, namespace));
        const made = same.map((o) => String(o.metadata.name));
        if (made.includes(ref.name))
            continue;
        const name = ref.name;
        // A bare hash first (the generator's own name), then the names with affixes.
        const found = made
            .map((m) => ({ made: m, how: (0,kustomize/* madeFrom */.am)(name, m, names) }))
            .sort((a, b) => Number(!!a.how?.prefix || !!a.how?.suffix) - Number(!!b.how?.prefix || !!b.how?.suffix))
            .find((m) => m.how);
        if (!found?.how)
            continue;
        const { prefix, suffix, hash } = found.how;
        missed.push({
            kind,
            name,
            made: found.made,
            prefix,
            suffix,
            hash,
            ...where(release, kind, name, found.how, names),
        });
    }
    return missed;
}
/** The files of the build behind a miss: the release's, the generator's, the affixes'. */
function where(release, kind, name, how, names) {
    if (!names)
        return {};
    const field = kind === 'Secret' ? 'secretGenerator' : 'configMapGenerator';
    const generator = kustomizations(names).find(({ data }) => Array.isArray(data[field]) && data[field].some((g) => (0,values_site/* isObject */.Gv)(g) && g.name === name))?.file;
    const renamedBy = [
        ...names.prefixes.filter((a) => how.prefix.includes(a.value)),
        ...names.suffixes.filter((a) => how.suffix.includes(a.value)),
    ].map((a) => a.file);
    const builtName = (0,values_site/* isObject */.Gv)(release.metadata) ? String(release.metadata.name) : '';
    return {
        releaseFile: fileOf(names, 'HelmRelease', builtName),
        generator,
        renamedBy: [...new Set(renamedBy)],
    };
}
/**
 * The file of the tree that holds the object the build named `built`: its own name, else the
 * longest written name the built one carries (prefixes, suffixes) or stands for (`${APP}`).
 */
function fileOf(names, kind, built) {
    let best;
    for (const file of names.tree) {
        if (kustomize/* KUSTOMIZATION_NAMES */.H7.includes(external_node_path_.posix.basename(file)))
            continue;
        const text = names.checkout.read(file);
        if (!text?.includes(kind))
            continue;
        for (const doc of (0,dist/* parseAllDocuments */.hR)(text)) {
            const data = doc.errors.length === 0 ? doc.toJS() : undefined;
            if (!(0,values_site/* isObject */.Gv)(data) || data.kind !== kind || !(0,values_site/* isObject */.Gv)(data.metadata))
                continue;
            const written = String(data.metadata.name);
            const length = written === built ? Infinity : written.length;
            const carries = built.includes(written) || (0,kustomize_controller/* substitutedFrom */.zy)(written, built);
            if ((written === built || carries) && length > (best?.length ?? -1))
                best = { file, length };
        }
    }
    return best?.file;
}
/**
 * The refusal in words: the release (with its file and `build`, `as … builds it`, where known),
 * what it names, what the build made and which files made it so, and the fixes.
 */
function missedText(release, missed, build) {
    return missed
        .map((m) => {
        const ref = `${m.kind}/${m.name}`;
        const field = m.kind === 'Secret' ? 'secretGenerator' : 'configMapGenerator';
        const affixes = [
            ...(m.prefix ? [`added the namePrefix ${m.prefix}`] : []),
            ...(m.suffix ? [`added the nameSuffix ${m.suffix}`] : []),
        ];
        const renamed = m.renamedBy?.length ? ` (set in ${m.renamedBy.join(', ')})` : '';
        const how = [
            ...(affixes.length > 0 ? [`${affixes.join(' and ')}${renamed}`] : []),
            ...(m.hash
                ? [
                    `appended a hash of its content to the generated name${m.generator ? ` (the ${field} ${m.name} of ${m.generator})` : ''}`,
                ]
                : []),
        ];
        const inRelease = m.releaseFile ? ` in ${m.releaseFile}` : '';
        const home = m.generator ?? m.renamedBy?.find((f) => !f.startsWith('spec of '));
        const fixes = [
            ...(m.hash
                ? [
                    `set options.disableNameSuffixHash: true on that generator (or generatorOptions.disableNameSuffixHash: true)${m.prefix || m.suffix ? ` and name it ${m.made.replace(kustomize/* NAME_HASH */.$A, '')} in valuesFrom${inRelease}` : ''}`,
                ]
                : []),
            `add ${home ? `to ${home} ` : ''}a configurations: file with a nameReference for ${m.kind} at spec/valuesFrom/name of HelmRelease (fluxcd's kustomizeconfig.yaml)`,
            ...(m.hash ? [] : [`name it ${m.made} in valuesFrom${inRelease}`]),
            `mark the entry optional: true${inRelease} if the release can do without it`,
        ];
        const about = [m.releaseFile, build].filter(Boolean).join(', ');
        return `${release}${about ? ` (${about})` : ''} reads ${ref} in valuesFrom (not optional), but the build makes it as ${m.kind}/${m.made}: kustomize ${how.join(' and ')} and did not rewrite the reference, so helm-controller would not find ${ref} and the release would fail, never getting the link. To fix it, ${fixes.slice(0, -1).join(', ')}, or ${fixes.at(-1)}.`;
    })
        .join(' ');
}

;// CONCATENATED MODULE: ./src/gitops/prove-flux.ts
/**
 * The proof of the targets one build holds (a Flux Kustomization or a cluster-path folder): each
 * HelmRelease of the build that reads what this run writes (it came from the edited file, or holds
 * the placeholder, or reads a ConfigMap or Secret that does) gets its values merged as
 * helm-controller merges them (merge.ts). The values level: the placeholder is at values-key of
 * those values, or the layer that wins is named. The rendered level, where the chart is in reach
 * (a folder of this checkout, or pulled from its repository or registry): `helm template` with
 * them, then its postRenderers, must carry the link.
 */
















/** `HelmRelease/docs/docs`. */
const releaseName = (release) => {
    const meta = (0,values_site/* isObject */.Gv)(release.metadata) ? release.metadata : {};
    return `HelmRelease/${typeof meta.namespace === 'string' ? `${meta.namespace}/` : ''}${String(meta.name)}`;
};
/** `as apps/docs/kustomization.yaml builds it` (as written), `as Kustomization/… (file) builds it`. */
const asBuilds = (entry) => `as ${entry.kind === 'as-written' ? entry.from : `${(0,discover/* entryLabel */.b4)(entry)} (${entry.from})`} builds it`;
/** The same from a record's entry text: `as written (file)` reads `as file builds it`. */
const asBuildsText = (entry) => `as ${entry.replace(/^as written \((.*)\)$/, '$1')} builds it`;
async function proveBuild(ctx, entry, tree, objects, targets) {
    const { token } = ctx.tools.placeholder;
    // kustomize's origin annotations would say which file each object came from, but they make a
    // build of many patched resources many times slower: objects are matched by kind and name.
    const describe = () => `the build of ${(0,discover/* entryLabel */.b4)(entry)}`;
    const holds = (o) => JSON.stringify(o).includes(token) || secretHolds(o, token);
    const releases = objects.filter((o) => o.kind === 'HelmRelease' && String(o.apiVersion).startsWith('helm.toolkit.fluxcd.io/'));
    for (const target of targets) {
        if (!tree.has(target.file))
            continue;
        const chosen = target.chosen ?? [];
        // The chosen document by its own name when the build has it; else with an overlay's prefix
        // or suffix (namePrefix, nameSuffix): docs-preview beside docs is another release.
        const exact = (c) => objects.some((o) => o.kind === c.kind && (0,values_site/* isObject */.Gv)(o.metadata) && o.metadata.name === c.name);
        const named = (kind) => (o) => chosen.some((c) => c.kind === kind &&
            sameObject(o, c, entry) &&
            (!exact(c) || ((0,values_site/* isObject */.Gv)(o.metadata) && o.metadata.name === c.name)));
        const sources = objects.filter((o) => (o.kind === 'ConfigMap' || o.kind === 'Secret') && (holds(o) || named(String(o.kind))(o)));
        const readers = releases.filter((r) => {
            if (holds(r) || named('HelmRelease')(r))
                return true;
            // valuesFrom reads from the release's own namespace: a ConfigMap of that name in another
            // namespace is another release's (docs in staging and in production).
            const namespace = (0,values_site/* isObject */.Gv)(r.metadata) ? r.metadata.namespace : undefined;
            return (0,helm_controller/* valuesFromEntries */.hq)(r).some((e) => sources.some((s) => (0,helm_controller/* entryNames */.VM)(e, s, namespace)));
        });
        const patched = readers;
        // A release that names a source of the target under the name before kustomize renamed it:
        // it would fail in the cluster (flux/values-from-missing.ts).
        const made = new Set(sources.map((s) => String(s.metadata.name)));
        const names = buildNames(ctx.checkout, tree, entry);
        const missing = releases.flatMap((r) => missedReferences(r, objects, names)
            .filter((m) => made.has(m.made))
            .map((m) => ({ release: r, m })));
        if (patched.length === 0 && missing.length > 0) {
            for (const { release, m } of missing) {
                ctx.refusals.push(missedText(releaseName(release), [m], asBuilds(entry)));
                ctx.records.push({
                    target: (0,types/* targetName */.je)(target),
                    reader: releaseName(release),
                    entry: (0,discover/* entryLabel */.b4)(entry),
                    level: 'values',
                    reason: `refused: valuesFrom ${m.kind}/${m.name} is not what the build makes`,
                });
            }
            continue;
        }
        if (patched.length === 0) {
            ctx.records.push((0,types/* markReaderElsewhere */.Vg)({
                target: (0,types/* targetName */.je)(target),
                entry: (0,discover/* entryLabel */.b4)(entry),
                level: 'skipped',
                reason: `the build of ${(0,discover/* entryLabel */.b4)(entry)} reads ${target.display}, but no HelmRelease of it reads the link (it may be read by a HelmRelease another entry point applies)`,
            }));
            continue;
        }
        for (const release of patched)
            ctx.records.push(await proveRelease(ctx, entry, tree, objects, target, release, describe));
    }
}
/**
 * The built object is the chosen document: the same name, or the name with the prefixes and
 * suffixes of the overlays (namePrefix, nameSuffix), in the same namespace unless a target
 * namespace moved it.
 */
function sameObject(object, chosen, entry) {
    const meta = (0,values_site/* isObject */.Gv)(object.metadata) ? object.metadata : {};
    const name = String(meta.name);
    if (name !== chosen.name && !name.includes(chosen.name) && !(0,kustomize_controller/* substitutedFrom */.zy)(chosen.name, name))
        return false;
    const moved = entry.kind === 'flux' && typeof entry.spec.targetNamespace === 'string';
    return (moved ||
        chosen.namespace === undefined ||
        meta.namespace === undefined ||
        meta.namespace === chosen.namespace);
}
function secretHolds(object, token) {
    if (object.kind !== 'Secret' || !(0,values_site/* isObject */.Gv)(object.data))
        return false;
    return Object.values(object.data).some((v) => typeof v === 'string' && Buffer.from(v, 'base64').toString('utf8').includes(token));
}
async function proveRelease(ctx, entry, tree, objects, target, release, describe) {
    const { valuesKey, placeholder } = ctx.tools;
    const meta = (0,values_site/* isObject */.Gv)(release.metadata) ? release.metadata : {};
    const name = String(meta.name);
    const label = `HelmRelease/${name}`;
    const chosen = (target.chosen ?? []).find((c) => c.kind === 'HelmRelease' && name === c.name) ??
        (target.chosen ?? []).find((c) => c.kind === 'HelmRelease' && name.includes(c.name)) ??
        (target.chosen ?? []).find((c) => c.kind === 'HelmRelease' && (0,kustomize_controller/* substitutedFrom */.zy)(c.name, name));
    const record = {
        target: (0,types/* targetName */.je)(target, chosen?.label),
        // The release that reads it, through an entry point or as written (readers.ts).
        reader: releaseName(release),
        entry: (0,discover/* entryLabel */.b4)(entry),
    };
    const unserved = unservedRelease(release, `${label} ${asBuilds(entry)}`);
    if (unserved)
        return markWarning({ ...record, level: 'skipped', reason: unserved });
    const missed = missedReferences(release, objects, buildNames(ctx.checkout, tree, entry));
    if (missed.length > 0) {
        ctx.refusals.push(missedText(releaseName(release), missed, asBuilds(entry)));
        return { ...record, level: 'values', reason: 'refused: a valuesFrom reference fails' };
    }
    const { layers, unknown } = (0,helm_controller/* fluxLayers */.kt)(release, objects, valuesKey, describe, (o, key) => (0,kustomize/* generatedFrom */.Kn)(ctx.checkout, tree, o, key));
    const key = valuesKey.join('.');
    const over = await (0,values_layers/* overridingLayer */.b)(layers, key, placeholder.link);
    const holder = layers.findIndex((l) => 'yaml' in l && bundleUrlOf(l.yaml, valuesKey) === placeholder.link);
    const patches = () => patchesTouching(ctx.checkout, entry, tree, 'HelmRelease', name, [
        'spec',
        'values',
        ...valuesKey,
    ]);
    const base = `${label} ${asBuilds(entry)}`;
    if (over || holder < 0) {
        const patch = patches().at(-1);
        const specValues = over ? over.by.startsWith('spec.values of') : true;
        if (patch && specValues) {
            ctx.refusals.push(`${patch}, ${over ? `sets ${over.key}` : patch.startsWith('a replacement') ? `sets what it names under ${key}` : `removes ${key}`} after the base (${target.display}), so ${base} ${over ? 'does not get the link' : 'has no link'}. Remove ${key} from that patch, or point values-file at it so that the link is written there.`);
            return { ...record, level: 'values', reason: 'refused: an overlay patch wins' };
        }
        if ((0,types/* laterWins */.sg)(over, ctx.tools) && !over.unchecked) {
            ctx.refusals.push(`${over.by} sets ${over.key} after ${target.display} in the values helm-controller merges for ${base}, so the chart would get that value instead. ${over.fix ?? `Remove it there, or write the link there (name it in values-file).`}`);
            return { ...record, level: 'values', reason: `refused: ${over.by} wins` };
        }
        const unknownNote = unknown.map((u) => u.what).join('; ');
        if (unknownNote || over?.unchecked)
            return {
                ...record,
                level: 'skipped',
                reason: `what ${unknownNote || over?.by} sets is unknown to this run`,
            };
        ctx.refusals.push(`${base} has no link at values-key ${key} in the values helm-controller merges (${layers.map((l) => ('file' in l ? l.file : l.name)).join(', ') || 'none'}): the build does not carry what this run writes in ${target.display}. Check the overlays of ${entry.path || '.'}, then run again.`);
        return { ...record, level: 'values', reason: 'refused: the build drops the link' };
    }
    const later = unknown.filter((u) => u.at > holder);
    if (later.length > 0)
        return {
            ...record,
            level: 'skipped',
            reason: `${later.map((u) => u.what).join('; ')}: what it sets after the link is unknown`,
        };
    return renderRelease(ctx, release, objects, layers, record, label);
}
/**
 * The rendered level: the chart as the render check resolves it (flux-chart.ts: a folder of this
 * checkout, or a HelmRepository, OCIRepository or HelmChart of the build, else of the checkout),
 * fetched with the run's fetcher, rendered with the merged values, then its postRenderers. A
 * release with postRenderers that cannot be rendered (or patched: no kubectl) is `skipped`, not
 * proven at the values level: they may patch the link away after the values.
 */
async function renderRelease(ctx, release, objects, layers, record, label) {
    const { tools, checkout } = ctx;
    const spec = (0,values_site/* isObject */.Gv)(release.spec) ? release.spec : {};
    const chart = (0,flux_chart/* releaseChart */["in"])(release, (0,flux_chart/* sourceCandidates */.kk)(objects, checkoutSources(checkout)), checkout.root, ctx.repository);
    const post = Array.isArray(spec.postRenderers) && spec.postRenderers.length > 0;
    const unrendered = (why) => unrenderedRecord(record, post, why);
    if (chart.kind === 'out-of-reach')
        return unrendered(chart.reason);
    if (!tools.helm)
        return unrendered('helm is not on PATH');
    if (post && !tools.kubectl)
        return unrendered('kubectl is not on PATH');
    const outcome = await renderForProof(tools, {
        renderer: 'flux',
        label: `${record.target} through ${record.entry}`,
        valuesKey: tools.valuesKey.join('.'),
        chart,
        values: () => layers,
        postRender: tools.kubectl
            ? (0,post_render/* postRenderer */.M)(release, tools.kubectl, label, tools.signal)
            : undefined,
    });
    if (outcome.kind === 'found')
        return renderedRecord(record, outcome);
    if (outcome.kind === 'skipped')
        return unrendered(outcome.reason);
    ctx.refusals.push(outcome.kind === 'missing'
        ? `${label} ${asBuildsText(record.entry)}: ${post ? 'after its postRenderers, ' : ''}none of the ${outcome.rendered} documents the chart renders holds the link.${post ? ` Its spec.postRenderers patch it away: remove that patch of the link, or set values-key to what the chart reads.` : outcome.readsAt ? ` The chart reads it at ${outcome.readsAt}: set values-key: ${outcome.readsAt}.` : ' Check values-key.'}`
        : `${label} ${asBuildsText(record.entry)}: ${outcome.by} sets ${outcome.key} after the values this run writes (${record.target}). Remove it there, or write the link there (name it in values-file).`);
    return {
        ...record,
        level: 'values',
        reason: 'refused: the rendered chart does not carry the link',
    };
}
/** The Flux source objects of the checkout's tracked YAML files (as the render check reads them). */
const sources = new WeakMap();
function checkoutSources(checkout) {
    let found = sources.get(checkout);
    if (!found) {
        found = checkout.files.filter(gitops_files/* isYamlFile */.wl).flatMap((f) => (0,source_objects/* sourcesIn */.sE)(checkout.read(f) ?? ''));
        sources.set(checkout, found);
    }
    return found;
}
function bundleUrlOf(yaml, valuesKey) {
    try {
        return (0,values_site/* valueAt */.fK)((0,go_yaml/* goYamlData */.kZ)(yaml), [...valuesKey, 'bundleUrl']);
    }
    catch {
        return undefined;
    }
}

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
// EXTERNAL MODULE: ./src/helm/helm.ts
var helm_helm = __webpack_require__(4910);
// EXTERNAL MODULE: ./src/shared/scratch.ts
var scratch = __webpack_require__(251);
;// CONCATENATED MODULE: ./src/gitops/argo/app-of-apps.ts
/**
 * Argo CD's app of apps: an Application whose path source is a Helm chart of this checkout that
 * renders other Applications (argoproj/argocd-example-apps `apps/`). Its children exist only once
 * that chart is rendered as Argo CD renders it (`helm template` with the source's valueFiles,
 * `values`/`valuesObject` and parameters, released as helm.releaseName or the Application's name):
 * their templates are Go templates, no Application a YAML reader can take from the file. Each
 * child is found here, named after the template it comes from, and its own children in turn.
 */














/** How deep apps of apps are followed (a parent whose chart renders itself stops here). */
const DEPTH = 4;
/** The chart folder (checkout path) of a path source of this repository, if it is one. */
function pathChart(source, checkout, repository) {
    if (typeof source.path !== 'string' || typeof source.chart === 'string')
        return undefined;
    if (typeof source.repoURL !== 'string' || !(0,values_site/* ofThisRepository */.Iv)(source.repoURL, repository))
        return undefined;
    if (source.repoURL.startsWith('oci://'))
        return undefined;
    const folder = (0,repo_path/* join */.f)('', source.path.replace(/^\/+/, ''));
    return (0,values_site/* chartInCheckout */.s$)(folder, checkout.root) ? folder : undefined;
}
/**
 * The Applications of `entries` with the children their charts render, children replacing an
 * Application of the same namespace and name read from a template file. Without helm no child is
 * found: `missing` says which parents were not rendered and why.
 */
async function withChildren(checkout, entries, helm, repository, signal) {
    const all = [...entries];
    const missing = [];
    let todo = [...entries];
    for (let depth = 0; depth < DEPTH && todo.length > 0; depth++) {
        const next = [];
        for (const parent of todo)
            for (const source of sourceList(parent.spec)) {
                const chart = pathChart(source, checkout, repository);
                if (!chart || !rendersApplications(checkout, chart))
                    continue;
                if (!helm) {
                    missing.push({ parent, reason: `helm is not on PATH to render its chart ${chart}` });
                    continue;
                }
                const children = await render(checkout, parent, source, chart, helm, signal);
                if (typeof children === 'string') {
                    missing.push({ parent, reason: children });
                    continue;
                }
                for (const child of children) {
                    const same = all.findIndex((e) => e.name === child.name && e.namespace === child.namespace);
                    if (same >= 0 && all[same].from.startsWith(`${chart}/templates/`))
                        all[same] = child;
                    else if (same < 0)
                        all.push(child);
                    else
                        continue;
                    next.push(child);
                }
            }
        todo = next;
    }
    return { entries: all, missing };
}
/** Whether a chart's templates name Argo CD Applications (read only then: a render costs). */
function rendersApplications(checkout, chart) {
    const prefix = `${chart}/templates/`;
    return checkout.files.some((f) => f.startsWith(prefix) && /^kind:\s*Application\s*$/m.test(checkout.read(f) ?? ''));
}
/** The Applications a parent's chart renders, or why it could not be rendered. */
async function render(checkout, parent, source, chart, helm, signal) {
    const app = { name: parent.name, namespace: parent.namespace };
    const overrides = (0,argo_source_file/* sourceFiles */.l)(source, app, checkout.root);
    const written = (0,values_site/* isObject */.Gv)(source.helm) ? source.helm : undefined;
    const block = (0,argo_cd/* helmAfterOverrides */.Gr)(written, overrides, (f) => (0,gitops_files/* checkoutPath */.o8)(checkout.root, f)).helm ?? {};
    const destination = (0,values_site/* isObject */.Gv)(parent.spec.destination) ? parent.spec.destination : {};
    const release = (0,argo_cd/* argoRelease */.p4)(block, {
        name: parent.name,
        destination: typeof destination.namespace === 'string' ? destination.namespace : undefined,
    });
    const dir = (await (0,scratch/* diskScratch */.mn)('static-export-apps')).dir;
    try {
        const args = ['template', release.name, (0,external_node_path_.join)(checkout.root, chart)];
        if (release.namespace)
            args.push('--namespace', release.namespace);
        const texts = [];
        for (const file of Array.isArray(block.valueFiles) ? block.valueFiles : []) {
            if (typeof file !== 'string' || file.startsWith('$') || /^[a-z]+:\/\//i.test(file))
                continue;
            const text = checkout.read((0,repo_path/* join */.f)(chart, file));
            if (text !== undefined)
                texts.push(text);
        }
        if ((0,values_site/* isObject */.Gv)(block.valuesObject))
            texts.push((0,dist/* stringify */.As)(block.valuesObject));
        else if (typeof block.values === 'string')
            texts.push(block.values);
        await (0,promises_.mkdir)(dir, { recursive: true });
        for (const [i, text] of texts.entries()) {
            const file = (0,external_node_path_.join)(dir, `${i}.yaml`);
            await (0,promises_.writeFile)(file, text, { mode: 0o600 });
            args.push('--values', file);
        }
        // Parameters as Argo CD passes them (--set, after every values file).
        for (const p of Array.isArray(block.parameters) ? block.parameters : [])
            if ((0,values_site/* isObject */.Gv)(p) && typeof p.name === 'string' && typeof p.value === 'string')
                args.push(p.forceString === true ? '--set-string' : '--set', `${p.name}=${p.value}`);
        const run = await (0,helm_helm/* runHelm */.oU)(helm, args, { signal, cwd: dir, timeoutMs: 120_000 });
        if (run.code !== 0) {
            // helm's own line, not its closing hint (`Use --debug flag to render out invalid YAML`).
            const lines = run.stderr.trim().split('\n');
            return `helm template of ${chart} failed: ${lines.find((l) => l.startsWith('Error:')) ?? lines.at(-1) ?? ''}`;
        }
        return childrenIn(run.stdout, chart, parent);
    }
    finally {
        await (0,promises_.rm)(dir, { recursive: true, force: true });
    }
}
/** The Applications of a render, each named after its template (`# Source: <chart>/templates/…`). */
function childrenIn(output, chart, parent) {
    const found = [];
    for (const doc of (0,dist/* parseAllDocuments */.hR)(output)) {
        if (doc.errors.length > 0)
            continue;
        const comment = `${doc.commentBefore ?? ''}\n${doc.contents?.commentBefore ?? ''}`;
        const source = /Source: [^/\s]+\/(\S+)/.exec(comment)?.[1];
        const file = source ? external_node_path_.posix.join(chart, source) : chart;
        const entry = (0,discover/* entryOf */.Ms)(doc.toJS(), `${file}, rendered by ${(0,discover/* entryLabel */.b4)(parent)}`);
        if (entry?.kind === 'argo')
            found.push(entry);
    }
    return found;
}
/**
 * An app of apps whose chart was not rendered hides the Applications it renders, any of which
 * may read a plain values file of the run: never silently nothing. Each such target gets a
 * skipped record naming the parent and why (a warning; `required` refuses it).
 */
function unrenderedParents(missing, targets) {
    return missing.flatMap(({ parent, reason }) => targets
        .filter((t) => !t.chosen)
        .map((t) => markWarning({
        target: (0,types/* targetName */.je)(t),
        entry: (0,discover/* entryLabel */.b4)(parent),
        level: 'skipped',
        reason: `${(0,discover/* entryLabel */.b4)(parent)} (${parent.from}) is an app of apps, and ${reason}: the Applications it renders, which may read ${t.display}, were not proven`,
    })));
}

;// CONCATENATED MODULE: ./src/gitops/argo/chart-values.ts
/**
 * A chart folder's own values.yaml, read by an Argo CD Application whose path source is that
 * folder: helm takes it as the chart's defaults, whatever the source's valueFiles list (an
 * Application that lists it explicitly is proven where its valueFiles are, prove-argo.ts). Argo CD
 * then passes every valueFiles entry, `values` or `valuesObject`, and last its parameters and
 * fileParameters (`--set`, `--set-file`): each of those that sets the link wins over the file,
 * and is refused before any request, naming the Application's file and the layer. Otherwise the
 * chart is rendered with them, as Argo CD renders it.
 */












/** Whether `target` is the values.yaml of a chart folder (helm's defaults file). */
const isChartValues = (target) => !target.chosen && /(^|\/)values\.yaml$/.test(target.file);
/**
 * Proves `target` (a chart's values.yaml) through each path source of `app` at its folder; false
 * when none reads it.
 */
async function proveArgoChartValues(ctx, app, target) {
    const { checkout, tools } = ctx;
    const folder = external_node_path_.posix.dirname(target.file) === '.' ? '' : external_node_path_.posix.dirname(target.file);
    const key = tools.valuesKey.join('.');
    const own = `Application/${app.name} (${app.from})`;
    let read = false;
    for (const source of sourceList(app.spec)) {
        if (pathChart(source, checkout, ctx.repository) !== folder)
            continue;
        const one = sourcesOf(checkout, app, ctx.repository).find((s) => s.source === source);
        // Listed among its valueFiles: proven there, in that order (prove-argo.ts).
        if (one?.files.some((f) => !f.elsewhere && f.paths.includes(target.file)))
            continue;
        read = true;
        const helm = one?.helm ?? {};
        const record = {
            target: (0,types/* targetName */.je)(target),
            reader: `Application/${app.namespace}/${app.name}`,
            entry: (0,discover/* entryLabel */.b4)(app),
        };
        // The source must take this commit (its targetRevision), as for the Application's own files.
        const held = ctx.landing && argoHeldBack(source, own, ctx.landing, app.generatedBy);
        if (held) {
            ctx.records.push(markHeldBack({ ...record, level: 'skipped', reason: held }));
            continue;
        }
        const refuse = (text, by) => {
            ctx.refusals.push(text);
            ctx.records.push({ ...record, level: 'values', reason: `refused: ${by} wins` });
        };
        const later = one?.files.find((f) => f.elsewhere);
        if (later) {
            ctx.records.push({
                ...record,
                level: 'skipped',
                reason: `its valueFiles entry ${later.entry} is read from ${later.elsewhere}, another repository: what it sets over ${target.display} is unknown`,
            });
            continue;
        }
        const hits = (0,argo_cd/* parametersOn */.mO)(helm, tools.valuesKey);
        if (hits) {
            const by = one?.setBy.get(hits.list) ?? one?.setBy.get('helm');
            refuse(`${own} renders the chart ${folder || '.'} with its own values.yaml (${target.display}) as the defaults, and ${by ? `${by}, Argo CD's override file beside that chart, sets` : 'sets'} helm.${hits.list} ${hits.names.join(', ')}, which Argo CD passes after every values file, over the link written there. Remove ${hits.names.length > 1 ? 'those parameters' : 'that parameter'} from ${by ?? app.from.split(',')[0]}: they win over every values source, so no link written elsewhere reaches the chart while they are set.`, `helm.${hits.list} of ${own}`);
            continue;
        }
        const files = (one?.files ?? []).flatMap((f) => f.paths.map((path) => {
            const text = checkout.read(path);
            return text === undefined
                ? { file: external_node_path_.posix.join(checkout.root, path) }
                : { name: `${path} (helm.valueFiles of ${own})`, yaml: text };
        }));
        const layers = [
            { name: target.display, yaml: checkout.read(target.file) ?? '' },
            ...(0,argo_cd/* argoLayers */.uV)(helm, files, own),
        ];
        const over = await (0,values_layers/* overridingLayer */.b)(layers, key, tools.placeholder.link);
        if ((0,types/* laterWins */.sg)(over, tools) && !over.unchecked) {
            refuse(`${over.by} sets ${over.key} after ${target.display}, the chart's own values.yaml, where Argo CD renders ${own}, so the chart would get that value instead of the link. Remove it there, or write the link there (point values-file at ${over.by.startsWith('helm.') ? app.from.split(',')[0] : over.by.split(' ')[0]}).`, over.by);
            continue;
        }
        ctx.records.push(await chart_values_render(ctx, app, helm, layers, folder, record));
    }
    return read;
}
/** The chart rendered with the layers, as Argo CD renders the source. */
async function chart_values_render(ctx, app, helm, layers, folder, record) {
    const { tools, checkout } = ctx;
    if (!tools.helm)
        return { ...record, level: 'values', reason: 'helm is not on PATH' };
    const destination = (0,values_site/* isObject */.Gv)(app.spec.destination) ? app.spec.destination : {};
    const release = (0,argo_cd/* argoRelease */.p4)(helm, {
        name: app.name,
        destination: typeof destination.namespace === 'string' ? destination.namespace : 'default',
    });
    const chart = (0,flux_chart/* chartOf */.IS)({ kind: 'path', path: external_node_path_.posix.join(checkout.root, folder) }, checkout.root, release);
    const outcome = await renderForProof(tools, {
        renderer: 'argo',
        label: `${record.target} through ${record.entry}`,
        valuesKey: tools.valuesKey.join('.'),
        chart,
        values: () => layers,
    });
    if (outcome.kind === 'found')
        return renderedRecord(record, outcome);
    if (outcome.kind === 'skipped')
        return { ...record, level: 'values', reason: outcome.reason };
    ctx.refusals.push(outcome.kind === 'overridden'
        ? `Application/${app.name} (${app.from}) renders ${folder} with ${outcome.by} setting ${outcome.key} after ${record.target}. Remove it there.`
        : `Application/${app.name} (${app.from}) renders ${folder} with ${record.target}, and none of the documents the chart renders holds the link at values-key ${tools.valuesKey.join('.')}. Check values-key.`);
    return {
        ...record,
        level: 'values',
        reason: 'refused: the rendered chart does not carry the link',
    };
}

// EXTERNAL MODULE: ./src/values/target.ts + 1 modules
var values_target = __webpack_require__(939);
;// CONCATENATED MODULE: ./src/gitops/flux/chart-values.ts
/**
 * A chart folder's own values.yaml, read by a Flux HelmRelease whose chart is that folder of a
 * GitRepository of this repository: source-controller packages the chart with it as its defaults
 * when `spec.chart.spec.valuesFiles` is empty or lists it (their merge replaces values.yaml
 * otherwise; the deprecated `valuesFile` is ignored, as helm-controller ignores it:
 * controllers/source-controller.ts). helm-controller
 * then merges valuesFrom and spec.values over those defaults (controllers/helm-controller.ts): a layer of them that sets the
 * link wins over the file and is refused before any request; otherwise the chart is rendered with
 * them, then the release's postRenderers. The chart's GitRepository must follow the branch the
 * change lands on (applies.ts chartSourceHeldBack), or the cluster renders another ref's folder.
 */













/** `HelmRelease/<namespace>/<name>` (no namespace: its name alone). */
function releaseLabel(release) {
    const meta = (0,values_site/* isObject */.Gv)(release.metadata) ? release.metadata : {};
    const ns = typeof meta.namespace === 'string' ? `${meta.namespace}/` : '';
    return `HelmRelease/${ns}${String(meta.name)}`;
}
/**
 * The files (checkout paths) whose merge is the chart's defaults as source-controller packages
 * it, or undefined when the release's chart is not `folder`.
 */
function defaultsOf(ctx, site, folder) {
    const { checkout } = ctx;
    if (chartFolderOf(site.release, site.objects, checkout, ctx.repository) !== folder)
        return undefined;
    const listed = (path) => {
        const abs = (0,values_site/* checkoutFolder */.Dv)(path, checkout.root);
        return abs ? abs.slice((0,external_node_path_.resolve)(checkout.root).length + 1) : path;
    };
    const files = (0,source_controller/* chartValuesFiles */.KG)((0,source_controller/* releaseChartSpec */.rL)(site.release));
    return files.length > 0 ? files.map(listed) : [external_node_path_.posix.join(folder, 'values.yaml')];
}
/** The checkout's GitRepositories, read once per checkout. */
const checkoutGit = new WeakMap();
/**
 * The GitRepositories a release's chart may name: as its build produces them (patched), named
 * by the checkout file that holds them, as for an entry point's source (proof.ts).
 */
function gitOf(ctx, site) {
    let found = checkoutGit.get(ctx.checkout);
    if (!found)
        checkoutGit.set(ctx.checkout, (found = checkoutGitSources(ctx.checkout)));
    const sources = gitSources(site.objects, site.from);
    for (const [key, one] of found)
        sources.set(key, { spec: sources.get(key)?.spec ?? one.spec, from: one.from });
    return sources;
}
/** The chart folder (checkout path) of a release whose chart is a folder of this checkout. */
function chartFolderOf(release, objects, checkout, repository) {
    const chart = (0,flux_chart/* releaseChart */["in"])(release, (0,flux_chart/* sourceCandidates */.kk)(objects, checkoutSources(checkout)), checkout.root, repository);
    if (chart.kind !== 'chart' || !(0,external_node_path_.isAbsolute)(chart.ref))
        return undefined;
    const rel = (0,external_node_path_.relative)((0,external_node_path_.resolve)(checkout.root), (0,external_node_path_.resolve)(chart.ref)).split(external_node_path_.sep).join('/');
    return rel.startsWith('..') ? undefined : rel;
}
/** Proves `target` through one HelmRelease; false when it does not read it. */
async function proveFluxChartValues(ctx, site, target) {
    const { checkout, tools } = ctx;
    const folder = external_node_path_.posix.dirname(target.file) === '.' ? '' : external_node_path_.posix.dirname(target.file);
    const defaults = defaultsOf(ctx, site, folder);
    if (!defaults?.includes(target.file))
        return false;
    const label = releaseLabel(site.release);
    const record = { target: (0,types/* targetName */.je)(target), reader: label, entry: site.entry };
    // The chart's own GitRepository must follow the branch this change lands on, as an entry
    // point's must: otherwise the cluster renders another ref's chart folder.
    const held = ctx.landing &&
        chartSourceHeldBack(site.release, `${label} (${site.from})`, gitOf(ctx, site), ctx.landing);
    if (held) {
        ctx.records.push(markHeldBack({ ...record, level: 'skipped', reason: held }));
        return true;
    }
    // A suspended release is not reconciled: nothing of it is proven, and the notice says why (a
    // later resume applies this commit, so it is not held back like another ref's source).
    const spec = (0,values_site/* isObject */.Gv)(site.release.spec) ? site.release.spec : {};
    if (spec.suspend === true) {
        const reason = (0,values_target/* suspendedNotice */.ar)(`${label} (${site.from})`, `the link written to ${target.file}`);
        ctx.records.push({ ...record, level: 'skipped', reason });
        return true;
    }
    const missed = missedReferences(site.release, site.objects);
    if (missed.length > 0) {
        ctx.refusals.push(missedText(`${label} (${site.from})`, missed));
        ctx.records.push({
            ...record,
            level: 'values',
            reason: 'refused: a valuesFrom reference fails',
        });
        return true;
    }
    const { layers, unknown } = (0,helm_controller/* fluxLayers */.kt)(site.release, site.objects, tools.valuesKey, () => site.from);
    const all = [
        ...defaults.map((file) => file === target.file
            ? { name: target.display, yaml: checkout.read(file) ?? '' }
            : {
                name: `${file} (spec.chart.spec.valuesFiles of ${label})`,
                yaml: checkout.read(file) ?? '',
            }),
        ...layers,
    ];
    const key = tools.valuesKey.join('.');
    const over = await (0,values_layers/* overridingLayer */.b)(all, key, tools.placeholder.link);
    if ((0,types/* laterWins */.sg)(over, tools) && !over.unchecked) {
        ctx.refusals.push(`${over.by} sets ${over.key} after ${target.display}, the values.yaml source-controller packages with the chart of ${label} (${site.from}), so helm-controller gives the chart that value instead of the link. ${over.fix ?? 'Remove it there, or write the link there (point values-file at the file that sets it).'}`);
        ctx.records.push({ ...record, level: 'values', reason: `refused: ${over.by} wins` });
        return true;
    }
    if (unknown.length > 0) {
        ctx.records.push({
            ...record,
            level: 'skipped',
            reason: `${unknown.map((u) => u.what).join('; ')}: what it sets over the chart's values is unknown`,
        });
        return true;
    }
    ctx.records.push(await flux_chart_values_render(ctx, site, all, record));
    return true;
}
async function flux_chart_values_render(ctx, site, layers, record) {
    const { tools, checkout } = ctx;
    const spec = (0,values_site/* isObject */.Gv)(site.release.spec) ? site.release.spec : {};
    const post = Array.isArray(spec.postRenderers) && spec.postRenderers.length > 0;
    const unrendered = (why) => unrenderedRecord(record, post, why);
    if (!tools.helm)
        return unrendered('helm is not on PATH');
    if (post && !tools.kubectl)
        return unrendered('kubectl is not on PATH');
    const found = (0,flux_chart/* releaseChart */["in"])(site.release, (0,flux_chart/* sourceCandidates */.kk)(site.objects, checkoutSources(checkout)), checkout.root, ctx.repository);
    if (found.kind !== 'chart')
        return unrendered(found.reason);
    // Its packaged defaults are the first layers above: not passed twice.
    const chart = { ...found, chartValues: undefined };
    const outcome = await renderForProof(tools, {
        renderer: 'flux',
        label: `${record.target} through ${record.reader}`,
        valuesKey: tools.valuesKey.join('.'),
        chart,
        values: () => layers,
        postRender: tools.kubectl
            ? (0,post_render/* postRenderer */.M)(site.release, tools.kubectl, record.reader, tools.signal)
            : undefined,
    });
    if (outcome.kind === 'found')
        return renderedRecord(record, outcome);
    if (outcome.kind === 'skipped')
        return unrendered(outcome.reason);
    ctx.refusals.push(`${record.reader} (${site.from}) renders its chart with ${record.target} as the defaults, and ${outcome.kind === 'overridden' ? `${outcome.by} sets ${outcome.key} after it` : `none of the documents it renders${post ? ' after its postRenderers' : ''} holds the link at values-key ${tools.valuesKey.join('.')}`}. ${post ? 'Check its spec.postRenderers and values-key.' : 'Check values-key.'}`);
    return {
        ...record,
        level: 'values',
        reason: 'refused: the rendered chart does not carry the link',
    };
}

;// CONCATENATED MODULE: ./src/gitops/readers.ts
/**
 * The readers of the edited files, found from each file up rather than down from the entry
 * points: one graph of what reads what, built from the scan the proof already makes (the entry
 * points, their builds, the checkout's files), and walked from each target to every release that
 * reads it. The edges:
 *
 * - a chart folder's values.yaml ← each Argo CD Application whose path source is that folder
 *   (children of an app of apps included: argo/app-of-apps.ts), and each Flux HelmRelease whose
 *   chart is that path of a GitRepository of this repository (flux/chart-values.ts);
 * - any file ← each top kustomization whose build reads it (tree.ts), where the checkout holds no
 *   entry point: the fleet repository that bootstraps the cluster is elsewhere, so each such
 *   build is proven as written (its HelmReleases, their valuesFrom and postRenderers, the sources
 *   beside them), as the cluster would get it were that folder applied.
 *
 * Each reader is proven as its controller renders it; the records say which reader, through
 * which entry point or `as written`.
 */














/** What reads what in one checkout, for the walk up from each edited file. */
class ReaderGraph {
    checkout;
    argo;
    built;
    names;
    releases;
    roots;
    constructor(checkout, argo, built, 
    /** Only releases as written whose text names one of these (chart folders' names) count. */
    names) {
        this.checkout = checkout;
        this.argo = argo;
        this.built = built;
        this.names = names;
    }
    /** The Applications that may read a chart folder's values (their path sources are checked). */
    applications() {
        return this.argo;
    }
    /**
     * Every HelmRelease of the checkout: as each build gives it, then as written in the files no
     * build read (no entry point applies them: the cluster gets them as written, if at all).
     */
    helmReleases() {
        if (this.releases)
            return this.releases;
        const named = this.names;
        const sites = [];
        const read = new Set();
        for (const b of this.built) {
            for (const f of b.tree)
                read.add(f);
            for (const o of b.objects)
                if (isHelmRelease(o))
                    sites.push({
                        release: o,
                        objects: b.objects,
                        entry: (0,discover/* entryLabel */.b4)(b.entry),
                        from: `the build of ${(0,discover/* entryLabel */.b4)(b.entry)}`,
                    });
        }
        for (const file of this.checkout.files) {
            if (read.has(file) || !(0,gitops_files/* isYamlFile */.wl)(file))
                continue;
            const text = this.checkout.read(file);
            // One without `chart:` (an overlay's patch) has no chart of its own to read: not parsed.
            if (!text?.includes('helm.toolkit.fluxcd.io/') || !text.includes('chart:'))
                continue;
            if (named && ![...named].some((n) => text.includes(n)))
                continue;
            const objects = documents(text);
            for (const o of objects)
                if (isHelmRelease(o))
                    sites.push({ release: o, objects, entry: 'as written', from: file });
        }
        return (this.releases = sites);
    }
    /**
     * The top kustomizations (folders no other kustomization of the checkout reads) whose build
     * reads `file`: each a root of what a cluster would be given.
     */
    kustomizationRoots(file) {
        if (!this.roots) {
            const trees = new Map();
            for (const f of this.checkout.files)
                if (kustomize/* KUSTOMIZATION_NAMES */.H7.includes(external_node_path_.posix.basename(f))) {
                    const dir = external_node_path_.posix.dirname(f) === '.' ? '' : external_node_path_.posix.dirname(f);
                    trees.set(dir, (0,gitops_tree/* treeOf */.g)(this.checkout, dir));
                }
            const inner = new Set();
            for (const [dir, tree] of trees)
                for (const f of tree)
                    if (kustomize/* KUSTOMIZATION_NAMES */.H7.includes(external_node_path_.posix.basename(f)) && external_node_path_.posix.dirname(f) !== (dir || '.'))
                        inner.add(external_node_path_.posix.dirname(f) === '.' ? '' : external_node_path_.posix.dirname(f));
            this.roots = new Map([...trees].filter(([dir]) => !inner.has(dir)));
        }
        return [...this.roots].filter(([, tree]) => tree.has(file)).map(([dir]) => dir);
    }
}
const isHelmRelease = (o) => (0,values_site/* isObject */.Gv)(o) &&
    o.kind === 'HelmRelease' &&
    typeof o.apiVersion === 'string' &&
    o.apiVersion.startsWith('helm.toolkit.fluxcd.io/');
function documents(text) {
    return (0,dist/* parseAllDocuments */.hR)(text)
        .filter((d) => d.errors.length === 0)
        .map((d) => d.toJS())
        .filter(values_site/* isObject */.Gv);
}
/** The chart folders of the targets that are a chart's values.yaml. */
const chartFolders = (targets) => new Set(targets
    .filter(isChartValues)
    .map((t) => (external_node_path_.posix.dirname(t.file) === '.' ? '' : external_node_path_.posix.dirname(t.file))));
/** Their names: a release as written that names none of them cannot render one (not parsed). */
const chartNames = (targets) => new Set([...chartFolders(targets)].map((f) => external_node_path_.posix.basename(f)));
/**
 * The files holding a HelmRelease (as written) whose chart is the folder of a target that is a
 * chart's values.yaml: the entry points whose tree holds them are built, as for an edited file.
 */
function chartReaderFiles(checkout, targets, repository) {
    const folders = chartFolders(targets);
    if (folders.size === 0)
        return [];
    const sites = new ReaderGraph(checkout, [], [], chartNames(targets)).helmReleases();
    return sites
        .filter((s) => folders.has(chartFolderOf(s.release, s.objects, checkout, repository) ?? '\0'))
        .map((s) => s.from);
}
/**
 * Proves each target through the readers the walk up finds that the entry points' own proof
 * does not cover: a chart folder's values.yaml through the Applications and HelmReleases that
 * render that chart. Returns the targets some reader reads.
 */
async function proveChartReaders(ctx, graph, targets) {
    const read = new Set();
    for (const target of targets.filter(isChartValues)) {
        for (const app of graph.applications()) {
            const from = ctx.records.length;
            if (await proveArgoChartValues(ctx, app, target))
                read.add(target.file);
            noteManualSync(ctx.records.slice(from), app.spec, `${(0,discover/* entryLabel */.b4)(app)} (${app.from})`, app.generatedBy?.rollingSync);
        }
        for (const site of graph.helmReleases())
            if (await proveFluxChartValues(ctx, site, target))
                read.add(target.file);
    }
    return read;
}
/**
 * A checkout without entry points: each target proven through every top kustomization whose
 * build reads it, built as kustomize-controller would build it were that folder applied, with
 * the run's edits; a HelmRelease manifest in no kustomization, through its own folder. A build
 * that holds the file but no release that reads the link is no reader (nothing is recorded).
 */
async function proveAsWritten(ctx, graph, edited, targets) {
    const read = new Set();
    const { checkout, tools } = ctx;
    const folders = new Map();
    for (const target of targets) {
        let roots = graph.kustomizationRoots(target.file);
        if (roots.length === 0 && target.chosen?.some((c) => c.kind === 'HelmRelease'))
            roots = [external_node_path_.posix.dirname(target.file) === '.' ? '' : external_node_path_.posix.dirname(target.file)];
        for (const root of roots)
            folders.set(root, [...(folders.get(root) ?? []), target]);
    }
    let copy;
    try {
        for (const [folder, held] of folders) {
            const own = kustomize/* KUSTOMIZATION_NAMES */.H7.map((n) => external_node_path_.posix.join(folder, n)).find((f) => checkout.files.includes(f));
            const entry = {
                kind: 'as-written',
                name: folder,
                from: own ?? (folder || '.'),
                path: folder,
            };
            if (!tools.kubectl) {
                for (const t of held.filter((t) => t.chosen))
                    ctx.records.push({
                        target: t.display,
                        entry: (0,discover/* entryLabel */.b4)(entry),
                        level: 'skipped',
                        reason: 'kubectl is not on PATH, so the kustomization was not built',
                    });
                continue;
            }
            const tree = (0,gitops_tree/* treeOf */.g)(checkout, folder);
            copy ??= await (0,gitops_build/* copyCheckout */.s1)(checkout, edited, []);
            await copy.add(tree);
            let built = await (0,gitops_build/* buildEntry */.Jo)(checkout, copy, entry, tools.kubectl, () => kustomize_controller/* NO_VARIABLES */.s9);
            if (built.kind === 'refused' && built.problem.startsWith('kubectl') && !copy.complete()) {
                await copy.add(checkout.files);
                built = await (0,gitops_build/* buildEntry */.Jo)(checkout, copy, entry, tools.kubectl, () => kustomize_controller/* NO_VARIABLES */.s9);
            }
            if (built.kind === 'refused') {
                // Not a folder kustomize-controller could apply (helmCharts, values beside manifests):
                // no reader here, unless the target is a release, which then was not proven.
                for (const t of held.filter((t) => t.chosen?.some((c) => c.kind === 'HelmRelease')))
                    ctx.records.push({
                        target: t.display,
                        entry: (0,discover/* entryLabel */.b4)(entry),
                        level: 'skipped',
                        reason: built.problem,
                    });
                continue;
            }
            const before = ctx.records.length;
            await proveBuild(ctx, entry, new Set(tree), built.objects, held);
            const added = ctx.records.splice(before);
            for (const r of added.filter((r) => !(0,types/* isReaderElsewhere */.II)(r))) {
                ctx.records.push(r);
                for (const t of held)
                    if (r.target.startsWith(t.display))
                        read.add(t.file);
            }
        }
    }
    finally {
        await copy?.remove();
    }
    return read;
}

;// CONCATENATED MODULE: ./src/gitops/proof.ts
/**
 * The proof through the composition the cluster applies (discover → build → merge → render →
 * check, the shape of flux-local): the entry points of the checkout are found, those whose tree
 * holds an edited file are built once each, parents first (a child Kustomization as its parent's
 * build produces it: an overlay may patch its path), with the edited files as this run would write
 * them; each target is then proven at the values level, and at the rendered level where its chart
 * is in reach (a folder of the checkout, or fetched from its repository or registry). A manifest
 * no entry point includes is orphaned, unless an ApplicationSet this run cannot expand reads it
 * (appset.ts; list and this repository's git generators are expanded, appset-expand.ts), or an
 * Application whose source is another repository names it (prove-argo.ts): out of reach then,
 * and said to be.
 */
















async function proveComposition(options, tools) {
    const checkout = await (0,gitops_checkout/* openCheckout */.H)(options.root, options.edited, options.files);
    const { repository, landing = {} } = options;
    const ctx = {
        checkout,
        tools,
        records: [],
        refusals: [],
        landing,
        ...(repository ? { repository } : {}),
    };
    const operator = operatorObjects(checkout);
    // With the Applications of the ApplicationSets expanded as their controller would (appset-expand.ts).
    const entries = [
        ...(0,discover/* discoverEntries */.Kz)(checkout, options.clusterPaths),
        ...expandAppSets(checkout, repository).entries,
        // A FluxInstance's sync: the Kustomization the Flux Operator generates (flux/instance.ts).
        ...operator.entries,
    ];
    const generated = appSetRecords(appSetReaders(checkout, repository), options.targets);
    // Files out of reach (a reason each): read by an ApplicationSet not expanded, or from another
    // repository.
    const away = new Map(generated.read);
    const result = {
        records: ctx.records,
        refusals: ctx.refusals,
        entries: entries.length,
        orphans: { manifests: [], plain: [] },
        unreachable: [],
        unrenderedParents: [],
    };
    ctx.records.push(...generated.records);
    const unreached = (targets) => {
        for (const target of targets) {
            // A ResourceSet's templates may read it: out of reach, never "no reader" (flux/instance.ts).
            const generatedBy = away.has(target.file) ? [] : resourceSetReaders(operator, target.file);
            for (const why of generatedBy) {
                const entry = why.slice(0, why.indexOf(' ('));
                ctx.records.push({ target: target.display, entry, level: 'skipped', reason: why });
            }
            if (generatedBy[0] !== undefined)
                away.set(target.file, generatedBy[0]);
            const reason = away.get(target.file);
            if (reason !== undefined)
                result.unreachable.push({ target, reason });
            else
                (target.chosen ? result.orphans.manifests : result.orphans.plain).push(target);
        }
    };
    if (entries.length === 0) {
        // No entry point here (the cluster's bootstrap is elsewhere): each reader as written.
        const open = options.targets.filter((t) => !generated.read.has(t.file));
        const graph = new ReaderGraph(checkout, [], [], chartNames(open));
        await proveChartReaders(ctx, graph, open);
        await proveAsWritten(ctx, graph, options.edited, open);
        unreached(options.targets.filter((t) => generated.read.has(t.file)));
        // A reader whose chart's GitRepository follows another branch (flux/chart-values.ts).
        ctx.refusals.push(...heldOnly(ctx.records, open));
        return result;
    }
    const buildable = entries.filter((e) => e.kind !== 'argo');
    const trees = new Map(buildable.map((e) => [e, (0,gitops_build/* entryTree */.v0)(checkout, e)]));
    // With the files of the releases that read an edited chart's values.yaml (readers.ts).
    const editedFiles = new Set([
        ...options.targets.map((t) => t.file),
        ...chartReaderFiles(checkout, options.targets, repository),
    ]);
    const relevant = relevantEntries(buildable, trees, editedFiles);
    let copy;
    const built = [];
    // Entry points that do not apply this commit (suspended, another ref): why, by label.
    const heldEntries = new Map();
    try {
        const done = new Set();
        const parentObjects = [];
        // The checkout's GitRepositories, read once; the builds' are added as they come.
        let checkoutGit;
        let checkoutSources;
        while (done.size < relevant.length) {
            // Parents first: an entry whose file the tree of another not yet built holds waits for it.
            const next = relevant.find((e) => !done.has(e) &&
                !relevant.some((p) => p !== e && !done.has(p) && trees.get(p).has(e.from))) ?? relevant.find((e) => !done.has(e));
            done.add(next);
            checkoutGit ??= (0,discover/* gitRepositoryUrls */.jN)(operator.sources.map((s) => s.object), (0,discover/* checkoutGitRepositories */.j0)(checkout));
            const gitUrls = (0,discover/* gitRepositoryUrls */.jN)(parentObjects, new Map(checkoutGit));
            const reach = (0,discover/* outOfReach */.nn)(next, gitUrls, repository);
            if (reach) {
                for (const t of options.targets.filter((t) => trees.get(next).has(t.file)))
                    ctx.records.push({
                        target: t.display,
                        entry: (0,discover/* entryLabel */.b4)(next),
                        level: 'skipped',
                        reason: reach,
                    });
                continue;
            }
            // A reader this entry point does not apply this commit through proves nothing (applies.ts);
            // a parent is still built, for the children its build produces, and the releases it makes
            // that read a chart folder's values.yaml are held back after the readers' walk (below).
            if (!checkoutSources) {
                checkoutSources = checkoutGitSources(checkout);
                for (const s of operator.sources)
                    gitSources([s.object], s.from, checkoutSources);
            }
            // As the parents' builds produce them (patched), named by the file that holds them.
            const sources = gitSources(parentObjects, "a parent's build");
            for (const [key, found] of checkoutSources)
                sources.set(key, { spec: sources.get(key)?.spec ?? found.spec, from: found.from });
            const held = fluxHeldBack(next, sources, landing);
            if (held)
                heldEntries.set((0,discover/* entryLabel */.b4)(next), held);
            const holds = options.targets.filter((t) => trees.get(next).has(t.file));
            if (held && holds.length > 0) {
                for (const t of holds)
                    ctx.records.push(markHeldBack({
                        target: t.display,
                        entry: (0,discover/* entryLabel */.b4)(next),
                        level: 'skipped',
                        reason: held,
                    }));
                continue;
            }
            if (!tools.kubectl) {
                for (const t of options.targets.filter((t) => trees.get(next).has(t.file)))
                    ctx.records.push({
                        target: t.display,
                        entry: (0,discover/* entryLabel */.b4)(next),
                        level: 'skipped',
                        reason: 'kubectl is not on PATH, so the entry point was not built',
                    });
                continue;
            }
            copy ??= await (0,gitops_build/* copyCheckout */.s1)(checkout, options.edited, []);
            await copy.add(trees.get(next));
            const variables = (e) => e.kind === 'flux'
                ? (0,kustomize_controller/* variablesOf */.ht)(e.spec, (name) => configMapData(checkout, parentObjects, name))
                : kustomize_controller/* NO_VARIABLES */.s9;
            const build = async (on) => (0,gitops_build/* buildEntry */.Jo)(checkout, on, next, tools.kubectl, variables, tools.signal);
            let result = await build(copy);
            // The tree reader may have missed a file the build reads: a failure counts on a full copy.
            if (result.kind === 'refused' && result.problem.startsWith('kubectl') && !copy.complete()) {
                await copy.add(checkout.files);
                result = await build(copy);
            }
            if (result.kind === 'refused') {
                if (!tools.layersOnly && [...editedFiles].some((f) => trees.get(next).has(f)))
                    ctx.refusals.push(`${result.problem}. ${result.fix}`);
                continue;
            }
            parentObjects.push(...result.objects);
            built.push({ entry: next, tree: trees.get(next), objects: result.objects });
            adoptChildren(result.objects, relevant, done, trees, checkout);
            await proveBuild(ctx, next, trees.get(next), result.objects, options.targets);
        }
    }
    finally {
        await copy?.remove();
    }
    // An app of apps' children exist once its chart is rendered as Argo CD renders it.
    const { entries: argo, missing } = await withChildren(checkout, entries.filter((e) => e.kind === 'argo'), tools.helm ?? tools.parentsHelm, repository, tools.signal);
    ctx.records.push(...unrenderedParents(missing, options.targets));
    result.unrenderedParents = missing.map(({ parent, reason }) => `${(0,discover/* entryLabel */.b4)(parent)} (${parent.from}) is an app of apps, and ${reason}`);
    for (const entry of argo) {
        const from = ctx.records.length;
        await proveApplication(ctx, entry, options.targets);
        noteManualSync(ctx.records.slice(from), entry.spec, `${(0,discover/* entryLabel */.b4)(entry)} (${entry.from})`, entry.generatedBy?.rollingSync);
    }
    const included = new Set();
    for (const tree of trees.values())
        for (const f of tree)
            included.add(f);
    for (const entry of argo) {
        included.add(entry.from);
        for (const f of argoFiles(checkout, entry, repository))
            included.add(f);
        const other = elsewhereRecords(checkout, entry, repository, options.targets);
        ctx.records.push(...other.records);
        for (const [file, reason] of other.read)
            if (!away.has(file))
                away.set(file, reason);
    }
    // From each edited file up: the readers the entry points' proof does not walk to.
    const graph = new ReaderGraph(checkout, argo, built, chartNames(options.targets));
    const fromReaders = ctx.records.length;
    for (const f of await proveChartReaders(ctx, graph, options.targets))
        included.add(f);
    // A chart folder's values.yaml is not in an entry point's tree, yet a release its build makes
    // reads it: through an entry point held back, that reader proves nothing either.
    for (const r of ctx.records.slice(fromReaders)) {
        const held = heldEntries.get(r.entry);
        if (held && r.level !== 'skipped' && !r.reason?.startsWith('refused'))
            markHeldBack(Object.assign(r, { level: 'skipped', reason: held }));
    }
    unreached(options.targets.filter((t) => !included.has(t.file)));
    ctx.refusals.push(...heldOnly(ctx.records, options.targets));
    return result;
}
/** The entries whose tree holds an edited file, and their parents (whose tree holds their file). */
function relevantEntries(entries, trees, edited) {
    const relevant = new Set(entries.filter((e) => [...edited].some((f) => trees.get(e).has(f))));
    for (let grew = true; grew;) {
        grew = false;
        for (const e of entries)
            if (!relevant.has(e) && [...relevant].some((c) => trees.get(e).has(c.from))) {
                relevant.add(e);
                grew = true;
            }
    }
    return entries.filter((e) => relevant.has(e));
}
/**
 * A child Kustomization as the parent's build produces it (patched, substituted) replaces the
 * one read from its file; so does its tree, and so whether it is relevant.
 */
function adoptChildren(objects, relevant, built, trees, checkout) {
    for (const [i, entry] of relevant.entries()) {
        if (entry.kind !== 'flux' || built.has(entry))
            continue;
        const object = objects.find((o) => o.kind === 'Kustomization' &&
            String(o.apiVersion).startsWith('kustomize.toolkit.fluxcd.io/') &&
            o.metadata?.name === entry.name);
        if (!object || typeof object.spec?.path !== 'string')
            continue;
        const spec = object.spec;
        const child = {
            ...entry,
            spec,
            path: (0,repo_path/* join */.f)('', String(spec.path).replace(/^\/+/, '')),
            from: entry.from,
        };
        trees.set(child, (0,gitops_build/* entryTree */.v0)(checkout, child));
        trees.delete(entry);
        relevant[i] = child;
    }
}
/** A ConfigMap's data for post-build variables: from a parent's build, else the checkout. */
function configMapData(checkout, built, name) {
    const named = (o) => (0,values_site/* isObject */.Gv)(o) && o.kind === 'ConfigMap' && (0,values_site/* isObject */.Gv)(o.metadata) && o.metadata.name === name;
    const found = built.find(named) ??
        checkout.files
            .filter((f) => (0,gitops_files/* isYamlFile */.wl)(f) && (checkout.read(f) ?? '').includes(name))
            .flatMap((f) => (0,dist/* parseAllDocuments */.hR)(checkout.read(f) ?? '').map((d) => d.toJS()))
            .find(named);
    return found && (0,values_site/* isObject */.Gv)(found.data) ? found.data : undefined;
}

;// CONCATENATED MODULE: ./src/publish/proof.ts
/**
 * The render check's second half: the proof through what the cluster applies (src/gitops/). Each
 * values file of the run, with the placeholder link written as this run would write it, is built
 * through the entry points whose tree holds it and proven at the values level and, where the chart
 * is in reach (fetched with the render check's fetcher), the rendered level. A refusal stops the run before any request, naming the layer
 * that wins; a manifest no entry point applies stops it too (it would change no cluster this
 * repository describes); a plain values file nothing references is a warning (`required`: a
 * failure); one only an ApplicationSet, or an Application whose source is another repository,
 * reads is out of reach, and said to be. With helm-release,
 * the run's own rollout is every file's entry point.
 */










async function proveThroughCluster(run, plan, 
/** helm, the render check's fetcher (a chart is pulled once per run) and its placeholder. */
{ helm, charts, placeholder = (0,render_check/* placeholderLink */.Em)(), layersOnly = false, helms, parentsHelm, }, 
/** Plain values files (absolute) that something outside the entry points reads (a helmfile). */
readElsewhere = new Set()) {
    const { inputs, reporter } = run;
    const first = inputs.valuesFiles[0];
    if (!first)
        return { records: [] };
    const root = (0,external_node_path_.resolve)(first.root ?? process.cwd());
    const edited = new Map();
    const targets = [];
    for (const file of inputs.valuesFiles) {
        const rel = (0,gitops_files/* checkoutPath */.o8)(root, file.path);
        if (rel.startsWith('..'))
            continue;
        const planned = plan(file, placeholder.link);
        edited.set(rel, planned.text);
        const chosen = planned.manifest?.chosen.map((c) => ({
            kind: c.target.kind,
            name: c.target.name,
            ...(c.target.namespace ? { namespace: c.target.namespace } : {}),
            label: c.label,
        }));
        targets.push({ file: rel, display: file.display, ...(chosen ? { chosen } : {}) });
    }
    const result = await proveComposition({
        root,
        files: await run.checkout.files(root),
        targets,
        edited,
        clusterPaths: inputs.clusterPaths.map((p) => (0,gitops_files/* checkoutPath */.o8)(root, p)),
        repository: process.env.GITHUB_REPOSITORY || undefined,
        // The default branch (Argo CD's HEAD) from the runner's event payload, when it has one.
        landing: landingOf(process.env, await (0,event_payload/* readEventPayload */.N)(process.env.GITHUB_EVENT_PATH)),
    }, {
        helm,
        kubectl: await (0,which/* findOnPath */.a)('kubectl'),
        helmArgs: inputs.helm?.extraArgs ?? [],
        signal: run.signal,
        redact: run.redactor.redact,
        placeholder,
        valuesKey: inputs.valuesKey,
        charts,
        layersOnly,
        ...(helms ? { helms } : {}),
        ...(parentsHelm ? { parentsHelm } : {}),
    });
    if (!layersOnly)
        for (const record of result.records)
            if (isWarning(record))
                reporter.warning(`Proof: ${(0,types/* describeRecord */.TV)(record)}.`);
            else
                reporter.info(`Proof: ${(0,types/* describeRecord */.TV)(record)}.`);
    if (result.refusals.length > 0)
        throw new errors/* UserError */.yo(`The proof through what the cluster applies found that it would not get the link: ${result.refusals.join(' ')} Nothing was sent and no file was changed.`);
    if (layersOnly) {
        // Not "nothing wins": the Applications such a parent renders were not looked at.
        for (const parent of result.unrenderedParents)
            reporter.warning(`render-check is off, and ${parent}: a later layer of the Applications it renders (their helm.parameters, values, valueFiles) was not checked.`);
        return { records: [] };
    }
    // With helm-release, the run rolls the files out itself: it is their entry point.
    if (!inputs.helm)
        unreached(run, result.unreachable);
    if (!inputs.helm && inputs.renderCheck === 'required')
        unproven(result.records);
    if (!inputs.helm && result.entries > 0) {
        const { manifests } = result.orphans;
        const plain = result.orphans.plain.filter((t) => !readElsewhere.has((0,external_node_path_.resolve)(root, t.file)));
        if (manifests.length > 0)
            throw new errors/* UserError */.yo(`${manifests.map((t) => t.display).join(', ')} ${manifests.length > 1 ? 'are' : 'is a'} GitOps manifest${manifests.length > 1 ? 's' : ''} that no entry point of this checkout applies (no Flux Kustomization's spec.path, Argo CD Application or cluster-path includes ${manifests.length > 1 ? 'them' : 'it'}): the link would change no cluster this repository describes. Check the path (a typo makes a new file nothing reads), include the file in a kustomization an entry point builds, or name the folder the cluster applies in cluster-path. Nothing was sent and no file was changed.`);
        if (plain.length > 0) {
            const text = `${plain.map((t) => t.display).join(', ')}: no entry point of this checkout reads ${plain.length > 1 ? 'these values files' : 'this values file'} (no configMapGenerator, Application valueFiles or cluster-path folder names ${plain.length > 1 ? 'them' : 'it'}), so nothing shows the cluster will get the link from ${plain.length > 1 ? 'them' : 'it'}.`;
            if (inputs.renderCheck === 'required')
                throw new errors/* UserError */.yo(`render-check is required, and ${text} Reference the file where the cluster reads it, name the folder the cluster applies in cluster-path, or set render-check: auto. Nothing was sent and no file was changed.`);
            reporter.warning(`${text} Check that something deploys it.`);
        }
    }
    const empty = inputs.helm ? undefined : emptyProof(root, result.records, targets);
    if (empty)
        reporter.notice(`Proof: ${empty}`);
    return { records: result.records, ...(empty ? { empty } : {}) };
}
/**
 * Why the proof is empty, in words (the log and the job summary): no release of this checkout
 * reads the files, so only the render check of the chart beside them speaks for them (whether it
 * rendered is the render check's own line: a chart it could not fetch is not rendered).
 */
function emptyProof(root, records, targets) {
    if (records.length > 0 || targets.length === 0)
        return undefined;
    return targets
        .map((t) => `no release in this checkout reads ${t.display}; ${t.chosen ? 'only the chart its manifest names was checked, by the render check' : (0,external_node_fs_.existsSync)((0,external_node_path_.join)(root, (0,external_node_path_.dirname)(t.file), 'Chart.yaml')) ? 'only the chart beside it was checked, by the render check' : 'nothing rendered a chart with it'}.`)
        .join(' ');
}
/**
 * Files only an ApplicationSet this run cannot expand (gitops/argo/appset-expand.ts: generators
 * other than list and this repository's git) or an Application of another repository reads: nothing proves the link (`required`: a failure); said, with the
 * fix, never taken for an orphan.
 */
function unreached(run, generated) {
    if (generated.length === 0)
        return;
    const text = generated.map((g) => `${g.target.display}: ${g.reason}.`).join(' ');
    if (run.inputs.renderCheck === 'required')
        throw new errors/* UserError */.yo(`render-check is required, and the proof through what the cluster applies cannot reach ${generated.length > 1 ? 'these files' : 'this file'}: ${text} Or set render-check: auto. Nothing was sent and no file was changed.`);
    run.reporter.warning(`Out of the proof's reach: ${text}`);
}
/**
 * `required`: a target an entry point builds but the proof could not check there (the entry's
 * source out of reach, no kubectl, a Secret layer whose values are unknown) fails the run, as a
 * skipped render check does, even where another entry point proved it: each entry point is a
 * cluster, or a part of one, that may not get the link. Only a build that holds the file but not
 * its reader (a HelmRelease another entry point applies) is covered by that other proof.
 */
function unproven(records) {
    const proven = new Set(records.filter((r) => r.level !== 'skipped').map((r) => r.target));
    // An Application synced by hand gets the link only once someone syncs it: not proven either.
    const byHand = records.filter(isByHand);
    if (byHand.length > 0)
        throw new errors/* UserError */.yo(`render-check is required, and ${byHand.map((r) => `${r.target} through ${r.entry}`).join('; ')} reaches the chart only once someone syncs it (${byHand.map((r) => r.reason).join('; ')}). Set spec.syncPolicy.automated on the Application, or set render-check: auto and sync it by hand. Nothing was sent and no file was changed.`);
    const open = records.filter((r) => r.level === 'skipped' && !((0,types/* isReaderElsewhere */.II)(r) && proven.has(r.target)));
    if (open.length === 0)
        return;
    throw new errors/* UserError */.yo(`render-check is required, and the proof through what the cluster applies could not check ${open.map((r) => `${r.target} through ${r.entry} (${r.reason})`).join('; ')}. Make what it names readable to this run (kubectl on PATH, the source in this checkout, cluster-path), or set render-check: auto. Nothing was sent and no file was changed.`);
}


/***/ })

};
