/**
 * What the agent writes on a pull request, as Markdown: the announce (one per job, found again by
 * its hidden marker) and the replies of the review loop. Pure, so tests read exactly what a
 * reviewer sees. Text from the commenter or the service (the instruction, the service's reason, a
 * model name) appears inside code, where GitHub renders no markup and notifies no @-mention; the
 * one exception is the link of another pull request the service gave, shown as a link when it is
 * an https address without a space, bracket, parenthesis or backtick (any host: it is not checked
 * to be GitHub's), else as code.
 */
import type { AgentJob } from '../api/schemas.js';
import { SERVICE_ID_PATTERN } from '../shared/constants.js';
import { formatDuration } from '../shared/duration.js';
import { codeBlock, factTable, inlineCode } from '../shared/markdown.js';

/** `<!-- docs-agent-job: aj_… -->`: names the job a pull request belongs to, on a line of its own. */
export function jobMarker(jobId: string): string {
  return `<!-- docs-agent-job: ${jobId} -->`;
}

/** The first line of every reply: replies are never read for markers (they quote instructions). */
export const REPLY_MARKER = '<!-- docs-agent-reply -->';

const MARKER_LINE = /^[ \t]*<!-- docs-agent-job: (\S+) -->[ \t]*$/gm;

/** The job ids of the markers in a text, in order (ids that are not service ids are skipped). */
export function markersIn(text: string): string[] {
  return [...text.matchAll(MARKER_LINE)]
    .map((m) => m[1]!)
    .filter((id) => SERVICE_ID_PATTERN.test(id));
}

export function isReply(body: string): boolean {
  return body.startsWith(REPLY_MARKER);
}

/** An item of the review loop, as a mark line names it. */
export interface MarkedItem {
  kind: 'comment' | 'review';
  /** For a comment: issue (conversation) or review (diff); GitHub numbers each apart. */
  commentKind?: 'issue' | 'review';
  id: number;
}

/**
 * What a reply of the action says of an item, on a hidden line of its own: `taken` (this action
 * claimed it: sent, or answered; never sent again), `no-job` (told there is no job: not taken, sent
 * once a job is named) or `stale` (told it is too old to send).
 */
export type MarkTag = 'taken' | 'no-job' | 'stale';

/** `<!-- docs-agent-taken: issue comment 123 -->`, `<!-- docs-agent-no-job: review 456 -->`. */
export function itemLine(tag: MarkTag, item: MarkedItem): string {
  const what = item.kind === 'review' ? 'review' : `${item.commentKind ?? 'issue'} comment`;
  return `<!-- docs-agent-${tag}: ${what} ${item.id} -->`;
}

/** A reply's `taken` line (itemLine's), with the item it names as the log does: `Comment 123`. */
export function takenLineIn(body: string): { line: string; what: string } | undefined {
  const found = /^<!-- docs-agent-taken: (issue comment|review comment|review) (\d+) -->$/m.exec(
    body,
  );
  const what = found && `${found[1] === 'review' ? 'Review' : 'Comment'} ${found[2]}`;
  return found && what ? { line: found[0], what } : undefined;
}

/** A link a reply gives as `[…](https://…)`: plain https, nothing a link text could break. */
export const HTTPS_LINK = String.raw`https:\/\/[^\s<>()[\]\`]+`;

/** Who wrote a comment, as far as a reply's check needs. */
type Written = { body: string; author: { bot: boolean; login?: string } };

/**
 * Whether a comment is a reply of this action: its hidden marker, written by the run's own
 * identity (`self`: github-token's login, as GitHub names it: `github-actions[bot]`, a personal
 * access token's user, a GitHub App's bot). Both, since anyone can paste the marker. Without
 * `self` (a caller that never read it), an app's reply.
 */
export function isOwnReply(comment: Written, self?: string): boolean {
  if (!isReply(comment.body)) return false;
  return self === undefined ? comment.author.bot : comment.author.login === self;
}

