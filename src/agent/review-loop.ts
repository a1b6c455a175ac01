/**
 * The review loop: an event on the agent's pull request (a comment, a review) wakes it, and it
 * handles every `/agent` item on the pull request that no run took yet (items.ts), whatever event
 * started it and in whatever order events arrive: a comment is one follow-up, a review is one
 * follow-up with all its instructions. Each item is claimed durably before it is sent
 * (follow-up.ts), so a re-run, or a later run, never sends it again. Who may steer and which job
 * the pull request names are decided before anything is sent; instructions are data throughout,
 * never printed.
 */
import { describeGitHubFailure, GitHubApiError } from '../github/api-error.js';
import {
  refusal,
  type Author,
  type CommentWriter,
  type IssueComment,
  type PullRequest,
  type PullRequestApi,
} from '../github/pull-request.js';
import { UserError } from '../shared/errors.js';
import { printable } from '../shared/text.js';
import { sayAbandoned } from './abandoned.js';
import { sayEdited } from './edited.js';
import { isOwnReply, markedIn, noMarkerReply, staleReply } from './comment.js';
import { CLOSED_EVENT, REVIEW_EVENT, type AgentEvent, type PullRequestEvent } from './event.js';
import {
  followUpItem,
  type ItemContext,
  type ReviewLoopDeps,
  type ReviewLoopResult,
} from './follow-up.js';
import { reviewLoopWithoutToken, type AgentActionInputs } from './inputs.js';
import {
  followUpItems,
  isStale,
  named,
  type FollowUpItem,
  type PullRequestLists,
} from './items.js';
import { markerCandidates, newestMarker } from './markers.js';
import { claimedKeys, claimsOf } from './claim-ref.js';
import { closed } from './closed.js';
import { HOLDS_THE_REST } from './outcome.js';
import type { AgentState } from './state.js';
import type { DeliveredItem } from './outputs.js';
import { deliveredOf } from './delivered.js';

export type { ReviewLoopDeps, ReviewLoopResult } from './follow-up.js';
export {
  instructionAfter,
  markerCandidates,
  newestMarker,
  type MarkerCandidate,
} from './markers.js';

/** What started the run, as the log and the checks need it. */
function triggerOf(event: Exclude<AgentEvent, PullRequestEvent>) {
  return event.name === REVIEW_EVENT
    ? {
        what: `Review ${event.review.id}`,
        author: event.review.author,
        at: event.review.submittedAt,
        url: event.review.url,
      }
    : {
        what: `Comment ${event.comment.id}`,
        author: event.comment.author,
        at: event.comment.createdAt,
        url: event.comment.url,
      };
}

/** The steps of the review loop for one event. */
export async function reviewLoop(
  inputs: AgentActionInputs,
  event: AgentEvent,
  deps: ReviewLoopDeps,
): Promise<ReviewLoopResult> {
  if (event.name === CLOSED_EVENT) return closed(event, deps);
  const trigger = triggerOf(event);
  // Every event on a pull request ends in a sweep, whoever wrote it and whatever it says: a
  // concurrency group keeps one pending run and cancels the one before it, so the run of an
  // "LGTM", a bot's comment or a refused author's /agent may be the only one left to send an
  // instruction whose own run was cancelled. What the event holds decides nothing (the sweep reads
  // each item as a reader sees it, from GitHub's lists), so trigger and sweep cannot disagree.
  if (event.pullNumber === undefined) {
    deps.reporter.debug(
      `${trigger.what}: the comment is on an issue, not a pull request; nothing to do.`,
    );
    return {};
  }
  const writer = await deps.side.writer();
  // Not reached: the inputs refuse an empty token on a comment event, with this same error.
  if (!writer) throw reviewLoopWithoutToken();
  const self = await readGitHub('read whose account github-token is (GraphQL viewer)', () =>
    writer.api.viewer(),
  );
  // Woken by its own reply (a personal access token's or an app's writes start workflows): it
  // holds no instruction and no new item, so the run reads nothing more and writes nothing.
  if (event.name !== REVIEW_EVENT && isOwnReply(event.comment, self)) {
    deps.reporter.info(
      `${trigger.what}: a reply of this review loop (written by ${printable(self)}, github-token's account); nothing to do.`,
    );
    return {};
  }
  deps.reporter.info(
    `${trigger.what} (${event.name}, ${printable(event.action)}): looking for ${inputs.command} items on pull request #${event.pullNumber} that no run took yet.`,
  );
  const mayNotSteer = steeringCheck(writer.api);
  const number = event.pullNumber;
  const { pull, jobId, lists } = await readPullRequest(
    number,
    inputs.command,
    mayNotSteer,
    writer,
    deps,
  );
  // A merged pull request's claims are deleted (closed.ts): nothing may be sent on it any more,
  // or every instruction of its last day would be sent again.
  if (pull.merged) {
    deps.reporter.info(
      `Pull request #${number} is merged: nothing is sent on it. Ask for more changes on a new pull request.`,
    );
    return {};
  }
  lists.self = self;
  // Before the items: a claim whose run was killed is said, whatever else this run finds.
  await sayAbandoned(lists, {
    writer,
    run: deps.side.run,
    command: inputs.command,
    number,
    self: lists.self,
    logger: deps.reporter,
    redact: (text) => deps.redact(text),
  });
  // An instruction edited after its send: the change was not sent, and the reviewer is told so.
  await sayEdited(number, lists, { writer, command: inputs.command, self, logger: deps.reporter });
  const replies = [...lists.issueComments, ...lists.reviewComments];
  const items = await admitted(
    followUpItems(lists, inputs.command),
    trigger.at,
    mayNotSteer,
    { number, writer, replies, self: lists.self },
    deps,
  );
  if (items.length === 0) {
    deps.reporter.info(
      `Pull request #${number}: no ${inputs.command} item that no run took yet; nothing to do.`,
    );
    return {};
  }
  if (!jobId) return replyNoJob(items, { number, lists }, writer, inputs.command, deps);
  return followUpAll(inputs, items, { jobId, pull, writer, deps, self: lists.self });
}

