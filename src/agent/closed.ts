/**
 * A pull request closed (`pull_request` closed): its claims (claim-ref.ts) are deleted, as no run
 * sends anything on it any more, and the repository keeps no ref of a closed pull request. A claim
 * GitHub will not delete stays (a warning names the permission); reopened and closed again, the
 * pull request's claims are looked for again.
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
    `Pull request #${number} closed: deleted ${deleted} of its ${refs.length} claim${refs.length === 1 ? '' : 's'}.`,
  );
  return {};
}