/** Whether a reply of this action (isOwnReply) holds that line for that item. */
export function markedIn(
  comments: readonly Written[],
  tag: MarkTag,
  item: MarkedItem,
  self?: string,
): boolean {
  const line = itemLine(tag, item);
  return comments.some((c) => isOwnReply(c, self) && c.body.split('\n').some((l) => l === line));
}

/** A reply's body with the item's mark on its second line (after REPLY_MARKER). */
export function marked(body: string, mark: string | undefined): string {
  if (mark === undefined) return body;
  return body.replace(`${REPLY_MARKER}\n`, `${REPLY_MARKER}\n${mark}\n`);
}

/** The one reply to an item too old to send (its `stale` line: never said twice). */
export function staleReply(item: MarkedItem & { url: string; createdAt: string }): string {
  return [
    REPLY_MARKER,
    itemLine('stale', item),
    `⌛ **Not sent**: [this instruction](${item.url}) (${item.createdAt || 'no date'}) is more than a day older than the event that started this run, so it was not sent: the pull request may have moved on since. To send it now, write it in a new comment.`,
    '',
  ].join('\n');
}

/** The links a comment shows: the workflow run. */
export interface CommentLinks {
  run?: string;
}

/** The columns of the job's table: GitHub shows the first row as the header, so it names them. */
const JOB_COLUMNS: [string, string] = ['Docs agent', 'Now'];

function jobRows(job: AgentJob, links: CommentLinks): [string, string][] {
  const rows: [string, string][] = [
    ['Agent job', inlineCode(job.id)],
    ['Status', inlineCode(job.status)],
  ];
  if (job.model) rows.push(['Model', inlineCode(job.model)]);
  if (job.source?.ref) rows.push(['Branch', inlineCode(job.source.ref)]);
  if (links.run) rows.push(['Workflow run', `[${links.run}](${links.run})`]);
  return rows;
}

/** The announce: the job, its status and model, and how to ask for changes. */
export function announceBody(job: AgentJob, command: string, links: CommentLinks): string {
  return [
    jobMarker(job.id),
    `**Docs agent**: this pull request is the work of agent job ${inlineCode(job.id)}.`,
    '',
    factTable(jobRows(job, links), JOB_COLUMNS),
    '',
    'To ask the agent for changes, comment on this pull request (in the conversation, or on a line of the diff) with the command, then the instruction:',
    '',
    codeBlock(`${command} also fix the broken link in the quickstart`),
    '',
    'Only people with write access to the repository can steer the agent. Each instruction uses one of the 100 follow-up messages the project has per hour.',
    '',
  ].join('\n');
}

/** How a follow-up ended, as the reply tells it. */
export type FollowUpOutcome =
  | {
      kind: 'completed';
      job: AgentJob;
      /** What happened to the pull request the comment is on. */
      change:
        | { pr: 'updated'; before: string; after: string }
        | { pr: 'unchanged' }
        | { pr: 'other'; link: string }
        | { pr: 'none' }
        | { pr: 'unknown' };
    }
  | { kind: 'archived'; job: AgentJob }
  /** Sent, and not waited for (wait: false): the job's answer may show its past, not reported. */
  | { kind: 'sent'; job: AgentJob }
  /** Sent, but within pickup-grace the job never showed that it took the message up. */
  | { kind: 'unconfirmed'; job: AgentJob; graceMs: number; asBefore: boolean }
  | { kind: 'failed'; job: AgentJob }
  | { kind: 'rate-limited'; retryAfterMs: number | undefined; now: number }
  | { kind: 'timeout'; jobId: string; timeoutMs: number }
  | { kind: 'cancelled'; jobId: string }
  /** Stopped before the instruction was sent, or before the service answered it (`maybe`). */
  | {
      kind: 'not-sent';
      jobId: string;
      /** `no-answer`: the message got no answer, and no pickup sign settled it (maybe sent). */
      reason: 'cancelled' | 'timeout' | 'no-answer' | 'unreachable';
      maybe: boolean;
    }
  /** The follow-up could not be sent or followed (the service refused it, the network failed). */
  | { kind: 'error'; jobId: string; message: string };

