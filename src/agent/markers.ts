/**
 * Which comments hold an instruction for the agent (`instructionAfter`), and which job the pull
 * request names: the newest marker that is trusted. Pure but for the commenter's own check, which
 * the caller passes in.
 */
import type { Author, IssueComment, PullRequest } from '../github/pull-request.js';
import { announcedJob } from './announce.js';
import { isReply, markersIn } from './comment.js';

/** The text after the command at the start of a comment; undefined when it does not start so. */
export function instructionAfter(body: string, command: string): string | undefined {
  const text = body.replace(/\r\n?/g, '\n').trimStart();
  if (!text.startsWith(command)) return undefined;
  const rest = text.slice(command.length);
  // `/agents` is not `/agent`.
  return rest === '' || /^\s/.test(rest) ? rest : undefined;
}

/** A marker on the pull request, and whose text holds it. */
export interface MarkerCandidate {
  jobId: string;
  author: Author;
  /** In an announce (see `announcedJob`): the action's own comment, trusted as it is. */
  announce: boolean;
  /** Where it is, for the log: `comment <id>` or `the description`. */
  where: string;
}

/**
 * The markers that may name the pull request's job, newest first: one per comment (an announce's
 * own, else the comment's last), then the description's last. Instructions and the replies that
 * quote them are skipped: they are data, and may hold a marker line that names another job.
 */
export function markerCandidates(
  pull: PullRequest,
  comments: IssueComment[],
  command: string,
): MarkerCandidate[] {
  const inComments = comments
    .filter((c) => !isReply(c.body) && instructionAfter(c.body, command) === undefined)
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || b.id - a.id)
    .flatMap((c) => {
      const announced = announcedJob(c);
      const jobId = announced ?? markersIn(c.body).at(-1);
      if (jobId === undefined) return [];
      return [
        { jobId, author: c.author, announce: announced !== undefined, where: `comment ${c.id}` },
      ];
    });
  const described = markersIn(pull.body).at(-1);
  return described === undefined
    ? inComments
    : [
        ...inComments,
        { jobId: described, author: pull.author, announce: false, where: 'the description' },
      ];
}

/**
 * The job the pull request belongs to: the newest marker that is trusted. An announce is; any
 * other text (a person's comment, another app's, the description) only when its author may steer
 * the agent, by the commenter's own check (`mayNotSteer`, which asks GitHub for the permission).
 * Each marker passed over is handed to `passed`, with the reason.
 */
export async function newestMarker(
  candidates: MarkerCandidate[],
  mayNotSteer: (author: Author) => Promise<string | undefined>,
  passed: (candidate: MarkerCandidate, why: string) => void = () => undefined,
): Promise<string | undefined> {
  for (const candidate of candidates) {
    if (candidate.announce) return candidate.jobId;
    const why = await mayNotSteer(candidate.author);
    if (why === undefined) return candidate.jobId;
    passed(candidate, why);
  }
  return undefined;
}
