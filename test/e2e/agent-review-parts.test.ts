/**
 * An item is what the reviewer wrote, once: each comment of a review, and its summary, is claimed
 * on its own (dist/agent on real payload files, the GitHub stand-in, the simulator). A part sent
 * once is never sent again when its review is regrouped later: the summary edited to hold the
 * command, a sibling comment deleted, the review listed only after its comment was sent alone.
 * Each case counts the messages the simulator received, across the run and the next runs.
 */
import { describe, expect, it } from 'vitest';
import { startFakeGitHub, type FakeGitHubOptions } from '../helpers/github-api.js';
import { agentOnEvent as agentOn, announced, eventFile } from '../helpers/agent-events.js';
import { ACTIVE_MS, rerun, sentPrompts } from '../helpers/review-loop.js';
import { closeAfterTest, finishedAgentJob, sim } from '../helpers/sim.js';

const PR = 101;
const REVIEW = 2612345678;
const IMPERATIVE = 3001;
const RESTORE = 3003;
const IMPERATIVE_TEXT = '/agent Use the imperative here.';
const RESTORE_TEXT = '/agent Restore the old sentence:\nit was clearer.';

/** The review's event, as GitHub sends it, with the review's body as it is now. */
const reviewEvent = (action: string, body: string) =>
  eventFile('pull_request_review.submitted.json', 'pull_request_review', (p) => {
    p.action = action as unknown as Record<string, unknown>;
    p.review!.body = body;
  });

/** The event GitHub sends for one diff comment of the review. */
const commentEvent = (id: number, body: string) =>
  eventFile('pull_request_review_comment.created.json', 'pull_request_review_comment', (p) => {
    p.comment!.id = id;
    p.comment!.body = body;
    p.comment!.pull_request_review_id = REVIEW;
    p.comment!.html_url = `https://github.com/acme/docs/pull/101#discussion_r${id}`;
  });

const diffComment = (id: number, body: string) => ({
  id,
  pull: PR,
  reviewId: REVIEW,
  body,
  createdAt: '2026-03-02T09:20:04Z',
});

const theReview = (body: string) => ({
  id: REVIEW,
  pull: PR,
  body,
  submittedAt: '2026-03-02T09:20:06Z',
});

async function world(github: Partial<FakeGitHubOptions>) {
  const s = await sim({ agent: { activeMs: ACTIVE_MS, followUpPr: 'same' } });
  const jobId = await finishedAgentJob(s);
  const g = await startFakeGitHub({
    pulls: [{ number: PR }],
    issueComments: [{ pull: PR, body: announced(jobId) }],
    permissions: { octocat: 'write' },
    ...github,
  });
  closeAfterTest(g);
  return { s, g };
}

// Each case starts dist/ three times, one follow-up at most each.
describe.concurrent('each part of a review is claimed on its own', { timeout: 150_000 }, () => {
  it("a diff comment sent alone, then the review's summary edited to hold /agent: only the summary is sent", async () => {
    const { s, g } = await world({
      seededReviewComments: [diffComment(IMPERATIVE, IMPERATIVE_TEXT)],
      reviews: [theReview('Looks good otherwise.')],
    });
    const first = await agentOn(await reviewEvent('submitted', 'Looks good otherwise.'), s, g);
    expect(first.code, first.stdout).toBe(0);
    expect(sentPrompts(s)).toHaveLength(1);
    expect(sentPrompts(s)[0]).toMatch(/^Use the imperative here\.\n\nWhere this comment is/);
    // The reviewer edits the summary: GitHub sends pull_request_review "edited".
    const summary = '/agent Also give the page a shorter title.';
    g.reviews[0]!.body = summary;
    const edited = await reviewEvent('edited', summary);
    const second = await agentOn(edited, s, g);
    expect(second.code, second.stdout).toBe(0);
    const prompts = sentPrompts(s);
    expect(prompts).toHaveLength(2);
    expect(prompts[1]).toContain('Also give the page a shorter title.');
    expect(prompts[1]).not.toContain('Use the imperative here.');
    expect((await rerun(edited, s, g)).code).toBe(0);
    expect(sentPrompts(s)).toHaveLength(2);
  });

  it('a review of two /agent comments sent as one, then one comment deleted: the other is not sent again', async () => {
    const { s, g } = await world({
      seededReviewComments: [
        diffComment(IMPERATIVE, IMPERATIVE_TEXT),
        diffComment(RESTORE, RESTORE_TEXT),
      ],
      reviews: [theReview('A few changes, see the comments.')],
    });
    const review = await reviewEvent('submitted', 'A few changes, see the comments.');
    const first = await agentOn(review, s, g);
    expect(first.code, first.stdout).toBe(0);
    expect(sentPrompts(s)).toHaveLength(1);
    expect(sentPrompts(s)[0]).toMatch(/^These 2 instructions/);
    g.reviewComments.splice(
      g.reviewComments.findIndex((c) => c.id === RESTORE),
      1,
    );
    const next = await agentOn(await commentEvent(IMPERATIVE, IMPERATIVE_TEXT), s, g);
    expect(next.code, next.stdout).toBe(0);
    expect(next.stdout).toContain('no /agent item that no run took yet');
    expect((await rerun(review, s, g)).code).toBe(0);
    expect(sentPrompts(s)).toHaveLength(1);
  });

  it('a diff comment sent alone before GitHub listed its review; the review then listed with a new /agent comment: that comment alone is sent', async () => {
    const { s, g } = await world({
      seededReviewComments: [diffComment(IMPERATIVE, IMPERATIVE_TEXT)],
      reviews: [],
    });
    const first = await agentOn(await commentEvent(IMPERATIVE, IMPERATIVE_TEXT), s, g);
    expect(first.code, first.stdout).toBe(0);
    expect(sentPrompts(s)).toHaveLength(1);
    // The review is listed now, with a second /agent comment beside the first.
    g.reviews.push(theReview('See the comments.'));
    g.reviewComments.push({
      ...g.reviewComments.find((c) => c.id === IMPERATIVE)!,
      id: RESTORE,
      body: RESTORE_TEXT,
    });
    const review = await reviewEvent('submitted', 'See the comments.');
    const second = await agentOn(review, s, g);
    expect(second.code, second.stdout).toBe(0);
    const prompts = sentPrompts(s);
    expect(prompts).toHaveLength(2);
    expect(prompts[1]).toMatch(
      /^Restore the old sentence:\nit was clearer\.\n\nWhere this comment/,
    );
    expect(prompts[1]).not.toContain('Use the imperative here.');
    expect((await rerun(review, s, g)).code).toBe(0);
    expect(sentPrompts(s)).toHaveLength(2);
  });
});
