/**
 * The review loop: a comment `/agent <instruction>` on the agent's pull request becomes a
 * follow-up of its job, and the outcome is replied in the thread. Which comments count and which
 * markers may name the job are decided by pure functions, the trusted marker by the commenter's
 * own check; `reviewLoop` runs the steps. Nothing is sent to the service unless every check
 * passed; the instruction is data throughout, never printed.
 */
import { describeGitHubFailure, GitHubApiError } from '../github/api-error.js';
import {
  refusal,
  type Author,
  type CommentWriter,
  type IssueComment,
  type PullRequest,
  type PullRequestApi,
  type Reaction,
} from '../github/pull-request.js';
import { UserError } from '../shared/errors.js';
import { printable } from '../shared/text.js';
import { announce, announcedJob, type PullRequestSide } from './announce.js';
import {
  isReply,
  markersIn,
  noMarkerReply,
  refusedReply,
  replyBody,
  type Asked,
  type FollowUpOutcome,
} from './comment.js';
import type { CommentEvent } from './event.js';
import {
  promptProblem,
  reviewLoopWithoutToken,
  type AgentActionInputs,
  type FollowUpInputs,
} from './inputs.js';
import { outcomeOf, settle, WELL } from './outcome.js';
import type { AgentResult, AgentState, FollowUpDeps } from './state.js';
import { hiddenNote, nothingShown, visibleText } from './visible.js';

/** A comment that is not for the agent, and how loudly to say so in the log. */
export interface Ignored {
  ignore: string;
  level: 'debug' | 'info';
}

/** The text after the command at the start of a comment; undefined when it does not start so. */
export function instructionAfter(body: string, command: string): string | undefined {
  const text = body.replace(/\r\n?/g, '\n').trimStart();
  if (!text.startsWith(command)) return undefined;
  const rest = text.slice(command.length);
  // `/agents` is not `/agent`.
  return rest === '' || /^\s/.test(rest) ? rest : undefined;
}

