/**
 * The announce: when a job's pull request is one of this repository's, one comment on it names
 * the job (hidden marker), its status and model, and how to ask for changes. A later run for the
 * same job edits that comment (an app's comment in the announce's form, never a person's copy).
 * It never fails a run: without a token it says so in an info line and the run goes on; when
 * GitHub refuses a call, the writer warns (once per run) and the run goes on.
 */
import type { AgentJob } from '../api/schemas.js';
import {
  pullRequestNumber,
  type Author,
  type CommentWriter,
  type RepositoryContext,
} from '../github/pull-request.js';
import type { Logger } from '../shared/logger.js';
import { announceBody, jobMarker, markersIn, type CommentLinks } from './comment.js';
import type { RunId } from './run-mark.js';

/** What the agent needs to write on the repository's pull requests. */
export interface PullRequestSide {
  repo: RepositoryContext;
  links: CommentLinks;
  /** This workflow run (GITHUB_RUN_ID, GITHUB_RUN_ATTEMPT): claims name it; undefined off a runner. */
  run?: RunId | undefined;
  /** The review loop's comment prefix, shown in the announce. */
  command: string;
  /** The writer, created on first use (Octokit is loaded then); undefined without a token. */
  writer(): Promise<CommentWriter | undefined>;
}

/** The announce of `jobId` as this action writes it: the marker, then the first sentence. */
function isAnnounceOf(body: string, jobId: string): boolean {
  return body.replace(/\r\n/g, '\n').startsWith(`${jobMarker(jobId)}\n**Docs agent**:`);
}

/**
 * The job a comment announces, when it is an announce: written by an app (the action writes as
 * the token's app, github-actions[bot] with the default token) and in the announce's form. A
 * person's comment, or another app's comment that holds a marker somewhere, is not one: such text
 * may quote anything (an app may relay what someone else wrote).
 */
export function announcedJob(comment: { body: string; author: Author }): string | undefined {
  if (!comment.author.bot) return undefined;
  const jobId = markersIn(comment.body)[0];
  return jobId !== undefined && isAnnounceOf(comment.body, jobId) ? jobId : undefined;
}

/** Posts or edits the announce of `job`; returns its link (undefined when there is none). */
export async function announce(
  job: AgentJob,
  side: PullRequestSide,
  logger: Logger,
): Promise<string | undefined> {
  const number = pullRequestNumber(job.prLink, side.repo);
  if (number === undefined) return undefined;
  const writer = await side.writer();
  if (!writer) {
    logger.info(
      `Input "github-token" is empty: agent job ${job.id} is not announced on pull request #${number}, so comments there cannot steer it. Leave github-token at its default to have the announce.`,
    );
    return undefined;
  }
  const comments = await writer.attempt(
    `list the comments of pull request #${number}`,
    (api) => api.comments(number),
    `Agent job ${job.id} is not announced there, so comments on that pull request cannot steer it; the job itself is not affected.`,
  );
  if (comments === undefined) return undefined;
  const existing = comments.filter((c) => announcedJob(c) === job.id).at(-1);
  const body = announceBody(job, side.command, side.links);
  const posted = existing
    ? await writer.editComment(existing.id, body)
    : await writer.comment(number, body);
  if (posted)
    logger.info(
      `${existing ? 'Updated the' : 'Posted an'} announce of agent job ${job.id} on pull request #${number}: ${posted.url}`,
    );
  return posted?.url;
}
