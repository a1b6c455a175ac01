/** The job summary, as Markdown: pure, so tests can read exactly what a person will see. */
import { formatDuration } from '../shared/duration.js';
import {
  codeBlock,
  escapeText,
  factTable,
  inlineCode,
  textWithCommands,
} from '../shared/markdown.js';
import type { RenderCheckResult } from './render.js';
import { renderedChart } from './render-words.js';
import { renderedMajorsText } from '../helm/render-majors.js';
import { describeRecord } from '../gitops/types.js';
import { trustedExpiry } from '../shared/expiry.js';
import { redactLink } from '../shared/secrets.js';
import { formatBytes } from '../shared/text.js';
import type { PublishResult, PublishState, ValuesResult } from './pipeline.js';

export interface RunLink {
  url: string | undefined;
  /** The GitHub deployment recorded for the run, if any. */
  deployment?: { id: number; environment: string; state: string };
  /** The run's warnings and notices, as the log gave them (redacted): each is listed. */
  notes?: RunNotes;
}

export interface RunNotes {
  warnings: readonly string[];
  notices: readonly string[];
}

/** GitHub takes at most 1 MiB of summary per step; this leaves room for what it adds. */
export const SUMMARY_LIMIT_BYTES = 1_000_000;

function deploymentRow(run: RunLink): [string, string][] {
  const d = run.deployment;
  return d ? [['GitHub deployment', `${d.id} · ${inlineCode(d.environment)} · ${d.state}`]] : [];
}

export function successSummary(result: PublishResult, now: number, run: RunLink): string {
  const rows: [string, string][] = [];
  if (result.domain) rows.push(['Domain', escapeText(result.domain)]);
  const { job } = result;
  if (job)
    rows.push([
      'Export job',
      `${inlineCode(job.id)} · ${escapeText(String(job.status))} · ${job.pageCount ?? 'unknown'} pages`,
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
      `${inlineCode(r.name)}${r.namespace ? ` in ${inlineCode(r.namespace)}` : ''} · revision ${r.revision} · ${escapeText(String(r.status))}${result.dryRun ? ' (dry run)' : ''} · helm ${result.helm.helm.version}`,
    ]);
  }
  if (result.download)
    rows.push([
      'Downloaded',
      `${inlineCode(result.download.path)} · sha256 ${inlineCode(result.download.sha256)}`,
    ]);
  if (result.verified) {
    const v = result.verified;
    rows.push([
      'Live site',
      `${escapeText(v.url)} ${v.page ? `serves the new export (equals ${inlineCode(v.page)}${v.servedBefore ? '; it did before the write too' : ''})` : `answered HTTP ${v.status} (not compared: no download-path)`} · check ${v.checks}, after ${formatDuration(v.durationMs)}`,
    ]);
  }
  rows.push(...deploymentRow(run));
  if (run.url) rows.push(['Run', `[workflow run](${run.url})`]);
  const title = result.dryRun
    ? '### Static export ready (dry run: no file changed)'
    : '### Static export published';
  const head = `${title}\n\n${factTable(rows)}\n\n${proofSection(result)}${notesSection(run.notes)}`;
  const full = `${head}${diffs(result.values.files)}\n`;
  if (Buffer.byteLength(full) <= SUMMARY_LIMIT_BYTES) return full;
  // The diffs go first: the log has them, and the rest is what a reader needs.
  const bytes = Buffer.byteLength(full) - Buffer.byteLength(head);
  return capped(
    `${head}\n\nThe values diff (${formatBytes(bytes)}) is left out: a job summary holds at most 1 MiB. The step's log shows it.\n`,
  );
}

/** What was proven, in words: per target, rendered or not and why; the cluster's builds. */
function proofSection(result: PublishResult): string {
  const check = result.renderCheck;
  const lines: string[] = [];
  if (!check)
    lines.push(
      "Render check: **off**. No release's chart was rendered (only an app of apps' own chart in this checkout, to find its Applications): no chart was shown to read the link at values-key.",
    );
  else lines.push(...renderLines(check, result.helm !== undefined));
  if (check?.helmNote) {
    // The step as a YAML block inside the list item (indented to stay in it).
    const step = codeBlock(check.helmNote.step, 'yaml')
      .split('\n')
      .map((line) => `  ${line}`)
      .join('\n');
    lines.push(`${textWithCommands(check.helmNote.text, '  ')}\n\n${step}`);
  }
  const proof = check?.proof ?? [];
  if (proof.length > 0)
    lines.push(
      ...proof.map(
        (r) => `Through the cluster: ${textWithCommands(`${describeRecord(r)}.`, '  ')}`,
      ),
    );
  else if (check?.emptyProof)
    lines.push(`Through the cluster: ${textWithCommands(check.emptyProof, '  ')}`);
  else
    lines.push(
      'Through the cluster: **nothing built**. No entry point of the cluster (a Flux Kustomization or Argo CD Application of the checkout, or cluster-path) was built in this run, so what the cluster applies was not checked.',
    );
  return `#### What was checked\n\n${lines.map((line) => `- ${line}`).join('\n')}\n`;
}