/** The comment a reply answers, and who wrote it (a login: letters, digits, `-`, `[bot]`). */
export interface Asked {
  instruction: string;
  login: string;
  url: string;
  /** How much hidden text was removed from the comment before sending (`visible.ts`). */
  hidden?: string | undefined;
  /** The claim's mark line (`itemLine('taken', …)`), kept in the reply that tells the outcome. */
  mark?: string;
  /** The items this run left untaken after this one: they wait for a later run. */
  waiting?: Waiting[] | undefined;
}

/** An item left untaken, as a reply lists it: `Comment 123`, and its link. */
export interface Waiting {
  what: string;
  url: string;
}

/** The paragraph that lists the items left untaken after this one (none: empty). */
function waitingNote(waiting: Waiting[] | undefined): string {
  if (!waiting?.length) return '';
  const items = waiting.map((w) => `- [${w.what}](${w.url})`);
  return [
    '',
    `Not sent by this run, so that nothing is sent on top of this instruction while its result is unknown: ${waiting.length === 1 ? 'this instruction waits' : `these ${waiting.length} instructions wait`}, untaken, for the next run of the review loop on this pull request (a re-run of this workflow, or any new comment or review):`,
    '',
    ...items,
    '',
  ].join('\n');
}

const short = (sha: string) => inlineCode(sha.slice(0, 7));

/** A link from the service, clickable when it is a plain https address, else shown as code. */
function serviceLink(link: string): string {
  return new RegExp(`^${HTTPS_LINK}$`).test(link) ? `[${link}](${link})` : inlineCode(link);
}

/** The headline of a reply, by outcome. */
function headline(outcome: FollowUpOutcome): string {
  switch (outcome.kind) {
    case 'completed': {
      const id = inlineCode(outcome.job.id);
      const { change } = outcome;
      if (change.pr === 'updated')
        // The head moved since the send; who moved it is not read here (a reviewer may have too).
        return `✅ **Done**: agent job ${id} completed; this pull request has new commits (${short(change.before)} → ${short(change.after)}).`;
      if (change.pr === 'unchanged')
        return `✅ **Done**: agent job ${id} completed; this pull request did not change (no new commit).`;
      if (change.pr === 'other')
        return `✅ **Done**: agent job ${id} completed, with its changes in another pull request: ${serviceLink(change.link)}.`;
      if (change.pr === 'none')
        return `✅ **Done**: agent job ${id} completed without changing any file.`;
      return `✅ **Done**: agent job ${id} completed (see the pull request for its changes).`;
    }
    case 'archived':
      return `⚠️ **Archived**: agent job ${inlineCode(outcome.job.id)} is archived; start a new job for more changes.`;
    case 'sent':
      return `📨 **Sent**: the instruction was sent to agent job ${inlineCode(outcome.job.id)}; this run did not wait for its result (wait: false).`;
    case 'unconfirmed':
      return `❔ **Not confirmed**: the instruction was sent to agent job ${inlineCode(outcome.job.id)}, but within ${formatDuration(outcome.graceMs)} (pickup-grace) the job never showed that it took it up: ${outcome.asBefore ? `it still shows ${inlineCode(outcome.job.status)}, as before` : `it shows ${inlineCode(outcome.job.status)}`}. No result is reported: a follow-up that changed nothing cannot be told from one never taken up. Check the job in the dashboard.`;
    case 'failed': {
      const reason = outcome.job.error
        ? `The service says: ${inlineCode(outcome.job.error)}`
        : 'The service gave no reason: look at the job in the dashboard.';
      return `❌ **Failed**: agent job ${inlineCode(outcome.job.id)} failed. ${reason}`;
    }
    case 'rate-limited': {
      const when =
        outcome.retryAfterMs !== undefined
          ? `Try again in ${formatDuration(outcome.retryAfterMs)} (after ${new Date(outcome.now + outcome.retryAfterMs).toISOString().slice(11, 16)} UTC).`
          : 'Try again within the hour.';
      return `⏸️ **Hourly limit reached**: the service takes 100 follow-up messages per project per hour, and refused this one (HTTP 429). ${when}`;
    }
    case 'timeout':
      return `⏳ **Still working**: agent job ${inlineCode(outcome.jobId)} did not finish within the time limit of ${formatDuration(outcome.timeoutMs)}. The agent keeps working on the service: check job ${inlineCode(outcome.jobId)} later.`;
    case 'cancelled':
      return `⏹️ **Cancelled**: the workflow run stopped while waiting for agent job ${inlineCode(outcome.jobId)}; the agent keeps working on the service.`;
    case 'not-sent': {
      if (outcome.reason === 'no-answer')
        return `❔ **May have been delivered**: the message to agent job ${inlineCode(outcome.jobId)} got no answer, and within pickup-grace the job showed no sign of taking it up. The service may have it all the same: check the job in the dashboard. No run sends this instruction again by itself; to send it again on purpose, write it in a new comment.`;
      if (outcome.reason === 'unreachable')
        return `⏹️ **Not sent**: the service could not be reached (the connection was refused, or its host not found), so the instruction never left for agent job ${inlineCode(outcome.jobId)}.`;
      const why = outcome.reason === 'timeout' ? 'reached its time limit' : 'was cancelled';
      return outcome.maybe
        ? `❔ **Maybe sent**: the workflow run ${why} while the instruction was on its way to agent job ${inlineCode(outcome.jobId)}, before the service answered: it may have taken it. Check the job in the dashboard before asking again, or it may be sent twice.`
        : `⏹️ **Not sent**: the workflow run ${why} before the instruction was sent to agent job ${inlineCode(outcome.jobId)}; nothing was sent. Comment it again to send it.`;
    }
    case 'error':
      return `❌ **Not done**: the instruction for agent job ${inlineCode(outcome.jobId)} could not be followed up: ${inlineCode(outcome.message)}`;
  }
}

