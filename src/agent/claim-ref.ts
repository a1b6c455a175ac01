/**
 * The names of the review loop's claims, pure: one git ref per item under a namespace that is
 * neither a branch nor a tag (`refs/static-export-helm/claims/<pull request>/<item>`), so no push
 * or create workflow fires and no branch list shows it; the commit it points at, which the run
 * makes with a nonce and so is its own; and the hidden line that names that commit in the claim's
 * reply (`<!-- docs-agent-claim: <sha> -->`), which the reply keeps through every edit.
 */
import { inlineCode } from '../shared/markdown.js';
import { itemLine, REPLY_MARKER, type MarkedItem } from './comment.js';
import { runLine, type RunId } from './run-mark.js';

export const CLAIMS_NAMESPACE = 'refs/static-export-helm/claims';

/** `issue-comment-123`, `review-comment-456`, `review-789`: an item as its ref names it. */
export function claimKey(item: MarkedItem): string {
  return item.kind === 'review'
    ? `review-${item.id}`
    : `${item.commentKind ?? 'issue'}-comment-${item.id}`;
}

/** The claims of one pull request: a prefix for GitHub's matching-refs listing. */
export function claimsOf(number: number): string {
  return `${CLAIMS_NAMESPACE}/${number}/`;
}

/** The ref that claims `item` on pull request `number`. */
export function claimRef(number: number, item: MarkedItem): string {
  return `${claimsOf(number)}${claimKey(item)}`;
}

/** The item keys of the claim refs listed for pull request `number`. */
export function claimedKeys(number: number, refs: readonly { ref: string }[]): Set<string> {
  const prefix = claimsOf(number);
  return new Set(
    refs.filter((r) => r.ref.startsWith(prefix)).map((r) => r.ref.slice(prefix.length)),
  );
}

/**
 * The commit's message and its one file: what claimed which item, and a nonce, so that no other
 * run (nor another attempt, nor a run off a runner) makes the same commit.
 */
export function claimCommit(
  item: MarkedItem,
  number: number,
  run: RunId | undefined,
  nonce: string,
): { message: string; file: string } {
  const fields = {
    item: claimKey(item),
    'pull-request': number,
    run: run ? `${run.id} attempt ${run.attempt}` : 'off a runner',
    nonce,
  };
  return {
    message: `Review loop claim: ${fields.item} of pull request #${number}\n\n${Object.entries(
      fields,
    )
      .map(([k, v]) => `${k}: ${v}`)
      .join('\n')}\n`,
    file: `${JSON.stringify(fields, null, 2)}\n`,
  };
}

export function claimLine(sha: string): string {
  return `<!-- docs-agent-claim: ${sha} -->`;
}

const CLAIM_LINE = /^<!-- docs-agent-claim: ([0-9a-f]{40}) -->$/m;

/** The claim commit a reply names, if any. */
export function claimIn(body: string): string | undefined {
  return CLAIM_LINE.exec(body)?.[1];
}

/** The item key a reply's taken line names (`issue comment 123` → `issue-comment-123`). */
export function keyOfTaken(line: string): string | undefined {
  const m = /^<!-- docs-agent-taken: (issue comment|review comment|review) (\d+) -->$/.exec(line);
  return m ? `${m[1]!.replace(' ', '-')}-${m[2]}` : undefined;
}

/** The mark lines a reply of a claim keeps through every edit: the item taken, and by which claim. */
export function claimMarks(item: MarkedItem, sha: string): string {
  return `${itemLine('taken', item)}\n${claimLine(sha)}`;
}

/**
 * The reply posted once the claim ref is this run's, before anything is sent: its mark lines
 * name the item and the claim, and it is edited with the outcome (or, when the claim is given
 * back, loses them). The run's line (run-mark.ts) names the run that claimed it, until the
 * outcome replaces it: a reply that still has it is a claim whose run never reported.
 */
export function claimBody(
  item: MarkedItem & { url: string },
  jobId: string,
  sha: string,
  run?: RunId,
): string {
  const what = item.kind === 'review' ? 'review' : 'comment';
  return [
    REPLY_MARKER,
    claimMarks(item, sha),
    ...(run ? [runLine(run)] : []),
    `📨 **Sending**: the instruction of [this ${what}](${item.url}) goes to agent job ${inlineCode(jobId)}; this reply shows the outcome once it is known.`,
    '',
  ].join('\n');
}

/**
 * The claim's reply once the claim is given back (its ref deleted; no mark line), saying why
 * nothing was sent and that a later run sends it (`later`).
 */
export function releasedBody(item: { url: string }, why: string, later = true): string {
  return [
    REPLY_MARKER,
    `⏹️ **Not sent**: ${why}, so nothing was sent for [this instruction](${item.url}).${later ? ' It waits, untaken, for the next run of the review loop on this pull request (a re-run of this workflow, or any new comment or review).' : ''}`,
    '',
  ].join('\n');
}
