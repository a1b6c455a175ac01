/**
 * One follow-up of the review loop, from the claim to the reply: the item is taken (a comment's
 * 👀, whose 200 answer says this identity took it before; a review's reply, posted before the send
 * with the taken line), the text is sent once and waited for, the reply tells the outcome, then
 * +1 or -1 and the announce. Whatever happens after the claim, the item is not sent again.
 */
import type { CommentWriter, PullRequest, Reaction } from '../github/pull-request.js';
import { printable } from '../shared/text.js';
import { announce } from './announce.js';
import {
  refusedReply,
  replyBody,
  reviewReplyBody,
  reviewSendingBody,
  type ReviewAsked,
} from './comment.js';
import { promptOf, type FollowUpItem } from './items.js';
import type { AgentActionInputs } from './inputs.js';
import { outcomeOf, settle, WELL } from './outcome.js';
import type { PullRequestSide } from './announce.js';
import type { FollowUpOutcome } from './comment.js';
import type { FollowUpInputs } from './inputs.js';
import type { AgentResult, AgentState, FollowUpDeps } from './state.js';
import type { OutsideSign } from './pickup.js';
import { commitSign } from './commit-sign.js';

export interface ReviewLoopDeps extends FollowUpDeps {
  /** Shared with `send`: the job it last saw (a failed job's reason), the reply's link. */
  state: AgentState;
  side: PullRequestSide;
  /** Sends the follow-up and waits for the job (the pipeline's `followUp`). */
  send(inputs: FollowUpInputs, extra?: { pickupSign?: OutsideSign }): Promise<AgentResult>;
  redact(text: string): string;
  now?: () => number;
}

export interface ReviewLoopResult {
  /** The text sent, once it was sent. */
  instruction?: string;
  outcome?: FollowUpOutcome;
  result?: AgentResult;
  /** What ended the follow-up: the caller fails the step with it, after the reply. */
  error?: Error;
  commentUrl?: string;
}

/** The pull request the item is on, its job, and the writer. */
export interface ItemContext {
  jobId: string;
  /** The pull request as it was before this follow-up (its head). */
  pull: PullRequest;
  writer: CommentWriter;
  deps: ReviewLoopDeps;
}

/** What an item is called in the log. */
function named(item: FollowUpItem): string {
  return item.kind === 'review' ? `Review ${item.id}` : `Comment ${item.id}`;
}

/** Reactions on an item: on the comment, or on each diff comment of a review (in order). */
async function reactOn(item: FollowUpItem, writer: CommentWriter, content: Reaction) {
  if (item.kind === 'comment') {
    await writer.react(item.commentKind, item.id, content);
    return;
  }
  for (const part of item.parts)
    if (part.comment) await writer.react('review', part.comment.id, content);
}

/**
 * What a refused mark (a comment's 👀, a review's first reply) means, in its warning: the item is
 * still sent, as the job should not wait on a permission of the workflow, but nothing on the pull
 * request says it was taken.
 */
const UNMARKED =
  'The instruction is sent without the mark that it was taken, so the next run of the review loop on this pull request (a re-run, or the run of a later /agent item) would send it again.';

/**
 * Takes a comment: its 👀, which GitHub answers 200 when this identity had added it before (the
 * comment was taken by an earlier run). When GitHub refuses the reaction, the item is taken
 * without a mark, and the warning says so (UNMARKED).
 */
async function claimComment(item: FollowUpItem, writer: CommentWriter): Promise<boolean> {
  return (await writer.react(item.commentKind, item.id, 'eyes', UNMARKED)) !== 'already';
}

