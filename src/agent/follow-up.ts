/**
 * One follow-up of the review loop, from the claim to the reply: the item is claimed (claim.ts),
 * read again, its current text sent once and waited for, the claim's reply edited with the
 * outcome, then +1 or -1 and the announce. A run stopped before the send gives the claim back;
 * once the message may have gone out, the item stays taken and no run sends it by itself.
 */
import type { CommentWriter, PullRequest, Reaction } from '../github/pull-request.js';
import { printable } from '../shared/text.js';
import { announce } from './announce.js';
import { refusedReply, replyBody, reviewReplyBody, type ReviewAsked } from './comment.js';
import { claim, CLAIM_FIX, NOT_CLAIMED, release, reread, type Claimed } from './claim.js';
import { claimMarks, claimsOf } from './claim-ref.js';
import { WRITES_FIX } from '../github/pull-request.js';
import { UserError } from '../shared/errors.js';
import { named, promptOf, type FollowUpItem } from './items.js';
import { MAX_PROMPT_LENGTH, type AgentActionInputs } from './inputs.js';
import { HOLDS_THE_REST, outcomeOf, settle, WELL } from './outcome.js';
import type { PullRequestSide } from './announce.js';
import type { FollowUpOutcome } from './comment.js';
import type { FollowUpInputs } from './inputs.js';
import type { AgentResult, AgentState, FollowUpDeps } from './state.js';
import type { OutsideSign } from './pickup.js';
import { commitSign } from './commit-sign.js';
import { sentLines } from './edited.js';
import { leaveOutcome } from './reported.js';

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
  /**
   * The item was not claimed (GitHub refused the claim, or its answer was lost and the reply not
   * found): nothing was sent, and the items after it wait too.
   */
  unclaimed?: boolean;
}

