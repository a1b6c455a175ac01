/**
 * The events the review loop listens to, read from the payload GitHub writes to
 * GITHUB_EVENT_PATH: `issue_comment` (a comment on the conversation of an issue or a pull
 * request), `pull_request_review` (a review submitted, with its body and its comments on the
 * diff) and `pull_request_review_comment` (one comment on the diff). Only the fields the loop uses
 * are read; the rest of the payload is GitHub's to change. An event only wakes the loop: what it
 * sends is read from the pull request (see items.ts).
 */
import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import type { Author, CommentKind } from '../github/pull-request.js';
import { UserError } from '../shared/errors.js';
import { printable } from '../shared/text.js';

export const COMMENT_EVENTS = ['issue_comment', 'pull_request_review_comment'] as const;
export type CommentEventName = (typeof COMMENT_EVENTS)[number];
export const REVIEW_EVENT = 'pull_request_review';
/** `pull_request` closed: the review loop deletes the pull request's claims. */
export const CLOSED_EVENT = 'pull_request';

/** An event the review loop runs on: a comment, a review, or a pull request closed. */
export function isCommentEvent(name: string | undefined): boolean {
  return (
    name === REVIEW_EVENT ||
    name === CLOSED_EVENT ||
    (COMMENT_EVENTS as readonly string[]).includes(name ?? '')
  );
}

/** A `pull_request` event: only `closed` is acted on (a merged pull request's claims go). */
export interface PullRequestEvent {
  name: typeof CLOSED_EVENT;
  action: string;
  pullNumber: number;
  /** Closed by a merge: it cannot be reopened, so no later run sends on it. */
  merged: boolean;
}

/** A submitted, edited or dismissed review (`pull_request_review`). */
export interface ReviewEvent {
  name: typeof REVIEW_EVENT;
  /** `submitted`, `edited`, `dismissed`: only `submitted` is acted on. */
  action: string;
  pullNumber: number;
  review: { id: number; body: string; author: Author; url: string; submittedAt: string };
}

/** What a run of the review loop is on. */
export type AgentEvent = CommentEvent | ReviewEvent | PullRequestEvent;

/** A comment event, as the review loop needs it. */
export interface CommentEvent {
  name: CommentEventName;
  /** `created`, `edited`, `deleted`: only `created` is acted on. */
  action: string;
  /** The pull request commented on; undefined for a comment on an issue. */
  pullNumber: number | undefined;
  comment: {
    id: number;
    kind: CommentKind;
    body: string;
    author: Author;
    url: string;
    /** Where a reply goes: the thread's first review comment, or the comment itself. */
    threadId: number;
    /** ISO date (empty when the payload has none). */
    createdAt: string;
  };
}

const id = v.pipe(v.number(), v.integer(), v.minValue(1));
const UserSchema = v.looseObject({ login: v.string(), type: v.optional(v.string()) });
const CommentSchema = v.looseObject({
  id,
  body: v.optional(v.nullable(v.string()), ''),
  user: v.nullable(UserSchema),
  author_association: v.optional(v.string(), 'NONE'),
  html_url: v.string(),
  in_reply_to_id: v.optional(v.nullable(id)),
  created_at: v.optional(v.string(), ''),
});

const IssueCommentPayload = v.looseObject({
  action: v.string(),
  issue: v.looseObject({
    number: id,
    pull_request: v.optional(v.nullable(v.looseObject({}))),
  }),
  comment: CommentSchema,
});

const ReviewCommentPayload = v.looseObject({
  action: v.string(),
  pull_request: v.looseObject({ number: id }),
  comment: CommentSchema,
});

// Webhook payloads give the state in lower case (`commented`), REST in upper case.
const ReviewPayload = v.looseObject({
  action: v.string(),
  pull_request: v.looseObject({ number: id }),
  review: v.looseObject({
    id,
    body: v.optional(v.nullable(v.string()), ''),
    user: v.nullable(UserSchema),
    author_association: v.optional(v.string(), 'NONE'),
    html_url: v.string(),
    submitted_at: v.optional(v.nullable(v.string()), ''),
  }),
});

const PullRequestPayload = v.looseObject({
  action: v.string(),
  pull_request: v.looseObject({ number: id, merged: v.optional(v.nullable(v.boolean())) }),
});

type Comment = v.InferOutput<typeof CommentSchema>;

function authorOf(user: Comment['user'], association: string): Author {
  return {
    // A deleted account (`ghost`) has no user: no login, and so it may not steer (refusal).
    login: user?.login ?? '',
    bot: user?.type === 'Bot',
    association,
  };
}

