/**
 * The review loop on reviews, end to end: dist/agent under Node 24 on `pull_request_review` and
 * `pull_request_review_comment` payloads as GitHub sends them (webhook: a review's state in lower
 * case), against the simulator (which takes messages up asynchronously) and the GitHub stand-in
 * (REST: `side` and a review's `state` in upper case). One follow-up per review, whatever event
 * arrives first; nothing sent twice (re-runs, later events); nothing lost (a cancelled run's item
 * is sent by the next run). AGENT_EXCHANGE_LOG=1 prints the prompt sent for a review with two
 * `/agent` line comments, and the reply.
 */
import { describe, expect, it } from 'vitest';
import type { AgentScenario } from '../../simulator/server.js';
import { GITHUB_TOKEN, terminateWhen } from '../helpers/action.js';
import {
  expectNothingSecretSent,
  startFakeGitHub,
  type FakeGitHub,
  type FakeGitHubOptions,
  isWrite,
} from '../helpers/github-api.js';
import { agentOnEvent as agentOn, announced, eventFile } from '../helpers/agent-events.js';
import { ACTIVE_MS, rerun } from '../helpers/review-loop.js';
import { closeAfterTest, finishedAgentJob, sim } from '../helpers/sim.js';

const PR = 101;
const REVIEW = 2612345678;
const ISSUE_COMMENT_ID = 2701234567;
const USE_IMPERATIVE = 3001;
const PRAISE = 3002;
const RESTORE = 3003;

const reviewEvent = (action = 'submitted') =>
  eventFile('pull_request_review.submitted.json', 'pull_request_review', (p) => {
    p.action = action as unknown as Record<string, unknown>;
  });

/** The event GitHub sends for one comment of the review. */
const commentEvent = (id: number, body: string) =>
  eventFile('pull_request_review_comment.created.json', 'pull_request_review_comment', (p) => {
    p.comment!.id = id;
    p.comment!.body = body;
    p.comment!.pull_request_review_id = REVIEW;
    p.comment!.html_url = `https://github.com/acme/docs/pull/101#discussion_r${id}`;
  });

const issueCommentEvent = () => eventFile('issue_comment.created.json', 'issue_comment');

/** The review as GitHub holds it: a body without the command, two `/agent` line comments, praise. */
const REVIEW_COMMENTS: NonNullable<FakeGitHubOptions['seededReviewComments']> = [
  {
    id: USE_IMPERATIVE,
    pull: PR,
    reviewId: REVIEW,
    body: '/agent Use the imperative here.',
    createdAt: '2026-03-02T09:20:04Z',
    at: { start_line: 12, line: 15, side: 'RIGHT' },
  },
  {
    id: PRAISE,
    pull: PR,
    reviewId: REVIEW,
    body: 'Nice wording.',
    createdAt: '2026-03-02T09:20:04Z',
  },
  {
    id: RESTORE,
    pull: PR,
    reviewId: REVIEW,
    body: '/agent Restore the old sentence:\nit was clearer.',
    createdAt: '2026-03-02T09:20:05Z',
    at: { line: 14, side: 'LEFT' },
  },
];

async function world(
  options: { agent?: Partial<AgentScenario>; github?: Partial<FakeGitHubOptions> } = {},
) {
  const s = await sim({ agent: { activeMs: ACTIVE_MS, followUpPr: 'same', ...options.agent } });
  const jobId = await finishedAgentJob(s);
  const g = await startFakeGitHub({
    pulls: [{ number: PR }],
    issueComments: [{ pull: PR, body: announced(jobId) }],
    seededReviewComments: REVIEW_COMMENTS,
    reviews: [
      {
        id: REVIEW,
        pull: PR,
        body: 'A few changes, see the comments.',
        submittedAt: '2026-03-02T09:20:06Z',
      },
    ],
    permissions: { octocat: 'write' },
    ...options.github,
  });
  closeAfterTest(g);
  return { s, g, jobId };
}

const replies = (g: FakeGitHub) =>
  g.comments.filter((c) => !c.seeded && c.body.startsWith('<!-- docs-agent-reply -->'));