/**
 * The items whose authors may steer the agent and that are not stale, in order. A stale item of
 * someone who may steer gets one reply saying so (its `stale` line keeps later sweeps from
 * repeating it): an instruction is never dropped in silence.
 */
async function admitted(
  items: FollowUpItem[],
  since: string,
  mayNotSteer: (author: Author) => Promise<string | undefined>,
  {
    number,
    writer,
    replies,
    self,
  }: { number: number; writer: CommentWriter; replies: IssueComment[]; self?: string },
  deps: ReviewLoopDeps,
): Promise<FollowUpItem[]> {
  const kept: FollowUpItem[] = [];
  for (const item of items) {
    const what = named(item);
    // Logged by every sweep that finds the item: it stays on the pull request, never taken.
    const why = await mayNotSteer(item.author);
    if (why) {
      deps.reporter.info(`${what}: ${why}, so it may not steer the agent; not sent.`);
      continue;
    }
    if (!isStale(item, since)) {
      kept.push(item);
      continue;
    }
    if (markedIn(replies, 'stale', item, self)) {
      deps.reporter.debug(`${what}: older than a day before this event, and told so; not sent.`);
      continue;
    }
    const posted = await writer.reply(
      number,
      item.kind === 'comment' ? item.commentKind : 'issue',
      item.threadId,
      staleReply(item),
    );
    deps.reporter.info(
      `${what}: more than a day older than this event; not sent.${posted ? ` Replied: ${posted.url}` : ''}`,
    );
  }
  return kept;
}

/**
 * No job named: nothing is sent, and nothing is claimed (the items are sent once a job is
 * named). One reply, to the oldest item not yet told so by an app's reply; none when every item
 * was (a re-run).
 */
async function replyNoJob(
  items: FollowUpItem[],
  { number, lists }: { number: number; lists: PullRequestLists },
  writer: CommentWriter,
  command: string,
  deps: ReviewLoopDeps,
): Promise<ReviewLoopResult> {
  const replies = [...lists.issueComments, ...lists.reviewComments];
  const item = items.find((one) => !markedIn(replies, 'no-job', one, lists.self));
  if (!item) {
    deps.reporter.info(
      `Pull request #${number}: no agent job is named on the pull request; every ${command} item was already told so; nothing was sent.`,
    );
    return {};
  }
  const asked = {
    instruction: item.parts.map((p) => p.instruction.trim()).join('\n\n'),
    login: item.author.login,
    url: item.url,
  };
  const posted = await writer.reply(
    number,
    item.commentKind,
    item.threadId,
    noMarkerReply(asked, command, item),
  );
  deps.state.commentUrl = posted?.url;
  deps.reporter.info(
    `Pull request #${number}: no agent job is named on the pull request; nothing was sent.${posted ? ` Replied: ${posted.url}` : ''}`,
  );
  return { commentUrl: posted?.url };
}

/**
 * One follow-up after the other (a job takes one message at a time, and each is waited for):
 * the result is the last one's, the error the first one's (thrown once every reply is posted).
 */
