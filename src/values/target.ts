/**
 * A values file as this run writes it: a plain Helm values file (the whole file is the chart's
 * values), or a file of manifests whose chosen targets (manifest.ts, values-document) hold the
 * chart values. Every edit of a manifest changes only its own document: the others, the
 * separators and comments between them, a byte-order mark and CRLF line ends stay byte for byte,
 * and the whole file is read back to prove it.
 */
import { dirname } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { parse, type Document } from 'yaml';
import { argoManualSync } from '../controllers/argo-cd.js';
import { toJSOnce } from '../shared/documents.js';
import { InputError } from '../shared/errors.js';
import { parseDocuments, readBackDocuments } from './check.js';
import type { Selector } from './choice.js';
import { ValuesDocumentInput } from './choice.js';
import { blockOf, planEditIn, setBlock, unsafeEdit } from './edit.js';
import { planStringEdit } from './embedded.js';
import { fileError, KEYS, TO_JS, type KeyPath, type StaticExportValues } from './file.js';
import { classify, SUPPORTED_KINDS, type Classified } from './manifest.js';
import { dotted, isObject, nodeAt, type Data, type Target } from './site.js';
import { applySplices } from './source.js';

/** A values file: its absolute path, its name in messages, and the checkout it is in (where an
 * Argo CD source's chart path is read; the file's folder when not given). */
export interface ValuesFileRef {
  path: string;
  display: string;
  root?: string;
}

/** A chosen target: the document's label (`HelmRelease/docs`) and where its chart values are. */
export interface ChosenTarget {
  target: Target;
  label: string;
  /** The chart values' path in the document: `spec.values`, `spec.source.helm.values`. */
  path: string;
}

export interface ManifestPlan {
  text: string;
  changed: boolean;
  changes: string[];
  notices: string[];
  /** Each target's chart values after the edit (for the render check). */
  values: Data[];
}

/**
 * The targets of a file: undefined for a plain values file (no manifest in it), else the chosen
 * ones. Refuses before anything is sent: no target, several and no choice, a choice matching
 * nothing, a refused kind, an edit something else would override.
 */
export function chooseTargets(
  text: string,
  file: ValuesFileRef,
  selectors: readonly Selector[],
  valuesKey: KeyPath,
): ChosenTarget[] | undefined {
  const mine = selectors.filter((s) => s.file === undefined || s.file === file.path);
  const docs = parseDocuments(text, file.display);
  const root = file.root ?? dirname(file.path);
  const classes = docs.map((doc, i) => classify(doc, i, file.path, root));
  const full = classes.filter((c) => c.kind !== 'empty');
  const plain = full.every((c) => c.kind === 'values');
  if (plain) {
    const named = mine.find((s) => s.file !== undefined);
    if (named)
      throw choiceError(
        `line "${named.raw}" chooses a document in ${file.display}, which holds plain Helm values (no manifest)`,
        'Remove that line: the whole file is the chart values.',
      );
    return undefined;
  }
  if (full.length > 1 && full.some((c) => c.kind === 'values'))
    throw fileError(
      file.display,
      `mixes ${full.length} YAML documents, some of them plain values and some manifests`,
      'A Helm values file is one document: split it into several files.',
    );
  const all = listTargets(classes);
  const chosen = mine.length > 0 ? choose(all, classes, mine, file) : only(all, classes, file);
  for (const one of chosen) {
    const refusal = one.target.refuse?.(valuesKey);
    if (refusal) throw fileError(`${file.display} (${one.label})`, refusal.problem, refusal.fix);
    refuseSubstitution(docs[one.target.doc]!, one, file.display, valuesKey);
  }
  return chosen;
}

function listTargets(classes: Classified[]): ChosenTarget[] {
  const targets = classes.flatMap((c) => (c.kind === 'manifest' ? c.targets : []));
  const repeated = (t: Target) =>
    targets.some((o) => o !== t && o.kind === t.kind && o.name === t.name && o.part === t.part);
  return targets.map((target) => {
    const ns = repeated(target) && target.namespace ? `${target.namespace}/` : '';
    const label = `${ns}${target.kind}/${target.name}${target.part ? `[${target.part}]` : ''}`;
    const site = target.site;
    const path = dotted(site.kind === 'map' ? [...site.root, ...site.lead] : site.path);
    return { target, label, path };
  });
}