// Each case starts dist/ two to four times, one follow-up each (two in one run below): more than
// the default limit when the machine is busy.
const SEVERAL_RUNS = { timeout: 120_000 };

describe.concurrent(
  'a review: one follow-up, with every /agent comment and its context',
  SEVERAL_RUNS,
  () => {
    it('two /agent line comments: numbered, with file, lines and side; one reply lists them', async () => {
      const { s, g, jobId } = await world();
      const run = await agentOn(await reviewEvent(), s, g);
      expect(run.code, run.stdout).toBe(0);
      const sent = s.requestsFor('message');
      expect(sent.map((r) => r.path)).toEqual([`/v2/agent/${s.projectId}/job/${jobId}/message`]);
      const prompt = (sent[0]!.body as { prompt: string }).prompt;
      expect(prompt).toContain(
        'These 2 instructions come from one review of the pull request. Follow them together, as one change.\n\nInstruction 1 (a comment on the diff):\n\nUse the imperative here.\n\n',
      );
      expect(prompt).toContain('file: quickstart.mdx\nlines 12..15\nside: RIGHT (the new text)\n');
      expect(prompt).toContain(
        'Instruction 2 (a comment on the diff):\n\nRestore the old sentence:\nit was clearer.\n\n',
      );
      expect(prompt).toContain('file: quickstart.mdx\nline 14\nside: LEFT (the old text)\n');
      expect(prompt).toContain('+See [the guide](/guides/start).\n```');
      expect(prompt).not.toContain('Nice wording');
      expect(prompt).not.toContain('A few changes');

      // One reply on the conversation, posted before the send (the mark) and edited with the outcome.
      const posted = replies(g);
      expect(posted).toHaveLength(1);
      const reply = posted[0]!.body;
      // Each part has a claim ref of its own, all at the run's one claim commit (the first's
      // moved on since, to the outcome the run left on it).
      const claim = g.git.refs.get(`refs/static-export-helm/claims/101/review-comment-${RESTORE}`);
      expect(
        g.git.claimAt(`refs/static-export-helm/claims/101/review-comment-${USE_IMPERATIVE}`),
      ).toBe(claim);
      expect(reply.split('\n').slice(0, 5)).toEqual([
        '<!-- docs-agent-reply -->',
        `<!-- docs-agent-taken: review ${REVIEW} -->`,
        `<!-- docs-agent-parts: review-comment-${USE_IMPERATIVE} review-comment-${RESTORE} -->`,
        `<!-- docs-agent-claim: ${claim} -->`,
        `✅ **Done**: agent job \`${jobId}\` completed; this pull request did not change (no new commit).`,
      ]);
      expect(reply).toContain(
        `[Review](https://github.com/acme/docs/pull/101#pullrequestreview-${REVIEW}) from \`octocat\`: 2 instructions sent as one follow-up:\n\n1. [a comment on quickstart.mdx, lines 12..15](https://github.com/acme/docs/pull/101#discussion_r${USE_IMPERATIVE})\n2. [a comment on quickstart.mdx, line 14, old text](https://github.com/acme/docs/pull/101#discussion_r${RESTORE})`,
      );
      const writes = g.requests.filter(
        (r) => r.path.endsWith('/issues/101/comments') || r.method === 'PATCH',
      );
      expect(writes.map((r) => r.method)).toEqual(['POST', 'PATCH', 'PATCH']); // reply, reply, announce
      expect(writes[0]!.at).toBeLessThanOrEqual(sent[0]!.at);
      expect(g.reactions).toEqual([
        { kind: 'review', commentId: USE_IMPERATIVE, content: 'eyes' },
        { kind: 'review', commentId: RESTORE, content: 'eyes' },
        { kind: 'review', commentId: USE_IMPERATIVE, content: '+1' },
        { kind: 'review', commentId: RESTORE, content: '+1' },
      ]);
      // The diff comments come from the pull request's list (the per-review endpoint has no lines).
      expect(
        g.requests.some((r) => r.path.startsWith('/api/v3/repos/acme/docs/pulls/101/comments?')),
      ).toBe(true);
      expect(run.outputs).toMatchObject({ 'job-id': jobId, status: 'completed' });
      expect(run.outputs['comment-url']).toBe(
        `https://github.com/acme/docs/pull/101#issuecomment-${posted[0]!.id}`,
      );
      expectNothingSecretSent(g, [s.apiKey, GITHUB_TOKEN], run);
      if (process.env.AGENT_EXCHANGE_LOG)
        console.log(
          `--- prompt sent (POST ${sent[0]!.path}) ---\n${prompt}\n--- reply (edited) ---\n${reply}`,
        );

      // A re-run of the same payload sends nothing again, and writes nothing.
      const before = g.requests.length;
      const again = await agentOn(await reviewEvent(), s, g);
      expect(again.code, again.stdout).toBe(0);
      expect(s.requestsFor('message')).toHaveLength(1);
      expect(g.requests.slice(before).filter(isWrite)).toEqual([]);
      expect(again.stdout).toContain(`no /agent item that no run took yet; nothing to do.`);
    });

    it('a dismissed review is sent all the same; its later events send nothing more', async () => {
      const { s, g } = await world({
        github: {
          reviews: [
            {
              id: REVIEW,
              pull: PR,
              body: 'A few changes, see the comments.',
              state: 'DISMISSED',
              submittedAt: '2026-03-02T09:20:06Z',
            },
          ],
        },
      });
      // Dismissed (a stale approval) before any run listed it: the instructions stand as written.
      const dismissed = await agentOn(await reviewEvent('dismissed'), s, g);
      expect(dismissed.code, dismissed.stdout).toBe(0);
      expect(s.requestsFor('message')).toHaveLength(1);
      const before = g.requests.length;
      const edited = await agentOn(await reviewEvent('edited'), s, g);
      expect(edited.code, edited.stdout).toBe(0);
      expect(s.requestsFor('message')).toHaveLength(1);
      expect(g.requests.slice(before).filter(isWrite)).toEqual([]);
    });

    it('three 25,000-character /agent comments: over the prompt limit together, refused before sending and said; nothing sent', async () => {
      const long = [USE_IMPERATIVE, PRAISE, RESTORE].map((id, i) => ({
        ...REVIEW_COMMENTS[i]!,
        id,
        body: `/agent ${String.fromCharCode(97 + i).repeat(25_000)}`,
      }));
      const { s, g } = await world({ github: { seededReviewComments: long } });
      const run = await agentOn(await reviewEvent(), s, g);
      expect(run.code, run.stdout).toBe(0);
      expect(s.requestsFor('message')).toHaveLength(0);
      const reply = replies(g)[0]!.body;
      expect(reply.length).toBeLessThanOrEqual(65_536);
      expect(reply).toMatch(
        /more than the 65536 a prompt may have: write its parts as separate \/agent comments/,
      );
      expect(reply).toContain('0 instructions sent as one follow-up');
      expect((await rerun(await reviewEvent(), s, g)).code).toBe(0);
      expect(s.requestsFor('message')).toHaveLength(0);
    });

    it('GitHub refuses the reply that claims the review: not sent, the step fails; the next run sends it once', async () => {
      const refuse: FakeGitHubOptions['refuse'] = {
        comment: { status: 403, message: 'Resource not accessible by integration' },
      };
      const { s, g } = await world({ github: { refuse } });
      const run = await agentOn(await reviewEvent(), s, g);
      expect(run.code, run.stdout).toBe(1);
      expect(s.requestsFor('message')).toHaveLength(0);
      expect(run.stdout).toMatch(
        /^::error::Review \d+ was not claimed: GitHub refused the reply that claims it\. The instruction was not sent this run: it stays untaken, and the next run of the review loop on this pull request sends it\./m,
      );
      // GitHub takes writes again: the next run (a re-run, or any event's) sends it, once.
      delete refuse.comment;
      for (let i = 0; i < 2; i++) {
        const again = await agentOn(await reviewEvent(), s, g);
        expect(again.code, again.stdout).toBe(0);
      }
      expect(s.requestsFor('message')).toHaveLength(1);
    });
  },
);