function askedBy(asked: Asked): string {
  return `[Instruction](${asked.url}) from ${inlineCode(asked.login)}`;
}

/** The part most replies have: whose instruction, quoted as data. */
function quoted(asked: Asked): string {
  const hidden = asked.hidden
    ? `\n\nRemoved before sending, as readers of the comment cannot see it: ${asked.hidden}.`
    : '';
  return `${askedBy(asked)}:\n\n${excerpt(asked.instruction, asked.url)}${hidden}`;
}

/**
 * The most of a text a reply quotes: GitHub refuses a comment body over 65,536 characters, and a
 * reply holds its own lines beside the quote.
 */
export const MAX_QUOTE = 20_000;

/** A text quoted as code, cut to MAX_QUOTE characters with a link to the whole of it. */
function excerpt(text: string, url: string): string {
  const chars = [...text];
  if (chars.length <= MAX_QUOTE) return codeBlock(text);
  return `${codeBlock(chars.slice(0, MAX_QUOTE).join(''))}\n\n(The first ${MAX_QUOTE} of ${chars.length} characters; the whole text: [the instruction](${url}).)`;
}

/** One instruction of a review, as its reply lists it. */
export interface SentPart {
  /** `the review's summary`, or where a comment on the diff is (`quickstart.mdx`, line 15). */
  what: string;
  url: string;
  /** Why it was left out (nothing after the command, …); undefined: it was sent. */
  refused?: string;
  /** How much hidden text was removed before sending (`visible.ts`). */
  hidden?: string;
}

/** What a review's reply lists: who asked, each instruction, the prompt sent as a whole. */
export interface ReviewAsked {
  reviewId: number;
  login: string;
  url: string;
  parts: SentPart[];
  /** The whole text sent to the agent. */
  prompt: string;
  /** The claim's mark lines, kept in the reply (else the review's `taken` line). */
  mark?: string;
  /** The items this run left untaken after this one. */
  waiting?: Waiting[] | undefined;
}