/** The pull request the item is on, its job, and the writer. */
export interface ItemContext {
  jobId: string;
  /** The pull request as it was before this follow-up (its head). */
  pull: PullRequest;
  writer: CommentWriter;
  deps: ReviewLoopDeps;
  /** The items this run would send after this one (they wait when this one holds them). */
  after?: FollowUpItem[];
  /** github-token's login: whose replies are this action's (isOwnReply). */
  self?: string;
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
 * Handles one item: claim, read again, send, reply. Undefined when nothing was sent and nothing
 * is to be said (another run took it; it was deleted or withdrawn after the claim); `unclaimed`
 * when GitHub refused the claim (nothing sent: the run fails, the item waits for a later run).
 */
export async function followUpItem(
  inputs: AgentActionInputs,
  listed: FollowUpItem,
  context: ItemContext,
): Promise<ReviewLoopResult | undefined> {
  const { writer, deps, jobId } = context;
  const number = context.pull.number;
  const answer = await claim(listed, {
    number,
    jobId,
    writer,
    log: (line) => deps.reporter.info(line),
    run: deps.side.run,
    self: context.self,
  });
  if ('taken' in answer) {
    deps.reporter.info(`${named(listed)}: ${answer.taken}; not sent again.`);
    return undefined;
  }
  if ('refused' in answer)
    return {
      unclaimed: true,
      error: new UserError(
        answer.mayBeThere
          ? `${named(listed)} was not sent: ${answer.refused}. The ref may have been created all the same, holding the instruction as taken, and then no run sends it: if no reply to it says "Sending", delete the ref (gh api -X DELETE repos/{owner}/{repo}/git/${answer.ref ?? claimsOf(number)}); the next run of the review loop on this pull request then sends it.`
          : `${named(listed)} was not claimed: ${answer.refused}. ${NOT_CLAIMED} ${CLAIM_FIX} ${WRITES_FIX}`,
      ),
    };
  // The parts this run holds: another run sends any part it claimed first.
  const { claimed, item: found } = answer;
  // Read again after the claim: what is sent is the text as it is now, not as the sweep saw it.
  let item: FollowUpItem | 'deleted' | 'withdrawn';
  try {
    item = await reread(found, number, writer.api, inputs.command);
  } catch (error) {
    const why = `GitHub did not answer when the ${found.kind} was read again after the claim (${error instanceof Error ? printable(error.message) : 'no answer'})`;
    await release(claimed, found, writer, why);
    return { unclaimed: true, error: new UserError(`${named(found)}: ${why}. ${NOT_CLAIMED}`) };
  }
  if (item === 'deleted' || item === 'withdrawn') {
    const why =
      item === 'deleted'
        ? `the ${found.kind} was deleted after this run found it`
        : `the ${found.kind} no longer starts with ${inputs.command}`;
    // A deleted comment took its 👀 along.
    await release(
      item === 'deleted' ? { ...claimed, eyes: undefined } : claimed,
      found,
      writer,
      why,
      false,
    );
    deps.reporter.info(`${named(found)}: ${why}; nothing was sent.`);
    return undefined;
  }
  const { prompt, parts } = promptOf(item);
  const mark = claimMarks(item, claimed.sha);
  // What was sent, part by part, on hidden lines at the end of the outcome's reply: a later sweep
  // tells an edit made after the send (edited.ts).
  const sent = sentLines(item.parts.filter((_, i) => !parts[i]?.refused));
  const hidden = item.kind === 'comment' ? parts[0]?.hidden : undefined;
  const asked = { instruction: prompt, login: item.author.login, url: item.url, hidden, mark };
  for (const part of parts)
    if (part.hidden) deps.reporter.info(`${named(item)}: removed hidden text, ${part.hidden}.`);
  const review: ReviewAsked = {
    reviewId: item.id,
    login: item.author.login,
    url: item.url,
    parts,
    prompt,
    mark,
  };
  const reply = async (body: string) => {
    const posted = await writer.editReply(claimed.reply.kind, claimed.reply.id, body);
    // Not written: left on the claim, where the next run finds it and writes it (reported.ts).
    if (!posted) await leaveOutcome(claimed, body, writer, (text) => deps.redact(text));
    deps.state.commentUrl = posted?.url ?? claimed.reply.url;
    return deps.state.commentUrl;
  };
  // Over the action's limit as a whole (each part is within it): refused before anything is sent.
  const tooLong =
    prompt.length > MAX_PROMPT_LENGTH
      ? `is ${prompt.length} characters as one follow-up, more than the ${MAX_PROMPT_LENGTH} a prompt may have: write its parts as separate ${inputs.command} comments, each is then sent on its own`
      : undefined;
  if (prompt === '' || tooLong) {
    const problem = tooLong ?? parts.map((p) => p.refused).find(Boolean) ?? 'is empty';
    const url = await reply(
      item.kind === 'comment'
        ? refusedReply(asked, problem, inputs.command)
        : reviewReplyBody(
            {
              kind: 'error',
              jobId,
              message: tooLong
                ? `the review ${tooLong}`
                : 'no instruction of the review could be sent',
            },
            tooLong
              ? {
                  ...review,
                  prompt: '',
                  parts: parts.map((p) => ({
                    ...p,
                    refused: p.refused ?? 'is part of a review over the limit as a whole',
                  })),
                }
              : review,
            deps.side.links,
          ),
    );
    deps.reporter.info(
      `${named(item)}: the instruction ${problem}; nothing was sent. Replied: ${url}`,
    );
    return { commentUrl: url };
  }
  // A review's diff comments get their 👀 now (a comment has its own from the claim).
  if (item.kind === 'review') await reactOn(item, writer, 'eyes');
  if (deps.signal?.aborted) return stoppedBeforeSend(claimed, item, context);
  return sendAndReply(inputs, { ...context, item, prompt }, async (outcome) => {
    // Stopped before the message went out: nothing was sent, so the claim is given back.
    if (outcome.kind === 'not-sent' && !outcome.maybe) {
      const stop = outcome.reason === 'timeout' ? 'reached its time limit' : 'was cancelled';
      await release(
        claimed,
        item,
        writer,
        outcome.reason === 'unreachable'
          ? 'the service could not be reached (the connection was refused, or its host not found)'
          : `the workflow run ${stop} before the instruction was sent`,
      );
      deps.state.commentUrl = claimed.reply.url;
      return claimed.reply.url;
    }
    // The items after it that this run leaves untaken are listed in the outcome's reply, so none
    // waits unseen (a claim given back above says the run stopped, which is why they wait).
    const waiting = HOLDS_THE_REST.has(outcome.kind)
      ? (context.after ?? []).map((left) => ({ what: named(left), url: left.url }))
      : undefined;
    const body =
      item.kind === 'comment'
        ? replyBody(outcome, { ...asked, waiting }, deps.side.links)
        : reviewReplyBody(outcome, { ...review, waiting }, deps.side.links);
    // A 429 refused the message: nothing was sent, so no edit of it is "after sending" (edited.ts).
    const sentOnes = outcome.kind === 'rate-limited' ? '' : `\n\n${sent}`;
    return reply(`${body.replace(/\n*$/, '')}${sentOnes}\n`);
  });
}

/** A run stopped between the claim and the send gives the claim back: nothing was sent. */
async function stoppedBeforeSend(
  claimed: Claimed,
  item: FollowUpItem,
  { writer, jobId, deps }: ItemContext,
): Promise<ReviewLoopResult> {
  await release(
    claimed,
    item,
    writer,
    'the workflow run was cancelled before the instruction was sent',
  );
  deps.reporter.info(
    `${named(item)}: the run was cancelled before the send; its claim is given back.`,
  );
  return {
    outcome: { kind: 'not-sent', jobId, reason: 'cancelled', maybe: false },
    commentUrl: claimed.reply.url,
  };
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