/** Every warning and notice of the run, as a list: a reader of the summary sees them all. */
function notesSection(notes: RunNotes | undefined): string {
  if (!notes) return '';
  const list = (title: string, items: readonly string[]) =>
    items.length === 0
      ? ''
      : `\n#### ${title} (${items.length})\n\n${items.map((item) => `- ${textWithCommands(item, '  ')}`).join('\n')}\n`;
  return `${list('Warnings', notes.warnings)}${list('Notices', notes.notices)}`;
}

/** A summary cut at the limit, at a line's end, saying so. */
function capped(markdown: string): string {
  if (Buffer.byteLength(markdown) <= SUMMARY_LIMIT_BYTES) return markdown;
  const note = '\n\n(The rest is left out: a job summary holds at most 1 MiB. See the log.)\n';
  const room = SUMMARY_LIMIT_BYTES - Buffer.byteLength(note);
  let cut = Buffer.from(markdown).subarray(0, room).toString('utf8');
  cut = cut.slice(0, Math.max(0, cut.lastIndexOf('\n')));
  // An open fence would swallow the note: close it.
  const fences = cut.match(/^`{3,}/gm) ?? [];
  return `${cut}${fences.length % 2 === 1 ? '\n```' : ''}${note}`;
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
          ? `Values diff: ${escapeText(name)}`
          : 'Values diff';
      // A fence longer than any run of backticks in the file: no line of it ends the block.
      const block = codeBlock(file.diff.replace(/\n$/, ''), 'diff');
      return `\n\n<details><summary>${title}</summary>\n\n${block}\n\n</details>`;
    })
    .join('');
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
  if (domain) rows.push(['Domain', escapeText(domain)]);
  if (state.jobId)
    rows.push([
      'Export job',
      `${inlineCode(state.jobId)}${state.status ? ` · ${escapeText(state.status)}` : ''}`,
    ]);
  rows.push(...deploymentRow(run));
  if (run.url) rows.push(['Run', `[workflow run](${run.url})`]);
  const resume = state.jobId
    ? `\n**To publish this export without a new one**, run again with:\n\n${codeBlock(`job-id: ${state.jobId}`, 'yaml')}\n`
    : '';
  const table = rows.length > 0 ? `${factTable(rows)}\n\n` : '';
  return capped(
    `### Static export failed\n\n${table}#### What went wrong\n\n${errorBlocks(message)}${resume}${notesSection(run.notes)}`,
  );
}

/**
 * An error as a reader needs it: its first line as text, and what follows it (a workflow step to
 * add, a command to run) as a code block to copy, as the message lays it out.
 */
function errorBlocks(message: string): string {
  const [first = '', ...rest] = message.replace(/\r\n?/g, '\n').split('\n');
  const snippet = rest.join('\n').replace(/\s+$/, '');
  if (!snippet.trim()) return `${textWithCommands(first)}\n`;
  const indent = Math.min(
    ...rest.filter((line) => line.trim()).map((line) => /^ */.exec(line)![0].length),
  );
  const body = rest
    .map((line) => line.slice(indent))
    .join('\n')
    .replace(/\s+$/, '');
  const info = /^\s*-? ?(uses|run|with|name):/.test(body)
    ? 'yaml'
    : /^(helm|kubectl|git|gh) /.test(body)
      ? 'sh'
      : 'text';
  return `${textWithCommands(first)}\n\n${codeBlock(body, info)}\n`;
}

/**
 * Each target: the chart (name, version, where it came from) renders the link, and whether a new
 * link rolls the pods; or why it could not be checked.
 */
function renderLines(check: RenderCheckResult, helmRelease: boolean): string[] {
  return check.outcomes.map((o) => {
    if (o.kind !== 'found')
      return `${inlineCode(o.label)}: **not rendered**${o.kind === 'skipped' ? `: ${textWithCommands(`${o.reason}.`, '  ')}` : '.'}`;
    const chart = o.chart ? ` ${inlineCode(renderedChart(o.chart))}` : '';
    const rollout =
      o.rollout === 'config-only'
        ? helmRelease
          ? '; only in a ConfigMap or Secret no pod template checksums: the release was upgraded but not rolled (the pods serve the old bundle until they restart)'
          : '; only in a ConfigMap or Secret no pod template checksums: the pods get the new bundle when they next restart'
        : o.rollout === 'checksum'
          ? '; in a ConfigMap or Secret a pod template checksums: the pods roll'
          : o.rollout === 'pod-template'
            ? '; in a pod template: the pods roll'
            : '';
    const majors = o.helm ? ` with ${renderedMajorsText(o.helm)}` : '';
    return `${inlineCode(o.label)}: **rendered**: the chart${chart} renders the link${majors}${rollout}.`;
  });
}

/** A keep-alive run that found the deployed link fresh: why, and the run's notes. */
export function skipSummary(why: string, run: RunLink): string {
  return capped(
    `### Static export: the deployed link is still fresh (refresh-before)\n\n${escapeText(why)}\n${notesSection(run.notes)}`,
  );
}
