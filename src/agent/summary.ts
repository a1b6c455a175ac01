/** The agent's job summary, as Markdown: pure, so tests can read exactly what a person will see. */
import { codeBlock, escapeText, factTable, inlineCode } from '../shared/markdown.js';
import type { AgentResult, AgentState } from './state.js';

/** The job summary: the instruction (first lines, as code), job, status, repository and branch, pull request. */
export function agentSummary(
  prompt: string,
  result: AgentResult | undefined,
  state: AgentState,
  error: string | undefined,
  run: string | undefined,
): string {
  const lines = prompt.split(/\r?\n/);
  // The instruction may come from a comment: shown as code, where no markup or mention works.
  const shown =
    codeBlock(lines.slice(0, 3).join('\n')) +
    (lines.length > 3 ? `\n\n(the first 3 of ${lines.length} lines)` : '');
  const job = result?.job;
  const rows: [string, string][] = [];
  rows.push([
    'Agent job',
    `\`${job?.id ?? state.jobId ?? '—'}\`${result ? (result.created ? ' (new)' : ' (follow-up)') : ''}`,
  ]);
  const sent = result?.outcome === 'sent';
  rows.push([
    'Status',
    // The service's words as code (never a live @-mention); this run's own words as they are.
    sent
      ? 'sent (not waited for)'
      : job?.status
        ? inlineCode(job.status)
        : (state.status ?? 'not started'),
  ]);
  if (job?.source?.repository)
    rows.push([
      'Repository',
      // Not waited for, the answer's branch may be from before the message (agentOutputs).
      `${escapeText(job.source.repository)}${job.source.ref && !sent ? ` @ \`${job.source.ref}\`` : ''}`,
    ]);
  if (job && !sent)
    rows.push([
      'Pull request',
      job.prLink ? `[${job.prLink}](${job.prLink})` : 'none (no files changed)',
    ]);
  if (job?.model) rows.push(['Model', inlineCode(job.model)]);
  if (state.commentUrl) rows.push(['Comment', `[on the pull request](${state.commentUrl})`]);
  // The error may quote the service or a comment: shown as text, never as markup.
  if (error) rows.push(['Error', escapeText(error)]);
  if (run) rows.push(['Run', `[workflow run](${run})`]);
  const title = error ? '### Agent follow-up failed' : '### Agent follow-up';
  return `${title}\n\n${shown}\n\n${factTable(rows)}\n`;
}
