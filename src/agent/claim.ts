/**
 * Claiming an item before it is sent, and giving the claim back. The claim is a git ref per item,
 * `refs/static-export-helm/claims/<pull request>/<item>` (claim-ref.ts), created through GitHub's
 * REST API at a commit the run made with a nonce (so the commit is the run's own). GitHub creates
 * a ref only when none of that name exists: its 201 claims, and only its 422 "Reference already
 * exists" means another run holds the item. An answer lost after the request went out (a 5xx, a
 * reset, no answer in time) decides nothing: the run reads the ref back and knows its own by the
 * commit it points at; absent, it asks again. Then the reply that says "Sending" is posted (it
 * names the claim's commit, and the run), and 👀 goes on a comment (a sign for readers, never
 * read). A claim GitHub refuses claims nothing: the item is not sent this run, and stays untaken.
 */
import { randomUUID } from 'node:crypto';
import { GitHubApiError } from '../github/api-error.js';
import { refExists } from '../github/git-refs.js';
import {
  mayHaveLanded,
  type CommentKind,
  type CommentWriter,
  type PullRequestApi,
} from '../github/pull-request.js';
import { isOwnReply } from './comment.js';
import { claimBody, claimCommit, claimIn, claimRef, partKeys, releasedBody } from './claim-ref.js';
import {
  followUpItems,
  named,
  onlyParts,
  type FollowUpItem,
  type PullRequestLists,
} from './items.js';
import type { RunId } from './run-mark.js';

/** What a claim holds, to edit with the outcome or to give back. */
export interface Claimed {
  /** The refs that claim the item's parts (one each, the lead first), and the run's commit. */
  refs: string[];
  sha: string;
  /** The action's reply with the item's mark lines. */
  reply: { kind: CommentKind; id: number; url: string };
  /** A comment's 👀 (taken off when the claim is given back). */
  eyes?: { kind: CommentKind; commentId: number; reactionId: number };
}

export type ClaimAnswer =
  /** `item`: the item with the parts this run claimed (another run may hold the others). */
  | { claimed: Claimed; item: FollowUpItem }
  | { taken: string }
  /** `mayBeThere`: the claim ref `ref` got no answer and could not be read back: it may exist. */
  | { refused: string; mayBeThere?: true; ref?: string };

/** What a refused claim means, in the warning GitHub's refusal gets. */
export const NOT_CLAIMED =
  'The instruction was not sent this run: it stays untaken, and the next run of the review loop on this pull request sends it.';

/** What a refused claim ref asks for. */
export const CLAIM_FIX =
  'Give the job "permissions: contents: write" (the claim is a git ref outside branches and tags; see docs/agent-review-loop.md), or pass a github-token that has it.';

/** Where an item's claim reply goes: a diff comment's thread, else the conversation. */
function replyKind(item: FollowUpItem): CommentKind {
  return item.kind === 'comment' ? item.commentKind : 'issue';
}

/** What a claim needs: the pull request, its job, the writer. */
export interface ClaimContext {
  number: number;
  jobId: string;
  writer: CommentWriter;
  /** An info line of the run's log. */
  log: (line: string) => void;
  /** This workflow run, named in the claim; undefined off a runner. */
  run?: RunId | undefined;
  /** github-token's login: whose replies are this action's (isOwnReply). */
  self?: string | undefined;
}

type RefAnswer = { sha: string } | { taken: string } | { refused: string; mayBeThere?: true };

/** The commit the claim ref points at: made twice when its answer was lost (the same commit). */
async function claimCommitOf(item: FollowUpItem, context: ClaimContext) {
  const { writer, number, run } = context;
  const { message, file } = claimCommit(item, number, run, randomUUID());
  const date = new Date().toISOString();
  const what = `write the commit that claims ${named(item)}`;
  for (let i = 0; ; i++) {
    const made = await writer.try(
      what,
      (api) => api.createClaimCommit(message, file, date),
      NOT_CLAIMED,
      CLAIM_FIX,
    );
    if (!made || 'done' in made) return made?.done;
    if (i === 1) return void made.lost.say();
  }
}

/** The ref read back: its sha, absent (undefined), or `unread` (GitHub did not answer). */
async function readBack(ref: string, writer: CommentWriter) {
  try {
    return await writer.api.refSha(ref);
  } catch {
    return 'unread' as const;
  }
}

/** Creates the claim ref of one part at the run's commit (see the module's comment). */
async function takeRef(
  ref: string,
  sha: string,
  item: FollowUpItem,
  context: ClaimContext,
): Promise<RefAnswer> {
  const { writer, log } = context;
  let lost: string | undefined;
  for (let attempt = 0; attempt < 2; attempt++) {
    let error: unknown;
    try {
      await writer.api.createRef(ref, sha);
      return { sha };
    } catch (e) {
      error = e;
    }
    // "Reference already exists": taken, unless an earlier attempt of this run landed.
    if (refExists(error) && !lost) return { taken: 'another run claimed it' };
    if (!refExists(error) && !mayHaveLanded(error)) {
      await writer.attempt(
        `create the ref that claims ${named(item)}`,
        () => Promise.reject(error),
        NOT_CLAIMED,
        CLAIM_FIX,
      );
      return { refused: 'GitHub refused the ref that claims it' };
    }
    const now = await readBack(ref, writer);
    if (now === sha) {
      log(
        `${named(item)}: the ref that claims it got no answer (${lost ?? 'none'}), and it is this run's.`,
      );
      return { sha };
    }
    if (now === 'unread')
      return {
        refused: `the ref that claims it (${ref}) got no answer, and GitHub did not answer when it was read back`,
        mayBeThere: true,
      };
    if (now !== undefined) return { taken: 'another run claimed it' };
    lost = error instanceof GitHubApiError ? error.message : 'no answer';
    if (attempt === 0)
      log(
        `${named(item)}: the ref that claims it got no answer (${lost}), and it is not there; asking again.`,
      );
  }
  // A create that got no answer may still land after the read-back: the ref may hold the item
  // with no reply naming it, so the refusal names the ref to delete (follow-up.ts).
  return {
    refused: `the ref that claims it (${ref}) got no answer twice (${lost ?? 'no answer'})`,
    mayBeThere: true,
  };
}