async function followUpAll(
  inputs: AgentActionInputs,
  items: FollowUpItem[],
  context: ItemContext,
): Promise<ReviewLoopResult> {
  let pull = context.pull;
  let last: ReviewLoopResult = {};
  // The first item that failed fails the step: the outputs and summary are then its own, not a
  // later item's success beside its error.
  let failed: { result: ReviewLoopResult; state: AgentState } | undefined;
  const delivered: DeliveredItem[] = [];
  let outputs: Record<string, string> | undefined;
  const state = context.deps.state;
  for (const [i, item] of items.entries()) {
    if (i > 0)
      pull = await readGitHub(`read pull request #${pull.number}`, () =>
        context.writer.api.pullRequest(pull.number),
      );
    // What the service showed for an earlier item is not this item's: its failure must not be
    // described with another item's job (outcome.ts reads state.job), nor its stop with how far
    // the earlier message got (job.ts reads state.send).
    delete context.deps.state.job;
    delete context.deps.state.status;
    delete context.deps.state.send;
    const done = await followUpItem(inputs, item, { ...context, pull, after: items.slice(i + 1) });
    if (!done) continue;
    last = done;
    const delivery = deliveredOf(item, done, context.deps.state, context.jobId);
    if (delivery) {
      delivered.push(delivery.entry);
      if (delivery.outputs) outputs = delivery.outputs;
    }
    if (done.error !== undefined && !failed) {
      failed = { result: done, state: { ...context.deps.state } };
      // Its message may be with the service: the status says so, not the job's older status.
      if (delivery?.entry.status === 'maybe-sent') failed.state.status = 'maybe-sent';
    }
    // A stop (cancel) ends the run: the items after it wait for the next run, and the outputs
    // (written by the stop's handler too) are those of the item the job may be working on.
    if (context.deps.signal?.aborted) break;
    // One follow-up at a time per job (HOLDS_THE_REST). A claim GitHub refused will be refused for
    // the next items too. The items after it wait, untaken, for a later run.
    const kind = done.outcome?.kind;
    if (done.unclaimed || (kind && HOLDS_THE_REST.has(kind))) {
      waiting(
        items.slice(i + 1),
        done.unclaimed
          ? 'GitHub refused a claim'
          : `agent job ${context.jobId} has not shown the result of this one, and its next pickup could be this one's`,
        context.deps,
      );
      break;
    }
  }
  if (failed) {
    for (const key of Object.keys(state) as (keyof AgentState)[]) delete state[key];
    Object.assign(state, failed.state);
  }
  // The outputs describe what this run delivered, whatever failed beside it.
  state.delivered = delivered;
  if (outputs) state.outputs = outputs;
  return failed ? failed.result : last;
}

/** Says which items wait, untaken, for a later run, and why. */
function waiting(left: FollowUpItem[], why: string, deps: ReviewLoopDeps): void {
  if (left.length === 0) return;
  deps.reporter.info(
    `${left.length} more ${left.length === 1 ? 'item waits' : 'items wait'}, untaken, for a later run (${why}): ${left.map((item) => item.url).join(', ')}`,
  );
}

/**
 * `refusal`, asked of GitHub once per author in a run: the commenter and the authors of the
 * markers are often the same people.
 */
function steeringCheck(api: PullRequestApi): (author: Author) => Promise<string | undefined> {
  const asked = new Map<string, Promise<string | undefined>>();
  return (author) => {
    const key = JSON.stringify([author.login, author.bot]);
    let answer = asked.get(key);
    if (!answer) {
      answer = readGitHub('check who may steer the agent', () => refusal(api, author));
      asked.set(key, answer);
    }
    return answer;
  };
}

/** The pull request (its head before the follow-ups), the job it names, and its lists. */
async function readPullRequest(
  number: number,
  command: string,
  mayNotSteer: (author: Author) => Promise<string | undefined>,
  writer: CommentWriter,
  deps: ReviewLoopDeps,
): Promise<{ pull: PullRequest; jobId: string | undefined; lists: PullRequestLists }> {
  const { api } = writer;
  const pull = await readGitHub(`read pull request #${number}`, () => api.pullRequest(number));
  const issueComments = await readGitHub(`list the comments of pull request #${number}`, () =>
    api.comments(number),
  );
  const reviewComments = await readGitHub(`list the diff comments of pull request #${number}`, () =>
    api.reviewComments(number),
  );
  const reviews = await readGitHub(`list the reviews of pull request #${number}`, () =>
    api.reviews(number),
  );
  const refs = await readGitHub(`list the claims of pull request #${number}`, () =>
    api.matchingRefs(claimsOf(number)),
  );
  const jobId = await newestMarker(
    markerCandidates(pull, issueComments, command),
    mayNotSteer,
    (marker, why) =>
      deps.reporter.debug(
        `Pull request #${number}: the marker of agent job ${marker.jobId} in ${marker.where} does not count: ${why}.`,
      ),
  );
  const claims = claimedKeys(number, refs);
  return { pull, jobId, lists: { issueComments, reviewComments, reviews, claims } };
}

/** A read the loop cannot do without: a refusal fails the step, naming what to check. */
async function readGitHub<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof GitHubApiError)) throw error;
    const { answer, fix, transient } = describeGitHubFailure(
      error,
      "Check that github-token may read the repository's pull requests (the job's default token can), then comment again.",
      printable,
      'Go on in a new pull request, or send the instruction with the prompt input of the agent action.',
    );
    throw new UserError(`Could not ${what}: ${answer}. ${fix}`, { transient });
  }
}
