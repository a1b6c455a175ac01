/**
 * An instruction edited after it was sent (dist/agent on real payload files, the GitHub stand-in,
 * the simulator): the agent got the text as it was, no part is sent twice, so the edit's run
 * replies once that what the edit added was not sent, and how to send it (a new comment).
 * Counted at the simulator: one message per instruction across every run.
 */
import { describe, expect, it } from 'vitest';
import { startFakeGitHub } from '../helpers/github-api.js';
import { agentOnEvent, announced, eventFile as payloadFile } from '../helpers/agent-events.js';
import {
  ACTIVE_MS,
  agentOn,
  COMMENT_ID,
  eventFile,
  ISSUE_COMMENT,
  posted,
  rerun,
  sentPrompts,
  world,
} from '../helpers/review-loop.js';
import { closeAfterTest, finishedAgentJob, sim } from '../helpers/sim.js';

const EDITED = '✏️ **Edited after sending**';
const told = <T extends { body: string }>(bodies: T[]): T[] =>
  bodies.filter((c) => c.body.includes(EDITED));

describe.concurrent('an instruction edited after its send', { timeout: 150_000 }, () => {
  it('a conversation comment edited to add an instruction: one reply says the addition was not sent and how to send it; nothing sent again', async () => {
    const event = await eventFile(ISSUE_COMMENT);
    const body = String(event.payload.comment!.body);
    const { s, g } = await world({ comment: { id: COMMENT_ID, body } });
    const first = await agentOn(event, s, g);
    expect(first.code, first.stdout).toBe(0);
    expect(sentPrompts(s)).toHaveLength(1);
    expect(told(posted(g))).toEqual([]);
    // The reviewer adds a second instruction to the comment: GitHub sends issue_comment "edited".
    const more = `${body}\nAlso fix the FAQ link.`;
    g.comments.find((c) => c.id === COMMENT_ID)!.body = more;
    const edited = await eventFile(ISSUE_COMMENT, (p) => {
      p.action = 'edited' as unknown as Record<string, unknown>;
      p.comment!.body = more;
    });
    const second = await agentOn(edited, s, g);
    expect(second.code, second.stdout).toBe(0);
    expect(sentPrompts(s)).toHaveLength(1);
    const replies = told(posted(g));
    expect(replies).toHaveLength(1);
    expect(replies[0]!.body).toContain(
      `[this instruction](https://github.com/acme/docs/pull/101#issuecomment-${COMMENT_ID}) was changed after it was sent`,
    );
    expect(replies[0]!.body).toContain('was **not sent**');
    expect(replies[0]!.body).toContain('write it in a new `/agent` comment');
    // A later run (a re-run, any event) says it no more; a further edit is answered once again.
    expect((await rerun(edited, s, g)).code).toBe(0);
    expect(told(posted(g))).toHaveLength(1);
    g.comments.find((c) => c.id === COMMENT_ID)!.body = `${more}\nAnd the title.`;
    expect((await agentOn(edited, s, g)).code).toBe(0);
    expect(told(posted(g))).toHaveLength(2);
    expect(sentPrompts(s)).toHaveLength(1);
  });

  it('a diff comment edited after its send: the reply is in its thread; an edit that only removes the command gets none', async () => {
    const s = await sim({ agent: { activeMs: ACTIVE_MS, followUpPr: 'same' } });
    const jobId = await finishedAgentJob(s);
    const DIFF = 3001;
    const g = await startFakeGitHub({
      pulls: [{ number: 101 }],
      issueComments: [{ pull: 101, body: announced(jobId) }],
      seededReviewComments: [
        { id: DIFF, pull: 101, reviewId: 2612345678, body: '/agent Use the imperative here.' },
      ],
      reviews: [{ id: 2612345678, pull: 101, body: 'See the comment.' }],
      permissions: { octocat: 'write' },
    });
    closeAfterTest(g);
    const diffEvent = (body: string) =>
      payloadFile(
        'pull_request_review_comment.created.json',
        'pull_request_review_comment',
        (p) => {
          p.action = 'edited' as unknown as Record<string, unknown>;
          p.comment!.id = DIFF;
          p.comment!.body = body;
          p.comment!.pull_request_review_id = 2612345678;
        },
      );
    const review = await payloadFile('pull_request_review.submitted.json', 'pull_request_review');
    expect((await agentOnEvent(review, s, g)).code).toBe(0);
    expect(sentPrompts(s)).toHaveLength(1);
    const comment = g.reviewComments.find((c) => c.id === DIFF)!;
    comment.body = 'Use the imperative here.';
    const withdrawn = await agentOnEvent(await diffEvent(comment.body), s, g);
    expect(withdrawn.code, withdrawn.stdout).toBe(0);
    expect(told(g.reviewComments)).toEqual([]);
    comment.body = '/agent Use the imperative here, and in the next paragraph too.';
    const run = await agentOnEvent(await diffEvent(comment.body), s, g);
    expect(run.code, run.stdout).toBe(0);
    const replies = told(g.reviewComments);
    expect(replies).toHaveLength(1);
    expect(replies[0]!.in_reply_to_id).toBe(DIFF);
    expect(sentPrompts(s)).toHaveLength(1);
  });
});