function commentOf(comment: Comment, kind: CommentKind): CommentEvent['comment'] {
  return {
    id: comment.id,
    kind,
    body: comment.body ?? '',
    author: authorOf(comment.user, comment.author_association),
    url: comment.html_url,
    threadId: (kind === 'review' && comment.in_reply_to_id) || comment.id,
    createdAt: comment.created_at,
  };
}

/** Reads the payload of a review event; refuses one that is not shaped as GitHub sends it. */
export function parseReviewEvent(payload: unknown): ReviewEvent {
  const p = parse(ReviewPayload, payload, REVIEW_EVENT);
  const { review } = p;
  return {
    name: REVIEW_EVENT,
    action: p.action,
    pullNumber: p.pull_request.number,
    review: {
      id: review.id,
      body: review.body ?? '',
      author: authorOf(review.user, review.author_association),
      url: review.html_url,
      submittedAt: review.submitted_at ?? '',
    },
  };
}

/** Reads the payload of a comment event; refuses one that is not shaped as GitHub sends it. */
export function parseCommentEvent(name: CommentEventName, payload: unknown): CommentEvent {
  if (name === 'issue_comment') {
    const p = parse(IssueCommentPayload, payload, name);
    return {
      name,
      action: p.action,
      pullNumber: p.issue.pull_request ? p.issue.number : undefined,
      comment: commentOf(p.comment, 'issue'),
    };
  }
  const p = parse(ReviewCommentPayload, payload, name);
  return {
    name,
    action: p.action,
    pullNumber: p.pull_request.number,
    comment: commentOf(p.comment, 'review'),
  };
}

function parse<T extends v.GenericSchema>(
  schema: T,
  payload: unknown,
  name: string,
): v.InferOutput<T> {
  const result = v.safeParse(schema, payload);
  if (result.success) return result.output;
  // The path only: the payload's values are the commenter's, never printed.
  const where = (result.issues[0]?.path ?? []).map((p) => printable(String(p.key))).join('.');
  throw new UserError(
    `The ${name} event payload (GITHUB_EVENT_PATH) has ${where ? `no valid "${where}"` : 'an unexpected shape'}. Run the agent on the events GitHub sends; for a hand-made payload, copy the shape of a real one.`,
  );
}

/**
 * The comment or review event the run is on, read from GITHUB_EVENT_NAME and the payload at
 * GITHUB_EVENT_PATH; undefined on any other event.
 */
export function readCommentEvent(env: NodeJS.ProcessEnv): AgentEvent | undefined {
  const name = env.GITHUB_EVENT_NAME;
  if (name === undefined || !isCommentEvent(name)) return undefined;
  let payload: unknown;
  try {
    payload = JSON.parse(readFileSync(env.GITHUB_EVENT_PATH ?? '', 'utf8'));
  } catch (error) {
    throw new UserError(
      `Could not read the ${name} event payload at GITHUB_EVENT_PATH (${printable(env.GITHUB_EVENT_PATH ?? 'not set')}): ${printable((error as Error).message)}. The runner writes it for every run; outside a runner, set GITHUB_EVENT_PATH to a payload file.`,
    );
  }
  if (name === CLOSED_EVENT) {
    const p = parse(PullRequestPayload, payload, name);
    return {
      name,
      action: p.action,
      pullNumber: p.pull_request.number,
      merged: p.pull_request.merged === true,
    };
  }
  return name === REVIEW_EVENT
    ? parseReviewEvent(payload)
    : parseCommentEvent(name as CommentEventName, payload);
}

const ForkPayload = v.looseObject({
  pull_request: v.looseObject({
    head: v.looseObject({ repo: v.nullable(v.looseObject({ full_name: v.string() })) }),
    base: v.looseObject({ repo: v.looseObject({ full_name: v.string() }) }),
  }),
});

/**
 * Whether the run is a `pull_request_review` on a pull request from a fork (its head in another
 * repository, or in one since deleted): GitHub gives such a run no secrets and a read-only token,
 * so it can neither send nor claim. Its review waits for the next run that can (a comment's).
 */
export function isForkReview(env: NodeJS.ProcessEnv): boolean {
  if (env.GITHUB_EVENT_NAME !== REVIEW_EVENT) return false;
  let payload: unknown;
  try {
    payload = JSON.parse(readFileSync(env.GITHUB_EVENT_PATH ?? '', 'utf8'));
  } catch {
    return false; // readCommentEvent says what is wrong with it.
  }
  const p = v.safeParse(ForkPayload, payload);
  if (!p.success) return false;
  const { head, base } = p.output.pull_request;
  return head.repo?.full_name.toLowerCase() !== base.repo.full_name.toLowerCase();
}
