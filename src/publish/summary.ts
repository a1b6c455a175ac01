/** The job summary, as Markdown: pure, so tests can read exactly what a person will see. */
import { formatDuration } from '../shared/duration.js';
import { codeBlock, inlineCode, table } from '../shared/markdown.js';
import type { RenderCheckResult } from './render.js';
import { renderedChart } from './render-words.js';
import { describeRecord } from '../gitops/types.js';
import { trustedExpiry } from '../shared/expiry.js';
import { redactLink } from '../shared/secrets.js';
import { formatBytes } from '../shared/text.js';
import type { PublishResult, PublishState, ValuesResult } from './pipeline.js';

export interface RunLink {
  url: string | undefined;
  /** The GitHub deployment recorded for the run, if any. */
  deployment?: { id: number; environment: string; state: string };
}

function deploymentRow(run: RunLink): [string, string][] {
  const d = run.deployment;
  return d ? [['GitHub deployment', `${d.id} · ${inlineCode(d.environment)} · ${d.state}`]] : [];
}

export function successSummary(result: PublishResult, now: number, run: RunLink): string {
  const rows: [string, string][] = [];
  if (result.domain) rows.push(['Domain', result.domain]);
  const { job } = result;
  if (job)
    rows.push([
      'Export job',
      `${inlineCode(job.id)} · ${job.status} · ${job.pageCount ?? 'unknown'} pages`,
    ]);
  if (job?.durationMs !== undefined) rows.push(['Export duration', formatDuration(job.durationMs)]);
  rows.push(...bundleRows(result, now));
  if (result.version) rows.push(['Version', inlineCode(result.version)]);
  for (const file of result.values.files)
    rows.push(['Values file', valuesCell(file, result.dryRun)]);
  if (result.helm) {
    const r = result.helm.release;
    rows.push([
      'Helm release',
      `${inlineCode(r.name)}${r.namespace ? ` in ${inlineCode(r.namespace)}` : ''} · revision ${r.revision} · ${r.status}${result.dryRun ? ' (dry run)' : ''} · helm ${result.helm.helm.version}`,
    ]);
  }
  if (result.renderCheck)
    rows.push(['Render check', renderCell(result.renderCheck, result.helm !== undefined)]);
  if (result.renderCheck?.proof.length)
    rows.push([
      'Proof through the cluster',
      result.renderCheck.proof.map((r) => escapeHtml(describeRecord(r))).join('<br>'),
    ]);
  else if (result.renderCheck?.emptyProof)
    rows.push(['Proof through the cluster', escapeHtml(result.renderCheck.emptyProof)]);
  if (result.download)
    rows.push([
      'Downloaded',
      `${inlineCode(result.download.path)} · sha256 ${inlineCode(result.download.sha256)}`,
    ]);
  if (result.verified) {
    const v = result.verified;
    rows.push([
      'Live site',
      `${v.url} ${v.page ? `serves the new export (equals ${inlineCode(v.page)}${v.servedBefore ? '; it did before the write too' : ''})` : `answered HTTP ${v.status} (not compared: no download-path)`} · check ${v.checks}, after ${formatDuration(v.durationMs)}`,
    ]);
  }
  rows.push(...deploymentRow(run));
  if (run.url) rows.push(['Run', `[workflow run](${run.url})`]);
  const title = result.dryRun
    ? '### Static export ready (dry run: no file changed)'
    : '### Static export published';
  return `${title}\n\n${table(rows)}${diffs(result.values.files)}\n`;
}

function valuesCell(file: ValuesResult, dryRun: boolean): string {
  const what = file.changed ? file.changes.join(', ') : 'already up to date';
  const state =
    dryRun && file.changed
      ? `would change (${what}), dry run`
      : file.created
        ? `created (${what})`
        : what;
  return `${inlineCode(file.label ?? file.display)}: ${state}`;
}

