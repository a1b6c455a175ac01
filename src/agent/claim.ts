/**
 * Claiming an item before it is sent, and giving the claim back. A claim is a reply of this action
 * whose hidden mark line names the item (`itemLine('taken', …)`): a bare 👀 says only that some
 * workflow with the same token saw the comment. For a comment, the 👀 is the lock taken first, as
 * GitHub's 201-vs-200 answer to a reaction is the one atomic check-and-set it offers; a 👀 of this
 * identity without the action's mark (another workflow's, or a run stopped between its 👀 and its
 * reply) is taken off and added again, and only a 201 claims. A review has no REST reactions: its
 * claim is the reply alone, and the oldest reply that marks it wins. A claim GitHub refuses, or
 * whose reply cannot be found again after its answer was lost, claims nothing: the item is not
 * sent this run, and stays untaken for a later one.
 */
import { GitHubApiError } from '../github/api-error.js';
import { escapeRegExp } from '../shared/text.js';
import type {
  CommentKind,
  CommentWriter,
  IssueComment,
  PullRequestApi,
} from '../github/pull-request.js';
import { claimBody, isAppReply, itemLine, releasedBody } from './comment.js';
import { followUpItems, named, type FollowUpItem, type PullRequestLists } from './items.js';
import { runIn, sameRun, type RunId } from './run-mark.js';

/** What a claim holds, to edit with the outcome or to give back. */
export interface Claimed {
  /** The action's reply with the item's mark line. */
  reply: { kind: CommentKind; id: number; url: string };
  /** A comment's 👀 (taken off when the claim is given back). */
  lock?: { kind: CommentKind; commentId: number; reactionId: number };
}

export type ClaimAnswer =
  | { claimed: Claimed }
  | { taken: string }
  /** `mayBeThere`: the claim's reply got no answer and could not be looked for: it may exist. */
  | { refused: string; mayBeThere?: true };

/** What a refused claim means, in the warning GitHub's refusal gets. */
export const NOT_CLAIMED =
  'The instruction was not sent this run: it stays untaken, and the next run of the review loop on this pull request sends it.';

/** Where an item's claim reply goes: a diff comment's thread, else the conversation. */
function replyKind(item: FollowUpItem): CommentKind {
  return item.kind === 'comment' ? item.commentKind : 'issue';
}

/**
 * A reply of an earlier version of this action, which marked a comment by its 👀 alone: it answers
 * the comment as that version wrote it, `[Instruction](<url>) from …` (also `[Review]`, `[this
 * comment]`), or lists it among a review's sent parts, `1. [Comment](<url>)`. Such a comment was
 * taken then. Only those forms count: a reply that lists an item as waiting (`- [Comment](<url>)`)
 * or says it was not sent (`[this instruction](<url>).`) links to it too, and it is not taken.
 */
function answeredBefore(replies: IssueComment[], item: FollowUpItem): boolean {
  const url = escapeRegExp(item.url);
  const answered = new RegExp(`\\]\\(${url}\\) from |^\\d+\\. \\[[^\\]\\n]*\\]\\(${url}\\)`, 'm');
  return replies.some((c) => isAppReply(c) && answered.test(c.body));
}

/** The 👀 that locks a comment: undefined when GitHub refused it, `taken` when another run holds it. */
async function lockComment(
  item: FollowUpItem,
  { writer, replies, log }: Pick<ClaimContext, 'writer' | 'replies' | 'log'>,
): Promise<Claimed['lock'] | { taken: string } | undefined> {
  const kind = item.commentKind;
  const first = await writer.tryReact(kind, item.id, 'eyes', NOT_CLAIMED);
  if (!first) return undefined;
  let eyes = 'done' in first ? first.done : undefined;
  if (!eyes && 'lost' in first) {
    // GitHub may have added it: asked again, a 200 names it, and a 👀 of this identity without
    // this action's mark is taken off and added again below, as any other.
    log(
      `${named(item)}: the 👀 that claims it got no answer (${first.lost.answer}); asking again.`,
    );
    eyes = await writer.react(kind, item.id, 'eyes', NOT_CLAIMED);
  }
  if (!eyes) return undefined;
  if (!eyes.added) {
    if (answeredBefore(replies, item))
      return { taken: 'answered by an earlier run (its 👀 and reply)' };
    // This identity's 👀 without this action's mark: not a claim of ours. Off and on again; the
    // second answer is the atomic one.
    if (!(await writer.unreact(kind, item.id, eyes.id, NOT_CLAIMED))) return undefined;
    eyes = await writer.react(kind, item.id, 'eyes', NOT_CLAIMED);
    if (!eyes) return undefined;
    if (!eyes.added) return { taken: 'another run claimed it at the same moment' };
  }
  return { kind, commentId: item.id, reactionId: eyes.id };
}

/** The replies that mark the item taken, oldest first (a failed read: undefined). */
async function marksOf(item: FollowUpItem, number: number, writer: CommentWriter) {
  const kind = replyKind(item);
  const listed = await writer.attempt(`read the replies on pull request #${number}`, (api) =>
    kind === 'review' ? api.reviewComments(number) : api.comments(number),
  );
  const line = itemLine('taken', item);
  return listed
    ?.filter((c) => isAppReply(c) && c.body.split('\n').includes(line))
    .sort((a, b) => a.id - b.id);
}

