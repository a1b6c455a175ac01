/**
 * The review loop's sign from outside the job: new commits on the pull request after the send,
 * every one of them by the pull request's author (the agent's app), following on from the head
 * before. The job itself may still show its state from before the message; such commits show it
 * took the message up. Anything else shows nothing of the kind, and taken as a sign would report
 * the job's earlier result as this instruction's: a reviewer's push or another app's autofix, and
 * a rebase or "Update branch", whose commits may keep the app as their author.
 */
import type { CommentWriter, NewCommits, PullRequest } from '../github/pull-request.js';
import type { Logger } from '../shared/logger.js';
import { printable } from '../shared/text.js';
import type { OutsideSign } from './pickup.js';

export function commitSign(pull: PullRequest, writer: CommentWriter, logger: Logger): OutsideSign {
  const n = pull.number;
  const app = pull.author.bot ? pull.author.login : undefined;
  // Why the sign is not used in this run (said once, at its first ask); undefined: it is.
  let off = app
    ? undefined
    : `pull request #${n} was opened by ${printable(pull.author.login || 'a deleted account')}, not by an app, so the agent's commits cannot be told from anyone else's`;
  let offSaid = false;
  // Against the head before the send, or, for a job busy at the send, the head when that work
  // ended (`rebase`): the busy work's own commits are not this instruction's.
  let baseline: string | undefined = pull.headSha;
  // Heads already found not to be a sign: each is compared once.
  const judged = new Set<string>();
  return async (rebase) => {
    if (off !== undefined) {
      if (!offSaid) logger.info(`New commits are not a sign of the pickup: ${off}.`);
      offSaid = true;
      return undefined;
    }
    // No baseline (GitHub did not answer the rebase): the busy work's commits cannot be told
    // apart, so the commit sign is not used; the job's own signs remain.
    if (baseline === undefined) return undefined;
    const now = await writer.attempt(`read pull request #${n}`, (api) => api.pullRequest(n));
    if (rebase) {
      baseline = now?.headSha;
      return undefined;
    }
    const head = now?.headSha;
    if (head === undefined || head === baseline || judged.has(head)) return undefined;
    const base = baseline;
    const commits = await writer.attempt(
      `compare the commits of pull request #${n} (${base.slice(0, 7)}...${head.slice(0, 7)})`,
      (api) => api.newCommits(base, head),
      'New commits are not taken as a sign that the agent took the instruction up in this run; its own signs still are.',
      'Give the job "permissions: contents: read" (or pass a github-token that has it).',
    );
    if (!commits) {
      off = 'GitHub refused to compare them (warned above)';
      offSaid = true;
      return undefined;
    }
    judged.add(head);
    const not = notTheApp(commits, app!);
    if (not === undefined) return `a new commit on pull request #${n}`;
    logger.info(
      `Pull request #${n} has a new head, ${head.slice(0, 7)}, ${not}: not taken as a sign that the agent took the instruction up.`,
    );
    return undefined;
  };
}

/** Why the new commits are not the app's own, or undefined when they are. */
function notTheApp(commits: NewCommits, app: string): string | undefined {
  if (!commits.ahead) return 'that does not follow on from the head before (a rebase or a reset)';
  if (!commits.complete) return 'with more new commits than GitHub lists';
  const others = [...new Set(commits.authors.filter((a) => a !== app))];
  if (others.length === 0 && commits.authors.length > 0) return undefined;
  return `with commits by ${others.map((a) => printable(a ?? 'an account GitHub does not name')).join(', ')}, not only by the pull request's author (${printable(app)})`;
}
