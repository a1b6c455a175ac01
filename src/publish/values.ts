/**
 * The publish steps on the values files: every file is read and checked before anything is
 * started, and at the end each gets the same edit from the same link. All are planned before the
 * first is written, so a file broken meanwhile stops the run with nothing written; and all are
 * filled beside their targets before any is renamed over, so a write that fails (a full disk, a
 * permission) leaves every file as it was.
 */
import { readFile, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { ExportJob } from '../api/schemas.js';
import type { PreparedWrite } from '../shared/atomic-write.js';
import { InputError, UserError } from '../shared/errors.js';
import { hideCredentialParams, linkHider, Redactor } from '../shared/secrets.js';
import { filesWere, listing } from '../shared/text.js';
import { unifiedDiff } from '../values/diff.js';
import { refuseOverriddenSource } from '../values/flux-override.js';
import { bundleUrlsIn } from '../values/links.js';
import type { ValuesFile } from '../values/file.js';
import { HelmInputs } from '../helm/inputs.js';
import { VerifyInputs } from '../site/inputs.js';
import { ValuesInputs, type ValuesFileInput } from '../values/inputs.js';
import { planFileEdit, type FilePlan } from '../values/plan.js';
import { checkWritable, readValuesFile, type ReadValuesFile } from '../values/read.js';
import { refuseUnreadNewFile } from '../values/readers-of-missing.js';
import { refuseUnmatchedChoice, suspendedNotice } from '../values/target.js';
import { prepareValuesFile, writeValuesFile } from '../values/write.js';
import { refuseBakedValues } from './checkout.js';
import type { PublishInputs } from './inputs.js';
import type { PublishedBundle, RunContext } from './job.js';

/** One values file's edit: planned, and written unless nothing changed or this is a dry run. */
export interface ValuesEdit {
  display: string;
  /** The file that is read and written (a symlink's target). */
  path: string;
  plan: FilePlan;
  /** The diff with the link's credential hidden (for logs and the summary). */
  diff: string;
  created: boolean;
  /** The file's mode, kept on rewrite. */
  mode: number;
  /** Its text as read before the write (undefined: created), to put back if another write fails. */
  before: string | undefined;
}

/** The values files as messages name them: `values.yaml`, or `a.yaml and b.yaml`. */
export function valuesDisplay(inputs: PublishInputs): string {
  return listing(inputs.valuesFiles.map((file) => file.display));
}

/** Every values file is checked before anything is started: a broken file costs no export. */
export async function checkValuesFilesFirst(run: RunContext): Promise<void> {
  const { inputs, reporter } = run;
  const seen: ReadValuesFile[] = [];
  for (const { path, display, root } of inputs.valuesFiles) {
    const before = await readValuesFile(
      path,
      display,
      inputs.valuesKey,
      inputs.valuesDocuments,
      root,
    );
    refuseSameFile(seen, before);
    seen.push(before);
    const labels = before.targets?.map((t) => t.label).join(', ');
    if (labels) refuseWithManifest(inputs, display, labels);
    if (!inputs.dryRun) await checkWritable(before);
    // A new file is made only where something reads it: a typo must not write one nothing reads.
    const reader = before.exists
      ? undefined
      : inputs.helm
        ? `this run's helm-release ${inputs.helm.release}`
        : await refuseUnreadNewFile(path, display, await checkoutOf(run, root ?? dirname(path)));
    reporter.info(
      before.exists
        ? `Values file ${display}${labels ? ` (${labels})` : ''} checked.`
        : `Values file ${display} does not exist yet; it will be created (read by ${reader}).`,
    );
  }
  refuseUnmatchedChoice(
    inputs.valuesDocuments,
    seen.flatMap((file) => file.targets ?? []),
  );
  await refuseBakedValues(
    inputs.valuesFiles.map((file, i) => ({ ...file, manifest: seen[i]?.targets !== undefined })),
    inputs.helm !== undefined,
    run.checkout,
  );
  // What the run cannot check: a HelmRelease or a valuesFrom entry in a file it does not read (or
  // cannot, encrypted), whose layer may win over the link; or a suspended HelmRelease, which
  // applies nothing until it is resumed.
  const key = inputs.valuesKey.join('.');
  const unchecked = refuseOverriddenSource(seen, inputs.valuesKey);
  for (const { file, source } of unchecked.unread)
    reporter.notice(
      `${file} (${source.label}): no HelmRelease in the values files reads it through valuesFrom, so they alone cannot show that the one that does gets the link (the proof through the cluster checks it where an entry point of this checkout builds both: see its Proof lines). Make sure it reads that key without targetPath, and that neither its spec.values nor a later valuesFrom entry sets ${key}: helm-controller merges those over it, so they would win.`,
    );
  for (const { where, source } of unchecked.suspended)
    reporter.notice(suspendedNotice(where, `the link written to ${source.label}`));
  for (const { where, entry, source } of unchecked.later)
    reporter.notice(
      `${where} reads ${entry} after ${source.label}, where the link goes, and ${entry} is not in the values files, lacks that key there, or cannot be read here (encrypted), so this run could not check it. Make sure it sets no ${key}: helm-controller merges it over ${source.label}.`,
    );
}

/** The checkout a values file is in, as the readers of a missing one are looked for. */
async function checkoutOf(run: RunContext, top: string) {
  return {
    root: top,
    files: await run.checkout.files(top),
    read: (name: string) => readFile(join(top, name), 'utf8').catch(() => undefined),
  };
}

/**
 * The inputs a manifest as values-file rules out (`labels`: its targets, `HelmRelease/docs`). Also
 * checked by a keep-alive before it skips, so a skip never passes what the publish refuses.
 */
export function refuseWithManifest(inputs: PublishInputs, display: string, labels: string): void {
  if (inputs.helm)
    throw new InputError(
      HelmInputs.Release.name,
      `is set, but values-file ${display} is a manifest (${labels}), which helm would read as chart values`,
      'Leave the rollout to the GitOps controller that reads the manifest (remove helm-release), or point values-file at a plain Helm values file.',
    );
  // A controller applies a manifest only after this run's change is pushed and synced, so no
  // check within the run can see the new link: it would pass on a page the site already served,
  // or wait out verify-timeout and fail a publish that worked.
  if (inputs.verify)
    throw new InputError(
      VerifyInputs.Url.name,
      `is set, but values-file ${display} is a manifest (${labels}): the GitOps controller that reads it applies the new link only after this change is pushed and synced, so the live site cannot serve it while this run checks`,
      'Remove verify-url here and check the site once the controller has synced (for instance in a later job, or with its notifications).',
    );
}

/** Two lines that reach one file through a symbolic link would write it twice. */
function refuseSameFile(seen: readonly ValuesFile[], file: ValuesFile): void {
  const first = seen.find((other) => other.path === file.path);
  if (first) {
    throw new InputError(
      ValuesInputs.ValuesFile.name,
      `lists "${first.display}" and "${file.display}", which are the same file (through a symbolic link)`,
      'List each values file once.',
    );
  }
}

/** Re-reads every file (they may have changed meanwhile), plans all edits, then writes them. */
export function writeValues(
  run: RunContext,
  job: ExportJob | undefined,
  bundle: PublishedBundle,
): Promise<ValuesEdit[]> {
  const { inputs, reporter } = run;
  const names = inputs.valuesFiles.map((file) => file.display);
  return reporter.group(`Update ${listing(names)}`, async () => {
    const edits: ValuesEdit[] = [];
    for (const file of inputs.valuesFiles) edits.push(await planFile(run, file, bundle));
    for (const edit of edits) {
      if (!edit.plan.changed)
        reporter.info(`${edit.plan.label} already has these values: nothing to write.`);
      else if (inputs.dryRun)
        reporter.info(
          `dry-run: ${edit.plan.label} would change (${edit.plan.changes.join(', ')}):\n${edit.diff}`,
        );
    }
    if (!inputs.dryRun)
      await writeAll(
        run,
        job,
        edits.filter((edit) => edit.plan.changed),
      );
    return edits;
  });
}

async function planFile(
  run: RunContext,
  file: ValuesFileInput,
  bundle: PublishedBundle,
): Promise<ValuesEdit> {
  const { inputs, reporter } = run;
  const current = await readValuesFile(
    file.path,
    file.display,
    inputs.valuesKey,
    inputs.valuesDocuments,
    file.root,
  );
  const plan = planFileEdit(
    current.text,
    file,
    { enabled: true, bundleUrl: bundle.bundleUrl, version: inputs.version },
    inputs.valuesKey,
    inputs.valuesDocuments,
  );
  for (const notice of plan.notices) reporter.notice(notice);
  // The diff shows where the link goes, and where it went before, with the credentials (the
  // query) of both hidden: the link being replaced may still be valid. So is any other presigned
  // link the lines show (under another key). The lines of a link wrapped over several go first,
  // whole: hiding a credential inside one first would leave the line no longer matching.
  const old = bundleUrlsIn(current.text);
  const pieces = new Redactor();
  pieces.add(...old.pieces);
  const shown = pieces.redact(unifiedDiff(current.text, plan.text, plan.label));
  const hide = linkHider([bundle.bundleUrl, ...old.links, ...linksIn(shown)]);
  const diff = hideCredentialParams(hide(shown));
  const { path, mode, exists } = current;
  return {
    display: file.display,
    path,
    plan,
    diff,
    created: !exists,
    mode,
    before: exists ? current.text : undefined,
  };
}

/**
 * Every changed file is first filled beside its target, where a full disk or a missing permission
 * shows, and only then renamed over it: a file that cannot be written leaves all of them as they
 * were. A rename that fails after others were made (the folder changed under the run) puts those
 * back. When a write fails the export is done and paid for: the message says how to publish it
 * without another one.
 */
async function writeAll(
  run: RunContext,
  job: ExportJob | undefined,
  edits: readonly ValuesEdit[],
): Promise<void> {
  const prepared: PreparedWrite[] = [];
  try {
    for (const edit of edits)
      prepared.push(await prepareValuesFile(edit.path, edit.plan.text, edit.mode, edit.display));
  } catch (error) {
    await abandonAll(prepared);
    const others = edits.slice(0, prepared.length).concat(edits.slice(prepared.length + 1));
    throw failedWrite(error, job, others.length > 0 ? ` ${notChanged(others)}` : '');
  }
  for (const [index, edit] of edits.entries()) {
    let stale: string[];
    try {
      stale = await prepared[index]!.commit();
    } catch (error) {
      // Its folders go once the later files' temporary files are gone from them.
      await abandonAll(prepared.slice(index));
      const later = edits.slice(index + 1);
      const back = await putBack(edits.slice(0, index), prepared);
      throw failedWrite(error, job, `${back}${later.length > 0 ? ` ${notChanged(later)}` : ''}`);
    }
    reportWritten(run, edit, stale);
  }
}

const notChanged = (edits: readonly ValuesEdit[]) =>
  `${filesWere(edits.map((edit) => edit.display))} not changed either.`;

/**
 * One after the other, the last first: two new files in one new folder leave it empty only once
 * both are gone, and the first made it.
 */
async function abandonAll(prepared: readonly PreparedWrite[]): Promise<void> {
  for (const write of [...prepared].reverse()) await write.abandon();
}

/**
 * Files already renamed over, put back as they were read: a created one removed, with the folders
 * made for it (`prepared`, in the order of `edits`). The last first, as in abandonAll.
 */
async function putBack(
  edits: readonly ValuesEdit[],
  prepared: readonly PreparedWrite[],
): Promise<string> {
  const restored: string[] = [];
  const stuck: string[] = [];
  for (const [index, edit] of [...edits.entries()].reverse()) {
    try {
      if (edit.before === undefined) {
        await rm(edit.path, { force: true });
        await prepared[index]!.removeMadeFolders();
      } else await writeValuesFile(edit.path, edit.before, edit.mode, edit.display);
      restored.unshift(edit.display);
    } catch {
      stuck.unshift(edit.display);
    }
  }
  return (
    (restored.length > 0 ? ` ${filesWere(restored)} put back as before.` : '') +
    (stuck.length > 0
      ? ` ${filesWere(stuck)} already updated and could not be put back: check ${stuck.length === 1 ? 'it' : 'them'} before the next run.`
      : '')
  );
}

function failedWrite(error: unknown, job: ExportJob | undefined, others: string): unknown {
  if (!(error instanceof UserError)) return error;
  const resume = job
    ? ` Export job ${job.jobId} is complete: once this is fixed, run again with job-id: ${job.jobId} to publish it without a new export.`
    : '';
  return new UserError(`${error.message}${others}${resume}`, {
    ...error.details,
    jobId: job?.jobId,
  });
}

function reportWritten(run: RunContext, edit: ValuesEdit, stale: readonly string[]): void {
  const { reporter } = run;
  if (stale.length > 0) {
    reporter.info(
      `Removed ${stale.length === 1 ? 'a temporary file' : `${stale.length} temporary files`} left next to ${edit.display} by an interrupted run: ${stale.join(', ')}.`,
    );
  }
  reporter.info(
    `${edit.created ? 'Created' : 'Updated'} ${edit.plan.label}: ${edit.plan.changes.join(', ')}.`,
  );
}

/**
 * Every address in a text (a diff's lines), up to a space or a quote: linkHider keeps those with
 * credentials in their query.
 */
const linksIn = (text: string): string[] => text.match(/\bhttps?:\/\/[^\s"'`]+/gi) ?? [];