/** What a claim needs: the pull request, its job, the writer, the replies the sweep read. */
export interface ClaimContext {
  number: number;
  jobId: string;
  writer: CommentWriter;
  replies: IssueComment[];
  /** An info line of the run's log. */
  log: (line: string) => void;
  /** This workflow run, named in the claim; undefined off a runner. */
  run?: RunId | undefined;
}

/** Claims an item for this run (see the module's comment). */
export async function claim(item: FollowUpItem, context: ClaimContext): Promise<ClaimAnswer> {
  const { number, jobId, writer, log, run } = context;
  let lock: Claimed['lock'];
  if (item.kind === 'comment') {
    const locked = await lockComment(item, context);
    if (!locked) return { refused: 'GitHub refused the 👀 that claims it' };
    if ('taken' in locked) return locked;
    lock = locked;
  }
  const kind = replyKind(item);
  const posting = await writer.tryReply(
    number,
    kind,
    item.threadId,
    claimBody(item, jobId, run),
    NOT_CLAIMED,
  );
  let reply = posting && 'done' in posting ? posting.done : undefined;
  if (posting && 'lost' in posting) {
    // No answer is not a refusal: GitHub may have written the reply. Read again before deciding,
    // and take the reply that names this run, not another run's claim of the same moment.
    const marks = await marksOf(item, number, writer);
    reply = (run ? marks?.filter((c) => sameRun(runIn(c.body), run)) : marks)?.at(-1);
    if (reply)
      log(
        `${named(item)}: the reply that claims it got no answer (${posting.lost.answer}), and it is there: ${reply.url}`,
      );
    else if (!marks) {
      // Not refused, and not known to be absent: the reply may be there, marking the item taken.
      if (lock) await writer.unreact(lock.kind, lock.commentId, lock.reactionId);
      return {
        refused: `the reply that claims it got no answer (${posting.lost.answer}), and GitHub did not list the replies to look for it`,
        mayBeThere: true,
      };
    } else posting.lost.say();
  }
  if (!reply) {
    if (lock) await writer.unreact(lock.kind, lock.commentId, lock.reactionId);
    return { refused: 'GitHub refused the reply that claims it' };
  }
  const claimed: Claimed = {
    reply: { kind, id: reply.id, url: reply.url },
    ...(lock ? { lock } : {}),
  };
  if (item.kind === 'review') {
    // No lock for a review: of two runs that claimed it at once, the older reply wins.
    const marks = await marksOf(item, number, writer);
    if (!marks) {
      await release(claimed, item, writer, 'GitHub did not list the replies to check the claim');
      return { refused: 'GitHub did not list the replies to check the claim' };
    }
    if (marks[0] && marks[0].id !== reply.id) {
      await release(claimed, item, writer, 'another run claimed this review first', false);
      return { taken: 'another run claimed it first' };
    }
  }
  return { claimed };
}

/**
 * Gives a claim back: the reply loses its mark line and says why nothing was sent (`later`: that
 * a later run sends it), and the 👀 comes off. When GitHub refuses the edit, the mark stays: the
 * warning says so, as no run will send the item by itself then.
 */
export async function release(
  claimed: Claimed,
  item: FollowUpItem,
  writer: CommentWriter,
  why: string,
  later = true,
): Promise<void> {
  const edited = await writer.editReply(
    claimed.reply.kind,
    claimed.reply.id,
    releasedBody(item, why, later),
    `The reply still marks the instruction as taken, so no run sends it by itself: delete the reply ${claimed.reply.url} to have the next run send it.`,
  );
  if (edited && claimed.lock)
    await writer.unreact(claimed.lock.kind, claimed.lock.commentId, claimed.lock.reactionId);
}

/**
 * The item as it is now, read again after the claim (claim → re-read → send): `deleted`, or
 * `withdrawn` when its text no longer holds an instruction; else the item with its current text.
 * Its age stays the one it was found with. A read GitHub refuses throws (GitHubApiError).
 */
export async function reread(
  item: FollowUpItem,
  number: number,
  api: PullRequestApi,
  command: string,
): Promise<FollowUpItem | 'deleted' | 'withdrawn'> {
  const gone = (error: unknown) => error instanceof GitHubApiError && error.status === 404;
  let lists: PullRequestLists;
  try {
    if (item.kind === 'review') {
      const review = await api.review(number, item.id);
      const comments = await Promise.all(
        item.parts.flatMap((p) =>
          p.comment
            ? [
                api
                  .reviewComment(p.comment.id)
                  .catch((e: unknown) => (gone(e) ? undefined : Promise.reject(e))),
              ]
            : [],
        ),
      );
      lists = {
        issueComments: [],
        reviewComments: comments.filter((c) => c !== undefined),
        reviews: [review],
      };
    } else if (item.commentKind === 'review') {
      lists = {
        issueComments: [],
        reviewComments: [await api.reviewComment(item.id)],
        reviews: [],
      };
    } else {
      lists = { issueComments: [await api.issueComment(item.id)], reviewComments: [], reviews: [] };
    }
  } catch (error) {
    if (gone(error)) return 'deleted';
    throw error;
  }
  const now = followUpItems(lists, command);
  const same = now.find((one) => one.kind === item.kind && one.id === item.id) ?? now[0];
  return same ? { ...item, parts: same.parts } : 'withdrawn';
}