/** The comment's instruction (untrimmed), or why the comment is not for the agent. */
export function screen(event: CommentEvent, command: string): Ignored | { instruction: string } {
  if (event.action !== 'created')
    return { ignore: `the comment was ${printable(event.action)}, not created`, level: 'debug' };
  if (event.pullNumber === undefined)
    return { ignore: 'the comment is on an issue, not a pull request', level: 'debug' };
  const instruction = instructionAfter(event.comment.body, command);
  if (instruction === undefined)
    return { ignore: `the comment does not start with ${command}`, level: 'debug' };
  if (event.comment.author.bot)
    return {
      ignore: `${printable(event.comment.author.login) || 'a deleted account'} is a bot, and bots never steer the agent`,
      level: 'info',
    };
  return { instruction };
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

export interface ReviewLoopDeps extends FollowUpDeps {
  /** Shared with `send`: the job it last saw (a failed job's reason), the reply's link. */
  state: AgentState;
  side: PullRequestSide;
  /** Sends the follow-up and waits for the job (the pipeline's `followUp`). */
  send(
    inputs: FollowUpInputs,
    extra?: { pickupSign?: () => Promise<string | undefined> },
  ): Promise<AgentResult>;
  redact(text: string): string;
  now?: () => number;
}

export interface ReviewLoopResult {
  /** The instruction, once it was sent. */
  instruction?: string;
  outcome?: FollowUpOutcome;
  result?: AgentResult;
  /** What ended the follow-up: the caller fails the step with it, after the reply. */
  error?: unknown;
  commentUrl?: string;
}

/** The steps of the review loop for one comment event. */
export async function reviewLoop(
  inputs: AgentActionInputs,
  event: CommentEvent,
  deps: ReviewLoopDeps,
): Promise<ReviewLoopResult> {
  const admitted = await admit(event, inputs.command, deps);
  if (!admitted) return {};
  const thread = threadOf(event, admitted.writer, deps);
  const { pull, jobId } = await jobOf(thread.number, inputs.command, admitted, deps);
  const refused = refusedBefore(jobId, admitted.asked, inputs.command);
  if (refused) return thread.replyOnly(refused.body, refused.why);
  return followUpInThread(inputs, { jobId: jobId!, pull, asked: admitted.asked, thread, deps });
}

/** A comment the agent acts on: the instruction, the writer, and the check of who may steer it. */
interface Admitted {
  asked: Asked;
  writer: CommentWriter;
  mayNotSteer: (author: Author) => Promise<string | undefined>;
}

/** The instruction and a writer, when the comment is for the agent and its author may steer it. */
async function admit(
  event: CommentEvent,
  command: string,
  deps: ReviewLoopDeps,
): Promise<Admitted | undefined> {
  const { comment } = event;
  const screened = screen(event, command);
  if ('ignore' in screened) {
    deps.reporter[screened.level](`Comment ${comment.id}: ${screened.ignore}; nothing to do.`);
    return undefined;
  }
  const writer = await deps.side.writer();
  // Not reached: the inputs refuse an empty token on a comment event, with this same error.
  if (!writer) throw reviewLoopWithoutToken();
  const mayNotSteer = steeringCheck(writer.api);
  const refused = await mayNotSteer(comment.author);
  if (refused) {
    deps.reporter.info(
      `Comment ${comment.id}: ${refused}, so it may not steer the agent; ignored.`,
    );
    return undefined;
  }
  // What a reader of the comment sees is what the agent gets: hidden text is never sent.
  const shown = visibleText(comment.body);
  const hidden = hiddenNote(shown, comment.body);
  if (hidden) deps.reporter.info(`Comment ${comment.id}: removed hidden text, ${hidden}.`);
  const asked = {
    instruction: instructionAfter(shown.text, command) ?? '',
    hidden,
    login: comment.author.login,
    url: comment.url,
  };
  return { asked, writer, mayNotSteer };
}

/**
 * `refusal`, asked of GitHub once per author in a run: the commenter and the authors of the
 * markers are often the same people.
 */
function steeringCheck(api: PullRequestApi): (author: Author) => Promise<string | undefined> {
  const asked = new Map<string, Promise<string | undefined>>();
  return (author) => {
    const key = JSON.stringify([author.login, author.bot, author.association]);
    let answer = asked.get(key);
    if (!answer) {
      answer = readGitHub('check who may steer the agent', () => refusal(api, author));
      asked.set(key, answer);
    }
    return answer;
  };
}

/** The reply when nothing may be sent: no job named, or an instruction the check refuses. */
function refusedBefore(
  jobId: string | undefined,
  asked: Asked,
  command: string,
): { body: string; why: string } | undefined {
  if (!jobId)
    return {
      body: noMarkerReply(asked, command),
      why: 'no agent job is named on the pull request',
    };
  const found = promptProblem(asked.instruction)?.problem;
  const problem =
    found && asked.hidden && !asked.instruction.trim() ? nothingShown(asked.hidden) : found;
  if (problem)
    return {
      body: refusedReply(asked, problem, command),
      why: `the instruction ${problem}`,
    };
  return undefined;
}

type Thread = ReturnType<typeof threadOf>;

/** Replies and reactions on the comment's thread; the reply's link is kept in the state. */
function threadOf(event: CommentEvent, writer: CommentWriter, deps: ReviewLoopDeps) {
  const { comment } = event;
  const number = event.pullNumber!;
  const { state } = deps;
  const reply = async (body: string) => {
    const posted = await writer.reply(number, comment.kind, comment.threadId, body);
    state.commentUrl = posted?.url;
    return posted?.url;
  };
  return {
    number,
    writer,
    reply,
    react: (content: Reaction) => writer.react(comment.kind, comment.id, content),
    async replyOnly(body: string, why: string): Promise<ReviewLoopResult> {
      const url = await reply(body);
      deps.reporter.info(
        `Comment ${comment.id}: ${why}; nothing was sent.${url ? ` Replied: ${url}` : ''}`,
      );
      return { commentUrl: url };
    },
  };
}

/** 👀, the follow-up (sent once, waited for), the reply with its outcome, 👍 or 👎, the announce. */
async function followUpInThread(
  inputs: AgentActionInputs,
  context: { jobId: string; pull: PullRequest; asked: Asked; thread: Thread; deps: ReviewLoopDeps },
): Promise<ReviewLoopResult> {
  const { jobId, pull, thread, deps } = context;
  const instruction = context.asked.instruction.trim();
  deps.reporter.info(
    `Pull request #${thread.number}: an instruction of ${instruction.length} characters from ${printable(context.asked.login)} for agent job ${jobId}.`,
  );
  await thread.react('eyes');
  // A new head commit on the pull request after the send shows the job took the message up, even
  // when its status never showed active between two looks.
  const pickupSign = async () => {
    const now = await thread.writer.attempt(`read pull request #${pull.number}`, (api) =>
      api.pullRequest(pull.number),
    );
    return now && now.headSha !== pull.headSha
      ? `a new commit on pull request #${pull.number}`
      : undefined;
  };
  const sent = await settle(deps.send({ ...inputs, prompt: instruction, jobId }, { pickupSign }));
  const outcome = await outcomeOf(sent, {
    jobId,
    timeoutMs: inputs.timeoutMs,
    pickupGraceMs: inputs.pickupGraceMs,
    pull,
    writer: thread.writer,
    ...deps,
  });
  const url = await thread.reply(
    replyBody(outcome, { ...context.asked, instruction }, deps.side.links),
  );
  if (url) deps.reporter.info(`Replied on pull request #${thread.number}: ${url}`);
  await thread.react(WELL.has(outcome.kind) ? '+1' : '-1');
  // The announce shows the job's latest status.
  if (sent.result?.outcome === 'final') await announce(sent.result.job, deps.side, deps.reporter);
  return { instruction, outcome, ...sent, commentUrl: url };
}

/** The pull request (its head before the follow-up) and the job its newest trusted marker names. */
async function jobOf(
  number: number,
  command: string,
  admitted: Admitted,
  deps: ReviewLoopDeps,
): Promise<{ pull: PullRequest; jobId: string | undefined }> {
  const { api } = admitted.writer;
  const pull = await readGitHub(`read pull request #${number}`, () => api.pullRequest(number));
  const comments = await readGitHub(`list the comments of pull request #${number}`, () =>
    api.comments(number),
  );
  const jobId = await newestMarker(
    markerCandidates(pull, comments, command),
    admitted.mayNotSteer,
    (marker, why) =>
      deps.reporter.debug(
        `Pull request #${number}: the marker of agent job ${marker.jobId} in ${marker.where} does not count: ${why}.`,
      ),
  );
  return { pull, jobId };
}

/** A read the loop cannot do without: a refusal fails the step, naming what to check. */
async function readGitHub<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof GitHubApiError)) throw error;
    const { answer, fix, transient } = describeGitHubFailure(
      error,
      "Check that github-token may read the repository's pull requests (the job's default token can), then comment again.",
      printable,
    );
    throw new UserError(`Could not ${what}: ${answer}. ${fix}`, { transient });
  }
}