function only(
  all: ChosenTarget[],
  classes: Classified[],
  file: { display: string },
): ChosenTarget[] {
  const candidates = all.filter((t) => !t.target.namedOnly);
  if (candidates.length === 1) return candidates;
  if (candidates.length > 1)
    throw choiceError(
      `is empty, and ${file.display} has ${candidates.length} places the link could go: ${candidates.map((c) => c.label).join(', ')}`,
      `Name one per line (e.g. "${file.display}: ${candidates[0]!.label}"); several lines choose several targets.`,
    );
  const refused = classes.find((c) => c.kind === 'refused');
  if (refused?.kind === 'refused')
    throw fileError(docLabel(file.display, refused), refused.refusal.problem, refused.refusal.fix);
  const keys = all.map((t) => t.label);
  const kinds = classes.flatMap((c) => (c.kind === 'manifest' ? [`${c.type}/${c.name}`] : []));
  throw fileError(
    file.display,
    `has no document this action writes the link into${kinds.length ? ` (found ${kinds.join(', ')}${keys.length ? `, with the keys ${keys.join(', ')}` : ''})` : ''}`,
    `It writes into ${SUPPORTED_KINDS}; name another ConfigMap key with values-document (e.g. ConfigMap/NAME[KEY]).`,
  );
}

function choose(
  all: ChosenTarget[],
  classes: Classified[],
  selectors: readonly Selector[],
  file: { display: string },
): ChosenTarget[] {
  const chosen: ChosenTarget[] = [];
  for (const selector of selectors) {
    const hits = all.filter(({ target }) => matches(selector, target));
    if (hits.length === 1) {
      if (!chosen.includes(hits[0]!)) chosen.push(hits[0]!);
      continue;
    }
    const refused = classes.find(
      (c) => c.kind === 'refused' && matches(selector, { ...c, kind: c.type, name: c.name }),
    );
    if (refused?.kind === 'refused')
      throw fileError(
        docLabel(file.display, refused),
        refused.refusal.problem,
        refused.refusal.fix,
      );
    // A line for every file may match nothing in one of them: it is for the others.
    if (hits.length === 0 && selector.file === undefined && selectors.length > 1) continue;
    const list = all.map((t) => t.label).join(', ') || 'none';
    throw choiceError(
      hits.length === 0
        ? `line "${selector.raw}" matches no document of ${file.display} (its candidates: ${list})`
        : `line "${selector.raw}" matches ${hits.length} places in ${file.display}: ${hits.map((h) => h.label).join(', ')}`,
      hits.length === 0
        ? 'Name one of the candidates as KIND/NAME.'
        : 'Name one of them as KIND/NAME (NAMESPACE/KIND/NAME where names repeat, [KEY] for a source or key).',
    );
  }
  if (chosen.length === 0) return only(all, classes, file);
  return chosen;
}

/**
 * A values-document line without a file that chose nothing in any of the files (`chosen`: every
 * file's chosen targets): misspelt. `choose` lets such a line match nothing in one file, as it may
 * be for another, and a plain values file reads no line, so this is checked once all are read.
 */
export function refuseUnmatchedChoice(
  selectors: readonly Selector[],
  chosen: readonly ChosenTarget[],
): void {
  const unmatched = selectors.find(
    (s) => s.file === undefined && !chosen.some(({ target }) => matches(s, target)),
  );
  if (!unmatched) return;
  const list = chosen.map((t) => t.label).join(', ') || 'none: the values files hold plain values';
  throw choiceError(
    `line "${unmatched.raw}" matches no document of any values file (chosen: ${list})`,
    'Fix the line to name a document as KIND/NAME, or remove it.',
  );
}