/**
 * The refs of the item's parts, each at the run's commit: the keys this run holds (another run
 * holds the others, and sends them), or why none is claimed (the refs made are deleted again).
 */
async function takeRefs(
  item: FollowUpItem,
  context: ClaimContext,
): Promise<{ sha: string; held: string[] } | { refused: string; mayBeThere?: true; ref?: string }> {
  const sha = await claimCommitOf(item, context);
  if (!sha) return { refused: 'GitHub refused the commit that names the claim' };
  const held: string[] = [];
  for (const key of partKeys(item)) {
    const ref = claimRef(context.number, key);
    const answer = await takeRef(ref, sha, item, context);
    if ('sha' in answer) held.push(key);
    else if ('refused' in answer) {
      for (const mine of held) await dropRef(claimRef(context.number, mine), context.writer);
      return answer.mayBeThere ? { ...answer, ref } : answer;
    } else if (item.parts.length > 1)
      context.log(`${named(item)}: its part ${key} is held by another run, which sends it.`);
  }
  return { sha, held };
}

/** Claims an item for this run, part by part (see the module's comment). */
export async function claim(found: FollowUpItem, context: ClaimContext): Promise<ClaimAnswer> {
  const { number, jobId, writer, log, run } = context;
  const taking = await takeRefs(found, context);
  if (!('sha' in taking)) return taking;
  const { sha, held } = taking;
  const item = onlyParts(found, held);
  if (!item) return { taken: 'another run claimed it' };
  const refs = held.map((key) => claimRef(number, key));
  const kind = replyKind(item);
  const posting = await writer.tryReply(
    number,
    kind,
    item.threadId,
    claimBody(item, jobId, sha, run),
    NOT_CLAIMED,
  );
  let reply = posting && 'done' in posting ? posting.done : undefined;
  if (posting && 'lost' in posting) {
    // No answer is not a refusal: GitHub may have written the reply. It names this claim's commit.
    const listed = await writer.attempt(`read the replies on pull request #${number}`, (api) =>
      kind === 'review' ? api.reviewComments(number) : api.comments(number),
    );
    reply = listed?.find((c) => isOwnReply(c, context.self) && claimIn(c.body) === sha);
    if (reply)
      log(
        `${named(item)}: the reply that claims it got no answer (${posting.lost.answer}), and it is there: ${reply.url}`,
      );
    else posting.lost.say();
  }
  if (!reply) {
    // The refs go: a reply written all the same names a commit no ref points at, which the
    // sweep reads as a claim given back (abandoned.ts), never as "may have been delivered".
    for (const ref of refs) await dropRef(ref, writer);
    return {
      refused:
        posting && 'lost' in posting
          ? 'GitHub did not answer the reply that claims it, and it is not there'
          : 'GitHub refused the reply that claims it',
    };
  }
  const claimed: Claimed = { refs, sha, reply: { kind, id: reply.id, url: reply.url } };
  if (item.kind === 'comment') {
    const eyes = await writer.react(item.commentKind, item.id, 'eyes');
    if (eyes?.added)
      claimed.eyes = { kind: item.commentKind, commentId: item.id, reactionId: eyes.id };
  }
  return { claimed, item };
}

/** Deletes a claim ref; true once GitHub did (or it was not there). */
async function dropRef(ref: string, writer: CommentWriter, consequence?: string): Promise<boolean> {
  const done = await writer.attempt(
    `delete the ref ${ref}`,
    async (api) => {
      await api.deleteRef(ref).catch((error: unknown) => {
        // "Reference does not exist": gone already.
        if ((error as { status?: unknown }).status !== 422) throw error;
      });
      return true;
    },
    consequence ??
      `The ref stays, so the instruction stays taken and no run sends it by itself: delete the ref ${ref} (gh api -X DELETE repos/{owner}/{repo}/git/${ref}) to have the next run send it.`,
    CLAIM_FIX,
  );
  return done === true;
}

/**
 * Gives a claim back: the ref is deleted, the reply loses its mark lines and says why nothing was
 * sent (`later`: that a later run sends it), and the 👀 comes off. When GitHub refuses to delete
 * the ref, the item stays taken: the warning says so, and how to delete it.
 */
export async function release(
  claimed: Claimed,
  item: FollowUpItem,
  writer: CommentWriter,
  why: string,
  later = true,
): Promise<void> {
  let dropped = true;
  for (const ref of claimed.refs) dropped = (await dropRef(ref, writer)) && dropped;
  await writer.editReply(
    claimed.reply.kind,
    claimed.reply.id,
    releasedBody(item, why, later && dropped),
    'The reply still says "Sending"; nothing was sent.',
  );
  if (claimed.eyes)
    await writer.unreact(claimed.eyes.kind, claimed.eyes.commentId, claimed.eyes.reactionId);
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
  // Only the parts this run claimed: a review's summary edited since to hold the command is a
  // part of its own, left for a later run to claim.
  const mine = same && onlyParts({ ...item, parts: same.parts }, partKeys(item));
  return mine ?? 'withdrawn';
}
