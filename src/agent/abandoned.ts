/**
 * Claims whose run stopped without a word. A run that is killed (SIGKILL, its runner lost) runs
 * no handler: its claim reply keeps the `taken` line and the line naming its run (run-mark.ts),
 * and says "Sending" for ever, while the item stays taken. Every sweep looks for such replies of
 * other runs and asks GitHub about each run named (`actions: read`). A run GitHub shows
 * `completed` either finished and left its outcome on the claim (reported.ts) without writing it
 * on its reply, which is written now; or stopped without reporting, after the claim and perhaps
 * after the send: the instruction may have been delivered, so the reply is edited to say so and
 * how to send it again on purpose; the item stays taken (never resent by itself) and the run's
 * line goes, so the next sweep leaves it. A run still going, or a read GitHub refuses, changes
 * nothing.
 */
import { describeGitHubFailure } from '../github/api-error.js';
import type { CommentKind, CommentWriter, IssueComment } from '../github/pull-request.js';
import type { Logger } from '../shared/logger.js';
import { printable } from '../shared/text.js';
import { HTTPS_LINK, isOwnReply, REPLY_MARKER, takenLineIn } from './comment.js';
import { runIn, sameRun, type RunId } from './run-mark.js';
import { claimIn, claimsOf, keysIn, marksIn, releasedBody } from './claim-ref.js';
import { inlineCode } from '../shared/markdown.js';
import { outcomeLeft } from './reported.js';

/** The link to the item in a claim's text (claimBody), when it is a plain https address. */
const ITEM_LINK = new RegExp(`\\]\\((${HTTPS_LINK})\\)`);

/** A claim reply still waiting for its run's outcome. */
interface OpenClaim {
  reply: IssueComment;
  kind: CommentKind;
  /** Its `taken` line, kept as it is. */
  taken: string;
  /** `Comment 123`, `Review 456`, as the log names items. */
  what: string;
  run: RunId;
  itemUrl: string | undefined;
}

function openClaim(reply: IssueComment, kind: CommentKind, self?: string): OpenClaim | undefined {
  if (!isOwnReply(reply, self)) return undefined;
  const run = runIn(reply.body);
  const taken = takenLineIn(reply.body);
  if (!run || !taken) return undefined;
  const { line, what } = taken;
  return { reply, kind, taken: line, what, run, itemUrl: ITEM_LINK.exec(reply.body)?.[1] };
}

/** The run named, in the reply and the log: `workflow run 111 (attempt 2)`. */
function runName(run: RunId): string {
  return `workflow run ${run.id}${run.attempt > 1 ? ` (attempt ${run.attempt})` : ''}`;
}

/** The claim's reply once its run is found stopped: the item stays taken, maybe delivered. */
function abandonedBody(claim: OpenClaim, runUrl: string | undefined, command: string) {
  const name = runUrl ? `[${runName(claim.run)}](${runUrl})` : runName(claim.run);
  const item = claim.itemUrl ? `[this instruction](${claim.itemUrl})` : 'this instruction';
  return [
    REPLY_MARKER,
    ...marksIn(claim.reply.body),
    `❔ **May have been delivered**: ${name} claimed ${item} and stopped without saying what became of it (it was killed, or its runner was lost), perhaps after sending it. The agent job may have it: check the job in the dashboard. No run sends this instruction again by itself; to send it again on purpose, write it in a new ${inlineCode(command)} comment.`,
    '',
  ].join('\n');
}

/**
 * What GitHub says of a run: stopped (`over`), still going, or nothing it would say (`unread`:
 * then the claim may say "Sending" for ever, which a warning makes seen).
 */
type Verdict =
  { over: true; url: string | undefined } | { over: false; why: string; unread?: true };

/** What the sweep needs: the writer, this run, the command, the log. */
export interface AbandonedContext {
  writer: CommentWriter;
  /** This run: its own claims are not abandoned; an earlier attempt of it is over. */
  run: RunId | undefined;
  command: string;
  /** The pull request whose claims these are. */
  number: number;
  /** github-token's login: whose replies are this action's (isOwnReply). */
  self?: string;
  logger: Logger;
  redact: (text: string) => string;
}