/** One folded diff per file that changed, named when there are several files. */
function diffs(files: readonly ValuesResult[]): string {
  return files
    .filter((file) => file.diff)
    .map((file) => {
      const name = file.label ?? file.display;
      const title =
        files.length > 1 || name !== file.display
          ? `Values diff: ${escapeHtml(name)}`
          : 'Values diff';
      // A fence longer than any run of backticks in the file: no line of it ends the block.
      const block = codeBlock(file.diff.replace(/\n$/, ''), 'diff');
      return `\n\n<details><summary>${title}</summary>\n\n${block}\n\n</details>`;
    })
    .join('');
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The bundle and when its link runs out (a bundle-url without a signature never does). */
function bundleRows(result: PublishResult, now: number): [string, string][] {
  const { bundle } = result.link;
  const size = bundle.sizeBytes !== undefined ? `${formatBytes(bundle.sizeBytes)} at ` : '';
  const where = `${size}${inlineCode(redactLink(bundle.bundleUrl))}`;
  if (!result.job && !bundle.expiresAt)
    return [
      ['Bundle', `${where} (bundle-url: your own copy, nothing exported)`],
      [
        'Link expires',
        trustedExpiry(bundle.bundleUrl).signed
          ? 'unknown (a presigned bundle-url whose expiry cannot be read, see the warning)'
          : 'never (bundle-url is not a presigned link)',
      ],
    ];
  const refreshed = result.link.refreshed ? ' · link refreshed (the first was not usable)' : '';
  const about = result.job ? refreshed : ' (bundle-url: your own copy, nothing exported)';
  if (!bundle.expiresAt)
    return [
      ['Bundle', `${where}${refreshed}`],
      ['Link expires', 'unknown (neither the service nor the link says)'],
    ];
  const expires = Date.parse(bundle.expiresAt);
  return [
    ['Bundle', `${where}${about}`],
    [
      'Link expires',
      `${new Date(expires)
        .toISOString()
        .replace('T', ' ')
        .replace(/\.\d+Z$/, ' UTC')} (in ${formatDuration(Math.max(0, expires - now))})`,
    ],
  ];
}

export function failureSummary(
  message: string,
  state: PublishState,
  domain: string | undefined,
  run: RunLink,
): string {
  const rows: [string, string][] = [];
  if (domain) rows.push(['Domain', domain]);
  if (state.jobId)
    rows.push([
      'Export job',
      `${inlineCode(state.jobId)}${state.status ? ` · ${state.status}` : ''}`,
    ]);
  rows.push(['Error', message]);
  if (state.jobId) rows.push(['Resume', `re-run with ${inlineCode(`job-id: ${state.jobId}`)}`]);
  rows.push(...deploymentRow(run));
  if (run.url) rows.push(['Run', `[workflow run](${run.url})`]);
  return `### Static export failed\n\n${table(rows)}\n`;
}

/**
 * Each target: the chart (name, version, where it came from) renders the link, and whether a new
 * link rolls the pods; or why it could not be checked.
 */
function renderCell(check: RenderCheckResult, helmRelease: boolean): string {
  return check.outcomes
    .map((o) => {
      if (o.kind !== 'found')
        return `${inlineCode(o.label)}: skipped (${o.kind === 'skipped' ? inlineCode(o.reason) : ''})`;
      const chart = o.chart ? ` ${inlineCode(renderedChart(o.chart))}` : '';
      const rollout =
        o.rollout === 'config-only'
          ? helmRelease
            ? ' · only in a ConfigMap or Secret no pod template checksums: the release was upgraded but not rolled (the pods serve the old bundle until they restart)'
            : ' · only in a ConfigMap or Secret no pod template checksums: the pods get the new bundle when they next restart'
          : o.rollout === 'checksum'
            ? ' · in a ConfigMap or Secret a pod template checksums: the pods roll'
            : o.rollout === 'pod-template'
              ? ' · in a pod template: the pods roll'
              : '';
      return `${inlineCode(o.label)}: the chart${chart} renders the link${rollout}`;
    })
    .join('<br>');
}