function matches(
  s: Selector,
  t: { kind: string; name: string; namespace?: string; part?: string; namedOnly?: boolean },
): boolean {
  if (s.name !== t.name) return false;
  if (s.kind !== undefined && s.kind.toLowerCase() !== t.kind.toLowerCase()) return false;
  if (s.namespace !== undefined && s.namespace !== t.namespace) return false;
  if (s.part !== undefined) return s.part === t.part;
  return !t.namedOnly;
}

function docLabel(display: string, c: Classified): string {
  return c.kind === 'refused' && c.type !== 'values' && c.type !== 'Chart.yaml'
    ? `${display} (${c.type}${c.name ? `/${c.name}` : ''})`
    : display;
}

function choiceError(problem: string, fix: string): InputError {
  return new InputError(ValuesDocumentInput.name, problem, `${fix} Nothing was sent.`);
}

/** A `${VAR}` where the link goes is Flux post-build substitution: it would replace the edit. */
function refuseSubstitution(
  doc: Document,
  chosen: ChosenTarget,
  display: string,
  valuesKey: KeyPath,
): void {
  const values = chartValues(doc, chosen.target);
  let node: unknown = values;
  for (const key of valuesKey) node = isObject(node) ? node[key] : undefined;
  const found = [node, ...KEYS.map((k) => (isObject(node) ? node[k] : undefined))].find(
    (v): v is string => typeof v === 'string' && /\$\{[^}]*\}/.test(v),
  );
  if (found !== undefined)
    throw fileError(
      `${display} (${chosen.label})`,
      `has ${found} at values-key ${valuesKey.join('.')}: a variable that Flux post-build substitution fills in`,
      'Set that variable where it is defined (the Flux Kustomization postBuild.substitute or its ConfigMap), or remove the ${...} so the link can be written here.',
    );
}

/** The chart values of a target as data (a string's values parsed). */
export function chartValues(doc: Document, target: Target): unknown {
  const data = doc.toJS(TO_JS) as unknown;
  const site = target.site;
  let node: unknown = data;
  for (const step of site.kind === 'map' ? [...site.root, ...site.lead] : site.path)
    node = node !== null && typeof node === 'object' ? (node as Data)[step as string] : undefined;
  if (site.kind === 'string' && typeof node === 'string') {
    try {
      return parse(node) as unknown;
    } catch {
      return undefined;
    }
  }
  return node;
}

/** The notice for a HelmRelease with spec.suspend: true (`where`), which applies `what` only later. */
export function suspendedNotice(where: string, what: string): string {
  return `${where} has spec.suspend: true, so Flux does not reconcile it: ${what} reaches the chart only once it is resumed (before the link expires).`;
}

/**
 * Written, yet applied only once someone acts (resumes the HelmRelease, syncs the Application):
 * the run cannot see that rollout, so it says so. Argo CD syncs on its own only with
 * `spec.syncPolicy.automated` set and its `enabled` not false.
 */
function heldBack(kind: string, doc: Document, display: string): string | undefined {
  if (kind === 'HelmRelease' && doc.getIn(['spec', 'suspend']) === true)
    return suspendedNotice(display, 'the new link');
  if (kind !== 'Application') return undefined;
  if (doc.getIn(['metadata', 'annotations', 'argocd.argoproj.io/skip-reconcile']) === 'true')
    return `${display} has the annotation argocd.argoproj.io/skip-reconcile: "true", so Argo CD does not process it: the new link reaches the chart only once that annotation is removed (before the link expires).`;
  const why = argoManualSync(doc.toJS() as unknown);
  if (!why) return undefined;
  return `${display} has ${why}, so Argo CD does not sync it on its own: the new link reaches the chart only once someone syncs it (before the link expires).`;
}

/**
 * Plans the edits of every chosen target of one file, one after the other on the text (two
 * targets in one document included), each read back; the file is written once.
 */
