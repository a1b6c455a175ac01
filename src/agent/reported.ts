/**
 * The outcome a run leaves on its claim, where a later run can read it. When a run could not edit
 * its reply with what became of an item (GitHub refused the edit, or lost its answer), it moves
 * the claim's lead ref (its first part's) to a child of the claim's commit whose message holds
 * the reply's text. A later sweep that finds the run completed and its reply still saying
 * "Sending" then knows the run finished, and writes that text: the report stays true, where
 * without it the sweep could only say "may have been delivered". The REST API shows no other
 * run's step outputs; a run that was killed leaves nothing here (its lead ref still points at
 * the claim), nor does one whose reply was written (nothing more to say).
 */
import type { CommentWriter, PullRequestApi } from '../github/pull-request.js';
import type { Claimed } from './claim.js';

/** The first line of an outcome commit's message; the reply's text follows a blank line. */
const HEAD = 'Review loop outcome';

/** Leaves the reply's text on the claim (see the module's comment); a refusal is said, once. */
export async function leaveOutcome(
  claimed: Claimed,
  body: string,
  writer: CommentWriter,
  redact: (text: string) => string,
): Promise<void> {
  const lead = claimed.refs[0];
  if (!lead) return;
  await writer.attempt(
    `leave the outcome on the claim ${lead}`,
    (api) =>
      api.leaveOutcome(
        lead,
        claimed.sha,
        `${HEAD}\n\n${redact(body)}`,
        `${JSON.stringify({ claim: claimed.sha, reply: claimed.reply.url }, null, 2)}\n`,
      ),
    'Should the reply not be edited either, a later run says the instruction may have been delivered.',
  );
}

/**
 * The reply's text a run left on its claim: the lead ref at `held`, a child of the claim's
 * commit `sha` with an outcome message. Undefined when there is none, or GitHub does not answer.
 */
export async function outcomeLeft(
  held: string,
  sha: string,
  api: PullRequestApi,
): Promise<string | undefined> {
  const commit = await api.commitOf(held).catch(() => undefined);
  if (!commit?.parents.includes(sha) || !commit.message.startsWith(`${HEAD}\n\n`)) return undefined;
  return commit.message.slice(HEAD.length + 2);
}