describe.concurrent('nothing sent twice, nothing lost', SEVERAL_RUNS, () => {
  it('the review first, then its comment events: one follow-up', async () => {
    const { s, g } = await world();
    const review = await reviewEvent();
    const first = await agentOn(review, s, g);
    expect(first.code, first.stdout).toBe(0);
    const second = await agentOn(
      await commentEvent(RESTORE, String(REVIEW_COMMENTS[2]!.body)),
      s,
      g,
    );
    expect(second.code, second.stdout).toBe(0);
    expect(s.requestsFor('message')).toHaveLength(1);
    expect(replies(g)).toHaveLength(1);
    expect((await rerun(review, s, g)).code).toBe(0);
    expect(s.requestsFor('message')).toHaveLength(1);
  });

  it('a comment event first: its run sends the whole review; the review event then sends nothing', async () => {
    const { s, g } = await world();
    const comment = await commentEvent(USE_IMPERATIVE, String(REVIEW_COMMENTS[0]!.body));
    const first = await agentOn(comment, s, g);
    expect(first.code, first.stdout).toBe(0);
    const sent = s.requestsFor('message');
    expect(sent).toHaveLength(1);
    expect((sent[0]!.body as { prompt: string }).prompt).toMatch(/^These 2 instructions/);
    const second = await agentOn(await reviewEvent(), s, g);
    expect(second.code, second.stdout).toBe(0);
    expect(s.requestsFor('message')).toHaveLength(1);
    expect(replies(g)).toHaveLength(1);
    expect((await rerun(comment, s, g)).code).toBe(0);
    expect(s.requestsFor('message')).toHaveLength(1);
  });

  it('a cancelled pending run: the next run sends its comment, then the review, in order', async () => {
    // The issue comment's run was cancelled in the queue (a newer event replaced it): only the
    // review's run starts.
    const { payload: comment } = await issueCommentEvent();
    const { s, g, jobId } = await world({
      github: {
        issueComments: [
          { pull: PR, body: '' },
          {
            id: ISSUE_COMMENT_ID,
            pull: PR,
            body: String(comment.comment!.body),
            user: { login: 'octocat' },
            association: 'MEMBER',
          },
        ],
      },
    });
    g.comments[0]!.body = announced(jobId);
    const review = await reviewEvent();
    const run = await agentOn(review, s, g);
    expect(run.code, run.stdout).toBe(0);
    const prompts = s.requestsFor('message').map((r) => (r.body as { prompt: string }).prompt);
    expect(prompts).toHaveLength(2);
    expect(prompts[0]).toBe('Also fix the broken link in the quickstart.\nKeep the wording short.');
    expect(prompts[1]).toMatch(/^These 2 instructions/);
    // The comment's own event, delivered late or re-run, sends nothing again.
    const late = await agentOn(await issueCommentEvent(), s, g);
    expect(late.code, late.stdout).toBe(0);
    expect(s.requestsFor('message')).toHaveLength(2);
    expect(late.stdout).toContain('no /agent item that no run took yet; nothing to do.');
    expect((await rerun(review, s, g)).code).toBe(0);
    expect(s.requestsFor('message')).toHaveLength(2);
  });

  it('a run cancelled while it waits: the review is not sent again by the next run', async () => {
    const { s, g, jobId } = await world({ agent: { activeMs: 60_000 } });
    const cancel = terminateWhen(`Wait for agent job`);
    const review = await reviewEvent();
    const run = await agentOn(review, s, g, { onStart: cancel.onStart });
    expect(cancel.signalledAt()).toBeGreaterThan(0);
    expect(run.code).not.toBe(0);
    expect(s.requestsFor('message')).toHaveLength(1);
    const reply = replies(g)[0]!.body;
    expect(reply).toContain(`<!-- docs-agent-taken: review ${REVIEW} -->`);
    expect(reply).toContain(
      `⏹️ **Cancelled**: the workflow run stopped while waiting for agent job \`${jobId}\``,
    );
    const next = await agentOn(await commentEvent(RESTORE, String(REVIEW_COMMENTS[2]!.body)), s, g);
    expect(next.code, next.stdout).toBe(0);
    expect(s.requestsFor('message')).toHaveLength(1);
    expect((await rerun(review, s, g)).code).toBe(0);
    expect(s.requestsFor('message')).toHaveLength(1);
  });
});
