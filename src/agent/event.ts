/**
 * The comment events the review loop listens to, read from the payload GitHub writes to
 * GITHUB_EVENT_PATH: `issue_comment` (a comment on the conversation of an issue or a pull
 * request) and `pull_request_review_comment` (a comment on a line of a pull request's diff). Only
 * the fields the loop uses are read; the rest of the payload is GitHub's to change.
 */
import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import type { Author, CommentKind } from '../github/pull-request.js';
import { UserError } from '../shared/errors.js';
import { printable } from '../shared/text.js';

export const COMMENT_EVENTS = ['issue_comment', 'pull_request_review_comment'] as const;
export type CommentEventName = (typeof COMMENT_EVENTS)[number];

export function isCommentEvent(name: string | undefined): name is CommentEventName {
  return (COMMENT_EVENTS as readonly string[]).includes(name ?? '');
}

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

type Comment = v.InferOutput<typeof CommentSchema>;

function commentOf(comment: Comment, kind: CommentKind): CommentEvent['comment'] {
  return {
    id: comment.id,
    kind,
    body: comment.body ?? '',
    author: {
      login: comment.user?.login ?? '',
      // A deleted account (`ghost`) has no user: it can steer nothing, like a bot.
      bot: comment.user === null || comment.user.type === 'Bot',
      association: comment.author_association,
    },
    url: comment.html_url,
    threadId: (kind === 'review' && comment.in_reply_to_id) || comment.id,
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
 * The comment event the run is on, read from GITHUB_EVENT_NAME and the payload at
 * GITHUB_EVENT_PATH; undefined on any other event.
 */
export function readCommentEvent(env: NodeJS.ProcessEnv): CommentEvent | undefined {
  const name = env.GITHUB_EVENT_NAME;
  if (!isCommentEvent(name)) return undefined;
  let payload: unknown;
  try {
    payload = JSON.parse(readFileSync(env.GITHUB_EVENT_PATH ?? '', 'utf8'));
  } catch (error) {
    throw new UserError(
      `Could not read the ${name} event payload at GITHUB_EVENT_PATH (${printable(env.GITHUB_EVENT_PATH ?? 'not set')}): ${printable((error as Error).message)}. The runner writes it for every run; outside a runner, set GITHUB_EVENT_PATH to a payload file.`,
    );
  }
  return parseCommentEvent(name, payload);
}
