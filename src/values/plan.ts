/**
 * One values file's edit, whatever the file is: a plain Helm values file (the whole file is the
 * chart values) or a file of manifests with chosen targets (target.ts). The check before any
 * request plans the very edit the run will make, with a placeholder link, so that whatever would
 * refuse it refuses before the export.
 */
import { parseDocument } from 'yaml';
import type { Selector } from './choice.js';
import { checkValues, parseDocuments } from './check.js';
import { planValuesEdit } from './edit.js';
import { TO_JS, type EditPlan, type KeyPath, type StaticExportValues } from './file.js';
import { dotted, nodeAt } from './site.js';
import {
  chartValues,
  chooseTargets,
  planManifestEdits,
  type ChosenTarget,
  type ValuesFileRef,
} from './target.js';

/** Where a run writes: the `values-targets` output's entries. */
export interface TargetInfo {
  file: string;
  /** `HelmRelease/docs`; null for a plain values file. */
  document: string | null;
  /** Where the chart values are in the document: `spec.values`; '' for a plain values file. */
  path: string;
  /** The block inside the chart values (values-key). */
  valuesKey: string;
}

export interface FilePlan extends EditPlan {
  targets: TargetInfo[];
  /** A file of manifests: each chosen target, and its chart values after the edit. */
  manifest?: { chosen: ChosenTarget[]; values: unknown[] };
  /** `clusters/prod/docs.yaml (HelmRelease/docs)`, or the file alone. */
  label: string;
}

const PROBE: StaticExportValues = {
  enabled: true,
  bundleUrl: 'https://check.invalid/site.tar.gz',
  version: 'check',
};

/** Checks the file's text before anything is sent; returns its chosen targets (none: plain). */
export function checkFile(
  text: string,
  file: ValuesFileRef,
  at: KeyPath,
  selectors: readonly Selector[],
): ChosenTarget[] | undefined {
  const chosen = chooseTargets(text, file, selectors, at);
  if (!chosen) {
    checkValues(text, file.display, at);
    return undefined;
  }
  planManifestEdits(text, file, chosen, PROBE, at);
  return chosen;
}

/** The file's edit: the text as it will be written, what changed, and where. */
export function planFileEdit(
  text: string,
  file: ValuesFileRef,
  values: StaticExportValues,
  at: KeyPath,
  selectors: readonly Selector[],
): FilePlan {
  const chosen = text === '' ? undefined : chooseTargets(text, file, selectors, at);
  const valuesKey = at.join('.');
  if (!chosen) {
    const plan = planValuesEdit(text, values, file.display, at);
    const targets = [{ file: file.display, document: null, path: '', valuesKey }];
    return { ...plan, targets, label: file.display };
  }
  const plan = planManifestEdits(text, file, chosen, values, at);
  const targets = chosen.map((c) => ({
    file: file.display,
    document: c.label,
    path: c.path,
    valuesKey,
  }));
  return {
    text: plan.text,
    changed: plan.changed,
    changes: plan.changes,
    notices: plan.notices,
    targets,
    manifest: { chosen, values: plan.values },
    label: `${file.display} (${chosen.map((c) => c.label).join(', ')})`,
  };
}

/** Where the chart values of a file are, for the near-miss guard: the node, the text its ranges
 * are in, and how messages name it. */
export function valuesScopes(
  text: string,
  file: ValuesFileRef,
  at: KeyPath,
  selectors: readonly Selector[],
): { root: unknown; text: string; display: string; manifest: boolean }[] {
  const chosen = text === '' ? undefined : chooseTargets(text, file, selectors, at);
  if (!chosen)
    return [
      {
        root: parseDocuments(text, file.display)[0]!.contents,
        text,
        display: file.display,
        manifest: false,
      },
    ];
  const docs = parseDocuments(text, file.display);
  return chosen.map(({ target, label }) => {
    const doc = docs[target.doc]!;
    const display = `${file.display} (${label})`;
    const site = target.site;
    if (site.kind === 'map')
      return {
        root: nodeAt(doc, [...site.root, ...site.lead]),
        text,
        display,
        manifest: true,
      };
    const inner = nodeAt(doc, site.path);
    const value = inner && 'value' in inner && typeof inner.value === 'string' ? inner.value : '';
    const where = `${display} ${dotted(site.path)}`;
    return {
      root: parseDocument(value).contents,
      text: value,
      display: where,
      manifest: true,
    };
  });
}

/**
 * The chart values of a file, as data: the whole file, or each chosen target's (keep-alive), with
 * the target it came from (for `refuseUnmatchedChoice` once every file is read).
 */
export function chartValuesOf(
  text: string,
  file: ValuesFileRef,
  at: KeyPath,
  selectors: readonly Selector[],
): { label: string; values: unknown; chosen?: ChosenTarget }[] {
  const chosen = text === '' ? undefined : chooseTargets(text, file, selectors, at);
  if (!chosen)
    return [
      {
        label: file.display,
        values: parseDocuments(text, file.display)[0]!.toJS(TO_JS) as unknown,
      },
    ];
  const docs = parseDocuments(text, file.display);
  return chosen.map((one) => ({
    label: `${file.display} (${one.label})`,
    values: chartValues(docs[one.target.doc]!, one.target),
    chosen: one,
  }));
}
