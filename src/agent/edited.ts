/**
 * An instruction edited after it was sent. The agent got the text as it was at the send, and the
 * review loop never sends a part twice (its claim holds it), so what an edit adds would be lost
 * in silence. The reply that tells a send's outcome names each part sent with a digest of the
 * text sent (`<!-- docs-agent-sent: <part> <digest> -->`); every sweep compares the parts as they
 * read now, and an instruction whose text differs gets one reply (per text: its `edit-told` line)
 * saying that the change was not sent, and how to send it: a new comment.
 */
import { createHash } from 'node:crypto';
import type { CommentWriter, IssueComment, Review } from '../github/pull-request.js';
import type { Logger } from '../shared/logger.js';
import { inlineCode } from '../shared/markdown.js';
import { claimIn } from './claim-ref.js';
import { isOwnReply, REPLY_MARKER } from './comment.js';
import { instructionOf } from './items.js';

/** The digest of a part's text as sent (trimmed, as a reader sees it): 16 hex digits. */
export function digestOf(instruction: string): string {
  return createHash('sha256').update(instruction.trim()).digest('hex').slice(0, 16);
}

/** The lines that name what was sent, one per part: its claim key and the digest of its text. */
export function sentLines(parts: readonly { key: string; instruction: string }[]): string {
  return parts
    .map((p) => `<!-- docs-agent-sent: ${p.key} ${digestOf(p.instruction)} -->`)
    .join('\n');
}

const SENT_LINE =
  /^<!-- docs-agent-sent: ((?:issue-comment|review-comment|review)-(\d+)) ([0-9a-f]{16}) -->$/;

const toldLine = (key: string, digest: string) => `<!-- docs-agent-edit-told: ${key} ${digest} -->`;

/** The lists a sweep read. */
export interface EditedLists {
  issueComments: IssueComment[];
  reviewComments: (IssueComment & { inReplyTo?: number | undefined })[];
  reviews: Review[];
}

/** Where a part is now: its text, its link, and where a reply to it goes. */
function partNow(key: string, id: number, lists: EditedLists) {
  if (key.startsWith('issue-comment-')) {
    const c = lists.issueComments.find((one) => one.id === id);
    return c && { body: c.body, url: c.url, kind: 'issue' as const, thread: c.id };
  }
  if (key.startsWith('review-comment-')) {
    const c = lists.reviewComments.find((one) => one.id === id);
    return c && { body: c.body, url: c.url, kind: 'review' as const, thread: c.inReplyTo ?? c.id };
  }
  const r = lists.reviews.find((one) => one.id === id);
  return r && { body: r.body, url: r.url, kind: 'issue' as const, thread: r.id };
}

function editedBody(url: string, key: string, digest: string, command: string): string {
  return [
    REPLY_MARKER,
    toldLine(key, digest),
    `✏️ **Edited after sending**: [this instruction](${url}) was changed after it was sent. The agent got the text as it was then: what the edit added or changed was **not sent**, and no run sends an instruction twice. To send it, write it in a new ${inlineCode(command)} comment.`,
    '',
  ].join('\n');
}

/**
 * Replies once to each part sent (by a reply of this action's own) whose text differs now:
 * edited to hold more, or other, instructions. A part deleted, or no longer starting with the
 * command, is left alone: there is nothing of it to send.
 */
export async function sayEdited(
  number: number,
  lists: EditedLists,
  context: { writer: CommentWriter; command: string; self?: string; logger: Logger },
): Promise<void> {
  const replies = [...lists.issueComments, ...lists.reviewComments];
  const own = replies.filter((c) => isOwnReply(c, context.self));
  const told = new Set(own.flatMap((c) => c.body.split('\n')));
  for (const reply of own) {
    if (claimIn(reply.body) === undefined) continue;
    for (const line of reply.body.split('\n')) {
      const m = SENT_LINE.exec(line);
      if (!m) continue;
      const [, key, id, digest] = m as unknown as [string, string, string, string];
      const now = partNow(key, Number(id), lists);
      const instruction = now && instructionOf(now.body, context.command)?.instruction;
      if (!now || instruction === undefined || !instruction.trim()) continue;
      const current = digestOf(instruction);
      if (current === digest || told.has(toldLine(key, current))) continue;
      told.add(toldLine(key, current));
      const posted = await context.writer.reply(
        number,
        now.kind,
        now.thread,
        editedBody(now.url, key, current, context.command),
      );
      context.logger.info(
        `${key}: edited after it was sent; the change was not sent.${posted ? ` Replied: ${posted.url}` : ''}`,
      );
    }
  }
}
