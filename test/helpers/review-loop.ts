/**
 * The world of the review loop's end-to-end tests (test/e2e/agent-review-loop.test.ts,
 * agent-review-claims and agent-review-delivery; test/reliability/github-faults.test.ts,
 * review-loop-claims and review-loop-abandoned): a finished (or busy) agent job in the
 * simulator whose pull request is #101 of acme/docs, the GitHub stand-in holding that pull request,
 * its announce and the comment of the event, and dist/agent started on a comment event.
 */
import { expect } from 'vitest';
import type { AgentScenario, Simulator } from '../../simulator/server.js';
import { runAgent } from './action.js';
import { agentOnEvent, announced, eventFile as eventFileOf, type Payload } from './agent-events.js';
import { startFakeGitHub, type FakeGitHub, type FakeGitHubOptions } from './github-api.js';
import type { StoredComment } from './pull-requests.js';
import { busyAgentJob, closeAfterTest, finishedAgentJob, sim } from './sim.js';

/**
 * How long the simulator's job shows `active` after it takes a follow-up up: twice the runs' 1 s
 * poll-interval, so a run slowed down by a busy machine still sees it once. A job that goes
 * active and completed between two looks, on the same pull request with no new commit, leaves no
 * sign of the pickup (the run then rightly reports it unconfirmed).
 */
export const ACTIVE_MS = 2000;

export const ISSUE_COMMENT = 'issue_comment';
export const REVIEW_COMMENT = 'pull_request_review_comment';
/** The ids and the pull request in the payload files. */
export const COMMENT_ID = 2701234567;
export const REVIEW_ID = 1987654321;
export const PR = 101;
export const BEFORE = '0123456789abcdef0123456789abcdef01234567';
export const AFTER = '89abcdef0123456789abcdef0123456789abcdef';

/** A payload file from the fixtures, with its comment changed as `edit` says, in a new file. */
export const eventFile = (name: string, edit?: (payload: Payload) => void) =>
  eventFileOf(`${name}.created.json`, name, edit);

/** A conversation comment already on the pull request (octocat's, a MEMBER, unless said). */
export interface SeededComment {
  id?: number;
  body: string;
  association?: string;
  bot?: boolean;
  /** Its author (octocat unless said). */
  login?: string;
}

/**
 * A job in the simulator whose pull request is #101 of acme/docs, and GitHub with that pull
 * request, its announce, the comment of the event, and octocat allowed to write.
 */
export async function world(
  options: {
    agent?: Partial<AgentScenario>;
    messageLimit?: number;
    github?: Partial<FakeGitHubOptions>;
    announce?: boolean;
    /** The comment of the event (the last of `comments`, when both are given). */
    comment?: SeededComment;
    /** Comments after the announce, oldest first (a fresh id unless given). */
    comments?: SeededComment[];
    /**
     * The job is still busy with its first work when the run sends: it ends the simulator's
     * busyLeftMs after the message, however long the run took to start.
     */
    busy?: boolean;
  } = {},
) {
  const s = await sim({
    agent: { activeMs: ACTIVE_MS, followUpPr: 'same', ...options.agent },
    messageLimit: options.messageLimit,
  });
  const jobId = options.busy ? await busyAgentJob(s) : await finishedAgentJob(s);
  if (options.busy) s.agentJobs.get(jobId)!.scenario.activeMs = 10 * 60_000;
  const seeded = [...(options.comments ?? []), ...(options.comment ? [options.comment] : [])];
  const g = await startFakeGitHub({
    pulls: [{ number: PR, headShas: [BEFORE, AFTER] }],
    issueComments: [
      ...(options.announce === false ? [] : [{ pull: PR, body: announced(jobId) }]),
      ...seeded.map((c) => ({
        ...(c.id === undefined ? {} : { id: c.id }),
        pull: PR,
        body: c.body,
        user: c.bot
          ? { login: 'renovate[bot]', type: 'Bot' as const }
          : { login: c.login ?? 'octocat' },
        association: c.association ?? 'MEMBER',
      })),
    ],
    permissions: { octocat: 'write' },
    ...options.github,
  });
  // Closed with the simulators (helpers/sim.ts): after the test, or the file when it is concurrent.
  closeAfterTest(g);
  return { s, g, jobId };
}

/** dist/agent as a runner starts it, against the simulator and the GitHub stand-in. */
export function agentWith(
  s: Simulator,
  g: FakeGitHub,
  inputs: Record<string, string>,
  env: Record<string, string> = {},
) {
  return runAgent(s, {
    inputs: { 'poll-interval': '1s', ...inputs },
    env: { GITHUB_API_URL: g.apiUrl, ...env },
  });
}

/** dist/agent on a comment event, with no prompt and no job-id. */
export const agentOn = (
  event: { name: string; path: string },
  s: Simulator,
  g: FakeGitHub,
  inputs: Record<string, string> = {},
  more: Omit<Parameters<typeof agentOnEvent>[3], 'inputs'> = {},
) => agentOnEvent(event, s, g, { ...more, inputs });

/**
 * A second comment by the same person after the event's (id COMMENT_ID + 1), added to the
 * stand-in, and the event GitHub sends for it.
 */
export async function laterComment(g: FakeGitHub, body: string) {
  g.comments.push({ ...g.comments.find((c) => c.id === COMMENT_ID)!, id: COMMENT_ID + 1, body });
  return eventFile(ISSUE_COMMENT, (p) => {
    p.comment!.body = body;
    p.comment!.id = COMMENT_ID + 1;
  });
}

/** The comments the action posted in this test (as the job's token's app; not the seeded ones). */
export const posted = (g: FakeGitHub): StoredComment[] =>
  [...g.comments, ...g.reviewComments].filter(
    (c) => c.user.login === 'github-actions[bot]' && !c.seeded,
  );

/** The body of the action's first reply (the comment that carries the reply marker). */
export const replyOf = (g: FakeGitHub): string =>
  posted(g).find((c) => c.body.startsWith('<!-- docs-agent-reply -->'))!.body;

/** Two /agent comments of octocat ("Fix part 1.", "Fix part 2."), the second the event's. */
export const TWO_PARTS: SeededComment[] = [COMMENT_ID - 1, COMMENT_ID].map((id, i) => ({
  id,
  body: `/agent Fix part ${i + 1}.`,
}));

/** The prompts the simulator received, in order (one per message). */
export const sentPrompts = (s: Simulator): string[] =>
  s.requestsFor('message').map((r) => (r.body as { prompt: string }).prompt);

/**
 * The same event again (GitHub's "Re-run jobs"), and the messages the simulator received across
 * every run so far checked: at most one per instruction. The caller says how many each got.
 */
export async function rerun(
  event: { name: string; path: string },
  s: Simulator,
  g: FakeGitHub,
  inputs: Record<string, string> = {},
) {
  const run = await agentOn(event, s, g, inputs);
  const prompts = sentPrompts(s);
  expect(prompts, 'an instruction was sent more than once').toEqual([...new Set(prompts)]);
  return run;
}
