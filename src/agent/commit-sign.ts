/**
 * The review loop's sign from outside the job: a new head commit on the pull request after the
 * send, by the pull request's author (the agent's app). The job itself may still show its state
 * from before the message; a commit shows it took the message up. A commit someone else pushes
 * (a reviewer's fix, another app's autofix) shows nothing of the kind: taken as a sign, it would
 * report the job's earlier result as this instruction's.
 */
import type { CommentWriter, PullRequest } from '../github/pull-request.js';
import type { Logger } from '../shared/logger.js';
import { printable } from '../shared/text.js';
import type { OutsideSign } from './pickup.js';

export function commitSign(pull: PullRequest, writer: CommentWriter, logger: Logger): OutsideSign {
  // Against the head before the send, or, for a job busy at the send, the head when that work
  // ended (`rebase`): the busy work's own commits are not this instruction's.
  let baseline: string | undefined = pull.headSha;
  // Head commits already found to be someone else's: each is read once.
  const others = new Set<string>();
  return async (rebase) => {
    // No baseline (GitHub did not answer the rebase): the busy work's commits cannot be told
    // apart, so the commit sign is not used; the job's own signs remain.
    if (baseline === undefined) return undefined;
    const now = await writer.attempt(`read pull request #${pull.number}`, (api) =>
      api.pullRequest(pull.number),
    );
    if (rebase) {
      baseline = now?.headSha;
      return undefined;
    }
    const sha = now?.headSha;
    if (sha === undefined || sha === baseline || others.has(sha)) return undefined;
    const by = await writer.attempt(
      `read commit ${sha.slice(0, 7)} of pull request #${pull.number}`,
      (api) => api.commitAuthors(sha),
      'A new commit is not taken as a sign that the agent took the instruction up until GitHub says who made it.',
    );
    if (!by) return undefined;
    const author = pull.author.login;
    if (author !== '' && (by.author === author || by.committer === author))
      return `a new commit on pull request #${pull.number}`;
    others.add(sha);
    logger.info(
      `Pull request #${pull.number} has a new commit, ${sha.slice(0, 7)}, by ${printable(by.author ?? by.committer ?? 'an account GitHub does not name')}, not by the pull request's author${author ? ` (${printable(author)})` : ''}: not taken as a sign that the agent took the instruction up.`,
    );
    return undefined;
  };
}