async function verdictOf(run: RunId, context: AbandonedContext): Promise<Verdict> {
  const own = context.run;
  // GitHub re-runs only a completed run: an earlier attempt of this run is over.
  if (own && own.id === run.id && run.attempt < own.attempt) return { over: true, url: undefined };
  try {
    const found = await context.writer.api.workflowRun(run.id);
    if (found.status === 'completed') return { over: true, url: found.url };
    return { over: false, why: `is ${printable(found.status)} on GitHub: its claim stands` };
  } catch (error) {
    const { answer, fix } = describeGitHubFailure(
      error,
      'Give the job "permissions: actions: read" so that a later run can tell whether it stopped.',
      (text) => context.redact(printable(text)),
    );
    return {
      over: false,
      why: `could not be read: ${answer}. ${fix} Nothing was changed`,
      unread: true,
    };
  }
}

/**
 * A claim whose run is over, settled by its lead ref (every part's ref points at the same
 * commit): at the reply's claim commit, the run stopped without a word (false: the caller says
 * it may have been delivered); at a child of it holding an outcome (reported.ts), the run
 * finished but could not write its reply, which is written now from it; absent, or elsewhere,
 * the run never held the item or gave it back, so nothing was sent under it: the reply says so
 * and loses its marks. A read GitHub refuses, or a reply of an earlier version (no claim
 * commit), leaves it to the caller (false).
 */
async function settled(claim: OpenClaim, body: string, context: AbandonedContext) {
  const sha = claimIn(body);
  const key = keysIn(body)[0];
  if (!sha || !key) return false;
  let held: string | undefined;
  try {
    held = await context.writer.api.refSha(`${claimsOf(context.number)}${key}`);
  } catch {
    return false;
  }
  if (held === sha) return false;
  const left = held === undefined ? undefined : await outcomeLeft(held, sha, context.writer.api);
  if (left !== undefined) {
    const edited = await context.writer.editReply(claim.kind, claim.reply.id, left);
    context.logger.info(
      `${claim.what}: ${runName(claim.run)} finished and left its outcome on the claim, but did not write it on its reply; written now.${edited ? ` ${edited.url}` : ''}`,
    );
    return true;
  }
  const why = `${runName(claim.run)} did not hold the claim on it when it stopped (its ref was never created, or was deleted)`;
  const edited = await context.writer.editReply(
    claim.kind,
    claim.reply.id,
    releasedBody({ url: claim.itemUrl ?? '' }, why, held === undefined),
  );
  context.logger.info(
    `${claim.what}: ${why}; nothing was sent under it.${edited ? ` Said so in ${edited.url}` : ''}`,
  );
  return true;
}

/** Says, on each claim whose run stopped without reporting, that it may have been delivered. */
export async function sayAbandoned(
  lists: { issueComments: IssueComment[]; reviewComments: IssueComment[] },
  context: AbandonedContext,
): Promise<void> {
  const claims = [
    ...lists.issueComments.map((c) => openClaim(c, 'issue', context.self)),
    ...lists.reviewComments.map((c) => openClaim(c, 'review', context.self)),
  ].filter((c): c is OpenClaim => c !== undefined && !sameRun(c.run, context.run));
  // One question, and one line, per run named.
  const asked = new Map<string, Promise<Verdict>>();
  for (const claim of claims) {
    const key = `${claim.run.id}/${claim.run.attempt}`;
    const known = asked.has(key);
    let verdict = asked.get(key);
    if (!verdict) asked.set(key, (verdict = verdictOf(claim.run, context)));
    const said = await verdict;
    if (!said.over) {
      if (known) continue;
      const line = `${claim.what}: claimed by ${runName(claim.run)}, which has not reported; that run ${said.why}.`;
      if (said.unread) context.logger.warning(line);
      else context.logger.info(line);
      continue;
    }
    // Read again: the run may have said its outcome (which drops the run line) since the lists
    // were read, and that must not be overwritten.
    const now = await context.writer.attempt(
      `read reply ${claim.reply.id} again`,
      (api) =>
        claim.kind === 'review'
          ? api.reviewComment(claim.reply.id)
          : api.issueComment(claim.reply.id),
      'The claim is left as it is.',
    );
    if (!now || !sameRun(runIn(now.body), claim.run)) continue;
    if (await settled(claim, now.body, context)) continue;
    const edited = await context.writer.editReply(
      claim.kind,
      claim.reply.id,
      abandonedBody(claim, said.url, context.command),
      'The reply still says "Sending"; the instruction stays taken, and no run sends it by itself.',
    );
    context.logger.warning(
      `${claim.what}: ${runName(claim.run)} claimed it and stopped without reporting (killed, or its runner lost), perhaps after sending it: the instruction may have been delivered. It stays taken and is not sent again; to send it again, write it in a new ${context.command} comment.${edited ? ` Said so in ${edited.url}` : ''}`,
    );
  }
}