export function planManifestEdits(
  text: string,
  file: { path: string; display: string },
  chosen: readonly ChosenTarget[],
  values: StaticExportValues,
  valuesKey: KeyPath,
): ManifestPlan {
  let current = text;
  const changes: string[] = [];
  const notices: string[] = [];
  const after: Data[] = [];
  for (const { target, label } of chosen) {
    const docs = parseDocuments(current, file.display);
    const doc = docs[target.doc]!;
    const display = `${file.display} (${label})`;
    const held = heldBack(target.kind, doc, display);
    if (held) notices.push(held);
    let next: string;
    if (target.site.kind === 'map') {
      const site = target.site;
      const at = [...site.lead, ...valuesKey] as unknown as KeyPath;
      const name = dotted([...site.root, ...at]);
      const plan = planEditIn(
        current,
        doc,
        nodeAt(doc, site.root),
        values,
        display,
        at,
        (out, edit, kept) =>
          verifyDocuments(current, docs, target.doc, out, edit, (data) => {
            let holder = data as Data;
            for (const step of site.root) holder = holder[step as string] as Data;
            setBlock(blockOf(holder, at), edit, kept);
          }),
        name,
        // kustomize-controller builds every HelmRelease it applies (path.ts refuseMergeBelow).
        target.kind === 'HelmRelease',
      );
      next = plan.text;
      changes.push(...plan.changes.map((c) => `${label}: ${c}`));
      notices.push(...plan.notices);
    } else {
      const site = target.site;
      const where = dotted(site.path);
      const edit = planStringEdit(
        current,
        nodeAt(doc, site.path),
        values,
        display,
        where,
        valuesKey,
      );
      next = edit.splice ? applySplices(current, [edit.splice]) : current;
      const words = { display, name: `${where} ${valuesKey.join('.')}` };
      if (edit.splice)
        verifyDocuments(current, docs, target.doc, next, words, (data) => {
          let holder = data as Data;
          for (const step of site.path.slice(0, -1)) holder = holder[step as string] as Data;
          holder[site.path[site.path.length - 1] as string] = edit.value;
        });
      verifyString(next, target, edit.inner.text, words);
      changes.push(...edit.inner.changes.map((c) => `${label}: ${c}`));
      notices.push(...edit.inner.notices);
    }
    current = next;
    after.push(chartValues(parseDocuments(current, file.display)[target.doc]!, target) as Data);
  }
  return { text: current, changed: current !== text, changes, notices, values: after };
}

/**
 * The whole file read back: as many documents, every other one the same text and data, the text
 * before and after the edited document unchanged, and the edited one the intended data.
 */
function verifyDocuments(
  before: string,
  docs: readonly Document[],
  index: number,
  after: string,
  edit: { display: string; name: string },
  expect: (data: unknown) => void,
): void {
  const read = readBackDocuments(after, edit.display) ?? [];
  const ok =
    read.length === docs.length &&
    before.slice(0, span(docs[index]!)[0]) === after.slice(0, span(read[index]!)[0]) &&
    rest(before, docs, index) === rest(after, read, index) &&
    docs.every((doc, i) => i === index || isDeepStrictEqual(toJSOnce(doc), toJSOnce(read[i]!)));
  if (!ok) throw unsafeEdit(edit);
  const expected = docs[index]!.toJS(TO_JS) as unknown;
  expect(expected);
  if (!isDeepStrictEqual(toJSOnce(read[index]!), expected)) throw unsafeEdit(edit);
}

const span = (doc: Document): readonly number[] => doc.range ?? [0, 0, 0];

/** The text after a document: from the next one's start (a document's range may or may not take
 * its last line break), or after the last one's line breaks. */
function rest(text: string, docs: readonly Document[], index: number): string {
  const next = docs[index + 1];
  return next
    ? text.slice(span(next)[0])
    : text.slice(span(docs[index]!)[2]).replace(/^(\r?\n)+/, '');
}

/** The string read back from the file, then parsed: the values the inner edit planned. */
function verifyString(
  after: string,
  target: Target,
  planned: string,
  edit: { display: string; name: string },
): void {
  const doc = parseDocuments(after, edit.display)[target.doc]!;
  const data = chartValues(doc, target);
  if (!isDeepStrictEqual(data, parse(planned) as unknown)) throw unsafeEdit(edit);
}