/** Handles one item; undefined when an earlier run took it. */
export async function followUpItem(
  inputs: AgentActionInputs,
  item: FollowUpItem,
  context: ItemContext,
): Promise<ReviewLoopResult | undefined> {
  const { writer, deps, jobId } = context;
  const number = context.pull.number;
  if (item.kind === 'comment' && !(await claimComment(item, writer))) {
    deps.reporter.info(`${named(item)}: taken by an earlier run (its 👀); not sent again.`);
    return undefined;
  }
  const { prompt, parts } = promptOf(item);
  const hidden = item.kind === 'comment' ? parts[0]?.hidden : undefined;
  const asked = { instruction: prompt, login: item.author.login, url: item.url, hidden };
  for (const part of parts)
    if (part.hidden) deps.reporter.info(`${named(item)}: removed hidden text, ${part.hidden}.`);
  const review: ReviewAsked = {
    reviewId: item.id,
    login: item.author.login,
    url: item.url,
    parts,
    prompt,
  };
  let replyId: number | undefined;
  const reply = async (body: string, consequence?: string) => {
    const posted =
      item.kind === 'comment'
        ? await writer.reply(number, item.commentKind, item.threadId, body)
        : replyId !== undefined
          ? await writer.editComment(replyId, body)
          : await writer.comment(number, body, consequence);
    replyId ??= posted?.id;
    deps.state.commentUrl = posted?.url;
    return posted?.url;
  };
  if (prompt === '') {
    const problem = parts.map((p) => p.refused).find(Boolean) ?? 'is empty';
    const url = await reply(
      item.kind === 'comment'
        ? refusedReply(asked, problem, inputs.command)
        : reviewReplyBody(
            { kind: 'error', jobId, message: 'no instruction of the review could be sent' },
            review,
            deps.side.links,
          ),
    );
    deps.reporter.info(
      `${named(item)}: the instruction ${problem}; nothing was sent.${url ? ` Replied: ${url}` : ''}`,
    );
    return { commentUrl: url };
  }
  if (item.kind === 'review') {
    // The mark comes first: a run stopped after it never sends the review a second time (when
    // GitHub takes the mark; UNMARKED says what follows when it does not).
    await reply(reviewSendingBody(review, jobId), UNMARKED);
  }
  // A comment has its 👀 from the claim; a review's diff comments get theirs now.
  if (item.kind === 'review') await reactOn(item, writer, 'eyes');
  return sendAndReply(inputs, { ...context, item, prompt }, (outcome) =>
    reply(
      item.kind === 'comment'
        ? replyBody(outcome, asked, deps.side.links)
        : reviewReplyBody(outcome, review, deps.side.links),
    ),
  );
}

/** The send (once), the wait, the reply, +1 or -1, the announce. */
async function sendAndReply(
  inputs: AgentActionInputs,
  context: ItemContext & { item: FollowUpItem; prompt: string },
  reply: (outcome: FollowUpOutcome) => Promise<string | undefined>,
): Promise<ReviewLoopResult> {
  const { jobId, pull, writer, deps, item, prompt } = context;
  deps.reporter.info(
    `Pull request #${pull.number}: ${item.kind === 'review' ? `a review with ${item.parts.length} instructions` : 'an instruction'} of ${prompt.length} characters from ${printable(item.author.login)} for agent job ${jobId}.`,
  );
  // New commits on the pull request, all by its author (the agent's app) on top of the head
  // before, show the job took the message up even when it never showed active between two looks.
  const pickupSign = commitSign(pull, writer, deps.reporter);
  const sent = await settle(deps.send({ ...inputs, prompt, jobId }, { pickupSign }));
  const outcome = await outcomeOf(sent, {
    jobId,
    timeoutMs: inputs.timeoutMs,
    pickupGraceMs: inputs.pickupGraceMs,
    pull,
    writer,
    ...deps,
  });
  const url = await reply(outcome);
  if (url) deps.reporter.info(`Replied on pull request #${pull.number}: ${url}`);
  await reactOn(item, writer, WELL.has(outcome.kind) ? '+1' : '-1');
  // The announce shows the job's latest status.
  if (sent.result?.outcome === 'final') await announce(sent.result.job, deps.side, deps.reporter);
  return { instruction: prompt, outcome, ...sent, commentUrl: url };
}
