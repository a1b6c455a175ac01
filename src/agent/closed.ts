/**
 * A pull request merged (`pull_request` closed with `merged`): its claims (claim-ref.ts) are
 * deleted, as a merged pull request cannot be reopened and the repository keeps no ref of it. One
 * closed without a merge keeps them: it can be reopened, and its claims are what tells a later run
 * that an instruction was already taken (deleting them would send every recent one again). A
 * claim GitHub will not delete stays (a warning names the permission).
 */
import { printable } from '../shared/text.js';
import { claimsOf } from './claim-ref.js';
import { CLAIM_FIX } from './claim.js';
import type { PullRequestEvent } from './event.js';
import type { ReviewLoopDeps, ReviewLoopResult } from './follow-up.js';
import { reviewLoopWithoutToken } from './inputs.js';

const STAYS =
  'The claim stays in the repository; delete it by hand, or close the pull request again.';

export async function closed(
  event: PullRequestEvent,
  deps: ReviewLoopDeps,
): Promise<ReviewLoopResult> {
  const number = event.pullNumber;
  if (event.action !== 'closed') {
    deps.reporter.info(`Pull request #${number} ${printable(event.action)}: nothing to do.`);
    return {};
  }
  if (!event.merged) {
    deps.reporter.info(
      `Pull request #${number} closed without a merge: its claims stay, so that nothing is sent twice if it is reopened.`,
    );
    return {};
  }
  const writer = await deps.side.writer();
  if (!writer) throw reviewLoopWithoutToken();
  const refs = await writer.attempt(
    `list the claims of pull request #${number}`,
    (api) => api.matchingRefs(claimsOf(number)),
    STAYS,
    CLAIM_FIX,
  );
  if (!refs) return {};
  let deleted = 0;
  for (const { ref } of refs) {
    const done = await writer.attempt(
      `delete the claim ${ref}`,
      (api) => api.deleteRef(ref).then(() => true),
      STAYS,
      CLAIM_FIX,
    );
    if (done) deleted++;
  }
  deps.reporter.info(
    `Pull request #${number} merged: deleted ${deleted} of its ${refs.length} claim${refs.length === 1 ? '' : 's'}.`,
  );
  return {};
}