function reviewListing(asked: ReviewAsked): string {
  const sent = asked.parts.filter((p) => !p.refused).length;
  const items = asked.parts.map(
    (p, i) => `${i + 1}. [${p.what}](${p.url})${p.refused ? `: not sent, it ${p.refused}` : ''}`,
  );
  return [
    `[Review](${asked.url}) from ${inlineCode(asked.login)}: ${sent} instruction${sent === 1 ? '' : 's'} sent as one follow-up:`,
    '',
    ...items,
    '',
    'The text sent:',
    '',
    excerpt(asked.prompt, asked.url),
  ].join('\n');
}

/** The reply to a review once its follow-up has ended (the same comment, edited). */
export function reviewReplyBody(
  outcome: FollowUpOutcome,
  asked: ReviewAsked,
  links: CommentLinks,
): string {
  const job = 'job' in outcome ? shownJob(outcome) : undefined;
  const details = job ? `\n${factTable(jobRows(job, links), JOB_COLUMNS)}\n` : '';
  const mark = asked.mark ?? itemLine('taken', { kind: 'review', id: asked.reviewId });
  return `${REPLY_MARKER}\n${mark}\n${headline(outcome)}\n\n${reviewListing(asked)}\n${details}${waitingNote(asked.waiting)}`;
}

/**
 * The job as a reply shows it. Sent (not waited for) or unconfirmed, what the job shows may be
 * from before the message: neither its status nor its branch is told as this follow-up's.
 */
function shownJob(outcome: FollowUpOutcome & { job: AgentJob }): AgentJob {
  if (outcome.kind !== 'sent' && outcome.kind !== 'unconfirmed') return outcome.job;
  const { source } = outcome.job;
  return { ...outcome.job, status: outcome.kind, source: source && { ...source, ref: undefined } };
}

/** The reply in the thread, once the follow-up has ended one way or another. */
export function replyBody(outcome: FollowUpOutcome, asked: Asked, links: CommentLinks): string {
  const job = 'job' in outcome ? shownJob(outcome) : undefined;
  const details = job ? `\n${factTable(jobRows(job, links), JOB_COLUMNS)}\n` : '';
  const run = !job && links.run ? `\n[Workflow run](${links.run})\n` : '';
  return marked(
    `${REPLY_MARKER}\n${headline(outcome)}\n\n${quoted(asked)}\n${details}${run}${waitingNote(asked.waiting)}`,
    asked.mark,
  );
}

/** The reply when no marker names the agent job of the pull request. */
export function noMarkerReply(asked: Asked, command: string, item: MarkedItem): string {
  return [
    REPLY_MARKER,
    itemLine('no-job', item),
    `ℹ️ **No agent job**: nothing on this pull request names the agent job to send the instruction to, so it was not sent.`,
    '',
    `The agent finds its job through the hidden line ${inlineCode('<!-- docs-agent-job: <job id> -->')} in its own comment, or in a comment or pull request description written by someone with write access. It comments on the pull requests that its jobs open; for another pull request, add that line in a comment of your own. The instruction above is kept: it is sent with the next ${inlineCode(command)} comment or review on this pull request within a day, so there is no need to repeat it.`,
    '',
    quoted(asked),
    '',
  ].join('\n');
}

/**
 * The reply when the instruction is refused before anything is sent (empty, too long, a control
 * character): not quoted, as there is nothing, too much, or something invisible to show.
 */
export function refusedReply(asked: Asked, problem: string, command: string): string {
  const body = [
    REPLY_MARKER,
    `⚠️ **Not sent**: the instruction in [this comment](${asked.url}) from ${inlineCode(asked.login)} ${problem}. Write it after the command, e.g. ${inlineCode(`${command} document the new --dry-run flag`)}; retype it if it was pasted (control characters often come along).`,
    '',
  ].join('\n');
  return marked(body, asked.mark);
}
