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

/** An item and the parts it holds, each claimed by a ref of its own (`Part.key` in items.ts). */
type WithParts = MarkedItem & { parts: readonly { key: string }[] };

/** The claim keys of an item's parts, in order: `issue-comment-1`, `review-comment-2`, `review-3`. */
export function partKeys(item: WithParts): string[] {
  return item.parts.map((p) => p.key);
}

/** The claims of one pull request: a prefix for GitHub's matching-refs listing. */
export function claimsOf(number: number): string {
  return `${CLAIMS_NAMESPACE}/${number}/`;
}

/** The ref that claims the part `key` on pull request `number`. */
export function claimRef(number: number, key: string): string {
  return `${claimsOf(number)}${key}`;
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
  item: WithParts,
  number: number,
  run: RunId | undefined,
  nonce: string,
): { message: string; file: string } {
  const fields = {
    item: partKeys(item).join(' '),
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

/**
 * The line that names the parts a review's claim holds (`<!-- docs-agent-parts: review-3
 * review-comment-4 -->`): a review's reply claims only those of its parts no run held before.
 */
export function partsLine(keys: readonly string[]): string {
  return `<!-- docs-agent-parts: ${keys.join(' ')} -->`;
}

const PARTS_LINE = /^<!-- docs-agent-parts: ((?:[a-z-]+-\d+ ?)+) -->$/m;

/**
 * The claim keys a reply names: its parts line, or else the one its `taken` line names (a
 * comment's reply, or one of a version that claimed a review whole).
 */
export function keysIn(body: string): string[] {
  const parts = PARTS_LINE.exec(body)?.[1];
  if (parts) return parts.trim().split(' ');
  const taken = /^<!-- docs-agent-taken: .+ -->$/m.exec(body)?.[0];
  const key = taken && keyOfTaken(taken);
  return key ? [key] : [];
}

/**
 * The mark lines a reply of a claim keeps through every edit: the item taken, for a review the
 * parts claimed, and by which claim.
 */
export function claimMarks(item: WithParts, sha: string): string {
  return [
    itemLine('taken', item),
    ...(item.kind === 'review' ? [partsLine(partKeys(item))] : []),
    claimLine(sha),
  ].join('\n');
}

/** The mark lines of a reply (taken, parts, claim), as a later edit keeps them. */
export function marksIn(body: string): string[] {
  return body.split('\n').filter((l) => /^<!-- docs-agent-(taken|parts|claim): .+ -->$/.test(l));
}

/**
 * The reply posted once the claim ref is this run's, before anything is sent: its mark lines
 * name the item and the claim, and it is edited with the outcome (or, when the claim is given
 * back, loses them). The run's line (run-mark.ts) names the run that claimed it, until the
 * outcome replaces it: a reply that still has it is a claim whose run never reported.
 */
export function claimBody(
  item: WithParts & { url: string },
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
